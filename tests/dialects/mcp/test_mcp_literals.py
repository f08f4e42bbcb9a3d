"""MCP tools and results against literal payloads from the specification
(https://modelcontextprotocol.io/specification/2025-06-18/server/tools), and the errors
with their ``$.path``s."""

from __future__ import annotations

import json
from typing import Any

import pytest

import toolwire
from toolwire import ToolResult

WEATHER = {"temperature": 22.5, "conditions": "Partly cloudy", "humidity": 65}


def test_structured_content_and_its_text_block_are_one_json_part() -> None:
    wire = {
        "jsonrpc": "2.0",
        "id": 5,
        "result": {
            "content": [{"type": "text", "text": '{"temperature": 22.5, "conditions": "Partly cloudy", "humidity": 65}'}],
            "structuredContent": WEATHER,
        },
    }
    result = toolwire.decode_result(wire, "mcp")
    assert (result.id, result.content, result.is_error) == ("5", [{"type": "json", "json": WEATHER}], False)
    assert toolwire.encode_result(result, "mcp") == wire
    assert toolwire.encode_result(ToolResult(id="5", content=[{"type": "json", "json": WEATHER}]), "mcp") == {
        "jsonrpc": "2.0",
        "id": "5",
        "result": wire["result"],
    }


def test_structured_content_beside_other_text_is_a_second_part() -> None:
    wire = {"jsonrpc": "2.0", "id": "6", "result": {"content": [{"type": "text", "text": "22.5 degrees"}], "structuredContent": {"temperature": 22.5}}}
    result = toolwire.decode_result(wire, "mcp")
    assert result.content == [{"type": "text", "text": "22.5 degrees"}, {"type": "json", "json": {"temperature": 22.5}}]
    assert toolwire.encode_result(result, "mcp") == wire
    broken = {"jsonrpc": "2.0", "id": "6", "result": {"content": [{"type": "text", "text": "{not json"}], "structuredContent": {"t": 1}}}
    assert toolwire.decode_result(broken, "mcp").content == [{"type": "text", "text": "{not json"}, {"type": "json", "json": {"t": 1}}]


def test_tool_definitions_keep_what_the_canonical_value_does_not_hold() -> None:
    plain = toolwire.decode_tool({"name": "f", "description": "d", "inputSchema": {"type": "object"}}, "mcp")
    assert (plain.name, plain.description, plain.parameters, dict(plain.provider_data)) == ("f", "d", {"type": "object"}, {})
    titled = toolwire.decode_tool({"name": "f", "title": "T", "inputSchema": {"type": "object"}}, "mcp")
    assert dict(titled.provider_data) == {"mcp": {"title": "T"}}
    assert toolwire.encode_tool(titled, "mcp") == {"name": "f", "inputSchema": {"type": "object"}, "title": "T"}


def test_errors_point_at_the_field() -> None:
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_tool({"name": "f", "inputSchema": [1]}, "mcp")
    assert (exc.value.message, exc.value.loc, exc.value.dialect) == (
        "Tool inputSchema at $.inputSchema must be an object",
        "$.inputSchema",
        "mcp",
    )
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_tool({"name": "", "inputSchema": {"type": "object"}}, "mcp")
    assert (exc.value.message, exc.value.loc, exc.value.dialect) == ("Tool name at $.name must be a non-empty string, got ''", "$.name", "mcp")
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_result({"jsonrpc": "2.0", "id": "8", "result": {"content": "x"}}, "mcp")
    assert (exc.value.message, exc.value.loc) == ("CallToolResult content at $.result.content must be a list", "$.result.content")


def test_a_bare_call_tool_result_re_encodes_bare() -> None:
    for wire in (
        {"content": [{"type": "text", "text": "ok"}], "isError": False},
        {"content": [{"type": "text", "text": "bad"}], "isError": True, "_meta": {"k": 1}},
    ):
        result = toolwire.decode_result(wire, "mcp")
        assert result.id is None
        assert toolwire.encode_result(result, "mcp") == wire
    assert toolwire.encode_result(ToolResult(content="72F"), "mcp") == {"content": [{"type": "text", "text": "72F"}]}
    assert toolwire.encode_result(ToolResult(content="no", is_error=True), "mcp") == {"content": [{"type": "text", "text": "no"}], "isError": True}


