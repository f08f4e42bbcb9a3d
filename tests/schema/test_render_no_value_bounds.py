"""Nodes whose own keywords contradict each other accept no value: sent where a value of
the whole schema needs one, they are ``unsatisfiable`` on every target, never lossless.

Verdicts are the ``jsonschema`` package's (Draft 2020-12 validation: ``minLength`` /
``maxLength`` §6.3.1-2, ``minimum`` / ``maximum`` / the exclusive bounds §6.2.2-5,
``minItems`` / ``maxItems`` §6.4.1-2, ``minProperties`` / ``maxProperties`` /
``required`` §6.5.1-3; core §10.2.1.1 ``allOf``, §10.3.2.3 ``additionalProperties``: a required
name no property or pattern takes must pass it, §10.2.1.3 ``oneOf``: exactly one
branch must match, so two that accept every value match none). Each keyword counts only
for its type: a node whose ``type`` names another type keeps that type's values.
"""

from __future__ import annotations

import itertools
from typing import Any, Dict, List

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolwire import schema

NATIVE_TARGETS = ["openai.chat", "openai.responses", "anthropic.messages", "anthropic.messages.beta", "anthropic.tool",
                  "gemini", "gemini.openapi", "bedrock.converse", "ollama", "vllm"]


def _req(a: Any) -> Dict[str, Any]:
    return {"type": "object", "properties": {"a": a}, "required": ["a"]}


NONE: List[Any] = [
    {"type": "string", "minLength": 3, "maxLength": 2},
    {"type": "integer", "minimum": 3, "maximum": 2},
    {"type": "number", "exclusiveMinimum": 2, "exclusiveMaximum": 2},
    {"type": "number", "minimum": 2, "exclusiveMaximum": 2},
    {"type": "integer", "minimum": 1.5, "maximum": 1.75},
    {"type": "integer", "exclusiveMinimum": 1, "exclusiveMaximum": 2},
    {"type": "array", "minItems": 3, "maxItems": 2},
    {"type": "object", "minProperties": 3, "maxProperties": 2},
    {"type": "object", "required": ["x", "y"], "maxProperties": 1},
    {"allOf": [{"type": "string"}, {"type": "integer"}]},
    {"type": "string", "allOf": [{"type": ["integer", "null"]}]},
    {"allOf": [{"allOf": [{"type": ["boolean", "number"]}]}, {"allOf": [{"type": "null"}]}]},
    {"oneOf": [True, True]},
    {"oneOf": [{}, {"description": "any"}, {"type": "string"}]},
    {"type": ["string", "array"], "minLength": 2, "maxLength": 1, "minItems": 2, "maxItems": 1},
    {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["y"], "additionalProperties": False},
    # an anyOf / oneOf conjunct whose branches share no type with the others (core §10.2.1.2-3)
    {"allOf": [{"type": "string"}, {"anyOf": [{"type": "integer"}, {"type": "boolean"}]}]},
    {"type": "string", "anyOf": [{"type": "integer"}, {"type": "null"}]},
    {"allOf": [{"const": "x"}, {"oneOf": [{"type": "integer"}, {"type": "null"}]}]},
    {"allOf": [{"type": "integer"}, {"anyOf": [{"allOf": [{"type": "string"}]}, {"type": "boolean"}]}]},
    # enums across allOf sharing types but no value (validation §6.1.2)
    {"allOf": [{"enum": ["x", "xy"]}, {"enum": ["xyz", 1]}]},
    {"allOf": [{"type": "string", "enum": ["x", "xy"]}, {"enum": ["xyz", "", 1]}]},
    {"allOf": [{"const": 1}, {"allOf": [{"enum": [1.5, 2]}]}]},
    {"enum": ["x", "xy"], "allOf": [{"enum": ["xy", 1]}, {"const": "x"}]},
    {"allOf": [{"enum": ["x", "xy"]}, {"minLength": 3}]},
    # a required name no patternProperties regex matches (core §10.3.2.2-3: additionalProperties takes it)
    {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["y"], "additionalProperties": False,
     "patternProperties": {"^x": {"type": "integer"}}},
    {"type": "object", "required": ["xa", "y"], "additionalProperties": False,
     "patternProperties": {"^x": {}, "a$": {}, "^Y": {}}},
    # a long name against short patterns: read whole (revV R1 budgets the characters searched)
    {"type": "object", "required": ["customer_identifier_of_the_order"], "additionalProperties": False,
     "patternProperties": {f"^{i}": {} for i in range(20)}},
    # a required name a patternProperties regex of subschema false matches (core §10.3.2.2: never present)
    {"type": "object", "required": ["y"], "additionalProperties": False, "patternProperties": {"^y": False}},
    {"type": "object", "properties": {"x": {}}, "required": ["y"], "additionalProperties": False,
     "patternProperties": {"^y$": {}, "[xy]": False}},
]

