"""OpenAI strict mode: a node of no value where a parent leaves it out, through ``$ref``
as inline, and the keywords beside ``anyOf`` in branches they do not apply to.

A node whose keywords leave it no value matches nothing: a parent ``anyOf`` leaves it out
(A or nothing is A), an optional property made required is OpenAI's optional form ("a
union type with null", platform.openai.com/docs/guides/structured-outputs) with the null
branch alone, an array whose items have no value is the empty array (``maxItems: 0``, as
``items: false``), a ``$defs`` entry nobody names is not sent; each the same whether the
node is written inline or named by ``$ref``. A schema that accepts values is never
refused for it. Expected wire schemas are pinned from those rules; verdicts are the
``jsonschema`` package's.
"""

from __future__ import annotations

import json
from typing import Any, Dict

import jsonschema
import pytest

from toolwire import schema
from toolwire._errors import ToolwireError

N = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"], "additionalProperties": False}
E = {"anyOf": [{"$ref": "#/$defs/N"}], "enum": [1]}  # no value: N names an object, 1 is none
WIRE_N = N


def _root(props: Dict[str, Any], required: Any, defs: Dict[str, Any]) -> Dict[str, Any]:
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False,
            "$defs": defs}


def _agrees(original: Any, rendered: Any, answers: Any) -> None:
    wire, orig = jsonschema.Draft202012Validator(rendered.wire_schema), jsonschema.Draft202012Validator(original)
    for answer in answers:
        assert wire.is_valid(answer) == orig.is_valid(answer), answer


def test_a_def_of_no_value_nobody_names_is_not_sent(sx: Any) -> None:
    original = _root({"x": {"type": "integer"}}, ["x"], {"N": N, "E": E})
    rendered = schema.render(original, "openai.chat")
    assert rendered.wire_schema == _root({"x": {"type": "integer"}}, ["x"], {"N": WIRE_N})
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)


def test_an_optional_property_naming_a_def_of_no_value_is_null_alone(sx: Any) -> None:
    original = _root({"x": {"type": "integer"}, "e": {"$ref": "#/$defs/E"}}, ["x"], {"N": N, "E": E})
    rendered = schema.render(original, "openai.chat")
    assert rendered.wire_schema == _root({"x": {"type": "integer"}, "e": {"anyOf": [{"type": "null"}]}}, ["x", "e"],
                                         {"N": WIRE_N})
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)
    sx.alone_in_unions(rendered.wire_schema)
    assert rendered.validate({"x": 1, "e": None}) == []
    assert rendered.validate({"x": 1, "e": 1}) != []


def test_an_any_of_branch_naming_a_def_of_no_value_is_left_out(sx: Any) -> None:
    original = _root({"x": {"anyOf": [{"$ref": "#/$defs/E"}, {"type": "integer"}]}}, ["x"], {"N": N, "E": E})
    rendered = schema.render(original, "openai.chat")
    assert rendered.wire_schema == _root({"x": {"anyOf": [{"type": "integer"}]}}, ["x"], {"N": WIRE_N})
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)
    sx.alone_in_unions(rendered.wire_schema)
    _agrees(original, rendered, [{"x": v} for v in (1, 1.5, "a", None, {"n": 1}, {})])


def test_a_chain_of_defs_of_no_value_is_left_out_through_each_link(sx: Any) -> None:
    """``F`` names ``E`` alone: no value either; ``x`` takes its integer branch only."""
    defs = {"N": N, "E": E, "F": {"anyOf": [{"$ref": "#/$defs/E"}], "description": "f"}}
    original = _root({"x": {"anyOf": [{"$ref": "#/$defs/F"}, {"type": "integer"}]}}, ["x"], defs)
    rendered = schema.render(original, "openai.chat")
    assert rendered.wire_schema == _root({"x": {"anyOf": [{"type": "integer"}]}}, ["x"], {"N": WIRE_N})
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)


