"""Bracket depth over quoted text, in one linear pass: where JSON-like or Python-like
text was cut off (``llama_calls.unclosed``), where a cut-off list's items end
(``_pythonic.cut_calls``) and where an OLMo call block's lines end (``olmo._lines``).

``"`` and ``'`` strings may hold backslash escapes; brackets and commas inside them
do not count. Brackets are counted, not matched: any closer ends any opener. (The
incremental scanner of streamed JSON, ``stream/_call.py``, is another machine.)
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["Scan", "scan"]

# the characters that can change the state, with the one whose places are collected (``split``)
_TOKENS = {sep: re.compile(r"""[\\"'()\[\]{}""" + sep + "]") for sep in (",", "\n")}
_CLOSERS = {"{": "}", "[": "]", "(": ")"}


class Scan(NamedTuple):
    """What ``scan`` found."""

    depth: int  # the bracket depth where the scan ended (-1: a closer went below the start)
    quote: str  # the string still open at the end ("" if none)
    end: int  # where the scan ended: that closer, or the end of the text
    splits: list[int]  # where *split* stands at depth 0 (or below) outside strings, when asked for


def scan(text: str, start: int = 0, *, brackets: str = "{[", stop_below: bool = False, split: str = "") -> Scan:
    """Scan *text* from *start*: *brackets* are the openers that count (with their
    closers); *stop_below*: end at a closer that takes the depth below zero; *split*
    (``","``, ``"\\n"``): collect where it stands at depth 0 or below (a closer too
    many does not join what follows it to what came before). Each character is looked
    at once."""
    opens = frozenset(brackets)
    closes = frozenset(_CLOSERS[b] for b in brackets)
    depth, quote, skip = 0, "", start
    found: list[int] = []
    for hit in _TOKENS[split or ","].finditer(text, start):
        i = hit.start()
        if i < skip:  # the character after a backslash in a string
            continue
        c = text[i]
        if quote:
            if c == "\\":
                skip = i + 2
            elif c == quote:
                quote = ""
        elif c == '"' or c == "'":
            quote = c
        elif c in opens:
            depth += 1
        elif c in closes:
            depth -= 1
            if depth < 0 and stop_below:
                return Scan(depth, "", i, found)
        elif c == split and depth <= 0:
            found.append(i)
    return Scan(depth, quote, len(text), found)
