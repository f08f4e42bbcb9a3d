"""Nodes of no value the render missed (or made up), each held to the ``jsonschema``
package (Draft 2020-12): object keywords pass every non-object (core §10.3.2, validation
§6.5), so a node with ``properties`` and no ``type`` whose object keywords leave no
object keeps every non-object; a ``const`` / ``enum`` value outside the node's ``type``
or bounds is no value (validation §6.1.2-3 beside §6.1.1, §6.2, §6.3); a ``$ref``
beside or inside ``allOf`` is one more conjunct (core §8.2.3.1, §10.2.1.1).
"""

from __future__ import annotations

from typing import Any, Dict, List

import jsonschema
import pytest

from toolwire import schema

NATIVE_TARGETS = ["openai.chat", "openai.responses", "anthropic.messages", "anthropic.messages.beta", "anthropic.tool",
                  "gemini", "gemini.openapi", "bedrock.converse", "ollama", "vllm"]
_VALUES: List[Any] = [None, True, 0, 1, 2, 3, 1.5, "", "a", "xy", [], [1], {}, {"x": 1}, {"a": 1}, {"a": 1, "x": 1},
                      {"x": 1, "y": 2}, {"x": 1, "y": 2, "z": 3}]


def _req(a: Any) -> Dict[str, Any]:
    return {"type": "object", "properties": {"p": a}, "required": ["p"]}


# no type, properties beside object keywords that refuse every object: every non-object passes
TYPELESS_NO_OBJECT: List[Any] = [
    {"properties": {"x": {}}, "required": ["a"], "additionalProperties": False},
    {"properties": {"x": {}}, "minProperties": 3, "maxProperties": 1},
    {"properties": {"x": {}}, "required": ["x", "y"], "maxProperties": 1},
]

# a const / enum no value of the node's type (and bounds) takes
VALUES_OUTSIDE: List[Any] = [
    {"type": "integer", "const": 1.5},
    {"type": "string", "exclusiveMinimum": 1, "const": 1.5},
    {"type": "integer", "enum": ["a"]},
    {"type": "integer", "maximum": 1, "enum": [2, 3]},
    {"type": "string", "minLength": 2, "const": "a"},
    {"type": ["string", "null"], "maxLength": 0, "enum": ["a", 1]},
    {"type": "array", "maxItems": 0, "const": [1]},
    # an anyOf beside the enum whose one branch lists values and the other is of another type than
    # the node's (revV session 39, fz6 seed 2214: served lossless on anthropic, gemini, bedrock)
    {"type": "integer", "enum": [2], "anyOf": [{"type": "array", "items": {"type": "number"}},
                                               {"type": "number", "const": 1}]},
    {"type": "string", "const": "b", "oneOf": [{"type": "object"}, {"enum": ["a", 1]}, {"type": "null"}]},
]

# the near misses: one value fits
VALUES_INSIDE: List[Any] = [
    {"type": "integer", "const": 2.0},
    {"type": "number", "const": 2},
    {"type": "integer", "maximum": 1, "enum": [2, 1]},
    {"type": ["string", "null"], "maxLength": 0, "enum": ["a", None]},
    {"type": "string", "minLength": 2, "const": "xy"},
    {"allOf": [{"anyOf": [{"enum": ["a", 2]}, {"type": "null"}]}], "enum": [2.0, 5]},
    {"allOf": [{"enum": ["a", 2], "nullable": True}], "enum": [2, 7]},
    {"anyOf": [{"enum": ["a"]}, {"type": "integer"}], "enum": [2, 7]},
    {"type": "integer", "enum": [2, 1], "anyOf": [{"type": "array"}, {"type": "number", "const": 1}]},
    {"type": ["integer", "array"], "enum": [2, [1]], "anyOf": [{"type": "array"}, {"const": 1}]},
    {"enum": [2, [1]], "anyOf": [{"type": "array"}, {"const": 1}]},
]

# conjuncts whose values (const / enum within type and bounds) share no type with the others
ALLOF_VALUES: List[Any] = [
    {"allOf": [{"type": ["string", "integer"], "minLength": 2, "enum": [2, True, "a"]}, {"type": ["string", "boolean"]}]},
    {"allOf": [{"enum": [1.5, "a"]}, {"type": ["integer", "boolean"]}]},
    {"allOf": [{"const": None}, {"type": "number", "nullable": False}]},
    # an anyOf whose branches list values or allow null alone: those (fz3 seed 1194: OpenAPI nullable
    # read as such an anyOf, beside the enum of the node)
    {"allOf": [{"enum": ["a", "", 1.0, 2], "nullable": True}], "enum": [1e20]},
    {"allOf": [{"anyOf": [{"enum": ["a", 2]}, {"type": "null"}]}], "const": 3},
    {"allOf": [{"oneOf": [{"const": "a"}, {"const": 2}]}], "enum": [None, 3]},
]

