"""Two Responses streams joined with neither ``response.created`` nor a final event between.

The streaming reference (https://platform.openai.com/docs/api-reference/responses-streaming)
gives every event a ``sequence_number`` ("The sequence number of this event"), counting up
within a response, and each output item its ``output_index``. An item added at an
``output_index`` where another item ended, at a ``sequence_number`` below that item's end
(the count started again), is another response's: its calls were merged with the first
one's, and the final event of the second set against both (the first one's calls ran as if
the second response had made them). Now a ``DecodeError`` at that item (which response's
calls are the reply's is not guessed). Without sequence numbers, with them counting up, or
with one placeholder number on every event (a gateway streaming every item at one index),
another item there is read as before.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List

import pytest

from responses_events import read_both as _ids
from toolwire import DecodeError
from toolwire.stream import Accumulator, accumulate

D = "openai.responses"


def _fc(n: int, status: str = "completed", args: str = '{"a": 1}') -> Dict[str, Any]:
    return {"type": "function_call", "id": f"fc_{n}", "call_id": f"call_{n}", "name": "f", "arguments": args,
            "status": status}


def _response(rid: str, n: int, created: bool, final: bool) -> List[Dict[str, Any]]:
    """Response *rid* with the call number *n* at ``output_index`` 0, numbered from 0."""
    events: List[Dict[str, Any]] = []
    if created:
        events.append({"type": "response.created", "response": {"id": rid, "status": "in_progress", "output": []}})
    events += [{"type": "response.output_item.added", "output_index": 0, "item": _fc(n, "in_progress", "")},
               {"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": f"fc_{n}",
                "delta": '{"a": 1}'},
               {"type": "response.output_item.done", "output_index": 0, "item": _fc(n)}]
    if final:
        events.append({"type": "response.completed", "response": {"id": rid, "status": "completed",
                                                                  "output": [_fc(n)]}})
    return events


def _numbered(events: List[Dict[str, Any]], start: int = 0) -> List[Dict[str, Any]]:
    return [{**e, "sequence_number": start + i} for i, e in enumerate(events)]


@pytest.mark.parametrize("final", [False, True], ids=["no-final", "second-final"])
def test_a_second_response_counted_from_the_start_again_is_not_merged(final: bool) -> None:
    first = _numbered(_response("r1", 1, True, False))
    second = _numbered(_response("r2", 2, False, final), 1)  # (its ``response.created`` lost)
    # before: [ToolCall call_1, ToolCall call_2], r2's final event set against both
    with pytest.raises(DecodeError, match="sequence_number"):
        accumulate(copy.deepcopy(first + second), D)
    acc = Accumulator(D)
    with pytest.raises(DecodeError, match="sequence_number"):
        for e in copy.deepcopy(first + second):
            acc.feed(e)


def test_items_counted_up_at_one_index_are_one_response() -> None:
    # a gateway streaming every item at ``output_index`` 0, its events counted up
    events = _numbered(_response("r1", 1, True, False) + _response("r1", 2, False, False)
                       + [{"type": "response.completed", "response": {"id": "r1", "status": "completed",
                                                                      "output": [_fc(1), _fc(2)]}}])
    assert _ids(events) == [("ToolCall", "call_1"), ("ToolCall", "call_2")]


def test_a_second_response_with_its_created_event_is_its_own() -> None:
    events = _numbered(_response("r1", 1, True, True)) + _numbered(_response("r2", 2, True, True))
    assert _ids(events) == [("ToolCall", "call_1"), ("ToolCall", "call_2")]


@pytest.mark.parametrize("number", [0, -1])
def test_items_at_one_index_all_numbered_alike_are_one_response(number: int) -> None:
    # a gateway streaming every item at ``output_index`` 0 and one placeholder number on every
    # event: a number that does not count up is no count started again
    events = (_response("r1", 1, True, False) + _response("r1", 2, False, False)
              + [{"type": "response.completed", "response": {"id": "r1", "status": "completed",
                                                             "output": [_fc(1), _fc(2)]}}])
    # before (session 37's first fix): DecodeError, "not past the end of the item there"
    assert _ids([{**e, "sequence_number": number} for e in events]) == [("ToolCall", "call_1"),
                                                                         ("ToolCall", "call_2")]


def test_a_second_response_counted_from_the_number_of_the_first_one_s_end_is_read_as_one() -> None:
    # (the number the first one's item ended at, again: no count started again is shown)
    first = _numbered(_response("r1", 1, True, False))
    second = _numbered(_response("r2", 2, False, False), first[-1]["sequence_number"])
    assert _ids(first + second) == [("ToolCall", "call_1"), ("ToolCall", "call_2")]
