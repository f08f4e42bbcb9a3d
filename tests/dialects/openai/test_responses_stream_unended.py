"""Responses stream items that started but never got their ``output_item.done``: a
built-in tool the client runs (``shell_call``, ``computer_call``, ``apply_patch_call``,
``local_shell_call``) cut off is a truncated ``InvalidToolCall`` (as a
``function_call`` is), never nothing; a call the final ``response.completed`` lists
whole is ended by that item (openai-python ``ResponseCompletedEvent.response.output``)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import InvalidToolCall, ToolCall, stream

D = "openai.responses"
CREATED = {"type": "response.created", "response": {"id": "r", "status": "in_progress", "output": []}}
INCOMPLETE = {"type": "response.incomplete", "response": {"id": "r", "status": "incomplete",
              "incomplete_details": {"reason": "max_output_tokens"}, "output": []}}
SHELL = {"type": "shell_call", "id": "sh", "call_id": "cs", "action": {"commands": ["rm -rf build"]},
         "status": "in_progress"}
PATCH = {"type": "apply_patch_call", "id": "ap", "call_id": "cp",
         "operation": {"type": "update_file", "path": "a", "diff": "x"}, "status": "in_progress"}
COMPUTER = {"type": "computer_call", "id": "cu", "call_id": "cc", "action": {"type": "click", "x": 1, "y": 2},
            "pending_safety_checks": [], "status": "in_progress"}
LOCAL = {"type": "local_shell_call", "id": "ls", "call_id": "cl",
         "action": {"type": "exec", "command": ["ls"], "env": {}}, "status": "in_progress"}
CASES = [(SHELL, "shell"), (PATCH, "apply_patch"), (COMPUTER, "computer"), (LOCAL, "local_shell")]


def _added(item: Dict[str, Any], index: int = 0) -> Dict[str, Any]:
    return {"type": "response.output_item.added", "output_index": index, "item": item}


@pytest.mark.parametrize(("item", "name"), CASES)
@pytest.mark.parametrize("end", [[], [INCOMPLETE]], ids=["dropped", "incomplete"])
def test_a_built_in_call_that_never_ended_is_truncated(item: Dict[str, Any], name: str, end: Any) -> None:
    (bad,) = stream.accumulate([CREATED, _added(item), *end])
    assert isinstance(bad, InvalidToolCall) and bad.truncated
    assert (bad.name, bad.id) == (name, item["call_id"])
    said = "; the reply's finish reason: 'max_output_tokens'" if end else ""
    assert bad.error == f"The stream ended before this call was complete (no end event{said})"


@pytest.mark.parametrize(("item", "name"), CASES)
def test_a_built_in_call_added_then_done_is_one_call(item: Dict[str, Any], name: str) -> None:
    done = {**item, "status": "completed"}
    events = [CREATED, _added(item), {"type": "response.output_item.done", "output_index": 0, "item": done},
              {"type": "response.completed", "response": {"id": "r", "status": "completed", "output": [done]}}]
    (call,) = stream.accumulate(events)
    assert isinstance(call, ToolCall) and (call.name, call.id) == (name, item["call_id"])
    assert toolwire.encode(call, D) == done
    # the final response ends it too, without an ``output_item.done``
    assert stream.accumulate([*events[:2], events[3]]) == [call]


def test_an_incomplete_built_in_item_keeps_its_name_in_a_whole_reply() -> None:
    resp = {"id": "r", "object": "response", "status": "incomplete", "output": [{**SHELL, "status": "incomplete"}],
            "incomplete_details": {"reason": "max_output_tokens"}}
    (bad,) = toolwire.decode_all(resp, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.truncated and (bad.name, bad.id) == ("shell", "cs")


def _fc(args: str, status: str) -> Dict[str, Any]:
    return {"type": "function_call", "id": "fc_0", "call_id": "c0", "name": "f", "arguments": args, "status": status}


def test_the_completed_response_ends_a_call_streamed_without_its_done_event() -> None:
    calls = stream.accumulate([
        CREATED,
        _added(_fc("", "in_progress")),
        {"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": "fc_0", "delta": '{"a":1}'},
        {"type": "response.completed", "response": {"id": "r", "status": "completed",
                                                     "output": [_fc('{"a":1}', "completed")]}}])
    assert calls == [ToolCall(name="f", args={"a": 1}, id="c0")]
    assert toolwire.encode(calls[0], D) == _fc('{"a":1}', "completed")


def test_the_completed_response_ends_only_the_call_with_its_call_id() -> None:
    other = {**_fc('{"a":1}', "completed"), "call_id": "c9"}
    bad, added = stream.accumulate([
        CREATED, _added(_fc("", "in_progress")),
        {"type": "response.completed", "response": {"id": "r", "status": "completed", "output": [other]}}])
    assert isinstance(bad, InvalidToolCall) and bad.truncated and bad.id == "c0"
    # the final item the stream never carried is a call of its own, never dropped
    assert added == ToolCall(name="f", args={"a": 1}, id="c9")


def test_the_completed_response_ends_several_open_calls_each_with_its_own_item() -> None:
    second = {**_fc("", "in_progress"), "id": "fc_1", "call_id": "c1"}
    calls = stream.accumulate([
        CREATED, _added(_fc("", "in_progress")), _added(second, 1),
        {"type": "response.function_call_arguments.delta", "output_index": 1, "delta": '{"b":2}'},
        {"type": "response.function_call_arguments.delta", "output_index": 0, "delta": '{"a":1}'},
        {"type": "response.completed", "response": {"id": "r", "status": "completed", "output": [
            _fc('{"a":1}', "completed"), {**second, "arguments": '{"b":2}', "status": "completed"}]}}])
    assert calls == [ToolCall(name="f", args={"a": 1}, id="c0"), ToolCall(name="f", args={"b": 2}, id="c1")]


@pytest.mark.parametrize(("item", "name"), [*CASES, ({"type": "tool_search_call", "id": "tsc_1", "call_id": "ct",
                                                      "execution": "client", "arguments": {"query": "x"},
                                                      "status": "in_progress"}, "tool_search")])
def test_a_built_in_call_streams_as_its_item_added_and_done(item: Dict[str, Any], name: str) -> None:
    # as the API streams them: ``output_item.added`` (``in_progress``) and ``.done``, no argument deltas
    done = {**item, "status": "completed"}
    call = toolwire.decode(done)
    events = stream.encode_stream([call], D)
    assert [e["type"] for e in events] == ["response.created", "response.output_item.added",
                                           "response.output_item.done", "response.completed"]
    assert events[1]["item"] == item and events[2]["item"] == done
    assert stream.accumulate(events) == [call] and call.name == name


def test_a_built_in_item_done_never_ends_another_call_open_at_its_index() -> None:
    done = {**SHELL, "status": "completed"}
    bad, call = stream.accumulate([CREATED, _added(_fc("", "in_progress")),
                                   {"type": "response.output_item.done", "output_index": 0, "item": done}])
    assert isinstance(bad, InvalidToolCall) and bad.truncated and (bad.name, bad.id) == ("f", "c0")
    assert isinstance(call, ToolCall) and (call.name, call.id) == ("shell", "cs")


def test_the_completed_response_ends_a_call_added_without_output_index() -> None:
    # found by tests/stream/test_stream_fast_path: the hot loop and the general reader agree
    added = {"type": "response.output_item.added", "item": _fc("", "in_progress")}
    done = _fc("{}", "completed")
    calls = stream.accumulate([CREATED, added,
                               {"type": "response.completed", "response": {"status": "completed", "output": [done]}}])
    assert calls == [ToolCall(name="f", args={}, id="c0")]
