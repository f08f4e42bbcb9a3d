"""A Responses stream resumed after a sequence number re-sends what was read: never a second call.

https://platform.openai.com/docs/api-reference/responses/retrieve (checked 2026-12-07):
``GET /v1/responses/{id}?stream=true&starting_after=N`` streams a background response's
events again, "the sequence number of the event after which to start streaming": each event
numbered above *N* again, with its number as first sent (openai-python
``ResponseStreamEvent.sequence_number``). A client cut mid-stream resumes from the last
number it handled, or from an earlier one: the events between are those it read. A call's
item added again and streamed again under its own ids, its numbers at or below the last
done item's, is that call again (was an ``InvalidToolCall`` second copy); a vLLM copy of its
done item under fresh ids, right after it, adds nothing either (it ran).
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List

import pytest

from responses_events import read_both as _read

D = "openai.responses"
ARGS = '{"city": "Paris"}'
ITEM = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather", "arguments": ARGS,
        "status": "completed"}
FRESH = {**ITEM, "id": "fx_1", "call_id": "fresh_1"}


def _life(kind: str) -> Dict[str, Any]:
    return {"type": f"response.{kind}", "response": {"id": "resp_1", "status": "in_progress", "output": []}}


def _stream(vllm: bool) -> List[Dict[str, Any]]:
    """One call at index 0, every event numbered from 0 (its vLLM copy numbered as its done item)."""
    events = [_life("created"), _life("in_progress"),
              {"type": "response.output_item.added", "output_index": 0,
               "item": {**ITEM, "arguments": "", "status": "in_progress"}},
              {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 0,
               "delta": ARGS[:8]},
              {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 0,
               "delta": ARGS[8:]},
              {"type": "response.function_call_arguments.done", "item_id": "fc_1", "output_index": 0,
               "arguments": ARGS},
              {"type": "response.output_item.done", "output_index": 0, "item": ITEM}]
    numbered = [{**e, "sequence_number": n} for n, e in enumerate(events)]
    if vllm:
        numbered.append({**numbered[-1], "item": FRESH})
    done = {"type": "response.completed", "response": {"id": "resp_1", "status": "completed", "output": [ITEM]},
            "sequence_number": len(events)}
    return numbered + [done]




@pytest.mark.parametrize("vllm", [False, True])
@pytest.mark.parametrize("cut", [4, 5, 6, 7, 8])
@pytest.mark.parametrize("after", [-1, 0, 1, 2, 3])
def test_a_stream_resumed_after_a_number_runs_its_call_once(vllm: bool, cut: int, after: int) -> None:
    # the first connection read *cut* events (the call open, or ended, or its copy read too),
    # the second every event numbered above *after*
    events = _stream(vllm)
    if cut > len(events) - 1:
        return
    resumed = events[:cut] + [e for e in events if e["sequence_number"] > after]
    assert _read(resumed) == [("ToolCall", "call_1")]


def test_a_resumed_calls_deltas_with_other_text_are_refused() -> None:
    # the same ids and numbers, other arguments: which are the reply's is not guessed
    events = _stream(False)
    again = copy.deepcopy([e for e in events if e["sequence_number"] > 1])
    again[1]["delta"] = '{"city": "Rome"}'[:8]
    again[2]["delta"] = '{"city": "Rome"}'[8:]
    out = _read(events[:7] + again)
    assert ("ToolCall", "call_1") not in out