def test_a_required_property_naming_a_def_of_no_value_is_still_unsatisfiable() -> None:
    original = _root({"e": {"$ref": "#/$defs/E"}}, ["e"], {"N": N, "E": E})
    for target in ("openai.chat", "gemini", "anthropic.tool", "bedrock.converse"):
        rendered = schema.render(original, target, on_error="report")
        # (the ``$ref`` is one more conjunct, core §8.2.3.1: named where it is used, as a def of
        # allOf of no type is; gemini, anthropic.tool and bedrock.converse called it lossless)
        assert [(e.code, e.pointer) for e in rendered.errors] == [("unsatisfiable", "/properties/e")], target
        assert not rendered.lossless


@pytest.mark.parametrize("kind", ["string", ["object", "string"]])
def test_a_type_array_of_no_value_is_left_out_as_a_type_is(kind: Any, sx: Any) -> None:
    nv = {"anyOf": [{"type": "boolean"}], "type": kind}
    optional = schema.render({"type": "object", "properties": {"b": nv}}, "openai.chat")
    assert optional.wire_schema["properties"]["b"] == {"anyOf": [{"type": "null"}]}
    assert optional.lossless and not optional.lints, (optional.report, optional.lints)
    original = {"type": "object", "properties": {"b": {"anyOf": [nv, {"type": "integer"}]}}, "required": ["b"]}
    branch = schema.render(original, "openai.chat")
    assert branch.wire_schema["properties"]["b"] == {"anyOf": [{"type": "integer"}]}
    assert branch.lossless and not branch.lints, (branch.report, branch.lints)
    sx.alone_in_unions(branch.wire_schema)


def test_items_of_no_value_are_the_empty_array_as_items_false() -> None:
    items = {"anyOf": [{"type": "integer"}], "type": "string"}
    original = {"type": "object", "properties": {"x": {"type": "array", "items": items}}, "required": ["x"]}
    rendered = schema.render(original, "openai.chat")
    assert rendered.wire_schema["properties"]["x"] == {"type": "array", "maxItems": 0, "items": {"type": "string"}}
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)
    _agrees(original, rendered, [{"x": v} for v in ([], [1], ["a"], [None])])


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages"])  # (Anthropic takes no maxItems)
def test_items_of_no_value_under_min_items_leave_the_array_no_value(target: str) -> None:
    items = {"anyOf": [{"type": "integer"}], "type": "string"} if target.startswith("openai") else \
        {"type": "string", "enum": ["a"], "const": "b"}  # (Anthropic takes type beside anyOf: a value there)
    x = {"anyOf": [{"type": "array", "items": items, "minItems": 1}, {"type": "boolean"}]}
    original = {"type": "object", "properties": {"x": x}, "required": ["x"], "additionalProperties": False}
    rendered = schema.render(original, target)
    assert rendered.wire_schema["properties"]["x"] == {"anyOf": [{"type": "boolean"}]}
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)
    _agrees(original, rendered, [{"x": v} for v in ([], [1], ["a"], True)])


@pytest.mark.parametrize("branch", [{"enum": [0, "y"]}, {"const": "y"}, {"enum": [0, None]}])
def test_object_keywords_leave_a_branch_of_no_object_as_it_is(branch: Any, sx: Any) -> None:
    """``properties`` beside ``anyOf`` applies to objects only (JSON Schema 2020-12 Core
    §10.3.2.1): a branch whose values are all non-objects is sent as it is (it was typed
    ``object`` beside its scalar enum, accepting nothing, and reported lossless)."""
    x = {"anyOf": [branch], "properties": {"a": {"type": "string"}}}
    original = {"type": "object", "properties": {"x": x}, "required": ["x"], "additionalProperties": False}
    rendered = schema.render(original, "openai.chat")
    wire_x = rendered.wire_schema["properties"]["x"]
    assert list(wire_x) == ["anyOf"] and len(wire_x["anyOf"]) == 1, wire_x
    assert "properties" not in wire_x["anyOf"][0] and wire_x["anyOf"][0].get("type") != "object", wire_x
    assert rendered.lossless, rendered.report
    sx.alone_in_unions(rendered.wire_schema)
    _agrees(original, rendered, [{"x": v} for v in (0, "y", None, 1, "z", {"a": "s"}, {})])


