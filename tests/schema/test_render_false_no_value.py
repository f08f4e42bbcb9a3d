"""The ``false`` schema and ``{"not": {}}`` are nodes of no value like any other.

``false``, ``not`` of a schema that accepts everything and an empty ``enum`` accept no value (JSON Schema
2020-12 core, §4.3.2 and §10.2.1.4), as ``{"enum": [1], "const": 2}`` does: a parent
``anyOf`` leaves them out, an optional property made required is OpenAI's optional form
("a union type with null", platform.openai.com/docs/guides/structured-outputs) with the
null branch alone, and a ``$defs`` entry nothing names is not sent. The schema accepts
values, so it is never refused for them. Expected wire schemas are pinned from those
rules; verdicts are the ``jsonschema`` package's.
"""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from toolwire import schema

NONE = [False, {"not": {}}, {"not": True, "description": "never"}, {"enum": []}, {"enum": [1], "const": 2}]


def _agrees(original: Any, rendered: Any, answers: Any) -> None:
    wire, orig = jsonschema.Draft202012Validator(rendered.wire_schema), jsonschema.Draft202012Validator(original)
    for answer in answers:
        assert wire.is_valid(answer) == orig.is_valid(answer), answer


@pytest.mark.parametrize("inner", NONE)
def test_a_required_property_of_no_value_leaves_an_optional_object_null_alone(inner: Any) -> None:
    obj = {"type": "object", "properties": {"c": inner}, "required": ["c"], "additionalProperties": False}
    original = {"type": "object", "properties": {"a": obj}, "required": [], "additionalProperties": False}
    rendered = schema.render(original, "openai.chat")
    assert rendered.wire_schema["properties"]["a"] == {"anyOf": [{"type": "null"}]}
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)
    assert rendered.validate({"a": None}) == []  # absent, in OpenAI's optional form
    assert rendered.validate({"a": {"c": 1}}) != []
    orig = jsonschema.Draft202012Validator(original)
    assert orig.is_valid({}) and not orig.is_valid({"a": {}}) and not orig.is_valid({"a": {"c": 1}})


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "gemini"])
@pytest.mark.parametrize("inner", NONE)
def test_an_any_of_branch_naming_a_def_of_no_value_is_left_out(inner: Any, target: str) -> None:
    original = {"type": "object", "properties": {"a": {"anyOf": [{"$ref": "#/$defs/F"}, {"type": "string"}]}},
                "required": ["a"], "additionalProperties": False, "$defs": {"F": inner}}
    rendered = schema.render(original, target)
    assert rendered.wire_schema["properties"]["a"] == {"anyOf": [{"type": "string"}]}
    assert "$defs" not in rendered.wire_schema
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)
    _agrees(original, rendered, [{"a": "x"}, {"a": 1}, {"a": None}])


@pytest.mark.parametrize("inner", NONE)
def test_an_inline_any_of_branch_of_no_value_is_left_out(inner: Any) -> None:
    original = {"type": "object", "properties": {"a": {"anyOf": [inner, {"type": "integer"}]}},
                "required": ["a"], "additionalProperties": False}
    rendered = schema.render(original, "openai.chat")
    assert rendered.wire_schema["properties"]["a"] == {"anyOf": [{"type": "integer"}]}
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)


@pytest.mark.parametrize("inner", NONE)
def test_a_required_property_of_no_value_at_the_root_is_refused(inner: Any) -> None:
    original = {"type": "object", "properties": {"c": inner}, "required": ["c"], "additionalProperties": False}
    rendered = schema.render(original, "openai.chat", on_error="report")
    assert [(lint.code, lint.pointer) for lint in rendered.errors] == [("unsatisfiable", "/properties/c")]


@pytest.mark.parametrize("target", ["anthropic.messages", "bedrock.converse", "gemini"])
@pytest.mark.parametrize("inner", NONE)
def test_an_optional_property_of_no_value_of_a_closed_object_is_left_out(inner: Any, target: str) -> None:
    # where optional properties stay optional: it can only be absent, and the closed object refuses the key
    original = {"type": "object", "properties": {"a": {"$ref": "#/$defs/F"}, "k": {"type": "integer"}},
                "required": ["k"], "additionalProperties": False, "$defs": {"F": inner}}
    rendered = schema.render(original, target)
    assert rendered.wire_schema == {"type": "object", "properties": {"k": {"type": "integer"}}, "required": ["k"],
                                    "additionalProperties": False}
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)
    _agrees(original, rendered, [{"k": 1}, {"k": 1, "a": 1}, {"k": 1, "a": None}, {}])


@pytest.mark.parametrize("target", ["anthropic.messages", "bedrock.converse"])
@pytest.mark.parametrize("inner", NONE)
def test_items_of_no_value_are_moved_as_items_false_where_max_items_is_not_taken(inner: Any, target: str) -> None:
    # as ``items: false`` there (test_render_profile_keywords.py): the empty array cannot be said; reported lossy
    original = {"type": "object", "properties": {"c": {"type": "array", "items": inner}}, "required": ["c"],
                "additionalProperties": False}
    rendered = schema.render(original, target)
    assert rendered.wire_schema["properties"]["c"] == {"type": "array", "description": "{items: false}"}
    assert not rendered.lossless and not rendered.errors, (rendered.report, rendered.lints)
    assert rendered.validate({"c": []}) == [] and rendered.validate({"c": [1]}) != []


@pytest.mark.parametrize("inner", NONE)
def test_an_all_of_with_a_conjunct_of_no_value_has_none(inner: Any) -> None:
    # Anthropic takes allOf: a conjunct of no value leaves the conjunction none, which a parent anyOf leaves out
    original = {"type": "object", "properties": {"e": {"anyOf": [{"allOf": [inner, {"type": "integer"}]},
                                                                 {"type": "string"}]}},
                "required": ["e"], "additionalProperties": False}
    rendered = schema.render(original, "anthropic.messages")
    assert rendered.wire_schema["properties"]["e"] == {"anyOf": [{"type": "string"}]}
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)
    _agrees(original, rendered, [{"e": "x"}, {"e": 1}, {"e": None}])


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "gemini"])
@pytest.mark.parametrize("inner", NONE)
def test_a_property_of_no_value_of_a_node_typed_no_object_is_left_out(inner: Any, target: str) -> None:
    # ``properties`` and ``required`` have no effect on an integer (JSON Schema 2020-12 core 10.3.2)
    original = {"type": "object", "properties": {"d": {"type": "integer", "properties": {"a": inner},
                                                       "required": ["a"]}},
                "required": ["d"], "additionalProperties": False}
    rendered = schema.render(original, target, on_error="report")
    assert "a" not in rendered.wire_schema["properties"]["d"].get("properties", {})
    assert not rendered.errors, rendered.lints
    _agrees(original, rendered, [{"d": 1}, {"d": "x"}, {"d": {}}, {"d": {"a": 1}}])
