"""The final assistant message's trailing whitespace (a prefill: "final assistant content
cannot end with trailing whitespace", tailcallhq/forgecode#1872) is judged on the messages
as they go out, after the breakpoint check: a Bedrock user turn the check leaves empty is
dropped first, so the assistant message before it is the final one. A trimmed text block
that came with the history keeps its breakpoint as one that came (review revAnth3). A
NON-final assistant message ending in a whitespace-only block beside other text is taken
by Anthropic (LibreChat-AI/agents#124: only the final one is refused for it), so it is
written back as it came."""

from __future__ import annotations

from typing import Any, List

from toolwire.conversation import Problem, check_conversation, decode_conversation, encode_conversation

A, B = "anthropic.messages", "bedrock.converse"
TRIM = "The trailing whitespace of the final assistant message's text in message {} is left out"


def _round(h: Any, d: str) -> Any:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(h, d), d, report=report)
    return out, [(p.kind, p.index, p.message) for p in report]


def test_bedrock_trims_the_assistant_message_left_final_by_the_cache_point_check() -> None:
    h = {"messages": [
        {"role": "user", "content": [{"text": "q"}, {"cachePoint": {"type": "default"}}]},
        {"role": "assistant", "content": [{"text": "x "}]},
        {"role": "user", "content": [{"text": " "}, {"cachePoint": {"type": "default", "ttl": "1h"}}]},
    ]}
    out, notes = _round(h, B)
    assert out == {"messages": [
        {"role": "user", "content": [{"text": "q"}, {"cachePoint": {"type": "default"}}]},
        {"role": "assistant", "content": [{"text": "x"}]},
    ]}
    assert any(k == "dropped" and i == 1 and m.startswith(TRIM.format(1)) for k, i, m in notes)


def test_a_trimmed_block_that_came_keeps_its_breakpoint_over_a_rewritten_one() -> None:
    h = {"messages": [
        {"role": "user", "content": [{"type": "text", "text": "u", "cache_control": {"type": "ephemeral"}},
                                     {"type": "text", "text": ""}]},
        {"role": "assistant", "content": [{"type": "text", "text": "c ",
                                           "cache_control": {"type": "ephemeral", "ttl": "1h"}}]},
    ]}
    out, notes = _round(h, A)
    assert out == {"messages": [
        {"role": "user", "content": [{"type": "text", "text": "u"}]},
        {"role": "assistant", "content": [{"type": "text", "text": "c",
                                           "cache_control": {"type": "ephemeral", "ttl": "1h"}}]},
    ]}
    dropped = [(i, m) for k, i, m in notes if k == "dropped" and "cache_control" in m]
    assert [i for i, _m in dropped] == [0]


def test_a_non_final_assistant_message_ending_in_a_whitespace_block_is_replayed_as_it_came() -> None:
    h = {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": " "}]},
        {"role": "user", "content": "r"},
    ]}
    out, notes = _round(h, A)
    assert out == h and notes == []
    assert [p.kind for p in check_conversation(h, A)] == []


def test_the_final_one_is_still_rewritten() -> None:
    h = {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": " "}]},
    ]}
    out, notes = _round(h, A)
    assert out["messages"][-1] == {"role": "assistant", "content": [{"type": "text", "text": "a"}]}
    assert [k for k, _i, _m in notes][:1] == ["rewritten"]
    assert "refused-message" in [p.kind for p in check_conversation(h, A)]


def test_an_earlier_whitespace_block_left_final_by_a_dropped_turn_is_left_out() -> None:
    h = {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [{"type": "text", "text": "a "}, {"type": "text", "text": " "}]},
        {"role": "user", "content": " "},
    ]}
    out, notes = _round(h, A)
    assert out == {"messages": [{"role": "user", "content": "q"},
                                {"role": "assistant", "content": [{"type": "text", "text": "a"}]}]}
    assert [(k, i) for k, i, _m in notes if i == 1] == [("dropped", 1), ("dropped", 1)]


def test_bedrock_trims_a_fresh_text_left_final_by_the_cache_point_check() -> None:
    h = {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": "x "},
    ]}
    conv = decode_conversation(h, "openai.chat")
    body = encode_conversation(conv, B)
    assert body["messages"][-1]["content"] == [{"text": "x"}]
    h2 = {"messages": [
        {"role": "user", "content": [{"text": "q"}, {"cachePoint": {"type": "default"}}]},
        {"role": "assistant", "content": [{"text": "x "}, {"text": "y "}]},
        {"role": "user", "content": [{"text": " "}, {"cachePoint": {"type": "default", "ttl": "1h"}}]},
    ]}
    out, _notes = _round(h2, B)
    assert out["messages"][-1] == {"role": "assistant", "content": [{"text": "x "}, {"text": "y"}]}


def test_string_content_merged_after_a_dropped_turn_is_trimmed() -> None:
    h = {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [{"type": "text", "text": "a"}]},
        {"role": "user", "content": " "},
        {"role": "assistant", "content": "b "},
    ]}
    out, notes = _round(h, A)
    assert out["messages"][-1] == {"role": "assistant", "content": [{"type": "text", "text": "a"},
                                                                    {"type": "text", "text": "b"}]}
    assert any(k == "dropped" and i == 3 and m.startswith(TRIM.format(3)) for k, i, m in notes)


def test_leaving_out_the_whitespace_blocks_stays_linear(monkeypatch: Any) -> None:
    """An earlier assistant message of many whitespace blocks (taken as it came) left final:
    one pass over them, not one copy of the list per block (hostile input stays linear)."""
    from toolwire.dialects import _prefill

    calls = [0]
    real = _prefill._text

    def text(item: Any) -> Any:
        calls[0] += 1
        return real(item)

    monkeypatch.setattr(_prefill, "_text", text)

    def run(n: int) -> int:
        calls[0] = 0
        h = {"messages": [{"role": "user", "content": "q"},
                          {"role": "assistant", "content": [{"type": "text", "text": "a "}]
                           + [{"type": "text", "text": " "}] * n},
                          {"role": "user", "content": " "}]}
        out, notes = _round(h, A)
        assert out["messages"][-1] == {"role": "assistant", "content": [{"type": "text", "text": "a"}]}
        assert len(notes) == n + 4  # (the user turn: rewritten, its text dropped, it left out; the trim)
        return calls[0]

    small, big = run(500), run(2000)
    assert 3.5 < big / small < 4.5