def test_a_content_block_that_is_not_an_object_is_refused_at_its_index() -> None:
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_result({"jsonrpc": "2.0", "id": "1", "result": {"content": [{"type": "text", "text": "a"}, 5]}}, "mcp")
    assert (exc.value.message, exc.value.loc, exc.value.dialect) == ("Expected a content block at $.result.content[1], got int 5", "$.result.content[1]", "mcp")


def test_json_parts_become_structured_content_and_text_blocks() -> None:
    result = ToolResult(id="1", content=[{"type": "json", "json": {"a": 1}}, {"type": "json", "json": {"t": "22°C"}}])
    assert toolwire.encode_result(result, "mcp") == {
        "jsonrpc": "2.0",
        "id": "1",
        "result": {
            "content": [{"type": "text", "text": '{"a": 1}'}, {"type": "text", "text": '{"t": "22°C"}'}],
            "structuredContent": {"a": 1},
        },
    }
    assert toolwire.encode_result(ToolResult(id="1", content=""), "mcp") == {"jsonrpc": "2.0", "id": "1", "result": {"content": []}}


@pytest.mark.parametrize("value", [[1, 2], "text", 7, 1.5, True, None])
def test_json_that_is_no_object_is_text_only(value: Any) -> None:
    # structuredContent is an object (schema 2025-11-25 CallToolResult)
    out = toolwire.encode_result(ToolResult("call_1", "f", [{"type": "json", "json": value}]), "mcp")
    assert out == {"jsonrpc": "2.0", "id": "call_1",
                   "result": {"content": [{"type": "text", "text": json.dumps(value)}]}}
    # an object after it is the structured content
    both = [{"type": "json", "json": value}, {"type": "json", "json": {"a": 1}}]
    assert toolwire.encode_result(ToolResult("call_1", "f", both), "mcp")["result"]["structuredContent"] == {"a": 1}


def test_a_non_object_structured_content_received_re_encodes_as_received() -> None:
    # the 2026-07-28 draft allows any JSON value there: read, and written back as it came
    body = {"content": [{"type": "text", "text": "[1, 2]"}], "structuredContent": [1, 2]}
    result = toolwire.decode_result(body, "mcp")
    assert result.content == [{"type": "json", "json": [1, 2]}]
    assert toolwire.encode_result(result, "mcp") == body


