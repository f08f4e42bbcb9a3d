"""A ``type`` array split into typed branches (OpenAPI takes no type arrays; strict
targets type each enum branch) keeps the keywords that apply to every type: ``not``,
``allOf`` and the like stay on the parent, where the profile's keyword rules report
them; an ``anyOf`` goes into each typed branch ((T1 or T2) and A is (T1 and A) or
(T2 and A)); a ``const`` goes to the branch of its type. Expected shapes from the
provider rules (reference §B.2, §C.2)."""

from __future__ import annotations

from typing import Any

from toolwire.schema import render


def _one(node: Any, target: str) -> Any:
    r = render({"type": "object", "required": ["s"], "properties": {"s": node}}, target)
    return r, r.wire_schema["properties"]["s"]


def _actions(r: Any) -> Any:
    return {(c.keyword, c.action) for c in r.report if c.pointer == "/properties/s"}


def test_not_beside_a_split_type_array_is_reported_on_openai() -> None:
    r, wire = _one({"type": ["string", "null"], "enum": ["a", "b", None], "not": {"const": "a"}}, "openai.chat")
    assert wire == {"description": '{not: {"const": "a"}}',
                    "anyOf": [{"type": "string", "enum": ["a", "b"]}, {"type": "null"}]}
    assert ("not", "unsupported") in _actions(r)
    assert not r.lossless
    assert r.validate({"s": "a"}) and r.validate({"s": "b"}) == []


def test_an_any_of_beside_a_split_type_array_goes_into_each_branch() -> None:
    branches = [{"minLength": 2}, {"minimum": 10}]
    r, wire = _one({"type": ["string", "integer"], "anyOf": branches}, "gemini.openapi")
    assert wire == {"anyOf": [
        {"type": "string", "anyOf": [{"type": "string", "minLength": 2}, {"type": "string", "minimum": 10}]},
        {"type": "integer", "anyOf": [{"type": "integer", "minLength": 2}, {"type": "integer", "minimum": 10}]}]}
    assert r.lossless
    assert r.validate({"s": True}) and r.validate({"s": "a"}) == []


def test_a_const_goes_to_the_branch_of_its_type() -> None:
    r, wire = _one({"type": ["string", "integer"], "const": 3}, "gemini.openapi")
    assert wire == {"type": "integer", "enum": [3]}
    assert r.lossless


def test_all_of_beside_a_split_type_array_is_merged_or_reported() -> None:
    r, wire = _one({"type": ["string", "null"], "allOf": [{"maxLength": 3}]}, "gemini.openapi")
    assert wire == {"type": "string", "maxLength": 3, "nullable": True}
    assert r.lossless
