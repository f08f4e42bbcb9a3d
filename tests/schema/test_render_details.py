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
    with the enum values of its type (an integer is a number)."""
    r = render({"type": "object", "properties": {"u": {"type": ["string", "number"], "enum": ["a", 1, 2.5]}},
                "required": ["u"]}, "gemini.openapi")
    assert r.request["generation_config"]["response_schema"]["properties"]["u"] == {
        "anyOf": [{"type": "string", "enum": ["a"]}, {"type": "number", "enum": [1, 2.5]}]}


def test_unsatisfiable_nodes_are_lint_errors_named_in_the_error() -> None:
    schema = {"type": "object", "properties": {"a": {"enum": []}, "b": False}}
    with pytest.raises(EncodeError) as info:
        render(schema, "openai.chat")
    assert info.value.message == ("Schema cannot be rendered for openai.chat: an empty enum accepts no value at "
                                  "$.properties.a [unsatisfiable] (and 1 more)")
    lints = render(schema, "openai.chat", on_error="report").lints
    assert [(x.code, x.pointer, x.message) for x in lints if x.code == "unsatisfiable"] == [
        ("unsatisfiable", "/properties/a", "an empty enum accepts no value"),
        ("unsatisfiable", "/properties/b", "the false schema accepts no value")]
