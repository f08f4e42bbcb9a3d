"""Parallel Responses calls sharing one ``call_id``: the stream reads them as ``decode_all`` does.

DeepSeek and GLM give the parallel calls of one reply one id (docs/streaming.md,
"Correlation"); a gateway serving them through the Responses API streams two
``function_call`` items at two ``output_index`` under two item ``id`` with that one
``call_id``. ``decode_all`` of the response keeps both calls (duplicate ids within a
response are kept, DESIGN.md); the stream made both ``InvalidToolCall`` (its rule for a call
ending under the ``call_id`` of one ended before is for a call streamed again, which comes at
its own ``output_index``). A call streamed again at its index is still never run twice.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List

import pytest

from toolwire import InvalidToolCall, decode_all
from toolwire.stream import Accumulator, accumulate

D = "openai.responses"


def _fc(n: int, arguments: str) -> Dict[str, Any]:
    return {"type": "function_call", "id": f"fc_{n}", "call_id": "call_0", "name": "get_weather",
            "arguments": arguments, "status": "completed"}


def _item(index: int, item: Dict[str, Any]) -> List[Dict[str, Any]]:
    return [{"type": "response.output_item.added", "output_index": index,
             "item": {**item, "arguments": "", "status": "in_progress"}},
            {"type": "response.function_call_arguments.delta", "item_id": item["id"], "output_index": index,
             "delta": item["arguments"]},
            {"type": "response.output_item.done", "output_index": index, "item": item}]


def _read(events: List[Dict[str, Any]]) -> List[Any]:
    out = accumulate(copy.deepcopy(events), D)
    for acc in (Accumulator(D), Accumulator(D, preview=True)):
        for e in copy.deepcopy(events):
            acc.feed(e)
        assert acc.close() == out
    return out


A, B = _fc(1, '{"city": "Paris"}'), _fc(2, '{"city": "Rome"}')
CREATED = {"type": "response.created", "response": {"id": "resp_1", "status": "in_progress", "output": []}}
FINAL = {"type": "response.completed", "response": {"id": "resp_1", "object": "response", "status": "completed",
                                                    "output": [A, B]}}


@pytest.mark.parametrize("final", [False, True], ids=["no-final", "final"])
def test_parallel_calls_sharing_a_call_id_run_as_decode_all_reads_them(final: bool) -> None:
    events = [CREATED] + _item(0, A) + _item(1, B) + ([FINAL] if final else [])
    assert _read(events) == decode_all(FINAL["response"], D)
    assert [c.args for c in _read(events)] == [{"city": "Paris"}, {"city": "Rome"}]


def test_a_call_streamed_again_at_its_index_under_the_shared_id_still_runs_once() -> None:
    # (the first call streamed again whole at its own index after the second: never a second run)
    calls = _read([CREATED] + _item(0, A) + _item(1, B) + _item(0, A))
    assert [type(c) for c in calls].count(InvalidToolCall) == 1
    assert [c.args for c in calls if type(c) is not InvalidToolCall] == [{"city": "Paris"}, {"city": "Rome"}]
