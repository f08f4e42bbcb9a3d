"""A Llama 3.x JSON call is no tool definition outside ``decode_all`` either (hunt h22 F-N).

``{"name": "get_weather", "parameters": {"city": "Paris"}}`` is the call form of Llama
3.x JSON tool calling (meta-llama/llama-models ``models/llama3_3/prompt_format.md``,
"JSON based tool calling") and, by its keys, a canonical tool definition. ``decode_all``
reads parameters that are no JSON Schema as a call's arguments and raises naming both
readings (``test_definition_parameters``); before, ``convert`` (alone or a list),
``decode_tool``, ``Tool(...)`` and ``validate_call`` took it as a definition whose
"schema" is the arguments: a list of calls converted to a list of tool definitions,
and ``validate_call`` accepted any arguments against it.

Now:

- ``convert``, ``decode_tool`` without a dialect and ``validate_call``'s tools apply
  ``decode_all``'s rule (``_schema_like.not_schema``) to that form: a ``DecodeError``
  naming both readings.
- ``Tool(...)`` (and so every reader, ``decode_tool`` with a dialect too) refuses
  parameters of no JSON Schema keyword at all (``{"city": "Paris"}``) at
  ``$.parameters``; a real schema keeps working, a schema-less ``{"type": "object"}``
  too, and so do odd but real schemas a named reader is given (annotations alone,
  ``x-`` extensions beside keywords, ``"type": "dict"`` of open models' tools).
"""

from __future__ import annotations

import pickle
from typing import Any, Dict

import pytest

import toolwire
from toolwire import DecodeError, SchemaError, Tool, ToolCall

LLAMA_CALL = {"name": "get_weather", "parameters": {"city": "Paris"}}
READINGS = ("its parameters are no JSON Schema ('city' is no JSON Schema keyword): they read as the arguments "
            'of a Llama 3.x JSON call {"name", "parameters"}, a form no dialect reads as a call (give them as '
            "'args')")
BOTH = ("Input at LOC is a canonical tool definition or a tool call: "
        "{'name': 'get_weather', 'parameters': {'city': 'Paris'}}; " + READINGS)
NO_SCHEMA = ("Tool parameters at $.parameters are no JSON Schema (no key is a JSON Schema keyword: type, "
             "properties...): {'city': 'Paris'}")

# the call-shaped items decode_all refuses (test_definition_parameters.CALL_SHAPED)
CALL_SHAPED = [
    LLAMA_CALL,
    {"type": "function", "name": "trending_songs", "parameters": {"n": "10", "genre": "all"}},  # prompt_format.md
    {"name": "set_role", "parameters": {"type": "admin"}},
    {"name": "search", "parameters": {"title": "Dune"}},
    {"name": "f", "parameters": {"required": True, "type": "object"}},
    {"name": "f", "parameters": {"type": "object", "city": "Paris"}},
]


@pytest.mark.parametrize("x", [LLAMA_CALL, [LLAMA_CALL], [LLAMA_CALL, LLAMA_CALL]])
@pytest.mark.parametrize("to", ["openai.chat", "anthropic.messages", "gemini"])
def test_convert_names_both_readings(x: Any, to: str) -> None:
    loc = "$" if type(x) is dict else "$[0]"
    with pytest.raises(DecodeError) as exc:
        toolwire.convert(x, to)
    assert (exc.value.message, exc.value.loc, exc.value.dialect) == (BOTH.replace("LOC", loc), loc, "canonical")


@pytest.mark.parametrize("item", CALL_SHAPED)
def test_every_call_shaped_item_is_refused_where_the_kind_is_not_said(item: Dict[str, Any]) -> None:
    for run in (lambda: toolwire.convert(item, "anthropic.messages"), lambda: toolwire.convert([item], "openai.chat"),
                lambda: toolwire.decode_tool(item), lambda: toolwire.encode_tool(item, "anthropic.messages"),
                lambda: toolwire.validate_call(ToolCall(item["name"], {"zip": 1}), [item])):
        with pytest.raises(DecodeError) as exc:
            run()
        assert "tool definition or a tool call" in exc.value.message
        assert "they read as the arguments of a Llama 3.x JSON call" in exc.value.message


