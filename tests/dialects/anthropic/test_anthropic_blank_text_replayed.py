"""A decoded Anthropic message holding a blank text block it refuses is not replayed as it came
(which blank text it refuses: test_anthropic_blank_text_rule):
Anthropic answers "messages: text content blocks must be non-empty" (and "... must contain
non-whitespace text"); it is written fresh (``rewritten``), its blank text left out as a
fresh write leaves it out (``dropped``), as Bedrock's blank blocks are."""

from __future__ import annotations

from typing import Any, List

from toolwire.conversation import Message, Problem, Text, decode_conversation, encode_conversation

A = "anthropic.messages"
WHY = "which Anthropic refuses (\"text content blocks must be non-empty\")"


def _notes(report: List[Problem]) -> List[Any]:
    return [(p.kind, p.index, p.message) for p in report]


def test_an_empty_text_block_is_not_replayed() -> None:
    h = {"messages": [{"role": "user", "content": [{"type": "text", "text": ""}, {"type": "text", "text": "q"}]},
                      {"role": "assistant", "content": [{"type": "text", "text": "a"}]}]}
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(h, A).append(Message("user", (Text("more"),))), A, report=report)
    assert out["messages"][0] == {"role": "user", "content": [{"type": "text", "text": "q"}]}
    assert _notes(report) == [
        ("rewritten", 0, f"User message 0 is written fresh, not as it came: it holds an empty text block, {WHY}"),
        ("dropped", 0, f"An empty text block of message 0 is not sent to {A}")]
    report = []
    out = encode_conversation(decode_conversation(h, A), A, report=report)  # a round trip too
    assert out["messages"][0]["content"] == [{"type": "text", "text": "q"}] and len(report) == 2


def test_a_whitespace_text_block_is_left_out_noted() -> None:
    h = {"messages": [{"role": "user", "content": "q"},
                      {"role": "assistant", "content": [{"type": "text", "text": " \n"},
                                                        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
                      {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "r"}]}]}
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(h, A), A, report=report)
    assert out["messages"][1] == {"role": "assistant", "content": [
        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]}
    assert [k for k, *_ in _notes(report)] == ["rewritten", "dropped"]


def test_a_results_blank_text_block_is_not_replayed() -> None:
    h = {"messages": [{"role": "user", "content": "q"},
                      {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
                      {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [
                          {"type": "text", "text": ""}, {"type": "text", "text": "r"}]}]}]}
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(h, A), A, report=report)
    assert out["messages"][2]["content"][0]["content"] == [{"type": "text", "text": "r"}]
    assert _notes(report)[0] == ("rewritten", 2, "User message 2 is written fresh, not as it came: it holds a result "
                                                 f"(toolu_1) with an empty text block, {WHY}")


def test_text_blocks_with_text_are_replayed() -> None:
    h = {"messages": [{"role": "user", "content": [{"type": "text", "text": "q"}]}]}
    report: List[Problem] = []
    assert encode_conversation(decode_conversation(h, A), A, report=report) == h and report == []
