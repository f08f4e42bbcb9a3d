"""Final events delivered again, and the claims by content (``openai.responses`` streams).

``FinalsAgain`` reads for ``responses_feed.Feed`` a final event that comes again: an
earlier response's after a later one's (``earlier``, ``_earlier_again``), the merged
responses' (``_merged_again``), the one read last after calls streamed since
(``_read_again``), and the next merged response's told from it (``_theirs_next``). A
final item under fresh ids (vLLM's, made afresh each time it parses the reply again;
docs/streaming.md) is the ended call of its response with the same content
(``content_claim``, ``_by_content``), after the claims by ``call_id``; a done item sent
again under fresh ids likewise (``resent_under_fresh_ids``).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any, Dict, List, Optional, Set, Tuple

from ..._json_equality import same
from ..._types import ToolCall
from ...stream._call import Call
from .responses_feed_final import CALL_TYPES
from .responses_feed_items import Last
from .responses_feed_late import LateDeltas
from .responses_final_keys import call_key, item_key
from .responses_once import ended_again, orphans

__all__ = ["ContentIndex", "FinalsAgain", "content_claim", "resent_under_fresh_ids"]

_CALL = CALL_TYPES


class FinalsAgain(LateDeltas):
    """The reading of final events delivered again (``Feed``'s), and its tables."""

    # a message streamed since the final event read last (``responses_stream_phase``): a final
    # event without ``id`` (or after one without) is then another response's (``final_again``);
    # a class default until one comes (an instance attribute more slows the hot loop's reads)
    streamed = False
    # ``_read_again``'s table of the calls from where that response's calls begin (by ids,
    # the first under each): where they begin, up to where it was read, how many ``renames`` then,
    # and the calls read (by ``pos``); a class default, as ``streamed``
    was: Optional[Tuple[int, int, int, Dict[Tuple[bool, str], Call], Set[int]]] = None
    # the responses whose final event was read, by ``id`` (the final event's, else its
    # ``response.created``'s): where their calls begin and end in ``core.calls``, and that
    # final event's output (``earlier``); a class default, as ``streamed``
    finals: Optional[Dict[str, Tuple[int, int, Any]]] = None
    # the calls such a final event again added (``_earlier_again``), by its response's ``id``
    # (by ``pos``): its span's, delivered again; a class default, as ``streamed``
    added_again: Optional[Dict[Any, Set[int]]] = None
    # ``content_claim``'s index of the ended calls by content; a class default, as ``streamed``
    claim_index: Optional[ContentIndex] = None

    def earlier(self, rid: Optional[str]) -> Optional[Tuple[int, int, Any]]:
        """The span and output of the earlier response (``finals``) whose final event the
        final response with ``id`` *rid* is, again: nothing streamed since, a ``response.id``
        whose final event was read before and is not the one read last (an at-least-once
        transport delivering it again after another response's final event)."""
        finals = self.finals
        if finals is None or rid is None or len(self.core.calls) != self.first or self.streamed:
            return None
        last = self.last
        if last is not None and last[1] == rid:
            return None  # (the last one's: ``final_again``)
        if self.merged and self.seen is not None and rid in self.seen:
            return None
        span = finals.get(rid)
        if span is not None and last is not None and last[1] is None and last[2] == rid:
            span = (span[0], last[3], span[2])  # (a merged response's id-less final event since: one span)
        return span

    def _remember(self, last: Last) -> None:
        """The final event read last (*last*, ``Items.last``), another one read now or a
        response created: its response's span of calls and output kept by ``id`` (the final
        event's, else its ``response.created``'s; a merged response's id-less final event
        after one of that id extends its span), for that final event delivered again later
        (``earlier``). Kept when it is replaced, not at each final event (the hot loop's)."""
        own = last[1] if last[1] is not None else last[2]
        if own is None:
            return
        finals = self.finals
        if finals is None:
            finals = self.finals = {}
        span = finals.get(own)
        if span is None:
            finals[own] = (last[0], last[3], last[4])
        else:
            finals[own] = (span[0], last[3], span[2] if last[1] is None else last[4])

    def _earlier_again(self, output: List[Any], start: int, end: int, rid: Any) -> None:
        """An earlier response's final event again (its calls from *start* to *end* in
        ``core.calls``, and those such a final event of it added: ``added_again``): a call
        item under the ``call_id`` of one of them is that call (``ended_again``: another
        tool or other arguments, it does not run), never a second run; one naming none is a
        call the stream never carried (added, never dropped; its response's from then on)."""
        core = self.core
        once = self.once
        added = self.added_again
        if added is None:
            added = self.added_again = {}
        mine = added.get(rid)
        taken: Set[int] = set()  # (the calls its items are: a claim by ``call_id`` first, each once)
        cursor: Dict[Tuple[Any, ...], int] = {}  # (``content_claim``'s)
        rest: List[Dict[str, Any]] = []
        for item in output:
            if type(item) is dict and item.get("type") in _CALL:
                ident = item.get("call_id")
                m = once.get(ident) if type(ident) is str else None
                if (m is not None and (start <= m.pos < end or mine is not None and m.pos in mine)
                        and ended_again(core, once, start, item, self.ids[2])):
                    taken.add(m.pos)
                else:
                    rest.append(item)
        for item in rest:
            if not (self._fresh(item) and content_claim(self, start, end, item, taken, cursor)):
                n = len(core.calls)
                self._done(None, item)
                if len(core.calls) > n:
                    if mine is None:
                        mine = added[rid] = set()
                    mine.update(range(n, len(core.calls)))
        self.first = len(core.calls)
        if self.rid is None and self.parts_of:  # (as ``final_calls``)
            self.parts_of.clear()

    def _merged_again(self, output: List[Any], group: int) -> None:
        """A final event of the merged responses (their calls from *group* on) delivered
        again after the last of them, any of them: a call item under the ``call_id`` of one
        of their calls is that call (``ended_again``: another tool or other arguments, it
        does not run), never a second run; one naming none is a call the stream never
        carried (added, never dropped)."""
        core = self.core
        taken: Set[int] = set()  # (the calls its items are: a claim by ``call_id`` first, each once)
        cursor: Dict[Tuple[Any, ...], int] = {}  # (``content_claim``'s)
        fresh: List[Dict[str, Any]] = []
        for item in output:
            if type(item) is dict and item.get("type") in _CALL:
                if ended_again(core, self.once, group, item, self.ids[2]):
                    taken.add(self.once[item["call_id"]].pos)
                elif self._fresh(item):
                    fresh.append(item)
                else:
                    self._done(None, item)
        for item in fresh:
            if not content_claim(self, group, len(core.calls), item, taken, cursor):
                self._done(None, item)

    def _fresh(self, item: Dict[str, Any]) -> bool:
        """Whether the call item *item* names no call the stream carried (vLLM's ids made
        afresh when it parses the reply again)."""
        ident = item.get("call_id")
        iid = item.get("id")
        return (type(ident) is not str or ident not in self.once) and (type(iid) is not str or iid not in self.ids[1])

    def _by_content(self, left: Dict[str, Call], item: Dict[str, Any]) -> Optional[Call]:
        """The call of *left* (``orphans``) that ended with the content of the call item
        *item* under fresh ids (``item_key``; docs/streaming.md: an item whose ids name no
        streamed call is the ended call with the same content), taken from *left*; an index
        by content built once per *left* (a search per item was n²)."""
        found = self._content_of(left, item)
        if found:
            c = found.pop()
            if c.id is not None:
                del left[c.id]
            return c
        return None

    def _content_of(self, left: Dict[str, Call], item: Dict[str, Any]) -> Optional[List[Call]]:
        """The calls of *left* (``orphans``) with the content of the call item *item*, the
        first last (``_by_content`` takes it); the calls no more in *left* dropped from the
        index on the way (it only shrinks: each once)."""
        key = item_key(self.core, item, False, None)
        if key is None:
            return None
        index = self.by_key
        if index is None or index[0] is not left:
            table: Dict[Any, List[Call]] = {}
            for c in reversed(list(left.values())):
                k = call_key(c, {"type": "function_call"})
                if k is not None:
                    table.setdefault(k, []).append(c)
            index = self.by_key = (left, table)
        found = index[1].get(key)
        while found and (found[-1].id is None or left.get(found[-1].id) is not found[-1]):
            found.pop()
        return found

    def _theirs_next(self, output: Any) -> bool:
        """Whether the final response *output*, without ``response.id`` (or after one
        without), with nothing streamed since, holds a call item under the ``call_id`` of
        a call the final event before did not hold (``orphans``), or one under fresh ids
        with the content of such a call (``_content_of``): the next merged response's
        final event, not that one again (which did not hold it). The final event before
        delivered again (the same output) is that one again first: its fresh-id items,
        with the content of a call it did not hold too, are the calls it claimed (read as
        the next one's, they ran a second time)."""
        if type(output) is not list:
            return False
        last = self.last
        repeat: Optional[bool] = None  # (asked once, when a fresh-id item needs it)
        left = self.orphans
        for item in output:
            if type(item) is dict and item.get("type") in _CALL:
                if type(left) is tuple:  # (built once, when an item needs them)
                    left = self.orphans = orphans(self.core, left) or None
                if not left:
                    return False
                ident = item.get("call_id")
                if type(ident) is str and ident in left:
                    return True
                if isinstance(left, dict) and self._fresh(item) and self._content_of(left, item):  # (fresh ids: vLLM's)
                    if repeat is None:
                        repeat = last is not None and last[4] == output
                    if not repeat:
                        return True
        return False

    def _read_again(self, start: int) -> None:
        """The final event of the response whose final event came last (its ``id``, its
        output) after calls were streamed since: a resumed stream (openai-python
        ``retrieve(id, stream=True, starting_after=N)``) that overlaps what was read. A call
        since under the ``call_id`` of one of that response's (from *start* on) is that
        call again: never a second run (an ``InvalidToolCall``); with other arguments or
        another tool, neither runs (which one is the reply's is not guessed)."""
        core = self.core
        kept = self.was  # (read up to where it was read last: n resumes were n² work)
        renames = self.renames or ()
        if (kept is not None and kept[0] == start and kept[1] <= self.first
                and not any(m.pos in kept[4] for m, _, _ in renames[kept[2]:])):  # (no call read renamed)
            upto, was, read = kept[1], kept[3], kept[4]
        else:
            upto, was, read = start, {}, set()
        for m in core.calls[upto:self.first]:
            read.add(m.pos)
            if m.id is not None:
                was.setdefault((m.server, m.id), m)
        self.was = (start, self.first, len(renames), was, read)
        for c in core.calls[self.first:]:
            if c.id is None or (c.server, c.id) not in was:
                continue
            m = was[(c.server, c.id)]
            r, s = c.result, m.result
            if type(r) is ToolCall and type(s) is ToolCall and r.name == s.name and same(r.args, s.args):
                core.unrun(c, f"Tool call {c.pos} of this stream is tool call {m.pos} again (its response streamed "
                              "again up to its final event): never a second run")
            else:
                why = (f"Tool call {c.pos} of this stream is tool call {m.pos}'s id in its response streamed again, "
                       "another tool or arguments: not guessed which runs")
                core.unrun(c, why)
                core.unrun(m, why)


#: ``content_claim``'s index of the ended calls by content: up to where the calls were read,
#: and for each content the places (``pos``) and calls, in stream order
ContentIndex = Tuple[int, Dict[Tuple[Any, ...], Tuple[List[int], List[Call]]]]


def content_claim(feed: FinalsAgain, start: int, end: int, item: Dict[str, Any], taken: Set[int],
                  cursor: Dict[Tuple[Any, ...], int]) -> bool:
    """Whether the call item *item* has the content of an ended call from *start* to *end*
    in ``core.calls`` that no other item of its final event took (*taken*, by ``pos``; the
    call is added there): that call again, never a second run. One index for the stream
    (``feed.claim_index``), brought up to date with the calls added since, its range found
    by bisection: one per delivery, or one per response's start, was n² work for n final
    events delivered again; *cursor* (per final event, by content) is where the next search
    of a content begins (each call passed over once per final event)."""
    core = feed.core
    key = item_key(core, item, False, None)
    if key is None:
        return False
    calls = core.calls
    kept = feed.claim_index
    upto, table = (0, {}) if kept is None or kept[0] > len(calls) else kept
    done_of = feed.ids[2]
    for m in calls[upto:]:
        ended = done_of.get(m.pos)
        if ended is not None:
            k = call_key(m, ended)
            if k is not None:
                row = table.get(k)
                if row is None:
                    row = table[k] = ([], [])
                row[0].append(m.pos)
                row[1].append(m)
    feed.claim_index = (len(calls), table)
    found = table.get(key)
    if not found:
        return False
    places, held = found
    j = cursor.get(key, -1)
    if j < 0:
        j = bisect_left(places, start)
    while j < len(held) and places[j] < end:
        m = held[j]
        j += 1
        if m.pos not in taken and type(m.result) is ToolCall and call_key(m, done_of[m.pos]) == key:
            taken.add(m.pos)
            cursor[key] = j
            return True
    cursor[key] = j
    return False


def resent_under_fresh_ids(feed: FinalsAgain, key: int, item: Dict[str, Any], c: Optional[Call],
                           before: Optional[Tuple[Dict[Tuple[int, int], Call], int]] = None) -> Optional[Call]:
    """The call of the response read whose done item the done call item *item* at *key* is,
    sent again under fresh ids (vLLM's: made afresh when it parses the reply again), if
    any: the call whose ``output_item.done`` at *key* had its ``sequence_number``
    (``done_at``: the event of the past, its number kept; right after it, or after later
    items, among them other calls ended at *key*: a gateway streams every item at index 0;
    *c*, the call open there, if any, named by none of its ids), the stream's numbers real
    (two of the response's item numbers differed, or one is above its lifecycle numbers:
    ``varied``), its ids naming no streamed call and its content that call's (``item_key``;
    the rule for a final item under fresh ids). Without that number (or with one number on
    every item event) nothing tells it from a second call of that content at one index:
    ``None`` (a call of its own, never a call lost), as at another number. A new response's
    count (``response.created`` or ``.in_progress`` of another ``id``) starts the numbers
    afresh (``Phased._recount``); *before*, the calls by number and the last done number of
    the response counted before it (its numbers real), is read instead of ``done_at``."""
    seq = feed.seq
    done_at, top = (feed.done_at, feed.top) if before is None else before
    if type(seq) is not int or type(top) is not int or seq > top or not feed.varied:
        return None
    m = done_at.get((seq, key))
    if m is None or m.pos < feed.first or m.server or not m.done or type(m.result) is not ToolCall:
        return None
    ended = feed.ids[2].get(m.pos)
    if ended is None:
        return None
    ident, iid = item.get("call_id"), item.get("id")
    if (type(ident) is str and (ident in feed.once or c is not None and ident == c.id)
            or type(iid) is str and (iid in feed.ids[1] or feed.ids[0].get(m.pos) == iid
                                     or c is not None and feed.ids[0].get(c.pos) == iid)):
        return None  # (ids a streamed call had: its added item's too, the open call's)
    k = item_key(feed.core, item, False, None)
    return m if k is not None and k == call_key(m, ended) else None
