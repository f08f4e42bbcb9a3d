"""Which ``"`` of a ``text.llama`` output is open where a JSON value may begin
(``JSON_AFTER_PROSE``, ``llama_in_string.in_string``): a call object whose bracket is in a
string the model wrote is data, never run.

RFC 8259 §7: a string runs from a ``"`` to the next one. Model text does not escape the
quotes of JSON it quotes (``"{"name": "ls", …}; {"name": "rm", …}"``), so what a
value's own strings hold cannot tell; the count of ``"`` before the bracket on its line
can (every ``"`` in prose, one after a backslash too, ``\\"{…}\\"``, but none of a JSON
value whose brackets closed, its strings and escapes read as RFC 8259 reads them: they are
its own, ``{"q": "27\\" tv"}; {…}``; a special token ``<|``, a stop token or call marker,
or ``</think>`` ends the count as a line end does; a ``"`` right before the bracket opens a
string whatever the count, ``a 5" screen "{…}``):

- odd, a quote is open there: the bracket is in its string (``IN``) when nothing but
  spaces stand between them (``"{…}"``, ``"[{…}, …]"``) or a bracket already stood in
  that string (quoted JSON: ``"{…}; {…}"``, ``"[{"a": 1}, {…}]"``; such a string stays
  open past a line end while the next line begins as JSON goes on, one item a line);
  with other text between (``MAYBE``) a stray
  quote may have opened it (``{"size": "5" screen"}. Check: {…}``): a value there is in
  it when a quote comes after it on its line before a bracket (``Say "run {…} now"``);
- even, right after a quote (spaces aside, ``NEXT``): a stray quote may have closed the
  count (``a 5" screen " {…}"``): a value there is in a string when a quote comes after
  it on its line before a bracket (``Deleting "/tmp/x" {…}; {…}`` runs both);
- even otherwise: no string (``He said "ok", then {…}``).

The brackets where a quote is open, and the quotes, brackets and line ends after a value
(``closes_after``) are noted as the text is fed (``watch``: each character of a delta
looked at once, in one regular-expression scan, whatever the split); a bracket or a
value's end looks its place up once (places before it are passed over once, in order),
and what lies before the text read is dropped as text is fed: linear.

Sources (checked 2026-12-07): RFC 8259 (JSON) §7; meta-llama/llama-models
``models/llama3_3/prompt_format.md`` ("JSON based tool calling": ``;`` between calls).
"""

from __future__ import annotations

import re
from collections import deque
from typing import TYPE_CHECKING, Match, Optional

from ._scan import TextMode

if TYPE_CHECKING:
    from ._core import TextParser

__all__ = ["IN", "MAYBE", "NEXT", "closes_after", "open_at", "watch"]

_KEY = "llama.quotes"  # TextParser.state: the ``Quotes`` of the text fed
_MARKS = re.compile(r'["\n{\[}\]\\]|<\||</think>')
_TEXT = re.compile(r"[^ \t\r\n]")  # (what is no space between two marks)
_RESETS = ("<|", "</think>")  # a special token, the reasoning's end: no string goes on past them
_NO_JSON = re.compile(r"[^ \t\r\n,:0-9.eE+\-truefalsn]")  # (outside a value's strings: no JSON, RFC 8259 §2)
_OPENS = {"{": '"}', "[": '"{[]-0123456789tfn'}  # what may follow a JSON value's bracket (RFC 8259 §2-§4)


# ``open_at``: in a string; where a quote is open, text between, or right after a quote that
# closed (then what follows the value on its line tells: ``closes_after``)
IN, MAYBE, NEXT = 3, 2, 1


class Quotes:
    """The brackets where a quote is open or just closed (``at`` positions, not yet passed,
    and ``IN``, ``MAYBE`` or ``NEXT``), the quotes, line ends, special tokens and brackets
    after them (``stops``: where the line tells whether a value after such a bracket was in
    a string), and where the count stands at the end of
    the text fed; the JSON value a bracket in prose may open (``value``: its bracket, its
    depth, in a string, the character a backslash escapes), whose quotes, once its brackets
    close, no longer count."""

    def __init__(self) -> None:
        self.brackets: deque[tuple[int, int]] = deque()
        # (where, a quote: not a line end or special token; a bracket: None)
        self.stops: deque[tuple[int, bool | None]] = deque()
        self.odd = False  # a quote is open
        self.blank = False  # nothing but spaces since the last quote on this line
        self.json = False  # a bracket stood in the string open (the line end keeps it open)
        self.line = False  # a line end kept a string open: the next line's first character tells
        self.tail = ""  # the text fed ends in the beginning of a special token or "</think>"
        self.quote = -1  # where the last quote is (``at`` position)
        self.value = -1  # the bracket of the value open (``at``), -1: none
        self.depth = 0
        self.first = ""  # what may come first after its bracket ("": it came)
        self.instr = False
        self.esc = -1
        self.saved = (False, False, -1)  # (odd, json, quote) right after its bracket


def _reset(q: Quotes, at: int) -> None:
    q.odd = q.json = q.blank = q.line = False
    q.value = -1
    q.stops.append((at, False))


def _trim(q: Quotes, at: int) -> None:
    """Forget what lies before *at*: the text read (no bracket or value end there is asked about)."""
    for d in (q.brackets, q.stops):
        while d and d[0][0] < at:
            d.popleft()


def _closed(q: Quotes) -> None:
    """The value's brackets closed: its strings were its own (RFC 8259 §7), its quotes count
    for nothing; the count stands as right after its bracket, or after a line end when one
    stood in it."""
    q.odd, q.json, q.quote = q.saved
    q.blank = q.line = False
    line = -1  # (a line end in it ends the prose's line, as one outside: quoted prose ends with it)
    d = q.stops
    while d and d[-1][0] > q.value:
        at, quote = d.pop()
        if quote is False:
            line = at
    if line >= 0:
        q.stops.append((line, False))
        if not (q.odd and q.json):
            q.odd = q.json = False
    q.value = -1


