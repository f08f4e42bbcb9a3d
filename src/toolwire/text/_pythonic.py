"""Python call syntax read as a tool-call format: ``[f(a=1, b='x'), g()]`` (Llama 3.2+/4
pythonic; written by ``_pythonic_write``).

Read with ``ast.parse`` (no evaluation): only literals are accepted as values —
strings, numbers, ``True``/``False``/``None`` (and JSON's ``true``/``false``/``null``),
lists, tuples (as lists) and dicts with string keys.

Chat templates write string values raw between quotes (LFM2.5's ``format_arg_value``:
``"'" + arg_value + "'"``; Llama 3.3's built-in calls: ``arg_name + '="' + arg_val + '"'``),
so a multi-line value holds a raw line break, which Python refuses inside ``'…'``. Text
that Python does not read is read again once with the raw line breaks (and NULs) inside
its quoted strings taken as escapes (``_escape_raw``, one pass); the calls that held one
record ``control-characters``, as JSON strings with raw control characters do.

An integer of more than 640 digits (the least limit ``sys.set_int_max_str_digits``
allows, which ``ast.parse`` obeys) is read by ``read_int`` as the JSON readers read it,
whatever the interpreter's limit: up to 4300 digits exactly, more refused
(``_swap_ints``, one pass).
"""

from __future__ import annotations

import ast
import math
import re
import sys
from typing import Any, Optional

from .._json_ints import read_int
from .._json_values import LONG_INT_WORDS
from .._json_write import _MAX_DIGITS, _SAFE
from .._repeats import twice_words
from ._brackets import scan

__all__ = ["Read", "cut_calls", "first_name", "read_calls"]

# the first call's name of a call or a list of calls (matched at the start only)
_FIRST = re.compile(r"\s*(?:\[\s*)?([A-Za-z_][\w.]*)\(")
_NAMES = {"True": True, "False": False, "None": None, "true": True, "false": False, "null": None}
# (name, args, error or None, repairs)
Read = tuple[str, dict[str, Any], Optional[str], tuple[str, ...]]
# what changes the state of ``_escape_raw``'s scan; the raw characters it escapes in strings
_RAW_TOKENS = re.compile(r"""[\\"'()\[\]{},\n\r\x00]""")
_RAW_ESC = {"\n": "\\n", "\r": "\\r", "\x00": "\\x00"}
_CONTROLS = ("control-characters",)
_NONE: tuple[str, ...] = ()
# a run of more digits than any interpreter limit lets ``ast.parse`` read, found from its
# start only (linear)
_LONG_RUN = re.compile(rf"(?<![0-9_])[0-9_]{{{_SAFE + 1}}}")
_TOO_LONG_RUN = re.compile(rf"(?<![0-9_])[0-9_]{{{_MAX_DIGITS + 1}}}")
# the interpreter's digit limit (0: none; Python 3.10 before 3.10.7 has none)
_limit = getattr(sys, "get_int_max_str_digits", lambda: 0)
# outside strings: a whole number (an exponent's digits are no number of their own), a
# quote (three first), a comment
_CODE = re.compile(r"""(?<![\w.])\.?[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9_]+)?[jJ]?|'''|\"\"\"|['"#]""")
# the rest of a string up to its closing quote(s), a backslash escaping any character
_STRING_END = {
    "'": re.compile(r"[^'\\]*(?:\\.[^'\\]*)*'", re.S),
    '"': re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"', re.S),
    "'''": re.compile(r"[^'\\]*(?:(?:\\.|'(?!''))[^'\\]*)*'''", re.S),
    '"""': re.compile(r'[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*"""', re.S),
}
_DECIMAL = re.compile(r"[1-9](?:_?[0-9])*")  # Python's nonzero decimal integer


class _NotLiteral(ValueError):
    pass


