"""A bounded reader of Python literal containers: ``{'k': 'v'}``, ``['x', 'y']``.

Models served by Qwen3-Coder and GLM templates sometimes write an object or array
argument Python-style; vLLM's parsers fall back to ``ast.literal_eval`` there
(``qwen3coder_tool_parser.py`` ``_convert_param_value``, ``glm4_moe_tool_parser.py``
``_deserialize``). ``ast`` on model text is unbounded (deep nesting recurses, big
input is slow to compile), so this reader takes only what a JSON value can be —
``'…'`` / ``"…"`` strings (Python escapes), numbers, ``True``/``False``/``None``
(and the JSON spellings), lists and dicts with string keys, trailing commas — in one
pass with an explicit stack (``max_depth`` bounds it). Anything else is ``MISSING``, an
integer of more than 4300 digits too (``read_int``: as the JSON readers, whatever the
interpreter's digit limit). A dict giving a key twice is named in *repeats* (Python
keeps the last value; the one written first would be lost without a word, ``_repeats``):
the caller refuses such a literal where it would take it (``RepeatedKey``).
"""

from __future__ import annotations

import math
import re
from typing import Any

from .._json_ints import read_int

__all__ = ["MISSING", "RepeatedKey", "python_literal"]

MISSING: Any = object()
_WORDS = {"True": True, "False": False, "None": None, "true": True, "false": False, "null": None}
_ESC = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "a": "\a", "0": "\0",
        "\\": "\\", "'": "'", '"': '"', "\n": ""}
_HEX = {"x": 2, "u": 4, "U": 8}
_PLAIN = {"'": re.compile(r"[^'\\\n]*"), '"': re.compile(r'[^"\\\n]*')}  # one char class: no backtracking
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_WORD = re.compile(r"[A-Za-z_]\w*")
_WS = " \t\r\n"


class _Fail(Exception):
    pass


class RepeatedKey(Exception):
    """A literal that would be taken gives *key* twice in one dict (the first one met, in
    text order)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _ws(s: str, i: int) -> int:
    n = len(s)
    while i < n and s[i] in _WS:
        i += 1
    return i


def _string(s: str, i: int) -> tuple[str, int]:
    q = s[i]
    plain = _PLAIN[q]
    parts: list[str] = []
    j = i + 1
    n = len(s)
    while True:
        k = plain.match(s, j).end()  # type: ignore[union-attr]
        parts.append(s[j:k])
        if k >= n or s[k] == "\n":
            raise _Fail
        if s[k] == q:
            return "".join(parts), k + 1
        e = s[k + 1 : k + 2]  # a backslash
        if e in _ESC:
            parts.append(_ESC[e])
            j = k + 2
        elif e in _HEX:
            digits = s[k + 2 : k + 2 + _HEX[e]]
            if len(digits) != _HEX[e] or not all(c in "0123456789abcdefABCDEF" for c in digits):
                raise _Fail
            code = int(digits, 16)
            if code > 0x10FFFF:
                raise _Fail
            parts.append(chr(code))
            j = k + 2 + _HEX[e]
        elif e:
            parts.append("\\" + e)  # Python keeps an unknown escape as written
            j = k + 2
        else:
            raise _Fail


def _scalar(s: str, i: int) -> tuple[Any, int]:
    c = s[i]
    if c in "'\"":
        return _string(s, i)
    hit = _NUMBER.match(s, i)
    if hit is not None:
        tok = hit.group()
        try:
            v: Any = float(tok) if any(ch in tok for ch in ".eE") else read_int(tok.lstrip("+"))
        except ValueError:  # an integer of more than 4300 digits (TooLong)
            raise _Fail from None
        if type(v) is float and not math.isfinite(v):
            raise _Fail
        return v, hit.end()
    word = _WORD.match(s, i)
    if word is not None and word.group() in _WORDS:
        return _WORDS[word.group()], word.end()
    raise _Fail


def python_literal(text: str, max_depth: int = 64, repeats: list[str] | None = None) -> Any:
    """The JSON value a Python literal *text* spells (containers with string keys), or
    ``MISSING``; linear in *text*, nesting at most *max_depth* deep. A key a dict gives
    twice is added to *repeats* (the first one of each dict, in text order)."""
    try:
        return _read(text, max_depth, [] if repeats is None else repeats)
    except _Fail:
        return MISSING


def _key(s: str, i: int, stack: list[Any]) -> int:
    if i >= len(s) or s[i] not in "'\"":
        raise _Fail
    key, i = _string(s, i)
    i = _ws(s, i)
    if s[i : i + 1] != ":":
        raise _Fail
    stack[-1][2] = key
    return _ws(s, i + 1)


def _read(s: str, max_depth: int, repeats: list[str]) -> Any:
    n = len(s)
    stack: list[Any] = []  # [container, closer, key]
    i = _ws(s, 0)
    while True:
        if i >= n:
            raise _Fail
        c = s[i]
        if c in "[{":
            if len(stack) >= max_depth:
                raise _Fail
            closer = "]" if c == "[" else "}"
            stack.append([{} if c == "{" else [], closer, None])
            i = _ws(s, i + 1)
            if s[i : i + 1] != closer:
                if c == "{":
                    i = _key(s, i, stack)
                continue
            value: Any = stack.pop()[0]
            i += 1
        else:
            value, i = _scalar(s, i)
        while True:  # a value is complete: place it, then a "," or the container's end
            if not stack:
                if _ws(s, i) != n:
                    raise _Fail
                return value
            top = stack[-1]
            if top[1] == "}":
                if top[2] in top[0]:
                    repeats.append(top[2])
                top[0][top[2]] = value
            else:
                top[0].append(value)
            i = _ws(s, i)
            if s[i : i + 1] == ",":
                i = _ws(s, i + 1)
                if s[i : i + 1] != top[1]:  # another item (else a trailing comma)
                    if top[1] == "}":
                        i = _key(s, i, stack)
                    break
            if s[i : i + 1] != top[1]:
                raise _Fail
            value = stack.pop()[0]
            i += 1
