"""cohere.v2: an error a ``message-end`` event reports fails the reply.

cohere-python 7.3.1 ``types/chat_message_end_event_delta.py``
(``ChatMessageEndEventDelta``): ``error: Optional[str]`` "An error message if an error
occurred during the generation.", beside ``finish_reason`` and ``usage``; the event is
``{"type": "message-end", "id", "delta": {...}}`` (https://docs.cohere.com/reference/chat-stream,
``ChatMessageEndEvent``). The error was ignored: the calls stayed runnable and
``Accumulator.error`` was ``None``. It is a stream error now, as the other dialects'
error events are (docs/streaming.md: every client call an ``InvalidToolCall`` naming it).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, accumulate, encode_stream

D = "cohere.v2"
WORDS = "internal error while generating"
CALL = ToolCall("get_weather", {"city": "Paris"}, "get_weather_9gpb31r7h7mj")


def _events(delta: Dict[str, Any], calls: Optional[List[ToolCall]] = None) -> List[Dict[str, Any]]:
    events = encode_stream([CALL] if calls is None else calls, D)
    assert events[-1]["type"] == "message-end"
    return [*events[:-1], {"type": "message-end", "id": "c14c80c3-18eb-4519-9460-6c92edd8cfb4", "delta": delta}]


@pytest.mark.parametrize("finish", ["TOOL_CALL", "COMPLETE", "ERROR", None])
def test_an_error_in_message_end_fails_every_call(finish: Optional[str]) -> None:
    delta: Dict[str, Any] = {"error": WORDS}
    if finish is not None:
        delta["finish_reason"] = finish
    events = _events(delta)
    for calls in (accumulate(events, D), accumulate(iter(events), D)):
        (bad,) = calls
        assert type(bad) is InvalidToolCall and bad.name == "get_weather" and WORDS in bad.error
    acc = Accumulator(D)
    for e in events:
        acc.feed(e)
    (bad,) = acc.close()
    assert type(bad) is InvalidToolCall and WORDS in bad.error
    assert acc.error == WORDS
    assert acc.finish_reason == finish


def test_an_error_in_message_end_without_calls_is_no_empty_answer() -> None:
    events = _events({"error": WORDS, "finish_reason": "COMPLETE"}, calls=[])
    (bad,) = accumulate(events, D)
    assert type(bad) is InvalidToolCall and bad.name is None and WORDS in bad.error


@pytest.mark.parametrize("delta", [{"error": None, "finish_reason": "TOOL_CALL"}, {"error": "", "finish_reason": "TOOL_CALL"},
                                   {"finish_reason": "TOOL_CALL"}])
def test_no_error_keeps_the_calls(delta: Dict[str, Any]) -> None:
    events = _events(delta)
    assert accumulate(events, D) == [CALL]
    acc = Accumulator(D)
    for e in events:
        acc.feed(e)
    assert acc.close() == [CALL] and acc.error is None


def test_the_sdk_event_object() -> None:
    """The same event as cohere-python's own object (``ChatMessageEndEvent``)."""
    types = pytest.importorskip("cohere.types")
    end = types.ChatMessageEndEvent(
        type="message-end", id="c14c80c3-18eb-4519-9460-6c92edd8cfb4",
        delta=types.ChatMessageEndEventDelta(error=WORDS, finish_reason="COMPLETE"))
    (bad,) = accumulate([*_events({"finish_reason": "COMPLETE"})[:-1], end], D)
    assert type(bad) is InvalidToolCall and WORDS in bad.error
