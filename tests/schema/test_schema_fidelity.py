"""reference/structured-output.md §H.1: converter / validation fidelity, C01-C37.

Expectations come from the reference table; every accept/reject expectation is also
checked with the ``jsonschema`` package (see conftest)."""

from __future__ import annotations

import copy
import json
import socket
from typing import Any

import pytest
from pydantic import ValidationError

from toolwire._errors import DecodeError, EncodeError
from toolwire.schema import normalize, prompt, render, to_pydantic, validate
from toolwire.schema._report import LOSSY_ACTIONS


def wire_prop(r: Any, name: str) -> Any:
    return r.wire_schema["properties"][name]


def lossy_keywords(r: Any) -> set:
    return {(c.pointer, c.keyword) for c in r.report if c.action in LOSSY_ACTIONS}


def view_rejects(model: Any, value: Any) -> None:
    with pytest.raises(ValidationError):
        model.model_validate(value)


# C01 -------------------------------------------------------------------------------
KINDS = {"type": "array", "items": {"type": "string", "enum": ["A", "B"]}}


def test_h1_01_enum_in_array_items_of_nested_object(sx: Any) -> None:
    flat = sx.obj({"kinds": KINDS}, ["kinds"])
    nested = sx.obj({"order": sx.obj({"kinds": KINDS}, ["kinds"])}, ["order"])
    sx.bad(flat, {"kinds": ["Z"]}, keyword="enum")
    sx.ok(flat, {"kinds": ["A"]})
    sx.bad(nested, {"order": {"kinds": ["Z"]}}, keyword="enum")
    sx.ok(nested, {"order": {"kinds": ["A", "B"]}})
    for schema, path in ((flat, ["kinds"]), (nested, ["order", "kinds"])):
        for target in sx.NATIVE_TARGETS:
            node = render(schema, target).wire_schema
            for name in path:
                node = node["properties"][name]
            assert node["items"]["enum"] == ["A", "B"], target
        view = to_pydantic(schema)
        js = view.model_json_schema()
        items = js["properties"]["kinds"]["items"] if schema is flat else None
        if items is not None:
            assert items["enum"] == ["A", "B"]
        sample = {"kinds": ["Z"]} if schema is flat else {"order": {"kinds": ["Z"]}}
        view_rejects(view, sample)
        good = {"kinds": ["A"]} if schema is flat else {"order": {"kinds": ["A"]}}
        assert view.model_validate(good).model_dump() == good


# C02 / C03 ------------------------------------------------------------------------------
def test_h1_02_nullable_enum_with_null_member_renders_typed_branches(sx: Any) -> None:
    s = sx.obj({"t": {"type": ["string", "null"], "enum": ["x", "y", None]}})
    sx.ok(s, {"t": None})
    sx.bad(s, {"t": "q"}, keyword="enum")
    expected = {"anyOf": [{"type": "string", "enum": ["x", "y"]}, {"type": "null"}]}
    for target in ("openai.chat", "bedrock.converse"):
        assert wire_prop(render(s, target), "t") == expected, target
        for _, node in sx.subschemas(render(s, target).wire_schema):
            if isinstance(node, dict) and "enum" in node:
                assert "type" in node, "a type-less enum branch was emitted"
    view = to_pydantic(s)
    assert view.model_validate({"t": None}).t is None  # type: ignore[attr-defined]
    view_rejects(view, {"t": "q"})


def test_h1_03_type_allows_null_but_enum_does_not(sx: Any) -> None:
    s = sx.obj({"t": {"type": ["string", "null"], "enum": ["x", "y"]}})
    sx.bad(s, {"t": None}, keyword="enum")
    sx.ok(s, {"t": "x"})
    r = render(s, "bedrock.converse")
    assert any(lint.code == "enum-excludes-null" for lint in r.lints)
    assert wire_prop(r, "t") == {"type": "string", "enum": ["x", "y"]}
    view_rejects(to_pydantic(s), {"t": None})
    # openai's required-all shim adds a null branch for *absence*, mapped back and rejected
    ro = render(s, "openai.chat")
    assert ro.decode({"t": None}) == {}
    assert ro.validate({"t": "q"})


