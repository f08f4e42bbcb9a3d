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
chunks: detection says ``openai.chat``). A finish beside pieces, whole calls included,
ends them when a later chunk shows none goes on, or at the end (the SDK's objects carry
no ``[DONE]``); after it, a piece without ``index`` goes on with the call before it when
that call came without one, as the SDK's ``index=0`` reads it (``chat_stream_feed.Feed``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Sequence, Tuple

from ..._types import ToolCall
from ..openai import chat_stream as openai_chat_stream
from ..openai import chat_stream_encode

__all__ = ["NAME", "SDK_EVENTS", "Handler", "detect", "encode", "options"]

# mistralai ``client.chat.stream()`` yields ``CompletionEvent(data=CompletionChunk)``
SDK_EVENTS: Dict[str, str] = {"mistralai:CompletionEvent": "data"}

NAME = "mistral"
MODEL = "mistral-large-latest"  # the model of the chunks ``encode`` writes
detect = openai_chat_stream.detect


class Handler(openai_chat_stream.Handler):
    """The Chat handler under Mistral's name."""

    name = NAME
    # a stream ends with a ``finish_reason`` (an OpenAI-compatible server's Chat stream may
    # not: Chat's handler has no ``ends``): one cut before it is unfinished (``close``)
    ends = True


def encode(
    calls: Sequence[ToolCall],
    fragments: Sequence[Sequence[str]],
    *,
    with_index: bool = False,
    interleave: bool = False,
    split: Any = None,  # the fragments are cut already
) -> List[Dict[str, Any]]:
    """Mistral chunks, after a first one with ``{"role": "assistant", "content": ""}``
    alone (as the API sends it: every recorded stream). Arguments in one piece each (no ``split``): as the API sends
    them, every call whole (id, name, arguments) in one delta without ``index``, all
    in one chunk that also carries ``finish_reason``. Arguments in pieces: id and name
    first, then argument deltas, keyed by ``index`` with ``with_index=True`` (the newer
    models; ``interleave=True`` needs it), else without (each goes to the latest call).
    An argument delta carries ``"name": ""``, as the API sends it (mistralai's
    ``FunctionCall.name`` is required; recorded in mistralai/mistral-vibe
    ``tests/backend/data/mistral.py``)."""
    chat_stream_encode.check_interleave(NAME, interleave, with_index)
    if not with_index and calls and all(len(f) <= 1 for f in fragments):
        items: List[Dict[str, Any]] = []
        for call, pieces in zip(calls, fragments):
            item: Dict[str, Any] = {"function": {"name": call.name, "arguments": "".join(pieces)}}
            if call.id is not None:
                item = {"id": call.id, **item}
            items.append(item)
        return [_role(), chat_stream_encode.envelope(
            MODEL, [{"index": 0, "delta": {"tool_calls": items}, "finish_reason": "tool_calls"}])]
    chunks = chat_stream_encode.encode(calls, fragments, interleave=interleave, with_index=with_index, model=MODEL)
    del chunks[0]["choices"][0]["delta"]["role"]  # (in a chunk of its own, first)
    for chunk in chunks:
        for item in chunk["choices"][0]["delta"].get("tool_calls", ()):
            item["function"].setdefault("name", "")
    return [_role(), *chunks]


def _role() -> Dict[str, Any]:
    """The first chunk, as Mistral sends it: ``{"role": "assistant", "content": ""}`` alone."""
    return chat_stream_encode.envelope(MODEL, [{"index": 0, "delta": {"role": "assistant", "content": ""},
                                                "finish_reason": None}])


def options(calls: Sequence[ToolCall]) -> Tuple[Dict[str, Any], ...]:
    """The other forms ``encode`` writes *calls* in: keyed by ``index`` (the newer
    models), and so with parallel calls' deltas interleaved."""
    return ({"with_index": True}, {"with_index": True, "interleave": True}) if len(calls) > 1 else (
        {"with_index": True},)
