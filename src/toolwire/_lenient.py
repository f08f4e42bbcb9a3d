"""The lenient JSON grammar the arguments tiers read a text with once (``_repair.slow``):
JSON and the repairs the policy documents, nothing else; one pass, no backtracking. It
says whether the text was cut off, holds several values, is malformed past repair (with
its place), or what its one value is; a key given twice is an error (a value would be
lost)."""

from __future__ import annotations

import json
import re
from typing import Any, List, NamedTuple, Tuple

from ._errors import excerpt
from ._json_ints import read_int

__all__ = ["Scan", "scan"]

_BLANK = re.compile(r"[ \t\n\r]*")
_BLANKS = " \t\n\r/"  # what may start whitespace or a comment
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_RUNS_ON = re.compile(r"[A-Za-z0-9_.$+-]")  # after a number or word: it was not one token
_CUT_NUMBER = re.compile(r"-?[0-9]*(?:\.[0-9]*)?(?:[eE][+-]?[0-9]*)?")  # a number the end cut short
_STRING = {q: re.compile(f"{q}([^{q}\\\\]*(?:\\\\.[^{q}\\\\]*)*)({q})?", re.S) for q in "\"'"}
_ESCAPE = re.compile(r"\\.|\"", re.S)
_LITERALS = {"true": True, "false": False, "null": None, "True": True, "False": False, "None": None}


class Scan(NamedTuple):
    """What ``scan`` made of a text."""

    status: str  # "ok": one value; "many": several; "eof": the text ends inside one; "error"
    value: Any = None  # the value, when "ok"
    deepest: int = 0  # the deepest nesting met
    what: str = ""  # what is wrong and where, when "error"
    values: int = 0  # the complete values before the cut, when "eof"


def scan(text: str) -> Scan:
    """*text* read as JSON with only the repairs the policy documents: single-quoted
    strings, trailing commas, ``//`` and ``/* */`` comments, Python ``True`` / ``False`` /
    ``None``, unquoted keys. One pass, no backtracking. A string, comment, container
    or token still open at the end is ``eof`` (the text was cut off); anything outside
    the grammar is an ``error`` with its place, a repeated key too (a value would be
    lost); closers never close what they do not match."""
    n = len(text)
    stack: List[Any] = []  # the open containers, innermost last
    keys: List[Any] = []  # per open container, the key whose value comes next
    values = deepest = 0
    first: Any = None
    want = "value"  # what comes next: value | key | colon | comma
    trailing = False  # just after a comma (a closer there is a trailing comma)
    i = _skip(text, 0)
    while True:
        if i >= n or text.startswith("/*", i):  # the end, or a comment never closed
            if stack or i < n:
                return Scan("eof", deepest=deepest, values=values)
            if want != "comma":  # nothing but whitespace and comments
                return _error("expected a value", i, deepest)
            return Scan("ok" if values == 1 else "many", first, deepest)
        ch = text[i]
        if want == "comma":
            if not stack:  # something after a complete value
                want = "value"
                continue
            closer = "}" if type(stack[-1]) is dict else "]"
            if ch == ",":
                want, trailing = ("key" if closer == "}" else "value"), True
                i = _skip(text, i + 1)
                continue
            if ch != closer:
                return _error(f"expected ',' or '{closer}'", i, deepest)
            value = stack.pop()
            keys.pop()
            i += 1
        elif want == "colon":
            if ch != ":":
                return _error("expected ':'", i, deepest)
            want = "value"
            i = _skip(text, i + 1)
            continue
        elif want == "key":
            if ch == "}" and (trailing or not stack[-1]):
                value = stack.pop()
                keys.pop()
                i += 1
            else:
                if ch == '"' or ch == "'":
                    kind, key, end = _string(text, i)
                else:
                    m = _WORD.match(text, i)
                    kind, key, end = ("ok", m.group(), m.end()) if m else ("error", "expected a key", i)
                if kind != "ok":
                    return Scan("eof", deepest=deepest, values=values) if kind == "eof" else _error(key, end, deepest)
                if key in stack[-1]:
                    return _error(f"the key {excerpt(key)} repeated", i, deepest)
                keys[-1] = key
                want = "colon"
                i = _skip(text, end)
                continue
        elif ch == "{" or ch == "[":
            stack.append({} if ch == "{" else [])
            keys.append(None)
            deepest = max(deepest, len(stack))
            want, trailing = ("key" if ch == "{" else "value"), False
            i = _skip(text, i + 1)
            continue
        elif ch == "]" and stack and type(stack[-1]) is list and (trailing or not stack[-1]):
            value = stack.pop()
            keys.pop()
            i += 1
        else:
            kind, value, end = _string(text, i) if ch == '"' or ch == "'" else _scalar(text, i, bool(stack))
            if kind != "ok":
                return Scan("eof", deepest=deepest, values=values) if kind == "eof" else _error(value, end, deepest)
            i = end
        # a value is complete
        if stack:
            top = stack[-1]
            if type(top) is dict:
                top[keys[-1]] = value
            else:
                top.append(value)
        else:
            values += 1
            if values == 1:
                first = value
        want, trailing = "comma", False
        i = _skip(text, i)


