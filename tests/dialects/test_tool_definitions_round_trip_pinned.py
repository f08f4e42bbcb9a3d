"""Tool definitions written back exactly (tests/dialects/test_tool_definitions_round_trip.py),
pinned: each case here was not, once; and what each dialect writes for a tool read
elsewhere, and the provider data recorded."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from tool_round_trip import CAN, CO, EMPTY, MCP, OL, A, C, G, M, R, check_round_trip

# --- pinned cases: each was not written back exactly -----------------------------------------

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
CLOSED = {**SCHEMA, "additionalProperties": False}
PINNED = [
    # FunctionDefinition's ``description`` and ``strict`` sent as null
    ("chat.null-description", C, {"type": "function", "function": {"name": "f", "description": None,
                                                                   "parameters": SCHEMA, "strict": None}}),
    ("chat.null-parameters", C, {"type": "function", "function": {"name": "f", "parameters": None}}),
    ("chat.no-parameters", C, {"type": "function", "function": {"name": "f"}}),  # written with EMPTY
    ("chat.empty-parameters", C, {"type": "function", "function": {"name": "f", "parameters": EMPTY}}),
    ("chat.custom-null-description", C, {"type": "custom", "custom": {"name": "f", "description": None}}),
    # FunctionToolParam: ``strict`` (or ``parameters``) left out, ``description`` null
    ("responses.no-strict", R, {"type": "function", "name": "f", "parameters": SCHEMA}),
    ("responses.no-parameters", R, {"type": "function", "name": "f", "strict": False}),
    ("responses.bare", R, {"type": "function", "name": "f"}),
    ("responses.null-description", R, {"type": "function", "name": "f", "description": None, "parameters": None,
                                       "strict": None}),
    ("responses.namespace-no-strict", R, {"type": "namespace", "name": "crm", "description": "CRM", "tools": [
        {"type": "function", "name": "f", "parameters": SCHEMA}]}),
    ("anthropic.null-description", A, {"name": "f", "description": None, "input_schema": SCHEMA}),
    ("anthropic.null-strict", A, {"name": "f", "input_schema": SCHEMA, "strict": None}),
    # a model_dump() of google-genai's FunctionDeclaration: every field present
    ("gemini.model-dump", G, {"behavior": None, "description": None, "name": "f", "parameters": None,
                              "parameters_json_schema": SCHEMA, "response": None, "response_json_schema": None}),
    ("gemini.null-parameters", G, {"name": "f", "parametersJsonSchema": None}),
    ("gemini.openapi-beside-null", G, {"name": "f", "parameters": {"type": "OBJECT"}, "parametersJsonSchema": None,
                                       "behavior": "NON_BLOCKING", "response": {"type": "STRING"}}),
    # mistralai's and cohere's Tool default ``type``
    ("mistral.no-type", M, {"function": {"name": "f", "parameters": SCHEMA}}),
    ("mistral.nulls", M, {"function": {"name": "f", "description": None, "parameters": SCHEMA, "strict": None}}),
    ("cohere.no-type", CO, {"function": {"name": "f", "description": None, "parameters": SCHEMA}}),
    ("cohere.strict", CO, {"type": "function", "function": {"name": "f", "parameters": CLOSED, "strict": True}}),
    # ollama's Tool.type is Optional[str]; its Function's fields all Optional
    ("ollama.null-description", OL, {"type": "function", "function": {"name": "f", "description": None,
                                                                     "parameters": SCHEMA}}),
    ("ollama.no-type", OL, {"function": {"name": "f", "parameters": None}}),
    ("ollama.null-type", OL, {"type": None, "function": {"name": "f"}}),
    ("ollama.strict", OL, {"type": "function", "function": {"name": "f", "parameters": SCHEMA, "strict": False}}),
    ("mcp.null-description", MCP, {"name": "f", "title": None, "description": None, "inputSchema": SCHEMA}),
    ("canonical.nulls", CAN, {"name": "f", "description": None, "parameters": SCHEMA, "strict": None}),
]


@pytest.mark.parametrize(("dialect", "wire"), [pytest.param(*row[1:], id=row[0]) for row in PINNED])
def test_tool_definitions_round_trip_pinned(dialect: str, wire: Dict[str, Any]) -> None:
    check_round_trip(wire, dialect, wire.get("type") not in ("custom", "namespace"))


def _sdk_valid(wire: Dict[str, Any], dialect: str) -> None:
    """*wire* read by the provider SDK's own tool type (those whose wire is one)."""
    if dialect == M:
        try:
            from mistralai.client.models import Tool as MistralTool
        except ImportError:  # pragma: no cover - mistralai 1.x
            from mistralai.models import Tool as MistralTool  # type: ignore[no-redef]
        MistralTool.model_validate(wire)
    elif dialect == CO:
        import cohere

        cohere.ToolV2.model_validate(wire)
    elif dialect == OL:
        import ollama

        ollama.Tool.model_validate(wire)


