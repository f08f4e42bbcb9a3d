"""A Responses stream whose done events carry empty text after argument deltas: some
gateways send ``"arguments": ""`` on ``response.function_call_arguments.done`` and on
``response.output_item.done`` (farion1231/cc-switch#6481; proxies drop such empty
strings). The deltas are the call's arguments; an empty done text says nothing of them
and never replaces them with a runnable ``{}``. A non-empty done text stays the whole
text (§2e)."""

from __future__ import annotations

from typing import Any, Dict, List

from toolwire import stream

ADD = {"type": "response.output_item.added", "output_index": 0, "item": {
    "type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "",
    "status": "in_progress"}}
DELTA = {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 0,
         "delta": '{"path":"/a"}'}
COMPLETED = {"type": "response.completed", "response": {"id": "r", "object": "response",
                                                        "status": "completed", "output": []}}


def _args_done(text: str) -> Dict[str, Any]:
    return {"type": "response.function_call_arguments.done", "item_id": "fc_1", "output_index": 0,
            "arguments": text}


def _item_done(text: str) -> Dict[str, Any]:
    return {"type": "response.output_item.done", "output_index": 0, "item": {
        "type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": text,
        "status": "completed"}}


def _args(events: List[Dict[str, Any]]) -> Any:
    (call,) = stream.accumulate(events)
    return call.args


def test_empty_item_done_keeps_the_deltas() -> None:
    assert _args([ADD, DELTA, _item_done(""), COMPLETED]) == {"path": "/a"}


def test_empty_arguments_done_keeps_the_deltas() -> None:
    assert _args([ADD, DELTA, _args_done(""), _item_done(""), COMPLETED]) == {"path": "/a"}
    assert _args([ADD, DELTA, _args_done(""), _item_done('{"path":"/a"}'), COMPLETED]) == {"path": "/a"}


def test_whole_done_text_is_authoritative() -> None:
    assert _args([ADD, DELTA, _item_done('{"path":"/b"}'), COMPLETED]) == {"path": "/b"}


def test_no_deltas_empty_done_is_a_call_without_arguments() -> None:
    assert _args([ADD, _item_done(""), COMPLETED]) == {}


def test_empty_custom_input_done_keeps_the_deltas() -> None:
    add = {"type": "response.output_item.added", "output_index": 0, "item": {
        "type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1", "name": "shell", "input": "",
        "status": "in_progress"}}
    delta = {"type": "response.custom_tool_call_input.delta", "item_id": "ctc_1", "output_index": 0,
             "delta": "ls -la"}
    done = {"type": "response.output_item.done", "output_index": 0, "item": {
        "type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1", "name": "shell", "input": "",
        "status": "completed"}}
    assert _args([add, delta, done, COMPLETED]) == {"input": "ls -la"}