ALLOF_REFS: List[Any] = [
    {"allOf": [{"$ref": "#/$defs/S"}, {"type": "integer"}]},
    {"$ref": "#/$defs/S", "allOf": [{"type": "integer"}]},
    {"allOf": [{"$ref": "#/$defs/R"}, {"type": "integer"}]},  # (through a chain of references)
]


def _with_defs(node: Any) -> Dict[str, Any]:
    return {**_req(node), "$defs": {"S": {"type": "string"}, "R": {"$ref": "#/$defs/S"}, "T": {
        "type": "object", "properties": {"c": {"allOf": [{"$ref": "#/$defs/T"}, {"type": "object"}]}}}}}


@pytest.mark.parametrize("node", TYPELESS_NO_OBJECT)
def test_the_typeless_nodes_keep_every_non_object(node: Any) -> None:
    check = jsonschema.Draft202012Validator(_req(node))
    assert check.is_valid({"p": 1}) and check.is_valid({"p": "a"})
    assert not any(check.is_valid({"p": v}) for v in _VALUES if isinstance(v, dict))


@pytest.mark.parametrize("target", NATIVE_TARGETS)
@pytest.mark.parametrize("node", TYPELESS_NO_OBJECT)
def test_a_typeless_node_of_no_object_is_never_unsatisfiable_nor_an_empty_wire(target: str, node: Any) -> None:
    rendered = schema.render(_req(node), target, on_error="report")
    assert "unsatisfiable" not in [x.code for x in rendered.lints], rendered.lints
    if rendered.errors:  # (strict targets: an untyped node is not representable)
        assert not rendered.lossless
        return
    wire = jsonschema.Draft202012Validator(rendered.wire_schema)
    accepted = [v for v in _VALUES if wire.is_valid({"p": v}) or wire.is_valid({"result": {"p": v}})]
    assert accepted, rendered.wire_schema  # (the original accepts every non-object)
    if rendered.lossless:
        check = jsonschema.Draft202012Validator(_req(node))
        assert all(check.is_valid({"p": v}) for v in accepted), rendered.wire_schema


@pytest.mark.parametrize("target", NATIVE_TARGETS)
@pytest.mark.parametrize("node", TYPELESS_NO_OBJECT)
def test_a_typeless_root_of_no_object_is_never_an_empty_wire(target: str, node: Any) -> None:
    rendered = schema.render(node, target, on_error="report")
    assert "unsatisfiable" not in [x.code for x in rendered.lints], rendered.lints
    if not rendered.errors:
        wire = jsonschema.Draft202012Validator(rendered.wire_schema)
        assert any(wire.is_valid(v) or wire.is_valid({"result": v}) for v in _VALUES), rendered.wire_schema


@pytest.mark.parametrize("node", VALUES_OUTSIDE)
def test_the_values_outside_accept_nothing(node: Any) -> None:
    check = jsonschema.Draft202012Validator(node)
    assert not any(check.is_valid(v) for v in [*_VALUES, [2], "ab"])


@pytest.mark.parametrize("node", VALUES_INSIDE)
def test_the_values_inside_keep_one(node: Any) -> None:
    check = jsonschema.Draft202012Validator(node)
    assert any(check.is_valid(v) for v in [*_VALUES, 2.0])


@pytest.mark.parametrize("target", NATIVE_TARGETS)
@pytest.mark.parametrize("node", VALUES_OUTSIDE)
def test_a_required_value_outside_is_unsatisfiable_on_every_target(target: str, node: Any) -> None:
    rendered = schema.render(_req(node), target, on_error="report")
    assert "unsatisfiable" in [e.code for e in rendered.errors], rendered.lints
    assert not rendered.lossless
    optional = schema.render({"type": "object", "properties": {"p": node}}, target, on_error="report")
    assert "unsatisfiable" not in [x.code for x in optional.lints], optional.lints


