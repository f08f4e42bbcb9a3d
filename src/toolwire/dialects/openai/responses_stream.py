"""OpenAI Responses streaming (``openai.responses``): typed SSE events.

Follows https://platform.openai.com/docs/api-reference/responses-streaming (checked
2026-11-30) and the openai-python types ``response_output_item_added_event``,
``response_function_call_arguments_delta_event`` / ``_done_event``,
``response_output_item_done_event``.

- ``response.output_item.added`` (a ``function_call`` item) starts a call: ``call_id``
  is its id, the item ``id`` and other fields are kept as provider data.
- ``response.function_call_arguments.delta`` adds text; calls are keyed by
  ``output_index`` because some servers change ``item_id`` from event to event.
- ``response.function_call_arguments.done`` gives the whole text (it may lack
  ``name``; LM Studio sends it without any delta before it).
- ``response.output_item.done`` gives the final item (authoritative) and ends the call.
- ``custom_tool_call`` items stream ``response.custom_tool_call_input.delta``;
  their arguments are ``{"input": text}``. Provider-executed items are server calls;
  built-in tools the client runs (a client ``tool_search_call`` too) are calls, opened
  at ``output_item.added`` (a stream cut before their ``.done`` reports them cut off),
  as in ``responses``.
- ``response.completed`` / ``.incomplete`` / ``.failed`` give the finish reason
  (the response status, or the incomplete reason such as ``max_output_tokens``;
  ``mcp_approval_request`` for a completed reply that waits on an approval); the
  items of its ``output`` are set against the response's calls
  (``responses_feed_final.settle``): they end the calls still open (no
  ``output_item.done`` came), are the calls the stream carried (under fresh ids too),
  or are calls it never carried.
- ``response.refusal.delta`` / ``.done`` (a message's ``refusal`` part) are the
  refusal (``Accumulator.refusal``), never text.

``Handler.run`` is the hot loop over plain function calls; every other event goes to
the general reader, ``responses_feed.Feed.feed``, through ``responses_stream_phase``
(message ``phase``: commentary text is ``Accumulator.commentary``, never ``text``).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence

from ..._errors import ToolwireError
from ..._types import ToolCall
from ...stream._call import NO_KEY, Call
from ...stream._calls import Calls
from ...stream._events import ArgsDelta, new_event
from ...stream._skipped import skipped
from .responses_feed import Feed
from .responses_once import ran_once
from .responses_response import response_object
from .responses_sniff import client_name
from .responses_stream_phase import Phased

__all__ = ["EVENTS", "NAME", "Handler", "detect", "encode"]


NAME = "openai.responses"
# the event types ``feed`` reads (``run`` skips the others)
_FED = frozenset(
    {"response.function_call_arguments.delta", "response.function_call_arguments.done",
     "response.output_item.added", "response.output_item.done", "response.output_text.delta",
     "response.custom_tool_call_input.delta", "response.completed", "response.incomplete", "response.failed",
     "response.refusal.delta", "response.refusal.done"}
)
# the final events the general reader takes (``response.completed``: the hot loop too)
_UNFINISHED = ("response.incomplete", "response.failed")
#: Common event types of this stream (``detect`` accepts any ``response.*`` type)
EVENTS = _FED | {
    "response.created", "response.in_progress", "response.queued", "response.content_part.added",
    "response.content_part.done", "response.output_text.done", "response.reasoning_summary_part.added",
    "response.reasoning_summary_text.delta", "response.reasoning_summary_text.done",
    "response.reasoning_summary_part.done",
}


def detect(data: Dict[str, Any]) -> bool:
    kind = data.get("type")
    return type(kind) is str and kind.startswith("response.")


class Handler(Phased):
    """Feeds Responses events into the shared core."""

    name = NAME
    # a stream ends with ``response.completed`` / ``incomplete`` / ``failed``: one cut
    # before it is unfinished (``close``)
    ends = True

    def run(self, chunks: Iterable[Any], other: Callable[[Any], None]) -> None:
        """Feed every chunk: the events of plain function calls are handled here (the
        core's hot-path contract), other events by ``feed``, chunks that are not dicts
        by *other*, events that ``feed`` ignores not at all."""
        core = self.core
        open_calls = core.by_key
        limit = core.max_bytes
        # the events' ``append`` (``None``: no events asked for), ``new_event`` and ``ArgsDelta``
        # as locals: the delta branch stays short enough for its jump to need no
        # ``EXTENDED_ARG`` (CPython 3.11 then leaves ``kind == ...`` unspecialized, every chunk)
        emit = core.events.append if core.emit else None
        event, args_delta, miss = new_event, ArgsDelta, LookupError
        feed = Feed.feed  # the general reader (``Phased.feed`` adds only what is done above: text deltas)
        # builtins read once: a local is cheaper than a global, once per chunk
        dict_, str_, int_, type_, len_ = dict, str, int, type, len
        data: Any = None
        # what an event asks of the code after the ``try``: reset there, not for every delta
        end: Optional[Call] = None  # end this call here
        start = False  # start a call here
        final: Optional[Dict[str, Any]] = None  # read this final response here (``response.completed``)
        item_read = False  # an item event read: ``_added`` / ``_done`` take it
        # the ``output_index`` the delta before went to, while nothing but deltas came since:
        # its call (``c``) is open and ``parts`` is its list (any other event resets it)
        last: Any = NO_KEY
        c: Any = None
        parts: List[str] = []
        own: Any = None  # the ``item_id`` of the delta that started that run of deltas
        once = self.once  # the calls ended, by ``call_id`` (``ran_once``)
        item_ids, done_items, done_of = self.ids  # (``stale``: by item ``id``; ``ended_again``)
        parts_of = self.parts_of  # (``late``'s)
        done_at = self.done_at  # (``resent_under_fresh_ids``')
        # ``Calls.new`` itself: ``Fresh.new`` only adds what pieces held under a fresh id need, which
        # only ``Keyed.delta`` holds (Chat-like streams; no Responses reader calls it)
        new_call = Calls.new
        try:
            for data in chunks:
                if type_(data) is not dict_:
                    last = NO_KEY
                    other(data)
                    continue
                try:  # a shape that does not fit (a missing key, a wrong type) goes to ``feed``
                    kind = data["type"]
                    if kind == "response.function_call_arguments.delta":
                        piece = data["delta"]
                        index = data["output_index"]
                        if type_(piece) is str_:
                            if not piece:
                                continue  # ``feed`` ignores it too
                            if index is not last:  # (the call of the delta before: looked up once)
                                c = open_calls[index]
                                # ``is``: the very int the call was opened with, not a bool or a float equal
                                # to it (CPython shares small ints; another index goes to ``feed``)
                                own = data.get("item_id")
                                if (c.key is not index or self.behind is not None  # (``behind``: ``feed``'s)
                                        or own in done_items):  # (an ended call's again?)
                                    raise miss
                                # (a delta without ``item_id``, as a gateway strips it: each one is looked up
                                # as this one, not sent to ``feed`` by a missing key; nothing more per delta)
                                last, parts = index if own is not None else NO_KEY, c.parts
                                c.seen = core.tick = core.tick + 1  # (what arrived last: ``CutJudge.last_call``)
                            # (after a delta of the open call: nothing ended since, so a delta of the same
                            # ``item_id`` is no ended call's either; another, or none, goes to ``feed``, whose
                            # ``stale`` tells an ended call's delta sent again: one compare, no table read)
                            elif data["item_id"] != own:
                                raise miss
                            size = c.size + len_(piece)
                            if size <= limit:
                                c.size = size
                                parts.append(piece)
                                if emit is not None:
                                    emit(event(args_delta, (c.pos, c.id, piece, None, None)))
                                continue
                    elif kind == "response.function_call_arguments.done":
                        text = data["arguments"]
                        index = data["output_index"]
                        call = open_calls[index]
                        if (type_(text) is str_ and call.key is index and call.name is not None and call.error is None
                                and len_(text) == call.size and data.get("item_id") not in done_items):
                            call.full = text  # ``set_full`` when every character was seen
                            continue
                    elif kind == "response.output_item.done":
                        item = data["item"]
                        index = data["output_index"]
                        if type_(item) is dict_ and type_(index) is int_:
                            item_read = True
                            end = open_calls.get(index)
                            if end is not None and item["type"] == "function_call":
                                # ``_done`` of a call that saw its whole text, with id and name
                                text = item["arguments"]
                                if not (type_(text) is str_ and len_(text) == end.size and end.error is None
                                        and end.tree is None and end.name is not None and end.id is not None
                                        and end.id == item["call_id"] and end.name == item["name"]
                                        and item.get("status") != "incomplete"
                                        and index not in self.ended):  # (an item ended there: ``_done``'s)
                                    end = None
                            else:
                                end = None
                    elif kind == "response.output_item.added":
                        item = data["item"]
                        index = data["output_index"]
                        if type_(item) is dict_ and type_(index) is int_:
                            item_read = True
                            # (``self.ended``, read here: a final event, a ``response.created``, a chunk
                            # read by *other* may start it afresh)
                            if (item["type"] == "function_call" and index not in open_calls
                                    and index not in self.ended):
                                ident, name = item["call_id"], item["name"]  # ``_added`` of a plain item
                                start = (type_(ident) is str_ and ident != "" and type_(name) is str_ and name != ""
                                         and item["arguments"] == "")
                    elif kind == "response.output_text.delta":  # reply text (a commentary message's: ``said_text``)
                        piece = data["delta"]
                        if type_(piece) is str_:
                            if self.said is None:
                                core.text(piece)
                            else:
                                self.said_text(data, piece)
                            continue
                    elif kind == "response.completed":
                        resp = data["response"]
                        if self.began or resp["output"]:  # (a message may be unread)
                            self.final_text(resp)  # (its messages no ``output_item.done`` ended)
                        # ``feed``, without a reason: no call left open, no approval request the reply
                        # waits on (``read_final``); its items set against the response's calls
                        # (``final_calls``: a plain final response read short) after the ``try``
                        if (type_(resp) is dict_ and type_(resp.get("incomplete_details")) is not dict_
                                and resp.get("error") is None and not open_calls and not self.read_final):
                            final = resp
                    elif kind not in _FED and kind != "error":  # (``error``: ``feed`` records it)
                        if kind == "response.created":  # (several responses in one stream, or one again)
                            self.created(data)
                        elif kind == "response.in_progress" or kind == "response.queued":
                            self.progress(data)  # (another response's: counted from 0)
                        elif type_(kind) is not str_ or not kind.startswith("response."):
                            skipped(core, data)  # another dialect's chunk with a call: refused, never passed over
                        continue
                except (LookupError, TypeError):
                    end = final = None
                    start = item_read = False
                last = NO_KEY  # (what follows may end, fail or replace the call of the deltas before)
                if end is not None:  # outside the ``try``: not a read
                    extra = item.copy()  # ``_extra``, inline: every field but these, in order
                    del extra["type"], extra["call_id"], extra["name"], extra["arguments"]
                    if "input" in extra:
                        del extra["input"]
                    end.full = text
                    end.pd = {NAME: extra} if extra else None
                    end.ended = True
                    pos = end.pos
                    done_of[pos] = item
                    if end.id in once:  # (a ``call_id`` ended before: another response's, or this call again)
                        ran_once(core, once, self.first, end, item_ids)
                    else:
                        once[item["call_id"]] = end  # (its id: checked above)
                    iid = item.get("id")
                    if type_(iid) is str_ and iid:
                        done_items[iid] = end
                    parts_of[pos] = end.parts
                    core.finalize(end)
                    self.ended[index] = (end, item)  # (``Phased``'s: the item ended there)
                    if self.again_at is not None:  # (``Again._done``'s)
                        self.ended_since(end)
                    n = self.top = data.get("sequence_number")  # (``done_numbered``, inline)
                    if type_(n) is int_:
                        done_at[n, index] = end
                        if n != self.seq:  # (the added item's: ``start``)
                            self.varied = True
                    end, item_read = None, False
                elif start:
                    iid = item.get("id")
                    if type_(iid) is str_ and iid:
                        item_ids[len_(core.calls)] = iid  # (the new call's ``pos``)
                    new_call(core, index, None, ident, name, True)
                    self.seq = data.get("sequence_number")  # (``numbered``, inline)
                    start = item_read = False
                elif item_read:
                    if kind == "response.output_item.done":  # (``feed``'s)
                        self.done_numbered(data, index, item)
                    else:
                        self.numbered(data)
                        self._added(index, item)
                    item_read = False
                elif final is not None:  # (``feed``'s reading of it, in its order: its items, then the finish)
                    status = final.get("status")
                    self.final_end(final, status, status or "completed")
                    final = None
                else:  # (a text delta here has no text: the override of ``feed`` has nothing to add)
                    if data.get("type") in _UNFINISHED:  # (``kind`` may be another chunk's: a failed read)
                        self.final_text(data.get("response"))  # (before ``final_calls``, as ``feed`` reads it)
                    feed(self, data)
        except ToolwireError:
            raise
        except Exception as exc:  # a chunk shape this handler did not foresee
            raise core.malformed(exc, data) from None


def encode(
    calls: Sequence[ToolCall], fragments: Sequence[Sequence[str]], *, split: Any = None,
    items: Optional[Sequence[Dict[str, Any]]] = None,
) -> List[Dict[str, Any]]:
    """Responses events carrying *calls*, one output item each; every event has its
    ``sequence_number`` and ``response.created`` / ``.completed`` a whole ``Response``
    (openai-python ``ResponseStreamEvent``). Each item is what ``encode`` writes (*items*: its
    item ``id`` and ``status`` kept; ``fc_N`` / ``ctc_N`` made where it has none): a
    ``function_call`` streams ``response.function_call_arguments.delta`` / ``.done``, a
    ``custom_tool_call`` its input by ``response.custom_tool_call_input.delta`` /
    ``.done``, a provider-run item (``web_search_call``...) and a built-in tool the client
    runs (``shell_call``...: ``in_progress`` when added) are added and done whole."""
    cut = split if callable(split) else None
    events: List[Dict[str, Any]] = [{"type": "response.created", "response": response_object("in_progress", [])}]
    output: List[Dict[str, Any]] = []
    for i, call in enumerate(calls):
        item = dict(items[i]) if items is not None else {
            "type": "function_call", "call_id": call.id, "name": call.name, "arguments": "".join(fragments[i])}
        kind = item.get("type")
        if call.server:  # the provider's own item, as encode writes it back
            output.append(item)
            events.append({"type": "response.output_item.added", "output_index": i, "item": item})
            events.append({"type": "response.output_item.done", "output_index": i, "item": item})
            continue
        if client_name(item) is not None:  # a built-in tool the client runs: no argument deltas
            output.append(item)
            added = dict(item, status="in_progress") if "status" in item else item
            events.append({"type": "response.output_item.added", "output_index": i, "item": added})
            events.append({"type": "response.output_item.done", "output_index": i, "item": item})
            continue
        custom = kind == "custom_tool_call"
        field = "input" if custom else "arguments"
        item_id = item.get("id")
        if type(item_id) is not str or not item_id:
            item_id = f"ctc_{i}" if custom else f"fc_{i}"
        if custom:
            text = item["input"]
            pieces = [p for p in (cut(text) if cut is not None else [text]) if p]
            delta_type, done_type = "response.custom_tool_call_input.delta", "response.custom_tool_call_input.done"
        else:
            pieces = list(fragments[i])
            text = "".join(pieces)
            delta_type, done_type = "response.function_call_arguments.delta", "response.function_call_arguments.done"
        added = dict(item, id=item_id, **{field: ""})
        if kind is None:  # (``no_type``: an item written without it; the SDK's events need it)
            added["type"] = "function_call"
        if not custom or "status" in item:  # (openai-python's ``ResponseCustomToolCall`` has none)
            added["status"] = "in_progress"
        events.append({"type": "response.output_item.added", "output_index": i, "item": added})
        for piece in pieces:
            events.append({"type": delta_type, "item_id": item_id, "output_index": i, "delta": piece})
        done_event: Dict[str, Any] = {"type": done_type, "item_id": item_id, "output_index": i, field: text}
        if not custom:
            done_event["name"] = call.name
        events.append(done_event)
        done = dict(added, **{field: text})
        if "status" in added:
            done["status"] = item.get("status", "completed")
        output.append(done)
        events.append({"type": "response.output_item.done", "output_index": i, "item": done})
    events.append({"type": "response.completed", "response": response_object("completed", output)})
    return [{"type": e["type"], "sequence_number": n, **e} for n, e in enumerate(events)]

