"""Where a stream's reply text is settled for its think split (``_think_read.ThinkRead``):
a place after which the text splits as a text of its own, so that a read whose new text
brings a think tag splits the text after that place only (the split of the whole text on
every such read was quadratic for interleaved reasoning: a block, answer text, another
block...).

A text is settled up to a position *q* when (``settled``): everything before *q* is text
and closed think blocks (``_think.take_closed_blocks``: an opening tag, whatever, its
first closing tag of the same name), with no ``{`` nor ``[`` (no JSON value of
``_json_extract`` can begin there, nor a string be read as one after a failed value) and
*q* is the first character after a block's closing tag and its blanks, that character
no blank (``str.isspace``) and none of ``<"{[`~``. The caller adds what the split rules
read beyond the text itself: the whole text holds no backtick nor tilde (markdown code,
``_markdown_code``, reads tags across lines), does not open with ``"`` (a whole-text JSON
string), and the text before *q* without its blocks (``lead``) holds no opening tag nor
ends in a tag's beginning (``</thi``), and, for the lone-tag rule, does not open with
``"``. Then the text after *q* without its blocks is the whole text's after that text:
the blanks and blank lines a block takes are taken before *q*, and the text before the
next block starts with a character that is no blank.
"""

from __future__ import annotations

from typing import Optional, Tuple

from .._think import _after, lead_of, take_closed_blocks

__all__ = ["settle", "settled"]

_TAGS = ("think", "thinking", "reasoning")
_OPENS = tuple(f"<{t}>" for t in _TAGS)
_CLOSES = tuple(f"</{t}>" for t in _TAGS)
_REACH = max(len(t) for t in _CLOSES)  # 12: the longest tag


def settle(text: str, cut: int, lead: str, lone: bool, reasoned: bool) -> Optional[Tuple[int, str, bool]]:
    """Where *text* is settled past *cut* (``settled``), the split of the text before it
    with its opening blank lines out, and whether a lone-tag rule took text before it
    (*lead*, *lone*: the same at *cut*), or ``None`` when it is settled no further. The
    text between is split alone (read with the character at the new place, which is
    kept, so that the blanks a block that opened its line left wait for it as in the
    whole text); without reasoning apart its first closing tag is the lone-tag rule's."""
    q = settled(text, cut)
    if q < 0:
        return None
    part = take_closed_blocks(text[cut:q + 1], [], None)[:-1]  # (no JSON nor code there: no span kept)
    near = lead[-_REACH:]
    if has_open(near + part):  # an opening tag the blocks out made: no block of the text's
        return None
    joined, took = lead + part, lone
    if not (reasoned or took):
        if joined.lstrip()[:1] == '"':  # the text without its blocks may be a JSON string (the lone-tag rule's spans)
            return None
        at, tag = lone_at(near + part, 0)
        if tag is not None:  # the lone-tag rule takes the text before it
            at += len(lead) - len(near)
            joined, took = joined[_after(joined, at + len(tag) + 3, True):], True
    if took != lone or not lead or lead.isspace():
        joined = lead_of(joined)
    if tag_start_at_end(joined):
        return None
    return q, joined, took


def settled(text: str, start: int) -> int:
    """The furthest position past *start* up to which ``text[start:]`` is settled (see the
    module), or -1. One pass: each search starts where the last ended."""
    n = len(text)
    brace, bracket = text.find("{", start), text.find("[", start)
    bound = min(b for b in (brace, bracket, n) if b >= 0)
    best = -1
    pos = start
    while True:
        at = text.find("<", pos, bound)
        if at < 0:
            return best
        tag = next((t for t in _TAGS if text.startswith(f"<{t}>", at)), None)
        if tag is None:
            pos = at + 1
            continue
        close = text.find(f"</{tag}>", at + len(tag) + 2, bound)
        if close < 0:  # never closed (or closed past a JSON opener): nothing after it is settled
            return best
        pos = close + len(tag) + 3
        q = pos
        while q < bound and text[q] in " \t\r\n":
            q += 1
        if q < bound and not text[q].isspace() and text[q] not in '<"`~':
            best = q


def lone_at(text: str, start: int) -> Tuple[int, Optional[str]]:
    """The first closing tag of ``text[start:]`` (the lone-tag rule's, in a text without
    blocks or JSON): ``(position, name)``, or ``(-1, None)``."""
    found = [(text.find(c, start), c[2:-1]) for c in _CLOSES]
    hits = [(at, name) for at, name in found if at >= 0]
    return min(hits) if hits else (-1, None)


def tag_start_at_end(text: str) -> bool:
    """Whether *text* ends in the beginning of a think tag (``<``, ``</thi``): text after
    it may complete one across the place a split was cut."""
    at = text.rfind("<", max(0, len(text) - 11))
    return at >= 0 and any(len(text) - at < len(t) and t.startswith(text[at:]) for t in _OPENS + _CLOSES)


def has_open(text: str) -> bool:
    """Whether *text* holds an opening think tag."""
    return any(t in text for t in _OPENS)
