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


def test_a_call_tool_result_with_role_and_model_beside_is_one_by_its_own_members() -> None:
    """``role`` and ``model`` beside, with what no sampling result carries: an ``isError`` or
    a ``structuredContent`` (CallToolResult members), or a ``resource`` or ``resource_link``
    block (``ContentBlock`` types no ``SamplingMessageContentBlock`` has): a CallToolResult,
    its extra members riding along (``Result`` allows them)."""
    beside = {"role": "assistant", "model": "gpt-4o"}
    text = {"type": "text", "text": "72°F"}
    flagged = {"jsonrpc": "2.0", "id": 5, "result": {"content": [text], **beside, "isError": True,
                                                     "stopReason": "endTurn"}}
    assert toolwire.decode_result(flagged, "mcp").is_error  # isError: a CallToolResult member only
    structured = {"jsonrpc": "2.0", "id": 6, "result": {"content": [text], **beside, "structuredContent": {"t": 72}}}
    assert toolwire.decode_result(structured, "mcp").content == [text, {"type": "json", "json": {"t": 72}}]
    link = {"type": "resource_link", "uri": "file:///project/src/main.rs", "name": "main.rs"}
    linked = {"jsonrpc": "2.0", "id": 7, "result": {"content": [text, link], **beside}}
    result = toolwire.decode_result(linked, "mcp")
    assert (result.id, result.content, result.is_error) == ("7", [text, link], False)
    assert toolwire.encode_result(result, "mcp") == linked  # (its members beside ride along)
    embedded = {"type": "resource", "resource": {"uri": "file:///a.txt", "text": "hello"}}
    wire = {"jsonrpc": "2.0", "id": 8, "result": {"content": [embedded], **beside}}
    assert toolwire.decode_result(wire, "mcp").content == [embedded]


SAMPLING_EXAMPLE = {"role": "assistant", "content": {"type": "text", "text": "The capital of France is Paris."},
                    "model": "claude-3-sonnet-20240307", "stopReason": "endTurn"}


@pytest.mark.parametrize("res", [
    SAMPLING_EXAMPLE,  # the specification's example (client/sampling, "Creating Messages"): one block
    {**SAMPLING_EXAMPLE, "content": [SAMPLING_EXAMPLE["content"]]},  # a list, with its stopReason (2025-11-25)
    {**SAMPLING_EXAMPLE, "content": [{"type": "tool_use", "id": "tu_1", "name": "f", "input": {}}]},  # a tool_use
])
def test_a_sampling_result_is_still_named(res: object) -> None:
    with pytest.raises(toolwire.DecodeError) as info:
        toolwire.decode_result({"jsonrpc": "2.0", "id": 1, "result": res}, "mcp")
    assert info.value.loc == "$.result"
    assert "it is a sampling/createMessage result (CreateMessageResult)" in str(info.value)


@pytest.mark.parametrize("dialect", ["mcp", None])
@pytest.mark.parametrize("content", [
    [{"type": "text", "text": "The capital of France is Paris."}],
    [{"type": "text", "text": "Paris"}, {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"}],
    [{"type": "audio", "data": "UklGRg==", "mimeType": "audio/wav"}],
    [],
])
def test_role_and_model_beside_blocks_both_take_is_refused_naming_both(dialect: object, content: object) -> None:
    """2025-11-25: a sampling result's ``content`` may be a list and its ``stopReason`` is
    optional (python SDK ``CreateMessageResultWithTools``), so ``{role, model, content: [text,
    image or audio blocks]}`` is a sampling result as well as a CallToolResult with members
    beside: nothing tells which, and neither is guessed (before session 42 refused as a
    sampling result; in the session's first merge read as a tool result)."""
    res = {"role": "assistant", "content": content, "model": "claude-3-sonnet-20240307"}
    with pytest.raises(toolwire.DecodeError) as info:
        toolwire.decode_result({"jsonrpc": "2.0", "id": 1, "result": res}, dialect)  # type: ignore[arg-type]
    said = str(info.value)
    assert info.value.loc == "$.result"
    assert said.startswith("Result at $.result has 'role' and 'model' beside blocks both take: it is a "
                           "sampling/createMessage result (CreateMessageResult), a client's answer to a server, or a "
                           "CallToolResult with members beside")
    assert "without its 'role' and 'model'" in said
