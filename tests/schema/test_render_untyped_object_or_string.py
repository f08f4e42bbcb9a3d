"""Strict mode: an untyped node's object keywords beside a branch typed object or string.

An object keyword (``properties``, ``required``, ``additionalProperties``) applies to
objects only (JSON Schema 2020-12 core, 10.3.2; validation 6.5.3): beside an
``anyOf`` branch of ``type: ["object", "string"]`` in a node of no ``type``, a string
passes them. Strict mode moves the keywords into each branch (OpenAI takes nothing
beside ``anyOf``; each object closed once): the branch is its object part holding them
and its string part as it is, never the object alone. Expected wire schemas are pinned
from those rules; verdicts are the ``jsonschema`` package's.
"""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from toolwire import schema

P = {"p": {"type": "integer"}}


def _root(a: Any) -> Any:
    return {"type": "object", "properties": {"a": a}, "required": ["a"], "additionalProperties": False}


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "bedrock.converse"])
def test_the_string_part_of_an_object_or_string_branch_is_kept(target: str) -> None:
    a = {"properties": P, "required": ["p"], "additionalProperties": False,
         "anyOf": [{"type": ["object", "string"]}, {"type": "integer"}]}
    rendered = schema.render(_root(a), target)
    closed = {"type": "object", "properties": P, "required": ["p"], "additionalProperties": False}
    assert rendered.wire_schema["properties"]["a"] == {"anyOf": [closed, {"type": "string"}, {"type": "integer"}]}
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)
    wire, orig = jsonschema.Draft202012Validator(rendered.wire_schema), jsonschema.Draft202012Validator(_root(a))
    for value in ("x", "", 1, None, {}, {"p": 1}, {"p": "x"}, {"p": 1, "q": 2}, [], True):
        assert wire.is_valid({"a": value}) == orig.is_valid({"a": value}), value
        assert (rendered.validate({"a": value}) == []) == orig.is_valid({"a": value}), value


def test_the_branch_own_object_keywords_stay_in_its_object_part() -> None:
    a = {"properties": P, "additionalProperties": False,
         "anyOf": [{"type": ["object", "string"], "properties": P, "required": ["p"], "minLength": 2}]}
    rendered = schema.render(_root(a), "anthropic.messages")
    closed = {"type": "object", "properties": P, "required": ["p"], "additionalProperties": False}
    wire = rendered.wire_schema["properties"]["a"]
    assert wire["anyOf"][0] == closed
    assert wire["anyOf"][1]["type"] == "string" and "properties" not in wire["anyOf"][1]
    orig = jsonschema.Draft202012Validator(_root(a))
    for value in ("xy", "x", {"p": 1}, {}, 1):
        assert (rendered.validate({"a": value}) == []) == orig.is_valid({"a": value}), value


def test_a_ref_branch_typed_object_or_string_is_refused_not_narrowed() -> None:
    a = {"properties": P, "additionalProperties": False, "anyOf": [{"$ref": "#/$defs/OS"}]}
    original = {**_root(a), "$defs": {"OS": {"type": ["object", "string"], "properties": P,
                                             "additionalProperties": False}}}
    rendered = schema.render(original, "openai.chat", on_error="report")
    assert ("not-representable", "/properties/a") in [(lint.code, lint.pointer) for lint in rendered.errors]


def test_keywords_of_neither_type_are_left_out_of_both_parts() -> None:
    # ``minLength`` beside an object or an array has no effect (a string keyword)
    a = {"properties": {"b": {"not": {}}}, "required": ["b"], "additionalProperties": False,
         "anyOf": [{"type": ["object", "array"], "items": {"type": "integer"}, "minLength": 1}, {"const": None}]}
    rendered = schema.render(_root(a), "openai.chat")
    assert rendered.wire_schema["properties"]["a"] == {
        "anyOf": [{"type": "array", "items": {"type": "integer"}}, {"const": None, "type": "null"}]}
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)
    orig = jsonschema.Draft202012Validator(_root(a))
    for value in ([], [1], ["x"], None, {}, {"b": 1}, "x"):
        assert (rendered.validate({"a": value}) == []) == orig.is_valid({"a": value}), value


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "bedrock.converse"])
@pytest.mark.parametrize("branch", [{"minItems": 1, "maxItems": 2, "maximum": 0}, {}, True])
def test_a_branch_of_no_type_keeps_its_values_that_are_no_object(target: str, branch: Any) -> None:
    """A branch of no type takes every type; the object keywords beside it pass what is no
    object (fz3 seed 82: the branch was read as an object alone, and an ``enum`` of a
    boolean, a string and an array beside it left no value: ``unsatisfiable``)."""
    a = {"properties": P, "anyOf": [branch], "enum": [False, "", [1.0, 2]]}
    original = _root(a)
    rendered = schema.render(original, target, on_error="report")
    assert "unsatisfiable" not in [lint.code for lint in rendered.lints], rendered.lints
    orig = jsonschema.Draft202012Validator(original)
    for value in (False, "", [1.0, 2]):
        assert orig.is_valid({"a": value}), value
        assert rendered.validate({"a": value}) == [], value


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "bedrock.converse"])
@pytest.mark.parametrize("branch", [True, {}, {"maxLength": 2}, {"minimum": 1}])
def test_a_branch_of_no_type_is_never_read_as_an_object_alone(target: str, branch: Any) -> None:
    """``True`` beside object keywords was the object alone, called lossless: strings,
    numbers, arrays refused. Strict mode cannot send the branch's other values without
    an array's ``items``: refused, never narrowed."""
    a = {"properties": P, "required": ["p"], "additionalProperties": False, "anyOf": [branch, {"type": "integer"}]}
    rendered = schema.render(_root(a), target, on_error="report")
    if rendered.errors or not rendered.lossless:
        return
    wire, orig = jsonschema.Draft202012Validator(rendered.wire_schema), jsonschema.Draft202012Validator(_root(a))
    for value in ("x", "xyz", 1, 1.5, None, True, [], [1], {}, {"p": 1}, {"p": "x"}, {"p": 1, "q": 2}):
        assert wire.is_valid({"a": value}) == orig.is_valid({"a": value}), value


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "bedrock.converse"])
def test_an_object_part_of_no_value_is_left_out_not_unsatisfiable(target: str) -> None:
    # fz6 seeds 373/718 reduced: the object part of the ``["object", "string"]`` branch must
    # hold ``b``, which ``additionalProperties: false`` refuses (core 10.3.2.3): it has no
    # value; the strings and null stay (the array ``[]`` and ``["x"]`` are valid)
    a = {"type": "array", "items": {"properties": P, "required": ["b"], "anyOf": [
        {"type": ["object", "string"], "properties": P, "additionalProperties": False}, {"type": "null"}]}}
    rendered = schema.render(_root(a), target, on_error="report")
    assert not rendered.errors, [(e.code, e.message) for e in rendered.errors]
    assert rendered.wire_schema["properties"]["a"]["items"] == {"anyOf": [{"type": "string"}, {"type": "null"}]}
    wire, orig = jsonschema.Draft202012Validator(rendered.wire_schema), jsonschema.Draft202012Validator(_root(a))
    for value in ([], ["x"], [None], [{}], [{"b": 1}], [{"p": 1}], [1], ["x", {"p": 1, "b": 2}]):
        assert wire.is_valid({"a": value}) == orig.is_valid({"a": value}), value
