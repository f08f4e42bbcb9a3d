"""Responses stream messages: their text, and those labelled ``phase: "commentary"`` (no answer).

openai-python 3.60+ ``ResponseOutputMessage.phase`` ("Labels an `assistant` message as
intermediate commentary (`commentary`) or the final answer (`final_answer`)", sent by
``gpt-5.3-codex`` and later). In a stream
(https://platform.openai.com/docs/api-reference/responses-streaming, checked 2026-12-05)
the message item comes on ``response.output_item.added`` (its ``phase`` set) and
``response.output_item.done``; its text on ``response.output_text.delta``
(``ResponseTextDeltaEvent``: ``output_index``, ``item_id``, ``delta``), then whole in the
done item and in the final response's ``output``.

- A commentary message's deltas (by ``output_index``, else by ``item_id``) are the
  stream's commentary (``Accumulator.commentary``: one line per message, as
  ``read_commentary`` gives ``Response.commentary``), never its text; a message without
  a phase (older models) or with another is the answer's, as before.
- The ``.done`` item is authoritative, for the text as for calls and phase (openai-python's
  ``ResponseStreamState`` keeps the done item, and ``get_final_response()`` is the final
  response): the message's text is its ``output_text`` parts joined, whatever its deltas
  (those since its ``output_item.added``, else since the message read before: a stream
  resumed mid-message) said; an empty done text after deltas says nothing of them (the
  deltas stay, as for calls). A ``phase`` the done item gives that the added item did not
  moves the message's text to the commentary or back.
- A message of the final response (``response.completed`` / ``.incomplete`` /
  ``.failed``) that no ``output_item.done`` ended (never streamed: a background response
  replayed, a stream resumed after it; or cut before its end) is read there, its text put
  in the final output's place: ``Accumulator.text`` is the text ``normalize`` reads from
  that response.
- An end event repeated (``output_item.done`` again for the item already ended at its
  ``output_index``, the same ``id`` / ``call_id``: an at-least-once transport, a resume
  overlapping what was read) adds nothing when identical, as the SDK's state replaces
  the item; a differing one makes the call it ended an ``InvalidToolCall`` (which item
  to run is not guessed), and a message's a ``DecodeError`` (which text is the reply's is
  not guessed). A repeated ``output_item.added`` of an item already ended is passed over
  (a message's text deltas that follow too: ``resent``; its done item holds its text); a
  provider-run item still open, added again, is the same server call; a call whose whole
  item is streamed again is invalid. Never a second call.
- A message or call added again at an ``output_index`` with another identity (its ``id``
  or ``call_id`` differs: a second response may reuse ``fc_1``), or after a
  ``response.created`` of another response or a final event (several responses in one
  stream: ``Feed.final_calls`` starts ``ended`` afresh, and ``final_calls`` here the messages
  read and the commentary pieces: a second response given only as its final event has its
  own text and commentary), starts over there.
- A response streamed again from its start (``response.created`` with the ``id`` read:
  a reconnect re-sent from the beginning) is the same response: what ended stays ended
  and its events again add nothing, also after another response given only as its final
  event (what it read is kept by its ``id``: ``own``). An item open when it is added again is streamed
  again from its start: deltas that repeat its text so far add nothing (``behind``).
  This reads the stream's structure, not ``sequence_number`` (a gateway may strip it).
"""

from __future__ import annotations

from typing import Any, Dict, Hashable, List, Optional, Set, Tuple

from ..._errors import DecodeError
from ...stream._call import Call
from .responses_feed import Feed
from .responses_response import COMMENTARY
from .responses_stream_messages import Messages
from .responses_tools import NAME

__all__ = ["Phased"]

_DELTA = "response.output_text.delta"


