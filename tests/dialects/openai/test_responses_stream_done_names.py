"""A Responses call whose ``output_item.done`` names another tool than its ``output_item.added``.

https://platform.openai.com/docs/api-reference/responses-streaming: ``response.output_item.added``
carries the call item with its ``name``, ``response.output_item.done`` the same item done
(openai-python ``ResponseOutputItemDoneEvent.item``). A done item naming another tool (a
gateway mixing two items at one index, a corrupted relay) ended the open call under the
name it was added with: a call of ``f`` ran, where the item done says ``g``. Which tool the
model called is not guessed: the call is an ``InvalidToolCall`` (the hot loop, the general
reader and ``accumulate`` alike).
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List

import pytest

from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, accumulate

D = "openai.responses"


def _events(kind: str, done_name: str, final: bool) -> List[Dict[str, Any]]:
    field, delta = ("arguments", "response.function_call_arguments.delta") if kind == "function_call" else (
        "input", "response.custom_tool_call_input.delta")
    item = {"type": kind, "id": "fc_1", "call_id": "call_1", "name": "f", field: '{"a": 1}', "status": "completed"}
    done = {**item, "name": done_name}
    events = [{"type": "response.created", "response": {"id": "resp_1", "status": "in_progress", "output": []}},
              {"type": "response.output_item.added", "output_index": 0,
               "item": {**item, field: "", "status": "in_progress"}},
              {"type": delta, "output_index": 0, "item_id": "fc_1", "delta": '{"a": 1}'},
              {"type": "response.output_item.done", "output_index": 0, "item": done}]
    if final:
        events.append({"type": "response.completed",
                       "response": {"id": "resp_1", "status": "completed", "output": [done]}})
    return events


def _read(events: List[Dict[str, Any]]) -> List[Any]:
    out = accumulate(copy.deepcopy(events), D)
    for acc in (Accumulator(D), Accumulator(D, preview=True)):
        for e in copy.deepcopy(events):
            acc.feed(e)
        assert [(type(c), c.name, c.id) for c in acc.close()] == [(type(c), c.name, c.id) for c in out]
    return out


@pytest.mark.parametrize("kind", ["function_call", "custom_tool_call"])
@pytest.mark.parametrize("final", [False, True], ids=["no-final", "final"])
def test_a_done_item_naming_another_tool_runs_neither(kind: str, final: bool) -> None:
    calls = _read(_events(kind, "g", final))
    assert [type(c) for c in calls] == [InvalidToolCall]
    assert calls[0].id == "call_1"


@pytest.mark.parametrize("kind", ["function_call", "custom_tool_call"])
def test_a_done_item_naming_its_tool_runs_it(kind: str) -> None:
    calls = _read(_events(kind, "f", True))
    assert [type(c) for c in calls] == [ToolCall]
    assert calls[0].name == "f"


def test_a_final_item_naming_another_tool_for_a_call_still_open_runs_neither() -> None:
    # (no ``output_item.done``: the final response's item at its place, under its ids, ends it)
    events = _events("function_call", "g", True)
    del events[3]
    calls = _read(events)
    assert [type(c) for c in calls] == [InvalidToolCall]
