"""Argument events of a Responses call that ended, sent again (``openai.responses`` streams).

A stream resumed from a point before a call's end, or an at-least-once transport, sends
a call's argument events again after its ``output_item.done``: ``LateDeltas.stale`` tells
one that comes where another call is open, ``LateDeltas.late`` one that comes with no
call open at its index (its pieces found in the arguments the call ended with, linear).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Tuple

from ..._types import ToolCall
from .responses_feed_items import Items

__all__ = ["LateDeltas", "find"]


class LateDeltas(Items):
    """``Items`` with the argument events of ended calls sent again told apart."""

    # ``late``'s: for each ended call (by ``pos``) whose argument deltas came again, where the
    # one before ended in its arguments, the search budget left, and where each of its own
    # deltas began (the first of each text); a class default until one comes
    late_at: Optional[Dict[int, Tuple[int, int, Dict[str, int]]]] = None

    def stale(self, data: Dict[str, Any], key: Optional[int]) -> bool:
        """Whether the argument event *data* (at *key*) is one of a call of the response read
        that ended, sent again (a stream resumed from a point before its end): its
        ``item_id`` is that call's item's, and the call open at *key* was added under
        another item ``id`` (``item_ids``; a server giving every event one ``item_id``
        tells nothing)."""
        iid = data.get("item_id")
        m = self.ids[1].get(iid) if type(iid) is str else None
        if m is None or m.pos < self.first or not m.done:
            return False
        c = self.core.by_key.get(key) if key is not None else None
        if c is None:  # (a call of its own: streamed again whole, ``Phased._done`` refuses it)
            return False
        own = self.ids[0].get(c.pos)
        return own is not None and own != iid

    def late(self, data: Dict[str, Any], key: Optional[int], delta: str) -> bool:
        """Whether the argument delta *data* (at *key*, its text *delta*) is one of a call of
        the response read that ended, sent again with no call open at *key* (a stream
        resumed from before its end, an at-least-once transport): its ``item_id`` is that
        call's item's. It adds nothing when it is a piece of the arguments the call ended
        with (its done item's, authoritative), where the piece before ended, else where it
        first occurs; other text makes the call an ``InvalidToolCall`` (which text is the
        reply's is not guessed), as its done item again with other arguments would. Linear:
        a piece one of its own deltas carried is found where that delta began (a table of
        its deltas, one entry per text, made once); only other text is searched for, those
        searches held to four times the arguments' and the deltas' length, past which the
        call is made invalid as not searched."""
        iid = data.get("item_id")
        m = self.ids[1].get(iid) if type(iid) is str else None
        core = self.core
        if (m is None or m.pos < self.first or not m.done or m.server or key is not None and key in core.by_key
                or self.readded is not None and m.pos in self.readded and not self.resent_number(data)):
            return False
        r = m.result
        if type(r) is not ToolCall:
            return True  # (the call does not run: nothing of it to tell)
        text = r.raw if type(r.raw) is str else ""
        places = self.late_at
        if places is None:
            places = self.late_at = {}
        kept = places.get(m.pos)
        if kept is None:
            kept = (0, 4 * len(text), _began(self.parts_of.get(m.pos, ()), text))
        at, budget, began = kept
        budget += len(delta)
        if text.startswith(delta, at):
            places[m.pos] = (at + len(delta), budget, began)
            return True
        found = began.get(delta, -1)
        if found < 0:
            found = find(text, delta) if budget >= len(text) else -2
            budget -= len(text)
        places[m.pos] = (at if found < 0 else found + len(delta), budget, began)
        if found < 0:
            why = "other text than" if found == -1 else "text not searched for (over four times the length) in"
            core.unrun(m, f"Tool call {m.pos} of this stream got an argument delta again after its end with {why} "
                          "its arguments: not guessed which are the reply's")
        return True

    def resent_number(self, data: Dict[str, Any]) -> bool:
        """Whether the event *data* is numbered as one the response read passed: its numbers a
        count (``varied``), its ``sequence_number`` at or below the highest done item's (``top``, ``peak``).
        A stream resumed after a number (``starting_after``) re-sends the events numbered above
        it as first sent: a call's item added again, then its deltas so numbered, is that
        call again, its deltas checked against its arguments (``late``), not a second copy."""
        n, top, peak = data.get("sequence_number"), self.top, self.peak
        if type(peak) is int and (type(top) is not int or peak > top):
            top = peak  # (an earlier item's end came again since: the highest read)
        return self.varied and type(n) is int and type(top) is int and n <= top


def _began(parts: Sequence[str], text: str) -> Dict[str, int]:
    """Where each of a call's argument deltas (*parts*) began in its arguments *text* (the
    first of each text), when they make that text (its done item's); else none."""
    began: Dict[str, int] = {}
    if "".join(parts) != text:
        return began
    at = 0
    for piece in parts:
        began.setdefault(piece, at)
        at += len(piece)
    return began


def find(text: str, piece: str) -> int:
    """Where *piece* first occurs in *text*, else ``-1`` (``LateDeltas.late``'s one search)."""
    return text.find(piece)
