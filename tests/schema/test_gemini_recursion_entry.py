"""Gemini's ``response_json_schema`` takes recursion "only in non-required properties"
(google-genai's ``GenerationConfig.response_json_schema`` docstring: cyclic references
are unrolled to a limited degree; reference/structured-output.md §C.2). The rule is
about the reference that closes the cycle: a required property *entering* a recursive
definition is no cyclic reference (the cycle below it can stop at its optional
property), and was refused, sending such schemas to prompt mode."""

from __future__ import annotations

import copy

from toolwire.schema import render

TREE = {
    "type": "object",
    "properties": {"root": {"$ref": "#/$defs/node"}},
    "required": ["root"],
    "$defs": {"node": {"type": "object", "required": ["value"], "properties": {
        "value": {"type": "integer"}, "next": {"$ref": "#/$defs/node"}}}},
}


def test_a_required_property_entering_a_recursive_definition_is_accepted() -> None:
    r = render(TREE, "gemini", on_error="report")
    assert r.errors == ()
    assert r.wire_schema["properties"]["root"] == {"$ref": "#/$defs/node"}
    assert r.validate({"root": {"value": 1, "next": {"value": 2}}}) == []


def test_a_required_property_closing_the_cycle_is_still_refused() -> None:
    closing = copy.deepcopy(TREE)
    closing["$defs"]["node"]["required"] = ["value", "next"]
    r = render(closing, "gemini", on_error="report")
    assert [(lint.code, lint.pointer) for lint in r.errors] == [
        ("recursion-unsupported", "/$defs/node/properties/next")]
    root = {"type": "object", "required": ["v", "next"], "properties": {"v": {"type": "integer"}, "next": {"$ref": "#"}}}
    assert [(lint.code, lint.pointer) for lint in render(root, "gemini", on_error="report").errors] == [
        ("recursion-unsupported", "/properties/next")]


def _tree(kids: dict, required: list) -> dict:
    """pydantic's ``Tree`` (``v: int``, ``kids``...) as ``model_json_schema`` writes it."""
    return {"$ref": "#/$defs/Tree", "$defs": {"Tree": {
        "type": "object", "properties": {"v": {"type": "integer"}, "kids": kids}, "required": required}}}


def test_a_required_array_closing_the_cycle_is_refused() -> None:
    """``kids: List["Tree"]`` with no default: the cycle runs through the required
    property ``kids`` (its items), as ``Optional["Chain"]`` without a default runs through a
    required nullable one ("Nullable properties are not sufficient")."""
    kids = {"type": "array", "items": {"$ref": "#/$defs/Tree"}}
    r = render(_tree(kids, ["v", "kids"]), "gemini", on_error="report")
    assert [(lint.code, lint.pointer) for lint in r.errors] == [
        ("recursion-unsupported", "/$defs/Tree/properties/kids/items")]
    assert not r.lossless
    prefixed = {"type": "array", "prefixItems": [{"$ref": "#/$defs/Tree"}]}
    r = render(_tree(prefixed, ["v", "kids"]), "gemini", on_error="report")
    assert [(lint.code, lint.pointer) for lint in r.errors] == [
        ("recursion-unsupported", "/$defs/Tree/properties/kids/prefixItems/0")]


def test_an_optional_array_closing_the_cycle_is_accepted() -> None:
    kids = {"type": "array", "items": {"$ref": "#/$defs/Tree"}, "default": []}
    r = render(_tree(kids, ["v"]), "gemini", on_error="report")
    assert r.errors == () and r.lossless