def _lit(node: ast.AST) -> Any:
    if isinstance(node, ast.Constant):
        v = node.value
        if v is None or type(v) in (str, int, bool):
            return v
        if type(v) is float and math.isfinite(v):
            return v
        raise _NotLiteral(f"has a value that is not JSON: {v!r}")
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_lit(e) for e in node.elts]
    if isinstance(node, ast.Dict):
        out: dict[str, Any] = {}
        for kn, vn in zip(node.keys, node.values):
            key = _lit(kn) if kn is not None else None
            if type(key) is not str or key in out:  # a key given twice: one value lost (``_repeats``)
                raise _NotLiteral(twice_words(key) if type(key) is str else "has a dict key that is not a string")
            out[key] = _lit(vn)
        return out
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        num = _lit(node.operand)
        if type(num) in (int, float):
            return -num if isinstance(node.op, ast.USub) else num
    if isinstance(node, ast.Name) and node.id in _NAMES:
        return _NAMES[node.id]
    raise _NotLiteral(f"has an argument value that is not a literal: {type(node).__name__}")


def _dotted(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = _dotted(node.value)
        return None if head is None else f"{head}.{node.attr}"
    return None


POSITIONAL = "has positional arguments, which have no names"


def first_name(text: str) -> str | None:
    """The name of the first call of Python-call-like *text* (``[f(`` or ``f(``) that
    did not read whole, or ``None``."""
    hit = _FIRST.match(text)
    return hit.group(1) if hit else None


def _escape_raw(text: str) -> tuple[str, list[bool]] | None:
    """Stripped *text* with the raw line breaks and NULs inside its quoted strings
    written as escapes, and for each top-level item (a call of the list) whether it
    held one; ``None`` when none does (or a raw ``r'…'`` string does: there a
    backslash is itself). One pass: quotes with backslash escapes, bracket depth."""
    if "\n" not in text and "\r" not in text and "\x00" not in text:
        return None
    top = 1 if text.startswith("[") else 0  # the depth of the commas between calls
    out: list[str] = []
    items = [False]
    depth, quote, skip, last, raw = 0, "", 0, 0, False
    for hit in _RAW_TOKENS.finditer(text):
        i = hit.start()
        if i < skip:  # the character after a backslash in a string
            continue
        c = text[i]
        if quote:
            if c == "\\":
                skip = i + 2
            elif c == quote:
                quote = ""
            elif c in _RAW_ESC:
                if raw:
                    return None
                out.append(text[last:i])
                out.append(_RAW_ESC[c])
                last = i + 1
                items[-1] = True
        elif c == '"' or c == "'":
            quote = c
            raw = text[i - 1 : i] in ("r", "R") or (text[i - 1 : i].isalpha() and text[i - 2 : i - 1] in ("r", "R"))
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == top:
            items.append(False)
    if not out:
        return None
    out.append(text[last:])
    return "".join(out), items


def _tree(text: str) -> tuple[ast.expr | None, list[bool] | None]:
    """The expression of stripped *text* (``None``: not Python) and, when it was read
    with raw line breaks in strings escaped, which top-level items held one."""
    try:
        return _parse(text), None
    except (SyntaxError, ValueError) as exc:
        error: Exception = exc
    except (RecursionError, MemoryError, OverflowError):
        return None, None
    escaped = _escape_raw(text)
    if escaped is not None:
        try:
            return _parse(escaped[0]), escaped[1]
        except (SyntaxError, ValueError) as exc:
            error = exc
        except (RecursionError, MemoryError, OverflowError):
            return None, None
    # (``_LongInt``: more than 4300 digits, the calls all the same, as JSON's is; ``ast.parse``
    # refusing an integer over the interpreter's limit is one no literal holds: in an f-string)
    raise error


def _parse(text: str) -> ast.expr:
    """``ast.parse`` of *text*, its decimal integers of more than 640 digits read by
    ``read_int`` whatever the interpreter's limit (``_LongInt``: more than 4300). Only
    text ``ast.parse`` refuses (or, the limit off or raised, text holding a run of more
    than 4300 digits) is searched for a long run of digits."""
    try:
        body = ast.parse(text, mode="eval").body
    except (SyntaxError, ValueError):
        if _LONG_RUN.search(text) is None:
            raise
    else:
        if 0 < _limit() <= _MAX_DIGITS or _TOO_LONG_RUN.search(text) is None:
            return body
    swapped, ints = _swap_ints(text)
    whole = ast.parse(swapped, mode="eval")
    put = 0
    for node in ast.walk(whole):  # each placeholder name back as its integer
        for field, value in ast.iter_fields(node):
            if isinstance(value, ast.Name) and value.id in ints:
                setattr(node, field, ast.Constant(ints[value.id]))
                put += 1
            elif isinstance(value, list):
                for k, v in enumerate(value):
                    if isinstance(v, ast.Name) and v.id in ints:
                        value[k] = ast.Constant(ints[v.id])
                        put += 1
    if put != len(ints):  # one not read as a value of its own (in an f-string, a keyword's name...)
        raise SyntaxError("an integer of the text could not be read")
    return whole.body


def _swap_ints(text: str) -> tuple[str, dict[str, int]]:
    """*text* with each decimal integer of more than 640 digits outside its strings and
    comments a unique name, and the integers by name. One pass: quotes (three or one,
    backslash escapes), ``#`` to the line's end, whole numbers."""
    import secrets  # (lazily: only text holding such an integer needs it)

    nonce = "_" + secrets.token_hex(8) + "_"
    out: list[str] = []
    ints: dict[str, int] = {}
    i = last = 0
    while True:
        hit = _CODE.search(text, i)
        if hit is None:
            break
        tok, i = hit.group(), hit.end()
        if tok in _STRING_END:
            end = _STRING_END[tok].match(text, i)
            if end is None:  # not closed: not Python
                break
            i = end.end()
        elif tok == "#":
            i = text.find("\n", i)
            if i < 0:
                break
        elif _DECIMAL.fullmatch(tok):
            digits = tok.replace("_", "")
            if len(digits) > _SAFE:
                if len(digits) > _MAX_DIGITS:
                    raise _LongInt()
                name = nonce + str(len(ints))
                ints[name] = read_int(digits)
                out.append(text[last : hit.start()])
                out.append(name + " ")  # (a space: ``1if`` is ``1 if``)
                last = i
    out.append(text[last:])
    return "".join(out), ints


class _LongInt(ValueError):
    pass


def read_calls(text: str) -> list[Read] | None:
    """``[(name, args, error_or_None, repairs), ...]`` for a call or a list of calls;
    ``None`` when *text* is not Python call syntax at all."""
    text = text.strip()
    try:
        node, fixed = _tree(text)
    except _LongInt:
        first = _FIRST.match(text)
        return [(first.group(1), {}, f"holds {LONG_INT_WORDS}", _NONE)] if first else None
    except (SyntaxError, ValueError):
        return None
    if node is None:
        return None
    items = node.elts if isinstance(node, (ast.List, ast.Tuple)) else [node]
    if not items or not all(isinstance(i, ast.Call) for i in items):
        return None
    if fixed is not None and len(fixed) != len(items):  # (a trailing comma): each call that may hold one
        fixed = [any(fixed)] * len(items)
    out: list[Read] = []
    for k, call in enumerate(items):
        assert isinstance(call, ast.Call)
        name = _dotted(call.func)
        if name is None:
            return None
        repairs = _CONTROLS if fixed is not None and fixed[k] else _NONE
        if call.args:
            out.append((name, {}, POSITIONAL, repairs))
            continue
        args: dict[str, Any] = {}
        error = None
        try:
            for kw in call.keywords:
                if kw.arg is None:
                    raise _NotLiteral("unpacks **kwargs")
                if kw.arg in args:  # Python rejects it ("keyword argument repeated")
                    raise _NotLiteral(f"repeats keyword argument {kw.arg!r}")
                args[kw.arg] = _lit(kw.value)
        except _NotLiteral as exc:
            error = str(exc)
        except RecursionError:
            error = "is nested too deeply"
        out.append((name, args, error, repairs))
    return out


def cut_calls(text: str) -> tuple[list[Read], str]:
    """A ``[f(…), g(…`` list that the end of the text cut off: the calls that closed
    before the cut (each followed by a ``,`` at the list's top level) and the text of
    the rest (the call that was cut). One pass over the text (``_brackets.scan``:
    quotes with backslash escapes, bracket depth), then each closed item is read once."""
    s = text.strip()
    if not s.startswith("["):
        return [], s
    cuts = scan(s, 1, brackets="([{", stop_below=True, split=",").splits
    items = [s[a + 1 : b] for a, b in zip([0, *cuts], cuts)]
    start = cuts[-1] + 1 if cuts else 1
    done: list[Read] = []
    for k, item in enumerate(items):
        calls = read_calls(item)
        if calls is None or len(calls) != 1 or item.lstrip().startswith("["):
            return done, ",".join(items[k:]) + "," + s[start:]
        done.append(calls[0])
    return done, s[start:]
