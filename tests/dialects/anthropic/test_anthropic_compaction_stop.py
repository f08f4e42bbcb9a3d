"""Anthropic's ``compaction`` stop reason is a paused turn, as ``pause_turn`` is.

anthropic 2.17's ``BetaStopReason`` adds ``"compaction"``; the ``compact_20260112`` context
edit's ``pause_after_compaction`` is "Whether to pause after compaction and return the
compaction block to the user" (``BetaCompact20260112EditParam``): the reply holds the
compaction block and the turn goes on when it is sent back. It normalised to ``other``.
"""

from __future__ import annotations

import typing
from typing import Any, Dict, List

import pytest

from toolwire import response, stream
from toolwire.retry import classify, plan, prepare

WORD = "compaction"
CONTENT = [{"type": "compaction", "content": "Summary of the earlier turns", "signature": "sig"}]
PAUSED = {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-opus-4-5", "content": CONTENT,
          "stop_reason": WORD, "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}


def test_the_word_is_the_sdks() -> None:
    beta = pytest.importorskip("anthropic.types.beta")
    assert WORD in typing.get_args(beta.BetaStopReason)


def test_normalize_reads_a_pause() -> None:
    r = response.normalize(PAUSED)
    assert (r.finish_reason, r.raw_finish_reason, r.truncated, r.tool_calls) == ("pause", WORD, False, ())
    assert response.normalize_finish(WORD, "anthropic.messages") == "pause"
    beta = pytest.importorskip("anthropic.types.beta")
    r = response.normalize(beta.BetaMessage.model_validate(PAUSED))
    assert (r.finish_reason, r.raw_finish_reason) == ("pause", WORD)


def test_a_stream_that_stops_so_is_a_pause() -> None:
    events: List[Dict[str, Any]] = [
        {"type": "message_start", "message": {**PAUSED, "content": [], "stop_reason": None}},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "compaction", "content": None}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "compaction_delta", "content": "Summary"}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": WORD, "stop_sequence": None},
         "usage": {"output_tokens": 1}},
        {"type": "message_stop"}]
    acc = stream.Accumulator("anthropic.messages")
    for e in events:
        acc.feed(e)
    assert acc.close() == []
    assert response.normalize_finish(acc.finish_reason, "anthropic.messages") == "pause"


S = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
REQUEST = {"model": "claude-opus-4-5", "max_tokens": 100, "messages": [{"role": "user", "content": "Give a"}]}


def test_the_retry_plan_sends_the_paused_turn_back() -> None:
    p = prepare(REQUEST, S, "anthropic.messages", mode="native")
    out = classify(PAUSED, p.state)
    assert (out.kind, out.detail) == ("pause", WORD)
    step = plan(p.request, out, p.state)
    assert (step.action, step.reason) == ("retry", f"paused turn ({WORD}): sent back to continue")
    assert step.request is not None
    assert step.request["messages"] == [*p.request["messages"], {"role": "assistant", "content": CONTENT}]
