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