# C04 ------------------------------------------------------------------------------------
def test_h1_04_const_kept_or_rewritten_as_typed_enum(sx: Any) -> None:
    s = sx.obj({"k": {"const": "fixed"}}, ["k"])
    sx.bad(s, {"k": "other"}, keyword="const")
    sx.ok(s, {"k": "fixed"})
    # OpenAI strict mode refuses a node without "type" (§B.2): the const is typed there
    assert wire_prop(render(s, "openai.chat"), "k") == {"const": "fixed", "type": "string"}
    assert wire_prop(render(s, "anthropic.messages"), "k") == {"const": "fixed"}
    assert wire_prop(render(s, "gemini.openapi"), "k") == {"type": "string", "enum": ["fixed"]}
    n = sx.obj({"k": {"const": 3}}, ["k"])
    r = render(n, "gemini.openapi", on_error="report")  # google-genai Schema.enum is list[str]
    assert wire_prop(r, "k") == {"type": "integer", "enum": [3]}
    assert [x.code for x in r.errors] == ["unsupported-enum"]
    view_rejects(to_pydantic(s), {"k": "other"})


# C05 / C06 --------------------------------------------------------------------------------
def test_h1_05_mixed_enum_rejects_true_for_one(sx: Any) -> None:
    s = sx.obj({"b": {"enum": [1, "one"]}}, ["b"])
    sx.bad(s, {"b": True}, keyword="enum")
    sx.ok(s, {"b": 1})
    sx.ok(s, {"b": 1.0})
    sx.ok(s, {"b": "one"})
    view = to_pydantic(s)
    view_rejects(view, {"b": True})
    assert view.model_validate({"b": 1.0}).b == 1  # type: ignore[attr-defined]


def test_h1_06_integer_accepts_integral_float_only(sx: Any) -> None:
    s = sx.obj({"n": {"type": "integer"}}, ["n"])
    sx.ok(s, {"n": 3.0})
    sx.bad(s, {"n": "3"}, keyword="type")
    sx.bad(s, {"n": True}, keyword="type")
    sx.bad(s, {"n": 3.5}, keyword="type")
    view = to_pydantic(s)
    assert view.model_validate({"n": 3.0}).n == 3  # type: ignore[attr-defined]
    for value in ("3", True, 3.5):
        view_rejects(view, {"n": value})


# C07 ------------------------------------------------------------------------------------
def test_h1_07_integer_bounds_kept_moved_or_enumerated(sx: Any) -> None:
    s = sx.obj({"n": {"type": "integer", "minimum": 1, "maximum": 5}}, ["n"])
    sx.bad(s, {"n": 9}, keyword="maximum")
    for target in sx.ALL_TARGETS:
        assert render(s, target).validate({"n": 9}), target
    assert wire_prop(render(s, "openai.chat"), "n") == {"type": "integer", "minimum": 1, "maximum": 5}
    for target in ("anthropic.messages", "bedrock.converse"):
        r = render(s, target)
        node = wire_prop(r, "n")
        assert "minimum" not in node and "maximum" not in node
        assert "minimum" in node["description"] and "maximum" in node["description"]
        assert not r.lossless
        assert ("/properties/n", "minimum") in lossy_keywords(r)
    r = render(s, "bedrock.converse", int_range_as_enum=24)
    assert wire_prop(r, "n") == {"type": "integer", "enum": [1, 2, 3, 4, 5]}
    assert r.lossless
    wide = sx.obj({"n": {"type": "integer", "minimum": 0, "maximum": 1_000_000}}, ["n"])
    node = wire_prop(render(wide, "openai.chat", int_range_as_enum=24), "n")
    assert "enum" not in node and node["type"] == "integer"
    view_rejects(to_pydantic(s), {"n": 9})


# C08 -------------------------------------------------------------------------------------
def test_h1_08_exclusive_bounds_and_draft04_form(sx: Any) -> None:
    s = sx.obj({"x": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}}, ["x"])
    for v in (0, 1):
        sx.bad(s, {"x": v})
    sx.ok(s, {"x": 0.5})
    d4 = {
        "$schema": "http://json-schema.org/draft-04/schema#",
        "type": "object",
        "properties": {
            "x": {"type": "number", "minimum": 0, "exclusiveMinimum": True, "maximum": 1, "exclusiveMaximum": True}
        },
        "required": ["x"],
    }
    assert normalize(d4) == s
    for v in (0, 1):
        sx.bad(d4, {"x": v})
    sx.ok(d4, {"x": 0.5})
    view = to_pydantic(d4)
    view_rejects(view, {"x": 0})
    assert view.model_validate({"x": 0.5}).x == 0.5  # type: ignore[attr-defined]