SOME: List[Any] = [
    {"type": "string", "minLength": 2, "maxLength": 2},
    {"type": "integer", "minimum": 1.5, "maximum": 2},
    {"type": "number", "minimum": 1.5, "maximum": 1.75},
    {"type": "number", "exclusiveMinimum": 1, "maximum": 1.5},
    {"type": ["string", "null"], "minLength": 3, "maxLength": 2},
    {"minLength": 3, "maxLength": 2},
    {"type": "array", "minItems": 2, "maxItems": 2},
    {"type": "object", "required": ["x"], "maxProperties": 1},
    {"allOf": [{"type": "number"}, {"type": "integer"}]},
    {"allOf": [{"type": ["string", "null"]}, {"type": "null"}]},
    {"allOf": [{"allOf": [{"type": ["integer", "null"]}]}, {"allOf": [{"type": "number"}]}]},
    {"oneOf": [True, {"type": "string"}]},
    {"type": "string", "minimum": 3, "maximum": 2},
    {"type": "object", "properties": {"x": {}}, "required": ["x"], "additionalProperties": False},
    {"type": "object", "required": ["y"], "additionalProperties": False, "patternProperties": {"^y$": {}}},
    {"type": ["object", "null"], "required": ["y"], "additionalProperties": False},
    {"allOf": [{"type": "string"}, {"anyOf": [{"type": "integer"}, {"type": "string"}]}]},
    {"allOf": [{"type": "number"}, {"oneOf": [{"type": "integer"}, {"type": "null"}]}]},
    {"type": "string", "anyOf": [{"type": "null"}, {"type": "string", "maxLength": 1}]},
    {"allOf": [{"anyOf": [{"enum": ["x"]}, {"type": "integer"}]}, {"enum": [1]}]},
    {"allOf": [{"enum": ["x", "xy"]}, {"enum": ["xy", 1]}]},
    {"allOf": [{"enum": [1, "x"]}, {"type": "integer"}]},
    {"allOf": [{"const": 1}, {"allOf": [{"enum": [1.0, 2]}]}]},
    {"allOf": [{"enum": ["x", "xyz"]}, {"minLength": 3}]},
    {"type": "object", "required": ["y"], "additionalProperties": False, "patternProperties": {"^x": {}, "[xy]": {}}},
    {"type": "object", "required": ["y"], "additionalProperties": False, "patternProperties": {"^x": False, "y": {}}},
]

_VALUES: List[Any] = [None, True, 0, 1, 2, 1.5, -1, "", "x", "xy", "xyz", [], [1], [1, 2], {}, {"x": 1},
                      {"x": 1, "y": 2}, {"x": 1, "y": 2, "z": 3}, {"y": 1}]


@pytest.mark.parametrize("node", NONE)
def test_the_nodes_accept_no_value(node: Any) -> None:
    check = jsonschema.Draft202012Validator(node)
    assert not any(check.is_valid(v) for v in _VALUES)


@pytest.mark.parametrize("node", SOME)
def test_the_near_misses_keep_a_value(node: Any) -> None:
    check = jsonschema.Draft202012Validator(node)
    assert any(check.is_valid(v) for v in _VALUES)


@pytest.mark.parametrize("target", NATIVE_TARGETS)
@pytest.mark.parametrize("node", NONE)
def test_a_required_node_of_no_value_is_unsatisfiable(target: str, node: Any) -> None:
    rendered = schema.render(_req(node), target, on_error="report")
    assert "unsatisfiable" in [e.code for e in rendered.errors], rendered.lints
    assert not rendered.lossless
    alone = schema.render(node, target, on_error="report")  # (the root itself)
    assert "unsatisfiable" in [e.code for e in alone.errors], alone.lints


@pytest.mark.parametrize("target", NATIVE_TARGETS)
@pytest.mark.parametrize("node", NONE)
def test_an_optional_node_of_no_value_is_no_error(target: str, node: Any) -> None:
    rendered = schema.render({"type": "object", "properties": {"a": node}}, target, on_error="report")
    assert "unsatisfiable" not in [e.code for e in rendered.errors], rendered.lints


@pytest.mark.parametrize("target", NATIVE_TARGETS)
@pytest.mark.parametrize("node", SOME)
def test_a_node_keeping_a_value_is_not_unsatisfiable(target: str, node: Any) -> None:
    rendered = schema.render(_req(node), target, on_error="report")
    assert "unsatisfiable" not in [x.code for x in rendered.lints], rendered.lints


_STRINGS = ["a" * k for k in range(7)]
_NUMBERS = [k / 4 for k in range(-4, 28)]
_ARRAYS = [[0] * k for k in range(7)]
_OBJECTS = [{f"k{i}": 0 for i in range(k)} for k in range(7)]
_BOUND = st.one_of(st.none(), st.integers(0, 5), st.sampled_from([0.5, 1.5, 2.25, 3.75]))
_KEYS = ["minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems",
         "maxItems", "minProperties", "maxProperties"]
_COUNTS = {"minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"}


@given(kinds=st.lists(st.sampled_from(["string", "integer", "number", "array", "object"]), min_size=1, max_size=3,
                      unique=True),
       bounds=st.fixed_dictionaries({k: _BOUND for k in _KEYS}),
       target=st.sampled_from(["vllm", "gemini", "openai.chat"]))
def test_unsatisfiable_exactly_when_no_value_validates(kinds: List[str], bounds: Dict[str, Any],
                                                       target: str) -> None:
    node: Dict[str, Any] = {"type": kinds if len(kinds) > 1 else kinds[0]}
    for k, v in bounds.items():
        if v is not None and not (k in _COUNTS and not isinstance(v, int)):
            node[k] = v
    check = jsonschema.Draft202012Validator(_req(node))
    # (every length, count and quarter in range: the bounds are at most 5, so one of these is a value if any is)
    some = any(check.is_valid({"a": v}) for v in itertools.chain(_STRINGS, _NUMBERS, _ARRAYS, _OBJECTS))
    rendered = schema.render(_req(node), target, on_error="report")
    unsat = "unsatisfiable" in [e.code for e in rendered.errors]
    assert unsat == (not some), (node, rendered.lints)
