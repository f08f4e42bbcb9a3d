"""A block's ``cache_control`` (Anthropic's prompt-caching breakpoint:
https://docs.claude.com/en/docs/build-with-claude/prompt-caching; OpenRouter takes it
on Chat content parts: https://openrouter.ai/docs/features/prompt-caching) and an
Anthropic text block's ``citations``
(https://docs.claude.com/en/docs/build-with-claude/citations) are not carried by the
canonical parts: a message written fresh or for another dialect goes without them,
and the report says so (``dropped``), as it says for Cohere's citations."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire.conversation import Problem, decode_conversation, encode_conversation

EPHEMERAL = {"type": "ephemeral"}

# the shape of the corpus request openai-compatible/request-pai-openrouter-claude-sonnet-4.6-
# cache-control-history.json (OpenRouter, Chat shape, Claude behind it)
OPENROUTER: Dict[str, Any] = {"messages": [
    {"role": "system", "content": [{"type": "text", "text": "You do maths.", "cache_control": EPHEMERAL}]},
    {"role": "user", "content": "What is 123 * 456?"},
    {"role": "assistant", "content": "Let me calculate that for you!", "tool_calls": [
        {"id": "toolu_01QXVkPZYABFNhTASu9uBdEM", "type": "function",
         "function": {"name": "calculator", "arguments": "{\"expression\": \"123 * 456\"}"}}]},
    {"role": "tool", "tool_call_id": "toolu_01QXVkPZYABFNhTASu9uBdEM",
     "content": [{"type": "text", "text": "56088", "cache_control": EPHEMERAL}]},
]}

ANTHROPIC: Dict[str, Any] = {
    "system": [{"type": "text", "text": "You do maths.", "cache_control": EPHEMERAL}],
    "messages": [
        {"role": "user", "content": [{"type": "text", "text": "hi", "cache_control": EPHEMERAL}]},
        {"role": "assistant", "content": [
            {"type": "text", "text": "calling", "citations": [
                {"type": "char_location", "cited_text": "x", "document_index": 0, "document_title": None,
                 "start_char_index": 0, "end_char_index": 1}]},
            {"type": "tool_use", "id": "toolu_01", "name": "f", "input": {}, "cache_control": EPHEMERAL}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_01", "content": "ok", "cache_control": EPHEMERAL}]},
    ]}


@pytest.mark.parametrize("target", ["anthropic.messages", "bedrock.converse", "gemini", "openai.responses"])
def test_chat_parts_cache_control_is_noted(target: str) -> None:
    report: List[Problem] = []
    encode_conversation(decode_conversation(OPENROUTER, "openai.chat"), target, report=report)
    assert [(p.kind, p.index, p.message) for p in report if "cache_control" in p.message] == [
        ("dropped", 0, f"The cache_control on 1 content block of message 0 is not sent to {target}"),
        ("dropped", 3, f"The cache_control on 1 content block of message 3 is not sent to {target}"),
    ]


@pytest.mark.parametrize("target", ["openai.chat", "bedrock.converse", "gemini", "mistral"])
def test_anthropic_cache_control_and_citations_are_noted(target: str) -> None:
    report: List[Problem] = []
    encode_conversation(decode_conversation(ANTHROPIC, "anthropic.messages"), target, report=report)
    assert [(p.index, p.message) for p in report if p.kind == "dropped"] == [
        (0, f"The cache_control on 1 content block of message 0 is not sent to {target}"),
        (1, f"The cache_control on 1 content block of message 1 is not sent to {target}"),
        (2, f"The list of citations (1) of message 2 is not sent to {target}"),
        (2, f"The cache_control on 1 content block of message 2 is not sent to {target}"),
        (3, f"The cache_control on 1 content block of message 3 is not sent to {target}"),
    ]


def test_written_back_as_it_came_nothing_is_noted() -> None:
    report: List[Problem] = []
    conv = decode_conversation(ANTHROPIC, "anthropic.messages")
    assert encode_conversation(conv, "anthropic.messages", report=report) == ANTHROPIC
    assert report == []
    report = []
    out = encode_conversation(decode_conversation(OPENROUTER, "openai.chat"), "openai.chat", report=report)
    assert out == OPENROUTER and report == []
