"""What is no CallToolResult and no Tool, named as what it is: a ``tools/list`` response
given to ``decode_tool``, and a ``sampling/createMessage`` result told from a
CallToolResult by the members the specification requires of each (schema.ts 2025-11-25:
``CallToolResult {content: ContentBlock[], structuredContent?, isError?}``;
``CreateMessageResult {role, content: one block (or, with tools, a list), model,
stopReason?}``)."""

from __future__ import annotations

import pytest

import toolwire

TOOLS_LIST = {"jsonrpc": "2.0", "id": 1, "result": {"tools": [
    {"name": "get_weather", "description": "Get current weather information for a location",
     "inputSchema": {"type": "object", "properties": {"location": {"type": "string"}}, "required": ["location"]}}],
    "nextCursor": "next-page-cursor"}}


@pytest.mark.parametrize("dialect", ["mcp", None])
def test_a_tools_list_response_given_to_decode_tool_is_named(dialect: object) -> None:
    """The spec's ``tools/list`` response (server/tools, "Listing Tools"): it holds tools,
    read one by one; before session 42 the error called it "an mcp tool result"."""
    with pytest.raises(toolwire.DecodeError) as info:
        toolwire.decode_tool(TOOLS_LIST, dialect)  # type: ignore[arg-type]
    said = str(info.value)
    assert said.startswith("Input at $ is no tool definition: Result at $.result is not a CallToolResult (it has no "
                           "'content'): it is a tools/list result (ListToolsResult)")
    assert "decode_tool(t, 'mcp') for t in its 'tools'" in said
    assert "tool result" not in said
    assert info.value.loc == "$.result"
    tools = [toolwire.decode_tool(t, "mcp") for t in TOOLS_LIST["result"]["tools"]]  # type: ignore[index]
    assert [t.name for t in tools] == ["get_weather"]


def test_a_call_tool_result_with_role_and_model_beside_is_one() -> None:
    """``content`` a list of CallToolResult blocks, no ``stopReason``: the extra members
    ride along (``Result`` allows them); before session 42 refused as a sampling result."""
    body = {"content": [{"type": "text", "text": "72°F"}], "role": "assistant", "model": "gpt-4o"}
    wire = {"jsonrpc": "2.0", "id": 4, "result": body}
    result = toolwire.decode_result(wire, "mcp")
    assert (result.id, result.content, result.is_error) == ("4", [{"type": "text", "text": "72°F"}], False)
    assert toolwire.encode_result(result, "mcp") == wire
    with_flag = {"jsonrpc": "2.0", "id": 5, "result": {**body, "isError": True, "stopReason": "endTurn"}}
    assert toolwire.decode_result(with_flag, "mcp").is_error  # isError: a CallToolResult member only


@pytest.mark.parametrize("content", [
    {"type": "text", "text": "The capital of France is Paris."},  # one block (2025-06-18 CreateMessageResult)
    [{"type": "text", "text": "The capital of France is Paris."}],  # a list, with its stopReason (2025-11-25)
])
def test_a_sampling_result_is_still_named(content: object) -> None:
    # the specification's example (client/sampling, "Creating Messages")
    res = {"role": "assistant", "content": content, "model": "claude-3-sonnet-20240307", "stopReason": "endTurn"}
    with pytest.raises(toolwire.DecodeError) as info:
        toolwire.decode_result({"jsonrpc": "2.0", "id": 1, "result": res}, "mcp")
    assert info.value.loc == "$.result"
    assert "it is a sampling/createMessage result (CreateMessageResult)" in str(info.value)
