"""Which ``"`` of a ``text.llama`` output is open where a JSON value may begin
(``JSON_AFTER_PROSE``, ``llama_prose._in_string``): a call object whose bracket is in a
string the model wrote is data, never run.

RFC 8259 §7: a string runs from a ``"`` to the next one. Model text does not escape the
quotes of JSON it quotes (``"{"name": "ls", …}; {"name": "rm", …}"``), so what a
value's own strings hold cannot tell; the count of ``"`` before the bracket on its line
can (every ``"``, one after a backslash too, ``\\"{…}\\"``; a special token ``<|``, a
stop token or call marker, ends the count as a line end does; a ``"`` right before the
bracket opens a string whatever the count, ``a 5" screen "{…}``):

- odd, a quote is open there: the bracket is in its string (``IN``) when nothing but
  spaces stand between them (``"{…}"``, ``"[{…}, …]"``) or a bracket already stood in
  that string (quoted JSON: ``"{…}; {…}"``, ``"[{"a": 1}, {…}]"``; such a string stays
  open past the line end, one item a line); with other text between (``MAYBE``) a stray
  quote may have opened it (``{"size": "5" screen"}. Check: {…}``): a value there is in
  it when a quote comes after it on its line before a bracket (``Say "run {…} now"``);
- even, right after a quote (spaces aside, ``NEXT``): a stray quote may have closed the
  count (``a 5" screen "{…}; {…}"``): a value there is in a string when a quote comes
  after it on its line (``Deleting "/tmp/x" {…}`` is a real call);
- even otherwise: no string (``He said "ok", then {…}``).

The brackets where a quote is open, and the quotes, brackets and line ends after a value
(``closes_after``) are noted as the text is fed (``watch``: each character of a delta
looked at once, in one regular-expression scan, whatever the split); a bracket or a
value's end looks its place up once (places before it are passed over once, in order):
linear.

Sources (checked 2026-12-07): RFC 8259 (JSON) §7; meta-llama/llama-models
``models/llama3_3/prompt_format.md`` ("JSON based tool calling": ``;`` between calls).
"""

from __future__ import annotations

import re
from collections import deque
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._core import TextParser

__all__ = ["IN", "MAYBE", "NEXT", "closes_after", "open_at", "watch"]

_KEY = "llama.quotes"  # TextParser.state: the ``Quotes`` of the text fed
_MARKS = re.compile(r'["\n{\[]|<\|')
_TEXT = re.compile(r"[^ \t\r]")  # (what is no space between two marks)


# ``open_at``: in a string; where a quote is open, text between, or right after a quote that
# closed (then what follows the value on its line tells: ``closes_after``)
IN, MAYBE, NEXT = 3, 2, 1


class Quotes:
    """The brackets where a quote is open or just closed (``at`` positions, not yet passed,
    and ``IN``, ``MAYBE`` or ``NEXT``), the quotes, line ends and special tokens after them,
    with the brackets (``stops``) and without (``ends``: where the line tells whether a
    value after such a bracket was in a string), and where the count stands at the end of
    the text fed."""

    def __init__(self) -> None:
        self.brackets: deque[tuple[int, int]] = deque()
        # (where, a quote: not a line end or special token), and with the brackets too (a bracket: None)
        self.ends: deque[tuple[int, bool]] = deque()
        self.stops: deque[tuple[int, bool | None]] = deque()
        self.odd = False  # a quote is open
        self.blank = False  # nothing but spaces since the last quote on this line
        self.json = False  # a bracket stood in the string open (the line end keeps it open)
        self.lt = False  # the text fed ends in "<"
        self.quote = -1  # where the last quote is (``at`` position)


def watch(m: TextParser, delta: str) -> None:
    """``TextFormat.watch``: count the quotes of *delta*, fed from ``m.fed`` on; note the
    brackets it holds where a quote is open, and where its quotes and line ends are."""
    q: Quotes | None = m.state.get(_KEY)
    if q is None:
        q = m.state[_KEY] = Quotes()
    base, i = m.fed, 0
    if q.lt and delta[0] == "|":  # (a special token split after its "<")
        q.odd = q.json = False
        q.ends.append((base - 1, False))
        q.stops.append((base - 1, False))
    for x in _MARKS.finditer(delta):
        c, k = x.group(), x.start()
        if q.blank and _TEXT.search(delta, i, k) is not None:  # (what came between: spaces only?)
            q.blank = False
        i = x.end()
        if c == '"':
            q.odd = not q.odd
            q.blank, q.json, q.quote = True, q.json and q.odd, base + k
            q.ends.append((base + k, True))
            q.stops.append((base + k, True))
        elif c == "\n":
            if not (q.odd and q.json):  # (quoted prose ends with its line, quoted JSON goes on)
                q.odd = q.json = False
            q.blank = False
            q.ends.append((base + k, False))
            q.stops.append((base + k, False))
        elif c == "<|":  # a special token (a stop token, a call marker): no string goes on past it
            q.odd = q.json = q.blank = False
            q.ends.append((base + k, False))
            q.stops.append((base + k, False))
        else:
            q.stops.append((base + k, None))
            if q.quote == base + k - 1:  # '"{' opens a string whatever the count (a stray quote threw it)
                q.odd = True
            if q.odd and (q.blank or q.json):
                q.brackets.append((base + k, IN))
                q.json = True
            elif q.odd or q.blank:  # (text between, or right after a quote that closed)
                q.brackets.append((base + k, MAYBE if q.odd else NEXT))
            q.blank = False
    if q.blank and _TEXT.search(delta, i) is not None:
        q.blank = False
    q.lt = delta[-1] == "<"


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
    ends = q.stops if kind == MAYBE else q.ends
    while ends and ends[0][0] < at:
        ends.popleft()
    if ends:
        return ends[0][1] is True
    return False if m.final else None
