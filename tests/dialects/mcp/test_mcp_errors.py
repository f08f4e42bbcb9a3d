"""MCP: every error with its message, ``$.path`` and dialect; what ``explain`` says for
each shape; and the request and result fields the canonical values do not hold, kept
for the re-encode. Wire shapes from the specification
(https://modelcontextprotocol.io/specification/2025-11-25/server/tools and
https://www.jsonrpc.org/specification, "Request object" and "Response object").
"""

from __future__ import annotations

from typing import Any, Callable, Dict

import pytest

import toolwire
from toolwire import Tool, ToolCall, ToolResult

ARGS = {"location": "Zürich"}
REQUEST = {"jsonrpc": "2.0", "id": "r1", "method": "tools/call", "params": {"name": "get_weather", "arguments": ARGS}}
ENTRIES: Dict[str, Callable[..., Any]] = {
    "decode": toolwire.decode,
    "decode_tool": toolwire.decode_tool,
    "decode_result": toolwire.decode_result,
}


def _request(**params: Any) -> Dict[str, Any]:
    return {**REQUEST, "params": params}


ERRORS = [
    pytest.param("decode", {**REQUEST, "params": [1]}, "DecodeError",
                 "Expected a 'params' object at $.params, got list [1]", "$.params", id="params-not-an-object"),
    pytest.param("decode", {**REQUEST, "id": 2.5}, "DecodeError",
                 "Id at $.id must be a string or an integer (a JSON-RPC id), got 2.5 (a float: a JSON-RPC id should "
                 "hold no fractional part, and it would not be written back as it came)", "$.id",
                 id="request-id-a-float"),
    # 2.0 would be written back as 2; a bool is no number (JSON-RPC 2.0, "Request object": "String, Number, or NULL")
    pytest.param("decode", {**REQUEST, "id": 2.0}, "DecodeError",
                 "Id at $.id must be a string or an integer (a JSON-RPC id), got 2.0 (a float: a JSON-RPC id should "
                 "hold no fractional part, and it would not be written back as it came)", "$.id",
                 id="request-id-a-whole-float"),
    pytest.param("decode", {**REQUEST, "id": True}, "DecodeError",
                 "Id at $.id must be a string or an integer (a JSON-RPC id), got True", "$.id", id="request-id-a-bool"),
    pytest.param("decode", _request(name=5, arguments={}), "DecodeError",
                 "Tool name at $.params.name must be a non-empty string, got 5", "$.params.name", id="name-an-int"),
    pytest.param("decode", {**REQUEST, "id": 7, "params": {"name": 5, "arguments": {}}}, "DecodeError",
                 "Tool name at $.params.name must be a non-empty string, got 5", "$.params.name",
                 id="name-an-int-int-id"),
    pytest.param("decode", _request(name="f", arguments="{bad"), "ArgumentsError",
                 "Arguments at $.params.arguments are cut off (the JSON ends inside a value): '{bad'; what "
                 "comes before the cut is not a JSON object either", "$.params.arguments", id="arguments-cut-off"),
    pytest.param("decode", _request(name="f", arguments=[1]), "ArgumentsError",
                 "Arguments at $.params.arguments must be a JSON object or its text, got list [1]",
                 "$.params.arguments", id="arguments-a-list"),
    pytest.param("decode", _request(name="f", arguments={"a": float("nan")}), "ArgumentsError",
                 "Arguments at $.params.arguments hold nan, which is not JSON (NaN and infinity are not numbers in "
                 "JSON)", "$.params.arguments", id="arguments-nan"),
    pytest.param("decode", {**REQUEST, "params": {"name": "f", "arguments": {"a": float("nan")}}, "x": 1},
                 "ArgumentsError", "Arguments at $.params.arguments hold nan, which is not JSON (NaN and infinity are "
                 "not numbers in JSON)", "$.params.arguments", id="arguments-nan-general-path"),
    pytest.param("decode", {"name": "", "arguments": {}}, "DecodeError",
                 "Tool name at $.name must be a non-empty string, got ''", "$.name", id="bare-name-empty"),
    pytest.param("decode", {"name": "f", "arguments": {"a": {1, 2}}}, "ArgumentsError",
                 "Arguments at $.arguments hold a set value, which is not JSON: {1, 2}", "$.arguments", id="bare-arguments-a-set"),
    pytest.param("decode_tool", {"name": 7, "inputSchema": {}}, "DecodeError",
                 "Tool name at $.name must be a non-empty string, got 7", "$.name", id="tool-name-an-int"),
    # Tool.inputSchema is required (schema.ts ``Tool``)
    pytest.param("decode_tool", {"name": "f", "inputSchema": None}, "DecodeError",
                 "Tool inputSchema at $.inputSchema is missing: mcp requires one", "$.inputSchema",
                 id="tool-schema-null"),
    pytest.param("decode_tool", {"name": "f"}, "DecodeError",
                 "Tool inputSchema at $.inputSchema is missing: mcp requires one", "$.inputSchema",
                 id="tool-schema-missing"),
    pytest.param("decode_tool", {"name": "f", "description": "d"}, "DecodeError",
                 "Tool inputSchema at $.inputSchema is missing: mcp requires one", "$.inputSchema",
                 id="tool-schema-missing-with-description"),
    pytest.param("decode_tool", {"name": "f", "inputSchema": "x"}, "DecodeError",
                 "Tool inputSchema at $.inputSchema must be an object", "$.inputSchema", id="tool-schema-a-string"),
    pytest.param("decode_result", {"jsonrpc": "2.0", "id": "1", "error": "boom"}, "DecodeError",
                 "Expected a JSON-RPC error at $.error, got str 'boom'", "$.error", id="rpc-error-a-string"),
    pytest.param("decode_result", {"jsonrpc": "2.0", "id": [1], "result": {"content": []}}, "DecodeError",
                 "Id at $.id must be a string or an integer (a JSON-RPC id), got [1]", "$.id", id="response-id-a-list"),
    pytest.param("decode_result", {"jsonrpc": "2.0", "id": "1", "result": {"content": "x"}}, "DecodeError",
                 "CallToolResult content at $.result.content must be a list", "$.result.content",
                 id="response-content-a-string"),
    pytest.param("decode_result", {"content": [{"type": "text", "text": 5}]}, "DecodeError",
                 "Text block at $.content[0].text must hold a string, got 5", "$.content[0].text",
                 id="text-block-text-an-int"),
    pytest.param("decode_result", {"jsonrpc": "2.0", "id": "1", "result": {"content": [{"type": "text", "text": None}]}},
                 "DecodeError", "Text block at $.result.content[0].text must hold a string, got None",
                 "$.result.content[0].text", id="response-text-block-text-null"),
    pytest.param("decode_result", {"content": [1]}, "DecodeError",
                 "Expected a content block at $.content[0], got int 1", "$.content[0]", id="block-an-int"),
    # a JSON-RPC result that is no CallToolResult (``content`` is required, schema.ts 2025-11-25)
    pytest.param("decode_result", {"jsonrpc": "2.0", "id": 1, "result": {"tools": [
                     {"name": "get_weather", "inputSchema": {"type": "object"}}]}}, "DecodeError",
                 "Result at $.result is not a CallToolResult (it has no 'content'): it is a tools/list result "
                 "(ListToolsResult), whose tools decode_tool reads one by one (decode_tool(t, 'mcp') for t in its 'tools'); "
                 "got {'tools': [{'name': 'get_weather', 'inputSchema': {'type': …",
                 "$.result", id="response-a-tools-list-result"),
    pytest.param("decode_result", {"jsonrpc": "2.0", "id": 1, "result": {"tools": [], "nextCursor": "c2"}},
                 "DecodeError", "Result at $.result is not a CallToolResult (it has no 'content'): it is a tools/list "
                 "result (ListToolsResult), whose tools decode_tool reads one by one (decode_tool(t, 'mcp') for t in its "
                 "'tools'); got {'tools': [], 'nextCursor': 'c2'}", "$.result",
                 id="response-an-empty-tools-list-page"),
    pytest.param("decode_result", {"jsonrpc": "2.0", "id": 1, "result": {"task": {
                     "taskId": "t1", "status": "working", "createdAt": "2025-11-25T10:30:00Z"}}}, "DecodeError",
                 "Result at $.result is not a CallToolResult (it has no 'content'): it is a task-augmented tools/call "
                 "answer (CreateTaskResult); got {'task': {'taskId': 't1', 'status': 'working', 'createdAt':…",
                 "$.result", id="response-a-create-task-result"),
    pytest.param("decode_result", {"jsonrpc": "2.0", "id": "p1", "result": {}}, "DecodeError",
                 "Result at $.result is not a CallToolResult (it has no 'content'): it is an empty result "
                 "(EmptyResult, e.g. the answer to ping); got {}", "$.result", id="response-an-empty-result"),
    pytest.param("decode_result", {"jsonrpc": "2.0", "id": 1, "result": {"structured": {"a": 1}}}, "DecodeError",
                 "Result at $.result is not a CallToolResult (it has no 'content'): it is no result of tools/call; "
                 "got {'structured': {'a': 1}}", "$.result", id="response-of-no-known-request"),
    # content blocks: the types of schema.ts ``ContentBlock``, each with the member its type requires
    pytest.param("decode_result", {"content": [{"type": "image", "data": "iVBORw0KGgo="}]}, "DecodeError",
                 "Content block at $.content[0] is an image block without its 'mimeType'", "$.content[0].mimeType",
                 id="image-block-without-mime-type"),
    pytest.param("decode_result", {"jsonrpc": "2.0", "id": 2, "result": {"content": [
                     {"type": "text", "text": "a"}, {"type": "ui", "html": "<b/>"}]}}, "DecodeError",
                 "Content block at $.result.content[1].type must be one of text, image, audio, resource, "
                 "resource_link, got 'ui'", "$.result.content[1].type", id="block-of-no-mcp-type"),
    pytest.param("decode_result", {"content": [{"text": "a"}]}, "DecodeError",
                 "Content block at $.content[0].type must be one of text, image, audio, resource, resource_link, "
                 "got None", "$.content[0].type", id="block-without-a-type"),
    # JSON-RPC 2.0, "Error object": message "A String providing a short description of the error"
    pytest.param("decode_result", {"jsonrpc": "2.0", "id": 3, "error": {"code": -32602, "message": 7}},
                 "DecodeError", "Error message at $.error.message must be a string, got 7", "$.error.message",
                 id="rpc-error-message-an-int"),
]


