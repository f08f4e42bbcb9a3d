"""Keywords a rewrite writes itself go through the profile's keyword rules too:
``items: false`` becomes ``maxItems: 0`` only where ``maxItems`` is accepted (not on
Anthropic or Bedrock, reference §C.1/§C.3), and Anthropic's ``allOf`` holds no
``$ref`` (§C.1: "allOf (not combined with $ref)"). Expected shapes from those rules."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire import EncodeError
from toolwire.schema import render

NO_ITEMS = {"type": "object", "required": ["e"], "properties": {"e": {"type": "array", "items": False}}}
DEF_A = {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]}


def _changes(r: Any, pointer: str) -> Any:
    return [(c.keyword, c.action) for c in r.report if c.pointer == pointer]


@pytest.mark.parametrize("target", ["bedrock.converse", "anthropic.messages"])
def test_items_false_is_moved_where_max_items_is_not_accepted(target: str) -> None:
    r = render(NO_ITEMS, target)
    assert r.wire_schema["properties"]["e"] == {"type": "array", "description": "{items: false}"}
    assert _changes(r, "/properties/e") == [("items", "moved")]
    assert not r.lossless


@pytest.mark.parametrize("target", ["openai.chat", "gemini", "gemini.openapi"])
def test_items_false_is_max_items_zero_where_accepted(target: str) -> None:
    r = render(NO_ITEMS, target)
    # OpenAI strict and Gemini's OpenAPI Schema need items on every array: a placeholder
    placeholder = {} if target == "gemini" else {"items": {"type": "string"}}
    assert r.wire_schema["properties"]["e"] == {"type": "array", "maxItems": 0, **placeholder}
    assert _changes(r, "/properties/e") == [("items", "rewritten")] * (1 if target == "gemini" else 2)
    assert r.lossless


def test_anthropic_merges_an_all_of_that_holds_a_ref() -> None:
    schema = {"type": "object", "required": ["a"], "$defs": {"A": DEF_A},
              "properties": {"a": {"allOf": [{"$ref": "#/$defs/A"}], "description": "d"}}}
    r = render(schema, "anthropic.messages")
    assert r.wire_schema["properties"]["a"] == {"description": "d", "$ref": "#/$defs/A"}
    assert _changes(r, "/properties/a") == [("allOf", "rewritten")]
    assert r.lossless and not r.lints


def test_anthropic_merges_a_ref_with_other_all_of_branches() -> None:
    schema = {"type": "object", "required": ["a"], "$defs": {"A": DEF_A},
              "properties": {"a": {"allOf": [{"$ref": "#/$defs/A"}, {"minProperties": 1}]}}}
    r = render(schema, "anthropic.messages")
    assert r.wire_schema["properties"]["a"] == {"description": "{minProperties: 1}", "$ref": "#/$defs/A"}


def test_anthropic_merges_an_all_of_of_two_refs() -> None:
    """Both targets are objects: merged into one closed object (each closed apart would
    accept nothing), exact."""
    schema = {"type": "object", "required": ["a"], "$defs": {"A": DEF_A, "B": {"type": "object", "properties": {"y": {"type": "integer"}}}},
              "properties": {"a": {"allOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]}}}
    r = render(schema, "anthropic.messages")
    assert r.wire_schema["properties"]["a"] == {
        "type": "object", "properties": {"x": {"type": "string"}, "y": {"type": "integer"}}, "required": ["x"],
        "additionalProperties": False}
    assert r.lossless


def test_anthropic_refuses_an_all_of_of_two_refs_of_types_apart() -> None:
    # (an object and a string at once: no value, core §10.2.1.1; it was refused as not mergeable)
    schema = {"type": "object", "required": ["a"], "$defs": {"A": DEF_A, "B": {"type": "string", "format": "email"}},
              "properties": {"a": {"allOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]}}}
    with pytest.raises(EncodeError) as info:
        render(schema, "anthropic.messages")
    assert info.value.message == (
        "Schema cannot be rendered for anthropic.messages: allOf of types no value has at once: no value is "
        "accepted at $.properties.a [unsatisfiable]")


def test_anthropic_keeps_an_all_of_without_refs() -> None:
    schema = {"type": "object", "required": ["a"], "properties": {
        "a": {"allOf": [{"type": "string"}, {"type": "string", "format": "email"}]}}}
    r = render(schema, "anthropic.messages")
    assert r.wire_schema["properties"]["a"] == {"allOf": [{"type": "string"}, {"type": "string", "format": "email"}]}


# -- gemini.openapi: `Schema.enum` is `list[str]` (google-genai types.Schema; the API's
# `enum` is "only allowed for STRING type"), so an enum or const of another type is a
# lint error, and the string enums it writes pass the SDK's own model (a boolean const
# goes as its type, the value in the description: test_render_provider_shapes.py).
@pytest.mark.parametrize("node", [{"type": "integer", "enum": [1, 2]}, {"type": "number", "const": 2.5}])
def test_gemini_openapi_refuses_enums_that_are_not_strings(node: Any) -> None:
    r = render({"type": "object", "required": ["n"], "properties": {"n": node}}, "gemini.openapi", on_error="report")
    assert [(x.code, x.pointer) for x in r.errors] == [("unsupported-enum", "/properties/n")]
    assert not r.lossless
    with pytest.raises(EncodeError):
        render({"type": "object", "required": ["n"], "properties": {"n": node}}, "gemini.openapi")


def test_gemini_openapi_string_enums_pass_the_sdk_schema_model() -> None:
    genai = pytest.importorskip("google.genai")
    schema = {"type": "object", "required": ["s", "c"], "properties": {
        "s": {"type": ["string", "null"], "enum": ["a", "b", None]}, "c": {"const": "x"}}}
    r = render(schema, "gemini.openapi")
    assert r.wire_schema["properties"] == {"s": {"type": "string", "enum": ["a", "b"], "nullable": True},
                                           "c": {"type": "string", "enum": ["x"]}}
    genai.types.Schema.model_validate(r.wire_schema)


def test_gemini_openapi_does_not_write_an_integer_range_as_an_enum() -> None:
    schema = {"type": "object", "required": ["n"], "properties": {"n": {"type": "integer", "minimum": 1, "maximum": 3}}}
    r = render(schema, "gemini.openapi", int_range_as_enum=24)
    assert r.wire_schema["properties"]["n"] == {"type": "integer", "minimum": 1, "maximum": 3}
    assert r.lossless
