"""Errors inside a tool definition's schema or description, and inside a tool result's
content, are said at the payload's place and name the dialect, as the readers' own
checks are (``$.function.strict``). The readers build ``Tool`` / ``ToolResult``
through the public constructors, whose checks spoke of the value's own fields
(``$.parameters.properties.a.default``, ``$.content[0].json.a``) and of no dialect.

Wire shapes: OpenAI Chat ``tools[]`` (platform.openai.com/docs/api-reference/chat/create),
Responses function tools and ``function_call_output``, Anthropic ``input_schema`` and
``tool_result`` (docs.claude.com/en/api/messages), Bedrock ``toolSpec.inputSchema.json`` and
``toolResult`` (docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html),
MCP ``Tool.inputSchema`` (modelcontextprotocol.io/specification, schema.ts), Gemini
``functionDeclarations`` / ``functionResponse`` (ai.google.dev/api/caching#FunctionDeclaration).
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import DecodeError

NAN = float("nan")
S = "\ud800"
SCHEMA: Dict[str, Any] = {"type": "object", "properties": {"a": {"type": "number", "default": NAN}}}

TOOLS = [
    ("openai.chat", {"type": "function", "function": {"name": "f", "parameters": SCHEMA}},
     "$.function.parameters.properties.a.default"),
    ("openai.responses", {"type": "function", "name": "f", "parameters": SCHEMA, "strict": False},
     "$.parameters.properties.a.default"),
    ("anthropic.messages", {"name": "f", "input_schema": SCHEMA}, "$.input_schema.properties.a.default"),
    ("bedrock.converse", {"toolSpec": {"name": "f", "inputSchema": {"json": SCHEMA}}},
     "$.toolSpec.inputSchema.json.properties.a.default"),
    ("mcp", {"name": "f", "inputSchema": SCHEMA}, "$.inputSchema.properties.a.default"),
    ("gemini", {"name": "f", "parametersJsonSchema": SCHEMA}, "$.parametersJsonSchema.properties.a.default"),
    ("canonical", {"name": "f", "parameters": SCHEMA}, "$.parameters.properties.a.default"),
    ("mistral", {"type": "function", "function": {"name": "f", "parameters": SCHEMA}},
     "$.function.parameters.properties.a.default"),
]


@pytest.mark.parametrize(("dialect", "item", "loc"), TOOLS, ids=[t[0] for t in TOOLS])
def test_a_schema_error_is_said_at_the_payload_place(dialect: str, item: Dict[str, Any], loc: str) -> None:
    with pytest.raises(DecodeError) as info:
        toolwire.decode_tool(item, dialect)
    assert (info.value.loc, info.value.dialect) == (loc, dialect)
    assert info.value.message == f"Tool parameters at {loc} holds nan, which JSON cannot carry"


DESCRIPTIONS = [
    ("openai.chat", {"type": "function", "function": {"name": "f", "description": "x" + S}}, "$.function.description"),
    ("openai.chat", {"type": "custom", "custom": {"name": "f", "description": "x" + S}}, "$.custom.description"),
    ("anthropic.messages", {"name": "f", "description": "x" + S, "input_schema": {"type": "object"}}, "$.description"),
    ("bedrock.converse", {"toolSpec": {"name": "f", "description": "x" + S, "inputSchema": {"json": {"type": "object"}}}},
     "$.toolSpec.description"),
    ("mcp", {"name": "f", "description": "x" + S, "inputSchema": {"type": "object"}}, "$.description"),
    ("gemini", {"name": "f", "description": "x" + S}, "$.description"),
]


@pytest.mark.parametrize(("dialect", "item", "loc"), DESCRIPTIONS, ids=[f"{d[0]}-{d[2]}" for d in DESCRIPTIONS])
def test_a_description_error_is_said_at_the_payload_place(dialect: str, item: Dict[str, Any], loc: str) -> None:
    with pytest.raises(DecodeError) as info:
        toolwire.decode_tool(item, dialect)
    assert (info.value.loc, info.value.dialect) == (loc, dialect)
    assert info.value.message.startswith(f"Tool description at {loc} holds a lone UTF-16 surrogate")


def test_a_long_path_is_said_whole_in_the_message_too() -> None:
    deep = {"type": "object", "properties": {"a_rather_long_property_name": {"type": "object", "properties": {
        "another_rather_long_property_name": {"type": "number", "default": NAN}}}}}
    with pytest.raises(DecodeError) as info:
        toolwire.decode_tool({"type": "function", "function": {"name": "f", "parameters": deep}}, "openai.chat")
    loc = info.value.loc
    assert loc == ("$.function.parameters.properties.a_rather_long_property_name.properties."
                   "another_rather_long_property_name.default")
    assert info.value.message == f"Tool parameters at {loc} holds nan, which JSON cannot carry"


RESULTS = [
    ("openai.chat", {"role": "tool", "tool_call_id": "c1", "content": "x" + S}, "$.content"),
    ("openai.responses", {"type": "function_call_output", "call_id": "c1", "output": "x" + S}, "$.output"),
    ("openai.responses", {"type": "function_call_output", "call_id": "c1",
                          "output": [{"type": "input_text", "text": "x" + S}]}, "$.output[0].text"),
    ("anthropic.messages", {"type": "tool_result", "tool_use_id": "t1",
                            "content": [{"type": "text", "text": "x" + S}]}, "$.content[0].text"),
    ("bedrock.converse", {"toolResult": {"toolUseId": "t1", "content": [{"json": {"a": NAN}}]}},
     "$.toolResult.content[0].json.a"),
    ("bedrock.converse", {"toolResult": {"toolUseId": "t1", "content": [{"text": "x" + S}]}},
     "$.toolResult.content[0].text"),
    ("gemini", {"functionResponse": {"name": "f", "response": {"a": NAN}}}, "$.functionResponse.response.a"),
    ("gemini", {"functionResponse": {"name": "f", "response": {"output": {"a": NAN}}}},
     "$.functionResponse.response.output.a"),
    ("gemini", {"functionResponse": {"name": "f", "response": {"output": "x" + S}}}, "$.functionResponse.response.output"),
    ("mistral", {"role": "tool", "tool_call_id": "abcdefghi", "name": "f", "content": "x" + S}, "$.content"),
    ("ollama", {"role": "tool", "tool_name": "f", "content": "x" + S}, "$.content"),
    ("cohere.v2", {"role": "tool", "tool_call_id": "c1", "content": "x" + S}, "$.content"),
    ("canonical", {"id": "c1", "name": "f", "content": "x" + S}, "$.content"),
    # MCP ``CallToolResult`` (schema.ts): a text block, and ``structuredContent``, bare and in a JSON-RPC response
    ("mcp", {"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": "x" + S}]}},
     "$.result.content[0].text"),
    ("mcp", {"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": "ok"}],
                                                   "structuredContent": {"a": NAN}}}, "$.result.structuredContent.a"),
    ("mcp", {"content": [], "structuredContent": {"a": NAN}}, "$.structuredContent.a"),
]


@pytest.mark.parametrize(("dialect", "item", "loc"), RESULTS, ids=[f"{r[0]}-{r[2]}" for r in RESULTS])
def test_a_result_content_error_is_said_at_the_payload_place(dialect: str, item: Dict[str, Any], loc: str) -> None:
    with pytest.raises(DecodeError) as info:
        toolwire.decode_result(item, dialect)
    assert (info.value.loc, info.value.dialect) == (loc, dialect)
    assert f" at {loc} " in info.value.message
