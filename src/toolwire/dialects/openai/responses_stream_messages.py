"""Responses stream messages read whole (``openai.responses``): their text in the stream's, by place.

Follows https://platform.openai.com/docs/api-reference/responses-streaming (checked
2026-12-06): a message item comes on ``response.output_item.added`` and
``response.output_item.done``, its text on ``response.output_text.delta``, then whole in
the done item and in the final response's ``output``. ``Messages`` keeps where each
message's text is in ``Accumulator.text`` (or its commentary pieces): its done item's
text replaces what its deltas said (``_message``), a final response's message no
``output_item.done`` ended is read in its output's place (``final_text``, placed by
``Plan``), and text deltas of an ended message sent again are checked against its text
(``_stray``: ``responses_stray.Stray``). A message added while another is open (a gateway
replaying a stored response announces every item first) holds its deltas apart
(``queued``) until those before it end: the text of each stays its own, in order
(``_open``, ``_read_done``, ``_advance``). The rules: ``responses_stream_phase``.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Deque, Dict, Hashable, List, Optional, Tuple

from ...stream._pieces import Lines, Message
from .._common import join_text
from .responses_feed import Feed
from .responses_phase_plan import Plan
from .responses_response import COMMENTARY
from .responses_stray import Stray

__all__ = ["Messages"]


class Messages(Feed):
    """``Feed`` with messages read whole, each in its place in the stream's text."""

    # the pieces of each commentary message, by ``output_index`` and by item ``id``; a
    # class default until one comes (a stream without phases does no more work)
    said: Optional[Dict[Hashable, List[str]]] = None
    # where the text of each message added and not yet read began in the stream's text, by
    # ``output_index``
    began: Optional[Dict[int, int]] = None
    # the messages read (by ``output_index``, and by ``id``: a gateway may stream every
    # item at one index): where their text begins in the stream's text, or their
    # commentary pieces
    starts: Optional[Dict[Any, Any]] = None
    # where the text of a message never added begins: after the one read before
    mark = 0
    # ``starts`` of the response whose final event came last: its messages, read (``starts``
    # starts afresh at a final event; the final event again, or the response streamed again
    # from its ``response.created``, reads them)
    read: Optional[Dict[Any, Any]] = None
    # the text deltas of each message re-sent after its end without its ``output_item.added``
    # (``_stray``), by ``output_index`` and content index: where they are in its text
    strayed: Optional[Dict[Tuple[int, Any, Any], Stray]] = None
    # the pieces the text deltas of each message ended carried, by ``output_index``, with its
    # done item (``Stray``: where re-sent ones are)
    heard: Optional[Dict[int, Tuple[Dict[str, Any], Tuple[str, ...]]]] = None
    # the answer's message streaming (``output_index``: its deltas go to the text); those
    # added while it was open, in order, their deltas held apart (``queued``, by
    # ``output_index`` and ``id``), and the done items of those that ended (``waiting``)
    front: Optional[int] = None
    line: Optional[Deque[Tuple[int, Optional[str]]]] = None
    queued: Optional[Dict[Hashable, List[str]]] = None
    waiting: Optional[Dict[int, Dict[str, Any]]] = None

    def _open(self, key: int, ident: Optional[str], commentary: bool) -> None:
        """The message *ident* added at *key* (as *commentary*: a commentary message at
        once): the answer's streams (``front``), or, while another of the answer's does (not
        ended), its deltas are held until those before it end (``_advance``)."""
        if commentary:  # (its pieces are the commentary's at once: never in the text)
            self._said(key, ident, self.core.commentary())
            return
        front, began = self.front, self.began
        if front is None or front == key or began is None or front not in began:
            self.front = key
            return
        queued, line = self.queued, self.line
        if queued is None or line is None:
            queued, line = self.queued, self.line = {}, deque()
        pieces: List[str] = []
        queued[key] = pieces
        if ident is not None:
            queued[ident] = pieces
        line.append((key, ident))
        if self.said is None:
            self.said = {}  # (text deltas go by ``said_text``: held ones to ``queued``)

    def _streaming(self, key: int) -> bool:
        """Whether the message at *key* was added and not ended: not one held that ended
        (its deltas again are an ended message's: ``_stray``)."""
        began, waiting = self.began, self.waiting
        return began is not None and key in began and (waiting is None or key not in waiting)

    def _held_text(self, key: Hashable) -> Optional[List[str]]:
        """Where the text deltas of the message at *key* (``output_index``, else ``item_id``)
        go when not to the stream's text: its commentary pieces, or the pieces held apart."""
        said = self.said
        pieces = said.get(key) if said is not None else None
        if pieces is None and self.queued is not None:
            pieces = self.queued.get(key)
        return pieces

    def _read_done(self, key: int, item: Dict[str, Any]) -> None:
        """The message *item* ended at *key*: read (``_message``), or, held behind another
        still open, once those before it end (``_advance``)."""
        queued = self.queued
        if queued is not None and key in queued:
            waiting = self.waiting
            if waiting is None:
                waiting = self.waiting = {}
            waiting[key] = item
            return
        self._message(key, item, len(self.core.text_parts), None, None)
        if key == self.front:
            self.front = None
            if self.line:
                self._advance(False)

    def _advance(self, every: bool) -> None:
        """The messages held, in order: each one's deltas go to the text where it now
        begins, an ended one is read; the first one open goes on streaming there (``front``),
        or, *every*, is read as far as it came (the stream's end, its final event)."""
        line, queued = self.line, self.queued
        assert line is not None and queued is not None
        parts = self.core.text_parts
        waiting = self.waiting
        began = self.began
        if began is None:
            began = self.began = {}
        self.front = None
        while line:
            key, ident = line.popleft()
            pieces = queued.pop(key)
            if ident is not None:
                queued.pop(ident, None)
            began[key] = len(parts)
            parts.extend(pieces)
            item = waiting.pop(key, None) if waiting is not None else None
            if item is not None:
                self._message(key, item, len(parts), None, None)
            elif not every:
                self.front = key
                return

    def close(self) -> None:
        if self.line:
            self._advance(True)
        # (no ``super().close()``: ``Items.close``, the only one after this, does nothing)

    def _held(self, key: int, item: Dict[str, Any]) -> Dict[str, Any]:
        """The message whose text re-sent deltas of the message *item* ended at *key* are
        checked against: its done item, else (``"content": []``, a gateway's done item: the
        text in the deltas only) the final response's item at its place with its ``id``."""
        if item.get("content"):
            return item
        settled = self.settled
        output = settled[0] if settled is not None else None
        final = output[key] if type(output) is list and 0 <= key < len(output) else None
        if type(final) is dict and final.get("type") == "message" and final.get("id") == item.get("id"):
            return final
        return item

    def _stray(self, key: int, done: Dict[str, Any], part: Any, delta: str, strict: bool = True) -> bool:
        """A text delta of the message ended at *key* with the item *done* (its
        ``item_id``; in the response whose final event was read last too), no
        ``output_item.added`` since: openai-python's stream state adds it to that item's
        snapshot, its done item and the final response hold the text once. A stream
        resumed inside the message (``starting_after``) re-sends its deltas from there:
        deltas that are a piece of the done item's text (``_held``; its part *part*, else its
        text parts joined; a done item with no text: its deltas') add nothing; other text
        is a ``DecodeError`` (which text is the reply's is not guessed; not *strict*:
        ``False``, it is no piece of it). Linear: ``Stray``."""
        strayed = self.strayed
        if strayed is None:
            strayed = self.strayed = {}
        item = self._held(key, done)
        at = (key, part, done.get("id"))
        was = strayed.get(at)
        if was is None or was.item is not item:
            heard = self.heard.get(key) if self.heard is not None else None
            pieces = heard[1] if heard is not None and heard[0] is done else ()
            if not pieces and self.waiting is not None and self.waiting.get(key) is done:
                pieces = tuple(self._held_text(key) or ())  # (held, ended: its deltas so far)
            was = strayed[at] = Stray(key, item, part, pieces)
        return was.place(delta, strict)

    def _heard(self, key: int, item: Dict[str, Any], pieces: List[str]) -> None:
        """The pieces the text deltas of the message *item* ended at *key* carried."""
        heard = self.heard
        if heard is None:
            heard = self.heard = {}
        heard[key] = (item, tuple(pieces))

    def _said(self, key: Optional[int], ident: Optional[str], pieces: List[str]) -> None:
        said = self.said
        if said is None:
            said = self.said = {}
        if key is not None:
            said[key] = pieces
        if ident is not None:
            said[ident] = pieces

    def final_text(self, resp: Any) -> None:
        """The messages of the final response *resp* that no ``output_item.done`` ended:
        read in its ``output``'s place (the text of those read before stays where it is)."""
        if self.line:  # (the messages held: in their places first)
            self._advance(True)
        output = resp.get("output") if type(resp) is dict else None
        if type(output) is not list:
            return
        starts = self.starts or {}
        read = self.read
        if read is not None and not self.final_again(resp) and not self._reread(resp, output):
            read = None
        began = self.began or {}
        core = self.core
        end = len(core.text_parts)
        plan: Optional[Plan] = None  # (made when a message asks for it)
        shown: Any = False  # (not asked yet: the messages an earlier final event again read then, ``earlier``)
        for i in range(len(output) - 1, -1, -1):
            item = output[i]
            if type(item) is not dict or item.get("type") != "message":
                continue
            if self.finals is not None:
                if shown is False:
                    before = self.earlier(resp.get("id"))
                    shown = _messages(before[2]) if before is not None else None
                if shown is not None and shown.get(item.get("id")) == item:
                    continue  # (an earlier response's final event again: its messages read then add nothing)
            ident = item.get("id")
            at = starts.get(ident) if type(ident) is str and ident else None
            if at is None and read is not None and type(ident) is str and ident:
                at = read.get(ident)  # (the final event again: what it read)
            if at is None:
                at = starts.get(i)
                if at is None and read is not None:
                    at = read.get(i)
            if type(at) is int:
                end = min(end, at)
            elif at is not None:  # a commentary message's pieces: the place of those before it
                if plan is None:
                    plan = Plan(core)
                plan.before(at)
            else:
                # its deltas: since its ``output_item.added``, else since the message read before
                # when no message read follows it, else none (it goes in before that one)
                start = None if i in began or end == len(core.text_parts) else end
                if plan is None:
                    plan = Plan(core)
                end = self._message(i, item, end, start, plan)
        if plan is not None:
            plan.apply()

    def _reread(self, resp: Dict[str, Any], output: List[Any]) -> bool:
        """Whether the final response *resp* is the one read last, again, after events
        streamed since (a stream resumed before that final event: ``Feed._read_again``): its
        ``id`` and ``output`` (its messages are those read then)."""
        last, settled, rid = self.last, self.settled, resp.get("id")
        return (last is not None and type(rid) is str and rid != "" and rid == last[1] and settled is not None
                and settled[0] == output)

    def _message(self, key: int, item: Dict[str, Any], end: int, start: Optional[int],
                 plan: Optional[Plan]) -> int:
        """Read the message *item* at *key*, whose deltas (if they went to the text) are the
        text from where it began (*start*, else its ``output_item.added``'s place, else
        ``mark``) to *end*; a new commentary message goes in where *plan* says (the final
        event's messages, read last to first: before the commentary of the message after
        it), else last. Returns where its text begins."""
        core = self.core
        parts = core.text_parts
        ident = item.get("id")
        if type(ident) is not str or not ident:
            ident = None
        said = self.said
        pieces = None
        if said is not None:
            pieces = said.get(key)
            if pieces is None and ident is not None:
                pieces = said.get(ident)
        b = self.began.pop(key, None) if self.began else None
        if b is None:
            b = self.mark if start is None else start
        if b > end:
            b = end
        content = item.get("content")
        text = join_text([p.get("text") or "" for p in content if type(p) is dict and p.get("type") == "output_text"]
                         ) if type(content) is list else ""
        starts = self.starts
        if starts is None:
            starts = self.starts = {}
        if item.get("phase", COMMENTARY if pieces is not None else None) == COMMENTARY:
            if pieces is None:  # its deltas went to the text: they are its commentary
                seen = "".join(parts[b:end])
                del parts[b:end]
                held = core.commentary_parts
                if held is None:
                    held = core.commentary_parts = Lines()
                pieces = Message()
                if plan is None:
                    held.append(pieces)
                else:
                    plan.insert(pieces)
                self._said(key, ident, pieces)
                if text or seen:
                    pieces.append(text or seen)
            else:
                if text and "".join(pieces) != text:
                    pieces[:] = [text]
                if plan is not None:
                    plan.before(pieces)
                else:
                    self._heard(key, item, pieces)
            starts[key] = pieces
            if ident is not None:
                starts[ident] = pieces
            self.mark = len(parts)
            return b
        if pieces is not None and said is not None:  # the answer's after all: its pieces are its text
            if plan is not None:
                plan.drop(pieces)
            else:
                held = core.commentary_parts or []
                for i in range(len(held) - 1, -1, -1):  # (most often the last one)
                    if held[i] is pieces:
                        del held[i]
                        break
            said.pop(key, None)
            said.pop(ident, None)
            seen = "".join(pieces)
            b = end
            parts[b:b] = [text or seen] if text or seen else []
        else:
            seen = "".join(parts[b:end])
            if plan is None and (not text or text == seen):
                self._heard(key, item, parts[b:end])
            if text and text != seen:
                parts[b:end] = [text]
        starts[key] = b
        if ident is not None:
            starts[ident] = b
        self.mark = len(parts)
        return b


def _messages(output: Any) -> Dict[Any, Dict[str, Any]]:
    """The messages of a final event's *output* read before, by ``id`` (their text was read then)."""
    if type(output) is not list:
        return {}
    return {item.get("id"): item for item in output if type(item) is dict and item.get("type") == "message"}
