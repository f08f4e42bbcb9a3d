"""A Responses stream that did not carry every call of its final response.

openai-python ``client.responses.retrieve(response_id, stream=True,
starting_after=N)`` ("The sequence number of the event after which to start
streaming", openai-python ``resources/responses/responses.py``; background responses,
openai/openai-python#2372)
resumes a stream mid-reply: the items done before event N are never added nor done in
it, yet ``response.completed.response.output`` holds every item
(``ResponseCompletedEvent.response: Response``, ``Response.output:
List[ResponseOutputItem]``). The calls of the final output that the stream never
carried were dropped once any call had been streamed; ``decode_all`` of the same
final response gives them all. Now they are added, and the stream's calls come in the
final output's order, as ``decode_all`` gives them.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import ToolCall
from toolwire.stream import Accumulator, CallDone, CallStarted, accumulate, encode_stream

D = "openai.responses"
CALLS = [ToolCall("get_weather", {"city": "Paris"}, "call_1"), ToolCall("get_weather", {"city": "Rome"}, "call_2"),
         ToolCall("get_time", {"tz": "CET"}, "call_3")]


def _events() -> List[Dict[str, Any]]:
    return encode_stream(CALLS, D)


def _resumed(after: int) -> List[Dict[str, Any]]:
    """The events after the ``output_item.done`` of call number *after* (1-based)."""
    ev = _events()
    done = [i for i, e in enumerate(ev) if e["type"] == "response.output_item.done"]
    return ev[done[after - 1] + 1:]


def _shape(calls: List[Any]) -> List[Any]:
    return [(type(c).__name__, c.name, getattr(c, "args", None), c.id) for c in calls]


def _fed(events: List[Dict[str, Any]]) -> List[Any]:
    acc = Accumulator(D)
    for e in events:
        acc.feed(e)
    return acc.close()


@pytest.mark.parametrize("after", [1, 2])
def test_a_resumed_stream_gives_every_call_of_the_final_response(after: int) -> None:
    events = _resumed(after)
    final = events[-1]
    assert final["type"] == "response.completed"
    assert [e["type"] for e in events if e["type"] == "response.output_item.added"]  # a call was streamed
    expected = toolwire.decode_all(final["response"], D)
    assert _shape(expected) == _shape(CALLS)
    assert _shape(accumulate(events, D)) == _shape(expected)  # ``run``, the whole list
    assert _shape(accumulate(iter(events), D)) == _shape(expected)
    assert _shape(_fed(events)) == _shape(expected)  # ``feed``, one event at a time
    assert accumulate(events) == expected  # detected


def test_calls_only_the_final_response_holds_come_with_events() -> None:
    events = _resumed(1)
    acc = Accumulator(D)
    seen: List[Any] = []
    for e in events:
        seen.extend(acc.feed(e))
    assert _shape(acc.close()) == _shape(CALLS)
    started = [e for e in seen if type(e) is CallStarted]
    done = [e for e in seen if type(e) is CallDone]
    assert sorted(e.id for e in started) == ["call_1", "call_2", "call_3"]
    assert sorted(e.call.id for e in done) == ["call_1", "call_2", "call_3"]
    assert sorted(e.index for e in done) == [0, 1, 2]


def test_a_call_streamed_and_a_later_one_only_in_the_final_response() -> None:
    """The stream ends after call 1's item; ``response.completed`` holds calls 1-3."""
    ev = _events()
    done = [i for i, e in enumerate(ev) if e["type"] == "response.output_item.done"]
    events = ev[: done[0] + 1] + [ev[-1]]
    expected = toolwire.decode_all(ev[-1]["response"], D)
    assert _shape(accumulate(events, D)) == _shape(expected) == _shape(CALLS)
    assert _shape(_fed(events)) == _shape(expected)


def test_a_final_item_the_stream_carried_is_not_added_again() -> None:
    events = _events()
    assert _shape(accumulate(events, D)) == _shape(CALLS)
    assert _shape(_fed(events)) == _shape(CALLS)


def test_a_message_item_only_in_the_final_response_adds_no_call() -> None:
    """Items of the final output that are no call (a ``message``) add nothing."""
    events = _resumed(3)
    message = {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
               "content": [{"type": "output_text", "text": "Done.", "annotations": []}]}
    final = dict(events[-1], response=dict(events[-1]["response"]))
    final["response"]["output"] = [*final["response"]["output"], message]
    events = [*events[:-1], final]
    assert _shape(accumulate(events, D)) == _shape(CALLS)
    assert _shape(_fed(events)) == _shape(CALLS)