def test_object_keywords_beside_a_mixed_branch_are_not_lossless() -> None:
    """A branch whose values hold an object and a scalar: the object keywords apply to
    one of them; sent as an object only, the scalar would be lost: not reported exact."""
    x = {"anyOf": [{"enum": [{"a": "s"}, 0]}], "properties": {"a": {"type": "string"}}}
    original = {"type": "object", "properties": {"x": x}, "required": ["x"], "additionalProperties": False}
    rendered = schema.render(original, "openai.chat", on_error="report")
    wire, orig = jsonschema.Draft202012Validator(rendered.wire_schema), jsonschema.Draft202012Validator(original)
    lost = [v for v in (0, {"a": "s"}) if orig.is_valid({"x": v}) and not wire.is_valid({"x": v})]
    assert not lost or not rendered.lossless, (rendered.wire_schema, rendered.report)


def test_keywords_copied_through_a_long_chain_of_defs_raise_no_recursion_error() -> None:
    """350 ``$defs``, each an ``anyOf`` naming the next beside ``minimum``: each copy holds
    the next (input nesting 3, written nesting 350). A ``RecursionError`` escaped render;
    now a ``ToolwireError`` (``too-large``) or a wire schema."""
    n = 350
    defs: Dict[str, Any] = {f"A{i}": {"anyOf": [{"$ref": f"#/$defs/A{i + 1}"}, {"type": "integer"}], "minimum": 0}
                            for i in range(n)}
    defs[f"A{n}"] = {"type": "number"}
    original = {"type": "object", "properties": {"x": {"$ref": "#/$defs/A0"}}, "required": ["x"], "$defs": defs}
    try:
        rendered = schema.render(original, "openai.chat", on_error="report")
    except ToolwireError:
        return
    if rendered.errors:
        assert {e.code for e in rendered.errors} <= {"too-large"}, rendered.errors


@pytest.mark.parametrize("inline", [False, True])
def test_type_object_beside_an_object_branch_and_an_integer_branch_is_exact(inline: bool, sx: Any) -> None:
    """``type: object`` beside ``anyOf``: an integer branch shares no value with it (left
    out), an object branch says it already (as it is). Both were refused
    ``not-representable``."""
    a = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"], "additionalProperties": False}
    branch = a if inline else {"$ref": "#/$defs/A"}
    original = _root({"x": {"type": "object", "anyOf": [branch, {"type": "integer"}]}}, ["x"], {"A": a})
    rendered = schema.render(original, "openai.chat")
    assert rendered.wire_schema == _root({"x": {"anyOf": [branch]}}, ["x"], {"A": a})
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)
    sx.alone_in_unions(rendered.wire_schema)
    _agrees(original, rendered, [{"x": v} for v in (1, {"a": 1}, {"a": "s"}, {}, None)])


def _dead_chain(n: int) -> Dict[str, Any]:
    """n defs, each naming the one before alone (none of them has a value), and a property
    whose ``anyOf`` names each of them beside an integer."""
    defs: Dict[str, Any] = {"N": N, "D0": E}
    for i in range(1, n):
        defs[f"D{i}"] = {"anyOf": [{"$ref": f"#/$defs/D{i - 1}"}], "description": f"d{i}"}
    x = {"anyOf": [{"$ref": f"#/$defs/D{i}"} for i in range(n)] + [{"type": "integer"}]}
    return _root({"x": x}, ["x"], defs)