# C09 ------------------------------------------------------------------------------------
def test_h1_09_multiple_of(sx: Any) -> None:
    s = sx.obj({"m": {"type": "integer", "multipleOf": 5}}, ["m"])
    sx.bad(s, {"m": 7}, keyword="multipleOf")
    sx.ok(s, {"m": 10})
    assert wire_prop(render(s, "openai.chat"), "m")["multipleOf"] == 5
    g = render(s, "gemini")
    assert "multipleOf" not in wire_prop(g, "m")
    assert ("/properties/m", "multipleOf") in lossy_keywords(g)
    view_rejects(to_pydantic(s), {"m": 7})


# C10 ------------------------------------------------------------------------------------
def test_h1_10_string_lengths_and_pattern(sx: Any) -> None:
    s = sx.obj({"s": {"type": "string", "minLength": 2, "maxLength": 4, "pattern": "^[a-z]+$"}}, ["s"])
    sx.bad(s, {"s": "ABCDEFG"})
    sx.ok(s, {"s": "abc"})
    node = wire_prop(render(s, "openai.chat"), "s")
    assert node["pattern"] == "^[a-z]+$"
    assert "minLength" not in node and "maxLength" not in node
    assert "minLength" in node["description"] and "maxLength" in node["description"]
    look = sx.obj({"s": {"type": "string", "pattern": "(?=x)"}}, ["s"])
    r = render(look, "openai.chat")
    assert any(lint.code == "unsupported-pattern" for lint in r.lints)
    assert "pattern" not in wire_prop(r, "s")
    view_rejects(to_pydantic(s), {"s": "ABCDEFG"})


# C11 -----------------------------------------------------------------------------------
def test_h1_11_array_counts_and_unique_items(sx: Any) -> None:
    a = {"type": "array", "items": {"type": "integer"}, "minItems": 1, "maxItems": 3, "uniqueItems": True}
    s = sx.obj({"a": a}, ["a"])
    for v in ([], [1, 1], [1, 2, 3, 4]):
        sx.bad(s, {"a": v})
    sx.ok(s, {"a": [1, 2]})
    view = to_pydantic(s)
    view_rejects(view, {"a": [1, 1]})
    assert view.model_validate({"a": [1, 2]}).a == [1, 2]  # type: ignore[attr-defined]
    node = wire_prop(render(s, "anthropic.messages"), "a")
    assert node["minItems"] == 1 and "maxItems" not in node
    s2 = sx.obj({"a": dict(a, minItems=2)}, ["a"])
    node2 = wire_prop(render(s2, "anthropic.messages"), "a")
    assert "minItems" not in node2 and "minItems: 2" in node2["description"]


# C12 -----------------------------------------------------------------------------------
def test_h1_12_format_is_annotation_unless_asserted(sx: Any) -> None:
    s = sx.obj({"d": {"type": "string", "format": "date-time"}}, ["d"])
    sx.ok(s, {"d": "nope"})
    sx.bad(s, {"d": "nope"}, formats=True, keyword="format")
    sx.ok(s, {"d": "2026-11-30T12:00:00Z"}, formats=True)
    assert wire_prop(render(s, "openai.chat"), "d")["format"] == "date-time"
    u = sx.obj({"d": {"type": "string", "format": "uri"}}, ["d"])
    node = wire_prop(render(u, "openai.chat"), "d")
    assert "format" not in node and "uri" in node["description"]


# C13 ------------------------------------------------------------------------------------
def test_h1_13_optional_is_not_nullable_and_maps_back(sx: Any) -> None:
    s = sx.obj({"o": {"type": "string"}}, [])
    sx.ok(s, {})
    sx.bad(s, {"o": None}, keyword="type")
    view = to_pydantic(s)
    view_rejects(view, {"o": None})
    r = render(s, "openai.chat")
    assert r.wire_schema["required"] == ["o"]
    assert wire_prop(r, "o") == {"anyOf": [{"type": "string"}, {"type": "null"}]}
    assert r.decode({"o": None}) == {}
    assert r.validate({"o": None}) == []
    assert r.decode({"o": "x"}) == {"o": "x"}


