"""``to_pydantic`` in detail: its report, and the cases a mutation sample found untested.

The report (``__toolwire_report__``) is public: it says, per JSON Pointer, which keyword
became a type (``kept``) and which a validator hook (``checked``). It is pinned whole for
one schema using each builder, each line checked against the rules of the module
docstring. Accept/reject expectations are asserted for ``jsonschema``, ``validate``
and the rendered schema too (``test_keyword_fidelity.check``).
"""

from __future__ import annotations

from typing import Any

import pytest
from test_keyword_fidelity import check

from toolwire.schema import to_pydantic

SCHEMA = {
    "type": "object",
    "properties": {
        "no": False,
        "xs": {"type": "array"},
        "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
        "kind": {"enum": ["a", "b"]},
        "n": {"type": "number", "multipleOf": 0.5},
        "meta": {"type": "object", "additionalProperties": {"type": "integer"}},
        "anyv": {"properties": {"k": {"type": "string"}}},
        "ref": {"$ref": "#/$defs/Point"},
        "opt": {"type": ["string", "null"], "default": None},
        "plain": {"type": "string"},
    },
    "required": ["xs"],
    "$defs": {"Point": {"type": "object", "properties": {"x": {"type": "integer"}}}},
}


def test_the_report_names_each_keyword_once_where_it_went() -> None:
    report = [(c.pointer, c.keyword, c.action, c.note) for c in to_pydantic(SCHEMA).__toolwire_report__]
    assert report == [
        ("", "type", "kept", "a model"),  # an object root: a model
        ("/properties/no", "not", "checked", "enforced by a validator hook"),  # false is not {}
        ("/properties/xs", "type", "kept", "a type"),
        ("/properties/tags", "type", "kept", "a type"),
        ("/properties/tags/items", "type", "kept", "a type"),
        ("/properties/tags", "items", "kept", "a typed list"),
        ("/properties/tags", "uniqueItems", "checked", "enforced by a validator hook"),
        ("/properties/kind", "enum", "kept", "a Literal"),
        ("/properties/n", "type", "kept", "a type"),
        ("/properties/n", "multipleOf", "checked", "enforced by a validator hook"),
        ("/properties/meta", "type", "kept", "a type"),
        ("/properties/meta/additionalProperties", "type", "kept", "a type"),
        ("/properties/meta", "additionalProperties", "kept", "a typed dict"),
        ("/properties/anyv/properties/k", "type", "kept", "a type"),
        ("/properties/anyv", "properties", "kept", "model fields"),
        # no ``type``: objects get the model, every other JSON value passes
        ("/properties/anyv", "properties", "kept", "a model for objects; other JSON values pass"),
        ("/$defs/Point", "type", "kept", "a model"),
        ("/$defs/Point/properties/x", "type", "kept", "a type"),
        ("/$defs/Point", "properties", "kept", "model fields"),
        ("/properties/ref", "$ref", "kept", "the shared model Point"),
        ("/properties/opt", "type", "kept", "a union of types"),
        ("/properties/opt", "default", "kept", ""),
        ("/properties/plain", "type", "kept", "a type"),
        ("", "properties", "kept", "model fields"),
        ("", "required", "kept", "required fields"),
    ]


def test_the_models_json_schema_keeps_false_and_defaults_as_written() -> None:
    props = to_pydantic(SCHEMA).model_json_schema()["properties"]
    assert {k: v for k, v in props["no"].items() if k != "title"} == {"not": {}}
    assert props["opt"]["default"] is None  # written in the schema: kept
    assert "default" not in props["plain"]  # optional without a default: none invented


def test_a_false_property_rejects_every_value(sx: Any) -> None:
    schema = {"type": "object", "properties": {"a": False, "b": {"type": "integer"}}}
    check(sx, schema, [{"b": 1}, {}], [{"a": 1}, {"a": None}, {"a": {}}, {"a": False}])


def test_an_array_without_items_takes_any_items(sx: Any) -> None:
    schema = {"type": "object", "properties": {"xs": {"type": "array"}}}
    check(sx, schema, [{"xs": [1, "a", None, {"k": 1}, [2]]}, {"xs": []}], [{"xs": "no"}, {"xs": {}}])


def test_a_typeless_object_node_validates_objects_and_passes_the_rest(sx: Any) -> None:
    schema = {"type": "object", "properties": {"v": {"properties": {"k": {"type": "string"}}, "required": ["k"]}}}
    check(sx, schema, [{"v": {"k": "x"}}, {"v": 3}, {"v": "s"}, {"v": None}, {"v": [1]}],
           [{"v": {"k": 1}}, {"v": {}}])


@pytest.mark.parametrize(
    ("keyword", "bound", "good", "bad"),
    [
        ("maximum", 2.5, [2, -7], [3]),  # an integer <= 2.5 is <= 2
        ("maximum", -1.5, [-2], [-1]),
        ("exclusiveMaximum", 2.5, [2], [3]),  # < 2.5: <= 2, so 2 passes
        ("exclusiveMaximum", -1.5, [-2], [-1]),
        ("minimum", -1.5, [-1, 0], [-2]),  # >= -1.5 is >= -1
        ("exclusiveMinimum", 2.5, [3], [2]),
        ("exclusiveMinimum", -1.5, [-1], [-2]),
        ("maximum", 2.0, [2], [3]),  # an integral float bound is that integer
        ("exclusiveMaximum", 2.0, [1], [2]),
    ],
)
def test_fractional_bounds_of_an_integer_round_inward(sx: Any, keyword: str, bound: float, good: Any,
                                                      bad: Any) -> None:
    schema = {"type": "object", "properties": {"n": {"type": "integer", keyword: bound}}}
    check(sx, schema, [{"n": v} for v in good], [{"n": v} for v in bad])


