"""``unevaluatedProperties`` on vLLM's wire as xgrammar 0.2.9 (strict mode, as vLLM) reads it
(session 47, review revVllm7 R2 / C1).

- R2: beside a ``patternProperties`` the engines cannot take, a schema ``additionalProperties``
  was widened to every value beside the ``unevaluatedProperties``, on a node of no type too,
  which xgrammar reads as an object: it refused ``null``, ``5``, ``"s"``, ``[1]`` (valid);
- C1: the ``unevaluatedProperties`` left there without an ``additionalProperties`` held the
  keys the regexes took (``{"ab": 1}`` refused); one on a node of no type is read as an
  object, and on an array closes its items.

Values checked with ``jsonschema`` (Draft 2020-12) on the caller's schema; xgrammar's tests skip
without it.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

import jsonschema
import pytest

from toolwire.schema import render

# the review's reproducers
R2 = {"patternProperties": {"(?<=a)b": {}}, "additionalProperties": {"type": "string"}, "minProperties": 1,
      "unevaluatedProperties": False}
C1_TYPED = {"type": "object", "patternProperties": {"(?<=a)b": {}}, "unevaluatedProperties": False}
C1_CLOSED = {**C1_TYPED, "additionalProperties": False}
C1_UNTYPED = {"unevaluatedProperties": False}
# the same of an open one (xgrammar reads it alike: the review's sweep, 10 of 120 wrong before and after R2)
OPEN = {"minProperties": 1, "unevaluatedProperties": {}}
OPEN_TRUE = {"unevaluatedProperties": True}
# neighbours: an array the keyword would close, a schema value, a decider (xgrammar reads the $ref alone)
ARRAY = {"type": ["array", "object"], "unevaluatedProperties": False}
SCHEMA_VALUE = {"properties": {"b": {"type": "integer"}}, "unevaluatedProperties": {"type": "string"}}
DECIDED = {"$defs": {"A": {"type": ["string", "array"]}}, "$ref": "#/$defs/A", "unevaluatedProperties": False}

VALUES = ["null", "5", '"s"', "[1]", "[]", "true", "{}", '{"b": 1}', '{"b": "x"}', '{"ab": 1}', '{"c": "y"}']


def _xgrammar_refuses(schema: Dict[str, Any]) -> List[str]:
    """The values valid for *schema* that xgrammar refuses on its vLLM wire (it compiles it)."""
    xgrammar = pytest.importorskip("xgrammar")
    from xgrammar.testing import _is_grammar_accept_string

    wire = render(schema, "vllm", on_error="report").wire_schema
    grammar = xgrammar.Grammar.from_json_schema(json.dumps(wire), strict_mode=True)
    valid = [v for v in VALUES if jsonschema.Draft202012Validator(schema).is_valid(json.loads(v))]
    return [v for v in valid if not _is_grammar_accept_string(grammar, v)]


@pytest.mark.parametrize("schema", [R2, C1_TYPED, C1_CLOSED, C1_UNTYPED, OPEN, OPEN_TRUE, ARRAY, SCHEMA_VALUE],
                         ids=["R2", "C1-typed", "C1-closed", "C1-untyped", "open", "open-true", "array", "schema-value"])
def test_xgrammar_takes_every_valid_value_of_the_vllm_wire(schema: Dict[str, Any]) -> None:
    assert _xgrammar_refuses(schema) == []


def test_every_value_is_written_as_additional_properties_beside_it() -> None:
    # (it stays: xgrammar closes an object by it where additionalProperties is absent, review revSchema7)
    for schema in (R2, C1_TYPED, C1_CLOSED):
        wire = render(schema, "vllm", on_error="report").wire_schema
        assert wire["unevaluatedProperties"] is False and wire["additionalProperties"] == {"type": [
            "string", "number", "boolean", "object", "array", "null"]}
        assert wire["description"].startswith('{patternProperties: {"(?<=a)b": {}}')


def test_every_type_is_written_beside_it_on_a_node_of_no_type() -> None:
    r = render(C1_UNTYPED, "vllm", on_error="report")
    parts = r.wire_schema["anyOf"]  # (null a branch of its own: lm-format-enforcer reads a type list bare)
    assert parts[0] == {"unevaluatedProperties": False, "type": ["string", "number", "boolean", "object", "array"],
                        "items": {}} and parts[1] == {"type": "null"}
    assert [(c.keyword, c.action) for c in r.report if c.keyword in ("type", "items")][:2] == [
        ("type", "rewritten"), ("items", "rewritten")]


def test_a_node_the_engine_reads_by_its_ref_is_left_as_it_is() -> None:
    wire = render(DECIDED, "vllm", on_error="report").wire_schema
    assert {k: wire[k] for k in ("$ref", "unevaluatedProperties")} == {"$ref": "#/$defs/A", "unevaluatedProperties": False}
    assert "type" not in wire and "items" not in wire


# review revSchema9 Reg1: xgrammar reads an allOf branch (inline or by $ref) and an anyOf / oneOf
# branch of a typed parent without the parent's type: every type written there took 5, "s", null,
# [1] (valid only {} and {"a": 1}); "items": {} under an ancestor's unevaluatedItems marks the
# items evaluated ([1] taken, invalid)
N = {"unevaluatedProperties": False, "properties": {"a": {"type": "integer"}}}
REG1_REF = {"$defs": {"N": N}, "type": "object", "allOf": [{"$ref": "#/$defs/N"}]}
REG1_ANY = {"type": "object", "anyOf": [N]}
REG1_ONE = {"type": "object", "oneOf": [N]}
REG1_ITEMS = {"$defs": {"N": {"type": ["array", "null"], "unevaluatedProperties": {"type": "integer"}}},
              "$ref": "#/$defs/N", "unevaluatedItems": False}
# Reg2: array keywords xgrammar finds contradictory, exposed by the type (compiled before)
REG2_CLOSED = {"type": "object", "anyOf": [{"items": False, "minItems": 1, "unevaluatedProperties": False}]}
REG2_PREFIX = {"type": "object", "properties": {"a": {"type": "integer"}},
               "anyOf": [{"prefixItems": [{"type": "string"}], "maxItems": 0, "unevaluatedProperties": True}]}
REG2_UNTYPED = {"items": False, "minItems": 1, "unevaluatedProperties": False}


def _nodes(wire: Any) -> List[Dict[str, Any]]:
    out, stack = [], [wire]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            out.append(n)
            stack.extend(n.values())
        elif isinstance(n, list):
            stack.extend(n)
    return out


def test_the_target_of_an_all_of_branchs_ref_takes_the_parents_types() -> None:
    wire = render(REG1_REF, "vllm", on_error="report").wire_schema
    assert [n["type"] for n in _nodes(wire) if "unevaluatedProperties" in n] == [["object"]]


@pytest.mark.parametrize("schema", [REG1_ANY, REG1_ONE], ids=["anyOf", "oneOf"])
def test_a_branch_of_a_typed_parent_takes_the_parents_types(schema: Dict[str, Any]) -> None:
    # (exact: the parent keeps its type; xgrammar reads the branch without it)
    wire = render(schema, "vllm", on_error="report").wire_schema
    assert [n["type"] for n in _nodes(wire) if "unevaluatedProperties" in n] == [["object"]]
    arrays = {"type": ["array", "object"], "anyOf": [N]}
    branch = render(arrays, "vllm", on_error="report").wire_schema["anyOf"][0]
    assert branch["type"] == ["object", "array"] and branch["items"] == {}


def test_no_items_are_written_under_an_ancestors_unevaluated_items() -> None:
    r = render(REG1_ITEMS, "vllm", on_error="report")
    assert all("items" not in n for n in _nodes(r.wire_schema) if "unevaluatedProperties" in n)
    assert not jsonschema.Draft202012Validator(REG1_ITEMS).is_valid([1])


def test_a_shared_def_is_typed_only_where_every_use_reads_its_own_type() -> None:
    free = render({"$defs": {"N": N}, "properties": {"x": {"$ref": "#/$defs/N"}}}, "vllm", on_error="report")
    assert "type" in free.wire_schema["$defs"]["N"] or "anyOf" in free.wire_schema["$defs"]["N"]
    both = {"$defs": {"N": N}, "type": "object", "properties": {"x": {"$ref": "#/$defs/N"}},
            "allOf": [{"$ref": "#/$defs/N"}]}
    # (the allOf branch written as its copy, typed as its place: session 48, review revSchema10 R4)
    wire = render(both, "vllm", on_error="report").wire_schema
    assert wire["allOf"] == [{**N, "type": ["object"]}] and wire["$defs"]["N"]["anyOf"][0]["type"] == [
        "string", "number", "boolean", "object", "array"]


@pytest.mark.parametrize("schema", [REG2_CLOSED, REG2_PREFIX, REG2_UNTYPED], ids=["closed", "prefix", "untyped"])
def test_array_is_left_out_where_its_keywords_contradict(schema: Dict[str, Any]) -> None:
    wire = render(schema, "vllm", on_error="report").wire_schema
    assert all("array" not in n.get("type", ()) for n in _nodes(wire) if "unevaluatedProperties" in n)


@pytest.mark.parametrize("schema", [REG1_REF, REG1_ANY, REG1_ONE, REG1_ITEMS, REG2_CLOSED, REG2_PREFIX, REG2_UNTYPED,
                                    {"type": ["array", "object"], "anyOf": [N]}])
def test_xgrammar_takes_no_invalid_value_of_the_vllm_wire(schema: Dict[str, Any]) -> None:
    xgrammar = pytest.importorskip("xgrammar")
    from xgrammar.testing import _is_grammar_accept_string

    wire = render(schema, "vllm", on_error="report").wire_schema
    grammar = xgrammar.Grammar.from_json_schema(json.dumps(wire), strict_mode=True)
    invalid = [v for v in VALUES if not jsonschema.Draft202012Validator(schema).is_valid(json.loads(v))]
    assert [v for v in invalid if _is_grammar_accept_string(grammar, v)] == []
