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
