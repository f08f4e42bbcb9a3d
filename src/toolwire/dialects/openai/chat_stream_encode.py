"""OpenAI Chat Completions streaming (``openai.chat``): writing chunks.

Writes what https://platform.openai.com/docs/api-reference/chat-streaming describes
(checked 2026-11-30) and openai-python's ``ChatCompletionChunk`` requires: the call's
``"role": "assistant"`` on the first delta (as OpenAI sends it: LangChain JS picks the
chunk's class by it, and reads no tool calls without it), the call's ``id``, ``type``
and ``function.name`` on its first delta, its argument text in pieces after, each at the
call's ``index``; a last chunk with the ``finish_reason``.
A custom tool's call (``encode`` writes it ``{"type": "custom", "custom": {...}}``)
streams as openai/openai-openapi#576 reports it: ``{"index", "id", "type": "custom",
"custom": {"name", "input": ""}}``, then ``{"index", "custom": {"input": piece}}``
(openai-python's ``ChoiceDeltaToolCall`` does not type it yet: openai-python#2530).
The reading side is ``chat_stream``.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

from ..._errors import EncodeError
from ..._types import ToolCall

__all__ = ["check_interleave", "encode", "envelope", "options"]

NAME = "openai.chat"


def encode(
    calls: Sequence[ToolCall],
    fragments: Sequence[Sequence[str]],
    *,
    interleave: bool = False,
    finish_reason: Optional[str] = None,
    with_index: bool = True,
    model: str = "gpt-4o",
    split: Any = None,  # the fragments are cut already (a custom tool's input is cut here)
    items: Optional[Sequence[Dict[str, Any]]] = None,
) -> List[Dict[str, Any]]:
    """Chat chunks carrying *calls*; ``fragments[i]`` is call i's argument text in pieces.

    Each chunk has the envelope ``ChatCompletionChunk`` requires (``id``, ``created``,
    ``model``). Without ``index`` (``with_index=False``, a gateway quirk: the openai
    SDK requires it) each fragment belongs to the latest call, so fragments cannot be
    interleaved. *items* are the calls as ``encode`` writes them: a custom tool's call
    (``"type": "custom"``) streams its ``custom.input`` cut by *split* (a function)."""
    check_interleave(NAME, interleave, with_index)
    chunks: List[Dict[str, Any]] = []
    custom = [items is not None and items[i].get("type") == "custom" for i in range(len(calls))]
    if any(custom):
        assert items is not None
        cut = split if callable(split) else None
        fragments = [[p for p in (cut(items[i]["custom"]["input"]) if cut is not None
                                  else [items[i]["custom"]["input"]]) if p] if custom[i] else fragments[i]
                     for i in range(len(calls))]

    def chunk(tool_calls: List[Dict[str, Any]]) -> Dict[str, Any]:
        return envelope(model, [{"index": 0, "delta": {"tool_calls": tool_calls}, "finish_reason": None}])

    def head(i: int, call: ToolCall) -> Dict[str, Any]:
        item: Dict[str, Any]
        if custom[i]:
            assert items is not None
            item = {"index": i, "id": items[i]["id"], "type": "custom", "custom": {"name": call.name, "input": ""}}
            if not with_index:
                del item["index"]
            return item
        item = {"type": "function", "function": {"name": call.name, "arguments": ""}}
        if call.id is not None:
            item["id"] = call.id
        if with_index:
            item["index"] = i
        return item

    def body(i: int, piece: str) -> Dict[str, Any]:
        item: Dict[str, Any] = {"custom": {"input": piece}} if custom[i] else {"function": {"arguments": piece}}
        if with_index:
            item["index"] = i
        return item

    if interleave:
        for i, call in enumerate(calls):
            chunks.append(chunk([head(i, call)]))
        for i, piece in _round_robin(fragments):
            chunks.append(chunk([body(i, piece)]))
    else:
        for i, call in enumerate(calls):
            chunks.append(chunk([head(i, call)]))
            chunks.extend(chunk([body(i, piece)]) for piece in fragments[i])
    if finish_reason is None:  # a reply without calls stops as a plain answer does
        finish_reason = "tool_calls" if calls else "stop"
    chunks.append(envelope(model, [{"index": 0, "delta": {}, "finish_reason": finish_reason}]))
    first = chunks[0]["choices"][0]
    first["delta"] = {"role": "assistant", **first["delta"]}  # (as OpenAI's first delta: clients key on it)
    return chunks


def check_interleave(dialect: str, interleave: bool, with_index: bool) -> None:
    """``EncodeError`` for ``interleave=True`` without ``with_index``: without an index,
    each argument fragment belongs to the latest call (the Chat-shaped streams)."""
    if interleave and not with_index:
        raise EncodeError(
            f"Bad stream option for {dialect}: interleave=True needs with_index=True (without an index, each "
            "argument fragment belongs to the latest call)",
            dialect=dialect,
        )


def envelope(model: str, choices: List[Dict[str, Any]]) -> Dict[str, Any]:
    """A ``chat.completion.chunk`` around *choices*, as the chunks of one reply share it."""
    return {"id": "chatcmpl-0", "object": "chat.completion.chunk", "created": 1764460800, "model": model,
            "choices": choices}


def _round_robin(fragments: Sequence[Sequence[str]]) -> Iterator[Any]:
    longest = max((len(f) for f in fragments), default=0)
    for j in range(longest):
        for i, pieces in enumerate(fragments):
            if j < len(pieces):
                yield i, pieces[j]


def options(calls: Sequence[ToolCall]) -> Tuple[Dict[str, Any], ...]:
    """The other form ``encode`` writes *calls* in: parallel calls' deltas interleaved,
    each keyed by its ``index``, as OpenAI streams them (``with_index=False`` is a gateway
    quirk the openai SDK's ``ChoiceDeltaToolCall`` refuses: left out)."""
    return ({"interleave": True},) if len(calls) > 1 else ()
