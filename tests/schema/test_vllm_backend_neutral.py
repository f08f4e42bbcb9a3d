"""vLLM's ``json`` structured output runs on whichever backend the server was started with
(``--structured-outputs-config.backend``: xgrammar, guidance, outlines, lm-format-enforcer;
a client cannot tell), so the ``vllm`` render writes a meaning every one of them reads.

lm-format-enforcer 0.11.3 (``lmformatenforcer/jsonschemaparser.py``, checked 2026-12-07):
``get_parser`` reads a ``type`` list as bare types (every other keyword of the node is
dropped: ``properties``, ``required``, ``items``, ``maxLength``, ``pattern``...), refuses
an ``enum`` mixing strings and null ("Unsupported enum type", the output cut), reads each
``oneOf`` branch as an object, and reads ``additionalProperties: true`` as a schema (an
``AttributeError`` at the first value). The forms written instead are exact in JSON
Schema and compile in xgrammar 0.2.9 and llguidance 1.9.1 (their tests skip without them).
Literals from the hunt's reproducers (/tmp/h45/huntLFE/repro f1, f2, f3, f5).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Literal, Union

import jsonschema
import pytest
from pydantic import BaseModel, Field

from toolwire import schema as S


def _x(node: Any) -> Dict[str, Any]:
    return {"type": "object", "properties": {"x": node}, "required": ["x"]}


def _wire_x(schema: Any, target: str = "vllm") -> Any:
    return S.render(schema, target, on_error="report").wire_schema["properties"]["x"]


def _acts(schema: Any) -> set:
    return {(c.pointer, c.keyword, c.action) for c in S.render(schema, "vllm", on_error="report").report}


NULL = {"type": "null"}
# (caller's node, the vllm wire's node)
NULL_BRANCHES = [
    ({"type": "string", "maxLength": 3, "nullable": True}, {"anyOf": [{"type": "string", "maxLength": 3}, NULL]}),
    ({"type": ["string", "null"], "maxLength": 3}, {"anyOf": [{"type": "string", "maxLength": 3}, NULL]}),
    ({"type": "string", "enum": ["red", "blue"], "nullable": True},
     {"anyOf": [{"type": "string", "enum": ["red", "blue"]}, NULL]}),
    ({"type": "object", "nullable": True, "properties": {"city": {"type": "string"}}, "required": ["city"]},
     {"anyOf": [{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}, NULL]}),
    ({"type": "array", "items": {"type": "integer"}, "maxItems": 2, "nullable": True},
     {"anyOf": [{"type": "array", "items": {"type": "integer"}, "maxItems": 2}, NULL]}),
    # annotations stay on the node; two types left stay a list
    ({"type": ["string", "integer", "null"], "description": "d", "minLength": 1},
     {"description": "d", "anyOf": [{"type": ["string", "integer"], "minLength": 1}, NULL]}),
    # nested: the property's own nullable property too
    ({"type": ["object", "null"], "properties": {"n": {"type": ["integer", "null"], "minimum": 1}}},
     {"anyOf": [{"type": "object", "properties": {"n": {"anyOf": [{"type": "integer", "minimum": 1}, NULL]}}},
                NULL]}),
]


@pytest.mark.parametrize("node,wire", NULL_BRANCHES)
def test_vllm_writes_null_as_its_own_branch(node: Dict[str, Any], wire: Dict[str, Any]) -> None:
    assert _wire_x(_x(node)) == wire
    assert ("/properties/x", "type", "rewritten") in _acts(_x(node))


def test_vllm_writes_a_nullable_root_as_branches() -> None:
    schema = {"type": "object", "nullable": True, "properties": {"a": {"type": "integer"}}, "required": ["a"],
              "$defs": {"D": {"type": "string"}}}
    wire = S.render(schema, "vllm").wire_schema
    assert wire == {"anyOf": [{"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}, NULL],
                    "$defs": {"D": {"type": "string"}}}


# left as they are: nothing beside the type list (every backend reads it), an enum without
# null (no null branch), a node a keyword applies to null in ($ref, unions, const, not...),
# a count llguidance would then read merged, a place a $ref names, a oneOf branch kept oneOf
KEPT = [
    {"type": ["string", "null"]},
    {"type": ["string", "null"], "description": "d", "title": "t"},
    {"type": ["string", "null"], "enum": ["a", "b"]},
    {"type": ["string", "null"], "anyOf": [{"maxLength": 2}, {"minLength": 5}]},
    {"type": ["string", "null"], "not": {"const": "a"}, "maxLength": 3},
    {"type": ["string", "null"], "const": "a"},
    {"type": ["object", "null"], "properties": {"a": {"type": "integer"}}, "required": ["a"], "minProperties": 1},
    {"type": "string", "maxLength": 3},
    {"type": ["string", "integer"], "maxLength": 3},
    {"oneOf": [{"type": ["string", "null"], "maxLength": 2}, {"type": "string", "minLength": 1}]},
]


@pytest.mark.parametrize("node", KEPT)
def test_vllm_leaves_other_type_lists_as_they_are(node: Dict[str, Any]) -> None:
    assert _wire_x(_x(node)) == node


def test_vllm_keeps_a_node_a_ref_names_a_place_in() -> None:
    schema = {"type": "object", "properties": {"a": {"type": ["object", "null"], "properties": {"b": {"type": "integer"}}},
                                               "c": {"$ref": "#/properties/a/properties/b"}}}
    assert S.render(schema, "vllm").wire_schema["properties"] == schema["properties"]


def test_other_targets_keep_their_forms() -> None:
    # (a profile without the flags: Ollama's llama.cpp converter reads a type list with its keywords)
    schema = _x({"type": "string", "maxLength": 3, "nullable": True})
    assert _wire_x(schema, "ollama") == {"type": ["string", "null"], "maxLength": 3}
    assert _wire_x(_x(ONE_OF_SCALARS), "ollama") == ONE_OF_SCALARS


# F3: a oneOf toolwire proves disjoint (``_disjoint.py``) is anyOf in meaning: sent as anyOf
ONE_OF_SCALARS = {"oneOf": [{"type": "integer"}, {"type": "string"}]}


def test_vllm_sends_a_disjoint_one_of_as_any_of() -> None:
    assert _wire_x(_x(ONE_OF_SCALARS)) == {"anyOf": [{"type": "integer"}, {"type": "string"}]}
    assert ("/properties/x", "oneOf", "rewritten") in _acts(_x(ONE_OF_SCALARS))


class Cat(BaseModel):
    kind: Literal["cat"]
    lives: int


class Dog(BaseModel):
    kind: Literal["dog"]
    bark: str


class Pet(BaseModel):
    pet: Union[Cat, Dog] = Field(discriminator="kind")


def test_vllm_sends_a_discriminated_union_as_any_of() -> None:
    pet = S.render(Pet.model_json_schema(), "vllm").wire_schema["properties"]["pet"]
    assert "oneOf" not in pet and pet["anyOf"] == [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}]


ONE_OF_KEPT = [
    {"oneOf": [{"type": "string"}, {"type": "string", "maxLength": 3}]},  # not disjoint: reported unenforced
    {"oneOf": [{"type": "integer"}, {"type": "string"}], "anyOf": [{"minimum": 1}, {"type": "string"}]},
]


@pytest.mark.parametrize("node", ONE_OF_KEPT)
def test_vllm_keeps_a_one_of_it_cannot_rename(node: Dict[str, Any]) -> None:
    assert _wire_x(_x(node)) == node


def test_vllm_keeps_a_one_of_a_ref_names_a_branch_of() -> None:
    schema = {"type": "object", "properties": {"u": ONE_OF_SCALARS, "v": {"$ref": "#/properties/u/oneOf/1"}}}
    assert S.render(schema, "vllm").wire_schema["properties"] == schema["properties"]


def test_a_null_branch_inside_a_one_of_sent_as_any_of() -> None:
    node = {"oneOf": [{"type": ["string", "null"], "enum": ["a", None]}, {"type": "string", "enum": ["b"]}]}
    assert _wire_x(_x(node)) == {"anyOf": [{"anyOf": [{"type": "string", "enum": ["a"]}, NULL]},
                                           {"type": "string", "enum": ["b"]}]}


# F5: an additionalProperties schema moved with an uncompilable patternProperties regex
F5 = _x({"type": "object", "patternProperties": {"^a\\b": {"type": "integer"}},
         "additionalProperties": {"type": "string"}})


def test_vllm_writes_no_true_where_absent_means_the_same() -> None:
    x = _wire_x(F5)
    assert "additionalProperties" not in x and x["type"] == "object"
    kept = _x({"type": "object", "properties": {"k": {"type": "string"}}, "patternProperties": {"^a\\b": {}},
               "additionalProperties": {"type": "string"}})
    assert _wire_x(kept)["additionalProperties"] == ANY_VALUE  # (absent, strict mode would close it)
    for count in ("minProperties", "maxProperties"):  # (review revLfe: xgrammar closes an object with a count)
        for kind in ("object", ["object", "null"]):
            counted = _x({"type": kind, "patternProperties": {"(?<=a)b": {"type": "string"}},
                          "additionalProperties": {"type": "integer"}, count: 1})
            assert _wire_x(counted)["additionalProperties"] == ANY_VALUE


# review revLead45 S1: xgrammar 0.2.9 (strict) reads a node of no type with a count and
# additionalProperties: true as an object (refusing null, 5, "s", [1], which the node without
# the key takes); lm-format-enforcer 0.11.3 fails on a boolean there ("'bool' object has no
# attribute 'anyOf'"), not on a schema of every type
ANY_VALUE = {"type": ["string", "number", "boolean", "object", "array", "null"]}


@pytest.mark.parametrize("count", ["minProperties", "maxProperties"])
def test_vllm_keeps_no_additional_properties_beside_a_count_of_a_node_of_no_type(count: str) -> None:
    node = {"patternProperties": {"(?<=a)b": {"type": "string"}}, "additionalProperties": {"type": "integer"},
            count: 1}
    assert all(jsonschema.Draft202012Validator(node).is_valid(v) for v in (None, 5, "s", [1]))
    wire = S.render(node, "vllm", on_error="report").wire_schema
    assert "additionalProperties" not in wire and "type" not in wire and wire[count] == 1


def test_vllm_widens_to_a_schema_of_every_type_not_true() -> None:
    node = {"type": "object", "patternProperties": {"(?<=a)b": {"type": "string"}},
            "additionalProperties": {"type": "integer"}, "required": ["x"]}
    assert S.render(node, "vllm", on_error="report").wire_schema["additionalProperties"] == ANY_VALUE


# (schema, the wire sent before (None: its normal form), values)
ENGINE_CASES: List[Any] = [(_x(n), None, None) for n, _ in NULL_BRANCHES] + [
    (_x(ONE_OF_SCALARS), None, ['{"x": 1}', '{"x": "s"}', '{"x": {"o": 1}}', '{"x": null}']),
    (Pet.model_json_schema(), None, ['{"pet": {"kind": "cat", "lives": 9}}', '{"pet": {}}', '{"pet": {"kind": "dog"}}']),
    (F5, _x({"type": "object", "additionalProperties": True}), ['{"x": {"k": "s"}}', '{"x": {"a": 1}}', '{"x": 1}']),
]
VALUES = ['{"x": null}', '{"x": "ab"}', '{"x": "abcd"}', '{"x": "red"}', '{"x": "green"}', '{"x": 1}', '{"x": 0}',
          '{"x": {"city": "c"}}', '{"x": {}}', '{"x": [1, 2]}', '{"x": [1, 2, 3]}', '{"x": {"n": 0}}', '{"x": {"n": 2}}']


@pytest.mark.parametrize("schema,before,values", ENGINE_CASES)
def test_the_engines_read_the_new_form_as_the_old(schema: Any, before: Any, values: Any) -> None:
    llguidance = pytest.importorskip("llguidance")
    xgrammar = pytest.importorskip("xgrammar")
    from xgrammar.testing import _is_grammar_accept_string

    class _Bytes:
        eos_token_id, bos_token_id, special_token_ids = 256, None, [256]
        tokens = [bytes([i]) for i in range(256)] + [b"<eos>"]

        def __call__(self, s: bytes) -> List[int]:
            return list(s)

    tok = llguidance.LLTokenizer(llguidance.TokenizerWrapper(_Bytes()))
    new = json.dumps(S.render(schema, "vllm").wire_schema)
    old = json.dumps(S.normalize(schema) if before is None else before)  # the type-list / oneOf form sent before
    for text in (old, new):
        assert not llguidance.LLMatcher.validate_grammar(llguidance.LLMatcher.grammar_from_json_schema(text))
    grammars = [xgrammar.Grammar.from_json_schema(t, strict_mode=True) for t in (old, new)]
    for value in values or VALUES:
        xg = [bool(_is_grammar_accept_string(g, value)) for g in grammars]
        ll = []
        for t in (old, new):
            m = llguidance.LLMatcher(tok, llguidance.LLMatcher.grammar_from_json_schema(t), log_level=0)
            ll.append(m.consume_tokens(list(value.encode())) and m.is_accepting())
        assert xg[0] == xg[1] and ll[0] == ll[1], (value, xg, ll)


def _many(n: int) -> Dict[str, Any]:
    """n nullable objects, n disjoint oneOfs, n $refs to them."""
    props: Dict[str, Any] = {}
    for i in range(n):
        props[f"p{i}"] = {"type": ["object", "null"], "properties": {"a": {"type": "integer"}}}
        props[f"u{i}"] = dict(ONE_OF_SCALARS)
        props[f"r{i}"] = {"$ref": f"#/properties/p{i}"}
    return {"type": "object", "properties": props}


def test_the_forms_walk_is_linear(monkeypatch: Any) -> None:
    # counted, not timed (n against 4n): each node tested once, each oneOf once, each $ref read once
    from toolwire.schema import _engine_forms

    def steps(n: int) -> int:
        count = [0]
        real_splits, real_disjoint = _engine_forms._splits, _engine_forms.disjoint

        def splits(*a: Any) -> Any:
            count[0] += 1
            return real_splits(*a)

        def disjoint(*a: Any) -> Any:
            count[0] += 1
            return real_disjoint(*a)
        with monkeypatch.context() as m:
            m.setattr(_engine_forms, "_splits", splits)
            m.setattr(_engine_forms, "disjoint", disjoint)
            r = S.render(_many(n), "vllm", on_error="report")
        assert sum(c.action == "rewritten" and c.keyword in ("type", "oneOf") for c in r.report) == 2 * n
        return count[0]

    small, big = steps(50), steps(200)
    assert small >= 50 and big <= 4.2 * small, (small, big)


# review revSchema7 R1: xgrammar 0.2.9 (strict) closes an object by its unevaluatedProperties where
# additionalProperties is absent ("minProperties is greater than the number of properties, but
# additional properties aren't allowed: 1 > 0"): the widening is written beside one not true / {}
@pytest.mark.parametrize("extra", [{"minProperties": 1, "unevaluatedProperties": False},
                                   {"maxProperties": 2, "unevaluatedProperties": {"type": "string"}},
                                   {"unevaluatedProperties": False}])
def test_vllm_widens_beside_an_unevaluated_properties_that_would_close_the_object(extra: Any) -> None:
    node = {"patternProperties": {"(?<=a)b": {}}, "additionalProperties": {"type": "integer"}, **extra}
    schema = {"type": "object", "allOf": [node]}
    assert jsonschema.Draft202012Validator(schema).is_valid({"b": 1})
    wire = S.render(schema, "vllm", on_error="report").wire_schema
    assert wire["allOf"][0]["additionalProperties"] == ANY_VALUE
    typed = S.render({"type": "object", **node}, "vllm", on_error="report").wire_schema
    assert typed["additionalProperties"] == ANY_VALUE


@pytest.mark.parametrize("open_", [True, {}])
def test_vllm_leaves_out_the_widening_beside_an_open_unevaluated_properties(open_: Any) -> None:
    node = {"patternProperties": {"(?<=a)b": {}}, "additionalProperties": {"type": "integer"}, "minProperties": 1,
            "unevaluatedProperties": open_}
    assert "additionalProperties" not in S.render(node, "vllm", on_error="report").wire_schema
