"""Responses stream items sent again (``openai.responses``): never a second call, never text twice.

https://platform.openai.com/docs/api-reference/responses-streaming (checked 2026-12-06):
an item is added (``response.output_item.added``), streamed and ended
(``response.output_item.done``) at its ``output_index``; an at-least-once transport, a
stream resumed with ``starting_after`` or streamed again from its start sends some of
those events again. ``Again`` reads them by the rules of ``responses_stream_phase``: an
end event again adds nothing when identical (else the call is invalid, the message's text
refused), an item ended added again is passed over (a message's deltas that follow add
nothing: ``_replayed``), an item open added again is streamed again from its start
(``behind``), a message its response ended is known by ``id`` (``told``).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Set, Tuple

from ..._errors import DecodeError
from ...stream._call import Call
from .responses_feed_again import resent_under_fresh_ids
from .responses_feed_final import CALL_TYPES
from .responses_response import COMMENTARY
from .responses_stream_messages import Messages
from .responses_tools import NAME

__all__ = ["Again"]


class Again(Messages):
    """``Messages`` with items sent again read once."""

    # the ``output_index`` of each message added again after its end (re-sent whole): its
    # text deltas again add nothing (its done item holds its text; a done item again with
    # other text is refused, ``_done``)
    resent: Optional[Set[int]] = None
    # the messages the response read ended, by ``id``, and the ``id`` of the message added at
    # each ``output_index``: a text delta of an ended one where another is open (every item at
    # one index, a stream resumed before its end) is its own again (``_stray``), not the open one's
    told: Optional[Dict[str, Dict[str, Any]]] = None
    # ``told`` of the response whose final event came last (a resume past that event re-sends them)
    kept_told: Optional[Dict[str, Dict[str, Any]]] = None
    opened: Optional[Dict[int, str]] = None
    # the calls by number (``done_at``) and the last done number of the response before the
    # count started again, its numbers real (``Phased._recount``): a done item of it again
    # under fresh ids at a number the response read passed is not guessed (``_either``)
    before: Optional[Tuple[Dict[Tuple[int, int], Call], int]] = None
    # the number of calls read when the response read began again (``response.created`` of its
    # ``id``, no item open: ``Phased.created``): a call ended before it, its done item under fresh
    # ids since, is it again or a second response's under that ``id``? (``_crossed``)
    again_at: Optional[int] = None
    # the calls ended since that ``response.created`` (those open at it among them: they ended
    # after it, so ``_crossed`` does not hold for them)
    since: Optional[Set[int]] = None

    def _call_at(self, key: Optional[int]) -> Call:
        """``Feed._call_at``; with no call open at *key*, the call ended there: a late event
        of it (``function_call_arguments.done`` after the item's end) starts no call."""
        if key is not None and key not in self.core.by_key:
            prior = self.ended.get(key)
            if prior is not None and prior[0] is not None:
                return prior[0]
        return super()._call_at(key)

    def _resend(self, key: int) -> None:
        """The message ended at *key* (or by the final event read last) is added again
        (re-sent whole): its text deltas again add nothing (``_replayed``)."""
        resent = self.resent
        if resent is None:
            resent = self.resent = set()
        resent.add(key)
        if self.said is None:
            self.said = {}  # (text deltas go by ``said_text``)

    def _readded(self, c: Call) -> None:
        """The ended call *c*'s item is added again: its deltas that follow are that item
        streamed again (``stale``, ``_done``), not deltas of it sent again alone (``late``)."""
        readded = self.readded
        if readded is None:
            readded = self.readded = set()
        readded.add(c.pos)

    def _replayed(self, key: int, delta: str) -> str:
        """The new part of a text delta of the message at *key* while the response is
        streamed again: none for a message already ended; for one open, what its deltas
        had not said yet (``caught_up``; other text starts its text over)."""
        if not self._streaming(key):
            prior = self.ended.get(key)
            if prior is None and self.kept is not None:
                prior = self.kept[1].get(key)  # (ended by the final event read last: a resume past it)
            if prior is not None and (prior[0] is None and self.replaying
                                      or self.resent is not None and key in self.resent):
                # the text of a message ended already (re-sent whole, also where another item ended
                # since: ``_added``): its done item holds it
                return ""
        if self.behind is None or key not in self.behind:
            return delta
        new = self.caught_up(key, delta)
        if new is None:  # other text: the message's text starts over from its start
            pieces = self._held_text(key)
            began = self.began.get(key) if self.began else None
            if pieces is not None:
                pieces.clear()
            elif began is not None:
                del self.core.text_parts[began:]
            return delta
        return new

    def _added(self, key: Optional[int], item: Dict[str, Any]) -> None:
        self.core.went_on_at(key)  # an item after the call started last: whole (a call: stamped anew)
        if key is not None and self.ended:
            prior = self.ended.get(key)
            if prior is not None and key not in self.core.by_key:
                if _same(prior[1], item) or self._added_as(prior[0], prior[1], item):
                    if prior[0] is None:  # a message re-sent whole: its deltas again add nothing (``_replayed``)
                        self._resend(key)
                    else:
                        self._readded(prior[0])
                    return  # the start of the item ended there, again: nothing new
                if self._ended_before(item):  # (another ended there since: every item at one index)
                    if item.get("type") == "message":  # (its text deltas again, without ``item_id`` too,
                        self._resend(key)  # add nothing: ``_replayed``)
                    else:
                        self._readded(self.once[item["call_id"]])
                    return
                seq, top = self.seq, self.top
                if type(seq) is int and type(top) is int and seq < top and not self.replaying:  # (a number
                    # again, as a placeholder on every event, is no count started again; a response streamed
                    # again from its start re-adds its items in their order, its numbers as first sent)
                    raise DecodeError(f"Another item was added at output_index {key} at sequence_number {seq}, "
                                      f"before the end of the item there ({top}): another response, with neither "
                                      "response.created nor its final event before it; not read as one",
                                      dialect=NAME, loc="$.item")
                del self.ended[key]  # another item there (another response): what was there is over
                if self.resent is not None:
                    self.resent.discard(key)
        if key is not None and self._again(key, item):
            return
        if item.get("type") != "message":
            super()._added(key, item)
            return
        if key is not None and key not in self.ended and not self._new(key, item):
            self._resend(key)  # the last final event's message there, added again (a resume past that event)
            return
        told = self.told if self.told is not None else self.kept_told
        if told is not None and item.get("id") in told:
            return  # a message its response ended, added again (its deltas again: ``_stray``)
        if self._new(key, item):  # (a final event without ``id`` that follows is this message's response's)
            self.streamed = True
        said = self.said
        ident = item.get("id")
        if type(ident) is not str or not ident:
            ident = None
        if said is not None:  # what was at that index before is over
            said.pop(key, None)
            said.pop(ident, None)
        if key is not None:
            if self.starts:
                self.starts.pop(key, None)
            began = self.began
            if began is None:
                began = self.began = {}
            began[key] = len(self.core.text_parts)
            if ident is not None:
                opened = self.opened
                if opened is None:
                    opened = self.opened = {}
                opened[key] = ident
        if key is not None:
            self._open(key, ident, item.get("phase") == COMMENTARY)
        elif item.get("phase") == COMMENTARY:
            self._said(key, ident, self.core.commentary())

    def _ended_before(self, item: Dict[str, Any]) -> bool:
        """Whether *item* is a message or client call its response ended before (its ``id``:
        ``told``; its ``call_id``: ``once``), added again: what follows of it is read as
        sent again (``_stray``, ``stale``, ``ran_once``), never as a new item."""
        if item.get("type") == "message":
            told = self.told if self.told is not None else self.kept_told
            return told is not None and item.get("id") in told
        ident = item.get("call_id")
        m = self.once.get(ident) if type(ident) is str else None
        return m is not None and m.pos >= self.first and m.done and not m.server and m.id == ident

    def _added_as(self, c: Optional[Call], done: Dict[str, Any], item: Dict[str, Any]) -> bool:
        """Whether *item* is the added item of the call *c* that *done* ended under another
        ``call_id`` (vLLM's gpt-oss): its type and the ``call_id`` it was added with."""
        if c is None or done.get("type") != item.get("type"):
            return False
        ident = item.get("call_id")
        return type(ident) is str and ident != "" and self.added_ids is not None and self.added_ids.get(c.pos) == ident

    def _again(self, key: int, item: Dict[str, Any]) -> bool:
        """Whether *item* is the item still open at *key*, added again (streamed again
        from its start): the deltas that follow repeat its text so far (``behind``) and
        add only what is past it. Never a second call."""
        core = self.core
        c = core.by_key.get(key)
        if c is not None:
            if c.server:  # a provider-run item open there, added again: the same (none of its deltas is read)
                return c.id is not None and item.get("id") == c.id and item.get("type") != "message"
            ident = item.get("call_id")
            if c.id is None or ident != c.id or item.get("type") == "message":
                return False
            held = self.custom.get(c.pos) if self.custom is not None else None
            seen = "".join(c.parts if held is None else held)  # (a custom tool's input: its pieces)
        elif item.get("type") == "message" and self.began and key in self.began:
            pieces = self._held_text(key)
            seen = "".join(core.text_parts[self.began[key]:] if pieces is None else pieces)
        else:
            return False
        behind = self.behind
        if behind is None:
            behind = self.behind = {}
        behind[key] = (c, seen, 0)
        if self.said is None:
            self.said = {}  # (text deltas go by ``said_text``)
        return True

    def _done(self, key: Optional[int], item: Dict[str, Any]) -> None:
        if key is None:  # (the final response's items: its messages are ``final_text``'s)
            if item.get("type") != "message":
                super()._done(key, item)
            return
        core = self.core
        ended = self.ended
        prior = ended.get(key)
        c = core.by_key.get(key)
        if prior is not None:
            was, old = prior
            if old is item or _same(old, item):  # the item ended there, again
                if c is None:
                    if was is not None and old != item:
                        core.unrun(was, f"Tool call {was.pos} of this stream was ended again at output_index "
                                        f"{key} with another item: not guessed which one runs")
                    elif old != item and item.get("type") == "message" and _said(old) != _said(item):
                        # (the call rule's: which text is the reply's is not guessed)
                        raise DecodeError(f"The message at output_index {key} was ended again with other text: "
                                          "not guessed which is the reply's", dialect=NAME, loc="$.item")
                    elif was is not None and self.again_at is not None:
                        self._readded(was)  # (its own done item again after the response began again: a
                        # replay, so its copy under fresh ids after it is nothing new, not ``_crossed``)
                    return
                # streamed again whole (its start passed over): never a second call
                core.fail(c, f"Tool call {c.pos} of this stream is the item already ended at output_index {key}, "
                             "streamed again: never a second run of it")
        kind = item.get("type")
        if kind in CALL_TYPES and self.varied:
            m = resent_under_fresh_ids(self, key, item, c)
            if m is not None:
                if (prior is None or prior[0] is m) and not self._crossed(m):
                    return  # (the call ended there last, its item again under fresh ids: vLLM's)
                self._either(m, key, item)
                return
            before = self.before
            if before is not None and self._passed():  # (of the response counted before the count
                m = resent_under_fresh_ids(self, key, item, c, before)  # started again: ``_recount``)
                if m is not None:
                    self._either(m, key, item)
                    return
        if kind == "message":
            if self._told(key, item):
                return
            if not self._new(key, item):
                if self.kept is not None and self.kept[1][key][1] == item:
                    return  # the last final event's message, delivered again whole: nothing new
            else:
                self.streamed = True
            self._read_done(key, item)
            ended[key] = (None, item)
            ident = item.get("id")
            if type(ident) is str and ident:
                told = self.told
                if told is None:
                    told = self.told = {}
                told[ident] = item
            if self.said is None:
                self.said = {}  # (text deltas go by ``said_text``: one of this message again is ``_stray``)
            return
        n = len(core.calls)
        super()._done(key, item)
        if c is not None and core.by_key.get(key) is c:  # (an ended call's item again: the open call goes on)
            return
        if c is None and len(core.calls) > n:
            c = core.calls[-1]
        ended[key] = (c, item)
        if c is not None and self.again_at is not None:
            self.ended_since(c)

    def ended_since(self, c: Call) -> None:
        """The call *c* ended after the response read began again (``since``)."""
        since = self.since
        if since is None:
            since = self.since = set()
        since.add(c.pos)

    def _crossed(self, m: Call) -> bool:
        """Whether the call *m* ended before the response read began again (``again_at``; not
        open then: ``since``) and its item was not added again since: a done item under fresh
        ids with its number and content is *m* streamed again, or a second response's call under
        the same ``id`` (a gateway's fixed ``id``, its retry upstream)? Not guessed (``_either``)."""
        at = self.again_at
        return (at is not None and m.pos < at and (self.readded is None or m.pos not in self.readded)
                and (self.since is None or m.pos not in self.since))

    def _passed(self) -> bool:
        """Whether the number of the done item read (``seq``) is one the response read passed
        (not above its last done item's, ``top``, or its lifecycle's, ``life``): no event of
        it next, an event sent again (an earlier response's, when that one's number names a
        call of it: ``before``)."""
        n, top, life = self.seq, self.top, self.life
        return type(n) is int and (type(top) is int and n <= top or type(life) is int and n <= life)

    def _either(self, m: Call, key: int, item: Dict[str, Any]) -> None:
        """The done call item *item* under fresh ids at *key* has the number and content of
        the done item of *m*, which another item ended at *key* since (or of the response
        counted before the count started again: ``before``): *m*'s sent again, or the call of
        another response counted from 0 with neither ``response.created`` nor its final event
        before it (at that number by chance)? Not guessed: a call of its own that does not
        run (never a second run of *m*, never a call dropped unseen)."""
        core = self.core
        x = core.open(None, None, None)
        core.fail(x, f"Tool call {x.pos} of this stream is tool call {m.pos}'s done item at output_index {key} "
                     "again under fresh ids (its sequence_number), or another response's call counted from 0 "
                     "without response.created: not guessed, it does not run")
        self._end(x, item)

    def _told(self, key: int, item: Dict[str, Any]) -> bool:
        """Whether the done message *item* is one the response read ended before at *key*
        (by its ``id``; another item ended there since, or is open there: every item at one
        index, a stream resumed before its end), again: nothing new, or a ``DecodeError``
        when it says other text (which is the reply's is not guessed)."""
        told = self.told
        ident = item.get("id")
        old = told.get(ident) if told is not None and type(ident) is str else None
        if old is None:  # (a message of the final event read last, again whole: nothing new)
            kept = self.kept_told
            return kept is not None and type(ident) is str and kept.get(ident) == item
        if old is not item and _said(old) != _said(item):
            raise DecodeError(f"The message at output_index {key} was ended again with other text: not guessed "
                              "which is the reply's", dialect=NAME, loc="$.item")
        return True

    def _new(self, key: Optional[int], item: Dict[str, Any]) -> bool:
        """Whether the message *item* at *key* is no item the response whose final event came
        last ended there (``kept``), again (an at-least-once transport re-sending its end)."""
        kept = self.kept
        if kept is None or key is None:
            return True
        prior = kept[1].get(key)
        return prior is None or not _same(prior[1], item)


def _said(item: Dict[str, Any]) -> Tuple[Any, Any]:
    """What a message item says: its content and phase."""
    return item.get("content"), item.get("phase")


def _same(old: Dict[str, Any], item: Dict[str, Any]) -> bool:
    """Whether *item* is the item *old* again: its type, and its ``id`` and ``call_id``
    (each that both carry, at least one)."""
    if old.get("type") != item.get("type"):
        return False
    same = False
    for field in ("id", "call_id"):
        v = old.get(field)
        w = item.get(field)
        if v is not None and w is not None:
            if v != w:
                return False  # (another response's item may reuse an item ``id``: its ``call_id`` tells)
            same = True
    return same