def test_nodes_of_no_value_are_settled_in_linear_work(monkeypatch: Any) -> None:
    """Hostile input (a caller's schema): each wire node placed and settled once, not once
    per def or per branch left out; counted in the pass's walks of the wire, not timed."""
    from toolwire.schema import _rewrite_no_values

    seen = [0]
    real_walk, real_decode = _rewrite_no_values.iter_subschemas, _rewrite_no_values.decode_pointer

    def walk(node: Any, ptr: str = "") -> Any:
        for item in real_walk(node, ptr):
            seen[0] += 1
            yield item

    def decode(fragment: str) -> Any:
        seen[0] += 1
        return real_decode(fragment)

    monkeypatch.setattr(_rewrite_no_values, "iter_subschemas", walk)
    monkeypatch.setattr(_rewrite_no_values, "decode_pointer", decode)
    counts = []
    for n in (50, 200):
        seen[0] = 0
        rendered = schema.render(_dead_chain(n), "openai.chat")
        assert rendered.wire_schema == _root({"x": {"anyOf": [{"type": "integer"}]}}, ["x"], {"N": WIRE_N})
        assert rendered.lossless and not rendered.lints
        counts.append(seen[0])
    assert 0 < counts[1] <= 4.5 * counts[0], counts


def test_a_const_beside_an_enum_without_it_is_left_out_of_its_union(sx: Any) -> None:
    """``const: 0`` beside ``enum: ["y"]`` (as after an ``allOf`` merge) has no value:
    its parent ``anyOf`` leaves it out, inline or in a ``$defs`` entry nobody needs (it
    was sent so, and still reported ``unsatisfiable``: a satisfiable schema refused)."""
    dead = {"anyOf": [{"enum": [0, None, 1]}], "enum": ["ab", "y"], "const": 0}
    d1 = {"type": "array", "items": {"anyOf": [{"$ref": "#/$defs/D1"}, dead]}}
    original = _root({"x": {"anyOf": [dead, {"type": "integer"}]}}, ["x"], {"D1": d1})
    rendered = schema.render(original, "openai.chat")
    assert rendered.wire_schema == _root({"x": {"anyOf": [{"type": "integer"}]}}, ["x"], {
        "D1": {"type": "array", "items": {"anyOf": [{"$ref": "#/$defs/D1"}]}}})
    assert not rendered.errors, rendered.errors
    _agrees(original, rendered, [{"x": v} for v in (0, 1, "y", None)])


@pytest.mark.parametrize("required", [["x"], []])
def test_object_keywords_leave_a_branch_whose_branches_hold_no_object_as_it_is(required: Any, sx: Any) -> None:
    """The same a level down: a branch that is an ``anyOf`` of non-objects (``null`` and
    ``"x"``) is no object either. Typed ``object`` it had no value and was left out: the
    optional property's null (its absence) and ``"x"`` were refused by a wire reported
    lossless."""
    x = {"anyOf": [{"anyOf": [{"const": None}, {"const": "x"}]}, {"type": "number"}],
         "properties": {"a": {"type": "integer"}}, "required": ["a"]}
    original = {"type": "object", "properties": {"x": x, "y": {"type": "integer"}}, "required": ["y", *required],
                "additionalProperties": False}
    rendered = schema.render(original, "openai.chat")
    assert rendered.lossless, rendered.report
    sx.alone_in_unions(rendered.wire_schema)
    orig, wire = jsonschema.Draft202012Validator(original), jsonschema.Draft202012Validator(rendered.wire_schema)
    for value in (None, "x", "y", 1.5, {"a": 1}, {}):
        answer = {"x": value, "y": 1}
        assert wire.is_valid(answer) == orig.is_valid(answer), value  # (null: x null, or absent when optional)
        assert (rendered.validate(answer) == []) == orig.is_valid(answer), value


NV = {"enum": [1], "const": 2}  # no value: the const is none of the enum's