def test_decode_tool_names_both_readings_and_how_to_read_a_definition() -> None:
    with pytest.raises(DecodeError) as exc:
        toolwire.decode_tool(LLAMA_CALL)
    assert (exc.value.message, exc.value.loc) == (BOTH.replace("LOC", "$"), "$")
    search = {"name": "search", "parameters": {"title": "Dune"}}  # an annotation alone: a schema that takes anything
    with pytest.raises(DecodeError) as exc:
        toolwire.decode_tool(search)
    assert exc.value.message.endswith("; decode_tool(x, 'canonical') reads a definition")
    assert toolwire.decode_tool(search, "canonical") == Tool("search", parameters={"title": "Dune"})


def test_validate_call_refuses_the_entry_at_its_place() -> None:
    weather = {"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}
    with pytest.raises(DecodeError) as exc:
        toolwire.validate_call(ToolCall("get_weather", {"zip": 1}), [weather, LLAMA_CALL])
    assert (exc.value.message, exc.value.loc) == (BOTH.replace("LOC", "$[1]"), "$[1]")


@pytest.mark.parametrize(("build", "loc"), [
    (lambda: Tool("get_weather", parameters={"city": "Paris"}), "$.parameters"),
    (lambda: Tool("get_weather").replace(parameters={"city": "Paris"}), "$.parameters"),
    (lambda: toolwire.decode_tool(LLAMA_CALL, "canonical"), "$.parameters"),
    # a reader's error is at the payload's place (the Tool field's before)
    (lambda: toolwire.decode_tool({"type": "function", "function": LLAMA_CALL}, "openai.chat"),
     "$.function.parameters"),
    (lambda: toolwire.decode_tool({"name": "get_weather", "inputSchema": {"city": "Paris"}}, "mcp"), "$.inputSchema"),
])
def test_parameters_of_no_schema_keyword_make_no_tool(build: Any, loc: str) -> None:
    message = NO_SCHEMA.replace("$.parameters", loc)
    with pytest.raises(SchemaError) as exc:
        build()
    assert (exc.value.message, exc.value.loc) == (message, loc)
    again = pickle.loads(pickle.dumps(exc.value))
    assert (type(again), again.message, again.loc) == (type(exc.value), message, loc)


@pytest.mark.parametrize("params", [
    {},
    {"type": "object"},  # a tool without arguments, schema-less
    {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    {"properties": {"city": {"type": "string"}}},
    {"type": "OBJECT", "properties": {}},  # Gemini's OpenAPI casing
    {"$ref": "#/$defs/A", "$defs": {"A": {"type": "object"}}},
    {"title": "Args"},  # annotations alone: a schema that takes anything
    {"type": "object", "properties": {}, "x-order": ["a"]},  # an extension beside keywords
    {"type": "dict", "properties": {"a": {"type": "string"}}},  # open models' tools (BFCL, xLAM) write "dict"
])
def test_real_schemas_keep_working(params: Dict[str, Any]) -> None:
    tool = Tool("f", parameters=params)
    assert tool.parameters == params
    assert toolwire.decode_tool({"name": "f", "parameters": params}, "canonical") == tool
    chat = {"type": "function", "function": {"name": "f", "parameters": params}}
    assert toolwire.decode_tool(chat) == tool  # another form than the call's: as given
    assert toolwire.convert([chat, chat], "canonical") == [{"name": "f", "parameters": params}] * 2


@pytest.mark.parametrize("params", [
    {},
    {"type": "object"},
    {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    {"anyOf": [{"type": "object"}]},
])
def test_definitions_in_the_call_form_with_a_schema_still_convert(params: Dict[str, Any]) -> None:
    item = {"name": "get_weather", "parameters": params}
    assert toolwire.convert(item, "anthropic.messages")["name"] == "get_weather"
    assert toolwire.decode_tool(item) == Tool("get_weather", parameters=params)
    assert toolwire.validate_call(ToolCall("get_weather", {}), [item]) is not None


def test_decode_all_keeps_its_words_and_the_names_of_kept_calls() -> None:
    with pytest.raises(DecodeError) as exc:
        toolwire.decode_all([LLAMA_CALL])
    assert exc.value.message == ("Input at $[0] is a canonical tool definition, not a tool call: "
                                 "{'name': 'get_weather', 'parameters': {'city': 'Paris'}}; " + READINGS)
    [kept] = toolwire.decode_all([LLAMA_CALL], invalid="keep")
    assert kept.name == "get_weather"
