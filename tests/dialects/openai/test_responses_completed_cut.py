"""A Responses item saying ``"status": "completed"`` does not prove its call whole.

vLLM's ``/v1/responses`` marks every output item ``completed``, the one cut off by
``max_output_tokens`` too (vllm-project/vllm#57998): under a token-limit finish the
LAST call of the reply may still be cut off, whatever its item says; a call another
call follows is whole (the position rule), and an item saying ``incomplete`` is cut
off wherever it stands. Literals from the review reproducer (revCut r1) and
https://platform.openai.com/docs/api-reference/responses-streaming.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import accumulate

R = "openai.responses"


def _resp(items: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"id": "resp_1", "object": "response", "status": "incomplete",
            "incomplete_details": {"reason": "max_output_tokens"}, "model": "m", "output": items}


def _fc(i: int, args: str) -> Dict[str, Any]:
    return {"id": f"fc_{i}", "type": "function_call", "status": "completed", "call_id": f"call_{i}",
            "name": "delete_files", "arguments": args}


_CUSTOM = {"id": "ctc_1", "type": "custom_tool_call", "status": "completed", "call_id": "call_1", "name": "shell",
           "input": "rm -rf /tmp/bui"}
_LAST = [_fc(1, ""), _fc(1, '```json\n{"path": "/tmp/x"}'), _CUSTOM]


def _cut(calls: List[Any]) -> bool:
    return len(calls) == 1 and type(calls[0]) is InvalidToolCall and calls[0].truncated


def _stream(items: List[Dict[str, Any]], done: bool) -> List[Dict[str, Any]]:
    ev: List[Dict[str, Any]] = [{"type": "response.created", "response": {**_resp([]), "status": "in_progress"}}]
    for i, it in enumerate(items):
        empty = {"input": ""} if "input" in it else {"arguments": ""}  # (an added item carries no text yet)
        ev.append({"type": "response.output_item.added", "output_index": i, "item": {**it, **empty,
                                                                                     "status": "in_progress"}})
        if done:
            ev.append({"type": "response.output_item.done", "output_index": i, "item": it})
    ev.append({"type": "response.incomplete", "response": _resp(items)})
    return ev


@pytest.mark.parametrize("item", _LAST)
def test_a_last_call_that_says_completed_in_an_incomplete_reply_never_runs(item: Dict[str, Any]) -> None:
    assert _cut(toolwire.decode_all(_resp([item]), R, invalid="keep"))
    with pytest.raises(toolwire.DecodeError):
        toolwire.decode_all(_resp([item]), R)


@pytest.mark.parametrize("done", [True, False])
@pytest.mark.parametrize("item", _LAST)
def test_a_streamed_last_call_that_says_completed_never_runs(item: Dict[str, Any], done: bool) -> None:
    # its done item says completed, then response.incomplete; or only the final body says so
    assert _cut(accumulate(_stream([item], done), R))


@pytest.mark.parametrize("done", [True, False])
def test_a_call_another_follows_is_whole_whatever_its_status(done: bool) -> None:
    items = [_fc(1, ""), _fc(2, '{"path": "/tmp/y"}')]
    for calls in (toolwire.decode_all(_resp(items), R, invalid="keep"), accumulate(_stream(items, done), R)):
        assert calls[0] == ToolCall("delete_files", {}, "call_1", raw="", repairs=("empty-arguments",))
        assert calls[1] == ToolCall("delete_files", {"path": "/tmp/y"}, "call_2")
    items = [_CUSTOM, _fc(2, '{"path": "/tmp/y"}')]
    for calls in (toolwire.decode_all(_resp(items), R, invalid="keep"), accumulate(_stream(items, done), R)):
        assert calls[0] == ToolCall("shell", {"input": "rm -rf /tmp/bui"}, "call_1", provider_data=calls[0].provider_data)
