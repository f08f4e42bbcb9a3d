"""Annotations beside a ``$ref`` (and on an untyped node) follow each profile's keyword
rules like anywhere else: OpenAI strict rejects ``default`` (reference §B.2), Gemini's
``response_json_schema`` does not list ``default``/``examples``/``deprecated`` (§C.2),
Anthropic's SDK moves ``default`` into the description (§C.1). Expected wire shapes
are written from those rules."""

from __future__ import annotations

from enum import Enum
from typing import Any, Dict

from pydantic import BaseModel

from toolwire.schema import render


class Color(str, Enum):
    red = "red"
    green = "green"


class M(BaseModel):
    color: Color = Color.red


COLOR_DEF = {"enum": ["red", "green"], "title": "Color", "type": "string"}
HINT = '{default: "red"}'


def _notes(r: Any) -> Dict[str, str]:
    return {c.keyword: c.action for c in r.report if c.pointer == "/properties/color"}


def test_openai_moves_a_default_beside_a_ref_into_the_description() -> None:
    r = render(M.model_json_schema(), "openai.chat")
    assert r.wire_schema["properties"] == {
        "color": {"description": HINT, "anyOf": [{"$ref": "#/$defs/Color"}, {"type": "null"}]}}
    assert r.wire_schema["$defs"] == {"Color": COLOR_DEF}
    assert _notes(r)["default"] == "moved"
    assert r.decode({"color": None}) == {}


def test_gemini_moves_default_and_drops_examples_and_deprecated_beside_a_ref() -> None:
    schema = {"type": "object", "required": ["c"], "$defs": {"C": {"type": "string"}}, "properties": {
        "c": {"$ref": "#/$defs/C", "default": "x", "examples": ["y"], "deprecated": True, "description": "d"}}}
    r = render(schema, "gemini")
    assert r.wire_schema["properties"]["c"] == {"description": 'd\n\n{default: "x"}', "anyOf": [{"$ref": "#/$defs/C"}]}
    actions = {c.keyword: c.action for c in r.report if c.pointer == "/properties/c"}
    assert actions == {"$ref": "rewritten", "default": "moved", "examples": "dropped", "deprecated": "dropped"}


def test_anthropic_keeps_the_ref_and_moves_its_default() -> None:
    r = render(M.model_json_schema(), "anthropic.messages")
    assert r.wire_schema["properties"] == {"color": {"description": HINT, "$ref": "#/$defs/Color"}}
    assert _notes(r) == {"default": "moved"}


def test_gemini_openapi_inlines_the_ref_and_keeps_the_default_it_lists() -> None:
    r = render(M.model_json_schema(), "gemini.openapi")
    assert r.wire_schema["properties"] == {"color": {**COLOR_DEF, "default": "red"}}


def test_an_untyped_node_of_annotations_follows_the_same_rules() -> None:
    schema = {"type": "object", "required": ["x"], "properties": {"x": {"description": "any", "default": 1}}}
    r = render(schema, "gemini")
    assert r.wire_schema["properties"]["x"] == {"description": "any\n\n{default: 1}"}
    assert [(c.pointer, c.keyword, c.action) for c in r.report] == [("/properties/x", "default", "moved")]
