"""Ollama's ``format`` becomes a grammar through llama.cpp's JSON-Schema converter
(ggml-org/llama.cpp ``common/json-schema-to-grammar.cpp``, read 2026-12-06): ``visit``
writes a node of ``type`` ``"object"`` (or none) holding ``properties`` with
``_build_object_rule``, which adds a rule for other keys only when
``additionalProperties`` is ``true`` or a schema. So an object with ``properties`` and no
``additionalProperties`` is closed to them (JSON Schema leaves it open: core
§10.3.2.3), and a ``required`` name that is no property cannot be written there; an
object with ``required`` and no ``properties`` is the converter's generic ``object``,
which takes any keys (the names not enforced). The first of ``$ref``,
``anyOf``/``oneOf``, a type array (one copy per type), ``const``, ``enum`` decides a
node before its object keywords.
"""

from __future__ import annotations

from typing import Any, Set, Tuple

import jsonschema
import pytest

from toolwire import schema as S

A = {"a": {"type": "string"}}


def _acts(r: Any) -> Set[Tuple[str, str, str]]:
    return {(c.pointer, c.keyword, c.action) for c in r.report}


@pytest.mark.parametrize("node", [{"type": "object", "properties": A}, {"properties": A},
                                  {"type": ["object", "null"], "properties": A}])
def test_an_object_with_properties_is_closed(node: Any) -> None:
    r = S.render({"type": "object", "properties": {"o": node}, "required": ["o"], "additionalProperties": False},
                 "ollama")
    assert ("/properties/o", "additionalProperties", "narrowed") in _acts(r)  # (a narrowing: as vllm's)
    # (JSON Schema takes the extra key the grammar refuses)
    assert jsonschema.Draft202012Validator(r.schema).is_valid({"o": {"a": "x", "z": 1}})


def test_the_root_object_is_closed_too() -> None:
    r = S.render({"type": "object", "properties": A}, "ollama")
    assert ("", "additionalProperties", "narrowed") in _acts(r)


@pytest.mark.parametrize("node", [{"type": "object", "properties": A, "additionalProperties": True},
                                  {"type": "object", "properties": A, "additionalProperties": {"type": "integer"}},
                                  {"type": "object", "properties": A, "additionalProperties": False},
                                  {"type": "object"},
                                  {"anyOf": [{"type": "object", "properties": A, "additionalProperties": False}]}])
def test_objects_the_converter_leaves_as_the_schema_says_are_not_narrowed(node: Any) -> None:
    r = S.render({"type": "object", "properties": {"o": node}, "required": ["o"], "additionalProperties": False},
                 "ollama")
    assert not {a for a in _acts(r) if a[2] == "narrowed"}, r.report


def test_a_required_name_that_is_no_property_cannot_be_written() -> None:
    node = {"type": "object", "properties": A, "required": ["b"]}
    r = S.render({"type": "object", "properties": {"o": node}, "required": ["o"], "additionalProperties": False},
                 "ollama", on_error="report")
    assert ("not-representable", "/properties/o") in [(e.code, e.pointer) for e in r.errors]
    assert jsonschema.Draft202012Validator(r.schema).is_valid({"o": {"b": 1}})  # (it has values)


@pytest.mark.parametrize("node", [{"type": "object", "required": ["b"]},
                                  {"type": "object", "properties": A, "required": ["b"], "additionalProperties": True}])
def test_a_required_name_the_grammar_leaves_open_is_unenforced(node: Any) -> None:
    r = S.render({"type": "object", "properties": {"o": node}, "required": ["o"], "additionalProperties": False},
                 "ollama")
    assert ("/properties/o", "required", "unenforced") in _acts(r)
    assert not r.lossless


@pytest.mark.parametrize("extra", [{}, {"additionalProperties": False}])
def test_a_required_name_only_a_pattern_takes_cannot_be_written(extra: Any) -> None:
    """revV R3: the converter has no ``patternProperties`` (grammars/README.md) and writes
    required names only among ``properties``: ``{"b": 1}`` is the schema's value, never the
    grammar's, with ``additionalProperties: false`` as without it."""
    node = {"type": "object", "properties": {"a": {"type": "integer"}}, "patternProperties": {"^b": {"type": "integer"}},
            "required": ["b"], **extra}
    r = S.render({"type": "object", "properties": {"o": node}, "required": ["o"], "additionalProperties": False},
                 "ollama", on_error="report")
    assert [(e.code, e.pointer) for e in r.errors] == [("not-representable", "/properties/o")]
    assert jsonschema.Draft202012Validator(node).is_valid({"b": 1})


def test_a_required_name_no_pattern_takes_is_no_value_only() -> None:
    node = {"type": "object", "properties": A, "patternProperties": {"^c": {}}, "required": ["b"],
            "additionalProperties": False}
    r = S.render({"type": "object", "properties": {"o": node}, "required": ["o"], "additionalProperties": False},
                 "ollama", on_error="report")
    assert [e.code for e in r.errors] == ["unsatisfiable"]


@pytest.mark.parametrize("barred", [{"^b": False}, {"^b": {}, "b$": False}, {"^b": False, "^c": {}}])
def test_a_required_name_a_false_pattern_takes_is_no_value_only(barred: Any) -> None:
    """revV2 R2: a name matched by a ``patternProperties`` regex of subschema ``false`` can
    never be present (core §10.3.2.2), like one no regex takes: the no-value rules read it
    (an optional property of that object is served, a required one unsatisfiable)."""
    node = {"type": "object", "properties": A, "patternProperties": barred, "required": ["b"],
            "additionalProperties": False}
    checker = jsonschema.Draft202012Validator(node)
    assert not checker.is_valid({"b": "x"}) and not checker.is_valid({"a": "x"})
    r = S.render({"type": "object", "properties": {"o": node, "q": {"type": "string"}}, "required": ["q"],
                  "additionalProperties": False}, "ollama", on_error="report")
    assert [e.code for e in r.errors] == []
    r = S.render({"type": "object", "properties": {"o": node}, "required": ["o"], "additionalProperties": False},
                 "ollama", on_error="report")
    assert [e.code for e in r.errors] == ["unsatisfiable"]


@pytest.mark.parametrize("node", [
    {"type": "object", "properties": A, "patternProperties": {"^b": False}, "required": ["b"]},
    {"type": "object", "properties": A, "patternProperties": {"^b": False}, "required": ["b"],
     "additionalProperties": False},
    {"type": "object", "patternProperties": {"^b": False}, "required": ["b"]}])
def test_an_optional_object_a_false_pattern_empties_notes_its_required_names(node: Any) -> None:
    """revV (session 39) R2: the object allows no value (``b`` is required and barred), but
    the converter, which enforces no required name outside ``properties``, offers it (e.g.
    ``{"o": {"a": "x"}, "q": "x"}``): ``required`` is reported unenforced."""
    checker = jsonschema.Draft202012Validator(node)
    assert not checker.is_valid({"a": "x"}) and not checker.is_valid({"b": "x"}) and not checker.is_valid({})
    r = S.render({"type": "object", "properties": {"o": node, "q": {"type": "string"}}, "required": ["q"],
                  "additionalProperties": False}, "ollama", on_error="report")
    assert not r.errors and not r.lossless
    assert ("/properties/o", "required", "unenforced") in _acts(r)
