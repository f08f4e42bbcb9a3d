"""Anthropic Messages streaming (``anthropic.messages``): SSE events.

Follows https://docs.anthropic.com/en/docs/build-with-claude/streaming (checked
2026-11-30) and the anthropic-python types ``raw_content_block_start_event``,
``raw_content_block_delta_event``, ``raw_message_delta_event``.

- ``content_block_start`` with a ``tool_use`` block starts a call keyed by the block
  ``index``. Its ``input: {}`` is a placeholder and is never glued to the real text;
  a non-empty ``input`` there (some proxies) is used when no delta follows.
- ``content_block_delta`` with ``input_json_delta.partial_json`` adds text; the first
  is often ``""``; a call with no arguments sends only ``""``, which gives ``{}``.
- ``content_block_stop`` ends the call. ``message_delta.delta.stop_reason`` is the
  finish reason (``max_tokens`` when cut off).
- ``server_tool_use`` and ``mcp_tool_use`` blocks are executed by Anthropic: server calls.
- ``ping``, ``thinking`` and other blocks carry no calls; ``text_delta`` is text.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence

from ..._errors import ToolwireError
from ..._types import ToolCall
from ...stream._call import NO_KEY, Call
from ...stream._core import Core
from ...stream._events import ArgsDelta, new_event
from ...stream._skipped import skipped
from .._common import describe_error, wire_index

__all__ = ["EVENTS", "NAME", "Handler", "detect", "encode"]

NAME = "anthropic.messages"
#: The event types of this stream (``detect`` accepts these)
EVENTS = frozenset(
    {"message_start", "content_block_start", "content_block_delta", "content_block_stop",
     "message_delta", "message_stop", "ping"}
)
_CALLS = {"tool_use": False, "server_tool_use": True, "mcp_tool_use": True}
_PLAIN = frozenset({"type", "id", "name", "input"})


def detect(data: Dict[str, Any]) -> bool:
    kind = data.get("type")
    return type(kind) is str and kind in EVENTS


# the events whose ``index`` keys a block
_KEYED = ("content_block_delta", "content_block_start", "content_block_stop")


class Handler:
    """Feeds Anthropic events into the shared core."""

    name = NAME
    # a stream ends with a ``message_delta`` with its ``stop_reason``: one cut before it is unfinished (``close``)
    ends = True

    def __init__(self, core: Core) -> None:
        self.core = core
        # an object given whole (no text) under a token-limit finish may be cut off, as in
        # this dialect's ``decode_all`` (``object_arguments``)
        core.whole_cut = True

    def run(self, chunks: Iterable[Any], other: Callable[[Any], None]) -> None:
        """Feed every chunk: the events of plain ``tool_use`` blocks are handled here
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
        c: Optional[Call] = None
        block: Optional[Dict[str, Any]] = None
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
                    if kind == "content_block_delta":  # (``c`` and ``block`` are set on the way out only)
                        delta = data["delta"]
                        if delta["type"] == "input_json_delta":
                            piece = delta["partial_json"]
                            index = data["index"]
                            if type_(piece) is str_:
                                if not piece:  # (an index of another type: ``feed`` refuses it)
                                    if type_(index) is not int_:
                                        raise LookupError
                                    continue  # the usual first delta of a block: nothing to add
                                if index is not last:  # (the call of the delta before: looked up once)
                                    cur = open_calls[index]
                                    # ``is``: the very int the call was opened with, not a bool or a float
                                    # equal to it (CPython shares small ints; another index goes to ``feed``)
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
                        c = block = None
                    elif kind == "content_block_stop":
                        c = block = None
                        index = data["index"]
                        if type_(index) is int_:
                            c = open_calls.get(index)
                            if c is None:
                                continue
                    elif kind == "content_block_start":
                        c = block = None
                        block = data["content_block"]
                        index = data["index"]
                        if (type_(index) is not int_ or block["type"] != "tool_use" or not block.keys() <= _PLAIN
                                or index in open_calls):
                            block = None
                    elif kind == "message_stop" or kind == "ping":
                        continue
                    elif kind == "message_start":  # as ``feed``
                        core.new_reply()
                        msg = data["message"]
                        if type_(msg) is dict_:
                            reason = msg.get("stop_reason")
                            if reason is not None:  # (``finish`` reads ``None`` as nothing)
                                core.finish(reason)
                        continue
                    elif kind == "message_delta":  # as ``feed``
                        delta = data["delta"]
                        if type_(delta) is dict_:
                            core.finish(delta.get("stop_reason"))
                        continue
                    else:
                        c = block = None
                except (LookupError, TypeError):
                    c = block = None
                last = NO_KEY  # (what follows may end, fail or replace the call of the deltas before)
                if c is not None:  # outside the ``try``: finalizing is not a read
                    c.ended = True
                    core.finalize(c)
                elif block is not None:  # ``_open`` of a plain block, with nothing open there
                    ident, name, initial = block.get("id"), block.get("name"), block.get("input")
                    ident = ident if type_(ident) is str_ and ident else None
                    if ident is not None and ident in ids:
                        feed(data)  # (an id seen before: ``_open`` tells whether it is the block again)
                    else:
                        c = core.new(index, None, ident, name if type_(name) is str_ and name else None, True)
                        if type_(initial) is dict_ and initial:
                            c.obj = initial
                else:
                    feed(data)
        except ToolwireError:
            raise
        except Exception as exc:  # a chunk shape this handler did not foresee
            raise core.malformed(exc, data) from None

    def _open(self, key: Optional[int], block: Dict[str, Any], pd: Optional[Dict[str, Any]] = None) -> None:
        ident, name, initial = block.get("id"), block.get("name"), block.get("input")
        ident = ident if type(ident) is str and ident else None
        name = name if type(name) is str and name else None
        core = self.core
        c = core.start(key, ident, name, server=_CALLS[block["type"]], provider_data=pd)
        if c is None:  # the block started again: one call (``start``)
            c = core.by_key[key]
            if c.error is None and c.obj != (initial if type(initial) is dict and initial else None):
                core.fail(c, f"Tool call {c.pos} of this stream was started again with another input: "
                             "which is its input is not guessed")
            return
        if type(initial) is dict and initial:
            c.obj = initial
        elif initial is None or len(block) > 4:  # none, or ``{}`` (as sent) beside another key:
            # under another key they are refused
            self.core.misplaced(c, block, "input", "$.content_block")

    def feed(self, data: Dict[str, Any]) -> None:
        kind = data.get("type")
        core = self.core
        index = data.get("index")
        # (an index of another type read as none would send a delta to the latest call open; the
        # events that key no block ignore it, as ``run`` does)
        key = (index if type(index) is int or index is None or kind not in _KEYED
               else wire_index(index, "$.index", NAME, "Block index"))
        if kind == "content_block_delta":
            delta = data.get("delta")
            if type(delta) is not dict:
                return
            dkind = delta.get("type")
            if dkind == "input_json_delta":
                piece = delta.get("partial_json")
                if piece is not None and piece != "":  # not text: the call is invalid (``add_at``)
                    core.add_at(key, piece)
            elif dkind == "text_delta":
                text = delta.get("text")
                if type(text) is str:
                    core.text(text)
        elif kind == "content_block_start":
            block = data.get("content_block")
            if type(block) is not dict:
                return
            btype = block.get("type")
            if type(btype) is str and btype in _CALLS:
                pd = None
                if btype != "tool_use" or not block.keys() <= _PLAIN:
                    extra = {k: v for k, v in block.items() if k not in _PLAIN}
                    if btype != "tool_use":
                        extra["type"] = btype
                    pd = {NAME: extra}
                self._open(key, block, pd)
            else:
                core.went_on_at(key)  # a text or thinking block: the model went on past the calls before it
                if btype == "text" and type(block.get("text")) is str:
                    core.text(block["text"])
        elif kind == "content_block_stop":
            if key is not None:
                core.end(core.by_key.get(key))
        elif kind == "message_delta":
            delta = data.get("delta")
            if type(delta) is dict:
                core.finish(delta.get("stop_reason"))
        elif kind == "message_start":
            core.new_reply()  # (a second message in one stream: its blocks count from 0)
            msg = data.get("message")
            if type(msg) is dict:
                core.finish(msg.get("stop_reason"))
        elif kind == "error":  # ``{"type": "error", "error": {"type", "message"}}``: the reply failed
            core.error(describe_error(data))  # (a call still open names it: ``Core.error``)
        else:  # another dialect's chunk with a call: refused, never passed over
            skipped(core, data)

    def close(self) -> None:
        return None