def _refs(node: Any) -> Any:
    if isinstance(node, dict):
        yield from ([node["$ref"]] if isinstance(node.get("$ref"), str) else [])
        for v in node.values():
            yield from _refs(v)
    elif isinstance(node, list):
        for v in node:
            yield from _refs(v)


def _exact_or_said(original: Any, rendered: Any, answers: Any) -> None:
    """Every ``$ref`` on the wire names a ``$defs`` entry on the wire; a render reported
    lossless accepts exactly what the original does (``jsonschema``'s verdicts)."""
    defs = rendered.wire_schema.get("$defs", {})
    for ref in _refs(rendered.wire_schema):
        assert ref.startswith("#/$defs/") and ref[len("#/$defs/"):] in defs, (ref, rendered.wire_schema)
    if rendered.lossless:
        _agrees(original, rendered, answers)


@pytest.mark.parametrize("target", ["anthropic.messages", "gemini", "bedrock.converse"])
@pytest.mark.parametrize("c", [
    {"type": "object", "properties": {"x": {"$ref": "#/$defs/B"}}, "additionalProperties": False},
    {"type": "array", "items": {"$ref": "#/$defs/B"}},
    {"type": "object", "additionalProperties": {"$ref": "#/$defs/B"}},
])
def test_a_def_of_no_value_named_from_a_def_nobody_names_is_not_left_dangling(c: Any, target: str) -> None:
    """A ``$defs`` entry of no value named only by another entry the root does not name:
    deleting it left that entry's ``$ref`` naming nothing on a wire reported lossless."""
    original = _root({"a": {"type": "string"}}, ["a"], {"B": NV, "C": c})
    rendered = schema.render(original, target, on_error="report")
    _exact_or_said(original, rendered, [{"a": "s"}, {"a": 1}])


@pytest.mark.parametrize("target", ["openai.chat", "gemini", "anthropic.messages"])
@pytest.mark.parametrize("a", [
    {"type": "string", "items": NV, "minItems": 1},
    {"type": "string", "properties": {"p": NV}, "required": ["p"]},
    {"anyOf": [{"type": ["array", "string"], "items": NV, "minItems": 1}], "type": "string"},
])
def test_array_and_object_keywords_of_no_value_beside_another_type_leave_it_a_value(a: Any, target: str) -> None:
    """``items`` / ``required`` apply to arrays / objects only (JSON Schema 2020-12 Core
    §10.3.1.2, Validation §6.5.3): beside ``type: "string"`` they leave every string a
    value; the branch was left out and ``"x"`` refused by a wire reported lossless."""
    original = {"type": "object", "properties": {"a": {"anyOf": [a, {"type": "integer"}]}}, "required": ["a"],
                "additionalProperties": False}
    rendered = schema.render(original, target, on_error="report")
    _exact_or_said(original, rendered, [{"a": v} for v in ("x", 1, [1], {"p": 1}, None)])


@pytest.mark.parametrize("a", [
    {"anyOf": [{"type": "string"}, {"type": "object", "properties": {}}], "properties": {"p": NV}, "required": ["p"]},
    {"items": NV, "minItems": 1},
])
def test_untyped_array_and_object_keywords_of_no_value_leave_other_types_a_value(a: Any) -> None:
    """Gemini: the same on a node with no ``type``: a string passes it."""
    original = {"type": "object", "properties": {"a": {"anyOf": [a, {"type": "integer"}]}}, "required": ["a"],
                "additionalProperties": False}
    rendered = schema.render(original, "gemini", on_error="report")
    _exact_or_said(original, rendered, [{"a": v} for v in ("x", 1, [1], {"p": 1}, None)])


