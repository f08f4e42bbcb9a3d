"""anthropic.messages: what the decoders keep as provider data, round-tripped through
hand-written wire payloads (the expected wire is always a literal).

Shapes from https://docs.claude.com/en/api/messages (``tool_use``, ``server_tool_use``,
``tool_result`` with ``is_error`` and ``cache_control``),
https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use (tools,
``strict``, ``tool_result`` content blocks),
https://docs.claude.com/en/docs/agents-and-tools/tool-use/web-search-tool (a versioned
server tool definition), https://docs.claude.com/en/docs/agents-and-tools/mcp-connector
(``mcp_tool_use`` with ``server_name``),
https://docs.claude.com/en/docs/agents-and-tools/tool-use/programmatic-tool-calling
(``caller``) and https://docs.claude.com/en/docs/build-with-claude/prompt-caching
(``cache_control``).
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import Tool, ToolCall, ToolResult

D = "anthropic.messages"
EPHEMERAL = {"type": "ephemeral"}


def same(out: Dict[str, Any], wire: Dict[str, Any]) -> None:
    """*out* is *wire* (an object: key order is not part of the wire)."""
    assert out == wire


# --- calls --------------------------------------------------------------------------------


def test_a_plain_tool_use_block_has_no_provider_data() -> None:
    wire = {"type": "tool_use", "id": "toolu_01A09q90qw90lq917835lq9", "name": "get_weather",
            "input": {"location": "Zürich, CH", "unit": "celsius"}}
    call = toolwire.decode(wire, D)
    assert (call.name, call.args, call.id, call.raw, call.repairs, call.server) == (
        "get_weather", {"location": "Zürich, CH", "unit": "celsius"}, "toolu_01A09q90qw90lq917835lq9", None, (), False,
    )
    assert dict(call.provider_data) == {}
    same(toolwire.encode(call, D), wire)


def test_caller_and_cache_control_ride_along_on_a_tool_use_block() -> None:
    wire = {"type": "tool_use", "id": "toolu_01", "name": "query_db", "input": {"sql": "SELECT 'été'"},
            "caller": {"type": "code_execution_20250825", "tool_id": "srvtoolu_abc"}, "cache_control": EPHEMERAL}
    call = toolwire.decode(wire, D)
    assert (call.name, call.args, call.id, call.server) == ("query_db", {"sql": "SELECT 'été'"}, "toolu_01", False)
    assert dict(call.provider_data) == {
        D: {"caller": {"type": "code_execution_20250825", "tool_id": "srvtoolu_abc"}, "cache_control": EPHEMERAL}
    }
    same(toolwire.encode(call, D), wire)
    # a call without an id keeps its extras too (the one-step path needs all four fields)
    idless = toolwire.decode({"type": "tool_use", "name": "now", "input": {}, "caller": {"type": "direct"}}, D)
    assert (idless.id, dict(idless.provider_data)) == (None, {D: {"caller": {"type": "direct"}}})


def test_argument_text_is_kept_and_written_back_as_an_object() -> None:
    wire = {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": '{"city": "Zürich"}'}
    call = toolwire.decode(wire, D)
    assert (call.args, call.raw, call.repairs, dict(call.provider_data)) == (
        {"city": "Zürich"}, '{"city": "Zürich"}', (), {},
    )
    same(toolwire.encode(call, D), {**wire, "input": {"city": "Zürich"}})


def test_server_tool_use_keeps_its_type_and_id() -> None:
    wire = {"type": "server_tool_use", "id": "srvtoolu_01WYG3ziw53XMcoyKL4XcZmE", "name": "web_search",
            "input": {"query": "météo Zürich"}}
    call = toolwire.decode(wire, D)
    assert (call.name, call.args, call.id, call.server) == (
        "web_search", {"query": "météo Zürich"}, "srvtoolu_01WYG3ziw53XMcoyKL4XcZmE", True,
    )
    assert dict(call.provider_data) == {D: {"type": "server_tool_use"}}
    same(toolwire.encode(call, D), wire)


def test_mcp_tool_use_keeps_its_server_name() -> None:
    wire = {"type": "mcp_tool_use", "id": "mcptoolu_014Q35RayjACSWkSj4X2yov1", "name": "echo",
            "server_name": "example-mcp", "input": {"param1": "héllo", "param2": "wörld"}}
    call = toolwire.decode(wire, D)
    assert (call.name, call.args, call.id, call.server, call.raw) == (
        "echo", {"param1": "héllo", "param2": "wörld"}, "mcptoolu_014Q35RayjACSWkSj4X2yov1", True, None,
    )
    assert dict(call.provider_data) == {D: {"server_name": "example-mcp", "type": "mcp_tool_use"}}
    same(toolwire.encode(call, D), wire)


def test_server_call_argument_text_is_read() -> None:
    call = toolwire.decode({"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search",
                            "input": '{"query": "q"}'}, D)
    assert (call.args, call.raw, call.server) == ({"query": "q"}, '{"query": "q"}', True)


def test_server_calls_are_returned_only_when_asked_for() -> None:
    reply = {"type": "message", "role": "assistant", "stop_reason": "end_turn", "content": [
        {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "q"}},
        {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": []},
        {"type": "tool_use", "id": "toolu_2", "name": "f", "input": {}},
    ]}
    assert [c.id for c in toolwire.decode_all(reply, D)] == ["toolu_2"]
    assert [(c.id, c.server) for c in toolwire.decode_all(reply, D, include_server=True)] == [
        ("srvtoolu_1", True), ("toolu_2", False),
    ]


def test_sdk_blocks_with_a_caller_or_toolset_keep_it() -> None:
    sdk: Any = pytest.importorskip("anthropic.types")  # here: importing the SDK takes seconds
    block = sdk.ToolUseBlock(id="toolu_01", name="f", input={"a": "é"}, type="tool_use",
                             caller={"type": "code_execution_20250825", "tool_id": "srvtoolu_9"})
    call = toolwire.decode(block)
    assert dict(call.provider_data) == {D: {"caller": {"type": "code_execution_20250825", "tool_id": "srvtoolu_9"}}}
    same(toolwire.encode(call, D), {"type": "tool_use", "id": "toolu_01", "name": "f", "input": {"a": "é"},
                                    "caller": {"type": "code_execution_20250825", "tool_id": "srvtoolu_9"}})
    named = toolwire.decode(sdk.ToolUseBlock(id="toolu_02", name="f", input={}, type="tool_use", toolset_name="gh"))
    assert dict(named.provider_data) == {D: {"toolset_name": "gh"}}
    text = sdk.ToolUseBlock.model_construct(id="toolu_03", name="f", input='{"a": 1}', type="tool_use",
                                            caller=None, toolset_name=None)
    call = toolwire.decode(text)
    assert (call.args, call.raw, call.id) == ({"a": 1}, '{"a": 1}', "toolu_03")
    extra = sdk.ToolUseBlock.model_validate({"id": "toolu_04", "name": "f", "input": {}, "type": "tool_use",
                                             "cache_control": EPHEMERAL})
    assert dict(toolwire.decode(extra).provider_data) == {D: {"cache_control": EPHEMERAL}}
    partial = sdk.ToolUseBlock.model_construct(id="toolu_05", name="f", input={"a": 1}, type="tool_use")
    del partial.caller  # an older SDK's block: read by the generic walk
    call = toolwire.decode(partial)
    assert (call.name, call.args, call.id, dict(call.provider_data)) == ("f", {"a": 1}, "toolu_05", {})


# --- tool definitions -----------------------------------------------------------------------


def test_a_client_tool_round_trips_without_provider_data() -> None:
    wire = {"name": "get_weather", "description": "Donne la météo", "input_schema": {
        "type": "object", "properties": {"location": {"type": "string"}}, "required": ["location"],
        "additionalProperties": False}, "strict": True}
    tool = toolwire.decode_tool(wire, D)
    assert (tool.name, tool.description, tool.parameters, tool.strict, dict(tool.provider_data)) == (
        "get_weather", "Donne la météo", wire["input_schema"], True, {},
    )
    same(toolwire.encode_tool(tool, D), wire)
    loose = toolwire.decode_tool({"name": "f", "input_schema": {"type": "object"}, "strict": False}, D)
    assert loose.strict is False
    assert toolwire.encode_tool(loose, D) == {"name": "f", "input_schema": {"type": "object"}, "strict": False}


def test_a_custom_typed_tool_with_cache_control_keeps_both() -> None:
    wire = {"type": "custom", "name": "f", "input_schema": {"type": "object"}, "cache_control": EPHEMERAL}
    tool = toolwire.decode_tool(wire, D)
    assert (tool.parameters, tool.strict, tool.description) == ({"type": "object"}, None, None)
    assert dict(tool.provider_data) == {D: {"type": "custom", "cache_control": EPHEMERAL}}
    same(toolwire.encode_tool(tool, D), wire)
    # a custom tool is a client tool: it gets the empty schema the API requires
    bare = Tool(name="f", provider_data={D: {"type": "custom"}})
    same(toolwire.encode_tool(bare, D), {"name": "f", "input_schema": {"type": "object", "properties": {}},
                                         "type": "custom"})


def test_a_server_tool_definition_gets_no_schema() -> None:
    wire = {"type": "web_search_20250305", "name": "web_search", "max_uses": 5,
            "user_location": {"type": "approximate", "city": "Zürich", "country": "CH"}}
    tool = toolwire.decode_tool(wire, D)
    assert (tool.name, tool.parameters, tool.description, tool.strict) == ("web_search", None, None, None)
    assert dict(tool.provider_data) == {D: {"type": "web_search_20250305", "max_uses": 5,
                                            "user_location": wire["user_location"]}}
    same(toolwire.encode_tool(tool, D), wire)


# --- tool results ----------------------------------------------------------------------------


def test_an_explicit_is_error_false_is_written_back() -> None:
    wire = {"type": "tool_result", "tool_use_id": "toolu_01", "content": "22°C", "is_error": False}
    result = toolwire.decode_result(wire, D)
    assert (result.id, result.content, result.is_error) == ("toolu_01", "22°C", False)
    assert dict(result.provider_data) == {D: {"is_error": False}}
    same(toolwire.encode_result(result, D), wire)
    # without it no is_error is written
    same(toolwire.encode_result(ToolResult(id="toolu_01", content="22°C"), D),
         {"type": "tool_result", "tool_use_id": "toolu_01", "content": "22°C"})


def test_is_error_true_needs_no_provider_data() -> None:
    wire = {"type": "tool_result", "tool_use_id": "toolu_01", "content": "ville inconnue : Zürich", "is_error": True}
    result = toolwire.decode_result(wire, D)
    assert (result.content, result.is_error, dict(result.provider_data)) == ("ville inconnue : Zürich", True, {})
    same(toolwire.encode_result(result, D), wire)
    # an error result whose provider data says false is written as the error it is
    flipped = ToolResult(id="toolu_01", content="x", is_error=True, provider_data={D: {"is_error": False}})
    assert toolwire.encode_result(flipped, D) == {"type": "tool_result", "tool_use_id": "toolu_01", "content": "x",
                                                  "is_error": True}


def test_a_result_without_content_stays_without() -> None:
    wire = {"type": "tool_result", "tool_use_id": "toolu_01"}
    result = toolwire.decode_result(wire, D)
    assert (result.content, result.is_error, dict(result.provider_data)) == ("", False, {D: {"no_content": True}})
    same(toolwire.encode_result(result, D), wire)
    # an empty text that came as one is written as one
    empty = {"type": "tool_result", "tool_use_id": "toolu_01", "content": ""}
    assert dict(toolwire.decode_result(empty, D).provider_data) == {}
    same(toolwire.encode_result(toolwire.decode_result(empty, D), D), empty)
    same(toolwire.encode_result(ToolResult(id="toolu_01", content=""), D),
         {"type": "tool_result", "tool_use_id": "toolu_01", "content": ""})


def test_cache_control_and_blocks_ride_along_on_a_result() -> None:
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}}
    wire = {"type": "tool_result", "tool_use_id": "toolu_01",
            "content": [{"type": "text", "text": "Température : 22°C"}, image], "cache_control": EPHEMERAL}
    result = toolwire.decode_result(wire, D)
    assert (result.content, result.is_error) == ([{"type": "text", "text": "Température : 22°C"}, image], False)
    assert dict(result.provider_data) == {D: {"cache_control": EPHEMERAL}}
    same(toolwire.encode_result(result, D), wire)


def test_json_parts_are_written_as_unescaped_text_blocks() -> None:
    result = ToolResult(id="toolu_01", content=[{"type": "json", "json": {"ville": "Zürich", "t": 22}},
                                                 {"type": "document", "source": {"type": "text", "data": "d"}}])
    out = toolwire.encode_result(result, D)
    same(out, {"type": "tool_result", "tool_use_id": "toolu_01", "content": [
        {"type": "text", "text": '{"ville": "Zürich", "t": 22}'},
        {"type": "document", "source": {"type": "text", "data": "d"}},
    ]})


def test_a_foreign_id_is_mapped_into_the_anthropic_alphabet() -> None:
    call = toolwire.encode(ToolCall("f", {}, "functions.f:0"), D)
    result = toolwire.encode_result(ToolResult(id="functions.f:0", content="ok"), D)
    assert call["id"] == result["tool_use_id"]
    assert call["id"] != "functions.f:0"
