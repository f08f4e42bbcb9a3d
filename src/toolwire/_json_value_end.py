"""Where a JSON value in model text ends, read without recursion (``_json_extract``'s
rule): a string runs to its closing quote whatever its escapes (RFC 8259 §7 lists the
escapes the decoder reads: a value whose string holds another is read on as if it took
it), brackets are paired, and a value nested past the recursion limit or holding an
integer past 4300 digits is read as any other. One pass, each character read once.
"""

from __future__ import annotations

import re
from typing import List, NamedTuple, Tuple

__all__ = ["end_of_value", "value_end"]

_WS = re.compile(r"[ \t\n\r]*")
# a string's body read to its closing quote (``strict=False``: any character but a quote or
# a backslash; a backslash takes the character after it, an escape the decoder reads or
# not): one way to match each character, so it never backtracks
_STRING_BODY = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*', re.S)
# ...and with the escapes the decoder reads only (RFC 8259 §7)
_VALID_BODY = re.compile(r'[^"\\]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\]*)*')
_SCALAR = re.compile(r"null|true|false|NaN|Infinity|-Infinity|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")


def end_of_value(text: str, i: int) -> int:
    """Where the decode of the value at *i* ends or fails (the decoder's ``end`` or
    ``JSONDecodeError.pos``), read without recursion (a value nested deeper than the
    decoder reads is skipped whole as a failed one is), a string read to its closing
    quote whatever its escapes: where the decoder refuses an escape, the value read on
    as if it took it (``_value_end``). One pass, no stack frame per level."""
    return value_end(text, i)[1]


def value_end(text: str, i: int) -> Tuple[bool, int]:
    """``end_of_value``, and whether the value's brackets, strings and members all stand
    (the decode succeeds unless a string holds an escape the decoder refuses, an integer
    has more than 4300 digits or the nesting passes the recursion limit): also read
    where many decodes failed, since the decoder's error counts the lines of the text
    before the failure (``JSONDecodeError.lineno``: a text of many openers that fail, such
    as LaTeX's ``\\frac{1}{2}``, cost a read of the text per opener)."""
    return _value_end(text, i)[:2]


class _Read(NamedTuple):
    """What ``_value_end`` read of the value at an opener."""

    ok: bool  # its brackets, strings and members all stand
    end: int  # where it ends, or fails
    cut: bool  # it failed in a string the text ends in
    refused: bool  # a string of it holds an escape the decoder refuses: no decode reads it
    closers: Tuple[str, ...]  # where it failed: the closers of its brackets open, the innermost last
    after: Tuple[int, int]  # it failed right after this string (its quote, the end past its closing quote)


def _value_end(text: str, i: int) -> _Read:
    """``value_end``, and whether it failed in a string the text ends in (the decoder's
    "Unterminated string", which fails at the string's opening quote as a missing ``:`` or
    ``,`` before a string does; also a string whose escape the text cuts, ``"caf\\u00e``,
    which the decoder calls an invalid escape), whether a string of it holds an escape the
    decoder refuses, and where it failed, how many brackets were open and the string right
    before the failure, blanks aside (``_scan``)."""
    closers: List[str] = []
    pos, state = i, "value"
    refused = False
    last = (i, i)  # the last string read: its quote and the position after its closing quote

    def failed(at: int, cut: bool = False) -> _Read:
        after = last if last[1] > last[0] and _ws(text, last[1]) == at else (-1, -1)
        return _Read(False, at, cut, refused, tuple(closers), after)

    while True:
        if state == "value":
            c = text[pos : pos + 1]
            if c in ("{", "["):
                closers.append("}" if c == "{" else "]")
                pos = _ws(text, pos + 1)
                if text.startswith(closers[-1], pos):
                    closers.pop()
                    pos, state = pos + 1, "after"
                elif c == "{":
                    state = "key"
                continue
            if c == '"':
                end, bad = _string_end(text, pos)
                refused = refused or bad
                if end < 0:
                    return failed(pos, True)
                last = (pos, end)
                pos, state = end, "after"
                continue
            m = _SCALAR.match(text, pos)
            if m is None:
                return failed(pos)  # Expecting value
            pos, state = m.end(), "after"
        elif state == "key":
            if not text.startswith('"', pos):
                return failed(pos)  # Expecting property name enclosed in double quotes
            end, bad = _string_end(text, pos)
            refused = refused or bad
            if end < 0:
                return failed(pos, True)
            last = (pos, end)
            pos = _ws(text, end)
            if not text.startswith(":", pos):
                return failed(pos)  # Expecting ':' delimiter
            pos, state = _ws(text, pos + 1), "value"
        else:  # after a value
            if not closers:
                return _Read(True, pos, False, refused, (), (-1, -1))
            pos = _ws(text, pos)
            if text.startswith(closers[-1], pos):
                closers.pop()
                pos += 1
                continue
            if not text.startswith(",", pos):
                return failed(pos)  # Expecting ',' delimiter
            pos = _ws(text, pos + 1)
            state = "key" if closers[-1] == "}" else "value"


def _ws(text: str, pos: int) -> int:
    m = _WS.match(text, pos)
    return m.end() if m else pos


def _string_end(text: str, quote: int) -> Tuple[int, bool]:
    """After the closing quote of the string opening at *quote*, or -1: the text ends
    inside it (or right after a backslash in it); and whether it holds an escape the
    decoder refuses (RFC 8259 §7 allows ``\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX``). Each
    character read once: the escapes allowed, then on past the first refused one."""
    m = _VALID_BODY.match(text, quote + 1)
    end = m.end() if m else quote + 1
    if end < len(text) and text[end] == '"':
        return end + 1, False
    refused = end < len(text) - 1  # a backslash with a character after it
    m = _STRING_BODY.match(text, end)
    end = m.end() if m else end
    return (end + 1 if end < len(text) and text[end] == '"' else -1), refused
