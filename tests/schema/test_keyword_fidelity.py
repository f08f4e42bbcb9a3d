"""Issue #18: each class of silent disagreement with the reference validator, pinned.

Every accept/reject expectation below is also asserted for ``jsonschema`` (Draft 2020-12,
or draft-07 where the schema says so) through the ``sx`` helpers, then for
``schema.validate``, ``Rendered.validate`` and the model from ``to_pydantic`` (JSON mode).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Set, Tuple

import pytest

from toolwire.schema import normalize, render, to_pydantic, validate
from toolwire.schema._normalize import merge_all_of

DRAFT7 = "http://json-schema.org/draft-07/schema#"


def _model_accepts(model: Any, value: Any) -> bool:
    try:
        model.model_validate_json(json.dumps(value))
    except ValueError:
        return False
    return True


def check(sx: Any, schema: Any, good: List[Any], bad: List[Any]) -> Any:
    """All four validators accept *good* and reject *bad*; returns the model."""
    model = to_pydantic(schema)
    rendered = render(schema, "prompt")
    for value in good:
        sx.ok(schema, value)
        assert rendered.validate(value) == [], value
        assert _model_accepts(model, value), value
    for value in bad:
        sx.bad(schema, value)
        assert rendered.validate(value), value
        assert not _model_accepts(model, value), value
    return model


def actions(model: Any) -> Set[Tuple[str, str, str]]:
    return {(c.pointer, c.keyword, c.action) for c in model.__toolwire_report__}


# -- root-level object keywords next to properties --------------------------------------------
ROOT_KEYWORDS: List[Tuple[str, Dict[str, Any], List[Any], List[Any]]] = [
    ("maxProperties", {"maxProperties": 1}, [{"a": 1}], [{"a": 1, "b": 2}]),
    ("minProperties", {"minProperties": 2}, [{"a": 1, "b": 2}], [{"a": 1}]),
    ("patternProperties", {"patternProperties": {"^x": {"type": "integer"}}}, [{"x1": 1}], [{"x1": "s"}]),
    ("propertyNames", {"propertyNames": {"maxLength": 1}}, [{"a": 1}], [{"long": 1}]),
    ("dependentSchemas", {"dependentSchemas": {"a": {"required": ["b"]}}}, [{"a": 1, "b": 2}], [{"a": 1}]),
]


@pytest.mark.parametrize(("keyword", "extra", "good", "bad"), ROOT_KEYWORDS, ids=[k for k, *_ in ROOT_KEYWORDS])
def test_root_object_keywords_are_enforced_next_to_properties(sx: Any, keyword: str, extra: Any, good: Any, bad: Any) -> None:
    schema = {"type": "object", "properties": {"a": {}}, **extra}
    model = check(sx, schema, good, bad)
    assert ("", keyword, "checked") in actions(model)
    nested = {"type": "object", "properties": {"o": schema}}
    check(sx, nested, [{"o": v} for v in good], [{"o": v} for v in bad])


def test_root_max_properties_example_from_the_issue(sx: Any) -> None:
    model = check(sx, {"properties": {"a": {}}, "maxProperties": 1}, [{"a": 1}], [{"a": 1, "b": 2}])
    assert ("", "maxProperties", "checked") in actions(model)


# -- additionalProperties: false with patternProperties ----------------------------------------------
def test_additional_properties_false_with_pattern_properties_closes_the_object(sx: Any) -> None:
    schema = {
        "type": "object",
        "properties": {"a": {}},
        "patternProperties": {"^x": {"type": "integer"}},
        "additionalProperties": False,
    }
    model = check(sx, schema, [{"a": 1, "x1": 2}, {}], [{"b": 1}, {"x1": "s"}, {"a": 1, "zz": None}])
    report = actions(model)
    assert ("", "additionalProperties", "checked") in report
    assert not any(k == "additionalProperties" and a == "kept" for _, k, a in report)


# -- applicability: object keywords on a node without type ------------------------------------------------
def test_object_keywords_without_type_accept_every_other_json_value(sx: Any) -> None:
    inner = {"properties": {"a": {"type": "integer"}}, "required": ["a"], "additionalProperties": False}
    schema = {"type": "object", "properties": {"v": inner}, "required": ["v"]}
    others = [[], "", 12, None, True, 2.5, ["x"]]
    check(sx, schema, [{"v": v} for v in others] + [{"v": {"a": 1}}], [{"v": {}}, {"v": {"a": 1, "b": 2}}])


def test_a_typeless_object_root_is_reported_as_narrowed(sx: Any) -> None:
    model = to_pydantic({"properties": {"a": {"type": "integer"}}})
    assert ("", "type", "narrowed") in actions(model)
    assert not _model_accepts(model, [])  # what the report says
    assert validate([], {"properties": {"a": {"type": "integer"}}}) == []  # the original accepts it


# -- allOf merges only when exact ---------------------------------------------------------------------------
def test_all_of_does_not_join_if_then_else_of_different_branches(sx: Any) -> None:
    schema = {"allOf": [{"if": {"type": "integer"}, "then": {"minimum": 5}}, {"else": {"type": "string"}}]}
    assert merge_all_of(schema) is None
    check(sx, schema, [None, 7, "s", [1]], [3])


def test_all_of_does_not_lift_prefix_items_next_to_a_parents_items(sx: Any) -> None:
    schema = {"type": "array", "items": {"type": "string"}, "allOf": [{"prefixItems": [{"type": "integer"}]}]}
    assert merge_all_of(schema) is None
    check(sx, schema, [[]], [[1], ["a"]])


def test_all_of_still_merges_when_exact() -> None:
    schema = {"allOf": [{"type": "integer", "minimum": 1}, {"maximum": 5, "minimum": 2}]}
    assert merge_all_of(schema) == {"type": "integer", "minimum": 2, "maximum": 5}


# -- multipleOf ---------------------------------------------------------------------------------------------
def test_multiple_of_with_an_overflowing_float_quotient(sx: Any) -> None:
    check(sx, {"type": "number", "multipleOf": 0.123456789}, [0, 0.123456789 * 2], [1e308])
    check(sx, {"type": "number", "multipleOf": 1e-300}, [1.0], [])  # 1e300 fits: exact enough
    check(sx, {"type": "integer", "multipleOf": 3}, [9, 3e20], [1e20, 10])


# -- $ref to the root with siblings ------------------------------------------------------------------------------
def test_ref_to_the_root_with_siblings(sx: Any) -> None:
    schema = {
        "type": "object",
        "properties": {"child": {"$ref": "#", "maxProperties": 1}, "n": {"type": "integer"}},
    }
    check(sx, schema, [{"child": {"n": 1}}, {"child": {"child": {"n": 2}}}], [{"child": {"n": 1, "child": {}}}, {"child": {"n": "x"}}])
    typeless = {"properties": {"child": {"$ref": "#", "minProperties": 1}}}
    check(sx, typeless, [{"child": {"child": 3}}, {"child": {"x": 1}}], [{"child": {}}, {"child": {"child": {}}}])


# -- $dynamicRef -------------------------------------------------------------------------------------------------------
def test_dynamic_ref_is_enforced(sx: Any) -> None:
    schema = {
        "$dynamicAnchor": "node",
        "type": ["object", "string"],
        "properties": {"kids": {"type": "array", "items": {"$dynamicRef": "#node"}}},
        "maxLength": 2,
    }
    model = check(sx, schema, [{"kids": ["ab", {"kids": []}]}, "ab"], [{"kids": ["abc"]}, {"kids": [{"kids": [1]}]}])
    assert not any(c.keyword == "$dynamicRef" for c in model.__toolwire_report__)
    assert normalize(schema)["properties"]["kids"]["items"] == {"$ref": "#"}


def test_anchor_refs_resolve(sx: Any) -> None:
    schema = {"$defs": {"p": {"$anchor": "pos", "type": "integer", "minimum": 1}}, "type": "array", "items": {"$ref": "#pos"}}
    check(sx, schema, [[1, 2]], [[0], ["a"]])


# -- unevaluated* with their siblings -------------------------------------------------------------------------------------
def test_unevaluated_properties_see_sibling_and_in_place_keywords(sx: Any) -> None:
    schema = {
        "type": "object",
        "properties": {"a": {}},
        "allOf": [{"properties": {"b": {}}}],
        "if": {"properties": {"k": {"const": 1}}, "required": ["k"]},
        "then": {"properties": {"k": {}, "x": {}}},
        "unevaluatedProperties": False,
    }
    model = check(sx, schema, [{"a": 1, "b": 2}, {"k": 1, "x": 2}], [{"c": 1}, {"k": 2}, {"a": 1, "x": 1}])
    assert ("", "unevaluatedProperties", "checked") in actions(model)


def test_unevaluated_items_see_sibling_and_in_place_keywords(sx: Any) -> None:
    schema = {"prefixItems": [{}], "allOf": [{"prefixItems": [{}, {}]}], "unevaluatedItems": False}
    check(sx, schema, [[1, 2], [], "not an array"], [[1, 2, 3]])
    contains = {"contains": {"type": "string"}, "unevaluatedItems": {"type": "integer"}}
    check(sx, contains, [["a", 1, "b"]], [["a", 2.5]])


# -- draft-07 references after normalize ---------------------------------------------------------------------------------
def test_draft7_item_and_definition_refs_follow_the_normal_form(sx: Any) -> None:
    schema = {
        "$schema": DRAFT7,
        "definitions": {"definitions": {"type": "integer"}},
        "properties": {
            "t": {"items": [{"type": "string"}], "additionalItems": {"type": "boolean"}},
            "first": {"$ref": "#/properties/t/items/0"},
            "rest": {"$ref": "#/properties/t/additionalItems"},
            "definitions": {"$ref": "#/definitions/definitions", "maxLength": 0},
            "dep": {"dependencies": {"z": {"required": ["w"]}}},
            "viadep": {"$ref": "#/properties/dep/dependencies/z"},
        },
    }
    props = normalize(schema)["properties"]
    assert props["first"] == {"$ref": "#/properties/t/prefixItems/0"}
    assert props["rest"] == {"$ref": "#/properties/t/items"}
    assert props["definitions"] == {"$ref": "#/$defs/definitions"}  # draft-07 ignores maxLength here
    assert props["viadep"] == {"$ref": "#/properties/dep/dependentSchemas/z"}
    check(
        sx,
        schema,
        [{"first": "x", "rest": True, "definitions": 3, "t": ["a", False], "viadep": {"w": 1}}],
        [{"first": 1}, {"rest": "x"}, {"definitions": "x"}, {"t": ["a", 1]}, {"viadep": {}}],
    )


# -- JSON Pointer escapes -----------------------------------------------------------------------------------------------------
def test_percent_encoded_and_tilde_escaped_pointers_resolve(sx: Any) -> None:
    schema = {
        "$defs": {"a b": {"type": "integer"}, "x~y": {"type": "string"}, "p/q": {"type": "boolean"}, "100%": {"const": 1}},
        "type": "object",
        "properties": {
            "space": {"$ref": "#/$defs/a%20b"},
            "tilde": {"$ref": "#/$defs/x~0y"},
            "slash": {"$ref": "#/$defs/p~1q"},
            "percent": {"$ref": "#/$defs/100%25"},
            "encoded_tilde": {"$ref": "#/$defs/x%7E0y"},
        },
    }
    good = {"space": 1, "tilde": "s", "slash": True, "percent": 1, "encoded_tilde": "t"}
    check(sx, schema, [good], [dict(good, space="x"), dict(good, tilde=1), dict(good, slash=0), dict(good, percent=2), dict(good, encoded_tilde=0)])
