"""Cohere v2 chat streaming (``cohere.v2``): typed SSE events.

Follows https://docs.cohere.com/reference/chat-stream (checked 2026-11-30) and the
cohere-python types ``v2chat_stream_response`` / ``chat_tool_call_*_event``.

- ``tool-call-start {index, delta.message.tool_calls: {id, function: {name,
  arguments}}}`` starts a call keyed by the event ``index`` (``tool_calls`` is one
  object here, not a list; a list of one is accepted too, a list of several refused).
- ``tool-call-delta`` adds ``delta.message.tool_calls.function.arguments``; a call
  with no arguments has no delta at all (``""`` gives ``{}``).
- ``tool-call-end`` ends the call; ``message-end.delta.finish_reason`` is the finish
  reason (``MAX_TOKENS`` when cut off), and its ``delta.error`` (cohere-python
  ``ChatMessageEndEventDelta.error``) an error that fails the reply. ``content-delta``
  text is text.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence

from ..._errors import DecodeError, ToolwireError, excerpt
from ..._types import ToolCall
from ...stream._call import NO_KEY, Call, nonempty_str
from ...stream._core import Core
from ...stream._events import ArgsDelta, new_event
from ...stream._skipped import skipped
from .._common import describe_error, wire_index

__all__ = ["EVENTS", "NAME", "Handler", "detect", "encode"]

NAME = "cohere.v2"
#: The event types of this stream (``detect`` accepts these)
EVENTS = frozenset(
    {"message-start", "content-start", "content-delta", "content-end", "tool-plan-delta",
     "tool-call-start", "tool-call-delta", "tool-call-end", "citation-start", "citation-end",
     "message-end", "debug"}
)


# the event types ``feed`` reads (``run`` skips the others)
_FED = frozenset({"tool-call-delta", "content-delta", "tool-call-start", "tool-call-end", "message-end"})


def detect(data: Dict[str, Any]) -> bool:
    kind = data.get("type")
    return type(kind) is str and kind in EVENTS


def _tool_call(data: Dict[str, Any]) -> Dict[str, Any]:
    delta = data.get("delta")
    msg = delta.get("message") if type(delta) is dict else None
    tc = msg.get("tool_calls") if type(msg) is dict else None
    if type(tc) is list:  # one call per event (its ``index``): a list of several is not Cohere's
        if len(tc) > 1:
            raise DecodeError(
                f"A {NAME} {data.get('type')} event carries one call; this one lists {len(tc)} in "
                f"'delta.message.tool_calls': {excerpt(data)}",
                dialect=NAME,
            )
        tc = tc[0] if tc and type(tc[0]) is dict else None
    return tc if type(tc) is dict else {}


# the events whose ``index`` keys a call
_KEYED = ("tool-call-delta", "tool-call-start", "tool-call-end")


class Handler:
    """Feeds Cohere v2 events into the shared core."""

    name = NAME
    # a stream ends with ``message-end``: one cut before it is unfinished (``close``)
    ends = True

    def __init__(self, core: Core) -> None:
        self.core = core

    def run(self, chunks: Iterable[Any], other: Callable[[Any], None]) -> None:
        """Feed every chunk: argument deltas and ends of open calls are handled here
        (the core's hot-path contract), other events by ``feed``, chunks that are not
        dicts by *other*."""
        core = self.core
        feed = self.feed
        open_calls = core.by_key
        ids = core.ids  # (the calls by id: a start with an id seen before goes to ``feed``)
        limit = core.max_bytes
        events = core.events if core.emit else None
        # builtins read once: a local is cheaper than a global, once per chunk
        dict_, str_, int_, type_, len_ = dict, str, int, type, len
        data: Any = None
        start = False
        c: Optional[Call] = None  # (set on the way out of the ``try`` only)
        # the index the delta before went to, while nothing but deltas came since: its call
        # (``cur``) is open and ``parts`` is its list (any other event ends the run)
        last: Any = NO_KEY
        cur: Any = None
        parts: List[str] = []
        try:
            for data in chunks:
                if type_(data) is not dict_:
                    last = NO_KEY
                    other(data)
                    continue
                try:  # a shape that does not fit (a missing key, a wrong type) goes to ``feed``
                    kind = data["type"]
                    if kind == "tool-call-delta":
                        piece = data["delta"]["message"]["tool_calls"]["function"]["arguments"]
                        index = data["index"]
                        if type_(piece) is str_:
                            if not piece:  # (an index of another type: ``feed`` refuses it)
                                if type_(index) is not int_:
                                    raise LookupError
                                continue  # ``feed`` ignores it too
                            if index is not last:  # (the call of the delta before: looked up once)
                                cur = open_calls[index]
                                # ``is``: the very int the call was opened with, not a bool or a float equal
                                # to it (CPython shares small ints; another index goes to ``feed``)
                                if cur.key is not index:
                                    raise LookupError
                                last, parts = index, cur.parts
                                cur.seen = core.tick = core.tick + 1  # (what arrived last: ``CutJudge.last_call``)
                            size = cur.size + len_(piece)
                            if size <= limit:
                                cur.size = size
                                parts.append(piece)
                                if events is not None:
                                    events.append(new_event(ArgsDelta, (cur.pos, cur.id, piece, None, None)))
                                continue
                        c = None
                    elif kind == "tool-call-end":
                        c = None
                        index = data["index"]
                        if type_(index) is int_:
                            c = open_calls.get(index)
                            if c is None:
                                continue
                    elif kind == "tool-call-start":
                        c = None
                        tc = data["delta"]["message"]["tool_calls"]
                        fn = tc["function"]
                        ident, name, piece, index = tc["id"], fn["name"], fn["arguments"], data["index"]
                        if (type_(ident) is str_ and ident and type_(name) is str_ and name and type_(piece) is str_
                                and type_(index) is int_ and index not in open_calls):
                            start = True
                    elif kind == "message-end":  # as ``feed``
                        delta = data["delta"]
                        if type_(delta) is dict_:
                            _end(core, delta)
                        continue
                    elif kind not in _FED:
                        if kind not in EVENTS:  # another dialect's chunk with a call: refused, never passed over
                            skipped(core, data)
                        continue
                    else:
                        c = None
                except (LookupError, TypeError):
                    c = None
                    start = False
                last = NO_KEY  # (what follows may end, fail or replace the call of the deltas before)
                if c is not None:  # outside the ``try``: not a read
                    c.ended = True
                    core.finalize(c)
                elif start:
                    if ident in ids:
                        feed(data)  # (an id seen before: ``feed`` tells whether it is the call again)
                    else:
                        c = core.new(index, None, ident, name, True)  # ``open``, with nothing open there
                        if piece:
                            core.add(c, piece)
                    start = False
                else:
                    feed(data)
        except ToolwireError:
            raise
        except Exception as exc:  # a chunk shape this handler did not foresee
            raise core.malformed(exc, data) from None

    def feed(self, data: Dict[str, Any]) -> None:
        kind = data.get("type")
        core = self.core
        index = data.get("index")
        # (an index of another type read as none would send a delta to the latest call open; the
        # events that key no call ignore it, as ``run`` does)
        key = (index if type(index) is int or index is None or kind not in _KEYED
               else wire_index(index, "$.index", NAME, "Tool call index"))
        if kind == "tool-call-delta":
            try:  # the documented shape, read directly: the hot path
                piece = data["delta"]["message"]["tool_calls"]["function"]["arguments"]
            except (KeyError, TypeError):
                fn = _tool_call(data).get("function")
                piece = fn.get("arguments") if type(fn) is dict else None
            if piece is not None and piece != "":  # not text: the call is invalid (``add_at``)
                core.add_at(key, piece)
            elif piece is None and type(fn := _tool_call(data).get("function")) is dict:
                c = core.find(key)
                if c is not None:  # arguments under another key (``decode`` refuses them so)
                    core.misplaced(c, fn, "arguments", "$.delta.message.tool_calls.function")
        elif kind == "content-delta":
            delta = data.get("delta")
            msg = delta.get("message") if type(delta) is dict else None
            content = msg.get("content") if type(msg) is dict else None
            if type(content) is dict and type(content.get("text")) is str:
                core.text(content["text"])
        elif kind == "tool-call-start":
            tc = _tool_call(data)
            fn = tc.get("function")
            fn = fn if type(fn) is dict else {}
            piece = fn.get("arguments")
            c = core.start(key, nonempty_str(tc.get("id")), nonempty_str(fn.get("name")),
                           piece if type(piece) is str else "")
            if c is None:
                return  # the call started again: one call
            if type(piece) is str and piece:
                core.add(c, piece)
            elif not piece:  # none (or ``""``): under another key they are refused
                core.misplaced(c, fn, "arguments", "$.delta.message.tool_calls.function")
        elif kind == "tool-call-end":
            core.end(core.find(key))
        elif kind == "message-end":
            delta = data.get("delta")
            if type(delta) is dict:
                _end(core, delta)
        elif type(kind) is not str or kind not in EVENTS:  # another dialect's chunk with a call: refused,
            skipped(core, data)  # never passed over

    def close(self) -> None:
        return None


def _end(core: Core, delta: Dict[str, Any]) -> None:
    """A ``message-end`` *delta*: its ``error`` ("An error message if an error occurred
    during the generation", cohere-python ``ChatMessageEndEventDelta.error``) fails the
    reply, as the other dialects' error events do; its ``finish_reason`` ends it."""
    err = delta.get("error")
    if err is not None and err != "":
        core.error(describe_error(err))
    core.finish(delta.get("finish_reason"))


def encode(
    calls: Sequence[ToolCall], fragments: Sequence[Sequence[str]], *, split: Any = None
) -> List[Dict[str, Any]]:
    """Cohere v2 events carrying *calls*."""
    events: List[Dict[str, Any]] = [
        {"type": "message-start", "delta": {"message": {"role": "assistant", "tool_calls": []}}}
    ]
    for i, call in enumerate(calls):
        events.append({"type": "tool-call-start", "index": i, "delta": {"message": {"tool_calls": {
            "id": call.id, "type": "function", "function": {"name": call.name, "arguments": ""}}}}})
        for piece in fragments[i]:
            events.append({"type": "tool-call-delta", "index": i,
                           "delta": {"message": {"tool_calls": {"function": {"arguments": piece}}}}})
        events.append({"type": "tool-call-end", "index": i})
    events.append({"type": "message-end", "delta": {"finish_reason": "TOOL_CALL" if calls else "COMPLETE"}})
    return events
