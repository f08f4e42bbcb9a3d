"""Objects no value can satisfy are reported, never sent (session 44).

- ``minProperties`` above the count of keys a closed object allows (``additionalProperties:
  false``, no ``patternProperties``; a property of subschema ``false`` counts none): JSON
  Schema 2020-12 validation §6.5.2 beside core §10.3.2.3. Gemini's ``response_json_schema``
  does not list ``minProperties`` (reference/structured-output.md §C.2), so it went into the
  description and the object was served with no error.
- a ``patternProperties`` entry of no value whose regex matches a required name (core
  §10.3.2.2: that key's value must pass it): vLLM and Ollama said ``unsatisfiable``; the
  targets that leave ``patternProperties`` out (Gemini among them) served the object.

Verdicts are the ``jsonschema`` package's (Draft 2020-12).
"""

from __future__ import annotations

from typing import Any, Dict

import jsonschema
import pytest

from toolwire.schema import render, targets

ALL = sorted(t for t in targets() if t != "prompt")
CLOSED_TWO = {"type": "object", "properties": {"a": {"type": "integer"}}, "additionalProperties": False,
              "minProperties": 2}
CLOSED_FALSE = {"type": "object", "properties": {"a": {"type": "integer"}, "b": False},
                "additionalProperties": False, "minProperties": 2}


def _none_of(schema: Dict[str, Any], *values: Any) -> None:
    check = jsonschema.Draft202012Validator(schema)
    assert not any(check.is_valid(v) for v in values)


@pytest.mark.parametrize("target", ALL)
@pytest.mark.parametrize("schema", [CLOSED_TWO, CLOSED_FALSE])
def test_min_properties_past_a_closed_object_is_unsatisfiable(target: str, schema: Dict[str, Any]) -> None:
    _none_of(schema, {}, {"a": 1}, {"a": 1, "b": 2}, {"a": 1, "c": 2})
    rendered = render(schema, target, on_error="report")
    assert "unsatisfiable" in [e.code for e in rendered.errors], (target, rendered.lints)
    required = {"type": "object", "properties": {"x": schema}, "required": ["x"]}
    assert "unsatisfiable" in [e.code for e in render(required, target, on_error="report").errors]


SATISFIABLE = [
    {"type": "object", "properties": {"a": {"type": "integer"}}, "additionalProperties": False, "minProperties": 1},
    {"type": "object", "properties": {"a": {"type": "integer"}}, "minProperties": 2},
    {"type": "object", "properties": {"a": {"type": "integer"}}, "additionalProperties": {"type": "integer"},
     "minProperties": 2},
    {"type": "object", "properties": {"a": {"type": "integer"}}, "patternProperties": {"^x": {"type": "integer"}},
     "additionalProperties": False, "minProperties": 2},
    {"properties": {"a": {"type": "integer"}}, "additionalProperties": False, "minProperties": 2},  # (any non-object)
]


@pytest.mark.parametrize("target", ALL)
@pytest.mark.parametrize("schema", SATISFIABLE)
def test_min_properties_an_object_can_meet_is_no_error(target: str, schema: Dict[str, Any]) -> None:
    rendered = render(schema, target, on_error="report")
    assert "unsatisfiable" not in [e.code for e in rendered.errors], (target, rendered.lints)


BARRED = [
    {"type": "object", "properties": {"ab": {"type": "string"}}, "patternProperties": {"^a": {"enum": []}},
     "required": ["ab"]},
    {"type": "object", "properties": {"ab": {"type": "string"}}, "patternProperties": {"^a": {"not": {}}},
     "required": ["ab"]},
    {"type": "object", "properties": {"ab": {"type": "string"}},
     "patternProperties": {"^a": {"type": "string", "minLength": 3, "maxLength": 1}}, "required": ["ab"]},
    {"type": "object", "patternProperties": {"^a": {"enum": []}}, "required": ["ab"]},
]


@pytest.mark.parametrize("target", ALL)
@pytest.mark.parametrize("schema", BARRED)
def test_a_required_name_a_pattern_of_no_value_matches_is_unsatisfiable(target: str, schema: Dict[str, Any]) -> None:
    _none_of(schema, {}, {"ab": "x"}, {"ab": "xyz"}, {"ab": 1})
    rendered = render(schema, target, on_error="report")
    codes = [e.code for e in rendered.errors]
    if "properties" not in schema and target not in ("gemini", "vllm", "ollama"):  # (gemini.openapi too)
        # (a free-form object: strict mode and the OpenAPI form refuse it before its keywords are read)
        assert "not-representable" in codes, (target, rendered.lints)
    else:
        assert "unsatisfiable" in codes, (target, rendered.lints)


def test_gemini_leaves_out_an_optional_object_a_pattern_of_no_value_bars() -> None:
    inner = {"type": "object", "properties": {"ab": {"type": "string"}}, "patternProperties": {"^a": {"enum": []}},
             "required": ["ab"]}
    rendered = render({"type": "object", "properties": {"x": inner, "y": {"type": "integer"}}}, "gemini",
                      on_error="report")
    assert not rendered.errors
    assert "x" not in rendered.wire_schema["properties"]
    assert rendered.validate({"x": {"ab": "s"}}) != [] and rendered.validate({"y": 1}) == []


OPEN = [
    {"type": "object", "properties": {"ab": {"type": "string"}}, "patternProperties": {"^z": {"enum": []}},
     "required": ["ab"]},
    {"type": "object", "properties": {"ab": {"type": "string"}}, "patternProperties": {"^a": {"enum": []}}},
    {"type": "object", "properties": {"ab": {"type": "string"}}, "patternProperties": {"^a": {"minLength": 1}},
     "required": ["ab"]},
]


@pytest.mark.parametrize("target", ALL)
@pytest.mark.parametrize("schema", OPEN)
def test_a_pattern_of_no_value_no_required_name_meets_is_no_error(target: str, schema: Dict[str, Any]) -> None:
    rendered = render(schema, target, on_error="report")
    assert "unsatisfiable" not in [e.code for e in rendered.errors], (target, rendered.lints)
