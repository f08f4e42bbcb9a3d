"""A text block written fresh to Anthropic keeps its hints only in the message it was
decoded in, once: a part re-sent in a new message goes as plain text (else a fifth
breakpoint: "A maximum of 4 blocks with cache_control may be provided. Found 5."); a
hint of a block not written (its part edited or removed) is noted ``dropped``; a 1-hour
hint that the fresh write puts after a 5-minute breakpoint (results go first) is dropped,
noted: "cache entries with longer TTL must appear before shorter TTLs"
(https://docs.claude.com/en/docs/build-with-claude/prompt-caching)."""

from __future__ import annotations

import json
from typing import Any, List

from toolwire.conversation import Message, Problem, Text, decode_conversation, encode_conversation

A = "anthropic.messages"
CC = {"type": "ephemeral"}
HOUR = {"type": "ephemeral", "ttl": "1h"}
# a 1x1 PNG (its bytes)
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
FOUR = {"messages": [
    {"role": "user", "content": [{"type": "text", "text": "q1", "cache_control": CC}]},
    {"role": "assistant", "content": [{"type": "text", "text": "a1", "cache_control": CC}]},
    {"role": "user", "content": [{"type": "text", "text": "q2", "cache_control": CC}]},
    {"role": "assistant", "content": [{"type": "text", "text": "a2", "cache_control": CC}]},
]}


def _cc(out: Any) -> int:
    return json.dumps(out).count('"cache_control"')


def _notes(report: List[Problem]) -> List[Any]:
    return [(p.kind, p.index, p.message) for p in report]


def test_a_part_re_sent_in_a_new_message_goes_without_its_blocks_hints() -> None:
    c = decode_conversation(FOUR, A)
    report: List[Problem] = []
    out = encode_conversation(c.append(Message("user", c.messages[2].parts)), A, report=report)
    assert _cc(out) == 4
    assert out["messages"][:4] == FOUR["messages"]
    assert out["messages"][4] == {"role": "user", "content": [{"type": "text", "text": "q2"}]}
    out = encode_conversation(c.append(Message("user", c.messages[0].parts + c.messages[2].parts)), A)
    assert _cc(out) == 4


def test_a_part_twice_in_its_own_message_takes_its_block_once() -> None:
    m = decode_conversation(FOUR, A).messages[0]
    out = encode_conversation([m.replace(parts=m.parts * 2)], A)
    assert out["messages"] == [{"role": "user", "content": [
        {"type": "text", "text": "q1", "cache_control": CC}, {"type": "text", "text": "q1"}]}]


def test_an_edited_or_removed_text_parts_hints_are_noted() -> None:
    h = {"messages": [{"role": "user", "content": [{"type": "text", "text": "a", "cache_control": CC}]}]}
    m = decode_conversation(h, A).messages[0]
    report: List[Problem] = []
    out = encode_conversation([m.replace(parts=(Text("a edited"),))], A, report=report)
    assert out["messages"] == [{"role": "user", "content": [{"type": "text", "text": "a edited"}]}]
    assert _notes(report) == [
        ("dropped", 0, "The cache_control on 1 content block of message 0 is not sent to anthropic.messages")]
    h = {"messages": [{"role": "user", "content": [
        {"type": "text", "text": "a", "cache_control": CC}, {"type": "text", "text": "b", "cache_control": CC}]}]}
    m = decode_conversation(h, A).messages[0]
    for parts in ((m.parts[0], Text("b edited")), (m.parts[0],)):
        report = []
        out = encode_conversation([m.replace(parts=parts)], A, report=report)
        assert out["messages"][0]["content"][0] == {"type": "text", "text": "a", "cache_control": CC}
        assert _cc(out) == 1
        assert _notes(report) == [
            ("dropped", 0, "The cache_control on 1 content block of message 0 is not sent to anthropic.messages")]


def test_a_one_hour_hint_put_after_a_five_minute_result_is_dropped_noted() -> None:
    h = {"messages": [
        {"role": "user", "content": [{"type": "text", "text": "q"}]},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
        {"role": "user", "content": [
            {"type": "text", "text": "context", "cache_control": HOUR},
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": "r", "cache_control": CC},
            {"type": "image", "source": {"type": "base64", "media_type": "image/jpg", "data": PNG}}]},
    ]}
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(h, A), A, report=report)
    assert out["messages"][2]["content"] == [
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": "r", "cache_control": CC},
        {"type": "text", "text": "context"},
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}]
    assert ("dropped", 2, "The cache_control (ttl '1h') on a text block of message 2 is not sent to anthropic.messages: "
                          "written fresh, the block goes after a breakpoint of a shorter ttl, and longer ttls must "
                          "come first") in _notes(report)
    # in its place (no result before it), the one-hour hint stays
    h["messages"][2]["content"][1]["cache_control"] = HOUR
    out = encode_conversation(decode_conversation(h, A), A)
    assert out["messages"][2]["content"][1] == {"type": "text", "text": "context", "cache_control": HOUR}


