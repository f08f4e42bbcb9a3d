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


def _final(rid: Any, output: List[Dict[str, Any]]) -> Dict[str, Any]:
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


def _fcs(*ns: int) -> List[Dict[str, Any]]:
    return [_fc(n, f'{{"q": {n}}}') for n in ns]


@pytest.mark.parametrize("last_id", ["resp_9", None])
@pytest.mark.parametrize("count", [3, 4])
def test_any_number_of_merged_responses_run_each_call_once(count: int, last_id: Any) -> None:
    # every response's items at ``output_index`` 0, then their final events one after the
    # other, each holding its own call (the last without ``response.id`` too)
    items = _fcs(*range(1, count + 1))
    events = [e for f in items for e in _item(0, f)]
    finals = [_final(f"resp_{n}", [f]) for n, f in enumerate(items, 1)]
    finals[-1]["response"]["id"] = last_id
    calls = _read(events + finals)
    assert [(type(c).__name__, c.id) for c in calls] == [("ToolCall", f"call_{n}") for n in range(1, count + 1)]


def test_a_merged_response_s_final_event_with_no_call_leaves_the_rest_to_the_next() -> None:
    f1, f2, f3 = _fcs(1, 2, 3)
    events = [e for f in (f1, f2, f3) for e in _item(0, f)]
    finals = [_final("resp_1", [f1]), _final("resp_2", []), _final("resp_3", [f2, f3])]
    calls = _read(events + finals)
    assert [(type(c).__name__, c.id) for c in calls] == [("ToolCall", "call_1"), ("ToolCall", "call_2"),
                                                         ("ToolCall", "call_3")]


def test_final_events_with_no_call_item_do_not_search_the_calls_left(monkeypatch: Any) -> None:
    # n calls, then n times: the final event of the response (its calls not held), another
    # response's final event holding no call, the response's ``response.created`` again. The
    # calls left were searched at each final event with no call streamed since: n² (counted)
    from toolwire.dialects.openai import responses_feed, responses_once

    seen = [0]

    def counted(core: Any, pending: Any) -> Any:
        seen[0] += len(core.calls)
        return responses_once.orphans(core, pending)

    monkeypatch.setattr(responses_feed, "orphans", counted)
    created = {"type": "response.created", "response": {"id": "resp_1", "status": "in_progress", "output": []}}

    def run(n: int) -> int:
        seen[0] = 0
        events = [created] + [e for i in range(n) for e in _item(i, _fc(i, '{"a": 1}'))]
        events += [_final("resp_1", []), _final("resp_2", []), created] * n
        assert len(accumulate(events, D)) == n
        return seen[0]

    small, big = run(40), run(160)
    assert big <= 4 * small + 4 * 160


@pytest.mark.parametrize("ids", [(None, None, None), ("resp_1", None, "resp_1"), ("resp_1", None, None)])
def test_the_first_merged_final_event_again_after_the_second_runs_nothing_twice(ids: Any) -> None:
    # two responses merged at ``output_index`` 0, their final events (the second without
    # ``response.id``), then the first final event delivered again (an at-least-once
    # transport): it is that final event again, whatever final event came last
    f1, f2 = _fcs(1, 2)
    a, b, c = ids
    calls = _read(_item(0, f1) + _item(0, f2) + [_final(a, [f1]), _final(b, [f2]), _final(c, [f1])])
    assert [(type(x).__name__, x.id) for x in calls] == [("ToolCall", "call_1"), ("ToolCall", "call_2")]


@pytest.mark.parametrize("first_id", ["resp_1", None])
def test_a_merged_final_event_s_item_under_fresh_ids_is_the_call_of_its_content(first_id: Any) -> None:
    # docs/streaming.md: an item whose ids name no streamed call (vLLM makes ``fc_…``/``call_…``
    # afresh when it parses the reply again) is the ended call with the same content: in the
    # second merged response's final event too, never a second run of ``call_2``
    # (the first final event holds no call: both calls are left to the second)
    f1, f2 = _fcs(1, 2)
    fresh = {**f1, "id": "fc_X1", "call_id": "call_X1"}
    calls = _read(_item(0, f1) + _item(1, f2) + [_final(first_id, []), _final(None, [fresh, f2])])
    assert [(type(x).__name__, x.id) for x in calls] == [("ToolCall", "call_1"), ("ToolCall", "call_2")]


