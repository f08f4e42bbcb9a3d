"""Which siblings of a ``$ref`` vLLM's llguidance refuses, read in its order (session 45).

llguidance 1.9.1 (checked 2026-12-07) compiles a node's keys in order, defines a ``$ref``'s
target the first time its URI is met, and refuses ("circular references with sibling keys
are not supported") a ``$ref`` beside other keywords while its target is still being
compiled. The root is compiled first without being a definition, so a ``$ref`` to ``#``
compiles it again: a ``$ref`` met then may be refused though the walk from the root never
passed through it (``REENTRY``); a ``$ref`` whose target is itself a ``$ref`` needs that
one too (``ALIAS``); whether a ``$ref`` is met while its target is compiled depends on the
order of the properties (``ORDER_FAILS`` / ``ORDER_PASSES``); one whose target is done by
the time it is met is taken (``NEEDLESS``, moved before). The engines' verdicts are in the
comments and asked where installed.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Tuple

import pytest

from toolwire.schema import render
from toolwire.schema._engine_cycles import llguidance_refusals

# llguidance: "... json-schema:///#/$defs/A" as sent before; each moved now, then compiles
REENTRY = {"$defs": {"A": {"type": "object", "properties": {"p0": {"allOf": [{"$ref": "#", "description": "d"}]},
                                                             "p1": {"type": "integer"}}}},
           "type": "object", "properties": {"p0": {"$ref": "#/$defs/A"},
                                            "p1": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/A", "deprecated": True}]}}}
ALIAS = {"$defs": {"A": {"type": "object", "properties": {"p0": {"$ref": "#", "type": "object"}}}}, "$ref": "#/$defs/A"}
ORDER_FAILS = {"$defs": {"A": {"type": "object", "properties": {"n": {"$ref": "#/$defs/B"}}},
                         "B": {"type": "object", "properties": {"m": {"$ref": "#/$defs/A", "type": "object"}}}},
               "type": "object", "properties": {"z": {"$ref": "#/$defs/A"}, "a": {"$ref": "#/$defs/B"}}}
# the same properties in the other order: llguidance compiles it as it is
ORDER_PASSES = {**ORDER_FAILS, "properties": {"a": {"$ref": "#/$defs/B"}, "z": {"$ref": "#/$defs/A"}}}
# llguidance compiles it as it is (the root's second compile meets "#" done): nothing moved
NEEDLESS = {"$defs": {"A": {"type": "object", "properties": {"p0": {"$ref": "#", "required": ["p0"]}}}},
            "type": "object", "properties": {"p0": {"$ref": "#/$defs/A"}, "p1": {"$ref": "#/$defs/A"}, "p2": {"$ref": "#"}}}


def _moved(schema: Dict[str, Any]) -> List[Tuple[str, str]]:
    return [(c.pointer, c.keyword) for c in render(schema, "vllm").report if c.action == "moved"]


def test_reentry_through_the_root_is_moved() -> None:
    assert _moved(REENTRY) == [("/properties/p1/anyOf/1", "deprecated")]
    wire = render(REENTRY, "vllm").wire_schema
    assert wire["properties"]["p1"]["anyOf"][1] == {"$ref": "#/$defs/A", "description": "{deprecated: true}"}


def test_a_ref_to_a_ref_is_moved() -> None:
    assert _moved(ALIAS) == [("/$defs/A/properties/p0", "type")]


def test_the_order_of_the_properties_decides() -> None:
    assert _moved(ORDER_FAILS) == [("/$defs/B/properties/m", "type")]
    assert _moved(ORDER_PASSES) == []


def test_a_ref_whose_target_is_done_is_not_moved() -> None:
    assert _moved(NEEDLESS) == []
    assert render(NEEDLESS, "vllm").wire_schema["$defs"]["A"]["properties"]["p0"] == {"$ref": "#", "required": ["p0"]}


def _chain(n: int) -> Dict[str, Any]:
    """n definitions, each holding the next beside a keyword, the last the root."""
    defs = {f"D{i}": {"type": "object", "properties": {"x": {"$ref": f"#/$defs/D{i + 1}" if i + 1 < n else "#",
                                                             "minProperties": 1}}} for i in range(n)}
    return {"$defs": defs, "$ref": "#/$defs/D0"}


def _nested(n: int) -> Dict[str, Any]:
    """Each level a $ref to the place of the level below (a subtree compiled once per
    place above it: quadratic if replayed to the end)."""
    node: Dict[str, Any] = {"type": "integer"}
    for _ in range(n):
        node = {"type": "object", "properties": {"a": node, "r": {"$ref": "#", "minProperties": 1}}}
    refs, ptr = [], ""
    for _ in range(n):
        ptr += "/properties/a"
        refs.append({"$ref": "#" + ptr})
    node["properties"]["refs"] = {"type": "array", "prefixItems": refs}
    return node


def _steps(schema: Dict[str, Any]) -> Tuple[Any, int]:
    from toolwire.schema import _engine_cycles as cycles

    count = [0]
    original = cycles._Replay._node

    def counted(self: Any, n: Any, ptr: str) -> Any:
        count[0] += 1
        return original(self, n, ptr)

    cycles._Replay._node = counted  # type: ignore[method-assign]
    try:
        wire = json.loads(json.dumps(schema))
        got = llguidance_refusals(wire, lambda node, ptr: False)
    finally:
        cycles._Replay._node = original  # type: ignore[method-assign]
    return got, count[0]


@pytest.mark.parametrize("shape", [_chain, _nested])
def test_the_replay_is_linear(shape: Any) -> None:
    _, small = _steps(shape(50))
    _, large = _steps(shape(200))
    assert large <= 4.5 * small


def test_the_replay_gives_up_on_a_quadratic_shape() -> None:
    assert _steps(_nested(200))[0] is None  # (the caller's walk then applies)
    assert _steps(_chain(200))[0] is not None


def _llg_error(schema: Dict[str, Any]) -> Any:
    llguidance = pytest.importorskip("llguidance")
    try:
        grammar = llguidance.LLMatcher.grammar_from_json_schema(json.dumps(schema))
        return llguidance.LLMatcher.validate_grammar(grammar) or None
    except Exception as error:  # (the compile error)
        return str(error)


@pytest.mark.parametrize("schema", [REENTRY, ALIAS, ORDER_FAILS, ORDER_PASSES, NEEDLESS, _chain(20)])
def test_llguidance_compiles_the_vllm_wire(schema: Dict[str, Any]) -> None:
    assert _llg_error(render(schema, "vllm").wire_schema) is None


def test_llguidance_verdicts_as_pinned() -> None:
    for schema in (REENTRY, ALIAS, ORDER_FAILS):
        assert "circular references with sibling keys" in str(_llg_error(schema))
    for schema in (ORDER_PASSES, NEEDLESS):
        assert _llg_error(schema) is None
