"""Which blank text blocks Anthropic refuses (LibreChat-AI/agents#124, tried on the API):
an empty one (``""``) anywhere ("text content blocks must be non-empty"); a whitespace-only
one where the content list holds no other, non-blank, text ("text content blocks must
contain non-whitespace text"): ``[text ' ']`` and ``[text ' ', tool_use]`` are refused,
``[text ' ', text 'real']`` is taken. A message Anthropic takes is written back as it came;
one it refuses is written fresh, its blank text left out, noted."""

from __future__ import annotations

from typing import Any, List

from toolwire.conversation import Message, Problem, Text, decode_conversation, encode_conversation

A = "anthropic.messages"
CC = {"type": "ephemeral"}
EMPTY = "which Anthropic refuses (\"text content blocks must be non-empty\")"
SPACE = "which Anthropic refuses (\"text content blocks must contain non-whitespace text\")"


def _round(h: Any) -> Any:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(h, A), A, report=report)
    return out, [(p.kind, p.index, p.message) for p in report]


def test_a_whitespace_block_beside_text_is_replayed_as_it_came() -> None:
    for h in ({"messages": [{"role": "user", "content": [{"type": "text", "text": "Hi"}, {"type": "text", "text": " "}]}]},
              {"messages": [{"role": "user", "content": [{"type": "text", "text": "\n"}, {"type": "text", "text": "real"}]},
                            {"role": "assistant", "content": [{"type": "text", "text": "a"}]},
                            {"role": "user", "content": "q"}]}):
        assert _round(h) == (h, [])


def test_a_whitespace_block_between_thinking_text_and_a_call_is_replayed() -> None:
    sig = "EqQBCkYIBxgCKkB" + "a" * 40
    h = {"messages": [{"role": "user", "content": "q"},
                      {"role": "assistant", "content": [
                          {"type": "thinking", "thinking": "hmm", "signature": sig}, {"type": "text", "text": "\n\n"},
                          {"type": "text", "text": "I will call"},
                          {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
                      {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "r"}]}]}
    assert _round(h) == (h, [])


def test_a_results_whitespace_block_beside_text_is_replayed() -> None:
    h = {"messages": [{"role": "user", "content": "q"},
                      {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
                      {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [
                          {"type": "text", "text": "data"}, {"type": "text", "text": "\n"}]}]}]}
    assert _round(h) == (h, [])


def test_a_whitespace_block_beside_no_other_text_is_refused_in_its_words() -> None:
    h = {"messages": [{"role": "user", "content": "q"},
                      {"role": "assistant", "content": [{"type": "text", "text": " "},
                                                        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
                      {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "r"}]}]}
    out, notes = _round(h)
    assert out["messages"][1]["content"] == [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]
    assert notes[0] == ("rewritten", 1, f"Assistant message 1 is written fresh, not as it came: it holds a "
                                        f"whitespace-only text block beside no other text, {SPACE}")


def test_an_empty_block_is_refused_anywhere_and_left_out_noted() -> None:
    h = {"messages": [{"role": "user", "content": [{"type": "text", "text": "q"}, {"type": "text", "text": ""}]}]}
    out, notes = _round(h)
    assert out == {"messages": [{"role": "user", "content": [{"type": "text", "text": "q"}]}]}
    assert notes == [
        ("rewritten", 0, f"User message 0 is written fresh, not as it came: it holds an empty text block, {EMPTY}"),
        ("dropped", 0, f"An empty text block of message 0 is not sent to {A}")]


def test_a_final_assistant_message_ending_in_a_whitespace_block_is_written_fresh() -> None:
    # "final assistant content cannot end with trailing whitespace": its last block is
    h = {"messages": [{"role": "user", "content": "q"},
                      {"role": "assistant", "content": [{"type": "text", "text": "Sure"}, {"type": "text", "text": " "}]}]}
    out, notes = _round(h)
    assert out["messages"][1] == {"role": "assistant", "content": [{"type": "text", "text": "Sure"}]}
    assert notes[0][0] == "rewritten"


def test_blank_string_content_is_written_fresh() -> None:
    for blank in ("  ", ""):
        h = {"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": blank},
                          {"role": "user", "content": "q2"}]}
        out, notes = _round(h)
        assert out == {"messages": [{"role": "user", "content": [{"type": "text", "text": "q"},
                                                                 {"type": "text", "text": "q2"}]}]}
        assert notes[0][:2] == ("rewritten", 1)


def test_an_empty_result_blocks_cache_control_is_noted() -> None:
    h = {"messages": [{"role": "user", "content": "q"},
                      {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
                      {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [
                          {"type": "text", "text": "", "cache_control": CC}, {"type": "text", "text": "r"}]}]}]}
    out, notes = _round(h)
    assert out["messages"][2]["content"][0]["content"] == [{"type": "text", "text": "r"}]
    assert ("dropped", 2, f"The cache_control on a blank text block of the result for toolu_1 of message 2 is not "
                          f"sent to {A}") in notes


def test_a_fresh_message_keeps_its_text() -> None:
    out = encode_conversation([Message("user", (Text("Hi"), Text(" ")))], A, report=[])
    assert out == {"messages": [{"role": "user", "content": [{"type": "text", "text": "Hi"}]}]}


def test_a_whitespace_block_with_cache_control_is_written_fresh() -> None:
    # "cache_control cannot be set for empty text blocks" (anthropics/claude-code#50082): not tried on whitespace
    h = {"messages": [{"role": "user", "content": [{"type": "text", "text": "q"},
                                                   {"type": "text", "text": " \n", "cache_control": CC}]}]}
    out, notes = _round(h)
    assert out == {"messages": [{"role": "user", "content": [{"type": "text", "text": "q"}]}]}
    assert notes[0][0] == "rewritten" and "with cache_control" in notes[0][2]