# C14 -------------------------------------------------------------------------------------
def test_h1_14_defaults_titles_descriptions_and_name(sx: Any) -> None:
    s = {
        "title": "Thing",
        "description": "A thing",
        "properties": {"d": {"type": "integer", "default": 7, "description": "dee", "title": "Dee"}},
    }
    view = to_pydantic(s)
    assert view.model_validate({}).d == 7  # type: ignore[attr-defined]
    assert view.model_fields["d"].description == "dee"
    for target in sx.NATIVE_TARGETS:
        node = wire_prop(render(s, target), "d")
        assert "dee" in json.dumps(node), target
    r = render(s, "openai.chat")
    assert "default" not in sx.keys_anywhere(r.wire_schema)
    assert "7" in json.dumps(wire_prop(r, "d"))
    assert r.request["response_format"]["json_schema"]["name"] == "Thing"
    assert render(dict(s, title="A thing / v2!"), "openai.chat").name == "A_thing_v2"


# C15 ----------------------------------------------------------------------------------------
def test_h1_15_nested_objects_closed_everywhere_as_a_narrowing(sx: Any) -> None:
    inner = sx.obj({"c": {"type": "string"}}, ["c"])
    mid = sx.obj({"b": inner}, ["b"])
    s = sx.obj({"a": mid}, ["a"], additionalProperties=False)
    sx.ok(s, {"a": {"b": {"c": "x", "extra": 1}, "extra": 2}})
    sx.bad(s, {"a": {"b": {"c": "x"}}, "extra": 1}, keyword="additionalProperties")
    for target in ("openai.chat", "anthropic.messages", "bedrock.converse"):
        r = render(s, target)
        objects = [n for _, n in sx.subschemas(r.wire_schema) if isinstance(n, dict) and n.get("type") == "object"]
        assert len(objects) == 3 and all(n["additionalProperties"] is False for n in objects)
        narrowed = {c.pointer for c in r.report if c.action == "narrowed"}
        assert narrowed == {"/properties/a", "/properties/a/properties/b"}
        assert r.lossless, target


# C16 ----------------------------------------------------------------------------------
def test_h1_16_open_root_refused_in_strict_or_sent_as_string(sx: Any) -> None:
    s = sx.obj({"a": {"type": "integer"}}, ["a"], additionalProperties=True)
    sx.ok(s, {"a": 1, "x": "anything"})
    with pytest.raises(EncodeError, match="not-representable"):
        render(s, "openai.chat")
    r = render(s, "openai.chat", on_error="report")
    assert any(lint.code == "not-representable" for lint in r.lints) and not r.lossless
    r2 = render(s, "openai.chat", free_form="string")
    assert r2.wire_schema["properties"]["result"]["type"] == "string"
    answer = {"result": json.dumps({"a": 1, "x": "anything"})}
    assert r2.decode(answer) == {"a": 1, "x": "anything"}
    assert r2.validate(answer) == []


# C17 ------------------------------------------------------------------------------------
def test_h1_17_map_schema_view_and_strict_pairs(sx: Any) -> None:
    s = sx.obj({"m": {"type": "object", "additionalProperties": {"type": "integer"}}}, ["m"])
    sx.bad(s, {"m": {"k": "s"}}, keyword="type")
    sx.ok(s, {"m": {"k": 1}})
    view = to_pydantic(s)
    view_rejects(view, {"m": {"k": "s"}})
    assert view.model_validate({"m": {"k": 1}}).m == {"k": 1}  # type: ignore[attr-defined]
    assert view.model_json_schema()["properties"]["m"]["additionalProperties"] == {"type": "integer"}
    with pytest.raises(EncodeError, match="not-representable"):
        render(s, "openai.chat")
    r = render(s, "openai.chat", maps="pairs")
    for _, node in sx.subschemas(r.wire_schema):
        if isinstance(node, dict):
            assert not isinstance(node.get("additionalProperties"), dict)
            assert not (node.get("properties") == {} and node.get("additionalProperties") is False)
    assert wire_prop(r, "m")["type"] == "array"
    assert r.decode({"m": [{"key": "k", "value": 1}]}) == {"m": {"k": 1}}
    assert r.validate({"m": [{"key": "k", "value": "s"}]})
    loose = render(s, "openai.chat", strict=False)
    assert wire_prop(loose, "m") == {"type": "object", "additionalProperties": {"type": "integer"}}
    assert loose.request["response_format"]["json_schema"]["strict"] is False


