"""A Responses call's done item sent again under fresh ids runs the call once.

vLLM makes a call's ``id`` and ``call_id`` afresh each time it parses the reply; a done
item re-sent after a re-parse (an at-least-once transport, a proxy retry) names no
streamed call. At an ``output_index`` where no call is open, with the content of the call
that ended there (its tool and arguments), it is that call again (docs/streaming.md: the
rule for a final item under fresh ids), never a second call: the call ran twice.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from responses_events import done as _done
from responses_events import item_events as _item
from responses_events import read_both as _read

D = "openai.responses"


def _fc(n: int, arguments: str, name: str = "f") -> Dict[str, Any]:
    return {"type": "function_call", "id": f"fc_{n}", "call_id": f"call_{n}", "name": name,
            "arguments": arguments, "status": "completed"}


def _final(output: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"type": "response.completed", "response": {"id": "resp_1", "status": "completed", "output": output}}


A = _fc(1, '{"q": 1}')
B = _fc(2, '{"q": 2}', "g")
FRESH_A = {**A, "id": "fx_1", "call_id": "fresh_1"}


def _numbered(events: List[Dict[str, Any]], resent: int, at: int) -> List[Dict[str, Any]]:
    """*events* numbered in order, the one at *resent* being the event at *at* sent again (its number kept)."""
    out = [{**e, "sequence_number": n} for n, e in enumerate(events)]
    out[resent]["sequence_number"] = out[at]["sequence_number"]
    return out


@pytest.mark.parametrize("final", [[A, B], [FRESH_A, B], None])
def test_a_done_item_again_under_fresh_ids_runs_its_call_once(final: Any) -> None:
    # right after call_1's done item, its number kept (that of call_1's done item, the last
    # one read: an event of the past, sent again)
    events = _numbered(_item(A, 0) + [_done(FRESH_A, 0)] + _item(B, 1) + ([_final(final)] if final is not None
                                                                          else []), 3, 2)
    assert [e.get("sequence_number") for e in events[:5]] == [0, 1, 2, 2, 4]
    assert _read(events) == [("ToolCall", "call_1"), ("ToolCall", "call_2")]


@pytest.mark.parametrize("final", [[A, B], [FRESH_A, B], None])
def test_a_done_item_again_under_fresh_ids_after_later_items_runs_its_call_once(final: Any) -> None:
    # (its sequence_number, that of call_1's done item, below that of call_2's read before:
    # an event of the past, sent again)
    events = _numbered(_item(A, 0) + _item(B, 1) + [_done(FRESH_A, 0)] + ([_final(final)] if final is not None
                                                                          else []), 6, 2)
    assert _read(events) == [("ToolCall", "call_1"), ("ToolCall", "call_2")]


@pytest.mark.parametrize("final", [[], None])
def test_another_response_counted_from_its_start_done_only_keeps_its_call(final: Any) -> None:
    # two responses merged, no response.created, no final event between, each numbering its
    # events from 0: the second's get_weather(Paris) done-only at index 0, number 0, is below
    # the number of the first's done item there (2), not that number: no re-send of it
    paris = '{"city": "Paris"}'
    first, second = _fc(1, paris, "get_weather"), _fc(2, paris, "get_weather")
    events = ([{**e, "sequence_number": n} for n, e in enumerate(_item(first, 0))]
              + [{**_done(second, 0), "sequence_number": 0}] + ([_final(final)] if final is not None else []))
    assert _read(events) == [("ToolCall", "call_1"), ("ToolCall", "call_2")]


@pytest.mark.parametrize("final", [[], None])
@pytest.mark.parametrize("numbers", ["none", "counting", "placeholder"])
def test_two_calls_of_one_content_done_only_at_one_index_are_two_calls(final: Any, numbers: str) -> None:
    # a gateway streaming every item at index 0, done items only: two real calls
    # get_weather({"city": "Paris"}), each its own ids, nothing saying one is the other sent
    # again (no number, or counting up, or one number on every event): both run (one was lost)
    paris = '{"city": "Paris"}'
    first, second = _fc(1, paris, "get_weather"), _fc(2, paris, "get_weather")
    for streamed in (False, True):
        events = ((_item(first, 0) if streamed else [_done(first, 0)]) + [_done(second, 0)]
                  + ([_final(final)] if final is not None else []))
        if numbers != "none":
            events = [{**e, "sequence_number": n if numbers == "counting" else 0} for n, e in enumerate(events)]
        assert _read(events) == [("ToolCall", "call_1"), ("ToolCall", "call_2")], streamed


def test_a_done_item_under_fresh_ids_with_other_arguments_is_another_call() -> None:
    # (other content: not the call that ended there; a call of its own, as before)
    other = {**FRESH_A, "arguments": '{"q": 9}'}
    assert _read(_item(A, 0) + [_done(other, 0)]) == [("ToolCall", "call_1"), ("ToolCall", "fresh_1")]


def test_a_done_item_under_fresh_ids_at_another_index_is_another_call() -> None:
    # (nothing ended at that index: a call of its own, as before)
    assert _read(_item(A, 0) + [_done(FRESH_A, 1)]) == [("ToolCall", "call_1"), ("ToolCall", "fresh_1")]
