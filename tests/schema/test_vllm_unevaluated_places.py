"""The types written beside ``unevaluatedProperties`` on vLLM's wire by the place of the node
(session 48, review revSchema10 of session 47's merge).

- R1: the types of a place that allowed ``integer`` alone were lost at the next node of no
  type (``{"type": "integer", "allOf": [{"$ref": N}]}``, N ``{"unevaluatedProperties": false}``:
  N untyped, xgrammar refused ``5`` and took ``{}``; lm-format-enforcer failed to build it);
- R2: an inline ``allOf`` branch passed no types on, so its ``anyOf`` branches stayed untyped
  (``[]``, ``5``, ``1.5``, ``true``, ``[1]`` refused by xgrammar; exact before session 47);
- R5: ``prefixItems`` longer than ``maxItems`` (xgrammar refuses the request) left ``array``
  out of the types written, losing ``[]`` (gr#1049); they are cut to ``maxItems`` (exact);
- R4: a ``$defs`` entry used as a value and through an ``allOf`` branch's ``$ref`` (two places of
  different types) was left untyped: lm-format-enforcer failed to build it ("Unsupported type
  None", gr's refShared: 41 right -> refused). The branch is written as the entry's copy
  (exact), typed by its place, and the entry by the value's.

Each wire is pinned as a literal (these run without the engines); the engine tests check that
every value valid under the caller's schema (``jsonschema``, Draft 2020-12) is taken, and that no
invalid one is, and skip without xgrammar.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

import jsonschema
import pytest

from toolwire.schema import render
from toolwire.schema._engine_unevaluated import EVERY_TYPE, _meet

EVERY = ["string", "number", "boolean", "object", "array", "null"]
R1 = {"type": "integer", "allOf": [{"$ref": "#/$defs/N"}], "$defs": {"N": {"unevaluatedProperties": False}}}
R1_WIRE = {"type": "integer", "allOf": [{"$ref": "#/$defs/N"}],
           "$defs": {"N": {"unevaluatedProperties": False, "type": ["integer"]}}}
R2 = {"allOf": [{"anyOf": [{"unevaluatedProperties": False}, {"type": "null"}]}]}
# (null a branch of its own: lm-format-enforcer reads a type list bare)
R2_WIRE = {"allOf": [{"anyOf": [{"anyOf": [{"unevaluatedProperties": False, "type": EVERY[:-1], "items": {}},
                                           {"type": "null"}]}, {"type": "null"}]}]}
R5 = {"$defs": {"N": {"minProperties": 1, "unevaluatedProperties": {"type": "integer"}, "maxItems": 0,
                   "prefixItems": [{"type": "integer"}]}}, "$ref": "#/$defs/N"}
R5_WIRE = {"$defs": {"N": {"minProperties": 1, "unevaluatedProperties": {"type": "integer"}, "maxItems": 0,
                         "type": EVERY, "items": {}}}, "$ref": "#/$defs/N"}
R5_ONE = {"unevaluatedProperties": False, "maxItems": 1, "prefixItems": [{"type": "integer"}, {"type": "string"}]}
R5_ONE_WIRE = {"anyOf": [{"unevaluatedProperties": False, "maxItems": 1, "prefixItems": [{"type": "integer"}],
                          "type": EVERY[:-1], "items": {}}, {"type": "null"}]}
# (g5#12: a prefix item true, which xgrammar refuses, "prefixItems must be an array of objects": {}, exact)
R5_TRUE = {"unevaluatedProperties": {}, "prefixItems": [True, {}, {"type": "integer"}], "maxItems": 2}
R5_TRUE_WIRE = {"anyOf": [{"unevaluatedProperties": {}, "prefixItems": [{}, {}], "maxItems": 2, "type": EVERY[:-1],
                           "items": {}}, {"type": "null"}]}
# (left narrowed: no array is valid)
R5_NONE = {"unevaluatedProperties": False, "maxItems": 1, "minItems": 2, "prefixItems": [{}, {}]}
R5_NONE_WIRE = {"anyOf": [{"unevaluatedProperties": False, "maxItems": 1, "minItems": 2, "prefixItems": [{}, {}],
                           "type": EVERY[:-2]}, {"type": "null"}]}
R4 = {"$defs": {"N": {"unevaluatedProperties": False}}, "type": "object", "allOf": [{"$ref": "#/$defs/N"}],
      "properties": {"m": {"$ref": "#/$defs/N"}}}
R4_WIRE = {"$defs": {"N": {"anyOf": [{"unevaluatedProperties": False, "type": EVERY[:-1], "items": {}},
                                     {"type": "null"}]}},
           "type": "object", "allOf": [{"unevaluatedProperties": False, "type": ["object"]}],
           "properties": {"m": {"$ref": "#/$defs/N"}}}
# (the branch met before the entry, under a property: its copy walked after the rest)
# (closed: strict mode closes it where open, refusing {"a": 1})
R4_LATE = {"$defs": {"N": {"unevaluatedProperties": False}}, "type": "object", "additionalProperties": False,
           "properties": {"m": {"$ref": "#/$defs/N"}, "p": {"type": "object", "allOf": [{"$ref": "#/$defs/N"}]}}}
R4_LATE_WIRE = {"$defs": R4_WIRE["$defs"], "type": "object", "additionalProperties": False, "properties": {
    "m": {"$ref": "#/$defs/N"}, "p": {"type": "object", "allOf": [{"unevaluatedProperties": False, "type": ["object"]}]}}}
# (a recursive entry is left as it was: its copy would hold the $ref)
R4_LOOP = {"$defs": {"N": {"unevaluatedProperties": False, "properties": {"n": {"$ref": "#/$defs/N"}}}},
           "type": "object", "allOf": [{"$ref": "#/$defs/N"}], "properties": {"m": {"$ref": "#/$defs/N"}}}

VALUES = ["null", "5", "1.5", '"s"', "true", "[]", "[1]", '["s"]', "[1, 2]", "{}", '{"a": 1}', '{"m": 5}',
          '{"m": {}}', '{"m": null}', '{"m": {"a": 1}}', '{"p": {}}', '{"p": 5}', '{"p": {"a": 1}}']


def test_an_integer_place_meets_every_type_as_integer() -> None:
    assert _meet(("integer",), EVERY_TYPE) == ("integer",)
    assert _meet(("integer", "string"), EVERY_TYPE) == ("string", "integer")
    assert _meet(("integer",), "number") == ("integer",)
    assert _meet(EVERY_TYPE, "integer") == ("integer",) and _meet(("number",), ["integer", "null"]) == ("integer",)
    assert _meet(("integer",), "string") is None and _meet(("number", "null"), "number") == ("number",)


@pytest.mark.parametrize(("schema", "wire"), [(R1, R1_WIRE), (R2, R2_WIRE), (R5, R5_WIRE), (R5_ONE, R5_ONE_WIRE),
                                                (R5_NONE, R5_NONE_WIRE), (R5_TRUE, R5_TRUE_WIRE), (R4, R4_WIRE),
                                                (R4_LATE, R4_LATE_WIRE)],
                         ids=["R1", "R2", "R5", "R5-one", "R5-none", "R5-true", "R4", "R4-late"])
def test_the_wire_of_the_reviews_shapes(schema: Dict[str, Any], wire: Dict[str, Any]) -> None:
    assert render(schema, "vllm", on_error="report").wire_schema == wire


def _split(schema: Dict[str, Any]) -> List[List[str]]:
    """The values of ``VALUES`` that xgrammar (strict mode, as vLLM) wrongly refuses and wrongly
    takes on *schema*'s vLLM wire."""
    xgrammar = pytest.importorskip("xgrammar")
    from xgrammar.testing import _is_grammar_accept_string

    wire = render(schema, "vllm", on_error="report").wire_schema
    grammar = xgrammar.Grammar.from_json_schema(json.dumps(wire), strict_mode=True)
    valid = jsonschema.Draft202012Validator(schema)
    refused = [v for v in VALUES if valid.is_valid(json.loads(v)) and not _is_grammar_accept_string(grammar, v)]
    taken = [v for v in VALUES if not valid.is_valid(json.loads(v)) and _is_grammar_accept_string(grammar, v)]
    return [refused, taken]


