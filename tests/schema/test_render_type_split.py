"""A ``type`` array split into typed branches (OpenAPI takes no type arrays; strict
targets type each enum branch) keeps the keywords that apply to every type: ``not``,
``allOf`` and the like stay on the parent, where the profile's keyword rules report
them; an ``anyOf`` goes into each typed branch ((T1 or T2) and A is (T1 and A) or
(T2 and A)); a ``const`` goes to the branch of its type. Expected shapes from the
provider rules (reference §B.2, §C.2)."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire.schema import render


def _one(node: Any, target: str) -> Any:
    r = render({"type": "object", "required": ["s"], "properties": {"s": node}}, target)
    return r, r.wire_schema["properties"]["s"]


def _actions(r: Any) -> Any:
    return {(c.keyword, c.action) for c in r.report if c.pointer == "/properties/s"}


def test_not_beside_a_split_type_array_is_reported_on_openai() -> None:
    r, wire = _one({"type": ["string", "null"], "enum": ["a", "b", None], "not": {"const": "a"}}, "openai.chat")
    assert wire == {"description": '{not: {"const": "a"}}',
                    "anyOf": [{"type": "string", "enum": ["a", "b"]}, {"type": "null"}]}
    assert ("not", "unsupported") in _actions(r)
    assert not r.lossless
    assert r.validate({"s": "a"}) and r.validate({"s": "b"}) == []


def test_an_any_of_beside_a_split_type_array_goes_into_each_branch() -> None:
    branches = [{"minLength": 2}, {"minimum": 10}]
    r, wire = _one({"type": ["string", "integer"], "anyOf": branches}, "gemini.openapi")
    # (a keyword of another type than its branch's has no effect there: left out)
    assert wire == {"anyOf": [
        {"type": "string", "anyOf": [{"type": "string", "minLength": 2}, {"type": "string"}]},
        {"type": "integer", "anyOf": [{"type": "integer"}, {"type": "integer", "minimum": 10}]}]}
    assert r.lossless
    assert r.validate({"s": True}) and r.validate({"s": "a"}) == []


def test_a_const_goes_to_the_branch_of_its_type() -> None:
    r, wire = _one({"type": ["string", "integer"], "const": "3"}, "gemini.openapi")
    assert wire == {"type": "string", "enum": ["3"]}
    assert r.lossless


def test_all_of_beside_a_split_type_array_is_merged_or_reported() -> None:
    r, wire = _one({"type": ["string", "null"], "allOf": [{"maxLength": 3}]}, "gemini.openapi")
    assert wire == {"type": "string", "maxLength": 3, "nullable": True}
    assert r.lossless


# -- a type array holding "object" or "array" (OpenAPI `nullable` on a map or a list) ----
# The object and array keywords apply to the object / array branch only; they are never
# lost from the wire. Strict targets need `additionalProperties: false` on every object
# and `items` on every array (reference §B.2), so a free-form object or an array without
# items is a `not-representable` lint error there, as it is without the type array.
NULLABLE_MAP = {"type": "object", "nullable": True, "additionalProperties": {"type": "integer"}, "required": ["k"]}


def _wire_rejects(wire: Any, value: Any) -> bool:
    import jsonschema

    return not jsonschema.Draft202012Validator(wire).is_valid(value)


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "bedrock.converse"])
def test_a_nullable_map_is_not_representable_in_strict_mode(target: str) -> None:
    r = render({"type": "object", "properties": {"m": NULLABLE_MAP}, "required": ["m"]}, target, on_error="report")
    assert [(x.code, x.pointer) for x in r.errors] == [("not-representable", "/properties/m")]
    assert not r.lossless


def test_gemini_keeps_the_map_value_schema_and_required_of_a_nullable_map() -> None:
    r, wire = _one(NULLABLE_MAP, "gemini")
    assert wire == {"anyOf": [
        {"type": "object", "properties": {}, "required": ["k"], "additionalProperties": {"type": "integer"}},
        {"type": "null"}]}
    assert r.lossless
    for bad in ({"s": {"k": "x"}}, {"s": {}}):
        assert _wire_rejects(r.wire_schema, bad) and r.validate(bad)
    assert r.validate({"s": None}) == [] and r.validate({"s": {"k": 1}}) == []


@pytest.mark.parametrize("target", ["openai.chat", "gemini"])
def test_a_nullable_object_keeps_its_properties_closed(target: str) -> None:
    node = {"type": ["object", "null"], "properties": {"w": {"type": "integer"}}, "required": ["w"]}
    r, wire = _one(node, target)
    closed = {"additionalProperties": False} if target == "openai.chat" else {}
    assert wire == {"anyOf": [{"type": "object", "properties": {"w": {"type": "integer"}}, "required": ["w"],
                               **closed}, {"type": "null"}]}
    assert r.lossless
    assert _wire_rejects(r.wire_schema, {"s": {}}) and r.validate({"s": {}})


@pytest.mark.parametrize("node", [{"type": ["object", "null"]}, {"type": ["array", "null"]}])
def test_a_free_form_object_or_an_array_without_items_in_a_type_array_is_linted(node: Any) -> None:
    r = render({"type": "object", "properties": {"s": node}, "required": ["s"]}, "openai.chat", on_error="report")
    assert [(x.code, x.pointer) for x in r.errors] == [("not-representable", "/properties/s")]
    assert not r.lossless


def test_a_nullable_list_keeps_its_items_and_bounds() -> None:
    r, wire = _one({"type": ["array", "null"], "items": {"type": "integer"}, "maxItems": 2}, "gemini")
    assert wire == {"anyOf": [{"type": "array", "items": {"type": "integer"}, "maxItems": 2}, {"type": "null"}]}
    assert r.lossless
    assert _wire_rejects(r.wire_schema, {"s": ["a"]}) and _wire_rejects(r.wire_schema, {"s": [1, 2, 3]})


def test_a_nullable_free_form_object_sent_as_a_string_comes_back_as_an_object() -> None:
    r = render({"type": "object", "properties": {"s": {"type": ["object", "null"]}}, "required": ["s"]},
               "openai.chat", free_form="string")
    assert r.wire_schema["properties"]["s"] == {
        "anyOf": [{"type": "string", "description": "A JSON object, encoded as a string."}, {"type": "null"}]}
    assert r.decode({"s": '{"a": 1}'}) == {"s": {"a": 1}} and r.validate({"s": None}) == []


# -- an allOf merged into one node can hold an enum and a const, an anyOf and a oneOf, an
# anyOf beside a $ref: the rewrites of each keyword keep the other (found by fuzzing
# the wire against the original with jsonschema).
def _wire_accepts(r: Any, value: Any) -> bool:
    import jsonschema

    return bool(jsonschema.Draft202012Validator(r.wire_schema).is_valid(value))


@pytest.mark.parametrize("target", ["openai.chat", "gemini", "bedrock.converse"])
def test_an_enum_and_a_const_keep_only_their_common_value(target: str) -> None:
    r = render({"type": "object", "required": ["s"], "properties": {"s": {
        "allOf": [{"enum": [1, True]}, {"const": True}]}}}, target, on_error="report")
    assert not _wire_accepts(r, {"s": 1}) and _wire_accepts(r, {"s": True})


@pytest.mark.parametrize("target", ["openai.chat", "gemini"])
def test_an_enum_and_a_const_with_no_common_value_are_unsatisfiable(target: str) -> None:
    r = render({"type": "object", "required": ["s"], "properties": {"s": {
        "allOf": [{"enum": [True, None]}, {"const": "x"}]}}}, target, on_error="report")
    assert [(x.code, x.pointer) for x in r.errors] == [("unsatisfiable", "/properties/s")]
    assert "anyOf" not in r.wire_schema["properties"]["s"] or r.wire_schema["properties"]["s"]["anyOf"]


@pytest.mark.parametrize("target", ["openai.chat", "gemini"])
def test_a_one_of_beside_an_any_of_is_kept_or_reported(target: str) -> None:
    node = {"allOf": [{"anyOf": [{"enum": ["x", None, True]}]},
                      {"oneOf": [{"type": "string"}, {"type": "integer"}, {"type": "boolean"}]}]}
    r = render({"type": "object", "required": ["s"], "properties": {"s": node}}, target, on_error="report")
    assert not r.lossless or not _wire_accepts(r, {"s": 4})
    assert r.validate({"s": 4})


@pytest.mark.parametrize("target", ["openai.chat", "gemini"])
def test_an_any_of_beside_a_ref_is_kept_or_reported(target: str) -> None:
    schema = {"type": "object", "required": ["s"], "$defs": {"D": {"type": "object", "required": ["q"], "properties": {
        "q": {"type": "integer"}}}}, "properties": {"s": {"allOf": [{"anyOf": [{"type": "boolean"}]}, {"$ref": "#/$defs/D"}]}}}
    r = render(schema, target, on_error="report")
    assert not r.lossless or not _wire_accepts(r, {"s": {"q": 1}})


@pytest.mark.parametrize("node", [
    {"allOf": [{"type": "null"}, {"$ref": "#/$defs/D"}]},
    {"allOf": [{"$ref": "#/$defs/D"}, {"type": ["string", "null"]}]},
])
def test_gemini_openapi_never_sends_null_with_more_as_nullable(node: Any) -> None:
    schema = {"type": "object", "required": ["s"], "properties": {"s": node}, "$defs": {"D": {
        "type": "object", "required": ["q"], "properties": {"q": {"type": "integer"}}}}}
    r = render(schema, "gemini.openapi", on_error="report")
    assert not r.lossless
