"""Wire shapes the rewrites write, pinned literally, and answers mapped back through
them: map pairs (also inside arrays), the wrapper of a non-object root with its
``$ref`` re-pointed, a ``type`` array split with its ``enum``, the lint codes of
unsatisfiable nodes. Written from a mutation sample of the rendering modules
(docs/testing.md)."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire import EncodeError
from toolwire.schema import render

PAIRS_OF = {"type": "array", "items": {"type": "object", "properties": {"key": {"type": "string"},
                                                                        "value": {"type": "integer"}},
                                       "required": ["key", "value"], "additionalProperties": False}}


def _wire(rendered: Any) -> Any:
    return rendered.request["response_format"]["json_schema"]["schema"]


def test_maps_travel_as_key_value_pairs_and_come_back_as_objects() -> None:
    schema = {"type": "object", "additionalProperties": False, "required": ["m", "rows"], "properties": {
        "m": {"type": "object", "title": "M", "description": "d", "additionalProperties": {"type": "integer"}},
        "rows": {"type": "array", "items": {"type": "object", "additionalProperties": {"type": "integer"}}}}}
    r = render(schema, "openai.chat", maps="pairs")
    wire = _wire(r)
    assert wire["properties"]["m"] == {"title": "M", "description": "d", **PAIRS_OF}
    assert wire["properties"]["rows"] == {"type": "array", "items": PAIRS_OF}
    answer = {"m": [{"key": "a", "value": 1}], "rows": [[{"key": "x", "value": 2}], []]}
    assert r.decode(answer) == {"m": {"a": 1}, "rows": [{"x": 2}, {}]}
    assert [(c.pointer, c.note) for c in r.report] == [
        ("/properties/m", "a map as [{key, value}] pairs"), ("/properties/rows/items", "a map as [{key, value}] pairs")]


def test_a_non_object_root_is_wrapped_and_its_self_reference_follows() -> None:
    r = render({"type": "array", "items": {"anyOf": [{"type": "integer"}, {"$ref": "#"}]}}, "openai.chat")
    assert _wire(r) == {"type": "object", "properties": {"result": {
        "type": "array", "items": {"anyOf": [{"type": "integer"}, {"$ref": "#/properties/result"}]}}},
        "required": ["result"], "additionalProperties": False}
    assert r.decode({"result": [1, [2]]}) == [1, [2]]


def test_a_type_array_with_an_enum_splits_the_enum_by_type() -> None:
    """OpenAPI (``gemini.openapi``) takes no ``type`` array: one branch per type, each
    with the enum values of its type (an integer is a number); a number enum is a lint
    error there (google-genai ``Schema.enum`` is ``list[str]``)."""
    r = render({"type": "object", "properties": {"u": {"type": ["string", "number"], "enum": ["a", 1, 2.5]}},
                "required": ["u"]}, "gemini.openapi", on_error="report")
    assert r.request["generation_config"]["response_schema"]["properties"]["u"] == {
        "anyOf": [{"type": "string", "enum": ["a"]}, {"type": "number", "enum": [1, 2.5]}]}
    assert [(x.code, x.pointer) for x in r.errors] == [("unsupported-enum", "/properties/u")]


def test_unsatisfiable_nodes_are_lint_errors_named_in_the_error() -> None:
    # required: optional, each would be sent as null alone (absent), see test_render_false_no_value.py
    schema = {"type": "object", "properties": {"a": {"enum": []}, "b": False}, "required": ["a", "b"]}
    with pytest.raises(EncodeError) as info:
        render(schema, "openai.chat")
    assert info.value.message == ("Schema cannot be rendered for openai.chat: an empty enum accepts no value at "
                                  "$.properties.a [unsatisfiable] (and 1 more)")
    lints = render(schema, "openai.chat", on_error="report").lints
    assert [(x.code, x.pointer, x.message) for x in lints if x.code == "unsatisfiable"] == [
        ("unsatisfiable", "/properties/a", "an empty enum accepts no value"),
        ("unsatisfiable", "/properties/b", "the false schema accepts no value")]


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "bedrock.converse"])
def test_a_required_name_missing_from_properties_is_not_representable_in_strict_mode(target: str) -> None:
    """Strict mode closes every object (reference §B.2), so a required key that is not
    a property could never be given; OpenAI answers "Extra required key 'b' supplied"."""
    schema = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "b"]}
    r = render(schema, target, on_error="report")
    assert [(x.code, x.pointer) for x in r.errors] == [("not-representable", "")]
    assert "'b'" in r.errors[0].message
    assert not r.lossless
    with pytest.raises(EncodeError):
        render(schema, target)


def test_a_map_with_required_keys_sent_as_pairs_reports_the_required_keys() -> None:
    schema = {"type": "object", "required": ["m"], "properties": {
        "m": {"type": "object", "additionalProperties": {"type": "integer"}, "required": ["k"]}}}
    r = render(schema, "openai.chat", maps="pairs")
    assert ("/properties/m", "required", "unsupported") in {(c.pointer, c.keyword, c.action) for c in r.report}
    assert not r.lossless
    assert r.validate({"m": [{"key": "j", "value": 1}]})


def test_a_closed_object_requiring_a_name_it_does_not_allow_is_unsatisfiable() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["b"],
              "additionalProperties": False}
    r = render(schema, "openai.chat", on_error="report")
    assert [(x.code, x.pointer) for x in r.errors] == [("unsatisfiable", "")]


def test_keywords_of_a_free_form_object_sent_as_a_string_are_reported() -> None:
    schema = {"type": "object", "required": ["o"], "properties": {
        "o": {"type": "object", "required": ["k"], "minProperties": 2}}}
    r = render(schema, "openai.chat", free_form="string")
    assert {(c.keyword, c.action) for c in r.report if c.pointer == "/properties/o"} == {
        ("type", "rewritten"), ("required", "unsupported"), ("minProperties", "unsupported")}
    assert not r.lossless
    assert r.validate({"o": '{"j": 1, "l": 2}'})


def test_properties_of_an_open_object_sent_as_a_string_are_reported() -> None:
    schema = {"type": "object", "required": ["o"], "properties": {"o": {
        "type": "object", "properties": {"a": {"type": "integer"}}, "additionalProperties": True}}}
    r = render(schema, "openai.chat", free_form="string")
    assert ("/properties/o", "properties", "unsupported") in {(c.pointer, c.keyword, c.action) for c in r.report}
    assert r.validate({"o": '{"a": "x"}'})


# oneOf becomes anyOf (OpenAI and Gemini take no oneOf, reference §B.2/§C.7); that is
# lossless only when no value can match two branches. Every integer is a number (Draft
# 2020-12 validation §6.1.1), and 1 equals 1.0 (core §4.2.2).
@pytest.mark.parametrize("branches", [
    [{"type": "number"}, {"type": "integer"}],
    [{"type": "object", "required": ["k"], "properties": {"k": {"const": 1}}},
     {"type": "object", "required": ["k"], "properties": {"k": {"const": 1.0}}}],
    [{"required": ["k"], "properties": {"k": {"const": "a"}}},
     {"required": ["k"], "properties": {"k": {"const": "b"}}}],
])
@pytest.mark.parametrize("target", ["openai.chat", "gemini"])
def test_one_of_with_overlapping_branches_reports_the_lost_exclusivity(branches: Any, target: str) -> None:
    r = render({"type": "object", "required": ["v"], "properties": {"v": {"oneOf": branches}}}, target,
               on_error="report")
    assert ("/properties/v", "oneOf", "dropped") in {(c.pointer, c.keyword, c.action) for c in r.report}
    assert not r.lossless


def test_one_of_with_an_integer_and_a_string_branch_stays_lossless() -> None:
    r = render({"type": "object", "required": ["v"], "properties": {"v": {"oneOf": [
        {"type": "integer"}, {"type": "string"}]}}}, "openai.chat")
    assert r.lossless


def test_one_of_on_an_object_discriminated_by_a_const_stays_lossless() -> None:
    branches = [{"required": ["k"], "properties": {"k": {"const": "a"}}},
                {"required": ["k"], "properties": {"k": {"const": "b"}}}]
    v = {"type": "object", "properties": {"k": {"type": "string"}}, "additionalProperties": False, "oneOf": branches}
    r = render({"type": "object", "required": ["v"], "properties": {"v": v}}, "openai.chat")
    assert r.lossless