def encode(
    calls: Sequence[ToolCall], fragments: Sequence[Sequence[str]], *, split: Any = None,
    items: Optional[Sequence[Dict[str, Any]]] = None,
) -> List[Dict[str, Any]]:
    """Anthropic events carrying *calls*, one ``tool_use`` block each; ``message_start``
    and ``message_delta`` carry what anthropic's ``RawMessageStreamEvent`` requires (the
    message's ``id``, ``model`` and ``usage``; the delta's ``usage``)."""
    events: List[Dict[str, Any]] = [
        {"type": "message_start", "message": {"id": "msg_0", "type": "message", "role": "assistant",
                                              "model": "claude-sonnet-4-5", "content": [], "stop_reason": None,
                                              "stop_sequence": None,
                                              "usage": {"input_tokens": 412, "output_tokens": 1}}}
    ]
    for i, call in enumerate(calls):
        # the block as ``encode`` writes it (*items*: a server call's own type, provider
        # data), its input streamed: ``{}`` in the start block
        block: Dict[str, Any] = (dict(items[i]) if items is not None
                                 else {"type": "tool_use", "id": call.id, "name": call.name})
        block["input"] = {}
        events.append({"type": "content_block_start", "index": i, "content_block": block})
        events.append({"type": "content_block_delta", "index": i,
                       "delta": {"type": "input_json_delta", "partial_json": ""}})
        for piece in fragments[i]:
            events.append({"type": "content_block_delta", "index": i,
                           "delta": {"type": "input_json_delta", "partial_json": piece}})
        events.append({"type": "content_block_stop", "index": i})
    stop = "tool_use" if calls else "end_turn"  # a reply without calls stops as a plain answer does
    events.append({"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                   "usage": {"output_tokens": 61}})
    events.append({"type": "message_stop"})
    return events