# C18 / C19 ---------------------------------------------------------------------------------
def test_h1_18_untyped_object_accepts_any_object(sx: Any) -> None:
    s = sx.obj({"f": {"type": "object"}}, ["f"])
    sx.ok(s, {"f": {"any": [1, {"thing": None}]}})
    sx.bad(s, {"f": "str"}, keyword="type")
    view = to_pydantic(s)
    assert view.model_validate({"f": {"a": 1}}).f == {"a": 1}  # type: ignore[attr-defined]
    view_rejects(view, {"f": "str"})


def test_h1_19_any_of_scalars_and_no_untyped_wire_node(sx: Any) -> None:
    s = sx.obj({"v": {"anyOf": [{"type": "string"}, {"type": "integer"}]}}, ["v"])
    sx.bad(s, {"v": 1.5}, keyword="anyOf")
    sx.ok(s, {"v": 1})
    sx.ok(s, {"v": "a"})
    for target in sx.NATIVE_TARGETS:
        for _, node in sx.subschemas(render(s, target).wire_schema):
            assert node != {}, target
    view_rejects(to_pydantic(s), {"v": 1.5})


# C20 -------------------------------------------------------------------------------------
def test_h1_20_one_of_discriminated_objects(sx: Any) -> None:
    cat = sx.obj({"kind": {"const": "cat"}, "meow": {"type": "boolean"}}, ["kind", "meow"], additionalProperties=False)
    dog = sx.obj({"kind": {"const": "dog"}, "bark": {"type": "boolean"}}, ["kind", "bark"], additionalProperties=False)
    s = sx.obj({"pet": {"oneOf": [cat, dog], "discriminator": {"propertyName": "kind"}}}, ["pet"])
    sx.bad(s, {"pet": {"kind": "cow"}})
    sx.ok(s, {"pet": {"kind": "cat", "meow": True}})
    overlap = {"oneOf": [sx.obj({"a": {"type": "integer"}}), sx.obj({"b": {"type": "integer"}})]}
    sx.bad(overlap, {"a": 1}, keyword="oneOf")
    view_rejects(to_pydantic(overlap), {"a": 1})
    r = render(s, "openai.chat")
    keys = sx.keys_anywhere(r.wire_schema)
    assert "oneOf" not in keys and "discriminator" not in keys and "anyOf" in wire_prop(r, "pet")
    assert r.lossless  # the branches are disjoint by their `kind` const
    view_rejects(to_pydantic(s), {"pet": {"kind": "cow"}})


# C21 ------------------------------------------------------------------------------------
def test_h1_21_all_of_merged(sx: Any) -> None:
    s = sx.obj({"w": {"allOf": [{"type": "integer"}, {"minimum": 10}]}}, ["w"])
    sx.ok(s, {"w": 11})
    sx.bad(s, {"w": 3}, keyword="minimum")
    assert wire_prop(render(s, "openai.chat"), "w") == {"type": "integer", "minimum": 10}
    view = to_pydantic(s)
    assert view.model_validate({"w": 11}).w == 11  # type: ignore[attr-defined]
    view_rejects(view, {"w": 3})


# C22 / C29 -------------------------------------------------------------------------------
STEP = {"type": "object", "properties": {"e": {"type": "string"}}, "required": ["e"], "additionalProperties": False}


def _steps(defs_key: str) -> Any:
    return {
        "type": "object",
        defs_key: {"Step": STEP},
        "properties": {
            "steps": {"type": "array", "items": {"$ref": f"#/{defs_key}/Step"}},
            "first": {"$ref": f"#/{defs_key}/Step", "description": "the first step"},
        },
        "required": ["steps", "first"],
    }


def test_h1_22_defs_and_refs(sx: Any) -> None:
    s = _steps("$defs")
    sx.bad(s, {"steps": [{"e": 1}], "first": {"e": "a"}}, keyword="type")
    sx.ok(s, {"steps": [{"e": "x"}], "first": {"e": "a"}})
    r = render(s, "openai.chat")
    assert r.wire_schema["$defs"]["Step"]["properties"]["e"] == {"type": "string"}
    assert wire_prop(r, "steps")["items"] == {"$ref": "#/$defs/Step"}
    assert wire_prop(r, "first") == {"description": "the first step", "anyOf": [{"$ref": "#/$defs/Step"}]}
    g = render(s, "gemini.openapi")
    keys = sx.keys_anywhere(g.wire_schema)
    assert "$ref" not in keys and "$defs" not in keys
    assert wire_prop(g, "steps")["items"]["properties"]["e"] == {"type": "string"}
    view_rejects(to_pydantic(s), {"steps": [{"e": 1}], "first": {"e": "a"}})


