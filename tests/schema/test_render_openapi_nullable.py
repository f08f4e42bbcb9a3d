"""``gemini.openapi`` writes a nullable ``anyOf`` as ``nullable: true`` with its one
non-null branch merged into the parent (OpenAPI 3.0 Schema, reference §C.2). Both the
parent and the branch hold, so a bound on both sides keeps the tighter value; keywords
that cannot be merged exactly stay in a one-branch ``anyOf``, reported; a parent whose
type excludes null gets no ``nullable``. Expected shapes from those rules."""

from __future__ import annotations

from typing import Any

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
