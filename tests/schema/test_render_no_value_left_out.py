"""A node of no value where its parent keeps a value is left out, never ``unsatisfiable``.

``false``, ``not`` of a schema accepting every value and an empty ``enum`` accept no value
(JSON Schema 2020-12 core §4.3.2, §10.2.1.4, validation §6.1.2). As an optional property of
an object the target does not close the key can only be absent: the property is left out
and said in ``description`` (lossy, as other keywords a target cannot say);
``additionalProperties`` of no value is ``additionalProperties: false`` (core §10.3.2.3:
no other key), an item of ``prefixItems`` of no value caps the array at ``maxItems``
(§10.3.1.1: the array holds no item there).
``docs/structured-output.md`` keeps ``unsatisfiable`` for a node no parent can leave out.
OpenAI's strict mode takes only type/title/description/enum/const/pattern/format on a
string node (openai-java ``JsonSchemaValidator``: "Use of 'properties' is not supported
here."): object keywords on a node typed string have no effect (validation §6.1.1) and
are left out. Verdicts are the ``jsonschema`` package's.
"""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from toolwire import EncodeError, schema

NONE = [False, {"not": {}}, {"not": True}, {"not": {"description": "q"}}, {"enum": []},
        {"type": "string", "minLength": 2, "not": True}, {"allOf": [{"type": "string"}, {"not": {}}]}]


def _obj(extra: Any, **more: Any) -> Any:
    return {"type": "object", "properties": {"s": {"type": "string"}, **extra}, "required": ["s"], **more}


def _accepts(original: Any, answers: Any) -> None:
    check = jsonschema.Draft202012Validator(original)
    for answer in answers:
        assert check.is_valid(answer), answer


@pytest.mark.parametrize("target", ["gemini", "gemini.openapi"])
@pytest.mark.parametrize("inner", NONE)
def test_an_optional_property_of_no_value_of_an_open_object_is_left_out_into_description(
        target: str, inner: Any) -> None:
    original = _obj({"x": inner})
    _accepts(original, [{"s": "a"}])
    rendered = schema.render(original, target)
    wire = rendered.wire_schema
    assert wire["properties"] == {"s": {"type": "string"}} and wire["required"] == ["s"]
    assert '{properties: {"x": false}}' in wire["description"]
    assert not rendered.lossless and not rendered.errors
    assert rendered.validate({"s": "a"}) == [] and rendered.validate({"s": "a", "x": "b"}) != []


def test_gemini_openapi_leaves_it_out_of_a_closed_object_too() -> None:
    original = _obj({"x": {"not": {}}}, additionalProperties=False)  # the OpenAPI Schema cannot close it
    rendered = schema.render(original, "gemini.openapi")
    assert "x" not in rendered.wire_schema["properties"] and not rendered.errors and not rendered.lossless


@pytest.mark.parametrize("inner", [False, {"not": {}}, {"enum": []}])
def test_additional_properties_of_no_value_is_additional_properties_false(inner: Any) -> None:
    original = _obj({}, additionalProperties=inner)
    _accepts(original, [{"s": "a"}])
    rendered = schema.render(original, "gemini")
    assert rendered.wire_schema == {"type": "object", "properties": {"s": {"type": "string"}}, "required": ["s"],
                                    "additionalProperties": False}
    assert rendered.lossless


@pytest.mark.parametrize("inner", [False, {"not": {}}, {"enum": []}])
def test_an_item_of_no_value_caps_the_array_before_it(inner: Any) -> None:
    original = _obj({"x": {"type": "array", "prefixItems": [{"type": "string"}, inner]}})
    _accepts(original, [{"s": "a", "x": ["b"]}, {"s": "a", "x": []}])
    rendered = schema.render(original, "gemini")
    assert rendered.wire_schema["properties"]["x"] == {"type": "array", "prefixItems": [{"type": "string"}],
                                                       "maxItems": 1}
    assert rendered.lossless
    tail = _obj({"x": {"type": "array", "prefixItems": [{"type": "string"}], "items": inner}})
    if inner is False:  # (sent as it is: exact)
        return
    assert schema.render(tail, "gemini").wire_schema["properties"]["x"] == {
        "type": "array", "prefixItems": [{"type": "string"}], "maxItems": 1}


