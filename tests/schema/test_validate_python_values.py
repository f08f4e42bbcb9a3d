"""``schema.validate`` on Python values no JSON text gives: a dict key that is no string
(a ``model_dump()`` of a ``Dict[int, ...]``) and NaN / infinity. JSON object names are
strings and JSON has no NaN or infinity (RFC 8259 §4, §6); the validator reports them as
issues (keyword ``type``, with the path), never an ``AttributeError``, and NaN never
passes a bound (Draft 2020-12 validation §6.2: the bounds compare numbers)."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire import schema


@pytest.mark.parametrize(("instance", "sch", "pointer"), [
    ({1: "a"}, {}, ""),
    ({(1, 2): "c"}, {"type": "object"}, ""),
    ({"k": {2: "b"}}, {"type": "object", "additionalProperties": {"type": "object"}}, "/k"),
    ({"a": 1, 2: 3}, {"type": "object", "properties": {"a": {"type": "integer"}}, "unevaluatedProperties": False}, ""),
])
def test_a_key_that_is_no_string_is_an_issue(instance: Any, sch: Any, pointer: str) -> None:
    issues = schema.validate(instance, sch)
    assert [(i.pointer, i.keyword) for i in issues] == [(pointer, "type")]
    assert "key" in issues[0].message


def test_a_rendered_schema_reports_a_key_that_is_no_string() -> None:
    r = schema.render({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}, "openai.chat")
    issues = r.validate({"a": "x", 1: "y"})
    assert [i.keyword for i in issues] == ["type"]


NAN = float("nan")


@pytest.mark.parametrize("sch", [
    {"type": "number", "minimum": 0, "maximum": 10},
    {"minimum": 0},
    {"maximum": 10},
    {"exclusiveMinimum": 0},
    {"exclusiveMaximum": 10},
    {"type": "number"},
])
def test_nan_fails_a_bound_and_the_number_type(sch: Any) -> None:
    assert schema.validate(NAN, sch) != []


@pytest.mark.parametrize("value", [float("inf"), float("-inf")])
def test_infinity_is_no_json_number(value: float) -> None:
    assert [i.keyword for i in schema.validate(value, {"type": "number"})] == ["type"]
    assert schema.validate([value], {"type": "array", "items": {"type": "number"}})[0].pointer == "/0"


def test_finite_numbers_still_pass() -> None:
    assert schema.validate(1.5, {"type": "number", "minimum": 0, "maximum": 10}) == []
    assert schema.validate(3, {"type": "integer", "exclusiveMinimum": 2}) == []