@pytest.mark.parametrize("schema", [R1, R2, R5, R5_ONE, R5_NONE, R5_TRUE, R4, R4_LATE],
                         ids=["R1", "R2", "R5", "R5-one", "R5-none", "R5-true", "R4", "R4-late"])
def test_xgrammar_takes_exactly_the_valid_values(schema: Dict[str, Any]) -> None:
    assert _split(schema) == [[], []]


def test_a_recursive_shared_entry_is_left_as_it_was() -> None:
    wire = render(R4_LOOP, "vllm", on_error="report").wire_schema
    assert wire["allOf"] == [{"$ref": "#/$defs/N"}] and "type" not in wire["$defs"]["N"]


@pytest.mark.parametrize("schema", [R1, R2, R4, R4_LATE, R5], ids=["R1", "R2", "R4", "R4-late", "R5"])
def test_lm_format_enforcer_builds_the_wire(schema: Dict[str, Any]) -> None:
    pytest.importorskip("lmformatenforcer")
    from lmformatenforcer import JsonSchemaParser

    JsonSchemaParser(render(schema, "vllm", on_error="report").wire_schema)


def _shared(n: int) -> Dict[str, Any]:
    """An entry of *n* properties used as a value and by *n* allOf branches (copies unbounded: n * n)."""
    entry = {"unevaluatedProperties": False, "properties": {f"k{i}": {"type": "string"} for i in range(n)}}
    uses = {f"p{i}": {"type": "object", "allOf": [{"$ref": "#/$defs/N"}]} for i in range(n)}
    return {"$defs": {"N": entry}, "type": "object", "properties": {"m": {"$ref": "#/$defs/N"}, **uses}}


def test_the_copies_stay_linear_in_the_schema() -> None:
    sizes = [len(json.dumps(render(_shared(n), "vllm", on_error="report").wire_schema)) for n in (40, 160)]
    assert sizes[1] / sizes[0] < 5  # (every branch copied: about 16)
