"""A stream a content filter stopped, or that its provider reports as failed, whose call
was cut off mid-arguments: the call is the ``InvalidToolCall`` ``decode_all`` gives the
same whole reply, naming the finish, ``truncated=False`` (no larger budget helps), not a
cut-off one advising ``allow_truncated=True``. OpenAI Chat ``finish_reason``
``content_filter`` (openai-python ``Choice.finish_reason``), Cohere v2 ``ERROR`` /
``ERROR_TOXIC`` (cohere-python ``ChatFinishReason`` / ``FinishReason``)."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import InvalidToolCall, stream

CUT = '{"a": '


def _chat(fr: str) -> Any:
    msg = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": CUT}}]}
    whole = {"id": "c", "object": "chat.completion", "created": 1, "model": "gpt-4o",
             "choices": [{"index": 0, "finish_reason": fr, "message": msg}]}

    def chunk(delta: Dict[str, Any], f: Any = None) -> Dict[str, Any]:
        return {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
                "choices": [{"index": 0, "delta": delta, "finish_reason": f}]}

    events = [chunk({"role": "assistant"}),
              chunk({"tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                                     "function": {"name": "f", "arguments": ""}}]}),
              chunk({"tool_calls": [{"index": 0, "function": {"arguments": CUT}}]}),
              chunk({}, fr)]
    return whole, events, "openai.chat"


def _cohere(fr: str) -> Any:
    whole = {"id": "x", "finish_reason": fr, "message": {"role": "assistant", "tool_calls": [
        {"id": "t1", "type": "function", "function": {"name": "f", "arguments": CUT}}]}}
    events: List[Dict[str, Any]] = [
        {"type": "message-start", "id": "x", "delta": {"message": {"role": "assistant"}}},
        {"type": "tool-call-start", "index": 0, "delta": {"message": {"tool_calls": {
            "id": "t1", "type": "function", "function": {"name": "f", "arguments": ""}}}}},
        {"type": "tool-call-delta", "index": 0, "delta": {"message": {"tool_calls": {"function": {"arguments": CUT}}}}},
        {"type": "tool-call-end", "index": 0},
        {"type": "message-end", "delta": {"finish_reason": fr}},
    ]
    return whole, events, "cohere.v2"


@pytest.mark.parametrize(("build", "fr", "how"), [
    (_chat, "content_filter", "stopped by its content filter (content_filter)"),
    (_chat, "error", "failed (error)"),
    (_cohere, "ERROR_TOXIC", "stopped by its content filter (ERROR_TOXIC)"),
    (_cohere, "ERROR", "failed (ERROR)"),
])
@pytest.mark.parametrize("allow_truncated", [False, True])
def test_stopped_stream_cut_call_as_whole_reply(build: Any, fr: str, how: str, allow_truncated: bool) -> None:
    whole, events, dialect = build(fr)
    (want,) = toolwire.decode_all(whole, invalid="keep", allow_truncated=allow_truncated)
    (got,) = stream.accumulate(events, dialect, allow_truncated=allow_truncated)
    assert type(want) is InvalidToolCall and type(got) is InvalidToolCall
    assert want.truncated is False and got.truncated is False
    assert how in want.error and how in got.error and "must not run" in got.error
    assert "allow_truncated" not in got.error
    assert (got.name, got.id, got.raw) == (want.name, want.id, want.raw)