@pytest.mark.parametrize("a", [
    {"type": ["object", "null"], "properties": {"p": NV}, "required": ["p"]},
    {"type": ["array", "null"], "items": NV, "minItems": 1},
])
def test_a_nullable_node_of_no_object_or_array_value_keeps_null_on_openapi(a: Any) -> None:
    """gemini.openapi: ``nullable: true`` beside ``type: "object"`` (OpenAPI 3.0 Schema
    Object) still accepts null when no object has a value; it was left out, lossless."""
    original = {"type": "object", "properties": {"a": {"anyOf": [a, {"type": "integer"}]}}, "required": ["a"]}
    rendered = schema.render(original, "gemini.openapi", on_error="report")
    assert not rendered.lossless or "nullable" in json.dumps(rendered.wire_schema["properties"]["a"]), \
        rendered.wire_schema


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "bedrock.converse", "gemini"])
def test_object_keywords_beside_an_untyped_branch_holding_strings_do_not_drop_them(target: str) -> None:
    """Object keywords beside ``anyOf`` on a node with no ``type``, one branch itself an
    object-keywords-beside-``anyOf`` of strings: typed ``object`` in the copy, its string
    branch was left out and ``"y"`` refused by a wire reported lossless."""
    inner = {"anyOf": [{"type": "string"}], "properties": {"q": {"type": "null"}}, "required": ["q"],
             "additionalProperties": False}
    b = {"anyOf": [inner, {"type": "null"}], "properties": {"q": {"enum": ["x", 1]}}, "required": ["q"],
         "additionalProperties": False}
    original = {"type": "object", "properties": {"b": b}, "required": ["b"], "additionalProperties": False}
    rendered = schema.render(original, target, on_error="report")
    _exact_or_said(original, rendered, [{"b": v} for v in ("y", None, {"q": "x"}, {"q": None}, 1)])


@pytest.mark.parametrize("required", [["b"], []])
def test_object_keywords_leave_a_ref_to_an_any_of_of_no_object_as_it_is(required: Any, sx: Any) -> None:
    """A ``$ref`` branch whose target is an ``anyOf`` of non-objects is no object either,
    as the same ``anyOf`` written inline is (it was refused)."""
    b = {"properties": {"a": {"type": "string"}}, "anyOf": [{"$ref": "#/$defs/D"}]}
    original = {"type": "object", "properties": {"b": b}, "required": required, "additionalProperties": False,
                "$defs": {"D": {"anyOf": [{"type": "null"}, {"type": "string"}]}}}
    rendered = schema.render(original, "openai.chat")
    assert rendered.lossless, rendered.report
    sx.alone_in_unions(rendered.wire_schema)
    _exact_or_said(original, rendered, [{"b": v} for v in ("xy", None, 1, {"a": "s"}, {})])


def test_the_kinds_of_ref_branches_are_read_in_linear_work(monkeypatch: Any) -> None:
    """n branches, each naming a def naming one ``anyOf`` of n branches: its kind read
    once, not once per branch naming it (n²); counted in calls, not timed."""
    from toolwire.schema import _rewrite_conjunctions

    calls = [0]
    real = _rewrite_conjunctions.ConjunctionRewrites._kind_of

    def kind_of(self: Any, b: Any, depth: int = 3) -> Any:
        calls[0] += 1
        return real(self, b, depth)

    monkeypatch.setattr(_rewrite_conjunctions.ConjunctionRewrites, "_kind_of", kind_of)
    counts = []
    for n in (20, 80):
        calls[0] = 0
        refs = [{"$ref": f"#/$defs/D{i}"} for i in range(n)]
        defs: Dict[str, Any] = {f"D{i}": {"$ref": "#/$defs/M"} for i in range(n)}
        defs["M"] = {"anyOf": [{"$ref": f"#/$defs/F{j}"} for j in range(n)]}
        defs.update({f"F{j}": {"type": "string", "maxLength": j} for j in range(n)})
        b = {"properties": {"a": {"type": "string"}}, "anyOf": refs}
        original = {"type": "object", "properties": {"b": b}, "required": ["b"], "additionalProperties": False,
                    "$defs": defs}
        schema.render(original, "openai.chat", on_error="report")
        counts.append(calls[0])
    assert 0 < counts[1] <= 4.5 * counts[0], counts
