"""Mistral chat streaming (``mistral``): Chat-shaped ``chat.completion.chunk`` deltas.

Follows https://docs.mistral.ai/api/#tag/chat (checked 2026-11-30) and the
mistralai client's ``DeltaMessage`` / ``ToolCall`` models.

Mistral streams a whole call (id, name, arguments) in one delta without ``index``,
several calls in one chunk, ``finish_reason`` on that same chunk (as recorded);
newer models send id and name first and then argument deltas keyed by ``index``.
Both are the Chat stream's rules (a delta without index carrying its own id and
name is a separate call), so this handler is the Chat one under Mistral's name.

mistralai SDK objects fill ``id="null"`` and ``index=0`` where the wire has none.
The Chat handler reads ``"null"`` as no id (and a named delta with it as a new call),
because such objects reach it under either name, and detected (their chunks are Chat
chunks: detection says ``openai.chat``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Sequence

from ..._types import ToolCall
from ..openai import chat_stream as openai_chat_stream

__all__ = ["NAME", "SDK_EVENTS", "Handler", "detect", "encode"]

# mistralai ``client.chat.stream()`` yields ``CompletionEvent(data=CompletionChunk)``
SDK_EVENTS: Dict[str, str] = {"mistralai:CompletionEvent": "data"}

NAME = "mistral"
detect = openai_chat_stream.detect


class Handler(openai_chat_stream.Handler):
    """The Chat handler under Mistral's name."""

    name = NAME


def encode(calls: Sequence[ToolCall], fragments: Sequence[Sequence[str]], **kw: Any) -> List[Dict[str, Any]]:
    """Mistral chunks. Arguments in one piece each (no ``split``): as the API sends
    them, every call whole (id, name, arguments) in one delta without ``index``, all
    in one chunk that also carries ``finish_reason``. Arguments in pieces: id and name
    first, then argument deltas, keyed by ``index`` with ``with_index=True`` (the newer
    models), else without (each goes to the latest call)."""
    if kw.get("with_index"):
        return openai_chat_stream.encode(calls, fragments, interleave=bool(kw.get("interleave")))
    if calls and all(len(f) <= 1 for f in fragments):
        items: List[Dict[str, Any]] = []
        for call, pieces in zip(calls, fragments):
            item: Dict[str, Any] = {"function": {"name": call.name, "arguments": "".join(pieces)}}
            if call.id is not None:
                item = {"id": call.id, **item}
            items.append(item)
        return [{"object": "chat.completion.chunk",
                 "choices": [{"index": 0, "delta": {"tool_calls": items}, "finish_reason": "tool_calls"}]}]
    return openai_chat_stream.encode(calls, fragments, with_index=False)
