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

from .responses_feed import Feed
from .responses_stream_again import Again

__all__ = ["Phased"]

_DELTA = "response.output_text.delta"


class Phased(Again):
    """``Again`` with messages told apart by phase (commentary text kept out of the answer)
    and several responses in one stream."""

    # the response read (``rid``): its messages read and its commentary pieces (``starts`` and
    # ``said``) when its final event came, for a ``response.created`` of it again (streamed again
    # from its start); another response's final event (never created) leaves them be
    own: Optional[Tuple[Optional[Dict[Any, Any]], Optional[Dict[Hashable, List[str]]]]] = None
    # the ids of the responses created or in progress in this stream (``progress``)
    lives: Optional[Set[str]] = None
    # the ``id`` of the response its ``queued`` / ``in_progress`` began (not created before): its
    # lifecycle events again once a call of it was read (its ``response.created`` too, else passed
    # over as an earlier one's) begin it again (``_began_again``: a retry upstream under its ``id``)
    begun: Optional[str] = None
    begun_at = 0  # (the number of calls read when it began)

    def feed(self, data: Dict[str, Any]) -> None:
        kind = data.get("type")
        if kind == "response.created":
            self.created(data)
        elif kind == "response.in_progress" or kind == "response.queued":
            self.progress(data)
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
        the stream from its start): what ended stays ended (``replaying``), its numbers as first
        sent. An earlier response's (its ``id`` begun before: ``lives``), delivered again late:
        nothing (no response begins, no count starts again)."""
        resp = data.get("response")
        rid = resp.get("id") if type(resp) is dict else None
        if self.lives is not None and type(rid) is str and rid in self.lives and rid != self.rid:
            if rid == self.begun and len(self.core.calls) > self.begun_at:
                self._began_again()
            return  # (an earlier response's, delivered again late: ``progress``'s rule)
        if type(rid) is str and rid and rid == self.rid:  # (its numbers as first sent: ``top`` kept)
            self._count(data.get("sequence_number"))
            self.replaying = True
            self.begun = None  # (one begun by ``progress`` since is an earlier one now)
            self._began_again()  # (an item open too: a retry cut mid-item, review revR3b)
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
        # (attributes at their class default are not set: a handler with over 30 attributes
        # keeps them in a dict, and every attribute read of the hot loop is slower)
        if self.again_at is not None:
            self.again_at = None
        if self.begun is not None:
            self.begun = None
        if self.line:  # (another response: the messages held, in their places first)
            self._advance(True)
        n, top = data.get("sequence_number"), self.top
        if top is not None or self.rid is not None or self.life is not None or self.seq is not None:
            # (something read before: ``_recount``'s check; once per response)
            self.top = None  # (its events are counted from its start)
            self.core.new_reply()  # (its items count from 0: none proves an earlier one's call whole)
            if self.peak is not None:
                self.peak = None
            if self.rid is not None:  # (the one before: its ``in_progress`` again starts nothing; kept
                self._live(self.rid)  # once another begins, no set for a stream of one response)
            self._recount(None, n, top)
        else:  # (the first response: nothing read to compare, nothing to start again)
            self.life = n
        self.rid = rid if type(rid) is str and rid else None
        if self.last is not None:  # (kept by its id: ``earlier``)
            self._remember(self.last)
        self.last = None  # (another response: no final event of it read, none comes again)
        self.settled = None
        self.kept = None
        if self.read is not None or self.own is not None:
            self.read = self.own = None
        if self.said:
            self.said = {}  # (what was at an index or id is over; text deltas still go by ``said_text``)
        self.replaying = False
        self.behind = None
        if self.resent is not None:
            self.resent = None
        self.first = self.rid_first = len(self.core.calls)  # (its final response is set against its calls)
        if self.parts_of:  # (``late`` reads a response's calls: a replay of it moves ``first`` back)
            self.parts_of.clear()
        if self.heard is not None:
            self.heard = self.strayed = None
        if self.told is not None or self.opened is not None or self.kept_told is not None:
            self.told = self.opened = self.kept_told = None
        if self.orphans is not None:
            self.orphans = None  # (another response's final event: its own calls)
        if self.ended or self.core.text_parts:  # (the first response: nothing to reset)
            self.ended.clear()
            if self.starts is not None:
                self.starts = None
            if self.mark != len(self.core.text_parts):
                self.mark = len(self.core.text_parts)

    def progress(self, data: Dict[str, Any]) -> None:
        """``response.in_progress`` (or ``.queued``) *data*: of a response neither created nor
        in progress before (another ``id``), its events may be counted from 0 (``_recount``);
        of the response read (created, or begun by such an event: ``begun``), its number is a
        lifecycle number (``_count``), and once a call of it was read it is the response
        begun again (a background retry's ``queued``, an ``in_progress`` again whose
        ``response.created`` did not come: ``_began_again``, as ``created``); of an earlier
        one (its ``id`` read: delivered again late), nothing (no count starts again)."""
        resp = data.get("response")
        rid = resp.get("id") if type(resp) is dict else None
        if type(rid) is str and rid and rid != self.rid and rid != self.begun:
            if self.lives is None or rid not in self.lives:
                self.again_at = None
                self._recount(rid, data.get("sequence_number"), self.top)
                self.begun, self.begun_at = rid, len(self.core.calls)
            return
        if rid == self.rid and self.begun is not None and rid != self.begun:
            return  # (the response created before the one ``begun``: an earlier one's, late; review revResp)
        if len(self.core.calls) > (self.rid_first if rid is None or rid == self.rid else self.begun_at):
            self._began_again()  # (a call of it read: it begins again)
        self._count(data.get("sequence_number"))

    def _began_again(self) -> None:
        """The response read begins again (``again_at``): a call open now ends after it
        (``since``, from now), and each pass shows its own replay (``readded``: review revLead)."""
        self.again_at = len(self.core.calls)
        self.since = self.readded = None

    def _recount(self, rid: Optional[str], n: Any, top: Any) -> None:
        """Another response (its ``id`` *rid*, kept in ``lives``) begins with the number *n*:
        when it is below a number read (the last item event's, *top* the last done item's, the
        lifecycle's) or either is missing, its events are counted from 0 again: the calls
        ended by number (``done_at``), the item numbers and whether they vary start afresh (a
        call of its own under a number one of the response before had is never taken for
        that one's done item again; nor is its item added below that one's end another
        response's, unseen: its ``in_progress`` said so); numbers counting on (a gateway's,
        over the whole stream) keep them. *n* is its lifecycle number (``life``)."""
        if rid is not None:
            self._live(rid)
        seq, life = self.seq, self.life
        if (type(n) is not int or type(seq) is int and n < seq or type(top) is int and n < top
                or type(life) is int and n < life):
            self._restart(top)
        self.life = n

    def _restart(self, top: Any) -> None:
        """The count starts again (``_recount``): the calls by number of the response before,
        its numbers real, are kept as ``before`` (its last done number *top*, else the highest)."""
        done_at = self.done_at
        if done_at:
            last = top if type(top) is int else max(k[0] for k in done_at)
            self.before = (dict(done_at), last) if self.varied else None
            done_at.clear()  # (in place: the hot loop holds it)
        self.seq = self.top = self.peak = None
        self.varied = False

    def _live(self, rid: str) -> None:
        """The response *rid* began in this stream (``lives``)."""
        lives = self.lives
        if lives is None:
            lives = self.lives = set()
        lives.add(rid)

    def _count(self, n: Any) -> None:
        """The ``sequence_number`` *n* of a lifecycle event of the response read: the highest
        is ``life`` (item numbers above it are a count: ``numbered``); it alone is none (a
        placeholder on every item event, the lifecycle events numbered: ``varied`` stays)."""
        if type(n) is int:
            life = self.life
            if type(life) is not int or n > life:
                self.life = n

    def final_calls(self, body: Dict[str, Any], output: Any) -> bool:
        """``Feed.final_calls``; then what follows is another response's (or this final
        event again): the messages read are its ``read`` (and, for the response read, its
        ``own`` with its commentary pieces), and ``starts`` and ``said`` start afresh (a
        second response given only as its final event may reuse the first one's index and
        message ``id``: its text and commentary are its own)."""
        rid = body.get("id")
        mine = type(rid) is not str or not rid or rid == self.rid  # (else a response never created here)
        last = self.last
        again = Feed.final_calls(self, body, output)
        # (the final event of the response whose final event came last, after events streamed since:
        # ``last`` kept, a resume past it; what was read then stays read, or a second resume's final
        # event added the messages read before again)
        read_again = again or last is not None and self.last is last
        starts = self.starts
        if not read_again:
            if self.read is not starts:
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
            if own is None or not read_again:
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
        if starts is not None:
            self.starts = None
        if self.mark != len(self.core.text_parts):
            self.mark = len(self.core.text_parts)
        if self.resent is not None:
            self.resent = None  # (``ended`` starts afresh)
        if self.told is not None:
            self.kept_told = self.told
            self.told = None
        if self.opened is not None:
            self.opened = None
        return again

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
            if (prior is not None and prior[0] is None and not self._streaming(key)
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
                if (done is not None and not (self._streaming(key) and self.opened is not None
                                              and self.opened.get(key) == iid)
                        and self._stray(key, done, data.get("content_index"), delta, strict)):
                    return
            if self.replaying or self.behind is not None or self.resent is not None:
                new = self._replayed(key, delta)
                if not new:
                    return
                delta = new
        pieces = self._held_text(key)
        if pieces is None:
            self.core.text(delta)
        elif delta:
            pieces.append(delta)
