"""MCP (``mcp``): tools/call requests, Tool definitions, CallToolResult."""

from __future__ import annotations

from typing import Any

import pytest

import toolwire

# shapes from the 2025-11-25 specification, server/tools.mdx, written by hand
REQUEST = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
           "params": {"name": "get_weather", "arguments": {"location": "New York"}}}
TOOL = {
    "name": "get_weather",
    "title": "Weather",
    "description": "Get current weather",
    "inputSchema": {"type": "object", "properties": {"location": {"type": "string"}}, "required": ["location"]},
    "outputSchema": {"type": "object", "properties": {"temp": {"type": "number"}}},
    "annotations": {"readOnlyHint": True},
}
RESULT = {"content": [{"type": "text", "text": '{"temp": 72}'}], "structuredContent": {"temp": 72}, "isError": False}


def test_request_decodes_and_reencodes() -> None:
    call = toolwire.decode(REQUEST)
    assert (call.name, call.args, call.id) == ("get_weather", {"location": "New York"}, "2")
    assert toolwire.encode(call, "mcp") == REQUEST  # the numeric JSON-RPC id stays a number


def test_bare_params() -> None:
    params = REQUEST["params"]
    call = toolwire.decode(params, "mcp")
    assert (call.name, call.id) == ("get_weather", None)
    assert toolwire.encode(call, "mcp") == params


def test_canonical_call_becomes_a_request() -> None:
    call = toolwire.ToolCall(name="fs.read_file", args={"path": "/tmp/x"}, id="call_1")
    assert toolwire.encode(call, "mcp") == {
        "jsonrpc": "2.0", "id": "call_1", "method": "tools/call",
        "params": {"name": "fs.read_file", "arguments": {"path": "/tmp/x"}},
    }


def test_tool_definition() -> None:
    tool = toolwire.decode_tool(TOOL)
    assert (tool.name, tool.description, tool.parameters) == ("get_weather", "Get current weather", TOOL["inputSchema"])
    assert toolwire.encode_tool(tool, "mcp") == TOOL
    chat = toolwire.encode_tool(tool, "openai.chat")
    assert chat == {"type": "function", "function": {
        "name": "get_weather", "description": "Get current weather", "parameters": TOOL["inputSchema"]}}


def test_tool_without_parameters_gets_an_object_schema() -> None:
    assert toolwire.encode_tool(toolwire.Tool(name="ping"), "mcp") == {"name": "ping", "inputSchema": {"type": "object"}}


def test_call_tool_result() -> None:
    result = toolwire.decode_result(RESULT, "mcp")
    assert result.content == [{"type": "json", "json": {"temp": 72}}]
    assert result.id is None and not result.is_error
    assert toolwire.encode_result(result, "mcp") == RESULT


def test_error_result_and_jsonrpc_response() -> None:
    wire = {"jsonrpc": "2.0", "id": 3, "result": {"content": [{"type": "text", "text": "boom"}], "isError": True}}
    result = toolwire.decode_result(wire, "mcp")
    assert (result.id, result.content, result.is_error) == ("3", [{"type": "text", "text": "boom"}], True)
    assert toolwire.encode_result(result, "mcp") == wire
    canonical = toolwire.ToolResult(id="call_1", content="done", is_error=True)
    assert toolwire.encode_result(canonical, "mcp") == {
        "jsonrpc": "2.0", "id": "call_1", "result": {"content": [{"type": "text", "text": "done"}], "isError": True}}


def test_image_blocks_are_kept() -> None:
    wire = {"content": [{"type": "image", "data": "aGk=", "mimeType": "image/png"}]}
    result = toolwire.decode_result(wire, "mcp")
    assert result.content == wire["content"]
    assert toolwire.encode_result(result, "mcp") == wire


def test_jsonrpc_error_is_an_error_result() -> None:
    wire = {"jsonrpc": "2.0", "id": 4, "error": {"code": -32602, "message": "Unknown tool: nope"}}
    result = toolwire.decode_result(wire, "mcp")
    assert (result.id, result.content, result.is_error) == ("4", "Unknown tool: nope", True)
    assert toolwire.encode_result(result, "mcp") == wire


@pytest.mark.parametrize("name", ["fs.read_file", "github/create issue", "météo"])
def test_names_the_specification_only_recommends_are_written_back(name: str) -> None:
    """MCP tool names: "SHOULD be between 1 and 128 characters", "SHOULD NOT contain
    spaces" (2025-11-25); the python SDK only warns, and serves such a tool."""
    tool = {"name": name, "inputSchema": {"type": "object"}}
    assert toolwire.encode_tool(toolwire.decode_tool(tool, "mcp"), "mcp") == tool
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": name, "arguments": {"a": 1}}}
    assert toolwire.encode(toolwire.decode(request, "mcp"), "mcp") == request


def test_an_empty_request_id_round_trips() -> None:
    # the canonical id is None ("" names no call); the wire value comes back as it was
    rid = ""
    item = {"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": {"name": "f", "arguments": {"a": 1}}}
    call = toolwire.decode(item)
    assert call.id is None
    assert toolwire.encode(call, "mcp") == item
    assert toolwire.decode(item, "mcp", repair=True).provider_data == call.provider_data  # the general path agrees
    renamed = call.replace(id="req-7")
    assert toolwire.encode(renamed, "mcp")["id"] == "req-7"


@pytest.mark.parametrize("rid", ["", None])
def test_responses_with_an_empty_or_null_id_round_trip(rid: Any) -> None:
    result = {"jsonrpc": "2.0", "id": rid, "result": {"content": [{"type": "text", "text": "ok"}], "isError": False}}
    assert toolwire.encode_result(toolwire.decode_result(result, "mcp"), "mcp") == result


def test_an_empty_request_id_is_the_id_of_the_response_answering_it() -> None:
    # JSON-RPC 2.0 §5: the response's id "MUST be the same as the value of the id member in the
    # Request Object"; MCP's RequestId is "string | number", and the mcp SDK accepts "". Decoded,
    # the call has no canonical id; encoded again with an IdMap, the id-less result answering it
    # is that response (it was the bare CallToolResult: a client waits for id "" forever)
    req = {"jsonrpc": "2.0", "id": "", "method": "tools/call", "params": {"name": "f", "arguments": {"a": 1}}}
    call = toolwire.decode(req, "mcp")
    ids = toolwire.IdMap(toolwire.get_dialect("mcp").ids, dialect="mcp")
    assert toolwire.encode(call, "mcp", ids=ids) == req
    out = toolwire.encode_result(toolwire.ToolResult(call.id, call.name, "ok"), "mcp", ids=ids)
    assert out == {"jsonrpc": "2.0", "id": "", "result": {"content": [{"type": "text", "text": "ok"}]}}
    # without an IdMap nothing pairs them: the bare CallToolResult, as for any id-less result
    assert toolwire.encode_result(toolwire.ToolResult(None, "f", "ok"), "mcp") == {
        "content": [{"type": "text", "text": "ok"}]}