def test_a_final_event_with_its_id_after_an_id_less_merged_one_is_another_response() -> None:
    # ``response.id`` "resp_3" is neither that of a final event read nor none: the third
    # response's final event (its call ``call_4`` streamed not at all), not the id-less
    # second one again (which set ``call_4`` against ``call_3``: lost, ``call_3`` invalid)
    f1, f2, f3, f4 = _fcs(1, 2, 3, 4)
    calls = _read(_item(0, f1) + _item(0, f2) + [_final("resp_1", [f1]), _final(None, [f2, f3]),
                                                  _final("resp_3", [f4])])
    assert [(type(x).__name__, x.id) for x in calls] == [("ToolCall", f"call_{n}") for n in range(1, 5)]


def test_a_final_item_under_fresh_ids_is_a_call_ended_at_an_index_another_item_ended_at_since() -> None:
    # every item at ``output_index`` 0 (gateways): call_1 and call_2 ended there, the final event
    # holds call_1 under fresh ids (vLLM's, parsed again): it is call_1 by its content, never a
    # second run (only the item ended there last was a candidate: callX_1 ran beside call_1)
    f1, f2 = _fcs(1, 2)
    fresh = {**f1, "id": "fc_X1", "call_id": "call_X1"}
    calls = _read(_item(0, f1) + _item(0, f2) + [_final("resp_1", [fresh, f2])])
    assert [(type(x).__name__, x.id) for x in calls] == [("ToolCall", "call_1"), ("ToolCall", "call_2")]


def test_a_third_merged_final_event_holding_a_carried_call_under_fresh_ids_is_its_own() -> None:
    # three merged responses: the first final event holds none, the second call_1 and call_2,
    # the third (id-less) call_3 under fresh ids: that is the next response's final event (its
    # call by content), not the second one again (which added callX_3 as a call of its own)
    f1, f2, f3 = _fcs(1, 2, 3)
    fresh = {**f3, "id": "fc_X3", "call_id": "call_X3"}
    calls = _read(_item(0, f1) + _item(1, f2) + _item(1, f3)
                  + [_final("resp_1", []), _final("resp_2", [f1, f2]), _final(None, [fresh])])
    assert [(type(x).__name__, x.id) for x in calls] == [("ToolCall", f"call_{n}") for n in (1, 2, 3)]


@pytest.mark.parametrize("finals", [(11, 11, 12), (11, 12, 12), (11, 11, 11, 12), (12, 12, 12, 11)],
                         ids=lambda f: "-".join(map(str, f)))
def test_merged_final_events_under_fresh_ids_delivered_again_run_each_call_once(finals: Any) -> None:
    # two responses merged in one stream (every item at ``output_index`` 0, no
    # ``response.created``), their id-less final events holding the calls under fresh ids
    # (vLLM's, parsed again), both calls with the same arguments, the final event read last
    # delivered again (at-least-once): each call runs once (the final event again was read as
    # the next response's, or its fresh-id item added: a call run twice)
    f1, f2 = _fc(1, "{}"), _fc(2, "{}")

    def fresh(n: int) -> Dict[str, Any]:
        return {**f1, "id": f"fc_{n}", "call_id": f"call_{n}"}

    calls = _read(_item(0, f1) + _item(0, f2) + [_final(None, [fresh(n)]) for n in finals])
    assert [(type(x).__name__, x.id) for x in calls] == [("ToolCall", "call_1"), ("ToolCall", "call_2")]


@pytest.mark.parametrize("last_id", [None, "resp_3"])
def test_a_merged_final_event_s_claim_by_call_id_beats_one_by_content(last_id: Any) -> None:
    # merged responses, call_5 and call_6 with one content; the next final event (no call
    # streamed since) holds a fresh-id item with that content before call_5's own item: call_5
    # is its call_id's, the fresh-id item the other (call_6); each runs once (the fresh-id item
    # took call_5 by content, call_5's item was then added as a call: call_5 ran twice)
    f4, f5, f6 = _fc(4, '{"city": "Oslo"}'), _fc(5, '{"city": "Rome"}'), _fc(6, '{"city": "Rome"}')
    fresh = {**f6, "id": "fc_X6", "call_id": "call_X6"}
    calls = _read(_item(0, f4) + _item(1, f5) + _item(2, f6) + [_final(None, [f4]), _final(last_id, [fresh, f5])])
    assert [(type(x).__name__, x.id) for x in calls] == [("ToolCall", "call_4"), ("ToolCall", "call_5"),
                                                         ("ToolCall", "call_6")]