def test_h1_29_draft07_definitions_same_as_defs(sx: Any) -> None:
    d7 = dict(_steps("definitions"), **{"$schema": "http://json-schema.org/draft-07/schema#"})
    assert normalize(d7) == normalize(_steps("$defs"))
    for target in sx.NATIVE_TARGETS:
        assert render(d7, target).request == render(_steps("$defs"), target).request
    sx.bad(d7, {"steps": [{"e": 1}], "first": {"e": "a"}})


# C23 / C24 ---------------------------------------------------------------------------------
NODE_LIST = {
    "$defs": {
        "Node": {
            "type": "object",
            "properties": {
                "value": {"type": "integer"},
                "next": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]},
            },
            "required": ["value"],
        }
    },
    "$ref": "#/$defs/Node",
}
DEPTH3 = {"value": 1, "next": {"value": 2, "next": {"value": 3, "next": None}}}


def test_h1_23_recursive_linked_list(sx: Any) -> None:
    sx.ok(NODE_LIST, DEPTH3)
    sx.bad(NODE_LIST, {"value": 1, "next": {"value": 2, "next": {"value": "x"}}})
    view = to_pydantic(NODE_LIST)
    assert view.model_validate(DEPTH3).model_dump(exclude_unset=True) == DEPTH3
    view_rejects(view, {"value": 1, "next": {"value": "x"}})
    r = render(NODE_LIST, "openai.chat")
    assert "#/$defs/Node" in json.dumps(r.wire_schema["$defs"]["Node"])
    for target in ("anthropic.messages", "bedrock.converse"):
        r2 = render(NODE_LIST, target, on_error="report")
        assert any(lint.code == "recursion-unsupported" for lint in r2.lints)
        with pytest.raises(EncodeError, match="recursion-unsupported"):
            render(NODE_LIST, target)
    assert not render(NODE_LIST, "gemini", on_error="report").errors
    required_next = copy.deepcopy(NODE_LIST)
    required_next["$defs"]["Node"]["required"] = ["value", "next"]
    assert any(
        lint.code == "recursion-unsupported" for lint in render(required_next, "gemini", on_error="report").lints
    )
    from toolwire.retry import prepare

    assert prepare({"messages": [{"role": "user", "content": "hi"}]}, NODE_LIST, "anthropic.messages").mode == "prompt"


def test_h1_24_root_self_reference(sx: Any) -> None:
    s = {
        "type": "object",
        "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#"}}},
    }
    tree = {"name": "a", "children": [{"name": "b", "children": [{"name": "c", "children": []}]}]}
    sx.ok(s, tree)
    sx.bad(s, {"children": [{"children": [{"name": 1}]}]})
    view = to_pydantic(s)
    assert view.model_validate(tree).model_dump(exclude_unset=True) == tree
    view_rejects(view, {"children": [{"children": [{"name": 1}]}]})
    r = render(s, "openai.chat")
    assert r.wire_schema["properties"]["children"]["anyOf"][0]["items"] == {"$ref": "#"}
    assert render(s, "openai.chat").validate(tree) == []
    assert any(
        lint.code == "recursion-unsupported" for lint in render(s, "anthropic.messages", on_error="report").lints
    )