def _image(cc: Any) -> Any:  # PNG bytes labelled JPEG (the message is written fresh)
    return {"type": "image", "source": {"type": "base64", "media_type": "image/jpeg", "data": PNG}, "cache_control": cc}


def test_a_text_blocks_hint_is_left_out_where_re_sent_images_take_the_breakpoints() -> None:
    h = {"messages": [
        {"role": "user", "content": [{"type": "text", "text": "t", "cache_control": CC}, _image(CC)]},
        {"role": "assistant", "content": [{"type": "text", "text": "a", "cache_control": CC}]},
        {"role": "user", "content": [{"type": "text", "text": "u", "cache_control": CC}]},
    ]}
    c = decode_conversation(h, A)
    c = c.append(Message("assistant", (Text("ok"),))).append(Message("user", c.messages[0].parts))
    report: List[Problem] = []
    out = encode_conversation(c, A, report=report)
    assert _cc(out) == 4  # (the image re-sent is counted too: the last breakpoint written fresh goes without)
    assert out["messages"][0]["content"][0] == {"type": "text", "text": "t", "cache_control": CC}
    assert "cache_control" not in out["messages"][4]["content"][1]
    assert ("dropped", 4, "The cache_control on an image block of message 4 is not sent to anthropic.messages: written "
                          "fresh, the block would be a breakpoint past the 4 Anthropic takes (\"A maximum of 4 blocks "
                          "with cache_control may be provided\")") in _notes(report)


def test_a_five_minute_hint_is_left_out_before_a_one_hour_breakpoint() -> None:
    png = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}, "cache_control": HOUR}
    h = {"messages": [{"role": "user", "content": [{"type": "text", "text": "look", "cache_control": CC}]},
                      {"role": "assistant", "content": [{"type": "text", "text": "ok"}]},
                      {"role": "user", "content": [png]}]}
    c = decode_conversation(h, A)
    report: List[Problem] = []
    out = encode_conversation([Message("user", (Text("hi"),)), *c.messages], A, report=report)
    assert out["messages"][0]["content"][1] == {"type": "text", "text": "look"}
    assert out["messages"][2]["content"][0] == png  # (written back as it came: it stays)
    assert ("dropped", 1, "The cache_control on a text block of message 1 is not sent to anthropic.messages: written "
                          "fresh, the block goes before a breakpoint of a longer ttl, and longer ttls must come "
                          "first") in _notes(report)


def test_a_re_sent_one_hour_image_after_a_five_minute_hint_goes_without() -> None:
    h = {"messages": [{"role": "user", "content": [_image(HOUR), {"type": "text", "text": "look", "cache_control": CC}]}]}
    c = decode_conversation(h, A)
    c = c.append(Message("assistant", (Text("ok"),))).append(Message("user", c.messages[0].parts))
    report: List[Problem] = []
    out = encode_conversation(c, A, report=report)
    assert out["messages"][0]["content"][0]["cache_control"] == HOUR
    assert out["messages"][0]["content"][1] == {"type": "text", "text": "look", "cache_control": CC}
    assert "cache_control" not in out["messages"][2]["content"][0]
    assert ("dropped", 2, "The cache_control (ttl '1h') on an image block of message 2 is not sent to "
                          "anthropic.messages: written fresh, the block goes after a breakpoint of a shorter ttl, and "
                          "longer ttls must come first") in _notes(report)


def test_an_edited_system_text_blocks_hint_is_noted() -> None:
    h = {"system": [{"type": "text", "text": "s", "cache_control": CC}], "messages": [{"role": "user", "content": "q"}]}
    c = decode_conversation(h, A)
    report: List[Problem] = []
    out = encode_conversation([c.messages[0].replace(parts=(Text("s2"),)), c.messages[1]], A, report=report)
    assert out["system"] == "s2"
    assert _notes(report) == [
        ("dropped", 0, "The cache_control on 1 content block of message 0 is not sent to anthropic.messages")]


def test_planning_and_the_breakpoint_pass_stay_linear(monkeypatch: Any) -> None:
    from toolwire.dialects.anthropic import breakpoints, fresh_text

    calls = [0]
    real_own, real_ttl = fresh_text._own, breakpoints._ttl

    def own(m: Any, *rest: Any) -> Any:
        calls[0] += 1
        return real_own(m, *rest)

    def ttl(cc: Any) -> Any:
        calls[0] += 1
        return real_ttl(cc)

    monkeypatch.setattr(fresh_text, "_own", own)
    monkeypatch.setattr(breakpoints, "_ttl", ttl)

    def steps(n: int) -> int:
        h = {"messages": [{"role": "user", "content": [
            *({"type": "text", "text": f"t{i}", "cache_control": CC} for i in range(n)), _image(None)]}
            for _ in range(n)]}
        calls[0] = 0
        encode_conversation(decode_conversation(h, A), A, report=[])
        return calls[0]

    small, big = steps(20), steps(40)  # (n messages of n blocks: 4x the blocks)
    assert 3.5 < big / small < 4.5
