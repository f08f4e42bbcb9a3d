"""``gemini.openapi`` writes a nullable ``anyOf`` as ``nullable: true`` with its one
non-null branch merged into the parent (OpenAPI 3.0 Schema, reference §C.2). Both the
parent and the branch hold, so a bound on both sides keeps the tighter value; keywords
that cannot be merged exactly stay in a one-branch ``anyOf``, reported; a parent whose
type excludes null gets no ``nullable``. Expected shapes from those rules."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire.schema import render


def _prop(node: Any) -> Any:
    r = render({"type": "object", "required": ["n"], "properties": {"n": node}}, "gemini.openapi")
    return r, r.wire_schema["properties"]["n"]


def _changes(r: Any) -> Any:
    return [(c.pointer, c.keyword, c.action) for c in r.report]


def test_the_tighter_bound_of_parent_and_branch_is_kept() -> None:
    r, wire = _prop({"maximum": 100, "minimum": 0, "anyOf": [{"type": "integer", "maximum": 5, "minimum": -3},
                                                             {"type": "null"}]})
    assert wire == {"type": "integer", "maximum": 5, "minimum": 0, "nullable": True}
    assert ("/properties/n", "anyOf", "rewritten") in _changes(r)
    assert r.lossless
    assert r.validate({"n": 6}) and r.validate({"n": -1}) and not r.validate({"n": None})


def test_string_lengths_are_intersected() -> None:
    _, wire = _prop({"maxLength": 3, "anyOf": [{"type": "string", "maxLength": 8, "minLength": 1}, {"type": "null"}]})
    assert wire == {"type": "string", "maxLength": 3, "minLength": 1, "nullable": True}


def test_a_conflict_stays_in_a_one_branch_any_of_and_is_reported() -> None:
    r, wire = _prop({"pattern": "^a", "anyOf": [{"type": "string", "pattern": "b$"}, {"type": "null"}]})
    assert wire == {"pattern": "^a", "nullable": True, "anyOf": [{"type": "string", "pattern": "b$"}]}
    assert ("/properties/n", "anyOf", "narrowed") in _changes(r)


def test_a_parent_type_that_excludes_null_drops_the_null_branch() -> None:
    r, wire = _prop({"type": "integer", "anyOf": [{"type": "integer", "maximum": 5}, {"type": "null"}]})
    assert wire == {"type": "integer", "maximum": 5}
    assert ("/properties/n", "anyOf", "rewritten") in _changes(r)
    assert r.lossless


# A schema that accepts only null has no OpenAPI 3.0 form (`null` is no `type` there;
# `nullable` alone, without a type, accepts any value): it is reported, never sent as
# "anything". An `anyOf` is never left empty (JSON Schema: a non-empty array).
def _wire_accepts(r: Any, value: Any) -> bool:
    import jsonschema

    return bool(jsonschema.Draft202012Validator(r.wire_schema).is_valid(value))


@pytest.mark.parametrize("node", [{"type": "null"}, {"anyOf": [{"type": "null"}]}, {"const": None}])
def test_a_null_only_schema_is_reported(node: Any) -> None:
    r = render({"type": "object", "required": ["n"], "properties": {"n": node}}, "gemini.openapi", on_error="report")
    assert not r.lossless
    assert ("/properties/n", "type", "unsupported") in _changes(r)
    assert "anyOf" not in r.wire_schema["properties"]["n"]
    assert r.validate({"n": "z"})


def test_a_null_branch_with_a_description_is_still_nullable() -> None:
    r, wire = _prop({"anyOf": [{"type": "string"}, {"type": "null", "description": "none"}]})
    assert wire == {"type": "string", "nullable": True}
    assert r.lossless
    assert not _wire_accepts(r, {"n": 5})


def test_a_type_and_a_lone_null_branch_accept_nothing() -> None:
    r = render({"type": "object", "required": ["n"], "properties": {"n": {
        "type": "string", "anyOf": [{"type": "null"}]}}}, "gemini.openapi", on_error="report")
    assert [(x.code, x.pointer) for x in r.errors] == [("unsatisfiable", "/properties/n")]


def test_a_nullable_any_of_of_two_types_stays_lossless() -> None:
    r, wire = _prop({"anyOf": [{"type": "string"}, {"type": "null"}, {"type": "integer"}]})
    assert wire == {"anyOf": [{"type": "string"}, {"type": "integer"}], "nullable": True}
    assert r.lossless


@pytest.mark.parametrize("node", [{"type": ["null", "string"], "anyOf": [{"type": "null"}]},
                                  {"type": "null"}, {"anyOf": [{"type": "null"}]}])
def test_null_alone_however_written_is_noted_lossy(node: Any) -> None:
    # (the intersection of ``["null", "string"]`` and ``anyOf: [null]`` is null alone; Gemini's
    # Schema has no type of null alone (``nullable`` needs a type), so the wire is wider: noted)
    r, wire = _prop(node)
    assert "type" not in wire
    assert not r.lossless
    assert ("/properties/n", "type", "unsupported") in _changes(r)
    assert ("unsupported-keyword", "/properties/n") in [(x.code, x.pointer) for x in r.lints]
    assert r.validate({"n": None}) == [] and r.validate({"n": "x"}) != []