# C25 / C26 / C27 / C28 ---------------------------------------------------------------------
def test_h1_25_prefix_items(sx: Any) -> None:
    s = sx.obj(
        {"t": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": False}}, ["t"]
    )
    sx.bad(s, {"t": [1, "a"]})
    sx.bad(s, {"t": ["a", 1, 2]})
    sx.ok(s, {"t": ["a", 1]})
    view = to_pydantic(s)
    view_rejects(view, {"t": [1, "a"]})
    view_rejects(view, {"t": ["a", 1, 2]})
    assert wire_prop(render(s, "gemini"), "t")["prefixItems"] == [{"type": "string"}, {"type": "integer"}]
    r = render(s, "openai.chat")
    assert ("/properties/t", "prefixItems") in {(c.pointer, c.keyword) for c in r.report if c.action == "unsupported"}
    assert not r.lossless


def test_h1_26_pattern_properties(sx: Any) -> None:
    s = {"type": "object", "patternProperties": {"^x_": {"type": "integer"}}, "additionalProperties": False}
    sx.bad(s, {"y": 1})
    sx.bad(s, {"x_a": "s"})
    sx.ok(s, {"x_a": 1})
    view = to_pydantic(s)
    view_rejects(view, {"y": 1})
    assert view.model_validate({"x_a": 1}).model_dump() == {"x_a": 1}
    r = render(s, "openai.chat", on_error="report")
    assert ("", "patternProperties") in {(c.pointer, c.keyword) for c in r.report if c.action == "unsupported"}


def test_h1_27_non_object_roots_wrapped_and_unwrapped(sx: Any) -> None:
    arr = {"type": "array", "items": sx.obj({"n": {"type": "integer"}}, ["n"])}
    union = {"anyOf": [{"type": "string"}, sx.obj({"n": {"type": "integer"}}, ["n"])]}
    for s, answer in ((arr, [{"n": 1}]), (union, "text")):
        r = render(s, "openai.chat")
        w = r.wire_schema
        assert w["type"] == "object" and w["required"] == ["result"] and w["additionalProperties"] is False
        assert list(w["properties"]) == ["result"]
        assert r.decode({"result": answer}) == answer
        assert r.validate({"result": answer}) == []
    assert to_pydantic(arr).model_validate([{"n": 1}]).root[0].n == 1  # type: ignore[attr-defined]


def test_h1_28_three_way_type_array_for_openapi(sx: Any) -> None:
    s = sx.obj({"u": {"type": ["string", "integer", "null"]}}, ["u"])
    sx.ok(s, {"u": None})
    sx.ok(s, {"u": 2})
    sx.bad(s, {"u": 1.5})
    node = wire_prop(render(s, "gemini.openapi"), "u")
    assert node == {"anyOf": [{"type": "string"}, {"type": "integer"}], "nullable": True}
    for _, n in sx.subschemas(render(s, "gemini.openapi").wire_schema):
        assert not isinstance(n.get("type"), list)


# C30 / C31 / C32 ----------------------------------------------------------------------------
def test_h1_30_external_ref_is_a_clear_error_without_network(monkeypatch: Any) -> None:
    def no_network(*a: Any, **k: Any) -> Any:
        raise AssertionError("network access attempted")

    monkeypatch.setattr(socket, "socket", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    s = {"$ref": "https://example.com/s.json"}
    with pytest.raises(DecodeError) as err:
        normalize(s)
    assert str(err.value) == (
        "External $ref 'https://example.com/s.json' at $ is not supported; only local "
        "references (#/...) are resolved, never over the network"
    )
    for call in (lambda: render(s, "openai.chat"), lambda: to_pydantic(s), lambda: validate(1, s)):
        with pytest.raises(DecodeError):
            call()


def test_h1_31_openai_limits_before_sending(sx: Any) -> None:
    many = sx.obj({f"p{i}": {"type": "integer"} for i in range(5001)}, [f"p{i}" for i in range(5001)])
    with pytest.raises(EncodeError, match="limit-properties"):
        render(many, "openai.chat")
    deep: Any = {"type": "integer"}
    for i in range(11):
        deep = sx.obj({f"l{i}": deep}, [f"l{i}"])
    with pytest.raises(EncodeError, match="limit-depth"):
        render(deep, "openai.chat")
    ten = deep["properties"]["l10"]
    assert not render(ten, "openai.chat").errors
    enum = sx.obj({"e": {"type": "integer", "enum": list(range(1001))}}, ["e"])
    with pytest.raises(EncodeError, match="limit-enum-values"):
        render(enum, "openai.chat")
    assert render(enum, "openai.chat", limits={"max_enum_values": 2000}).lossless


def test_h1_32_anthropic_request_wide_budgets(sx: Any) -> None:
    optional = sx.obj({f"o{i}": {"type": "string"} for i in range(25)})
    with pytest.raises(EncodeError, match="limit-optional"):
        render(optional, "anthropic.messages")
    unions = sx.obj({f"u{i}": {"type": ["string", "null"]} for i in range(17)}, [f"u{i}" for i in range(17)])
    with pytest.raises(EncodeError, match="limit-unions"):
        render(unions, "anthropic.messages")
    from toolwire.retry import prepare
    from toolwire.schema import check_limits

    half = sx.obj({f"o{i}": {"type": "string"} for i in range(13)})
    assert not check_limits(render(half, "anthropic.messages").wire_schema, "anthropic.messages")
    assert [x.code for x in check_limits([half, half], "anthropic.messages")] == ["limit-optional"]
    assert prepare({"messages": []}, optional, "anthropic.messages").mode == "prompt"


# C33 / C34 / C35 / C36 / C37 -----------------------------------------------------------------
RICH = {
    "title": "Rich",
    "type": "object",
    "definitions": {"S": STEP},
    "properties": {
        "a": {"type": ["string", "null"], "enum": ["x", None]},
        "b": {"oneOf": [{"type": "integer", "minimum": 1}, {"type": "string", "minLength": 2}]},
        "c": {"type": "array", "items": {"$ref": "#/definitions/S"}, "maxItems": 2},
        "d": {"allOf": [{"type": "number"}, {"maximum": 3}], "default": 1},
        "e": {"type": "object", "additionalProperties": {"type": "integer"}},
        "f": {"type": "integer", "minimum": 0, "exclusiveMinimum": True},
        "my-field": {"const": 1},
    },
    "required": ["a"],
}


def test_h1_33_inputs_never_mutated(sx: Any) -> None:
    before = copy.deepcopy(RICH)
    normalize(RICH)
    validate({"a": "x"}, RICH)
    to_pydantic(RICH)
    prompt(RICH)
    for target in sx.ALL_TARGETS:
        r = render(RICH, target, on_error="report", maps="pairs")
        answer = {"a": None, "e": [{"key": "k", "value": 1}]}
        snapshot = copy.deepcopy(answer)
        r.decode(answer)
        r.validate(answer)
        assert answer == snapshot
    assert before == RICH


@pytest.mark.parametrize(
    "target",
    [
        "openai.chat",
        "openai.responses",
        "anthropic.messages",
        "anthropic.tool",
        "gemini",
        "gemini.openapi",
        "bedrock.converse",
        "ollama",
        "vllm",
    ],
)
def test_h1_34_rendering_is_idempotent_and_keeps_property_order(sx: Any, target: str) -> None:
    s = {k: v for k, v in RICH.items() if k != "definitions"}
    s["properties"] = {k: v for k, v in RICH["properties"].items() if k not in ("c", "e")}
    once = render(s, target, on_error="report").wire_schema
    twice = render(once, target, on_error="report").wire_schema
    assert twice == once
    if target.startswith("openai"):
        assert list(once["properties"]) == list(s["properties"])
    else:
        assert list(once["properties"]) == list(s["properties"])


def test_h1_35_property_names_kept_byte_for_byte(sx: Any) -> None:
    names = ["@type", "class", "my-field", "1st", "größe", "名前", "model_config", "_private", "a b"]
    s = sx.obj({n: {"type": "integer"} for n in names}, names)
    value = {n: i for i, n in enumerate(names)}
    sx.ok(s, value)
    for target in sx.NATIVE_TARGETS:
        assert list(render(s, target).wire_schema["properties"]) == names, target
    view = to_pydantic(s)
    inst = view.model_validate(value)
    assert inst.model_dump(by_alias=True) == value
    assert json.loads(inst.model_dump_json(by_alias=True)) == value
    assert set(view.model_json_schema(by_alias=True)["properties"]) == set(names)
    assert render(s, "openai.chat").decode(value) == value


def test_h1_36_mixed_enum_members_all_kept(sx: Any) -> None:
    s = sx.obj({"e": {"enum": [1.5, "a", None, True]}}, ["e"])
    for v in (1.5, "a", None, True):
        sx.ok(s, {"e": v})
    for v in (1, False, "b", 0):
        sx.bad(s, {"e": v})
    view = to_pydantic(s)
    assert view.model_json_schema()["properties"]["e"]["enum"] == [1.5, "a", None, True]
    for v in (1.5, "a", None, True):
        assert view.model_validate({"e": v}).e is v or view.model_validate({"e": v}).e == v  # type: ignore[attr-defined]
    for v in (1, False, "b"):
        view_rejects(view, {"e": v})


def test_h1_37_empty_enum_is_unsatisfiable_and_not_rendered(sx: Any) -> None:
    s = sx.obj({"e": {"type": "string", "enum": []}}, ["e"])
    sx.bad(s, {"e": "anything"})
    for target in sx.ALL_TARGETS:
        with pytest.raises(EncodeError, match="unsatisfiable"):
            render(s, target)