class Phased(Messages):
    """``Messages`` told apart by phase (commentary text kept out of the answer), several
    responses in one stream, and items sent again (repeated end events read once)."""

    # the response read (``rid``): its messages read and its commentary pieces (``starts`` and
    # ``said``) when its final event came, for a ``response.created`` of it again (streamed again
    # from its start); another response's final event (never created) leaves them be
    own: Optional[Tuple[Optional[Dict[Any, Any]], Optional[Dict[Hashable, List[str]]]]] = None
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
    def feed(self, data: Dict[str, Any]) -> None:
        kind = data.get("type")
        if kind == "response.created":
            self.created(data)
        if self.said is not None and kind == _DELTA:
            delta = data.get("delta")
            if type(delta) is str:
                self.said_text(data, delta)
                return
        if kind == "response.completed" or kind == "response.incomplete" or kind == "response.failed":
            self.final_text(data.get("response"))  # (before ``final_calls``, as the hot loop reads it)
        super().feed(data)

    def created(self, data: Dict[str, Any]) -> None:
        """A response begins (several in one stream): no item of it has ended yet. The
        response read, again (its ``id``: a client that reconnected, a gateway re-sending
        the stream from its start): what ended stays ended (``replaying``)."""
        resp = data.get("response")
        rid = resp.get("id") if type(resp) is dict else None
        self.top = None  # (its events are counted from its start)
        if type(rid) is str and rid and rid == self.rid:
            self.replaying = True
            self.first = self.rid_first  # (its calls are those read since its first start)
            kept = self.kept
            if kept is not None and kept[0] == rid and kept[1] is not self.ended:
                # (its final event moved ``ended`` there: taken back, not copied; what ended since
                # is added where nothing of it had)
                since, self.ended = self.ended, kept[1]
                for key, value in since.items():
                    self.ended.setdefault(key, value)
            own = self.own
            if own is not None:  # (the messages it read and its commentary pieces, likewise)
                read, heard = own
                if read is not None and self.starts is not read:
                    if self.starts:
                        read.update(self.starts)
                    self.starts = read
                if heard is not None and self.said is not heard:
                    if self.said:
                        heard.update(self.said)
                    self.said = heard
            if self.said is None:
                self.said = {}  # (text deltas go by ``said_text``)
            return
        self.rid = rid if type(rid) is str and rid else None
        self.last = None  # (another response: no final event of it read, none comes again)
        self.settled = None
        self.kept = None
        self.read = self.own = None
        if self.said:
            self.said = {}  # (what was at an index or id is over; text deltas still go by ``said_text``)
        self.replaying = False
        self.behind = None
        if self.resent is not None:
            self.resent = None
        self.first = self.rid_first = len(self.core.calls)  # (its final response is set against its calls)
        if self.heard is not None:
            self.heard = self.strayed = None
        self.told = self.opened = self.kept_told = None
        self.orphans = None  # (another response's final event: its own calls)
        if self.ended or self.core.text_parts:  # (the first response: nothing to reset)
            self.ended.clear()
            self.starts = None
            self.mark = len(self.core.text_parts)

    def final_calls(self, body: Dict[str, Any], output: Any) -> bool:
        """``Feed.final_calls``; then what follows is another response's (or this final
        event again): the messages read are its ``read`` (and, for the response read, its
        ``own`` with its commentary pieces), and ``starts`` and ``said`` start afresh (a
        second response given only as its final event may reuse the first one's index and
        message ``id``: its text and commentary are its own)."""
        rid = body.get("id")
        mine = type(rid) is not str or not rid or rid == self.rid  # (else a response never created here)
        again = Feed.final_calls(self, body, output)
        starts = self.starts
        if not again:
            self.read = starts
        elif starts is not None:
            read = self.read
            if read is None:
                self.read = starts
            elif read is not starts:
                read.update(starts)  # (what was read since that final event: its own cost)
        said = self.said
        if mine:
            own = self.own
            if own is None or not again:
                self.own = (self.read, said)
            else:
                heard = own[1]
                if heard is None or not said:
                    self.own = (self.read, heard if heard is not None else said)
                elif heard is not said:
                    heard.update(said)
                    self.own = (self.read, heard)
        if said:
            self.said = {}  # (a later response's message at the same index or id is its own)
        self.starts = None
        self.mark = len(self.core.text_parts)
        if self.resent is not None:
            self.resent = None  # (``ended`` starts afresh)
        if self.told is not None:
            self.kept_told = self.told
        self.told = self.opened = None
        return again

    def _call_at(self, key: Optional[int]) -> Call:
        """``Feed._call_at``; with no call open at *key*, the call ended there: a late event
        of it (``function_call_arguments.done`` after the item's end) starts no call."""
        if key is not None and key not in self.core.by_key:
            prior = self.ended.get(key)
            if prior is not None and prior[0] is not None:
                return prior[0]
        return super()._call_at(key)

    def said_text(self, data: Dict[str, Any], delta: str) -> None:
        """A text delta once a commentary message came: that message's (by
        ``output_index``, else by ``item_id``), else the answer's."""
        key = data.get("output_index")
        if type(key) is not int:
            key = data.get("item_id")
            if type(key) is not str:
                key = None
        else:
            prior = self.ended.get(key)
            if prior is None and self.kept is not None and not self.replaying:
                prior = self.kept[1].get(key)  # (its response's final event read: a resume past it)
            if (prior is not None and prior[0] is None and key not in (self.began or ())
                    and not (self.replaying or self.resent is not None and key in self.resent)):
                ident = prior[1].get("id")
                if type(ident) is str and ident and data.get("item_id") == ident:
                    self._stray(key, prior[1], data.get("content_index"), delta)
                    return
            told, strict = self.told, True
            if told is None:  # (a message the final event read last ended: or another response's
                told, strict = self.kept_told, False  # reusing its ``id``, no ``response.created`` between)
            if told is not None:  # (a message ended before: ``told``)
                iid = data.get("item_id")
                done = told.get(iid) if type(iid) is str else None
                if (done is not None and not (key in (self.began or ()) and self.opened is not None
                                              and self.opened.get(key) == iid)
                        and self._stray(key, done, data.get("content_index"), delta, strict)):
                    return
            if self.replaying or self.behind is not None or self.resent is not None:
                new = self._replayed(key, delta)
                if not new:
                    return
                delta = new
        pieces = self.said.get(key) if self.said is not None else None
        if pieces is None:
            self.core.text(delta)
        elif delta:
            pieces.append(delta)

    def _resend(self, key: int) -> None:
        """The message ended at *key* (or by the final event read last) is added again
        (re-sent whole): its text deltas again add nothing (``_replayed``)."""
        resent = self.resent
        if resent is None:
            resent = self.resent = set()
        resent.add(key)
        if self.said is None:
            self.said = {}  # (text deltas go by ``said_text``)

    def _replayed(self, key: int, delta: str) -> str:
        """The new part of a text delta of the message at *key* while the response is
        streamed again: none for a message already ended; for one open, what its deltas
        had not said yet (``caught_up``; other text starts its text over)."""
        if key not in (self.began or ()):
            prior = self.ended.get(key)
            if prior is None and self.kept is not None:
                prior = self.kept[1].get(key)  # (ended by the final event read last: a resume past it)
            if (prior is not None and prior[0] is None
                    and (self.replaying or self.resent is not None and key in self.resent)):
                return ""  # the text of a message ended already (re-sent whole): its done item holds it
        if self.behind is None or key not in self.behind:
            return delta
        new = self.caught_up(key, delta)
        if new is None:  # other text: the message's text starts over from its start
            pieces = self.said.get(key) if self.said is not None else None
            began = self.began.get(key) if self.began else None
            if pieces is not None:
                pieces.clear()
            elif began is not None:
                del self.core.text_parts[began:]
            return delta
        return new

    def _added(self, key: Optional[int], item: Dict[str, Any]) -> None:
        if key is not None and self.ended:
            prior = self.ended.get(key)
            if prior is not None and key not in self.core.by_key:
                if _same(prior[1], item) or self._added_as(prior[0], prior[1], item):
                    if prior[0] is None:  # a message re-sent whole: its deltas again add nothing (``_replayed``)
                        self._resend(key)
                    return  # the start of the item ended there, again: nothing new
                seq, top = self.seq, self.top
                if type(seq) is int and type(top) is int and seq < top:  # (a number again, as a placeholder
                    # on every event, is no count started again)
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
        if item.get("phase") == COMMENTARY:
            self._said(key, ident, self.core.commentary())

    def _added_as(self, c: Optional[Call], done: Dict[str, Any], item: Dict[str, Any]) -> bool:
        """Whether *item* is the added item of the call *c* that *done* ended under another
        ``call_id`` (vLLM's gpt-oss): its type and the ``call_id`` it was added with."""
        if c is None or done.get("type") != item.get("type"):
            return False
        ident = item.get("call_id")
        return type(ident) is str and ident != "" and self.added_ids.get(c.pos) == ident

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
            pieces = self.said.get(key) if self.said is not None else None
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
                    return
                # streamed again whole (its start passed over): never a second call
                core.fail(c, f"Tool call {c.pos} of this stream is the item already ended at output_index {key}, "
                             "streamed again: never a second run of it")
        if item.get("type") == "message":
            if self._told(key, item):
                return
            if not self._new(key, item):
                if self.kept is not None and self.kept[1][key][1] == item:
                    return  # the last final event's message, delivered again whole: nothing new
            else:
                self.streamed = True
            self._message(key, item, len(core.text_parts), None, None)
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
