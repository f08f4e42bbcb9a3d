"""A ``$ref`` in a wire schema resolves and means what it meant in the original
(docs/structured-output.md: references follow every rename). A target outside the root
``$defs`` (a property, a nested ``$defs`` entry, a ``oneOf`` branch) is rewritten with
its context (made nullable, renamed, dropped), so it is moved into the root ``$defs``
and both its old place and every reference point there. Each expectation is checked on
the wire with ``jsonschema``."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import pytest

from toolwire.schema import render

REF_TARGETS = ["openai.chat", "anthropic.messages", "gemini", "bedrock.converse"]


def _refs(node: Any) -> Any:
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def _resolves(wire: Any) -> None:
    for ref in _refs(wire):
        assert ref == "#" or ref.startswith("#/"), ref
        node = wire
        for token in ref[2:].split("/") if ref != "#" else ():
            node = node[token.replace("~1", "/").replace("~0", "~")]
        assert isinstance(node, (dict, bool)), ref


def _valid(wire: Any, value: Any) -> bool:
    return bool(jsonschema.Draft202012Validator(wire).is_valid(value))


NESTED_DEFS = {"type": "object", "required": ["x"], "properties": {"x": {
    "type": "object", "$defs": {"Y": {"type": "string"}}, "required": ["y"],
    "properties": {"y": {"$ref": "#/properties/x/$defs/Y"}}}}}


@pytest.mark.parametrize("target", REF_TARGETS)
def test_a_ref_into_nested_defs_resolves_on_the_wire(target: str) -> None:
    before = copy.deepcopy(NESTED_DEFS)
    r = render(NESTED_DEFS, target)
    _resolves(r.wire_schema)
    assert r.lossless
    assert not _valid(r.wire_schema, {"x": {"y": 1}}) and _valid(r.wire_schema, {"x": {"y": "s"}})
    assert before == NESTED_DEFS and r.schema["properties"]["x"]["properties"]["y"] == {
        "$ref": "#/properties/x/$defs/Y"}  # the validation schema is the caller's


def test_a_ref_to_an_optional_property_does_not_take_its_null() -> None:
    """OpenAI makes the optional ``a`` nullable (reference §B.2); ``b`` still refuses null."""
    s = {"type": "object", "properties": {"a": {"type": "string"}, "b": {"$ref": "#/properties/a"}}, "required": ["b"]}
    r = render(s, "openai.chat")
    _resolves(r.wire_schema)
    assert not _valid(r.wire_schema, {"a": "x", "b": None})
    assert _valid(r.wire_schema, {"a": None, "b": "y"})
    assert r.validate({"a": None, "b": "y"}) == [] and r.validate({"a": "x", "b": None})
    assert r.lossless


@pytest.mark.parametrize("target", REF_TARGETS)
def test_a_ref_into_a_one_of_branch_resolves(target: str) -> None:
    s = {"type": "object", "required": ["a", "b"], "properties": {
        "a": {"oneOf": [{"type": "string"}, {"type": "integer"}]}, "b": {"$ref": "#/properties/a/oneOf/1"}}}
    r = render(s, target)
    _resolves(r.wire_schema)
    assert not _valid(r.wire_schema, {"a": 1, "b": "s"}) and _valid(r.wire_schema, {"a": 1, "b": 2})


def test_a_ref_into_a_property_that_refers_to_itself_stays_recursive() -> None:
    s = {"type": "object", "required": ["x"], "properties": {"x": {
        "type": "object", "required": ["v", "next"], "properties": {
            "v": {"type": "integer"}, "next": {"anyOf": [{"$ref": "#/properties/x"}, {"type": "null"}]}}}}}
    r = render(s, "openai.chat")
    _resolves(r.wire_schema)
    good = {"x": {"v": 1, "next": {"v": 2, "next": None}}}
    assert _valid(r.wire_schema, good) and r.validate(good) == []
    assert not _valid(r.wire_schema, {"x": {"v": 1, "next": {"v": "2", "next": None}}})


def test_a_non_object_root_with_a_ref_into_its_items_is_wrapped_and_resolves() -> None:
    s = {"type": "array", "items": {"type": "object", "required": ["k"], "properties": {
        "k": {"type": "string"}, "same": {"$ref": "#/items/properties/k"}}}}
    r = render(s, "openai.chat")
    _resolves(r.wire_schema)
    assert not _valid(r.wire_schema, {"result": [{"k": "a", "same": 5}]})
    assert r.decode({"result": [{"k": "a", "same": "b"}]}) == [{"k": "a", "same": "b"}]
