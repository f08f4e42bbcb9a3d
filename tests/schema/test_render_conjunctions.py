"""Conjunctions in strict mode: an ``allOf``, a ``$ref`` beside ``properties``, an
object beside ``anyOf`` branches all hold at once (JSON Schema 2020-12 Core §10.2.1.1,
§8.2.3.1), and ``additionalProperties: false`` reads only the properties of its own
schema object (§10.3.2.3). A strict target closes every object (OpenAI: "additionalProperties:
false must always be set in objects"; Anthropic and Bedrock the same), so the parts of a
conjunction are merged into one object before it is closed, or the schema is refused as
not representable: closed apart, they accept no answer the original accepts.

The shapes are the OpenAPI / zod inheritance idiom (``allOf: [{$ref: Base}, {...}]``),
its 2020-12 sibling form (``{$ref: Base, properties: {...}}``) and a union with a common
base (an object's shared properties beside typed ``anyOf`` branches). Each rendering is
checked with ``jsonschema`` against the caller's valid examples.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire import EncodeError
from toolwire import schema as S

jsonschema = pytest.importorskip("jsonschema")

STRICT = ("openai.chat", "openai.responses", "anthropic.messages", "anthropic.tool", "bedrock.converse")

A = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
B_PART = {"properties": {"b": {"type": "string"}}, "required": ["b"]}
KA = {"type": "object", "properties": {"kind": {"const": "a"}, "a": {"type": "integer"}}, "required": ["kind", "a"]}
KB = {"type": "object", "properties": {"kind": {"const": "b"}, "b": {"type": "string"}}, "required": ["kind", "b"]}


def _x(inner: Any, defs: Any = None) -> Dict[str, Any]:
    out: Dict[str, Any] = {"type": "object", "properties": {"x": inner}, "required": ["x"]}
    if defs:
        out["$defs"] = defs
    return out


#: name -> (schema, answers the schema accepts, answers it refuses)
CASES: Dict[str, Any] = {
    "allOf[$ref, props]": (
        _x({"allOf": [{"$ref": "#/$defs/A"}, B_PART]}, {"A": A}),
        [{"x": {"a": 1, "b": "s"}}],
        [{"x": {"a": 1}}, {"x": {"b": "s"}}],
    ),
    "allOf[props, props]": (
        _x({"allOf": [A, B_PART]}),
        [{"x": {"a": 1, "b": "s"}}],
        [{"x": {"a": 1}}],
    ),
    "allOf[$ref, $ref]": (
        _x({"allOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]}, {"A": A, "B": {"type": "object", **B_PART}}),
        [{"x": {"a": 1, "b": "s"}}],
        [{"x": {"a": 1}}],
    ),
    "$ref beside properties": (
        _x({"$ref": "#/$defs/A", "properties": {"b": {"type": "string"}}, "required": ["b"]}, {"A": A}),
        [{"x": {"a": 1, "b": "s"}}],
        [{"x": {"b": "s"}}],
    ),
    "object beside anyOf[$ref]": (
        _x(
            {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"],
             "anyOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]},
            {"A": KA, "B": KB},
        ),
        [{"x": {"id": "1", "kind": "a", "a": 1}}, {"x": {"id": "2", "kind": "b", "b": "s"}}],
        [{"x": {"kind": "a", "a": 1}}, {"x": {"id": "1", "kind": "a", "b": "s"}}],
    ),
    "object beside anyOf[inline]": (
        _x({"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"], "anyOf": [KA, KB]}),
        [{"x": {"id": "1", "kind": "a", "a": 1}}, {"x": {"id": "2", "kind": "b", "b": "s"}}],
        [{"x": {"kind": "a", "a": 1}}],
    ),
    "object beside oneOf[inline]": (
        _x({"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"], "oneOf": [KA, KB]}),
        [{"x": {"id": "1", "kind": "a", "a": 1}}, {"x": {"id": "2", "kind": "b", "b": "s"}}],
        [{"x": {"kind": "a", "a": 1}}],
    ),
    "object beside untyped branches": (
        _x({"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"],
            "anyOf": [{"properties": {"a": {"type": "integer"}}, "required": ["a"]},
                      {"properties": {"b": {"type": "string"}}, "required": ["b"]}]}),
        [{"x": {"id": "1", "a": 2}}, {"x": {"id": "1", "b": "s"}}],
        [{"x": {"a": 2}}, {"x": {"id": "1"}}],
    ),
    "object type beside anyOf[$ref]": (
        _x({"type": "object", "anyOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]}, {"A": KA, "B": KB}),
        [{"x": {"kind": "a", "a": 1}}, {"x": {"kind": "b", "b": "s"}}],
        [{"x": {"kind": "a"}}],
    ),
    "root allOf[$ref, props]": (
        {"allOf": [{"$ref": "#/$defs/A"}, B_PART], "$defs": {"A": A}},
        [{"a": 1, "b": "s"}],
        [{"a": 1}],
    ),
}


def _wire(r: Any, answer: Any) -> Any:
    return {"result": answer} if r.wrapped else answer


@pytest.mark.parametrize("target", STRICT)
@pytest.mark.parametrize("case", sorted(CASES))
def test_strict_conjunction_accepts_what_the_original_accepts(case: str, target: str) -> None:
    schema, good, bad = CASES[case]
    original = jsonschema.Draft202012Validator(schema)
    assert all(original.is_valid(g) for g in good) and not any(original.is_valid(b) for b in bad)
    r = S.render(schema, target, on_error="report")
    assert r.lossless, [str(lint) for lint in r.lints] + [str(c) for c in r.report]
    wire = jsonschema.Draft202012Validator(r.wire_schema)
    for g in good:
        assert wire.is_valid(_wire(r, g)), (g, r.wire_schema)
        assert r.validate(_wire(r, g)) == []
    for b in bad:  # nothing widened either
        assert not wire.is_valid(_wire(r, b)), (b, r.wire_schema)


def test_openai_allof_ref_pinned() -> None:
    """OpenAI strict: one closed object, every property required (platform.openai.com
    structured-outputs "Supported schemas")."""
    schema = CASES["allOf[$ref, props]"][0]
    r = S.render(schema, "openai.chat")
    assert r.wire_schema["properties"]["x"] == {
        "type": "object",
        "properties": {"a": {"type": "integer"}, "b": {"type": "string"}},
        "required": ["a", "b"],
        "additionalProperties": False,
    }


def test_anthropic_allof_parts_pinned() -> None:
    schema = CASES["allOf[props, props]"][0]
    r = S.render(schema, "anthropic.messages")
    assert r.wire_schema["properties"]["x"] == {
        "type": "object",
        "properties": {"a": {"type": "integer"}, "b": {"type": "string"}},
        "required": ["a", "b"],
        "additionalProperties": False,
    }


def test_openai_common_base_union_pinned() -> None:
    """The shared properties go into each branch; the parent keeps no closed object of
    its own (which would forbid every branch's own properties). Each ``const`` is typed
    (OpenAI strict mode refuses a node without ``type``)."""
    schema = CASES["object beside anyOf[inline]"][0]
    r = S.render(schema, "openai.chat")
    assert r.wire_schema["properties"]["x"] == {
        "anyOf": [
            {
                "type": "object",
                "properties": {"id": {"type": "string"}, "kind": {"const": "a", "type": "string"},
                               "a": {"type": "integer"}},
                "required": ["id", "kind", "a"],
                "additionalProperties": False,
            },
            {
                "type": "object",
                "properties": {"id": {"type": "string"}, "kind": {"const": "b", "type": "string"},
                               "b": {"type": "string"}},
                "required": ["id", "kind", "b"],
                "additionalProperties": False,
            },
        ]
    }


RECURSIVE = {
    "type": "object",
    "properties": {"x": {"allOf": [{"$ref": "#/$defs/N"}, B_PART]}},
    "required": ["x"],
    "$defs": {"N": {"type": "object", "properties": {"a": {"type": "integer"}, "next": {"$ref": "#/$defs/N"}},
                    "required": ["a"]}},
}


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages"])
def test_unmergeable_conjunction_is_refused(target: str) -> None:
    """A recursive target cannot be copied into the merge: not representable, never a
    wire schema that accepts nothing reported lossless."""
    r = S.render(RECURSIVE, target, on_error="report")
    assert not r.lossless
    assert "not-representable" in [lint.code for lint in r.lints]
    with pytest.raises(EncodeError, match="not-representable"):
        S.render(RECURSIVE, target)


# --- S7: a branch's own allOf is kept when it takes its parent's properties -------------

PET = {
    "type": "object",
    "properties": {"pet": {
        "type": "object",
        "anyOf": [
            {"allOf": [{"properties": {"kind": {"const": "cat"}, "lives": {"type": "integer", "maximum": 9}},
                        "required": ["kind", "lives"]}]},
            {"allOf": [{"properties": {"kind": {"const": "dog"}, "breed": {"type": "string"}},
                        "required": ["kind", "breed"]}]},
        ],
    }},
    "required": ["pet"],
}
PET_REFS = {
    "type": "object",
    "properties": {"pet": {"type": "object", "anyOf": [
        {"allOf": [{"$ref": "#/$defs/Base"}, {"properties": {"lives": {"type": "integer"}}, "required": ["lives"]}]},
        {"allOf": [{"$ref": "#/$defs/Base"}, {"properties": {"breed": {"type": "string"}}, "required": ["breed"]}]},
    ]}},
    "required": ["pet"],
    "$defs": {"Base": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}},
}


@pytest.mark.parametrize("target", ["gemini", "gemini.openapi", "openai.chat", "anthropic.messages",
                                    "bedrock.converse"])
def test_branch_allof_kept(target: str) -> None:
    r = S.render(PET, target, on_error="report")
    wire = jsonschema.Draft202012Validator(r.wire_schema)
    if r.lossless:
        for bad in ({"pet": {}}, {"pet": {"kind": "cat", "lives": 99}}):
            assert not wire.is_valid(bad), (bad, r.wire_schema)
    else:  # only a lossy report may let more through
        assert [c for c in r.report if c.action in ("moved", "dropped", "unsupported")] or r.errors
    if target in STRICT:  # Anthropic and Bedrock take no maximum: moved, reported
        assert not r.errors and (r.lossless or target != "openai.chat"), [str(lint) for lint in r.lints]
        assert wire.is_valid({"pet": {"kind": "cat", "lives": 3}})
        assert wire.is_valid({"pet": {"kind": "dog", "breed": "pug"}})


def test_gemini_branch_allof_pinned() -> None:
    """Gemini (``response_json_schema``, JSON Schema): each branch keeps its fields."""
    r = S.render(PET, "gemini")
    assert r.wire_schema["properties"]["pet"]["anyOf"][0]["properties"] == {
        "kind": {"const": "cat"} if "const" in str(r.wire_schema) else {"type": "string", "enum": ["cat"]},
        "lives": {"type": "integer", "maximum": 9},
    }
    assert r.wire_schema["properties"]["pet"]["anyOf"][0]["required"] == ["kind", "lives"]


@pytest.mark.parametrize("target", ["gemini", "openai.chat", "anthropic.messages", "bedrock.converse"])
def test_branch_allof_with_refs(target: str) -> None:
    """The OpenAPI polymorphism idiom: ``anyOf: [{allOf: [{$ref: Base}, {...}]}, ...]``."""
    r = S.render(PET_REFS, target, on_error="report")
    wire = jsonschema.Draft202012Validator(r.wire_schema)
    assert r.lossless, [str(lint) for lint in r.lints]
    assert not wire.is_valid({"pet": {}})
    assert wire.is_valid({"pet": {"name": "Tom", "lives": 3}})
    assert wire.is_valid({"pet": {"name": "Rex", "breed": "pug"}})


def _codes(lints: List[Any]) -> List[str]:
    return [lint.code for lint in lints]


# --- differential: every minimal answer the original accepts, the wire accepts ---------

_KEYS = ("a", "b", "c", "id", "kind")


def _scalar(rnd: Any) -> Dict[str, Any]:
    return dict(rnd.choice([{"type": "integer"}, {"type": "string"}, {"const": "p"}, {"const": "q"}]))


def _part(rnd: Any, all_required: bool) -> Dict[str, Any]:
    keys = rnd.sample(_KEYS, rnd.randint(1, 3))
    out: Dict[str, Any] = {"properties": {k: _scalar(rnd) for k in keys}}
    if rnd.random() < 0.7:
        out["type"] = "object"
    out["required"] = list(keys) if all_required else rnd.sample(keys, rnd.randint(0, len(keys)))
    return out


def _conjunction(rnd: Any, defs: Dict[str, Any], all_required: bool, depth: int = 0) -> Dict[str, Any]:
    """allOf parts, $ref beside properties, objects beside anyOf/oneOf, nested."""
    r = rnd.random()
    if depth > 1 or r < 0.25:
        return _part(rnd, all_required)
    if r < 0.45:
        return {"allOf": [_conjunction(rnd, defs, all_required, depth + 1) for _ in range(rnd.randint(1, 3))]}
    if r < 0.65:
        name = f"D{len(defs)}"
        defs[name] = {}
        defs[name] = _conjunction(rnd, defs, all_required, depth + 1)
        out: Dict[str, Any] = {"$ref": f"#/$defs/{name}"}
        if rnd.random() < 0.5:
            out.update(_part(rnd, all_required))
        return out
    out = {**_part(rnd, all_required), "type": "object"}
    out[rnd.choice(["anyOf", "oneOf"])] = [
        _conjunction(rnd, defs, all_required, depth + 1) for _ in range(rnd.randint(1, 3))
    ]
    return out


def _minimal(valid: Any, answer: Dict[str, Any]) -> Dict[str, Any]:
    """*answer* without the keys it can lose and stay valid (closing an object may
    refuse a key only openness allowed: a narrowing, reported)."""
    changed = True
    while changed:
        changed = False
        for k in list(answer):
            fewer = {kk: vv for kk, vv in answer.items() if kk != k}
            if valid({"x": fewer}):
                answer, changed = fewer, True
    return answer


@pytest.mark.parametrize("seed", range(4))
def test_strict_conjunctions_differential(seed: int) -> None:
    import random

    rnd = random.Random(seed)
    for _ in range(25):
        defs: Dict[str, Any] = {}
        all_required = rnd.random() < 0.5
        schema = _x(_conjunction(rnd, defs, all_required), defs)
        valid = jsonschema.Draft202012Validator(schema).is_valid
        answers = []
        for _ in range(60):
            answer = {k: rnd.choice([1, "s", "p", "q"]) for k in rnd.sample(_KEYS, rnd.randint(0, 5))}
            if valid({"x": answer}):
                answers.append({"x": _minimal(valid, answer)})
        for target in ("anthropic.messages", "bedrock.converse", "openai.chat", "gemini"):
            if target == "openai.chat" and not all_required:
                continue  # optional properties: answers would need the nulls OpenAI adds
            r = S.render(schema, target, on_error="report")
            if not r.lossless:
                continue
            wire = jsonschema.Draft202012Validator(r.wire_schema)
            for answer in answers:
                assert wire.is_valid(_wire(r, answer)), (target, schema, answer, r.wire_schema)
