"""The Responses stream read to its end as ``decode_all`` reads the whole response:
final items without ``output_index`` end the call with their ``call_id``; a stream
whose calls are only in ``response.completed`` (openai-python ``ResponseCompletedEvent.
response.output``) gives them; ``response.failed`` reports its ``error``
(``ResponseError``: ``code``, ``message``); the SDK's ``Response`` keeps that error too."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import stream

A = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather", "arguments": "",
     "status": "in_progress"}
B = {"type": "function_call", "id": "fc_2", "call_id": "call_2", "name": "get_time", "arguments": "",
     "status": "in_progress"}
FC = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather",
      "arguments": '{"city":"Paris"}', "status": "completed"}


def _resp(status: str, output: Any, **kw: Any) -> Dict[str, Any]:
    return {"id": "resp_1", "object": "response", "status": status, "output": output, **kw}


def test_parallel_final_items_without_output_index_end_their_own_calls() -> None:
    events = [
        {"type": "response.output_item.added", "item": A},
        {"type": "response.output_item.added", "item": B},
        {"type": "response.output_item.done", "item": {**A, "arguments": '{"city":"Paris"}', "status": "completed"}},
        {"type": "response.output_item.done", "item": {**B, "arguments": '{"tz":"CET"}', "status": "completed"}},
        {"type": "response.completed", "response": _resp("completed", [])},
    ]
    assert stream.accumulate(events) == [
        toolwire.ToolCall("get_weather", {"city": "Paris"}, "call_1"),
        toolwire.ToolCall("get_time", {"tz": "CET"}, "call_2"),
    ]


def test_calls_only_in_the_completed_response_are_read() -> None:
    events = [
        {"type": "response.created", "sequence_number": 0, "response": _resp("in_progress", [])},
        {"type": "response.completed", "sequence_number": 1, "response": _resp("completed", [FC])},
    ]
    want = toolwire.decode_all(_resp("completed", [FC]))
    assert stream.accumulate(events) == want == [toolwire.ToolCall("get_weather", {"city": "Paris"}, "call_1")]
    assert stream.accumulate(events, "openai.responses") == want
    # streamed items are not read twice
    streamed = [events[0], {"type": "response.output_item.added", "output_index": 0, "item": {**FC, "arguments": ""}},
                {"type": "response.output_item.done", "output_index": 0, "item": FC}, events[1]]
    assert stream.accumulate(streamed) == want


def test_a_failed_stream_reports_its_error() -> None:
    failed = _resp("failed", [FC], error={"code": "server_error", "message": "The model crashed"})
    acc = stream.Accumulator()
    for e in [{"type": "response.output_item.added", "output_index": 0, "item": {**FC, "arguments": ""}},
              {"type": "response.output_item.done", "output_index": 0, "item": FC},
              {"type": "response.failed", "response": failed}]:
        acc.feed(e)
    [bad] = acc.close()
    assert isinstance(bad, toolwire.InvalidToolCall)
    assert acc.error == "failed: server_error: The model crashed"
    assert "(failed: server_error: The model crashed)" in bad.error


def test_a_failed_sdk_response_keeps_its_error() -> None:
    from openai.types.responses import Response

    wire = {"id": "resp_1", "object": "response", "created_at": 1, "status": "failed", "model": "gpt-5",
            "parallel_tool_calls": True, "tool_choice": "auto", "tools": [], "output": [],
            "error": {"code": "server_error", "message": "boom"}}
    [from_dict] = toolwire.decode_all(wire, invalid="keep")
    [from_sdk] = toolwire.decode_all(Response.model_validate(wire), invalid="keep")
    assert from_sdk.error == from_dict.error
    assert "failed: server_error: boom" in from_sdk.error


def test_sdk_derived_parsed_arguments_are_not_provider_data() -> None:
    from openai._models import construct_type
    from openai.types.responses import ParsedResponse

    # openai-python ParsedResponseFunctionToolCall: ``parsed_arguments``, derived from
    # ``arguments`` by ``responses.parse``, in its ``__api_exclude__``
    resp = {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-5", "status": "completed",
            "parallel_tool_calls": True, "tool_choice": "auto", "tools": [],
            "output": [{**FC, "parsed_arguments": {"city": "Paris"}}]}
    obj = construct_type(type_=ParsedResponse[dict], value=resp)
    # (the whole ``ParsedResponse[T]`` is a generic class the registry does not name: not yet)
    for call in (toolwire.decode_all(obj.output)[0], toolwire.decode(obj.output[0])):
        assert toolwire.encode(call, "openai.responses") == {
            "type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": '{"city":"Paris"}',
            "id": "fc_1", "status": "completed"}


def test_sdk_tool_calls_that_are_not_a_list_are_a_decode_error() -> None:
    from openai.types.chat import ChatCompletion, ChatCompletionMessage, ChatCompletionMessageToolCall
    from openai.types.chat.chat_completion import Choice

    tc = ChatCompletionMessageToolCall.model_validate(
        {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}})
    for calls in (tc, "call_1", {"id": "call_1"}):  # openai-python ChatCompletionMessage.tool_calls: a list
        msg = ChatCompletionMessage.model_construct(role="assistant", content=None, tool_calls=calls)
        cc = ChatCompletion.model_construct(object="chat.completion", model="m", choices=[
            Choice.model_construct(index=0, finish_reason="tool_calls", message=msg)])
        with pytest.raises(toolwire.DecodeError) as info:
            toolwire.decode_all(cc, invalid="keep")
        assert info.value.loc == "$.choices[0].message.tool_calls"
