"""``cache_control`` and ``citations`` on the text blocks inside an Anthropic
``tool_result`` (the anthropic SDK: ``ToolResultBlockParam.content`` holds
``TextBlockParam``s, which carry ``cache_control`` and ``citations``; the last result
block is where an agent puts its caching breakpoint,
https://docs.claude.com/en/docs/build-with-claude/prompt-caching). No other target's
result carries them: each drop is noted (``dropped``), as for top-level blocks
(docs/conversations.md, "Participant names"); written to Anthropic they stay, unnoted."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire.conversation import Conversation, Message, Problem, decode_conversation, encode_conversation

EPHEMERAL = {"type": "ephemeral"}
CITATION = {"type": "char_location", "cited_text": "r", "document_index": 0, "document_title": None,
            "start_char_index": 0, "end_char_index": 1}


def _history(**extra: Any) -> Dict[str, Any]:
    return {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1",
                                      "content": [{"type": "text", "text": "result body", **extra}]}]},
    ]}


TARGETS = ["openai.chat", "openai.responses", "gemini", "bedrock.converse", "mistral", "cohere.v2", "ollama"]


@pytest.mark.parametrize("target", TARGETS)
def test_cache_control_inside_a_result_is_noted(target: str) -> None:
    report: List[Problem] = []
    encode_conversation(decode_conversation(_history(cache_control=EPHEMERAL), "anthropic.messages"), target,
                        report=report)
    assert [(p.kind, p.index, p.id, p.message) for p in report if "cache_control" in p.message] == [
        ("dropped", 2, "toolu_1",
         f"The cache_control on 1 content block in the result for toolu_1 ('f') in message 2 is not sent to {target}")]


@pytest.mark.parametrize("target", TARGETS)
def test_citations_inside_a_result_are_noted(target: str) -> None:
    report: List[Problem] = []
    encode_conversation(decode_conversation(_history(citations=[CITATION]), "anthropic.messages"), target,
                        report=report)
    assert [(p.kind, p.index, p.message) for p in report if "citations" in p.message] == [
        ("dropped", 2, f"The list of citations (1) in the result for toolu_1 ('f') in message 2 is not sent to {target}")]


def test_written_fresh_to_anthropic_they_stay_unnoted() -> None:
    h = _history(cache_control=EPHEMERAL, citations=[CITATION])
    conv = decode_conversation(h, "anthropic.messages")
    report: List[Problem] = []
    out = encode_conversation(Conversation([Message(m.role, m.parts) for m in conv.messages]), "anthropic.messages",
                              report=report)
    assert out["messages"][2]["content"][0]["content"] == h["messages"][2]["content"][0]["content"]
    assert report == []


# One result, not a history: what its provider data of another dialect held beside its
# parts goes only to that dialect. An Anthropic ``tool_result`` block's own
# ``cache_control`` (``ToolResultBlockParam.cache_control``); OpenRouter's
# ``cache_control`` on a Chat tool message's content part
# (https://openrouter.ai/docs/features/prompt-caching). A history notes them at their
# message (above), never twice.
_ANTHROPIC = {"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok", "cache_control": EPHEMERAL}
_CHAT = {"role": "tool", "tool_call_id": "call_1",
         "content": [{"type": "text", "text": "ok", "cache_control": EPHEMERAL}]}


@pytest.mark.parametrize("target", ["openai.chat", "bedrock.converse", "openai.responses"])
def test_a_result_block_s_own_cache_control_is_noted(target: str) -> None:
    report: List[Problem] = []
    toolwire.encode_result(toolwire.decode_result(_ANTHROPIC, "anthropic.messages"), target, report=report)
    assert report == [Problem("dropped", 0, "toolu_1",
                              f"The cache_control in the result for toolu_1 is not sent to {target}")]
    report.clear()
    toolwire.convert(_ANTHROPIC, target, source="anthropic.messages", report=report)
    assert [p.message for p in report] == [f"The cache_control in the result for toolu_1 is not sent to {target}"]


@pytest.mark.parametrize("target", ["anthropic.messages", "bedrock.converse"])
def test_a_chat_content_part_s_cache_control_is_noted(target: str) -> None:
    report: List[Problem] = []
    toolwire.encode_result(toolwire.decode_result(_CHAT, "openai.chat"), target, report=report)
    assert [p.message for p in report] == [
        f"The cache_control on 1 content part in the result for call_1 is not sent to {target}"]


def test_written_back_to_their_own_dialect_they_stay_unnoted() -> None:
    report: List[Problem] = []
    assert toolwire.encode_result(toolwire.decode_result(_ANTHROPIC, "anthropic.messages"), "anthropic.messages",
                                  report=report) == _ANTHROPIC
    assert toolwire.encode_result(toolwire.decode_result(_CHAT, "openai.chat"), "openai.chat",
                                  report=report) == _CHAT
    assert report == []


def test_a_history_notes_them_once() -> None:
    history = {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
        {"role": "user", "content": [_ANTHROPIC]},
    ]}
    report: List[Problem] = []
    encode_conversation(decode_conversation(history, "anthropic.messages"), "openai.chat", report=report)
    assert [p.message for p in report] == [
        "The cache_control on 1 content block of message 2 is not sent to openai.chat"]


def test_a_dialect_derived_from_the_source_s_keeps_them_unnoted() -> None:
    # what the target writes back is read, not its name: a copy of Anthropic's dialect
    # writes the block's ``cache_control`` as Anthropic does
    import dataclasses

    acme = dataclasses.replace(toolwire.get_dialect("anthropic.messages"), name="acme.claude", aliases=())
    report: List[Problem] = []
    assert toolwire.encode_result(toolwire.decode_result(_ANTHROPIC, "anthropic.messages"), acme,
                                  report=report) == _ANTHROPIC
    assert report == []
