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


# -- gemini.openapi inlines a $ref: the target and its siblings both hold (Draft 2020-12
# core §10.2.1: keywords beside $ref are applied with it), so the tighter bound wins and
# enums intersect; what has no single-keyword form stays a one-branch anyOf.
def _inline(node: Any, defs: Dict[str, Any]) -> Any:
    schema = {"type": "object", "required": ["n"], "properties": {"n": node}, "$defs": defs}
    r = render(schema, "gemini.openapi", on_error="report")
    return r, r.wire_schema["properties"]["n"]


def test_gemini_openapi_keeps_the_tighter_bound_of_a_ref_and_its_sibling() -> None:
    r, wire = _inline({"$ref": "#/$defs/Small", "maximum": 100}, {"Small": {"type": "integer", "maximum": 10}})
    assert wire == {"type": "integer", "maximum": 10}
    assert r.lossless
    assert r.validate({"n": 50}) and r.validate({"n": 10}) == []


def test_gemini_openapi_intersects_the_enum_of_a_ref_and_its_sibling() -> None:
    r, wire = _inline({"$ref": "#/$defs/E", "enum": ["aa", "bbb"]}, {"E": {"type": "string", "enum": ["aa", "cc"]}})
    assert wire == {"type": "string", "enum": ["aa"]}
    assert r.lossless


def test_gemini_openapi_keeps_both_patterns_of_a_ref_and_its_sibling() -> None:
    r, wire = _inline({"$ref": "#/$defs/P", "pattern": "b$"}, {"P": {"type": "string", "pattern": "^a"}})
    assert wire == {"pattern": "b$", "anyOf": [{"type": "string", "pattern": "^a"}]}
    assert r.lossless
    assert r.validate({"n": "ab"}) == [] and r.validate({"n": "a"}) and r.validate({"n": "b"})


def test_gemini_openapi_inlines_a_ref_to_the_true_schema_with_its_siblings() -> None:
    r, wire = _inline({"$ref": "#/$defs/T", "type": "string"}, {"T": True})
    assert wire == {"type": "string"}
    assert r.lossless


def test_gemini_openapi_reports_a_ref_it_cannot_merge_beside_an_any_of() -> None:
    defs = {"P": {"anyOf": [{"type": "string", "pattern": "^a"}]}}
    r, wire = _inline({"$ref": "#/$defs/P", "anyOf": [{"type": "string", "pattern": "b$"}]}, defs)
    assert not r.lossless and [x.code for x in r.errors] == ["unsupported-keyword"]
    assert ("/properties/n", "allOf", "unsupported") in {(c.pointer, c.keyword, c.action) for c in r.report}
    assert r.validate({"n": "b"})


def test_gemini_openapi_keeps_an_all_of_beside_a_ref() -> None:
    r, _ = _inline({"$ref": "#/$defs/D", "allOf": [{"type": "integer"}, {"type": "string"}]},
                   {"D": {"type": "object"}})
    assert not r.lossless
    assert r.validate({"n": {}})