def test_content_blocks_as_the_specification_lists_them() -> None:
    def content(wire: dict) -> tuple:  # type: ignore[type-arg]
        r = toolwire.decode_result(wire, "mcp")
        return r.content, r.is_error

    assert content({"content": []}) == ("", False)
    with pytest.raises(toolwire.DecodeError) as exc:  # ``TextContent.text`` is required (hunt h22 F-E)
        content({"content": [{"type": "text"}]})
    assert exc.value.loc == "$.content[0].text"
    image = {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"}
    assert content({"content": [image]}) == ([image], False)
    assert content({"content": [image], "isError": True}) == ([image], True)


@pytest.mark.parametrize("text, value", [("1", True), ('{"enabled": 1}', {"enabled": True}), ("false", 0),
                                          ("[1, 0]", [True, False])])
def test_text_that_says_one_where_structured_content_says_true_is_kept(text: str, value: Any) -> None:
    """JSON ``1`` is no serialisation of ``true``: the text block stays, the JSON part follows."""
    result = toolwire.decode_result({"content": [{"type": "text", "text": text}], "structuredContent": value}, "mcp")
    assert result.content == [{"type": "text", "text": text}, {"type": "json", "json": value}]


@pytest.mark.parametrize("text, value", [("line one\nline two\n", "line one\nline two\n"), ("3", 3), ("[1, 2]", [1, 2]),
                                          ('"quoted"', "quoted"), ('"\\n"', "\n")])
def test_a_wrapped_value_beside_its_text_is_sent_once(text: str, value: Any) -> None:
    """The python SDK and fastmcp write a tool's value that is no object as a text block
    beside ``"structuredContent": {"result": value}`` (``func_metadata.wrap_output``):
    the text is the result, the wrapper no second part; written back to MCP as it came."""
    wire = {"jsonrpc": "2.0", "id": 2, "result": {"content": [{"type": "text", "text": text}], "isError": False,
                                                   "resultType": "complete", "structuredContent": {"result": value}}}
    result = toolwire.decode_result(wire, "mcp")
    assert result.content == [{"type": "text", "text": text}]
    assert toolwire.encode_result(result, "mcp") == wire
    assert toolwire.encode_result(result, "openai.chat") == {"role": "tool", "tool_call_id": "2", "content": text}


def test_a_result_member_the_text_does_not_say_is_a_json_part() -> None:
    wire = {"content": [{"type": "text", "text": "true"}], "structuredContent": {"result": 1}}
    assert toolwire.decode_result(wire, "mcp").content == [{"type": "text", "text": "true"},
                                                             {"type": "json", "json": {"result": 1}}]
    two = {"content": [{"type": "text", "text": "3"}], "structuredContent": {"result": 3, "unit": "C"}}
    assert toolwire.decode_result(two, "mcp").content == [{"type": "text", "text": "3"},
                                                            {"type": "json", "json": {"result": 3, "unit": "C"}}]


@pytest.mark.parametrize("text", ["", " ", "\n"])
def test_a_wrapped_blank_string_is_its_text_alone(text: str) -> None:
    """fastmcp 4.2.3, a ``-> str`` tool returning a blank string: the wrapper is the SDK's,
    the result is the blank text, which each target writes as it writes any blank result
    (session 42: the JSON part ``{"result": ""}`` went to every target, 294 of 4,000)."""
    wire = {"jsonrpc": "2.0", "id": 2, "result": {
        "_meta": {"fastmcp": {"wrap_result": True}}, "content": [{"text": text, "type": "text"}], "isError": False,
        "resultType": "complete", "structuredContent": {"result": text}}}
    result = toolwire.decode_result(wire, "mcp")
    assert result.content == [{"type": "text", "text": text}]
    assert toolwire.convert(result, "openai.chat") == {"role": "tool", "tool_call_id": "2", "content": text}
    assert toolwire.convert(result.replace(name="f"), "ollama") == {
        "role": "tool", "tool_name": "f", "content": text, "tool_call_id": "2"}
    assert toolwire.convert(result.replace(name="f"), "gemini") == {
        "functionResponse": {"name": "f", "id": "2", "response": {"output": text}}}
    with pytest.raises(toolwire.EncodeError, match="cannot be blank"):  # as any blank result (encode_result)
        toolwire.convert(result, "anthropic.messages")
    with pytest.raises(toolwire.EncodeError, match="needs content"):
        toolwire.convert(result, "bedrock.converse")
    assert toolwire.encode_result(result, "mcp") == wire


def test_a_wrapped_blank_string_in_a_history_is_no_output_for_anthropic() -> None:
    from toolwire.conversation import encode_conversation

    history = [
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": ""},
    ]
    from toolwire.conversation import decode_conversation

    conv = decode_conversation(history, "openai.chat")
    wrapped = toolwire.decode_result({"jsonrpc": "2.0", "id": "call_1", "result": {
        "content": [{"type": "text", "text": ""}], "structuredContent": {"result": ""}}}, "mcp")
    msgs = list(conv.messages)
    msgs[1] = type(msgs[1])("tool", [wrapped])
    report: list = []  # type: ignore[type-arg]
    out = encode_conversation(msgs, "anthropic.messages", report=report)
    assert out["messages"][1]["content"] == [{"type": "tool_result", "tool_use_id": "call_1", "content": "(no output)"}]