def test_a_required_property_of_no_value_beside_other_types_is_left_out_not_unsatisfiable() -> None:
    inner = {"properties": {"a": False}, "required": ["a"], "anyOf": [{"type": "object"}, {"type": "null"}]}
    original = {"type": "object", "properties": {"v": inner}, "required": ["v"], "additionalProperties": False}
    _accepts(original, [{"v": None}])
    rendered = schema.render(original, "gemini")
    assert not rendered.errors and not rendered.lossless
    assert rendered.validate({"v": None}) == []


def test_a_required_property_of_no_value_of_an_untyped_node_is_left_out_on_strict_targets() -> None:
    inner = {"properties": {"b": False}, "required": ["b"]}  # untyped: "xy" passes
    original = {"type": "object", "properties": {"c": inner}, "required": ["c"], "additionalProperties": False}
    _accepts(original, [{"c": "xy"}])
    rendered = schema.render(original, "anthropic.messages")
    assert not rendered.errors and not rendered.lossless
    assert "b" not in rendered.wire_schema["properties"]["c"]["properties"]
    assert "required" not in rendered.wire_schema["properties"]["c"]


@pytest.mark.parametrize("target", ["vllm", "ollama"])
def test_an_optional_empty_enum_sent_as_it_is_is_a_warning(target: str) -> None:
    original = _obj({"x": {"enum": []}})
    rendered = schema.render(original, target)
    assert not rendered.errors and [x.code for x in rendered.lints] == ["unsatisfiable"]
    with pytest.raises(EncodeError, match="unsatisfiable"):
        schema.render(_obj({"x": {"enum": []}}, required=["s", "x"]), target)


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages"])
@pytest.mark.parametrize("v", [
    {"type": "string", "properties": {"b": {"type": "integer"}}, "required": ["b"]},
    {"type": "string", "properties": {"a": False, "b": {"type": "integer"}}, "required": ["a"],
     "additionalProperties": False},
])
def test_object_keywords_of_a_node_typed_string_are_left_out_on_strict_targets(target: str, v: Any) -> None:
    original = {"type": "object", "properties": {"v": v}, "required": ["v"], "additionalProperties": False}
    rendered = schema.render(original, target)
    assert rendered.wire_schema["properties"]["v"] == {"type": "string"}
    assert rendered.lossless


def test_object_keywords_of_a_node_typed_string_or_null_are_left_out_on_openai() -> None:
    v = {"type": ["string", "null"], "properties": {"a": {"not": {}}}, "required": ["a"], "additionalProperties": False}
    original = {"type": "object", "properties": {"v": v}, "required": ["v"], "additionalProperties": False}
    rendered = schema.render(original, "openai.chat")
    assert rendered.wire_schema["properties"]["v"] == {"type": ["string", "null"]}
    assert rendered.lossless


def test_a_split_type_branch_excluding_a_lone_null_branch_is_left_out_on_gemini_openapi() -> None:
    # ["null", "string"] beside anyOf [null]: null alone passes; the string branch has no value
    v = {"anyOf": [{"type": "null"}], "type": ["null", "string"]}
    original = {"type": "object", "properties": {"c": v}, "required": ["c"], "additionalProperties": False}
    _accepts(original, [{"c": None}])
    assert not jsonschema.Draft202012Validator(original).is_valid({"c": "x"})
    rendered = schema.render(original, "gemini.openapi", on_error="report")
    assert not rendered.errors
    assert rendered.validate({"c": None}) == [] and rendered.validate({"c": "x"}) != []
    assert rendered.wire_schema["properties"]["c"].get("type") != "string"


