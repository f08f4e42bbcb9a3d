"""An array that must be empty where the provider requires ``items`` on every array.

OpenAI strict mode rejects an array with no ``items`` (pydantic-ai's
``OpenAIJsonSchemaTransformer``, /work/shared/reference B.4: "one with no ``items`` and no
``prefixItems``" is rejected) and Gemini's OpenAPI ``Schema`` refuses one ("items:
missing field"). ``maxItems: 0`` (taken by both) already refuses every item, so any
``items`` beside it changes nothing: the array that must be empty (``maxItems: 0``,
``items: false``, items of no value) is sent as ``maxItems: 0`` with a placeholder
``items`` of type string, exact. Verdicts are the ``jsonschema`` package's.
"""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from toolwire import schema

EMPTY = {"type": "array", "maxItems": 0, "items": {"type": "string"}}
ARRAYS = [
    {"type": "array", "maxItems": 0},
    {"type": "array", "items": False},
    {"type": "array", "items": {"enum": [1], "const": 2}},
    {"type": "array", "items": {"anyOf": [{"type": "integer"}], "type": "string"}},
]


@pytest.mark.parametrize("target", ["openai.chat", "openai.responses"])
@pytest.mark.parametrize("array", ARRAYS)
def test_an_array_that_must_be_empty_is_sent_with_items(array: Any, target: str) -> None:
    original = {"type": "object", "properties": {"a": array}, "required": ["a"], "additionalProperties": False}
    rendered = schema.render(original, target)
    assert rendered.wire_schema["properties"]["a"] == EMPTY
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)
    wire, orig = jsonschema.Draft202012Validator(rendered.wire_schema), jsonschema.Draft202012Validator(original)
    for answer in ([], ["x"], [1], [None], "x"):
        assert wire.is_valid({"a": answer}) == orig.is_valid({"a": answer}), answer


@pytest.mark.parametrize("array", ARRAYS[:3])
def test_gemini_openapi_sends_an_array_that_must_be_empty_with_items(array: Any) -> None:
    original = {"type": "object", "properties": {"a": array}, "required": ["a"]}
    rendered = schema.render(original, "gemini.openapi")
    assert rendered.wire_schema["properties"]["a"] == EMPTY
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)


def test_a_nullable_array_that_must_be_empty_keeps_its_null_branch() -> None:
    original = {"type": "object", "properties": {"a": {"type": ["array", "null"], "maxItems": 0}},
                "required": ["a"], "additionalProperties": False}
    rendered = schema.render(original, "openai.chat")
    assert rendered.wire_schema["properties"]["a"] == {"anyOf": [EMPTY, {"type": "null"}]}
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)


def test_an_array_without_items_that_may_hold_some_is_still_refused() -> None:
    original = {"type": "object", "properties": {"a": {"type": "array", "maxItems": 1}}, "required": ["a"],
                "additionalProperties": False}
    rendered = schema.render(original, "openai.chat", on_error="report")
    assert [(lint.code, lint.pointer) for lint in rendered.errors] == [("not-representable", "/properties/a")]


def test_gemini_json_schema_takes_an_array_without_items_as_it_is() -> None:
    original = {"type": "object", "properties": {"a": {"type": "array", "maxItems": 0}}, "required": ["a"],
                "additionalProperties": False}
    assert schema.render(original, "gemini").wire_schema["properties"]["a"] == {"type": "array", "maxItems": 0}
