"""``maps="pairs"`` sends an ``additionalProperties: {schema}`` map as an array of
``{key, value}`` records. Beside a branch that takes an array (``"type": ["object",
"array"]``, an ``anyOf`` of both, also through ``$ref`` or a nested ``anyOf``), the wire
schema has two array branches and an array answer could mean either: a list of
``{key, value}`` records the original takes as a list came back as a map, reported
lossless, and ``[]`` is the empty map and the empty list alike. Such a node is refused
as not representable, as ``free_form="string"`` refuses a string answer that could be
read two ways (docs/structured-output.md, render options)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import EncodeError
from toolwire.schema import render

REC = {"type": "object", "properties": {"key": {"type": "string"}, "value": {"type": "integer"}},
       "required": ["key", "value"]}
MAP = {"type": "object", "additionalProperties": {"type": "integer"}}


def _holding(m: Any, **extra: Any) -> Dict[str, Any]:
    return {"type": "object", "required": ["m"], "properties": {"m": m}, **extra}


TYPE_ARRAY = _holding({"type": ["object", "array"], "additionalProperties": {"type": "integer"}, "items": REC})
ANY_OF = _holding({"anyOf": [MAP, {"type": "array", "items": REC}]})
ARRAY_FIRST = _holding({"anyOf": [{"type": "array", "items": REC}, MAP]})
OF_STRINGS = _holding({"anyOf": [MAP, {"type": "array", "items": {"type": "string"}}]})
THROUGH_REF = _holding({"anyOf": [{"$ref": "#/$defs/m"}, {"anyOf": [{"$ref": "#/$defs/list"}, {"type": "null"}]}]},
                       **{"$defs": {"m": MAP, "list": {"type": "array", "items": REC}}})
CASES = [TYPE_ARRAY, ANY_OF, ARRAY_FIRST, OF_STRINGS, THROUGH_REF]
IDS = ["type-array", "anyOf", "array-first", "array-of-strings", "through-ref"]
MESSAGE = ("a map sent as [{key, value}] pairs beside a branch that takes an array: an array answer could be "
           "either; use strict=False or prompt mode")


@pytest.mark.parametrize("schema", CASES, ids=IDS)
@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "bedrock.converse"])
def test_a_map_as_pairs_beside_an_array_is_not_representable(schema: Dict[str, Any], target: str) -> None:
    r = render(schema, target, maps="pairs", on_error="report")
    assert [(lint.code, lint.pointer, lint.message) for lint in r.errors] == [
        ("not-representable", "/properties/m", MESSAGE)]
    assert not r.lossless
    with pytest.raises(EncodeError):
        render(schema, target, maps="pairs")


def test_the_array_answer_is_no_longer_turned_into_a_map_unseen() -> None:
    """The reproducer: the model's list of records came back as a dict, lossless."""
    r = render(TYPE_ARRAY, "openai.chat", maps="pairs", on_error="report")
    assert r.errors and not r.lossless


def test_a_map_as_pairs_beside_other_types_still_travels_as_pairs() -> None:
    schema = _holding({"type": ["object", "string"], "additionalProperties": {"type": "integer"}})
    r = render(schema, "openai.chat", maps="pairs")
    assert not r.errors
    pairs = {"type": "array", "items": {"type": "object", "properties": {"key": {"type": "string"},
                                                                         "value": {"type": "integer"}},
                                        "required": ["key", "value"], "additionalProperties": False}}
    assert r.wire_schema["properties"]["m"] == {"anyOf": [pairs, {"type": "string"}]}
    assert r.decode({"m": [{"key": "a", "value": 1}]}) == {"m": {"a": 1}}
    assert r.decode({"m": "x"}) == {"m": "x"}


def test_two_maps_beside_no_array_are_left_alone() -> None:
    """Two pairs branches are two maps: either reading gives a map (the free-form
    check's rule: two of the sent kind alone are no ambiguity with another kind)."""
    schema = _holding({"anyOf": [MAP, {"type": "object", "additionalProperties": {"type": "string"}}]})
    r = render(schema, "openai.chat", maps="pairs", on_error="report")
    assert not r.errors
