"""Inline think tags are read out of the text only for the dialects whose text can carry a
chat template's think block: OpenAI-compatible Chat (servers without a reasoning parser,
Groq ``reasoning_format=raw``), Mistral (Chat's reader) and Ollama ``/api/chat``; each
declares it on its ``ResponseReader`` (``inline_think``), as a third-party dialect does.

Anthropic Messages (``thinking`` blocks), OpenAI Responses (``reasoning`` items), Gemini
(``thought`` parts), Bedrock Converse (``reasoningContent``) and Cohere v2 (``thinking``
items) return reasoning in a channel of their own and never inline it: a think tag in
their text is the answer's own words (a coding assistant explaining reasoning-model
output). Before the fix every dialect's text went through the rules (newsdk NS2).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Dict

import pytest

import toolwire
from toolwire import Registry, default_registry
from toolwire.response import ResponseReader, Usage, normalize


def _anthropic(text: str) -> Dict[str, Any]:  # https://docs.anthropic.com/en/api/messages
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "content": [{"type": "text", "text": text}], "stop_reason": "end_turn", "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1}}


def _responses(text: str) -> Dict[str, Any]:  # https://platform.openai.com/docs/api-reference/responses/object
    return {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-5", "status": "completed",
            "output": [{"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
                        "content": [{"type": "output_text", "text": text, "annotations": []}]}],
            "parallel_tool_calls": True, "tool_choice": "auto", "tools": []}


def _gemini(text: str) -> Dict[str, Any]:  # https://ai.google.dev/api/generate-content#generatecontentresponse
    return {"candidates": [{"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": "STOP",
                            "index": 0}]}


def _bedrock(text: str) -> Dict[str, Any]:  # API_runtime_Converse.html
    return {"output": {"message": {"role": "assistant", "content": [{"text": text}]}}, "stopReason": "end_turn",
            "usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2}}


def _cohere(text: str) -> Dict[str, Any]:  # https://docs.cohere.com/reference/chat
    return {"id": "c1", "finish_reason": "COMPLETE",
            "message": {"role": "assistant", "content": [{"type": "text", "text": text}]}}


def _chat(text: str) -> Dict[str, Any]:
    return {"object": "chat.completion", "model": "qwen3", "choices": [
        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}]}


def _mistral(text: str) -> Dict[str, Any]:
    return {**_chat(text), "model": "magistral-medium-latest"}


def _ollama(text: str) -> Dict[str, Any]:  # ollama docs/api.md, /api/chat
    return {"model": "qwen3", "created_at": "2025-11-30T08:00:00Z", "message": {"role": "assistant", "content": text},
            "done": True, "done_reason": "stop"}


OWN_CHANNEL = {"anthropic.messages": _anthropic, "openai.responses": _responses, "gemini": _gemini,
               "bedrock.converse": _bedrock, "cohere.v2": _cohere}
INLINE = {"openai.chat": _chat, "mistral": _mistral, "ollama": _ollama}

TEXTS = [
    "To parse Qwen3 output, split on </think>: the part after it is the answer.",
    "<think> is the tag DeepSeek-R1 opens its reasoning with.",
    "Wrap notes like <thinking>draft</thinking> and the model keeps them apart.",
    "<reasoning>\n  <step>1</step>\n</reasoning>\nThis is the schema you asked for.",
]


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("dialect", sorted(OWN_CHANNEL))
def test_a_dialect_with_its_own_reasoning_channel_keeps_tags_in_its_text(dialect: str, text: str) -> None:
    for provider in (None, dialect):
        r = normalize(OWN_CHANNEL[dialect](text), provider=provider)
        assert (r.provider, r.text, r.reasoning, r.think_stripped) == (dialect, text, "", False)


@pytest.mark.parametrize("dialect", sorted(INLINE))
def test_the_chat_template_dialects_still_move_think_blocks(dialect: str) -> None:
    r = normalize(INLINE[dialect]("<think>\nplan\n</think>\n\nThe answer."), provider=dialect)
    assert (r.provider, r.text, r.reasoning, r.think_stripped) == (dialect, "The answer.", "plan", True)
    lone = normalize(INLINE[dialect]("plan\n</think>\n\nThe answer."), provider=dialect)  # <think> was in the prompt
    assert (lone.text, lone.reasoning, lone.think_stripped) == ("The answer.", "plan", True)


def test_the_built_in_readers_declare_it() -> None:
    reg = default_registry()
    declared = {n: reg.get(n).response.inline_think for n in reg.names() if reg.get(n).response is not None}
    assert declared == {**{n: False for n in OWN_CHANNEL}, **{n: True for n in INLINE}}


def _read(d: Dict[str, Any]) -> Any:
    return d["acme"], "", None, "stop", Usage(), None


def _acme(reader: ResponseReader) -> toolwire.Dialect:
    return dataclasses.replace(default_registry().get("openai.chat"), name="acme", aliases=(), detect=None,
                               gate=None, keys=frozenset({"acme"}), response=reader, finish_reasons={"stop": "stop"})


@pytest.mark.parametrize(("make", "stripped"), [
    (lambda: ResponseReader(detect=lambda d: "acme" in d, read=_read), False),  # the default: its own words
    (lambda: ResponseReader(detect=lambda d: "acme" in d, read=_read, inline_think=True), True),
])
def test_a_third_party_dialect_declares_it(make: Callable[[], ResponseReader], stripped: bool) -> None:
    reg = Registry()
    reg.register(_acme(make()))
    r = normalize({"acme": "<think>plan</think> The answer."}, registry=reg)
    assert r.think_stripped is stripped
    assert r.text == ("The answer." if stripped else "<think>plan</think> The answer.")


def test_inline_think_must_be_a_bool() -> None:
    reg = Registry()
    with pytest.raises(TypeError, match="inline_think"):
        reg.register(_acme(ResponseReader(detect=lambda d: "acme" in d, read=_read, inline_think="yes")))  # type: ignore[arg-type]
