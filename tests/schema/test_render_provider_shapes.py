"""Wire schemas the provider refuses are not sent as lossless.

- Gemini's OpenAPI ``Schema`` (``gemini.openapi``): an object with empty ``properties``
  is answered "properties: should be non-empty for OBJECT type", an array without
  ``items`` "items: missing field", an ``enum`` without a string type "enum: only allowed
  for STRING type" (google-genai ``Schema.enum: list[str]``, "only for STRING type").
- Gemini refuses enums of booleans and null (``const`` is sent as a one-value enum):
  ``const: null`` is exactly ``type: null``; a boolean ``const`` goes as its type, the
  value in the description, reported lossy.
- Anthropic's tool ``input_schema`` is an object: the SDK's ``InputSchemaTyped.type`` is
  ``Required[Literal["object"]]``, with ``strict`` or without.
"""

from __future__ import annotations

import typing
from typing import Any, Dict

import pytest

from toolwire import EncodeError
from toolwire.schema import render


def _codes(r: Any) -> list[tuple[str, str, str]]:
    return [(lint.code, lint.pointer, lint.severity) for lint in r.lints]


@pytest.mark.parametrize(("sub", "word"), [
    ({"type": "object"}, "object"),
    ({"type": "object", "properties": {}}, "object"),
    ({"type": "object", "properties": {}, "additionalProperties": False}, "object"),
    ({"type": "object", "additionalProperties": {"type": "integer"}}, "object"),
    ({"type": "array"}, "array"),
])
def test_gemini_openapi_refuses_what_gemini_refuses(sub: Dict[str, Any], word: str) -> None:
    schema = {"type": "object", "properties": {"a": sub}, "required": ["a"]}
    r = render(schema, "gemini.openapi", on_error="report")
    assert ("not-representable", "/properties/a", "error") in _codes(r) and not r.lossless
    with pytest.raises(EncodeError, match=rf"^Schema cannot be rendered for gemini.openapi: an {word} without"):
        render(schema, "gemini.openapi")


def test_gemini_openapi_sends_an_objects_properties() -> None:
    r = render({"type": "object", "properties": {"a": {"type": "array", "items": {"type": "string"}}}}, "gemini.openapi")
    assert r.wire_schema == {"type": "object", "properties": {"a": {"type": "array", "items": {"type": "string"}}}}


def test_gemini_openapi_types_an_untyped_string_enum() -> None:
    r = render({"type": "object", "properties": {"a": {"enum": ["x", "y"]}}, "required": ["a"]}, "gemini.openapi")
    assert r.wire_schema["properties"]["a"] == {"type": "string", "enum": ["x", "y"]}
    assert r.lossless


@pytest.mark.parametrize("target", ["gemini", "gemini.openapi"])
def test_gemini_takes_a_const_of_null_and_of_a_boolean(target: str) -> None:
    schema = {"type": "object", "properties": {"on": {"const": True, "description": "Always on."},
                                               "off": {"type": "boolean", "const": False}},
              "required": ["on", "off"]}
    r = render(schema, target)
    props = r.wire_schema["properties"]
    assert props["on"] == {"type": "boolean", "description": "Always on.\n\n{const: true}"}
    assert props["off"] == {"type": "boolean", "description": "{const: false}"}
    moved = [(c.pointer, c.keyword, c.action) for c in r.report if c.keyword == "const"]
    assert moved == [("/properties/on", "const", "moved"), ("/properties/off", "const", "moved")]
    assert not r.lossless and r.validate({"on": True, "off": False}) == [] and r.validate({"on": False, "off": False})


def test_gemini_takes_a_const_of_null_as_type_null() -> None:
    r = render({"type": "object", "properties": {"none": {"const": None}}, "required": ["none"]}, "gemini")
    assert r.wire_schema["properties"]["none"] == {"type": "null"}
    assert r.lossless and not r.errors


def _anthropic_input_schema_type() -> str:
    tool_param = pytest.importorskip("anthropic.types.tool_param")
    hint = typing.get_type_hints(tool_param.InputSchemaTyped, include_extras=True)["type"]
    [literal] = typing.get_args(hint)  # Required[Literal["object"]]
    [value] = typing.get_args(literal)
    return str(value)


@pytest.mark.parametrize("schema", [
    {"type": "array", "items": {"type": "string"}},
    {"type": "string"},
    {"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "null"}]},
])
def test_an_anthropic_tool_input_schema_is_an_object_without_strict(schema: Dict[str, Any]) -> None:
    r = render(schema, "anthropic.tool", strict=False)
    [tool] = r.request["tools"]
    assert "strict" not in tool
    assert tool["input_schema"]["type"] == _anthropic_input_schema_type()
    assert tool["input_schema"]["properties"]["result"] == schema
    assert r.wrapped and r.decode({"result": ["x"]}) == ["x"]


def test_an_anthropic_tool_input_schema_without_a_type_reads_as_an_object() -> None:
    r = render({"properties": {"a": {"type": "string"}}}, "anthropic.tool", strict=False)
    assert r.request["tools"][0]["input_schema"] == {"type": _anthropic_input_schema_type(),
                                                     "properties": {"a": {"type": "string"}}}
    # strict: false promises nothing: reported (Anthropic: strict tools "guarantee" the schema)
    assert not r.wrapped and [(c.keyword, c.action) for c in r.report] == [("type", "narrowed"), ("strict", "unenforced")]