def test_properties_whose_python_names_collide_stay_apart(sx: Any) -> None:
    schema = {
        "type": "object",
        "properties": {"a-b": {"type": "integer"}, "a_b": {"type": "string"}, "a b": {"type": "boolean"}},
        "required": ["a-b", "a_b", "a b"],
    }
    model = check(sx, schema, [{"a-b": 1, "a_b": "x", "a b": True}], [{"a-b": "x", "a_b": 1, "a b": True}])
    value = model.model_validate({"a-b": 1, "a_b": "x", "a b": True})
    assert value.model_dump(by_alias=True) == {"a-b": 1, "a_b": "x", "a b": True}
    assert len(model.model_fields) == 3


def test_more_builders_in_the_report(sx: Any) -> None:
    schema = {
        "type": "object",
        "properties": {
            "n": {"type": "number", "maximum": 10**400},  # past a float: a check, exact
            "i": {"type": "integer", "multipleOf": 3},  # an integer multiple: a constraint
            "u": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
            "box": {"type": "object", "properties": {"w": {"type": "integer"}}},
        },
    }
    model = check(sx, schema, [{"n": 1.5}, {"i": 6}, {"u": "s"}, {"u": 2}, {"box": {"w": 1}}],
                   [{"n": 10**401}, {"i": 4}, {"u": 1.5}, {"box": "x"}, {"box": {"w": "x"}}])
    assert [(c.pointer, c.keyword, c.action, c.note) for c in model.__toolwire_report__] == [
        ("", "type", "kept", "a model"),
        ("/properties/n", "type", "kept", "a type"),
        ("/properties/n", "maximum", "checked", "enforced by a validator hook"),
        ("/properties/i", "type", "kept", "a type"),
        ("/properties/i", "multipleOf", "kept", ""),
        ("/properties/u/anyOf/0", "type", "kept", "a type"),
        ("/properties/u/anyOf/1", "type", "kept", "a type"),
        ("/properties/u", "anyOf", "kept", "a union"),
        ("/properties/box", "type", "kept", "a model"),
        ("/properties/box/properties/w", "type", "kept", "a type"),
        ("/properties/box", "properties", "kept", "model fields"),
        ("", "properties", "kept", "model fields"),
    ]


def test_a_typeless_node_checks_its_other_keywords_on_other_values(sx: Any) -> None:
    """Object keywords give a model for objects; ``minLength`` and ``minimum`` beside
    them are checked on strings and numbers (and ignored by other values)."""
    schema = {"type": "object", "properties": {
        "v": {"properties": {"k": {"type": "string"}}, "minLength": 2, "minimum": 5}}}
    model = check(sx, schema, [{"v": "ab"}, {"v": 7}, {"v": {"k": "x"}}, {"v": None}],
                   [{"v": "a"}, {"v": 3}, {"v": {"k": 1}}])
    report = {(c.pointer, c.keyword, c.action) for c in model.__toolwire_report__}
    assert {("/properties/v", "minLength", "checked"), ("/properties/v", "minimum", "checked")} <= report


def test_a_typeless_object_root_says_it_narrowed() -> None:
    model = to_pydantic({"properties": {"a": {"type": "string"}}})
    assert [(c.pointer, c.keyword, c.action, c.note) for c in model.__toolwire_report__][0] == (
        "", "type", "narrowed", "a model: the root accepts objects only")


def test_an_object_in_a_type_union_keeps_its_properties(sx: Any) -> None:
    schema = {"type": "object", "properties": {
        "box": {"type": ["object", "null"], "properties": {"w": {"type": "integer"}}, "required": ["w"]},
        "map": {"type": ["object", "string"], "additionalProperties": {"type": "integer"}},
    }}
    model = check(sx, schema, [{"box": {"w": 1}}, {"box": None}, {"map": {"a": 1}}, {"map": "s"}],
                   [{"box": {"w": "x"}}, {"box": {}}, {"box": 3}, {"map": {"a": "x"}}, {"map": 3}])
    assert [(c.pointer, c.keyword, c.action, c.note) for c in model.__toolwire_report__] == [
        ("", "type", "kept", "a model"),
        ("/properties/box", "type", "kept", "a union of types"),
        ("/properties/box/properties/w", "type", "kept", "a type"),
        ("/properties/box", "properties", "kept", "model fields"),  # the object member: a model
        ("/properties/box", "required", "kept", "required fields"),
        ("/properties/map", "type", "kept", "a union of types"),
        ("/properties/map/additionalProperties", "type", "kept", "a type"),
        ("/properties/map", "additionalProperties", "kept", "a typed dict"),
        ("", "properties", "kept", "model fields"),
    ]
