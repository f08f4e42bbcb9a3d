"""A tool definition's bad ``description`` or ``strict`` is reported where it sits in
that dialect's shape (``$.function.strict`` in Chat, ``$.toolSpec.description`` in
Bedrock, inside ``functionDeclarations`` in Gemini), with the dialect named."""

from __future__ import annotations

from typing import Any

import pytest

import toolwire

CASES = (
    ("openai.chat", {"type": "function", "function": {"name": "f", "strict": "yes"}}, "$.function.strict",
     "Tool strict at $.function.strict must be a bool, got 'yes'"),
    ("openai.chat", {"type": "function", "function": {"name": "f", "description": 5}}, "$.function.description",
     "Tool description at $.function.description must be a string, got 5"),
    ("openai.chat", {"type": "custom", "custom": {"name": "f", "description": 5}}, "$.custom.description",
     "Tool description at $.custom.description must be a string, got 5"),
    ("mistral", {"type": "function", "function": {"name": "f", "strict": "yes"}}, "$.function.strict",
     "Tool strict at $.function.strict must be a bool, got 'yes'"),
    ("ollama", {"type": "function", "function": {"name": "f", "description": ["d"]}}, "$.function.description",
     "Tool description at $.function.description must be a string, got ['d']"),
    ("openai.responses", {"type": "function", "name": "f", "parameters": None, "strict": 1}, "$.strict",
     "Tool strict at $.strict must be a bool, got 1"),
    ("bedrock.converse", {"toolSpec": {"name": "f", "description": 5, "inputSchema": {"json": {"type": "object"}}}},
     "$.toolSpec.description", "Tool description at $.toolSpec.description must be a string, got 5"),
    ("gemini", {"functionDeclarations": [{"name": "f", "description": 5}]}, "$.functionDeclarations[0].description",
     "Tool description at $.functionDeclarations[0].description must be a string, got 5"),
    ("anthropic.messages", {"name": "f", "description": 5, "input_schema": {"type": "object"}}, "$.description",
     "Tool description at $.description must be a string, got 5"),
    ("mcp", {"name": "f", "description": 5, "inputSchema": {"type": "object"}}, "$.description",
     "Tool description at $.description must be a string, got 5"),
)


@pytest.mark.parametrize(("dialect", "wire", "loc", "message"), CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_a_bad_field_is_reported_where_it_sits(dialect: str, wire: Any, loc: str, message: str) -> None:
    with pytest.raises(toolwire.DecodeError) as err:
        toolwire.decode_tool(wire, dialect)
    assert (err.value.loc, str(err.value), err.value.dialect) == (loc, message, dialect)


@pytest.mark.parametrize("dialect", ["openai.chat", "mistral"])
def test_a_chat_strict_null_is_written_back(dialect: str) -> None:
    """``"strict": null`` (the Chat API's nullable flag) survives a same-dialect round trip,
    as it does in Responses."""
    wire = {"type": "function", "function": {"name": "f", "parameters": {"type": "object"}, "strict": None}}
    tool = toolwire.decode_tool(wire, dialect)
    assert tool.strict is None
    assert toolwire.encode_tool(tool, dialect) == wire
    assert "strict" not in toolwire.encode_tool(toolwire.Tool("f", parameters={"type": "object"}), dialect)["function"]


WIRE_DIALECTS = ("openai.chat", "openai.responses", "anthropic.messages", "gemini", "bedrock.converse", "mistral",
                 "cohere.v2", "ollama", "mcp")


@pytest.mark.parametrize("dialect", WIRE_DIALECTS)
@pytest.mark.parametrize("schema", [{"type": "string"}, {"type": "array", "items": {"type": "integer"}}])
def test_parameters_that_are_no_object_are_refused_by_every_dialect(dialect: str, schema: Any) -> None:
    """A tool's arguments are an object (ollama ``Tool.Function.Parameters.type:
    Literal['object']``; google-genai ``parameters_json_schema``: "The schema must describe
    an object"). Chat, Responses, Gemini, Mistral, Cohere and Ollama wrote such parameters."""
    tool = toolwire.Tool("t", "d", schema)
    with pytest.raises(toolwire.EncodeError, match=r"^Tool 't' cannot be written as .*must be of type 'object'"):
        toolwire.encode_tool(tool, dialect)


def test_the_ollama_sdk_refuses_what_was_written() -> None:
    """The evidence for the rule above: ollama's own model refuses a string root."""
    from ollama import Tool
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        Tool.model_validate({"type": "function", "function": {"name": "t", "parameters": {"type": "string"}}})
    ok = toolwire.encode_tool(toolwire.Tool("t", "d", {"type": "object", "properties": {}}), "ollama")
    assert Tool.model_validate(ok).function.parameters.type == "object"  # type: ignore[union-attr]


@pytest.mark.parametrize("dialect", ["openai.chat", "openai.responses", "gemini", "mistral", "ollama"])
def test_parameters_without_a_type_are_still_written(dialect: str) -> None:
    """Chat's ``"parameters": {}`` is the empty object schema: no type is no refusal."""
    assert toolwire.encode_tool(toolwire.Tool("t", None, {}), dialect)
