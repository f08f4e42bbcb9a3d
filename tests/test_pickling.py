"""Values pickle (every protocol), copy and deepcopy, equal and of the same types: the
README's "toolwire's functions, values and errors pickle" (Dask, PySpark, process pools).
The call values themselves: ``test_values``."""

from __future__ import annotations

import copy
import pickle
from typing import Any, List

import pytest

import toolwire
from toolwire import InvalidToolCall, ToolCall
from toolwire.conversation._values import Field
from toolwire.stream import (
    Accumulator,
    ArgsDelta,
    CallDone,
    CallEvent,
    CallStarted,
    ContentDelta,
    ReasoningDelta,
    TextParser,
    encode_stream,
    stream_dialects,
)

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def _round_trips(value: Any) -> List[Any]:
    return [pickle.loads(pickle.dumps(value, p)) for p in PROTOCOLS] + [copy.copy(value), copy.deepcopy(value)]


def _same(value: Any, again: Any) -> None:
    assert type(again) is type(value) and again == value and repr(again) == repr(value)


CALL = ToolCall("get_weather", {"city": "Paris", "days": [1, 2]}, "call_1")

EVENTS = [
    CallStarted(0, "call_1", "get_weather"),
    CallStarted(1, None, None),
    ArgsDelta(0, "call_1", '{"city": "Pa'),
    ArgsDelta(0, "call_1", '"Paris"', {"city": "Paris"}, "$.city"),
    CallDone(0, CALL),
    CallDone(1, InvalidToolCall(name="f", id="call_2", raw='{"a": ', error="cut off", truncated=True)),
    ContentDelta("hello"),
    ReasoningDelta("thinking"),
    CallEvent(CALL, 0),
]


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: type(e).__name__)
def test_every_stream_event_class_pickles_and_copies_equal(event: Any) -> None:
    for again in _round_trips(event):
        _same(event, again)


def test_a_deep_copy_of_an_event_shares_no_mutable_field() -> None:
    delta = ArgsDelta(0, "c", '"x"', {"a": {"b": 1}})
    again = copy.deepcopy(delta)
    assert again == delta and again.preview is not delta.preview and again.preview["a"] is not delta.preview["a"]
    done = copy.deepcopy(CallDone(0, CALL))
    assert done.call == CALL and done.call.args is not CALL.args


@pytest.mark.parametrize("dialect", stream_dialects())
def test_the_events_of_every_streaming_dialect_pickle_and_copy(dialect: str) -> None:
    calls = [CALL, ToolCall("search", {"q": "x"}, "call_2")]
    acc = Accumulator(preview=True)
    events = [e for chunk in encode_stream(calls, dialect, split=4) for e in acc.feed(chunk)]
    events += acc.events()
    acc.close()
    assert {type(e) for e in events} >= {CallStarted, CallDone}  # (and ArgsDelta where arguments stream)
    for again in _round_trips(events):
        assert len(again) == len(events)
        for e, a in zip(events, again):
            _same(e, a)


def test_the_events_of_a_text_parser_pickle_and_copy() -> None:
    parser = TextParser("text.hermes")
    text = 'Sure.<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>'
    events: List[Any] = parser.feed(text)
    result = parser.close()
    events += parser.events()
    assert {type(e) for e in events} == {ContentDelta, CallEvent} and result.tool_calls
    for value in (*events, result):
        for again in _round_trips(value):
            _same(value, again)


def test_conversations_and_problems_pickle_with_every_protocol() -> None:
    body = {
        "system": "Be brief.",
        "messages": [
            {"role": "user", "content": "weather?"},
            {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "w", "input": {}}]},
        ],
    }
    conv = toolwire.decode_conversation(body, "anthropic.messages")
    problems = toolwire.check_conversation(conv)
    assert problems and any(type(w) is Field for m in conv.messages for w in (m.wire or ()))
    for value in (conv, *conv.messages, problems[0], Field("system", "Be brief.")):
        for again in _round_trips(value):
            _same(value, again)
    assert toolwire.encode_conversation(pickle.loads(pickle.dumps(conv, 0)), "anthropic.messages") == \
        toolwire.encode_conversation(conv, "anthropic.messages")