@pytest.mark.parametrize("target", NATIVE_TARGETS)
@pytest.mark.parametrize("node", VALUES_INSIDE)
def test_a_value_inside_is_not_unsatisfiable(target: str, node: Any) -> None:
    rendered = schema.render(_req(node), target, on_error="report")
    assert "unsatisfiable" not in [x.code for x in rendered.lints], rendered.lints


@pytest.mark.parametrize("node", ALLOF_REFS + ALLOF_VALUES)
def test_the_referenced_conjuncts_accept_nothing(node: Any) -> None:
    check = jsonschema.Draft202012Validator(_with_defs(node))
    assert not any(check.is_valid({"p": v}) for v in _VALUES)


@pytest.mark.parametrize("target", NATIVE_TARGETS)
@pytest.mark.parametrize("node", ALLOF_REFS + ALLOF_VALUES)
def test_a_referenced_conjunct_of_another_type_is_unsatisfiable(target: str, node: Any) -> None:
    rendered = schema.render(_with_defs(node), target, on_error="report")
    assert "unsatisfiable" in [e.code for e in rendered.errors], rendered.lints
    assert not rendered.lossless


@pytest.mark.parametrize("target", NATIVE_TARGETS)
def test_a_recursive_referenced_conjunct_keeps_a_value(target: str) -> None:
    s = _with_defs({"$ref": "#/$defs/T"})
    assert jsonschema.Draft202012Validator(s).is_valid({"p": {"c": {}}})
    rendered = schema.render(s, target, on_error="report")
    assert "unsatisfiable" not in [x.code for x in rendered.lints], rendered.lints


def test_gemini_a_required_name_only_a_dropped_pattern_takes_is_not_representable() -> None:
    # Gemini's schema takes no patternProperties (left out, a warning): beside
    # additionalProperties: false, the wire then refuses every object, as strict mode does
    node = {"type": "object", "required": ["a"], "additionalProperties": False,
            "patternProperties": {"^a$": {"type": "integer"}}}
    assert jsonschema.Draft202012Validator(_req(node)).is_valid({"p": {"a": 1}})
    rendered = schema.render(_req(node), "gemini", on_error="report")
    assert "not-representable" in [e.code for e in rendered.errors], rendered.lints
    assert not rendered.lossless


_PP_OBJECTS: List[Any] = [{}, {"ab": 1}, {"ab": "s"}, {"ab": "s", "q": 1}, {"q": 1}, {"q": "s"}]


@pytest.mark.parametrize("extra", [{"type": "integer"}, {"type": "object", "properties": {"z": {"type": "integer"}}}])
def test_gemini_widens_an_additional_properties_schema_beside_a_dropped_pattern(extra: Any) -> None:
    # revV2 (session 39) 3: with patternProperties left out, an additionalProperties schema
    # held the keys the regexes took: the wire took only the invalid {"ab": 1} and refused
    # the valid {"ab": "s"}; true is sent in its place (a widening, reported)
    node = {"type": "object", "patternProperties": {"^a": {"type": "string"}}, "additionalProperties": extra,
            "required": ["ab"]}
    checker = jsonschema.Draft202012Validator(_req(node))
    assert checker.is_valid({"p": {"ab": "s"}}) and not checker.is_valid({"p": {"ab": 1}})
    rendered = schema.render(_req(node), "gemini", on_error="report")
    assert not rendered.errors and not rendered.lossless, rendered.lints
    wire = rendered.wire_schema["properties"]["p"]
    assert wire["additionalProperties"] is True and "patternProperties" not in wire
    changes = {(c.pointer, c.keyword, c.action) for c in rendered.report}
    assert {("/properties/p", "patternProperties", "unsupported"),
            ("/properties/p", "additionalProperties", "unsupported")} <= changes
    sent = jsonschema.Draft202012Validator(rendered.wire_schema)
    for value in _PP_OBJECTS:  # nothing valid refused
        assert sent.is_valid({"p": value}) or not checker.is_valid({"p": value}), value


# no type: each const / enum value is held to the bounds of its own JSON type (validation
# §6.2, §6.3 apply to numbers, strings only), and fails them
TYPELESS_VALUES_OUTSIDE: List[Any] = [
    {"minimum": 5, "const": 1},
    {"minimum": 5, "enum": [1, 2]},
    {"maxLength": 1, "const": "abc"},
    {"maximum": 1.0, "maxLength": 2, "const": 2},
    {"minLength": 2, "exclusiveMaximum": 0, "enum": ["a", 0, 1.5]},
]

