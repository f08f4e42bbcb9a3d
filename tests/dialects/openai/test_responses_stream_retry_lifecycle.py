"""A retry of a Responses stream under the same ``id``, begun by ``response.queued`` or by its
``response.in_progress`` again alone, never loses a done-only call.

openai-python ``ResponseQueuedEvent`` / ``ResponseCreatedEvent`` / ``ResponseInProgressEvent``
each carry ``response`` and ``sequence_number``; a background response
(https://platform.openai.com/docs/guides/background, checked 2026-12-07) is ``queued`` before
``in_progress``, its stream begins ``response.queued`` 0, ``response.created`` 1,
``response.in_progress`` 2. A gateway retrying upstream under its own fixed ``id`` sends the
retry's events numbered from the start again: a done item under fresh ids at a number and
with the content of a call read before is that call again or the retry's own call. Not
guessed: an ``InvalidToolCall`` (the ``response.created`` rule), never a call dropped unseen.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from responses_events import read_both as _read

D = "openai.responses"


def _fc(n: int, arguments: str = '{"city": "Paris"}') -> Dict[str, Any]:
    return {"type": "function_call", "id": f"fc_{n}", "call_id": f"call_{n}", "name": "get_weather",
            "arguments": arguments, "status": "completed"}


def _life(kind: str, seq: int) -> Dict[str, Any]:
    return {"type": f"response.{kind}", "response": {"id": "resp_X", "status": kind, "output": []},
            "sequence_number": seq}


def _done(item: Dict[str, Any], seq: int) -> Dict[str, Any]:
    return {"type": "response.output_item.done", "output_index": 0, "item": item, "sequence_number": seq}




QUEUED = [_life("queued", 0), _life("created", 1), _life("in_progress", 2)]
PLAIN = [_life("created", 0), _life("in_progress", 1)]


@pytest.mark.parametrize("retry", [QUEUED, QUEUED[:2], QUEUED[1:], QUEUED[:1], QUEUED[2:]])
def test_a_background_retry_under_the_same_id_never_loses_its_call(retry: List[Dict[str, Any]]) -> None:
    # the brief's literal: queued 0, created 1, in_progress 2, call_1 done-only 3; then the
    # retry's lifecycle again (or part of it) and call_2 done-only at 3, call_1's content
    # (call_2 was lost: the created after queued was read as an earlier response's, late)
    n = len(QUEUED)
    events = QUEUED + [_done(_fc(1), n)] + retry + [_done(_fc(2), n)]
    assert _read(events) == [("ToolCall", "call_1"), ("InvalidToolCall", "call_2")]


def test_the_in_progress_again_alone_never_loses_the_retrys_call() -> None:
    # created 0, in_progress 1, call_1 done-only 2; in_progress 1 again (the retry's, its
    # created not delivered), call_2 done-only at 2 with call_1's content: was lost
    events = PLAIN + [_done(_fc(1), 2), _life("in_progress", 1), _done(_fc(2), 2)]
    assert _read(events) == [("ToolCall", "call_1"), ("InvalidToolCall", "call_2")]


@pytest.mark.parametrize("lead", [QUEUED, PLAIN])
def test_a_retrys_call_with_other_arguments_runs(lead: List[Dict[str, Any]]) -> None:
    n = len(lead)
    events = lead + [_done(_fc(1), n)] + lead + [_done(_fc(2, '{"city": "Rome"}'), n)]
    assert _read(events) == [("ToolCall", "call_1"), ("ToolCall", "call_2")]


@pytest.mark.parametrize("lead", [QUEUED, PLAIN])
def test_a_queued_response_streamed_once_reads_its_calls(lead: List[Dict[str, Any]]) -> None:
    # neighbours: one response, two done-only calls at index 0 (their numbers differ), and a
    # vLLM copy under fresh ids right after the first (its number kept): call_1 once
    n = len(lead)
    fresh = {**_fc(1), "id": "fx_1", "call_id": "fresh_1"}
    events = lead + [_done(_fc(1), n), _done(fresh, n), _done(_fc(2), n + 1)]
    assert _read(events) == [("ToolCall", "call_1"), ("ToolCall", "call_2")]


def _in(kind: str, seq: int, rid: str) -> Dict[str, Any]:
    return {"type": f"response.{kind}", "response": {"id": rid, "status": "in_progress", "output": []},
            "sequence_number": seq}


@pytest.mark.parametrize("completed", [False, True])
def test_an_earlier_responses_in_progress_late_does_not_begin_the_next_one_again(completed: bool) -> None:
    # review revResp R1: resp_X created and ended call_1; resp_Y begun by in_progress alone ended
    # call_2; resp_X's in_progress delivered again late, then vLLM's copy of call_2 under fresh
    # ids at its number: the late event began resp_Y again, so the copy was an InvalidToolCall
    one = {**_fc(1), "id": "fc_1"}
    two = {**_fc(2, '{"city": "Rome"}'), "id": "fc_2"}
    ended = [{"type": "response.completed", "sequence_number": 3,
              "response": {"id": "X", "status": "completed", "output": [one]}}] if completed else []
    events = ([_in("created", 0, "X"), _in("in_progress", 1, "X"), _done(one, 2)] + ended
              + [_in("in_progress", 0, "Y"), _done(two, 1), _in("in_progress", 1, "X"),
                 _done({**two, "id": "fx_2", "call_id": "fresh_2"}, 1)])
    assert _read(events) == [("ToolCall", "call_1"), ("ToolCall", "call_2")]
