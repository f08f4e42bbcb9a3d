"""Two Responses streams merged into one, with neither a ``response.created`` nor a final event between.

https://platform.openai.com/docs/api-reference/responses-streaming: a response's events
carry no response id but ``response.created`` and its final event
(``response.completed``). A gateway that merges two responses' events without their
``response.created`` and without ``sequence_number`` leaves nothing that tells the items
of one from the other's (output items carry no response id), so they are read as one
response. Their final events then come one after the other: the first holds only its
own calls; the second, with no call streamed since, added its items as calls the stream
never carried, a second run of calls the stream had carried (``call_2`` twice). A call
item of that second final event under the ``call_id`` of a call the first final event
did not hold is that call: never a second run (with another tool or arguments neither
runs).
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire import ToolCall
from toolwire.stream import Accumulator, accumulate

D = "openai.responses"


def _fc(n: int, arguments: str) -> Dict[str, Any]:
    return {"type": "function_call", "id": f"fc_{n}", "call_id": f"call_{n}", "name": "get_weather",
            "arguments": arguments, "status": "completed"}


def _item(index: int, item: Dict[str, Any]) -> List[Dict[str, Any]]:
    return [{"type": "response.output_item.added", "output_index": index,
             "item": {**item, "arguments": "", "status": "in_progress"}},
            {"type": "response.function_call_arguments.delta", "item_id": item["id"], "output_index": index,
             "delta": item["arguments"]},
            {"type": "response.function_call_arguments.done", "item_id": item["id"], "output_index": index,
             "arguments": item["arguments"]},
            {"type": "response.output_item.done", "output_index": index, "item": item}]


def _final(rid: str, output: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"type": "response.completed", "response": {"id": rid, "status": "completed", "output": output}}


F1, F2 = _fc(1, '{"city": "Paris"}'), _fc(2, '{"city": "Rome"}')


def _read(events: List[Dict[str, Any]]) -> List[Any]:
    acc = Accumulator(D)
    for e in events:
        acc.feed(e)
    calls = acc.close()
    assert [(type(c).__name__, c.id) for c in accumulate(events, D)] == [(type(c).__name__, c.id) for c in calls]
    return calls


@pytest.mark.parametrize("second_index", [0, 1])
@pytest.mark.parametrize("order", ["r1-first", "r2-first"])
def test_the_second_final_event_of_two_merged_responses_runs_no_call_again(second_index: int, order: str) -> None:
    finals = [_final("resp_1", [F1]), _final("resp_2", [F2])]
    if order == "r2-first":
        finals.reverse()
    calls = _read(_item(0, F1) + _item(second_index, F2) + finals)
    assert [(type(c).__name__, c.id) for c in calls] == [("ToolCall", "call_1"), ("ToolCall", "call_2")]


def test_another_call_under_the_call_id_in_the_second_final_event_runs_neither() -> None:
    other = {**F2, "arguments": '{"city": "Oslo"}'}
    calls = _read(_item(0, F1) + _item(0, F2) + [_final("resp_1", [F1]), _final("resp_2", [other])])
    assert [(type(c).__name__, c.id) for c in calls] == [("ToolCall", "call_1"), ("InvalidToolCall", "call_2")]
    assert all(type(c) is ToolCall or "not guessed which runs" in c.error for c in calls)