# the near misses: a bound of another type does not constrain a value
TYPELESS_VALUES_INSIDE: List[Any] = [
    {"minimum": 5, "const": "a"},
    {"maxLength": 1, "enum": ["abc", 7]},
    {"minimum": 5, "maxLength": 0, "enum": [1, None]},
]


@pytest.mark.parametrize("node", TYPELESS_VALUES_OUTSIDE)
def test_the_typeless_values_outside_accept_nothing(node: Any) -> None:
    check = jsonschema.Draft202012Validator(node)
    assert not any(check.is_valid(v) for v in [*_VALUES, *node.get("enum", []), node.get("const")])


@pytest.mark.parametrize("node", TYPELESS_VALUES_INSIDE)
def test_the_typeless_values_inside_keep_one(node: Any) -> None:
    check = jsonschema.Draft202012Validator(node)
    assert any(check.is_valid(v) for v in node.get("enum", [node.get("const")]))


@pytest.mark.parametrize("target", NATIVE_TARGETS)
@pytest.mark.parametrize("node", TYPELESS_VALUES_OUTSIDE)
def test_a_required_typeless_value_outside_is_unsatisfiable_on_every_target(target: str, node: Any) -> None:
    rendered = schema.render(_req(node), target, on_error="report")
    assert "unsatisfiable" in [e.code for e in rendered.errors], rendered.lints
    assert not rendered.lossless


@pytest.mark.parametrize("target", NATIVE_TARGETS)
@pytest.mark.parametrize("node", TYPELESS_VALUES_INSIDE)
def test_a_typeless_value_inside_is_not_unsatisfiable(target: str, node: Any) -> None:
    rendered = schema.render(_req(node), target, on_error="report")
    assert "unsatisfiable" not in [x.code for x in rendered.lints], rendered.lints


# a typeless conjunct whose object keywords refuse every object (a required name that
# additionalProperties: false refuses, core §10.3.2.3) leaves every type but object: beside
# type object, no value
_NO_OBJECT = {"properties": {"a": {"type": "integer"}}, "required": ["b"], "additionalProperties": False}
ALLOF_NO_OBJECT: List[Any] = [
    {"allOf": [{"$ref": "#/$defs/N"}], "type": "object"},
    {"$ref": "#/$defs/N", "type": "object"},
    {"allOf": [{"$ref": "#/$defs/N"}, {"type": "object"}]},
    {"allOf": [_NO_OBJECT, {"type": "object", "properties": {"b": {}}}]},
]
# the near misses: a type beside object, or a conjunct that keeps an object
ALLOF_SOME_OBJECT: List[Any] = [
    {"allOf": [{"$ref": "#/$defs/N"}], "type": ["object", "string"]},
    {"allOf": [{"$ref": "#/$defs/M"}], "type": "object"},
]


def _with_no_object(node: Any) -> Dict[str, Any]:
    return {**_req(node), "$defs": {"N": _NO_OBJECT, "M": {**_NO_OBJECT, "required": ["a"]}}}


@pytest.mark.parametrize("node", ALLOF_NO_OBJECT)
def test_the_conjuncts_of_no_object_accept_nothing(node: Any) -> None:
    check = jsonschema.Draft202012Validator(_with_no_object(node))
    assert not any(check.is_valid({"p": v}) for v in [*_VALUES, {"b": 1}, {"a": 1, "b": 1}])


@pytest.mark.parametrize("node", ALLOF_SOME_OBJECT)
def test_the_conjuncts_of_some_object_keep_a_value(node: Any) -> None:
    check = jsonschema.Draft202012Validator(_with_no_object(node))
    assert any(check.is_valid({"p": v}) for v in _VALUES)


@pytest.mark.parametrize("target", NATIVE_TARGETS)
@pytest.mark.parametrize("node", ALLOF_NO_OBJECT)
def test_a_typed_object_beside_a_conjunct_of_no_object_is_unsatisfiable(target: str, node: Any) -> None:
    rendered = schema.render(_with_no_object(node), target, on_error="report")
    assert "unsatisfiable" in [e.code for e in rendered.errors], rendered.lints
    assert not rendered.lossless


@pytest.mark.parametrize("target", NATIVE_TARGETS)
@pytest.mark.parametrize("node", ALLOF_SOME_OBJECT)
def test_a_conjunct_of_some_object_is_not_unsatisfiable(target: str, node: Any) -> None:
    rendered = schema.render(_with_no_object(node), target, on_error="report")
    assert "unsatisfiable" not in [x.code for x in rendered.lints], rendered.lints