@pytest.mark.parametrize(("dialect", "wire"), [pytest.param(*row[1:], id=row[0]) for row in PINNED
                                               if row[1] in (M, CO, OL)])
def test_tool_definitions_round_trip_pinned_wire_is_the_sdks(dialect: str, wire: Dict[str, Any]) -> None:
    _sdk_valid(wire, dialect)


def test_tool_definitions_round_trip_other_dialects_write_their_own_defaults() -> None:
    # a null read from Chat is not written to another dialect...
    chat = toolwire.decode_tool(PINNED[0][2], C)
    assert toolwire.encode_tool(chat, A) == {"name": "f", "input_schema": SCHEMA}
    assert toolwire.encode_tool(chat, M) == {"type": "function", "function": {"name": "f", "parameters": SCHEMA}}
    # ...Responses writes its two required keys for a tool read elsewhere, strict false when unset
    # (Responses would read null as "strict when compatible")...
    assert toolwire.encode_tool(chat, R) == {"type": "function", "name": "f", "parameters": SCHEMA, "strict": False}
    plain = toolwire.decode_tool({"type": "function", "function": {"name": "f", "parameters": SCHEMA}}, C)
    assert toolwire.encode_tool(plain, R) == {"type": "function", "name": "f", "parameters": SCHEMA, "strict": False}
    # ...and a tool read from Responses without them, or from Mistral without a type, goes to
    # Chat in Chat's shape
    assert toolwire.encode_tool(toolwire.decode_tool({"type": "function", "name": "f"}, R), C) == {
        "type": "function", "function": {"name": "f", "parameters": EMPTY}}
    mistral = toolwire.decode_tool({"function": {"name": "f", "parameters": CLOSED, "strict": True}}, M)
    assert toolwire.encode_tool(mistral, C) == {"type": "function", "function": {
        "name": "f", "parameters": CLOSED, "strict": True}}
    # a strict flag read from Cohere or Ollama goes to Chat, and not to the other one
    cohere = toolwire.decode_tool(PINNED[[r[0] for r in PINNED].index("cohere.strict")][2], CO)
    assert toolwire.encode_tool(cohere, OL) == {"type": "function", "function": {"name": "f", "parameters": CLOSED}}
    assert toolwire.encode_tool(cohere, C)["function"]["strict"] is True


def test_tool_definitions_round_trip_provider_data_recorded() -> None:
    def pd(wire: Dict[str, Any], dialect: str) -> Dict[str, Any]:
        return dict(toolwire.decode_tool(wire, dialect).provider_data)

    assert pd(PINNED[0][2], C) == {C: {"null_description": True, "null_strict": True}}
    assert pd({"type": "function", "name": "f"}, R) == {R: {"no_parameters": True, "no_strict": True}}
    assert pd({"type": "function", "name": "f", "parameters": None, "strict": False}, R) == {
        R: {"null_parameters": True}}
    assert pd({"function": {"name": "f", "parameters": {}}}, M) == {M: {"no_type": True}}
    assert pd({"type": None, "function": {"name": "f"}}, OL) == {OL: {"type": None}}
    assert pd({"name": "f", "description": None, "input_schema": SCHEMA}, A) == {A: {"null_description": True}}
    assert pd({"name": "f", "title": None, "description": None, "inputSchema": SCHEMA}, MCP) == {
        MCP: {"title": None, "null_description": True}}
    assert pd({"name": "f", "parameters_json_schema": SCHEMA, "parameters": None}, G) == {
        G: {"params_key": "parameters_json_schema", "null_params": ["parameters"]}}
    assert pd({"name": "f", "parameters": SCHEMA, "strict": None}, CAN) == {CAN: {"null_strict": True}}
