"""The general reader of the Responses stream (``openai.responses``): one event at a time.

Follows https://platform.openai.com/docs/api-reference/responses-streaming (checked
2026-11-30) and the openai-python types ``response_output_item_added_event``,
``response_function_call_arguments_delta_event`` / ``_done_event``,
``response_output_item_done_event``. ``Feed.feed`` reads any event of the stream (the
rules are in ``responses_stream``), ``final_calls`` its final responses
(``responses_feed_final.settle`` sets their items against the calls of their response;
a final event delivered again: ``responses_feed_again``); its output items are
``responses_feed_items.Items``'s; ``responses_stream.Handler`` adds
the hot loop over plain function calls and hands every other event here.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Union

from ..._errors import excerpt
from ...stream._call import Call, nonempty_str
from ...stream._skipped import skipped
from .._common import describe_error
from .responses_feed_again import FinalsAgain
from .responses_feed_final import CALL_TYPES, ended_items, plain, settle
from .responses_feed_items import over, shown, typed
from .responses_feed_tables import Contents, Tables
from .responses_once import orphans, theirs
from .responses_response import WAITS, responses_finish

__all__ = ["Feed"]

_CALL = CALL_TYPES


class Feed(FinalsAgain):
    """Feeds Responses events into the shared core, one ``feed`` call each (its items: ``Items``)."""

    # ``settle``'s tables of the calls of the response whose final event came (``call_tables``);
    # a class default, as ``streamed``
    tables: Optional[Tables] = None
    # ``settle``'s content index of the calls of the response whose final event came
    # (``responses_feed_tables.content_index``); a class default, as ``streamed``
    contents: Optional[Contents] = None

    def feed(self, data: Dict[str, Any]) -> None:
        kind = data.get("type")
        core = self.core
        key = data.get("output_index")
        if type(key) is not int:
            key = None
        if kind == "error":  # ``ResponseErrorEvent``: the reply failed
            core.error(describe_error(data))
        elif kind == "response.function_call_arguments.delta":
            delta = data.get("delta")
            if delta is not None and delta != "" and not self.stale(data, key):  # not text: the call is
                # invalid (``add_at``)
                if self.replaying and key is not None and key not in core.by_key and key in self.ended:
                    return  # the response again: a delta of the item already ended there (its done item's)
                if self.behind is not None and key in self.behind and type(delta) is str:
                    delta = self.caught_up(key, delta)
                    if not delta:
                        return
                if type(delta) is str and self.late(data, key, delta):
                    return  # (an ended call's delta again, nothing open there: its done item holds its text)
                core.add_at(key, delta)
        elif kind == "response.output_item.done":
            item = data.get("item")
            if type(item) is dict:
                self.done_numbered(data, key, item)
        elif kind == "response.function_call_arguments.done":
            if self.stale(data, key):
                return
            c = self._call_at(key)
            if c.name is None:
                c.name = nonempty_str(data.get("name"))
            text = data.get("arguments")
            if type(text) is str:
                core.set_full(c, text)
        elif kind == "response.output_item.added":
            item = data.get("item")
            if type(item) is dict:
                self.numbered(data)
                self._added(key, item)
        elif kind == "response.output_text.delta":
            delta = data.get("delta")
            if type(delta) is str:
                core.text(delta)
        elif kind == "response.refusal.delta":  # ``ResponseRefusalDeltaEvent``: the refusal, never text
            delta = data.get("delta")
            if type(delta) is str and delta:
                self._refusal(data, delta, False)
        elif kind == "response.refusal.done":  # ``ResponseRefusalDoneEvent``: the part's whole refusal
            text = data.get("refusal")
            if type(text) is str and text:
                self._refusal(data, text, True)
        elif kind == "response.custom_tool_call_input.delta":
            delta = data.get("delta")
            if self.stale(data, key):
                return
            if type(delta) is str and self.behind is not None and key in self.behind:
                delta = self.caught_up(key, delta)  # (the item streamed again: only what is new)
                if not delta:
                    return
            if type(delta) is str:
                c = self._call_at(key)
                if delta:  # (what arrived last: ``CutJudge.last_call``)
                    c.seen = core.tick = core.tick + 1
                sizes = self.custom_size
                if sizes is None:
                    sizes = self.custom_size = {}
                size = sizes.get(c.pos, 0) + len(delta)
                sizes[c.pos] = size
                if size > core.max_bytes:
                    core.fail(c, over(core))
                    if self.custom is not None:
                        self.custom.pop(c.pos, None)
                elif c.error is None:
                    if self.custom is None:
                        self.custom = {}
                    self.custom.setdefault(c.pos, []).append(delta)
                    shown(core, c, delta)
            elif delta is not None:  # never skipped: the call would run without that part
                core.fail(self._call_at(key), f"An argument delta is not text: {excerpt(delta)}")
        elif kind in ("response.completed", "response.incomplete", "response.failed"):
            resp = data.get("response")
            body: Dict[str, Any] = resp if type(resp) is dict else {}
            status = body.get("status")
            if status is None and kind == "response.incomplete":  # the event says what the body does not
                body, status = {**body, "status": "incomplete"}, "incomplete"
            details = body.get("incomplete_details")
            reason = details.get("reason") if type(details) is dict else None
            if status == "incomplete":  # as a whole response gives its calls their finish reason (``decode_all``)
                reason = responses_finish(body)
            err = body.get("error")
            if type(err) is dict:  # a failed response's ``{"code", "message"}``, as ``decode_all`` reports it
                core.error(f"{status or kind[len('response.'):]}: {describe_error(err)}")
            self.final_end(body, status, reason or status or kind[len("response."):])
        elif type(kind) is not str or not kind.startswith("response."):  # another dialect's chunk with a call:
            skipped(core, data)  # refused, never passed over

    def numbered(self, data: Dict[str, Any]) -> None:
        """The ``sequence_number`` of the item event *data* (``seq``; an ``output_item.done``'s
        is ``top`` once it is read: ``done_numbered``); the numbers vary when it is not the
        one read before (``varied``; the item event before had none: the last done item's)
        or it is above the response's lifecycle numbers (``life``: counting on from them)."""
        n = data.get("sequence_number")
        if n is not None and not self.varied:
            prev = self.seq if self.seq is not None else self.top
            life = self.life
            if (prev is not None and n != prev
                    or type(n) is int and type(life) is int and n > life):
                self.varied = True
        self.seq = n

    def done_numbered(self, data: Dict[str, Any], key: Optional[int], item: Dict[str, Any]) -> None:
        """The ``output_item.done`` event *data* (its item *item* at *key*) read: its number is
        ``seq`` while ``_done`` reads it (``top`` the one before), ``top`` after, and names
        the call (``done_at``) when it ended a call there."""
        self.numbered(data)
        self._done(key, item)
        n = self.seq
        if type(n) is int and key is not None:
            prior = self.ended.get(key)
            if prior is not None and prior[1] is item and prior[0] is not None:
                self.done_at[n, key] = prior[0]
        top = self.top
        if type(n) is int and type(top) is int and n < top and (self.peak is None or top > self.peak):
            self.peak = top  # (an earlier item's end again: the numbers read stay read)
        self.top = n

    def final_end(self, body: Dict[str, Any], status: Any, reason: str) -> None:
        """A final response *body* read (its items: ``final_calls``), then the finish: *reason*,
        but ``WAITS`` for a completed reply holding an ``mcp_approval_request`` (streamed, or
        only in its ``output``), as ``read_responses`` reads the whole reply. ``feed``'s and
        the hot loop's last step."""
        self.final_calls(body, body.get("output"))
        self.core.finish(WAITS if self.waits and status == "completed" else reason)

    def final_again(self, body: Dict[str, Any]) -> bool:
        """Whether the final response *body* is that of the response whose final event came
        last, again: nothing streamed since, the same ``id`` or none (an at-least-once
        transport; no message streamed since: ``streamed``). Read before the final event
        changes anything (``final_text`` asks too)."""
        last = self.last
        if last is None or len(self.core.calls) != self.first:
            return False
        rid = body.get("id")
        if self.merged and self.seen is not None:  # (any final event of the merged responses again)
            return rid in self.seen if type(rid) is str and rid else not self.streamed
        if type(rid) is not str or not rid or last[1] is None:
            return not self.streamed
        return rid == last[1]

    def final_calls(self, body: Dict[str, Any], output: Any) -> bool:
        """The call items of a final response (*body*, its ``output``): with no call of its
        response streamed, they are its calls; else they are set against those
        (``settle``). The final event of the response read last again (``final_again``)
        is set against that response's calls by the same rule, an item equal to the one
        read there then being the call it was: it adds nothing. What follows is another
        response's: what ended is over (``ended``; kept, not copied, for a
        ``response.created`` of the response read, streamed again from its start).
        Returns whether it was the final event again."""
        core = self.core
        rid = body.get("id")
        if type(rid) is not str or not rid:
            rid = None
        last = self.last
        carried = False  # (a final event with no call streamed since: the orphans left are the next one's)
        kept_orphans: Union[Tuple[int, Dict[int, Call], int], Dict[str, Call], None] = None
        if last is None:  # (a first final event, or the first since a ``response.created``)
            again = reread = False
        else:
            # (``final_again``, inline: the hot loop reads every final response here)
            again = (len(core.calls) == self.first
                     and ((rid in self.seen if rid is not None else not self.streamed)
                          if self.merged and self.seen is not None
                          else rid == last[1] if rid is not None and last[1] is not None else not self.streamed))
            if again and self.orphans is not None and (rid is None or last[1] is None):
                again = not self._theirs_next(output)
            # the final event of the response whose final event came last, after calls streamed since
            # (``_read_again``): set against that response's calls, from where they begin
            reread = (not again and rid is not None and rid == last[1] and last[0] < self.first
                      and self.settled is not None and self.settled[0] == output)
            if reread:
                self._read_again(last[0])
        if self.finals is not None and not again and not reread:
            before = self.earlier(rid)
            if before is not None:  # an earlier response's final event again (not the last one's)
                if type(output) is list:
                    self._earlier_again(output, before[0], before[1], rid)
                return True
        short = (plain(self, output, self.first)
                 if type(output) is list and not again and not reread and len(core.calls) > self.first
                 else None)  # (a plain final response: what ``settle`` would claim, read short; its types are text)
        if short is not None:
            self.settled = (output, short, None)
        elif type(output) is list:
            for i, item in enumerate(output):
                if type(item) is dict:
                    kind = item.get("type")
                    if kind is not None and type(kind) is not str:
                        typed(item, f"$.response.output[{i}]")
            prior = self.settled
            if again and self.merged and self.group is not None:
                if last is None or last[4] != output:  # (the last one again, the same: each item the call it was)
                    self._merged_again(output, self.group)
            elif last is not None and again:
                if prior is not None:  # (what ended then, if not read then: in ``kept``)
                    self.settled = settle(self, output, last[0], prior[2], prior,
                                          self.kept[1] if self.kept is not None else {})
                else:  # (its final event read before had no output: what ended then is in ``kept``)
                    self.settled = settle(self, output, last[0], None, None,
                                          self.kept[1] if self.kept is not None else {})
            elif reread and last is not None and prior is not None:
                # (an item read there is the call it was; the calls streamed since are those again:
                # never an item of it added as a call the stream never carried, a second run)
                was = prior[2] if prior[2] is not None else ended_items(
                    self, last[0], self.kept[1] if self.kept is not None else {})
                was.update(ended_items(self, self.first, self.ended))  # (in place: a copy per resume was n²)
                self.settled = settle(self, output, last[0], was, prior)
            elif len(core.calls) == self.first:  # no call of it streamed: the calls are the final response's
                made: Dict[int, Call] = {}  # (by place: the call each item made)
                pend = self.orphans
                left = pend if type(pend) is dict else None
                if pend is not None:  # (the claims by ``call_id`` first: a claim by content never takes
                    for i, item in enumerate(output):  # the call another item names)
                        if type(item) is dict and item.get("type") in _CALL:
                            if left is None and type(pend) is tuple:  # (built once, when an item needs them)
                                left = orphans(core, pend)
                            m = theirs(core, left, item) if left else None
                            if m is not None:
                                made[i] = m
                for i, item in enumerate(output):
                    if type(item) is dict and i not in made:
                        if left and item.get("type") in _CALL and self._fresh(item):  # (one the stream carried)
                            m = self._by_content(left, item)
                            if m is not None:
                                made[i] = m
                                continue
                        n = len(core.calls)
                        self._done(None, item)
                        if len(core.calls) > n:
                            made[i] = core.calls[n]
                self.settled = (output, made, {c.pos: output[i] for i, c in made.items() if c.done})
                # (those left are the next such final event's, a third merged response's: any number)
                carried, kept_orphans = True, pend if left is None else left or None
            elif last is not None and last[0] == self.first and rid is not None and rid == last[1]:
                # the response streamed again from its start (``replaying``), then its final event:
                # read by the claims of that event before (``settle``'s *prior*)
                self.settled = settle(self, output, self.first, None, prior)
            else:
                self.settled = settle(self, output, self.first, None)
        elif not again:
            self.settled = None
        if not again and not reread:
            if last is not None:
                self._remember(last)
            # (a carried final: one delivered again is set against the calls of every merged
            # response, from where the first begins: any final event read since then)
            self.last = (self.first, rid, self.rid, len(core.calls), output)
            if carried != self.merged:
                self.merged = carried
            settled = self.settled
            # (the calls it did not hold are found when a final event with no call streamed since
            # comes: a search per final event was n² for a response whose final event comes n times)
            pending = (kept_orphans if carried
                       else (self.first, settled[1], len(core.calls))
                       if settled is not None and len(settled[1]) < len(core.calls) - self.first else None)
            if pending is not None or self.orphans is not None:  # (an instance attribute only when some are)
                self.orphans = pending
                if not carried:  # (where the first of the merged responses begins, their ids)
                    self.group = None if pending is None else self.first
                    self.seen = None if pending is None else {rid} if rid is not None else set()
                elif rid is not None and self.seen is not None:
                    self.seen.add(rid)
        self.first = len(core.calls)
        if self.rid is None and self.parts_of:  # (no ``response.created``: no replay moves ``first`` back)
            self.parts_of.clear()
        if self.streamed:
            self.streamed = False
        if self.top is not None:
            self.top = None  # (what follows may be another response, counted from its start)
            if self.peak is not None:  # (at its class default: not set, as ``Phased.created``)
                self.peak = None
        if self.ended:  # (a new dict: the hot loop reads ``self.ended`` at each item event)
            self.kept = (self.rid, self.ended)
            self.ended = {}
        return again
