"""Test helper: one reply of each dialect whose text a think tag may stand in, built around
a text (the tests of ``_think``: which dialects read tags out, and the layout they leave).

``INLINE``: the dialects whose text can carry a chat template's think block (Chat of
servers without a reasoning parser, Mistral, Ollama ``/api/chat``); ``OWN_CHANNEL``: those
that return reasoning in a channel of their own and never inline it."""

from __future__ import annotations

from typing import Any, Callable, Dict

__all__ = ["INLINE", "OWN_CHANNEL", "chat"]

Reply = Callable[[str], Dict[str, Any]]


def anthropic(text: str) -> Dict[str, Any]:  # https://docs.anthropic.com/en/api/messages
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "content": [{"type": "text", "text": text}], "stop_reason": "end_turn", "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1}}


def responses(text: str) -> Dict[str, Any]:  # https://platform.openai.com/docs/api-reference/responses/object
    return {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-5", "status": "completed",
            "output": [{"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
                        "content": [{"type": "output_text", "text": text, "annotations": []}]}],
            "parallel_tool_calls": True, "tool_choice": "auto", "tools": []}


def gemini(text: str) -> Dict[str, Any]:  # https://ai.google.dev/api/generate-content#generatecontentresponse
    return {"candidates": [{"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": "STOP",
                            "index": 0}]}


def bedrock(text: str) -> Dict[str, Any]:  # API_runtime_Converse.html
    return {"output": {"message": {"role": "assistant", "content": [{"text": text}]}}, "stopReason": "end_turn",
            "usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2}}


def cohere(text: str) -> Dict[str, Any]:  # https://docs.cohere.com/reference/chat
    return {"id": "c1", "finish_reason": "COMPLETE",
            "message": {"role": "assistant", "content": [{"type": "text", "text": text}]}}


def chat(text: str) -> Dict[str, Any]:
    return {"object": "chat.completion", "model": "qwen3", "choices": [
        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}]}


def mistral(text: str) -> Dict[str, Any]:
    return {**chat(text), "model": "magistral-medium-latest"}


def ollama(text: str) -> Dict[str, Any]:  # ollama docs/api.md, /api/chat
    return {"model": "qwen3", "created_at": "2025-11-30T08:00:00Z", "message": {"role": "assistant", "content": text},
            "done": True, "done_reason": "stop"}


OWN_CHANNEL: Dict[str, Reply] = {"anthropic.messages": anthropic, "openai.responses": responses, "gemini": gemini,
                                 "bedrock.converse": bedrock, "cohere.v2": cohere}
INLINE: Dict[str, Reply] = {"openai.chat": chat, "mistral": mistral, "ollama": ollama}
