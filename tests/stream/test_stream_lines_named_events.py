"""``iter_lines()`` bytes with the blank lines filtered out by the caller, every event
named (Anthropic's SSE, https://docs.anthropic.com/en/api/messages-streaming: an
``event:`` line before each ``data:`` line): the pieces read two ways until one tells
them apart (one line cut anywhere, or lines without their line end), then each event
comes out as its ``data:`` line is fed, not all at ``close()``."""

from __future__ import annotations

import json
from typing import Any, List, Tuple

from toolwire import ToolCall
from toolwire.stream import Accumulator

_EVENTS: List[Tuple[str, Any]] = [
    ("message_start", {"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "content": [], "model": "claude-x",
        "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 5, "output_tokens": 1}}}),
    ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {
        "type": "tool_use", "id": "toolu_1", "name": "get", "input": {}}}),
    ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {
        "type": "input_json_delta", "partial_json": '{"q": '}}),
    ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {
        "type": "input_json_delta", "partial_json": "1}"}}),
    ("content_block_stop", {"type": "content_block_stop", "index": 0}),
    ("message_delta", {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None},
                       "usage": {"output_tokens": 9}}),
    ("message_stop", {"type": "message_stop"}),
]


def _lines(keep_alive: bool) -> List[bytes]:
    out: List[bytes] = []
    for i, (name, event) in enumerate(_EVENTS):
        if keep_alive and i == 2:
            out.append(b": keep-alive")
        out += [b"event: " + name.encode(), b"data: " + json.dumps(event).encode()]
    return out


def test_named_events_without_blank_lines_come_out_as_they_are_fed() -> None:
    """``event:``, ``data:``, ``event:``, ``data:``...: the second whole ``data:`` chunk
    after the first ``event:`` line tells lines (a no-data line between the two does not
    undo it); each later ``data:`` line gives its events as it is fed (they were all
    kept until ``close()``: the whole stream held)."""
    for keep_alive in (False, True):
        lines = _lines(keep_alive)
        acc = Accumulator("anthropic.messages")
        counts = [len(acc.feed(line)) for line in lines]
        datas = [n for line, n in zip(lines, counts) if line.startswith(b"data:")]
        assert datas == [0, 1, 1, 1, 1, 0, 0]  # (the call's start, its two argument pieces, its end)
        assert acc.close() == [ToolCall("get", {"q": 1}, "toolu_1")]
        assert acc.finish_reason == "tool_use" and acc.events() == []  # (none left for close())
        whole = Accumulator("anthropic.messages")  # (the whole body reads the same)
        whole.feed(b"\n\n".join(lines) + b"\n\n")
        assert whole.close() == [ToolCall("get", {"q": 1}, "toolu_1")]
