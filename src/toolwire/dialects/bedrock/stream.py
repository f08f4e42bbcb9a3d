"""Amazon Bedrock ConverseStream (``bedrock.converse``): event-stream events.

Follows https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html
(checked 2026-11-30) and botocore's ``bedrock-runtime`` service model. Each event
is ``{"<eventType>": payload}`` as boto3 yields it (the AWS event-stream frame's
``:event-type`` header as the key).

- ``contentBlockStart.start.toolUse {toolUseId, name, type?}`` starts a call keyed
  by ``contentBlockIndex``; ``type: "server_tool_use"`` (Nova's built-in tools) is a
  server call.
- ``contentBlockDelta.delta.toolUse.input`` is a string fragment (``""`` for no
  arguments); ``delta.text`` is text; ``delta.toolResult`` is ignored.
- ``contentBlockStop`` ends the call; ``messageStop.stopReason`` is the finish
  reason (``max_tokens`` when cut off). The ``p`` padding field is ignored.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence

from ..._errors import ToolwireError
from ..._types import ToolCall
from ...stream._call import NO_KEY, Call, nonempty_str
from ...stream._core import Core
from ...stream._events import ArgsDelta, new_event
from ...stream._skipped import skipped
from .._common import describe_error, wire_index

__all__ = ["NAME", "Handler", "detect", "encode", "misfed"]

NAME = "bedrock.converse"
_EVENTS = frozenset(
    {"messageStart", "contentBlockStart", "contentBlockDelta", "contentBlockStop", "messageStop"}
)


def misfed(data: Dict[str, Any]) -> Optional[str]:
    """What a chunk no streaming dialect claims is when it is a whole boto3
    ``converse_stream`` response (``{"stream": EventStream, "ResponseMetadata": {...}}``,
    boto3's BedrockRuntime.Client.converse_stream "Response Syntax") rather than one of
    its events (``Dialect.stream_misfed``), else ``None``."""
    if "stream" in data and "ResponseMetadata" in data:
        return ('this is a whole boto3 converse_stream response, not its events: pass resp["stream"], the event '
                "stream it holds")
    return None


def detect(data: Dict[str, Any]) -> bool:
    for k in data:
        if k in _EVENTS:
            return True
    return len(data) == 1 and type(data.get("metadata")) is dict


def _index(body: Dict[str, Any], member: str) -> Optional[int]:
    """``contentBlockIndex`` (a required Integer); one of another type read as none would
    send a delta to the latest call open."""
    index = body.get("contentBlockIndex")
    if type(index) is int or index is None:
        return index
    return wire_index(index, f"$.{member}.contentBlockIndex", NAME, "Block index")


class Handler:
    """Feeds ConverseStream events into the shared core."""

    name = NAME
    # a stream ends with ``messageStop``: one cut before it is unfinished (``close``)
    ends = True

    def __init__(self, core: Core) -> None:
        self.core = core
        # an object given whole (no text) under a token-limit finish may be cut off, as in
        # this dialect's ``decode_all`` (``object_arguments``)
        core.whole_cut = True

    def run(self, chunks: Iterable[Any], other: Callable[[Any], None]) -> None:
        """Feed every chunk: ``toolUse`` input deltas and block ends of open calls, in
        an event of one member, are handled here (the core's hot-path contract), other
        events (an exception member beside one included) by ``feed``, chunks that are
        not dicts by *other*."""
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
                    if len_(data) != 1:  # boto3 yields one member per event; more (an exception beside it): ``feed``
                        raise LookupError
                    if "contentBlockDelta" in data:
                        body = data["contentBlockDelta"]
                        use = body["delta"].get("toolUse")
                        if use is not None:
                            piece = use["input"]
                            index = body["contentBlockIndex"]
                            if type_(piece) is str_ and piece:  # ``feed`` starts a call even for ``""``
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
                        c = None
                    elif "contentBlockStop" in data:
                        c = None
                        index = data["contentBlockStop"]["contentBlockIndex"]
                        if type_(index) is int_:
                            c = open_calls.get(index)
                            if c is None:
                                continue
                    elif "contentBlockStart" in data:  # a plain toolUse block: id and name only
                        c = None
                        body = data["contentBlockStart"]
                        use = body["start"]["toolUse"]
                        ident, name, index = use["toolUseId"], use["name"], body["contentBlockIndex"]
                        start = (len_(use) == 2 and type_(ident) is str_ and ident != "" and type_(name) is str_
                                 and name != "" and type_(index) is int_ and index not in open_calls)
                    elif "messageStop" in data:  # as ``feed``
                        body = data["messageStop"]
                        if type_(body) is dict_:
                            core.finish(body.get("stopReason"))
                        continue
                    elif "messageStart" in data:  # as ``feed``
                        core.new_reply()  # (a second message in one stream: its blocks count from 0)
                        continue
                    elif "metadata" in data:  # ``feed`` reads none
                        continue
                    else:
                        c = None
                except (LookupError, TypeError, AttributeError):
                    c = None
                    start = False
                last = NO_KEY  # (what follows may end, fail or replace the call of the deltas before)
                if c is not None:  # outside the ``try``: not a read
                    c.ended = True
                    core.finalize(c)
                elif start:
                    if ident in ids:
                        feed(data)  # (an id seen before: ``feed`` tells whether it is the block again)
                    else:
                        core.new(index, None, ident, name, True)  # ``open``, with nothing open there
                    start = False
                else:
                    feed(data)
        except ToolwireError:
            raise
        except Exception as exc:  # a chunk shape this handler did not foresee
            raise core.malformed(exc, data) from None

    def feed(self, data: Dict[str, Any]) -> None:
        core = self.core
        for member in data:  # the exception members of ``ConverseStreamOutput``: the reply failed
            if type(member) is str and member.endswith("Exception"):
                core.error(f"{member}: {describe_error(data[member])}")
        body = data.get("contentBlockDelta")
        if type(body) is dict:
            delta = body.get("delta")
            if type(delta) is not dict:
                return
            use = delta.get("toolUse")
            if type(use) is dict:
                piece = use.get("input")
                key = _index(body, "contentBlockDelta")
                if type(piece) is dict:
                    c = core.find(key)
                    if c is None:
                        c = core.open(key, None, None)
                    c.obj = piece
                    c.seen = core.tick = core.tick + 1  # (what arrived last: ``CutJudge.last_call``)
                elif piece is not None:  # text; else the call is invalid
                    if piece != "":  # an empty piece adds nothing, never a nameless call (after its block's stop)
                        core.add_at(key, piece)
                else:  # arguments under another key: the call is invalid (``decode`` refuses it so)
                    c = core.find(key)
                    if c is not None:
                        core.misplaced(c, use, "input", "$.contentBlockDelta.delta.toolUse")
            else:  # a text or reasoning block (no start event: its deltas): the model went on past the calls
                core.went_on_at(_index(body, "contentBlockDelta"))
                if type(delta.get("text")) is str:
                    core.text(delta["text"])
            return
        body = data.get("contentBlockStart")
        if type(body) is dict:
            start = body.get("start")
            use = start.get("toolUse") if type(start) is dict else None
            if type(use) is dict:
                extra = {k: v for k, v in use.items() if k not in ("toolUseId", "name", "input")}
                c = core.start(_index(body, "contentBlockStart"), nonempty_str(use.get("toolUseId")),
                               nonempty_str(use.get("name")), server=use.get("type") == "server_tool_use",
                               provider_data={NAME: extra} if extra else None)
                if c is None:
                    return  # the block started again: one call
                if not use.get("input"):  # none: under another key they are refused
                    core.misplaced(c, use, "input", "$.contentBlockStart.start.toolUse")
            elif type(start) is dict:  # another block started: the model went on past the calls
                core.went_on_at(_index(body, "contentBlockStart"))
            return
        body = data.get("contentBlockStop")
        if type(body) is dict:
            key = _index(body, "contentBlockStop")
            if key is not None:
                core.end(core.find(key))
            return
        body = data.get("messageStop")
        if type(body) is dict:
            core.finish(body.get("stopReason"))
        elif "messageStart" in data:
            core.new_reply()  # (a second message in one stream: its blocks count from 0)
        elif body is None:  # another dialect's chunk with a call: refused, never passed over
            skipped(core, data)

    def close(self) -> None:
        return None


def encode(
    calls: Sequence[ToolCall], fragments: Sequence[Sequence[str]], *, split: Any = None,
    items: Optional[Sequence[Dict[str, Any]]] = None,
) -> List[Dict[str, Any]]:
    """ConverseStream events carrying *calls*, one ``toolUse`` block each (the shapes of
    botocore's ``ConverseStreamOutput``: ``metadata`` has ``usage`` and ``metrics``)."""
    events: List[Dict[str, Any]] = [{"messageStart": {"role": "assistant"}}]
    for i, call in enumerate(calls):
        # the block's ``toolUse`` as ``encode`` writes it (*items*: Nova's ``type:
        # "server_tool_use"``), its input streamed
        whole = items[i]["toolUse"] if items is not None else {"toolUseId": call.id, "name": call.name}
        use = {k: v for k, v in whole.items() if k != "input" and v is not None}
        events.append({"contentBlockStart": {"contentBlockIndex": i, "start": {"toolUse": use}}})
        pieces = list(fragments[i]) or [""]
        for piece in pieces:
            delta = {"toolUse": {"input": piece}}
            events.append({"contentBlockDelta": {"contentBlockIndex": i, "delta": delta}})
        events.append({"contentBlockStop": {"contentBlockIndex": i}})
    events.append({"messageStop": {"stopReason": "tool_use" if calls else "end_turn"}})
    events.append({"metadata": {"usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2},
                                "metrics": {"latencyMs": 1}}})
    return events
