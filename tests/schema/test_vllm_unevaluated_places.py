"""The types written beside ``unevaluatedProperties`` on vLLM's wire by the place of the node
(session 48, review revSchema10 of session 47's merge).

- R1: the types of a place that allowed ``integer`` alone were lost at the next node of no
  type (``{"type": "integer", "allOf": [{"$ref": N}]}``, N ``{"unevaluatedProperties": false}``:
  N untyped, xgrammar refused ``5`` and took ``{}``; lm-format-enforcer failed to build it);
- R2: an inline ``allOf`` branch passed no types on, so its ``anyOf`` branches stayed untyped
  (``[]``, ``5``, ``1.5``, ``true``, ``[1]`` refused by xgrammar; exact before session 47);
- R5: ``prefixItems`` longer than ``maxItems`` (xgrammar refuses the request) left ``array``
  out of the types written, losing ``[]`` (gr#1049); they are cut to ``maxItems`` (exact).

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
VALUES = ["null", "5", "1.5", '"s"', "true", "[]", "[1]", '["s"]', "[1, 2]", "{}", '{"a": 1}', '{"m": 5}',
          '{"m": {}}', '{"m": null}', '{"m": {"a": 1}}', '{"p": {}}', '{"p": 5}', '{"p": {"a": 1}}']


def test_an_integer_place_meets_every_type_as_integer() -> None:
    assert _meet(("integer",), EVERY_TYPE) == ("integer",)
    assert _meet(("integer", "string"), EVERY_TYPE) == ("string", "integer")
    assert _meet(("integer",), "number") == ("integer",)
    assert _meet(EVERY_TYPE, "integer") == ("integer",) and _meet(("number",), ["integer", "null"]) == ("integer",)
    assert _meet(("integer",), "string") is None and _meet(("number", "null"), "number") == ("number",)


@pytest.mark.parametrize(("schema", "wire"), [(R1, R1_WIRE), (R2, R2_WIRE), (R5, R5_WIRE), (R5_ONE, R5_ONE_WIRE),
                                                (R5_NONE, R5_NONE_WIRE), (R5_TRUE, R5_TRUE_WIRE)],
                         ids=["R1", "R2", "R5", "R5-one", "R5-none", "R5-true"])
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


@pytest.mark.parametrize("schema", [R1, R2, R5, R5_ONE, R5_NONE, R5_TRUE],
                         ids=["R1", "R2", "R5", "R5-one", "R5-none", "R5-true"])
def test_xgrammar_takes_exactly_the_valid_values(schema: Dict[str, Any]) -> None:
    assert _split(schema) == [[], []]

