"""Converse's ``cachePoint`` blocks are counted as the request goes out, as Anthropic's
breakpoints: Claude on Bedrock takes at most 4 cache checkpoints, their TTLs
(``CachePointBlock.ttl``: ``5m`` | ``1h``) non-increasing from ``system`` to ``messages``
(https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html). A re-sent one
past them is left out, noted; those written back as they came stay."""

from __future__ import annotations

import json
from typing import Any, List

from toolwire.conversation import Message, Problem, Text, decode_conversation, encode_conversation

B = "bedrock.converse"
CP = {"cachePoint": {"type": "default"}}
HOUR = {"cachePoint": {"type": "default", "ttl": "1h"}}
H = {"system": [{"text": "s"}, CP], "messages": [
    {"role": "user", "content": [{"text": "q1"}, CP]},
    {"role": "assistant", "content": [{"text": "a1"}]},
    {"role": "user", "content": [{"text": "q2"}, CP]},
    {"role": "assistant", "content": [{"text": "a2"}]},
    {"role": "user", "content": [{"text": "q3"}, CP]},
]}


def _points(out: Any) -> int:
    return json.dumps(out).count('"cachePoint"')


def _notes(report: List[Problem]) -> List[Any]:
    return [(p.kind, p.index, p.message) for p in report]


def test_a_re_sent_cache_point_past_the_fourth_is_left_out_noted() -> None:
    c = decode_conversation(H, B)
    c = c.append(Message("assistant", (Text("ok"),))).append(Message("user", c.messages[1].parts))
    report: List[Problem] = []
    out = encode_conversation(c, B, report=report)
    assert _points(out) == 4
    assert out["system"] == H["system"] and out["messages"][:5] == H["messages"]
    assert out["messages"][6] == {"role": "user", "content": [{"text": "q1"}]}
    assert _notes(report) == [("dropped", 7, "The cachePoint block of message 7 is not sent to bedrock.converse: "
                                             "written fresh, the block would be a breakpoint past the 4 Converse "
                                             "takes (4 cache checkpoints a request, as Anthropic's API)")]


def test_a_re_sent_one_hour_cache_point_after_a_shorter_one_is_left_out() -> None:
    h = {"messages": [{"role": "user", "content": [{"text": "q1"}, HOUR]},
                      {"role": "assistant", "content": [{"text": "a1"}]},
                      {"role": "user", "content": [{"text": "q2"}, CP]}]}
    c = decode_conversation(h, B)
    c = c.append(Message("assistant", (Text("ok"),))).append(Message("user", c.messages[0].parts))
    report: List[Problem] = []
    out = encode_conversation(c, B, report=report)
    assert out["messages"][:3] == h["messages"]
    assert out["messages"][4] == {"role": "user", "content": [{"text": "q1"}]}
    assert [(k, i) for k, i, _ in _notes(report)] == [("dropped", 4)]
    assert "(ttl '1h')" in report[0].message and "longer ttls must come first" in report[0].message


def test_cache_points_under_the_cap_are_left_as_they_are() -> None:
    h = {"messages": H["messages"][:3]}
    c = decode_conversation(h, B)
    c = c.append(Message("assistant", (Text("ok"),))).append(Message("user", c.messages[0].parts))
    report: List[Problem] = []
    out = encode_conversation(c, B, report=report)
    assert _points(out) == 3 and report == []


def test_the_check_stays_linear(monkeypatch: Any) -> None:
    from toolwire.dialects.bedrock import cache_points

    calls = [0]
    real = cache_points.fresh_at

    def counted(*a: Any) -> Any:
        calls[0] += 1
        return real(*a)

    monkeypatch.setattr(cache_points, "fresh_at", counted)

    def steps(n: int) -> int:
        msgs = [{"role": "user" if i % 2 == 0 else "assistant", "content": [{"text": f"t{i}"}, CP]} for i in range(n)]
        c = decode_conversation({"messages": msgs}, B)
        calls[0] = 0
        encode_conversation([*c.messages, Message("user" if n % 2 == 0 else "assistant", c.messages[0].parts)], B,
                            report=[])
        return calls[0]

    small, big = steps(50), steps(200)
    assert 3.5 < big / small < 4.5


def _cp_only(tail: List[Message]) -> Any:
    h = {"system": [{"text": "s"}, CP], "messages": [{"role": "user", "content": [{"text": "a"}, CP]},
                                                      {"role": "assistant", "content": [{"text": "b"}, CP]},
                                                      {"role": "user", "content": [{"text": "c"}, CP]}]}
    c = decode_conversation(h, B)
    point = [p for p in c.messages[2].parts if not isinstance(p, Text)]
    report: List[Problem] = []
    out = encode_conversation([*c.messages, Message("assistant", tuple(point)), *tail], B, report=report)
    return h, out, [(k, i) for k, i, _ in _notes(report)]


def test_a_message_left_empty_by_a_dropped_cache_point_is_left_out() -> None:
    # Converse refuses a message without content: the turn goes as a fresh write leaves one
    h, out, notes = _cp_only([])
    assert out["messages"] == h["messages"]
    assert notes == [("dropped", 4), ("dropped", 4)]


def test_the_turns_around_a_message_left_empty_merge() -> None:
    h, out, notes = _cp_only([Message("user", (Text("go"),))])
    assert out["messages"] == [*h["messages"][:2], {"role": "user", "content": [{"text": "c"}, CP, {"text": "go"}]}]
    assert h["messages"][2]["content"] == [{"text": "c"}, CP]  # (the caller's list is not touched)
    assert notes == [("dropped", 4), ("dropped", 4)]