def _skip(text: str, i: int) -> int:
    """Past whitespace and complete comments from *i* (at an unclosed ``/*``, there)."""
    while True:
        if i < len(text) and text[i] not in _BLANKS:
            return i
        i = _BLANK.match(text, i).end()  # type: ignore[union-attr]
        if text.startswith("//", i):
            end = text.find("\n", i)
            if end < 0:
                return len(text)
            i = end + 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                return i
            i = end + 2
        else:
            return i


def _error(what: str, at: int, deepest: int) -> Scan:
    return Scan("error", deepest=deepest, what=f"{what} at character {at}")


def _string(text: str, i: int) -> Tuple[str, Any, int]:
    """The string quoted at *i* (either quote): ``("ok", value, end)``, ``("eof", ...)``
    when it never closes, ``("error", what, where)`` for an escape JSON has not."""
    m = _STRING[text[i]].match(text, i)
    if m is None or m.group(2) is None:  # (the pattern always matches)
        return "eof", None, len(text)
    body = m.group(1)
    if "\\" in body or '"' in body:  # as JSON text: \' is ', a bare " is \"
        body = _ESCAPE.sub(lambda e: "'" if e.group() == "\\'" else '\\"' if e.group() == '"' else e.group(), body)
        try:
            body = json.loads(f'"{body}"', strict=False)  # strict=False: raw control characters
        except ValueError:
            return "error", "an escape JSON does not have", i
    return "ok", body, m.end()


def _scalar(text: str, i: int, inside: bool) -> Tuple[str, Any, int]:
    """The number or literal at *i*: ``("ok", value, end)``; ``("eof", ...)`` when the end
    may have cut it short; ``("error", what, where)``."""
    n = len(text)
    m = _NUMBER.match(text, i) or _WORD.match(text, i)
    end = m.end() if m else i
    if m is None or _RUNS_ON.match(text, end) or (end >= n and inside):
        # at the end a number may have gone on, a literal may be cut short: cut off
        cut = _CUT_NUMBER.match(text, i)
        if cut and cut.end() == n > i or any(w.startswith(text[i:]) for w in _LITERALS):
            return "eof", None, n
        return "error", "expected a value", i
    token = m.group()
    if token in _LITERALS:
        return "ok", _LITERALS[token], end
    if token[0] not in "-0123456789":  # a word: a literal the end cut short, or not a value
        cut_short = end >= n and any(w.startswith(token) for w in _LITERALS)
        return ("eof", None, n) if cut_short else ("error", "expected a value", i)
    try:
        value: Any = float(token) if "." in token or "e" in token or "E" in token else read_int(token)
    except ValueError:  # more digits than int() reads
        return "error", "a number too long", i
    if value - value != 0:
        return "error", "a number too large for a float", i
    return "ok", value, end
