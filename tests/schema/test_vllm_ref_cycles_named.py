"""Which ``$ref`` values keep a cyclic ``$ref``'s siblings in place on vLLM's wire (session 45).

llguidance 1.9.1 (checked 2026-12-07) refuses a ``$ref`` beside other keywords while its
target is being compiled ("circular references with sibling keys are not supported:
json-schema:///#"); the siblings are moved into ``description`` unless another ``$ref``
names a place in them (moved, it would name nothing: "Pointer ... does not exist"). A
``$ref`` inside the very siblings that move goes with them (``IN_OWN_SIBLINGS``), one in a
``$defs`` entry neither engine compiles names nothing either (``IN_UNREACHED_DEFS``: a
pointer to nowhere there is compiled by both, ``DANGLING_UNREACHED``), and one in another
cyclic node's siblings goes once those move (``IN_OTHER_SIBLINGS``). Review revSchema3 R1:
each was sent as written, and llguidance refused it. The engines' verdicts are in the
comments and asked where installed.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Tuple

import pytest

from toolwire.schema import render

# the review's reproducers (sent as written: llguidance "circular references with sibling keys
# are not supported: json-schema:///#", xgrammar compiles)
IN_OWN_SIBLINGS = {"type": "object", "properties": {"n": {
    "$ref": "#", "required": ["a"],
    "properties": {"a": {"$ref": "#/properties/n/properties/b"}, "b": {"type": "integer"}}}}}
IN_UNREACHED_DEFS = {"type": "object", "properties": {"n": {"$ref": "#", "required": ["z"],
                                                            "properties": {"z": {"type": "integer"}}}},
                     "$defs": {"unused": {"$ref": "#/properties/n/properties/z"}}}
# the same, the $ref in one sibling naming a place in another (both move)
ACROSS_OWN_SIBLINGS = {"type": "object", "properties": {"n": {
    "$ref": "#", "items": {"type": "string"}, "properties": {"s": {"$ref": "#/properties/n/items"}}}}}
# n's own $ref names a place in its siblings: it stays, so they stay (moved, it would name nothing)
OWN_REF_INTO_SIBLINGS = {"type": "object", "properties": {"n": {
    "$ref": "#/properties/n/properties/z", "properties": {"z": {"$ref": "#"}}}}}
# n's place named from n2's siblings, which move too (n2 closes a cycle as well)
IN_OTHER_SIBLINGS = {"type": "object", "properties": {
    "n": {"$ref": "#", "required": ["z"], "properties": {"z": {"type": "integer"}}},
    "n2": {"$ref": "#", "required": ["z"], "properties": {"o": {"$ref": "#/properties/n/properties/z"}}}}}
# llguidance and xgrammar both compile it: an unreached $defs entry is not compiled
DANGLING_UNREACHED = {"type": "object", "properties": {"a": {"type": "integer"}},
                      "$defs": {"unused": {"$ref": "#/properties/n/properties/z"}}}
# named from a $defs entry a $ref outside the siblings reaches: kept as it is (moved, the
# reached $ref would name nothing: both engines refuse "Pointer ... does not exist")
FROM_REACHED_DEFS = {"type": "object", "properties": {
    "n": {"$ref": "#", "required": ["z"], "properties": {"z": {"type": "integer"}}},
    "m": {"$ref": "#/$defs/used"}}, "$defs": {"used": {"$ref": "#/properties/n/properties/z"}}}


def _moved(schema: Dict[str, Any]) -> List[Tuple[str, str]]:
    return [(c.pointer, c.keyword) for c in render(schema, "vllm").report if c.action == "moved"]


def test_a_ref_in_the_siblings_moved_names_nothing_left() -> None:
    assert _moved(IN_OWN_SIBLINGS) == [("/properties/n", "required"), ("/properties/n", "properties")]
    assert render(IN_OWN_SIBLINGS, "vllm").wire_schema["properties"]["n"] == {
        "$ref": "#", "description": '{required: ["a"], properties: {"a": {"$ref": "#/properties/n/properties/b"}, '
                                    '"b": {"type": "integer"}}}'}


def test_a_ref_in_one_sibling_moved_naming_another_names_nothing_left() -> None:
    assert _moved(ACROSS_OWN_SIBLINGS) == [("/properties/n", "items"), ("/properties/n", "properties")]


def test_a_cyclic_nodes_own_ref_keeps_its_siblings() -> None:
    assert _moved(OWN_REF_INTO_SIBLINGS) == []


def test_a_ref_in_an_unreached_defs_entry_names_nothing() -> None:
    assert _moved(IN_UNREACHED_DEFS) == [("/properties/n", "required"), ("/properties/n", "properties")]
    wire = render(IN_UNREACHED_DEFS, "vllm").wire_schema
    assert wire["properties"]["n"] == {"$ref": "#", "description": '{required: ["z"], properties: {"z": '
                                                                   '{"type": "integer"}}}'}
    assert wire["$defs"] == {"unused": {"$ref": "#/properties/n/properties/z"}}  # (sent as written)


def test_a_ref_in_siblings_moved_elsewhere_names_nothing_once_they_move() -> None:
    assert sorted(_moved(IN_OTHER_SIBLINGS)) == [("/properties/n", "properties"), ("/properties/n", "required"),
                                                 ("/properties/n2", "properties"), ("/properties/n2", "required")]


def test_a_ref_a_reached_defs_entry_holds_still_keeps_the_node() -> None:
    assert _moved(FROM_REACHED_DEFS) == []
    assert render(FROM_REACHED_DEFS, "vllm").wire_schema["properties"] == FROM_REACHED_DEFS["properties"]


def _errors(schema: Dict[str, Any]) -> Tuple[Any, Any]:
    llguidance = pytest.importorskip("llguidance")
    xgrammar = pytest.importorskip("xgrammar")
    text = json.dumps(schema)
    try:
        grammar = llguidance.LLMatcher.grammar_from_json_schema(text)
        llg = llguidance.LLMatcher.validate_grammar(grammar) or None
    except Exception as error:  # (the compile error)
        llg = str(error)
    try:
        xgrammar.Grammar.from_json_schema(text, strict_mode=True)
        xgr = None
    except Exception as error:  # (the compile error)
        xgr = str(error)
    return llg, xgr


@pytest.mark.parametrize("schema", [IN_OWN_SIBLINGS, ACROSS_OWN_SIBLINGS, IN_UNREACHED_DEFS, IN_OTHER_SIBLINGS])
def test_the_engines_compile_the_wire(schema: Dict[str, Any]) -> None:
    assert "circular references with sibling keys" in str(_errors(schema)[0])  # (as sent before)
    assert _errors(render(schema, "vllm").wire_schema) == (None, None)


def test_the_engines_verdicts_as_pinned() -> None:
    assert _errors(DANGLING_UNREACHED) == (None, None)
    llg, xgr = _errors(FROM_REACHED_DEFS)
    assert "circular references with sibling keys" in str(llg) and xgr is None
    moved = json.loads(json.dumps(FROM_REACHED_DEFS))
    moved["properties"]["n"] = {"$ref": "#"}
    assert all("does not exist" in str(e) or "Cannot find" in str(e) for e in _errors(moved))


def _many(n: int) -> Dict[str, Any]:
    """n cyclic nodes, each named from its own siblings (moved), every other one from
    outside too (kept), each from an unreached ``$defs`` entry, and one $ref n / 2 levels deep."""
    props: Dict[str, Any] = {}
    defs: Dict[str, Any] = {}
    for i in range(n):
        place = f"#/properties/p{i}/properties/z"
        props[f"p{i}"] = {"$ref": "#", "required": ["z"], "properties": {"z": {"type": "integer"}, "r": {"$ref": place}}}
        if i % 2:
            props[f"m{i}"] = {"$ref": place}
        defs[f"u{i}"] = {"$ref": place}
    deep: Dict[str, Any] = {"type": "integer"}
    for _ in range(n // 2):
        deep = {"type": "object", "properties": {"d": deep}}
    props["deep"], props["to_deep"] = deep, {"$ref": "#/properties/deep" + "/properties/d" * (n // 2)}
    return {"type": "object", "properties": props, "$defs": defs}


def test_the_names_are_read_in_linear_steps() -> None:
    import sys

    def steps(n: int) -> int:
        count = [0]

        def local(frame: Any, event: str, arg: Any) -> Any:
            count[0] += event == "line"
            return local

        def tracer(frame: Any, event: str, arg: Any) -> Any:
            return local if frame.f_code.co_filename.endswith("_engine_named.py") else None
        sys.settrace(tracer)
        try:
            moved = _moved(_many(n))
        finally:
            sys.settrace(None)
        assert len(moved) == 2 * (n - n // 2), moved  # (the ones no $ref outside names: both siblings)
        return count[0]

    small, big = steps(40), steps(160)
    assert 3.5 * small <= big <= 4.3 * small, (small, big)


def test_the_walk_where_the_replay_gives_up_reads_the_same_names(monkeypatch: Any) -> None:
    from toolwire.schema import _engine_refs

    monkeypatch.setattr(_engine_refs, "llguidance_refusals", lambda wire, move: None)  # (past its bound)
    assert _moved(IN_OWN_SIBLINGS) == [("/properties/n", "required"), ("/properties/n", "properties")]
    assert _moved(IN_UNREACHED_DEFS) == [("/properties/n", "required"), ("/properties/n", "properties")]
    assert _moved(FROM_REACHED_DEFS) == []
