"""What vLLM's engines refuse to compile, never sent as if fine (session 44).

- llguidance (1.9.1, checked 2026-12-07) refuses a ``$ref`` beside other keywords where its
  target is being resolved around it ("circular references with sibling keys are not
  supported: json-schema:///#"), and vLLM answers 400; the same ``$ref`` entered from
  outside its cycle, or beside annotations only (``description``, ``title``), compiles.
  xgrammar reads the ``$ref`` alone (``ParseRef``), so the siblings are moved into
  ``description``: the grammar xgrammar writes is the same, and llguidance takes it.
- xgrammar (0.2.9, checked 2026-12-07) refuses a property of subschema ``false`` ("Schema
  'false' cannot accept any value"); the key can only be absent, which an object closed
  (``additionalProperties: false``, or none: strict mode closes it) says without it.

The shapes are pinned by literals (the engines' verdicts are in the comments); the engines
themselves are asked only where installed (``importorskip``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import pytest

from toolwire.schema import render

# the reproducer: a recursive schema with required beside the $ref (llguidance: "circular
# references with sibling keys are not supported: json-schema:///#"; xgrammar compiles it)
RECURSIVE_REQUIRED = {"type": "object", "properties": {"next": {"$ref": "#", "required": ["a"]},
                                                       "a": {"type": "integer"}}, "required": ["a"]}
# the same through $defs, the $ref to A inside B inside A (llguidance: "... json-schema:///#/$defs/A")
THROUGH_DEFS = {"$defs": {"A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}},
                          "B": {"type": "object", "properties": {"a": {"$ref": "#/$defs/A", "required": ["b"]}}}},
                "$ref": "#/$defs/A"}
# neighbours llguidance compiles: a $ref with siblings entering a cycle from outside it, a
# sibling $ref to a definition not being resolved there, annotations beside a cyclic $ref
NEIGHBOURS: List[Dict[str, Any]] = [
    {"$defs": {"N": {"type": "object", "properties": {"n": {"$ref": "#/$defs/N"}}}}, "$ref": "#/$defs/N",
     "required": ["n"]},
    {"$defs": {"N": {"type": "object", "properties": {"n": {"$ref": "#/$defs/N"}}}}, "type": "object",
     "properties": {"x": {"$ref": "#/$defs/N", "required": ["n"]}}},
    {"$defs": {"A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B", "required": ["a"]}}},
               "B": {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}}}, "$ref": "#/$defs/A"},
    {"$defs": {"A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}},
               "B": {"type": "object", "properties": {"a": {"$ref": "#/$defs/A", "required": ["b"]}}}},
     "$ref": "#/$defs/B"},
    {"type": "object", "properties": {"up": {"$ref": "#", "description": "the parent"}}},
    {"type": "object", "properties": {"up": {"$ref": "#"}}},
]


def _moved(rendered: Any) -> List[Tuple[str, str, str]]:
    return [(c.pointer, c.keyword, c.action) for c in rendered.report if c.action == "moved"]


def test_vllm_moves_the_siblings_of_a_cyclic_ref() -> None:
    rendered = render(RECURSIVE_REQUIRED, "vllm", on_error="report")
    assert rendered.wire_schema["properties"]["next"] == {"$ref": "#", "description": '{required: ["a"]}'}
    assert ("/properties/next", "required", "moved") in _moved(rendered)
    assert not rendered.lossless and not rendered.errors
    # the original is still what an answer is checked against
    assert rendered.validate({"a": 1, "next": {"a": 2}}) == []
    assert rendered.validate({"a": 1, "next": {}}) != []


def test_vllm_moves_the_siblings_of_a_ref_closing_its_cycle_through_defs() -> None:
    rendered = render(THROUGH_DEFS, "vllm", on_error="report")
    assert rendered.wire_schema["$defs"]["B"]["properties"]["a"] == {"$ref": "#/$defs/A",
                                                                     "description": '{required: ["b"]}'}
    assert ("/$defs/B/properties/a", "required", "moved") in _moved(rendered)


@pytest.mark.parametrize("schema", NEIGHBOURS)
def test_vllm_keeps_a_ref_llguidance_takes_beside_its_siblings(schema: Dict[str, Any]) -> None:
    rendered = render(schema, "vllm", on_error="report")
    assert rendered.wire_schema == schema
    assert _moved(rendered) == []


def test_vllm_leaves_out_a_false_property_of_an_object_it_closes() -> None:
    # xgrammar: "Schema 'false' cannot accept any value"; strict mode closes the object, so
    # without the property the key is refused all the same
    schema = {"type": "object", "properties": {"a": False, "b": {"type": "integer"}}}
    rendered = render(schema, "vllm", on_error="report")
    # (closed on the wire: llguidance, which a schema may still go to, would leave it open)
    assert rendered.wire_schema == {"type": "object", "properties": {"b": {"type": "integer"}},
                                    "additionalProperties": False}
    assert ("", "additionalProperties", "narrowed") in [(c.pointer, c.keyword, c.action) for c in rendered.report]
    assert ("/properties/a", "properties", "rewritten") in [(c.pointer, c.keyword, c.action) for c in rendered.report]
    assert rendered.lossless
    closed = {"type": "object", "properties": {"a": False, "b": {"type": "integer"}}, "additionalProperties": False}
    out = render(closed, "vllm", on_error="report")
    assert out.wire_schema == {"type": "object", "properties": {"b": {"type": "integer"}}, "additionalProperties": False}
    assert out.lossless


def test_vllm_moves_a_false_property_of_an_open_object() -> None:
    # left out beside additionalProperties true, the key would be taken: said in the description
    schema = {"type": "object", "properties": {"a": False, "b": {"type": "integer"}}, "additionalProperties": True}
    rendered = render(schema, "vllm", on_error="report")
    assert rendered.wire_schema == {"type": "object", "properties": {"b": {"type": "integer"}},
                                    "additionalProperties": True, "description": '{properties: {"a": false}}'}
    assert ("/properties/a", "properties", "moved") in _moved(rendered)
    assert not rendered.lossless
    assert rendered.validate({"a": 1}) != [] and rendered.validate({"c": 1}) == []


def test_vllm_leaves_an_object_with_a_required_false_property_as_it_is() -> None:
    # no object has a value there: xgrammar refuses it whatever is done ("Schema 'false' cannot
    # accept any value"), and vLLM's auto backend hands the schema to llguidance, which leaves
    # the optional x out; where nothing can (the root), llguidance refuses it ("required
    # property 'a' is unsatisfiable") and the no-value rules say unsatisfiable
    inner = {"type": "object", "properties": {"a": False, "b": False}, "required": ["a"]}
    schema = {"type": "object", "properties": {"x": inner}}
    rendered = render(schema, "vllm", on_error="report")
    assert rendered.wire_schema == schema and not rendered.errors
    root = render(inner, "vllm", on_error="report")
    assert [(e.code, e.pointer) for e in root.errors] == [("unsatisfiable", "/properties/a")]


# xgrammar 0.2.9 (checked 2026-12-07) refuses a branch of subschema false as it does a
# property ("Schema 'false' cannot accept any value"); llguidance 1.9.1 compiles it
FALSE_BRANCH = {"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}, False]},
                                                 "b": {"oneOf": [False, {"type": "integer"}, False]}}, "required": ["a"]}


def test_vllm_leaves_out_a_false_branch() -> None:
    # a branch of no value adds no value to anyOf / oneOf (core §10.2.1.2-3): left out, exact
    rendered = render(FALSE_BRANCH, "vllm", on_error="report")
    # (the oneOf of one branch left is disjoint: sent as anyOf, test_vllm_backend_neutral.py)
    assert rendered.wire_schema["properties"] == {"a": {"anyOf": [{"type": "string"}]},
                                                  "b": {"anyOf": [{"type": "integer"}]}}
    changes = [(c.pointer, c.keyword, c.action) for c in rendered.report]
    assert [c for c in changes if c[2] == "rewritten"] == [
        ("/properties/a/anyOf/1", "anyOf", "rewritten"), ("/properties/b/oneOf/0", "oneOf", "rewritten"),
        ("/properties/b/oneOf/2", "oneOf", "rewritten"), ("/properties/b", "oneOf", "rewritten")]
    assert not rendered.errors
    assert render(FALSE_BRANCH["properties"]["a"], "vllm", on_error="report").lossless
    assert rendered.validate({"a": "x", "b": 1}) == [] and rendered.validate({"a": 1}) != []
    # every branch false: no value, sent as it is (the no-value rules: unsatisfiable where nothing leaves it out)
    alone = render({"anyOf": [False, False]}, "vllm", on_error="report")
    assert alone.wire_schema == {"anyOf": [False, False]}
    assert {e.code for e in alone.errors} == {"unsatisfiable"}


# a $ref naming a place the rules would leave out or move (llguidance: "Pointer
# '/properties/u/anyOf/1' does not exist"; xgrammar: "Cannot find array index '1'")
REF_INTO_BRANCHES = {"type": "object", "properties": {"u": {"anyOf": [False, {"type": "string"}]},
                                                      "v": {"$ref": "#/properties/u/anyOf/1"}}}
REF_TO_FALSE = {"type": "object", "properties": {"a": False, "b": {"$ref": "#/properties/a"}, "c": {"type": "string"}}}


@pytest.mark.parametrize("schema", [REF_INTO_BRANCHES, REF_TO_FALSE])
def test_vllm_keeps_a_false_place_a_ref_names(schema: Dict[str, Any]) -> None:
    # left out, the $ref would name nothing, or another branch: sent as it is (xgrammar refuses
    # it, as before; llguidance takes the first, and refuses the second as the original)
    rendered = render(schema, "vllm", on_error="report")
    assert rendered.wire_schema["properties"] == schema["properties"]
    assert not [c for c in rendered.report if c.keyword in ("anyOf", "properties")]


@pytest.mark.parametrize("schema", [RECURSIVE_REQUIRED, THROUGH_DEFS, *NEIGHBOURS, FALSE_BRANCH,
                                    {"type": "object", "properties": {"a": False, "b": {"type": "integer"}}},
                                    {"type": "object", "properties": {"a": False}, "additionalProperties": True}])
def test_the_engines_compile_what_vllm_is_sent(schema: Dict[str, Any]) -> None:
    llguidance = pytest.importorskip("llguidance")
    xgrammar = pytest.importorskip("xgrammar")
    import json

    wire = json.dumps(render(schema, "vllm", on_error="report").wire_schema)
    assert not llguidance.LLMatcher.validate_grammar(llguidance.LLMatcher.grammar_from_json_schema(wire))
    xgrammar.Grammar.from_json_schema(wire, strict_mode=True)


# a cyclic $ref's sibling another $ref names a place in (review revSchema): moved into
# description, the other $ref named nothing ("#/properties/n/properties/z": llguidance and
# xgrammar both refuse a pointer to nowhere; sent as it is, xgrammar compiles it)
_CYCLIC_NAMED = {"$ref": "#", "properties": {"z": {"type": "integer"}}, "required": ["z"],
                 "items": {"type": "string"}, "anyOf": [{"type": "object"}]}


@pytest.mark.parametrize("place", ["properties/z", "items", "anyOf/0"])
def test_vllm_keeps_a_cyclic_refs_sibling_a_ref_names(place: str) -> None:
    schema = {"type": "object", "properties": {"n": dict(_CYCLIC_NAMED), "m": {"$ref": f"#/properties/n/{place}"}}}
    rendered = render(schema, "vllm", on_error="report")
    assert rendered.wire_schema["properties"]["n"] == _CYCLIC_NAMED, rendered.wire_schema
    assert not [c for c in rendered.report if c.action == "moved"], rendered.report


def test_vllm_still_moves_a_cyclic_refs_siblings_a_ref_names_nothing_in() -> None:
    # (a $ref to the node itself, or past it to its sibling: no place in it named)
    schema = {"type": "object", "properties": {"n": {"$ref": "#", "required": ["z"]}, "m": {"$ref": "#/properties/n"},
                                               "k": {"$ref": "#/properties/m"}}}
    rendered = render(schema, "vllm", on_error="report")
    assert rendered.wire_schema["properties"]["n"] == {"$ref": "#", "description": '{required: ["z"]}'}, rendered.wire_schema
