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

from typing import Any, Dict, List, Optional, Sequence

from .._stream_core import Core
from .._types import ToolCall

__all__ = ["NAME", "Handler", "detect", "encode"]

NAME = "anthropic.messages"
_EVENTS = frozenset(
    {"message_start", "content_block_start", "content_block_delta", "content_block_stop",
     "message_delta", "message_stop", "ping"}
)
_CALLS = {"tool_use": False, "server_tool_use": True, "mcp_tool_use": True}
_PLAIN = frozenset({"type", "id", "name", "input"})


def detect(data: Dict[str, Any]) -> bool:
    kind = data.get("type")
    return type(kind) is str and kind in _EVENTS


def _str(value: Any) -> Optional[str]:
    return value if type(value) is str and value else None


class Handler:
    """Feeds Anthropic events into the shared core."""

    name = NAME

    def __init__(self, core: Core) -> None:
        self.core = core

    def feed(self, data: Dict[str, Any]) -> None:
        kind = data.get("type")
        core = self.core
        index = data.get("index")
        key = index if type(index) is int else None
        if kind == "content_block_delta":
            delta = data.get("delta")
            if type(delta) is not dict:
                return
            dkind = delta.get("type")
            if dkind == "input_json_delta":
                piece = delta.get("partial_json")
                if type(piece) is str and piece:
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
            if btype in _CALLS:
                extra = {k: v for k, v in block.items() if k not in _PLAIN}
                if btype != "tool_use":
                    extra["type"] = btype
                c = core.open(key, _str(block.get("id")), _str(block.get("name")),
                              server=_CALLS[btype], provider_data={NAME: extra} if extra else None)
                initial = block.get("input")
                if type(initial) is dict and initial:
                    c.obj = initial
            elif btype == "text" and type(block.get("text")) is str:
                core.text(block["text"])
        elif kind == "content_block_stop":
            core.end(core.find(key) if key is not None else None)
        elif kind == "message_delta":
            delta = data.get("delta")
            if type(delta) is dict:
                core.finish(delta.get("stop_reason"))
        elif kind == "message_start":
            msg = data.get("message")
            if type(msg) is dict:
                core.finish(msg.get("stop_reason"))

    def close(self) -> None:
        return None


def encode(calls: Sequence[ToolCall], fragments: Sequence[Sequence[str]], **_: Any) -> List[Dict[str, Any]]:
    """Anthropic events carrying *calls*, one ``tool_use`` block each."""
    events: List[Dict[str, Any]] = [
        {"type": "message_start", "message": {"type": "message", "role": "assistant", "content": [],
                                              "stop_reason": None}}
    ]
    for i, call in enumerate(calls):
        events.append({"type": "content_block_start", "index": i,
                       "content_block": {"type": "tool_use", "id": call.id, "name": call.name, "input": {}}})
        events.append({"type": "content_block_delta", "index": i,
                       "delta": {"type": "input_json_delta", "partial_json": ""}})
        for piece in fragments[i]:
            events.append({"type": "content_block_delta", "index": i,
                           "delta": {"type": "input_json_delta", "partial_json": piece}})
        events.append({"type": "content_block_stop", "index": i})
    events.append({"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None}})
    events.append({"type": "message_stop"})
    return events