def test_many_properties_of_no_value_are_said_once_per_object(monkeypatch: Any) -> None:
    # n optional properties of no value in an open object, each required by an untyped node:
    # a note (and a pass over required) per property built n descriptions of up to n notes
    from toolwire.schema import _rewrite_no_values

    built = [0]
    hint = _rewrite_no_values._hint

    def counted(out: Any, hints: Any) -> None:
        hint(out, hints)
        built[0] += len(out.get("description", ""))

    monkeypatch.setattr(_rewrite_no_values, "_hint", counted)

    def cost(n: int) -> int:
        names = [f"p{i}" for i in range(n)]
        inner = {"properties": {k: False for k in names}, "required": names,
                 "anyOf": [{"type": "object"}, {"type": "null"}]}
        built[0] = 0
        rendered = schema.render(_obj({"x": inner}), "gemini", on_error="report")
        assert not rendered.errors
        return built[0]

    assert cost(400) <= 4.5 * cost(100)


@pytest.mark.parametrize("target", ["vllm", "ollama"])
def test_a_required_property_naming_an_empty_enum_def_is_still_an_error(target: str) -> None:
    original = {**_obj({"x": {"$ref": "#/$defs/E"}}, required=["s", "x"]), "$defs": {"E": {"enum": []}}}
    with pytest.raises(EncodeError, match="unsatisfiable"):
        schema.render(original, target)


@pytest.mark.parametrize("target", ["gemini", "gemini.openapi"])
def test_a_property_of_no_value_of_a_string_node_leaves_required_too(target: str) -> None:
    # Gemini refuses a required name that is no property ("property is not defined")
    v = {"type": "string", "properties": {"a": False, "b": {"type": "integer"}}, "required": ["a"]}
    original = {"type": "object", "properties": {"v": v}, "required": ["v"], "additionalProperties": False}
    _accepts(original, [{"v": "x"}])
    wire = schema.render(original, target).wire_schema["properties"]["v"]
    assert "required" not in wire and "a" not in wire.get("properties", {})


def test_object_keywords_of_a_node_typed_string_are_left_out_on_gemini_openapi() -> None:
    # Gemini's Schema: "properties: only allowed for OBJECT type" (anomalyco/opencode#11889)
    v = {"type": "string", "properties": {"b": {"type": "integer"}}, "required": ["b"], "minItems": 1}
    original = {"type": "object", "properties": {"v": v, "n": {"type": "integer", "format": "int64"}},
                "required": ["v", "n"]}
    rendered = schema.render(original, "gemini.openapi")
    assert rendered.wire_schema["properties"] == {"v": {"type": "string"}, "n": {"type": "integer", "format": "int64"}}
    assert rendered.lossless


def test_keywords_of_other_types_of_a_node_typed_string_are_left_out_on_gemini() -> None:
    # Gemini's JSON Schema form: "While the full JSON Schema may be sent, not all features are
    # supported" (GenerationConfig.responseJsonSchema, https://ai.google.dev/api/generate-content,
    # checked 2026-12-06): nothing refused, but a keyword of another type has no effect in JSON
    # Schema (validation §6.1), so it is left out, as on the OpenAPI form, and never reported kept
    v = {"type": "string", "properties": {"b": {"type": "integer"}}, "required": ["b"], "minItems": 1, "maximum": 3}
    original = {"type": "object", "properties": {"v": v, "n": {"type": "integer", "format": "int64"}},
                "required": ["v", "n"]}
    rendered = schema.render(original, "gemini")
    assert rendered.wire_schema["properties"] == {"v": {"type": "string"}, "n": {"type": "integer", "format": "int64"}}
    assert rendered.lossless
    kept = [(c.pointer, c.keyword) for c in rendered.report if c.action == "kept"]
    assert ("/properties/v", "minItems") not in kept and ("/properties/v", "maximum") not in kept