def _value(q: Quotes, c: str, at: int) -> None:
    """The mark *c* at *at* in the value open: its depth and strings."""
    if at == q.esc:
        return
    if q.instr:
        if c == '"':
            q.instr = False
        elif c == "\\":
            q.esc = at + 1
        return
    if c == '"':
        q.instr = True
    elif c in "{[":
        q.depth += 1
    elif c in "}]":
        q.depth -= 1
        if q.depth == 0:
            _closed(q)
    elif c == "\\":  # (no JSON: its quotes count, as prose's)
        q.value = -1


def watch(m: TextParser, delta: str) -> None:
    """``TextFormat.watch``: count the quotes of *delta*, fed from ``m.fed`` on; note the
    brackets it holds where a quote is open, and where its quotes and line ends are."""
    q: Quotes | None = m.state.get(_KEY)
    if q is None:
        q = m.state[_KEY] = Quotes()
    _trim(q, m.at(m.pos) if isinstance(m.mode, TextMode) else m.region_at - len(m.opener))
    base, i = m.fed, 0
    joined = q.tail + delta[:8]
    if q.tail and any(joined.startswith(r) for r in _RESETS):  # (a special token split)
        _reset(q, base - len(q.tail))
    joined = (q.tail + delta)[-8:]
    q.tail = ""
    for x in _MARKS.finditer(delta):
        c, k = x.group(), x.start()
        if q.blank or q.line or q.first:  # (what came between: spaces only?)
            _text(q, _TEXT.search(delta, i, k))
        if q.value >= 0 and not q.instr and _NO_JSON.search(delta, i, k) is not None:
            q.value = -1
        i = x.end()
        at = base + k
        if q.value >= 0:
            if q.first and c != "\n":
                if c not in q.first:
                    q.value = -1
                q.first = ""
            if q.value >= 0:
                _value(q, c, at)
                if q.value < 0 and c in "}]":
                    continue
        if len(c) > 1:  # a special token (a stop token, a call marker), the reasoning's end
            _reset(q, at)
            continue
        if c == '"':
            q.odd = not q.odd
            q.blank, q.json, q.quote = True, q.json and q.odd, at
            q.stops.append((at, True))
            q.line = False
        elif c == "\n":
            if q.line or not (q.odd and q.json):  # (quoted prose ends with its line, quoted JSON goes on)
                q.odd = q.json = False
            q.line = q.odd and q.json
            q.blank = False
            q.stops.append((at, False))
        elif c in "{[":
            q.stops.append((at, None))
            if q.line:
                q.line = False
            if q.quote >= 0 and q.quote == at - 1:  # '"{' opens a string whatever the count (a stray quote threw it)
                q.odd = True
            if q.odd and (q.blank or q.json):
                q.brackets.append((at, IN))
                q.json = True
            elif q.odd or q.blank:  # (text between, or right after a quote that closed)
                q.brackets.append((at, MAYBE if q.odd else NEXT))
            q.blank = False
            if q.value < 0:  # a value may begin here
                q.value, q.depth, q.instr, q.esc, q.first = at, 1, False, -1, _OPENS[c]
                q.saved = (q.odd, q.json, q.quote)
        else:  # "}", "]" or a backslash
            q.blank = False
            if q.line:
                q.line = False
                if c == "\\":
                    q.odd = q.json = False
    if q.blank or q.line or q.first:
        _text(q, _TEXT.search(delta, i))
    if q.value >= 0 and not q.instr and _NO_JSON.search(delta, i) is not None:
        q.value = -1
    for r in _RESETS:
        for j in range(len(r) - 1, 0, -1):
            if joined.endswith(r[:j]):
                q.tail = max(q.tail, r[:j], key=len)
                break


def _text(q: Quotes, t: Optional[Match[str]]) -> None:
    """The first text (*t*, none: spaces only) after a quote, a line end or a bracket."""
    if t is None:
        return
    q.blank = False
    if q.line:  # (a line that goes on quoted JSON begins as JSON text does)
        q.line = False
        if t.group() not in '{["}],-0123456789tfn':
            q.odd = q.json = False
    if q.first:
        if t.group() not in q.first:
            q.value = -1
        q.first = ""


def open_at(m: TextParser, at: int) -> int:
    """Whether the bracket at *at* (``at`` position; asked in increasing order) stands in a
    string (``IN``), maybe (``MAYBE``: a quote is open, text between them; ``NEXT``: right
    after a quote that closed), or not (0)."""
    q: Quotes | None = m.state.get(_KEY)
    if q is None:
        return 0
    brackets = q.brackets
    while brackets and brackets[0][0] < at:
        brackets.popleft()
    return brackets[0][1] if brackets and brackets[0][0] == at else 0


def closes_after(m: TextParser, at: int, kind: int) -> bool | None:
    """Whether the value that ended at *at* (``at`` position; asked in increasing order) is
    in a string, its bracket of *kind*: ``MAYBE``, when a quote comes after it on its line
    before a bracket (``Say "run {…} now"``; ``{"size": "5" screen"}. Check: {…}. {…}``
    runs both); ``NEXT``, when one comes after it on its line (``"{…}; {…}"`` after a stray
    quote; ``Deleting "/tmp/x" {…}`` runs). None while the text fed does not tell."""
    q: Quotes | None = m.state.get(_KEY)
    if q is None:
        return False
    ends = q.stops  # (up to the next bracket: what a value after it holds is its own)
    while ends and ends[0][0] < at:
        ends.popleft()
    if ends:
        return ends[0][1] is True
    return False if m.final else None
