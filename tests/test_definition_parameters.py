"""A list that may hold calls never decodes to ``[]``: parameters that are no JSON Schema
are a call's arguments.

``{"name": ..., "parameters": {...}}`` is the call form of Llama 3.x JSON tool calling
(meta-llama/llama-models ``models/llama3_3/prompt_format.md``, "JSON based tool calling":
the model answers ``{"type": "function", "name": "trending_songs", "parameters": {"n":
"10", "genre": "all"}}``; vLLM's ``llama_tool_parser.py`` reads ``name`` and
``parameters`` or ``arguments``) and, by its keys, a
canonical tool definition (``{name, description, parameters, strict}``). A definition's
``parameters`` are a JSON Schema object (https://json-schema.org/draft/2020-12:
``type``, ``properties``, ``$ref``, ``anyOf``..., or ``{}``); a call's hold argument
values. Before, ``decode_all([{"name": "f", "parameters": {"city": "Paris"}}])`` gave
``[]`` (a list of definitions holds no call): an agent that gets ``[]`` ends its turn
(DESIGN invariant 7). Now parameters with a key that is no JSON Schema keyword (or a
keyword with a value it does not take, or keywords that say nothing of a value) make
the item no definition: no dialect reads that form as a call from a dict, so it raises
at its path naming both readings. Lists of real definitions still hold no call.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import DecodeError, InvalidToolCall, ToolCall, ToolCalls

LLAMA_CALL = {"name": "get_weather", "parameters": {"city": "Paris"}}
CALL_F = {"name": "f", "args": {}}
BOTH = ("; its parameters are no JSON Schema ('city' is no JSON Schema keyword): they read as the arguments "
        'of a Llama 3.x JSON call {"name", "parameters"}, a form no dialect reads as a call (give them as \'args\')')
ERROR = ("Input at $[0] is a canonical tool definition, not a tool call: "
         "{'name': 'get_weather', 'parameters': {'city': 'Paris'}}" + BOTH)

# prompt_format.md's own answer: by its keys also a flat Responses-style definition
TRENDING = {"type": "function", "name": "trending_songs", "parameters": {"n": "10", "genre": "all"}}
CALL_SHAPED = [
    LLAMA_CALL,
    TRENDING,
    {"name": "trending_songs", "parameters": {"n": "10", "genre": "all"}},
    {"name": "set_role", "parameters": {"type": "admin"}},  # an argument named "type"
    {"name": "search", "parameters": {"title": "Dune"}},  # an annotation alone says nothing of a value
    {"name": "f", "parameters": {"required": True, "type": "object"}},
    {"name": "f", "parameters": {"type": "object", "city": "Paris"}},
]


@pytest.mark.parametrize("item", CALL_SHAPED)
def test_a_list_of_call_shaped_items_never_gives_an_empty_list(item: Dict[str, Any]) -> None:
    for given in ([item], json.dumps([item]), [item, item]):
        with pytest.raises(DecodeError) as info:
            toolwire.decode_all(given)
        assert info.value.loc == "$[0]"
        assert "they read as the arguments of a Llama 3.x JSON call" in info.value.message
        got = toolwire.decode_all(given, invalid="keep")
        assert got and all(type(c) is InvalidToolCall and c.name == item["name"] for c in got)


def test_the_message_names_both_readings() -> None:
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all([LLAMA_CALL])
    assert info.value.message == ERROR
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all([LLAMA_CALL, CALL_F])  # beside a call, as before, with both readings
    assert info.value.message == ERROR
    with pytest.raises(DecodeError) as info:
        toolwire.decode(LLAMA_CALL)
    assert info.value.message == ("Input at $ is a canonical tool definition, not a tool call: "
                                  "{'name': 'get_weather', 'parameters': {'city': 'Paris'}}" + BOTH)


def test_one_call_shaped_item_makes_the_whole_list_calls() -> None:
    items: List[Any] = [{"name": "f", "parameters": {"type": "object", "properties": {}}}, LLAMA_CALL]
    got = toolwire.decode_all(items, invalid="keep")
    assert [(type(c), c.name, c.loc) for c in got] == [(InvalidToolCall, "f", "$[0]"),
                                                        (InvalidToolCall, "get_weather", "$[1]")]
    assert got[1].error.endswith(BOTH) and not got[0].error.endswith(BOTH)


def test_in_a_messages_tool_calls() -> None:
    message = {"role": "assistant", "content": None, "tool_calls": [LLAMA_CALL]}
    [bad] = toolwire.decode_all(message, invalid="keep")
    assert bad.error.endswith(BOTH) and bad.loc == "$.tool_calls[0]"


def test_tool_calls_field() -> None:
    with pytest.raises(DecodeError) as info:
        ToolCalls([LLAMA_CALL])
    assert info.value.message == ERROR


# -- what still holds no call --------------------------------------------------------------------

DEFINITIONS = [
    [{"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                                            "required": ["city"]}}],
    [{"name": "get_time", "parameters": {}}],  # the empty schema: any value
    [{"name": "f", "description": "Weather.", "parameters": {"$ref": "#/$defs/a", "$defs": {"a": {}}}}],
    [{"name": "f", "parameters": {"anyOf": [{"type": "object"}, {"type": "null"}]}, "strict": True}],
    # https://ai.google.dev/api/caching#Schema: OpenAPI types in upper case, propertyOrdering
    [{"name": "f", "parameters": {"type": "OBJECT", "properties": {"a": {"type": "STRING"}},
                                  "propertyOrdering": ["a"], "nullable": False}}],
    [{"name": "f", "parameters": {"type": ["object", "null"], "additionalProperties": False, "title": "F"}}],
]


@pytest.mark.parametrize("tools", DEFINITIONS)
def test_a_list_of_real_definitions_holds_no_call(tools: List[Any]) -> None:
    assert toolwire.decode_all(tools) == []
    assert toolwire.decode_tool(tools[0]).name == tools[0]["name"]


def test_a_definition_beside_a_call_still_raises_without_the_call_reading() -> None:
    item = DEFINITIONS[0][0]
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all([item, CALL_F])
    assert info.value.loc == "$[0]" and "JSON Schema" not in info.value.message


def test_the_canonical_call_form_still_reads() -> None:
    assert toolwire.decode_all([{"name": "get_weather", "args": {"city": "Paris"}}]) == [
        ToolCall("get_weather", {"city": "Paris"})]


@pytest.mark.parametrize("params", ['{"city": "Paris"}', [1]])
def test_parameters_that_read_as_no_definition_are_no_list_of_definitions(params: Any) -> None:
    """vLLM's Llama parser takes ``parameters`` given as JSON text too: never ``[]``."""
    item = {"name": "get_weather", "parameters": params}
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all([item])
    assert info.value.loc == "$[0]"
    assert info.value.message.endswith(
        "; nor does it read as one: Tool parameters at $[0].parameters must be an object")
    [bad] = toolwire.decode_all([item], invalid="keep")
    assert type(bad) is InvalidToolCall


def test_a_gemini_tool_entry_is_still_a_definition() -> None:
    # https://ai.google.dev/api/caching#Tool (``functionDeclarations``)
    entry = {"functionDeclarations": [{"name": "a", "parameters": {"type": "OBJECT"}}, {"name": "b"}]}
    assert toolwire.decode_all([entry]) == []


def test_a_single_top_level_definition_that_may_be_a_call_names_both_readings() -> None:
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all({"name": "f", "parameters": {"city": "Paris"}})
    assert str(info.value).startswith("Input at $ is a canonical tool definition, not tool calls; its parameters are "
                                      "no JSON Schema ('city' is no JSON Schema keyword)")
    with pytest.raises(DecodeError) as info:  # a real definition: the plain words
        toolwire.decode_all({"name": "f", "parameters": {"type": "object"}})
    assert str(info.value) == "Input at $ is a canonical tool definition, not tool calls"
