"""A tool without ``strict`` keeps its strictness when written to OpenAI Responses.

Responses reads an omitted ``strict`` as "strict when the schema is compatible"
(openai-python ``types/responses/function_tool_param.py`` / ``namespace_tool_param.py``,
``strict``: "If omitted, Responses attempts to use strict validation when the schema is
compatible, and falls back to non-strict validation otherwise."); Chat Completions,
Anthropic, Mistral, Bedrock... are non-strict unless told (langchain-ai/langchain#39309
fixed the same silent switch). So a tool read from them, or built in code, without
``strict`` is written to Responses with ``"strict": false``; a tool read from Responses
is written back as it came (``strict`` left out, ``null``, or set)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import Tool, convert, decode_tool, encode_tool

R = "openai.responses"
S: Dict[str, Any] = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}

SOURCES = [
    ("openai.chat", {"type": "function", "function": {"name": "db_lookup", "parameters": S}}),
    ("openai.chat", {"type": "function", "function": {"name": "db_lookup", "parameters": S, "strict": None}}),
    ("anthropic.messages", {"name": "db_lookup", "input_schema": S}),
    ("mistral", {"type": "function", "function": {"name": "db_lookup", "parameters": S}}),
    ("bedrock.converse", {"toolSpec": {"name": "db_lookup", "inputSchema": {"json": S}}}),
    ("gemini", {"name": "db_lookup", "parametersJsonSchema": S}),
    ("mcp", {"name": "db_lookup", "inputSchema": S}),
    ("canonical", {"name": "db_lookup", "parameters": S}),
]


@pytest.mark.parametrize(("source", "wire"), SOURCES)
def test_a_non_strict_tool_from_elsewhere_is_written_strict_false(source: str, wire: Dict[str, Any]) -> None:
    out = encode_tool(decode_tool(wire, source), R)
    assert out == {"type": "function", "name": "db_lookup", "parameters": S, "strict": False}


def test_convert_from_chat_writes_strict_false() -> None:
    out = convert({"type": "function", "function": {"name": "f", "parameters": S}}, to=R)
    assert out["strict"] is False


def test_a_tool_built_in_code_without_strict_is_written_strict_false() -> None:
    assert encode_tool(Tool("now"), R) == {"type": "function", "name": "now",
                                           "parameters": {"type": "object", "properties": {}}, "strict": False}


def test_a_strict_flag_that_was_set_goes_as_it_is() -> None:
    closed = {**S, "additionalProperties": False}
    chat = {"type": "function", "function": {"name": "f", "parameters": closed, "strict": True}}
    assert encode_tool(decode_tool(chat, "openai.chat"), R)["strict"] is True
    chat_off = {"type": "function", "function": {"name": "f", "parameters": S, "strict": False}}
    assert encode_tool(decode_tool(chat_off, "openai.chat"), R)["strict"] is False


@pytest.mark.parametrize("wire", [
    {"type": "function", "name": "f", "parameters": S},
    {"type": "function", "name": "f", "parameters": S, "strict": None},
    {"type": "function", "name": "f", "parameters": {**S, "additionalProperties": False}, "strict": True,
     "description": None},
    {"type": "function", "name": "f", "parameters": S, "strict": False},
    {"type": "function", "name": "f"},
    {"type": "namespace", "name": "crm", "description": "CRM.", "tools": [
        {"type": "function", "name": "f", "parameters": S, "strict": None}]},
    {"type": "namespace", "name": "crm", "description": "CRM.", "tools": [
        {"type": "function", "name": "f", "parameters": S}]},
])
def test_same_dialect_round_trips_stay_exact(wire: Dict[str, Any]) -> None:
    assert encode_tool(decode_tool(wire, R), R) == wire


@pytest.mark.parametrize("wire", [
    {"type": "function", "name": "f", "parameters": S},
    {"type": "function", "name": "f", "parameters": S, "strict": None},
])
def test_a_responses_tool_without_strict_goes_to_chat_without_strict(wire: Dict[str, Any]) -> None:
    # the rule docs/convert.md states: the Tool's strict is unset, and Chat's default (non-strict) applies
    assert encode_tool(decode_tool(wire, R), "openai.chat") == {
        "type": "function", "function": {"name": "f", "parameters": S}}
