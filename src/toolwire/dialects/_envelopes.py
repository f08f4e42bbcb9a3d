"""Realistic containers around wire items: assistant messages and whole responses.

Used by ``toolwire.strategies`` (and the fuzz runner) to wrap items that the
dialects' own encoders wrote into the envelopes providers send, shaped after the
bundled example payloads and the recorded corpus. The provider field names stay
here, inside ``dialects/``; callers speak in dialect ids and canonical values.

``message(dialect, items, content)`` is the assistant turn holding *items*;
``response(dialect, items, content, finish)`` the whole reply; ``KINDS[dialect]``
says which of ``message`` / ``response`` a dialect has.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Tuple

__all__ = ["KINDS", "message", "response"]

Items = List[Dict[str, Any]]

# finish reasons that say "the model stopped to call tools", per dialect
_FINISH = {
    "openai.chat": "tool_calls",
    "mistral": "tool_calls",
    "cohere.v2": "TOOL_CALL",
    "ollama": "stop",
    "openai.responses": "completed",
    "anthropic.messages": "tool_use",
    "gemini": "STOP",
    "bedrock.converse": "tool_use",
}


def _chat_like(dialect: str, items: Items, content: Optional[str]) -> Dict[str, Any]:
    from .._builtin import get_dialect
    from .._convert import _MESSAGES

    builder = get_dialect(dialect).assistant_message or _MESSAGES[dialect]
    msg: Dict[str, Any] = builder(items, content)
    return msg


def _responses_message(items: Items, content: Optional[str]) -> Dict[str, Any]:
    # the Responses API has no assistant message holding calls: a request's input
    # history does (the user turn, the model's text, its calls)
    history: Items = [{"role": "user", "content": "What is the weather?"}]
    if content:
        history.append({"type": "message", "role": "assistant", "id": "msg_0",
                        "content": [{"type": "output_text", "text": content, "annotations": []}]})
    return {"model": "gpt-5", "input": [*history, *items]}


def _anthropic_message(items: Items, content: Optional[str]) -> Dict[str, Any]:
    blocks: Items = [{"type": "text", "text": content}] if content else []
    return {"role": "assistant", "content": [*blocks, *items]}


def _gemini_message(items: Items, content: Optional[str]) -> Dict[str, Any]:
    parts: Items = [{"text": content}] if content else []
    return {"role": "model", "parts": [*parts, *items]}


def _bedrock_message(items: Items, content: Optional[str]) -> Dict[str, Any]:
    blocks: Items = [{"text": content}] if content else []
    return {"role": "assistant", "content": [*blocks, *items]}


_MESSAGE: Dict[str, Callable[[Items, Optional[str]], Dict[str, Any]]] = {
    "openai.responses": _responses_message,
    "anthropic.messages": _anthropic_message,
    "gemini": _gemini_message,
    "bedrock.converse": _bedrock_message,
}


def message(dialect: str, items: Items, content: Optional[str] = None) -> Dict[str, Any]:
    """The assistant message of *dialect* holding *items* (wire call items)."""
    builder = _MESSAGE.get(dialect)
    if builder is not None:
        return builder(items, content)
    return _chat_like(dialect, items, content)


_USAGE = {"prompt_tokens": 84, "completion_tokens": 22, "total_tokens": 106}


def response(
    dialect: str, items: Items, content: Optional[str] = None, finish: Optional[str] = None
) -> Dict[str, Any]:
    """The whole reply of *dialect* holding *items*; *finish* overrides the finish reason."""
    reason = finish or _FINISH[dialect]
    if dialect in ("openai.chat", "mistral"):
        model = "gpt-4o" if dialect == "openai.chat" else "mistral-large-latest"
        return {"id": "chatcmpl-0", "object": "chat.completion", "created": 1764460800, "model": model,
                "choices": [{"index": 0, "finish_reason": reason, "message": message(dialect, items, content)}],
                "usage": dict(_USAGE)}
    if dialect == "cohere.v2":
        return {"id": "5d4e9c2a-0", "finish_reason": reason, "message": message(dialect, items, content),
                "usage": {"billed_units": {"input_tokens": 30, "output_tokens": 18}}}
    if dialect == "ollama":
        return {"model": "llama3.1", "created_at": "2025-11-30T08:00:00.000000Z",
                "message": message(dialect, items, content), "done_reason": reason, "done": True}
    if dialect == "openai.responses":
        out: Items = [{"type": "reasoning", "id": "rs_0", "summary": []}]
        if content:
            out.append({"type": "message", "id": "msg_0", "role": "assistant", "status": "completed",
                        "content": [{"type": "output_text", "text": content, "annotations": []}]})
        return {"id": "resp_0", "object": "response", "status": reason, "created_at": 1764460800,
                "model": "gpt-5", "output": [*out, *items]}
    if dialect == "anthropic.messages":
        return {"id": "msg_0", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
                "content": message(dialect, items, content)["content"], "stop_reason": reason,
                "stop_sequence": None, "usage": {"input_tokens": 412, "output_tokens": 61}}
    if dialect == "gemini":
        return {"candidates": [{"content": message(dialect, items, content), "finishReason": reason,
                                "index": 0}],
                "usageMetadata": {"promptTokenCount": 40, "candidatesTokenCount": 12},
                "modelVersion": "gemini-2.5-flash"}
    if dialect == "bedrock.converse":
        return {"output": {"message": message(dialect, items, content)}, "stopReason": reason,
                "usage": {"inputTokens": 40, "outputTokens": 12, "totalTokens": 52},
                "metrics": {"latencyMs": 420}}
    raise KeyError(dialect)


# which container kinds each wire dialect has (MCP and the canonical form have neither)
KINDS: Dict[str, Tuple[str, ...]] = {
    **{d: ("message", "response") for d in _FINISH},
    "mcp": (),
    "canonical": (),
}
