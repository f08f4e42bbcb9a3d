"""Anthropic's prompt-cache breakpoints are counted as the request goes out: "A maximum of
4 blocks with cache_control may be provided" (system and messages; tools count too, the
caller's), "cache entries with longer TTL must appear before shorter TTLs"
(https://docs.claude.com/en/docs/build-with-claude/prompt-caching). A trimmed prefill text
and a re-sent image, tool_use or tool_result block are blocks written fresh: counted, and
the last ones past the fourth go without theirs, noted."""

from __future__ import annotations

import json
from typing import Any, List

from toolwire.conversation import Message, Problem, Text, decode_conversation, encode_conversation

A = "anthropic.messages"
CC = {"type": "ephemeral"}
HOUR = {"type": "ephemeral", "ttl": "1h"}
PAST = ("written fresh, the block would be a breakpoint past the 4 Anthropic takes (\"A maximum of 4 blocks with "
        "cache_control may be provided\")")


def _cc(out: Any) -> int:
    return json.dumps(out).count('"cache_control"')


def _notes(report: List[Problem]) -> List[Any]:
    return [(p.kind, p.index, p.message) for p in report]


def test_a_trimmed_prefill_texts_breakpoint_is_counted() -> None:
    h = {"messages": [
        {"role": "user", "content": [{"type": "text", "text": "q1", "cache_control": CC}]},
        {"role": "assistant", "content": [{"type": "text", "text": "a1", "cache_control": CC}]},
        {"role": "user", "content": [{"type": "text", "text": "q2", "cache_control": CC},
                                     {"type": "text", "text": "q3", "cache_control": CC}]},
        {"role": "assistant", "content": [{"type": "text", "text": "Sure ", "cache_control": CC}]},
    ]}
    ms = list(decode_conversation(h, A).messages)
    ms.insert(3, Message("assistant", (Text("Thinking."),)))  # merged with message 4: written fresh
    report: List[Problem] = []
    out = encode_conversation(ms, A, report=report)
    assert _cc(out) == 4
    assert out["messages"][-1] == {"role": "assistant", "content": [
        {"type": "text", "text": "Thinking."}, {"type": "text", "text": "Sure"}]}
    assert ("dropped", 4, f"The cache_control on a text block of message 4 is not sent to {A}: {PAST}") in _notes(
        report)


def test_a_trimmed_prefill_text_keeps_its_breakpoint_under_the_cap() -> None:
    h = {"messages": [{"role": "user", "content": "q"},
                      {"role": "assistant", "content": [{"type": "text", "text": "Sure ", "cache_control": HOUR}]}]}
    ms = list(decode_conversation(h, A).messages)
    ms.insert(1, Message("assistant", (Text("Thinking."),)))
    out = encode_conversation(ms, A)
    assert out["messages"][-1]["content"][1] == {"type": "text", "text": "Sure", "cache_control": HOUR}


RESEND = {"messages": [
    {"role": "user", "content": [{"type": "text", "text": "q"}]},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}, "cache_control": CC}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "r", "cache_control": CC}]},
    {"role": "assistant", "content": [{"type": "text", "text": "a", "cache_control": CC}]},
    {"role": "user", "content": [{"type": "text", "text": "u", "cache_control": CC}]},
]}


def test_re_sent_tool_use_and_tool_result_breakpoints_are_counted() -> None:
    c = decode_conversation(RESEND, A)
    c = c.append(Message("assistant", c.messages[1].parts)).append(Message("user", c.messages[2].parts))
    report: List[Problem] = []
    out = encode_conversation(c, A, report=report)
    assert _cc(out) == 4
    assert out["messages"][:5] == RESEND["messages"]  # (written back as they came: theirs stay)
    assert out["messages"][5:] == [
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "r"}]}]
    assert _notes(report) == [
        ("dropped", 6, f"The cache_control on a tool_result block of message 6 is not sent to {A}: {PAST}"),
        ("dropped", 5, f"The cache_control on a tool_use block of message 5 is not sent to {A}: {PAST}")]
    assert RESEND["messages"][1]["content"][0]["cache_control"] == CC  # (the caller's blocks are not touched)


def test_a_re_sent_results_inner_breakpoint_is_counted_on_its_own_copy() -> None:
    inner = {"type": "text", "text": "r", "cache_control": CC}
    h = {"messages": [
        *RESEND["messages"][:2],
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [inner]}]},
        *RESEND["messages"][3:],
    ]}
    c = decode_conversation(h, A)
    c = c.append(Message("assistant", (Text("ok"),))).append(Message("user", c.messages[2].parts))
    report: List[Problem] = []
    out = encode_conversation(c, A, report=report)
    assert _cc(out) == 4
    assert out["messages"][2]["content"][0]["content"] == [inner]
    assert out["messages"][6]["content"][0]["content"] == [{"type": "text", "text": "r"}]
    assert inner == {"type": "text", "text": "r", "cache_control": CC}
    assert ("dropped", 6, f"The cache_control on a text block of message 6 is not sent to {A}: {PAST}") in _notes(
        report)


def test_a_history_under_the_cap_is_left_as_it_is() -> None:
    c = decode_conversation({"messages": RESEND["messages"][:3]}, A)
    c = c.append(Message("assistant", c.messages[1].parts)).append(Message("user", c.messages[2].parts))
    report: List[Problem] = []
    out = encode_conversation(c, A, report=report)
    assert _cc(out) == 4 and report == []