@pytest.mark.parametrize(("entry", "payload", "kind", "message", "loc"), ERRORS)
def test_errors_name_the_field(entry: str, payload: Any, kind: str, message: str, loc: str) -> None:
    with pytest.raises(toolwire.ToolwireError) as exc:
        ENTRIES[entry](payload, "mcp")
    assert (type(exc.value).__name__, exc.value.message, exc.value.loc, exc.value.dialect) == (kind, message, loc, "mcp")


SHAPES = [
    pytest.param(REQUEST, ("mcp", "call", "a JSON-RPC 'tools/call' request"), id="request"),
    pytest.param({"jsonrpc": "2.0", "id": 1, "result": {"content": []}},
                 ("mcp", "result", "a JSON-RPC response (a CallToolResult)"), id="response"),
    pytest.param({"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "Unknown tool"}},
                 ("mcp", "result", "a JSON-RPC response (a CallToolResult)"), id="error-response"),
    pytest.param({"name": "f", "inputSchema": {"type": "object"}},
                 ("mcp", "tool", "'name' and 'inputSchema' (an MCP Tool)"), id="tool"),
    pytest.param({"name": "f", "arguments": {}, "_meta": {"progressToken": 1}},
                 ("mcp", "call", "'name' and object 'arguments' only (tools/call params)"), id="params"),
    pytest.param({"content": [], "isError": True},
                 ("mcp", "result", "'content' blocks with MCP result fields (a CallToolResult)"), id="result"),
    pytest.param({"content": [], "structuredContent": {}, "isError": False, "_meta": {}},
                 ("mcp", "result", "'content' blocks with MCP result fields (a CallToolResult)"), id="result-every-field"),
]


@pytest.mark.parametrize(("payload", "said"), SHAPES)
def test_explain_says_which_shape(payload: Any, said: Any) -> None:
    assert toolwire.explain(payload) == said


NOT_MCP = [
    pytest.param({"id": 1, "result": {"content": []}}, id="response-without-jsonrpc"),
    pytest.param({"jsonrpc": "2.0", "id": 1, "result": "done"}, id="response-result-not-an-object"),
    pytest.param({"content": "text", "isError": False}, id="result-content-a-string"),
    pytest.param({"content": [], "isError": False, "x": 1}, id="content-beside-a-foreign-key"),
    pytest.param({"name": "f", "arguments": {}, "id": "c"}, id="params-beside-a-foreign-key"),
]


@pytest.mark.parametrize("payload", NOT_MCP)
def test_near_misses_are_not_claimed(payload: Any) -> None:
    with pytest.raises(toolwire.DecodeError, match="matches no known dialect"):
        toolwire.explain(payload)


def _call_round_trip(wire: Dict[str, Any]) -> ToolCall:
    call = toolwire.decode(wire, "mcp")
    assert toolwire.encode(call, "mcp") == wire
    return call


def test_a_numeric_request_id_is_a_string_and_written_back_as_a_number() -> None:
    call = _call_round_trip({**REQUEST, "id": 7})
    assert (call.name, call.args, call.id) == ("get_weather", ARGS, "7")
    assert toolwire.encode(ToolCall(name="f", args={}, id="7"), "mcp")["id"] == "7"


@pytest.mark.parametrize("rid", [7, 0, -3])
def test_the_result_answering_a_numeric_request_id_has_that_number(rid: int) -> None:
    # JSON-RPC 2.0, Response object: its id "MUST be the same as the value of the id member
    # in the Request Object"
    call = toolwire.decode({**REQUEST, "id": rid})
    ids = toolwire.IdMap(toolwire.get_dialect("mcp").ids, dialect="mcp")
    assert toolwire.encode(call, "mcp", ids=ids)["id"] == rid
    out = toolwire.encode_result(ToolResult(id=call.id, content="x"), "mcp", ids=ids)
    assert out == {"jsonrpc": "2.0", "id": rid, "result": {"content": [{"type": "text", "text": "x"}]}}
    # a string id that only looks like that number stays a string
    ids = toolwire.IdMap(toolwire.get_dialect("mcp").ids, dialect="mcp")
    toolwire.encode(toolwire.decode({**REQUEST, "id": str(rid)}), "mcp", ids=ids)
    assert toolwire.encode_result(ToolResult(id=str(rid), content="x"), "mcp", ids=ids)["id"] == str(rid)


NOTIFICATION = ('Request at $ has {what}: a tools/call without an id is a notification, which no MCP server runs '
                '("Requests MUST include a string or integer ID"); it is no call')
NO_ID = ("The call 'get_weather' cannot be written as an mcp request without an id: a tools/call without one, or with "
         'a null one, is a notification, which no server runs (MCP: "Requests MUST include a string or integer ID"); '
         "give the call an id (call.replace(id=...); an IdMap's id_of(call) makes one)")


@pytest.mark.parametrize("wire, what", [
    ({"jsonrpc": "2.0", "method": "tools/call", "params": REQUEST["params"]}, "no 'id'"),
    ({"jsonrpc": "2.0", "id": None, "method": "tools/call", "params": REQUEST["params"]}, "a null 'id'"),
])
def test_a_request_without_an_id_is_a_notification_and_no_call(wire: Dict[str, Any], what: str) -> None:
    """MCP (2025-11-25, basic/index): "Requests MUST include a string or integer ID. Unlike
    base JSON-RPC, the ID MUST NOT be null"; the python SDK reads both as notifications,
    and its server runs neither: never a runnable call."""
    for decode in (lambda: toolwire.decode(wire, "mcp"), lambda: toolwire.decode(wire)):
        with pytest.raises(toolwire.DecodeError) as info:
            decode()
        assert (str(info.value), info.value.loc) == (NOTIFICATION.format(what=what), "$.id")
    [kept] = toolwire.decode_all(wire, "mcp", invalid="keep")
    assert type(kept) is toolwire.InvalidToolCall and (kept.name, kept.id) == ("get_weather", None)


@pytest.mark.parametrize("pd", [{"no_id": True}, {"id": None}])
def test_a_call_is_never_written_as_a_request_without_an_id(pd: Dict[str, Any]) -> None:
    call = ToolCall("get_weather", ARGS, None, provider_data={"mcp": pd})
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.encode(call, "mcp")
    assert str(info.value) == NO_ID
    # given an id, the request carries it
    assert toolwire.encode(call.replace(id="r1"), "mcp") == REQUEST
    # a call with no id and no such data gets a stable made-up one, as before
    made = toolwire.encode(ToolCall("get_weather", ARGS), "mcp")["id"]
    assert made.startswith("call_") and len(made) == 29 and toolwire.encode(ToolCall("get_weather", ARGS), "mcp")["id"] == made


def test_a_request_of_another_jsonrpc_version_keeps_it() -> None:
    assert _call_round_trip({**REQUEST, "jsonrpc": "1.0"}).id == "r1"
    assert _call_round_trip({k: v for k, v in REQUEST.items() if k != "jsonrpc"}).id == "r1"


def test_fields_beside_the_request_and_its_params_are_kept() -> None:
    call = _call_round_trip({**REQUEST, "x-trace": "é"})
    assert dict(call.provider_data) == {"mcp": {"extra": {"x-trace": "é"}}}
    call = _call_round_trip(_request(name="get_weather", arguments=ARGS, _meta={"progressToken": "t1"}))
    assert dict(call.provider_data) == {"mcp": {"params_extra": {"_meta": {"progressToken": "t1"}}}}
    assert _call_round_trip({"name": "now", "arguments": {}, "_meta": {"k": 1}}).id is None


def test_missing_and_empty_arguments_are_written_as_they_came() -> None:
    call = _call_round_trip(_request(name="now"))
    assert (call.args, call.repairs) == ({}, ("empty-arguments",))
    call = _call_round_trip(_request(name="now", arguments=""))
    assert (call.args, call.repairs) == ({}, ("empty-arguments",))
    call = toolwire.decode(_request(name="now", arguments='{"a": 1}'), "mcp")
    assert call.args == {"a": 1}  # argument text is read; the re-encode writes the object MCP specifies
    assert toolwire.encode(call, "mcp")["params"] == {"name": "now", "arguments": {"a": 1}}


def test_a_canonical_call_becomes_a_request_with_a_stable_id() -> None:
    out = toolwire.encode(ToolCall(name="get_weather", args=ARGS), "mcp")
    assert out["jsonrpc"] == "2.0" and out["method"] == "tools/call"
    assert out["params"] == {"name": "get_weather", "arguments": ARGS}
    assert out["id"] == toolwire.encode(ToolCall(name="get_weather", args=ARGS), "mcp")["id"]


def _result_round_trip(wire: Dict[str, Any]) -> ToolResult:
    result = toolwire.decode_result(wire, "mcp")
    assert toolwire.encode_result(result, "mcp") == wire
    return result


def test_a_jsonrpc_error_response_is_an_error_result_and_is_written_back() -> None:
    wire = {"jsonrpc": "2.0", "id": 3, "error": {"code": -32602, "message": "Unknown tool: invalid_tool_name"}}
    result = _result_round_trip(wire)
    assert (result.id, result.content, result.is_error) == ("3", "Unknown tool: invalid_tool_name", True)
    result = _result_round_trip({"jsonrpc": "2.0", "id": 3, "error": {"code": -32603}})
    assert (result.content, result.is_error) == ("", True)


def test_a_response_without_an_id_or_with_a_null_id() -> None:
    body = {"content": [{"type": "text", "text": "ok"}]}
    assert _result_round_trip({"jsonrpc": "2.0", "id": None, "result": body}).id is None
    assert _result_round_trip({"jsonrpc": "2.0", "result": body}).id is None


def test_text_blocks_keep_text_beyond_ascii() -> None:
    wire = {"content": [{"type": "text", "text": "Zürich: 22°C"}, {"type": "text", "text": ""}]}
    assert _result_round_trip(wire).content == wire["content"]
    wire = {"content": [{"type": "text", "text": '{"t": "22°C"}'}], "structuredContent": {"t": "22°C"}}
    assert _result_round_trip(wire).content == [{"type": "json", "json": {"t": "22°C"}}]
    out = toolwire.encode_result(ToolResult(content=[{"type": "json", "json": {"t": "22°C"}}]), "mcp")
    assert out == wire
    out = toolwire.encode_result(ToolResult(content=[{"type": "text", "text": ""}, {"type": "text", "text": "a"}]),
                                 "mcp")
    assert out == {"content": [{"type": "text", "text": ""}, {"type": "text", "text": "a"}]}
    assert toolwire.encode_result(ToolResult(content=""), "mcp") == {"content": []}


def test_tool_fields_beyond_the_canonical_ones_are_kept() -> None:
    wire = {"name": "f", "description": "Wetter für Zürich", "inputSchema": {"type": "object"},
            "outputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True}}
    tool = toolwire.decode_tool(wire, "mcp")
    assert (tool.name, tool.description, tool.parameters) == ("f", "Wetter für Zürich", {"type": "object"})
    assert dict(tool.provider_data) == {"mcp": {"outputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True}}}
    assert toolwire.encode_tool(tool, "mcp") == wire
    # a Tool without parameters is written with the schema MCP requires
    assert toolwire.encode_tool(Tool("f"), "mcp") == {"name": "f", "inputSchema": {"type": "object"}}


def test_arguments_sent_as_text_keep_their_text() -> None:
    """``tools/call`` params whose ``arguments`` is JSON text (not the object the spec
    asks for): the object it holds, the text kept as ``raw``; written back as the
    object the spec asks for."""
    request = {"jsonrpc": "2.0", "id": "7", "method": "tools/call",
               "params": {"name": "f", "arguments": '{"a": 1}', "_meta": {"k": 1}}}
    call = toolwire.decode(request, "mcp")
    assert (call.name, call.args, call.id, call.raw) == ("f", {"a": 1}, "7", '{"a": 1}')
    assert toolwire.encode(call, "mcp") == dict(request, params={"name": "f", "arguments": {"a": 1}, "_meta": {"k": 1}})


def test_an_error_result_without_an_envelope_is_written_as_its_error() -> None:
    """A result marked as a JSON-RPC error, without an id and not read from an envelope
    (built by hand): its error object alone, never ``None``."""
    result = toolwire.ToolResult(id=None, content="boom", is_error=True,
                                 provider_data={"mcp": {"error": {"code": -32000, "message": "boom"}}})
    assert toolwire.encode_result(result, "mcp") == {"error": {"code": -32000, "message": "boom"}}


def test_text_blocks_are_written_with_text_content_members_only() -> None:
    """A text part read from another provider keeps its hints there (Anthropic's
    ``cache_control``); an MCP ``TextContent`` has ``type``, ``text``, ``annotations``
    and ``_meta`` (schema.ts 2025-11-25) and is written with those alone."""
    wire = {"type": "tool_result", "tool_use_id": "toolu_1",
            "content": [{"type": "text", "text": "x", "cache_control": {"type": "ephemeral"}}]}
    assert toolwire.convert(wire, to="mcp") == {
        "jsonrpc": "2.0", "id": "toolu_1", "result": {"content": [{"type": "text", "text": "x"}]}}
    part = {"type": "text", "text": "x", "annotations": {"audience": ["user"]}, "_meta": {"k": 1}}
    assert toolwire.encode_result(ToolResult(content=[part]), "mcp") == {"content": [part]}


def test_a_part_mcp_cannot_hold_names_its_place() -> None:
    with pytest.raises(toolwire.EncodeError) as exc:
        toolwire.encode_result(ToolResult(content=[{"type": "text", "text": "a"}, {"type": "video", "url": "v"}]),
                               "mcp")
    assert (exc.value.message, exc.value.loc, exc.value.dialect) == (
        "An mcp tool result cannot hold a 'video' part", "$.content[1]", "mcp")
