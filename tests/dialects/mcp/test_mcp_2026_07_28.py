"""MCP results and params of the 2026-07-28 schema, as the python SDK writes them.

Literals pinned from the MCP schema ``schema/2026-07-28/schema.ts`` (``Result.resultType``:
"Servers implementing this protocol version MUST include this field ... the client MUST
treat the absent field as ``"complete"``"; ``ResultType = "complete" | "input_required" |
string``; ``InputRequiredResult {inputRequests?, requestState?}``;
``InputResponseRequestParams {inputResponses?, requestState?}``, which
``CallToolRequestParams`` extends; ``CallToolResult.structuredContent?: unknown``) and
from the python SDK mcp 2.3.0 (``mcp_types/_types.py``: ``CallToolResult.result_type``
defaults to ``"complete"``, alias ``resultType``, "Always serialized";
``structured_content: Any = None``, so ``model_dump(by_alias=True)`` writes
``"structuredContent": null`` for an unset one; ``InputRequiredResult`` is "Returned in
place of the normal result of an interactive client request (``tools/call``, ...)").
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import ToolCall, ToolResult

M = "mcp"
# mcp 2.3.0: CallToolResult(content=[TextContent(text="disk full")], is_error=True)
#   .model_dump(by_alias=True, exclude_none=True, mode="json")
SDK_ERROR: Dict[str, Any] = {"content": [{"type": "text", "text": "disk full"}], "isError": True,
                             "resultType": "complete"}
# mcp 2.3.0: CallToolResult(content=[TextContent(text="42 files")]).model_dump(by_alias=True, mode="json")
SDK_UNSET: Dict[str, Any] = {
    "_meta": None, "content": [{"type": "text", "text": "42 files", "annotations": None, "_meta": None}],
    "structuredContent": None, "isError": False, "resultType": "complete",
}
# mcp 2.3.0: InputRequiredResult(request_state="opaque").model_dump(by_alias=True, exclude_none=True, mode="json")
INPUT_REQUIRED: Dict[str, Any] = {"resultType": "input_required", "requestState": "opaque"}
INPUT_REQUIRED_MESSAGE = (
    "it is an input-required answer to tools/call (InputRequiredResult): fulfil its inputRequests and retry the "
    "call with its requestState"
)


# --- resultType (MCP-1) -------------------------------------------------------------------------


def test_sdk_result_with_result_type_complete_is_read() -> None:
    result = toolwire.decode_result(SDK_ERROR, M)
    assert (result.id, result.content, result.is_error) == (None, [{"type": "text", "text": "disk full"}], True)
    assert toolwire.encode_result(result, M) == SDK_ERROR  # the bare CallToolResult back as it came


def test_sdk_result_with_result_type_complete_is_detected() -> None:
    assert toolwire.detect(SDK_ERROR) == M
    assert toolwire.decode_result(SDK_ERROR).is_error is True


def test_result_type_complete_in_a_json_rpc_response() -> None:
    wire = {"jsonrpc": "2.0", "id": 3, "result": {"content": [{"type": "text", "text": "ok"}], "resultType": "complete"}}
    result = toolwire.decode_result(wire, M)
    assert (result.id, result.content) == ("3", [{"type": "text", "text": "ok"}])
    assert toolwire.encode_result(result, M) == wire


def test_a_fresh_result_is_written_without_result_type() -> None:
    # (absent means "complete" for every protocol version; 2025-11-25 peers have no such field)
    assert toolwire.encode_result(ToolResult(None, "f", "ok"), M) == {"content": [{"type": "text", "text": "ok"}]}


@pytest.mark.parametrize(("body", "what"), [
    pytest.param({**INPUT_REQUIRED, "content": []}, INPUT_REQUIRED_MESSAGE, id="input_required"),
    # the tasks extension's result (mcp 2.3.0 ``ResultType``: "the tasks extension reserves 'task'")
    pytest.param({"content": [], "resultType": "task"}, "it is a task answer to tools/call (the tasks extension)",
                 id="task"),
    pytest.param({"content": [], "resultType": "other"}, "a CallToolResult is 'complete' (or has no resultType)",
                 id="unknown"),
])
def test_result_type_other_than_complete_is_refused_at_it(body: Dict[str, Any], what: str) -> None:
    with pytest.raises(toolwire.DecodeError) as info:
        toolwire.decode_result(body, M)
    assert (info.value.message, info.value.loc, info.value.dialect) == (
        f"Result at $ is not a CallToolResult (its resultType is {body['resultType']!r}): {what}",
        "$.resultType", M)


def test_result_type_not_a_string_is_refused() -> None:
    with pytest.raises(toolwire.DecodeError) as info:
        toolwire.decode_result({"content": [], "resultType": 5}, M)
    assert (info.value.message, info.value.loc) == (
        "Result type at $.resultType must be a string, got 5", "$.resultType")


# --- InputRequiredResult (MCP-3) ----------------------------------------------------------------


def test_input_required_answer_in_a_json_rpc_response_is_named() -> None:
    with pytest.raises(toolwire.DecodeError) as info:
        toolwire.decode_result({"jsonrpc": "2.0", "id": 4, "result": INPUT_REQUIRED}, M)
    assert (info.value.message, info.value.loc) == (
        f"Result at $.result is not a CallToolResult (its resultType is 'input_required'): {INPUT_REQUIRED_MESSAGE}",
        "$.result.resultType")


def test_bare_input_required_answer_named_mcp_is_named() -> None:
    with pytest.raises(toolwire.DecodeError) as info:
        toolwire.decode_result(INPUT_REQUIRED, M)
    assert (info.value.message, info.value.loc) == (
        f"Result at $ is not a CallToolResult (its resultType is 'input_required'): {INPUT_REQUIRED_MESSAGE}",
        "$.resultType")


def test_input_request_fields_without_result_type_are_named() -> None:
    with pytest.raises(toolwire.DecodeError) as info:
        toolwire.decode_result({"jsonrpc": "2.0", "id": 4, "result": {"requestState": "opaque"}}, M)
    assert info.value.message == (
        "Result at $.result is not a CallToolResult (it has no 'content'): it is an input-required answer to "
        "tools/call (InputRequiredResult): fulfil its inputRequests and retry the call with its requestState; got "
        "{'requestState': 'opaque'}")


# --- tools/call params of 2026-07-28 (MCP-1) ----------------------------------------------------


@pytest.mark.parametrize("extra", [
    pytest.param({"requestState": "s"}, id="requestState"),
    pytest.param({"inputResponses": {"ask": {"action": "accept", "content": {"ok": True}}}, "requestState": "s"},
                 id="inputResponses"),
])
def test_bare_params_with_input_responses_are_a_call(extra: Dict[str, Any]) -> None:
    params = {"name": "get", "arguments": {"a": 1}, **extra}
    assert toolwire.detect(params) == M
    call = toolwire.decode(params, M)
    assert call == ToolCall("get", {"a": 1}, None)
    assert toolwire.encode(call, M) == params


# --- structuredContent: null (MCP-2) ------------------------------------------------------------


def test_structured_content_null_is_no_part() -> None:
    result = toolwire.decode_result(SDK_UNSET, M)
    assert (result.content, result.is_error) == ([{"type": "text", "text": "42 files"}], False)
    assert toolwire.encode_result(result, M) == SDK_UNSET  # the body as it came
    wire = {"jsonrpc": "2.0", "id": 7, "result": SDK_UNSET}
    # (Anthropic ``tool_result.content``: a string or a list of text blocks; no "null" block beside it)
    assert toolwire.convert(wire, to="anthropic.messages") == {
        "type": "tool_result", "tool_use_id": "7", "content": [{"type": "text", "text": "42 files"}]}


def test_structured_content_null_with_its_text_block_is_the_json_null() -> None:
    # 2026-07-28: any JSON value, null too, with "the serialized JSON in a TextContent block"
    body = {"content": [{"type": "text", "text": "null"}], "structuredContent": None, "resultType": "complete"}
    assert toolwire.decode_result(body, M).content == [{"type": "json", "json": None}]


def test_a_sampling_result_is_named() -> None:
    """``CreateMessageResultWithTools`` (2025-11-25): a client's answer to
    ``sampling/createMessage``, whose content may hold ``tool_use`` blocks; no CallToolResult."""
    res = {"role": "assistant", "model": "m", "stopReason": "toolUse",
           "content": [{"type": "tool_use", "id": "tu_1", "name": "get_weather", "input": {"city": "Paris"}}]}
    with pytest.raises(toolwire.DecodeError) as info:
        toolwire.decode_result({"jsonrpc": "2.0", "id": 3, "result": res}, "mcp")
    assert info.value.loc == "$.result" and str(info.value).startswith(
        "Result at $.result is not a CallToolResult (it has 'role' and 'model'): it is a sampling/createMessage "
        "result (CreateMessageResult), a client's answer to a server; got ")
