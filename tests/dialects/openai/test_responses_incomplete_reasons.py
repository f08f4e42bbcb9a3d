"""A call in a Responses reply that is ``incomplete`` for any reason reads the same from
the whole response (``decode_all``) and from its stream (``response.incomplete``).

openai-python's ``IncompleteDetails.reason``: ``max_output_tokens``, ``max_messages``,
``content_filter``, ``steered``. Under every one the reply stopped before it was done:
a call whose arguments are empty or cut off is an ``InvalidToolCall`` marked truncated,
never ``{}`` that runs; whole JSON arguments are taken (as under any token-limit finish),
except under ``content_filter``, where no call runs at all (``tests/test_stopped_replies.py``).
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest
from openai.types.responses import ResponseIncompleteEvent

import toolwire
from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator

R = "openai.responses"
REASONS = ["max_output_tokens", "max_messages", "steered"]  # content_filter: test_stopped_replies


def _response(reason: str, item: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-5", "status": "incomplete",
            "incomplete_details": {"reason": reason}, "parallel_tool_calls": True, "tool_choice": "auto",
            "tools": [], "output": [item]}


def _events(reason: str, item: Dict[str, Any]) -> List[Dict[str, Any]]:
    end = ResponseIncompleteEvent.model_validate(  # the SDK's own event
        {"type": "response.incomplete", "sequence_number": 3, "response": _response(reason, item)})
    return [{"type": "response.output_item.added", "output_index": 0,
             "item": dict(item, arguments="", status="in_progress")},
            {"type": "response.output_item.done", "output_index": 0, "item": item},
            end.model_dump(mode="json")]


def _item(arguments: str, status: str = "completed") -> Dict[str, Any]:
    return {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": arguments,
            "status": status}


@pytest.mark.parametrize("reason", REASONS)
@pytest.mark.parametrize(("arguments", "status"), [("", "incomplete"), ('{"a": 1', "incomplete"),
                                                   ("", "completed"), ('{"a": 1', "completed")])
def test_a_cut_off_call_in_an_incomplete_reply_never_runs(reason: str, arguments: str, status: str) -> None:
    [whole] = toolwire.decode_all(_response(reason, _item(arguments, status)), R, invalid="keep")
    acc = Accumulator()
    for event in _events(reason, _item(arguments, status)):
        acc.feed(event)
    [streamed] = acc.close()
    for call in (whole, streamed):
        assert type(call) is InvalidToolCall and call.truncated and (call.name, call.id) == ("f", "call_1")
    if status == "completed":  # (an item that says incomplete: the stream names that word, the reply its reason)
        assert streamed.error == whole.error.replace("$.output[0]", "$.calls[0]")


@pytest.mark.parametrize("reason", REASONS)
def test_whole_arguments_in_an_incomplete_reply_are_taken(reason: str) -> None:
    expected = [ToolCall("f", {"a": 1}, "call_1")]
    assert toolwire.decode_all(_response(reason, _item('{"a": 1}')), R) == expected
    acc = Accumulator()
    for event in _events(reason, _item('{"a": 1}')):
        acc.feed(event)
    assert acc.close() == expected
