"""The walk vLLM's wire falls back on where the replay of llguidance's order gives up (its
budget), forced here (session 48, review revSchema10 F).

llguidance 1.9.1 compiles the root first without being a definition, so a ``$ref`` to ``#``
compiles it again, as a definition: the root's own ``$ref`` then meets its target still being
compiled ("circular references with sibling keys are not supported: json-schema:///#"). The
fallback held the root as being compiled from the start, so the siblings of the root's
``$ref`` whose target loops back to ``#`` were never moved (8 wires of the review's forced
give-up refused). The shape is the review's (``lin.py``'s ``twice``, three names).
"""

from __future__ import annotations

import json
from typing import Any, Dict

import pytest

from toolwire.schema import _engine_refs, render

A = {"type": "object", "properties": {"k0": {"type": "string"}, "k1": {"type": "string"}}}
C = {"type": "object", "properties": {"n0": {"allOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/A"}]}}}
D = {"type": "object", "properties": {"q": {"$ref": "#"}}}
ROOT_LOOP = {"$defs": {"A": A, "C": C, "D": D}, "$ref": "#/$defs/D", "properties": {"c": {"$ref": "#/$defs/C"}}}
ROOT_LOOP_WIRE = {"$defs": {"A": A, "C": C, "D": D}, "$ref": "#/$defs/D",
                  "description": '{properties: {"c": {"$ref": "#/$defs/C"}}}'}
# a $ref to "#" under a property, beside a keyword: refused in the root's second compile (moved before too)
UNDER = {"type": "object", "properties": {"x": {"$ref": "#", "required": ["x"]}}}
UNDER_WIRE = {"type": "object", "properties": {"x": {"$ref": "#", "description": '{required: ["x"]}'}}}
# (gF#28) a $ref to "#" beside a keyword met while the root's alias target is compiled: moved
ALIAS_LOOP = {"$defs": {"A": {"type": "object", "properties": {"c": {"$ref": "#/$defs/B"}}},
                        "B": {"type": "object", "properties": {"n": {"$ref": "#/$defs/C"}}},
                        "C": {"type": "object", "properties": {"q": {"$ref": "#", "type": "object"}}}},
              "$ref": "#/$defs/A"}
# the root's $ref to a definition that never loops back: nothing to move
NO_LOOP = {"$defs": {"A": A}, "$ref": "#/$defs/A", "properties": {"c": {"type": "string"}}}


def _forced(schema: Dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(_engine_refs, "llguidance_refusals", lambda wire, move: None)
    return render(schema, "vllm", on_error="report").wire_schema


@pytest.mark.parametrize(("schema", "wire"), [(ROOT_LOOP, ROOT_LOOP_WIRE), (UNDER, UNDER_WIRE)],
                         ids=["root-loop", "under"])
def test_the_fallback_moves_the_siblings_of_a_ref_closing_a_cycle(schema: Dict[str, Any], wire: Dict[str, Any],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    assert _forced(schema, monkeypatch) == wire


def test_the_fallback_leaves_a_ref_that_closes_no_cycle(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "properties" in _forced(NO_LOOP, monkeypatch)


def test_the_fallback_moves_a_ref_to_the_root_met_inside_a_definition(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = _forced(ALIAS_LOOP, monkeypatch)
    assert wire["$defs"]["C"]["properties"]["q"] == {"$ref": "#", "description": '{type: "object"}'}


@pytest.mark.parametrize("schema", [ROOT_LOOP, UNDER, NO_LOOP, ALIAS_LOOP], ids=["root-loop", "under", "no-loop",
                                                                                "alias-loop"])
def test_llguidance_compiles_the_fallbacks_wire(schema: Dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    llguidance = pytest.importorskip("llguidance")
    grammar = llguidance.LLMatcher.grammar_from_json_schema(json.dumps(_forced(schema, monkeypatch)))
    assert llguidance.LLMatcher.validate_grammar(grammar) == ""
