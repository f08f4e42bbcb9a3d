"""A combinator branch without a ``type`` (the "at least one of" pattern,
``anyOf: [{required: [a]}, {required: [b]}]``) takes its parent's type, and an object
branch its parent's object keywords: (P and B1) or (P and B2) is P and (B1 or B2), so
the rewrite is exact, and every branch is a typed schema as strict modes need
(reference §B.2: "Every anyOf branch must itself be valid under these rules"). A
branch that cannot be typed keeps nothing silently: its ``required`` is reported, and
strict targets lint it. Expected shapes from those rules."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire.schema import render
from toolwire.schema._normalize import iter_subschemas
from toolwire.schema._rewrite import MAX_INLINED

PROPS = {"email": {"type": "string"}, "phone": {"type": "string"}}
ONE_OF_TWO = {"type": "object", "properties": PROPS, "anyOf": [{"required": ["email"]}, {"required": ["phone"]}]}


def _branch(required: str, **extra: Any) -> Dict[str, Any]:
    return {"type": "object", "properties": PROPS, "required": [required], **extra}


def _typed(r: Any) -> Any:
    return [(c.pointer, c.keyword, c.action) for c in r.report if c.keyword == "type" and "anyOf" in c.pointer]


def test_gemini_branches_take_the_parent_object_keywords() -> None:
    r = render(ONE_OF_TWO, "gemini")
    assert r.wire_schema == {"type": "object", "properties": PROPS, "anyOf": [_branch("email"), _branch("phone")]}
    assert _typed(r) == [("/anyOf/0", "type", "rewritten"), ("/anyOf/1", "type", "rewritten")]
    assert r.lossless
    assert r.validate({"phone": "1"}) == [] and r.validate({})


@pytest.mark.parametrize("target", ["anthropic.messages", "bedrock.converse"])
def test_strict_branches_are_closed_objects(target: str) -> None:
    r = render(ONE_OF_TWO, target)
    closed = {"additionalProperties": False}
    assert r.wire_schema == {"type": "object", "properties": PROPS, **closed,
                             "anyOf": [_branch("email", **closed), _branch("phone", **closed)]}
    assert r.lossless and not r.lints


def test_openai_branches_are_closed_and_all_required() -> None:
    r = render(ONE_OF_TWO, "openai.chat")
    nullable = {"anyOf": [{"type": "string"}, {"type": "null"}]}
    inner = r.wire_schema["properties"]["result"]
    assert inner["anyOf"] == [
        {"type": "object", "properties": {"email": {"type": "string"}, "phone": nullable},
         "required": ["email", "phone"], "additionalProperties": False},
        {"type": "object", "properties": {"email": nullable, "phone": {"type": "string"}},
         "required": ["email", "phone"], "additionalProperties": False},
    ]
    assert r.lossless and not r.lints
    assert r.validate({"result": {"email": None, "phone": "1"}}) == []


def test_a_scalar_branch_takes_the_parent_type() -> None:
    schema = {"type": "object", "required": ["s"], "properties": {
        "s": {"type": "string", "anyOf": [{"format": "email"}, {"format": "uuid"}]}}}
    r = render(schema, "anthropic.messages")
    assert r.wire_schema["properties"]["s"] == {
        "type": "string", "anyOf": [{"type": "string", "format": "email"}, {"type": "string", "format": "uuid"}]}
    assert not r.lints


def test_a_branch_that_cannot_be_typed_is_reported_and_linted_in_strict_mode() -> None:
    schema = {"anyOf": [{"required": ["a"]}, {"type": "string"}]}
    r = render(schema, "gemini")
    assert r.wire_schema == {"anyOf": [{"description": '{required: ["a"]}'}, {"type": "string"}]}
    assert [(c.pointer, c.keyword, c.action) for c in r.report] == [("/anyOf/0", "required", "moved")]
    assert not r.lossless
    r = render(schema, "anthropic.messages", on_error="report")
    assert [(x.code, x.pointer) for x in r.errors] == [("not-representable", "/anyOf/0")]


def _nested(depth: int) -> Any:
    """Each level: two properties and "at least one of" them, so copying each level's
    properties into each branch would write 3^depth nodes for 2^depth."""
    node: Any = {"type": "string"}
    for _ in range(depth):
        node = {"type": "object", "properties": {"x": node, "y": node},
                "anyOf": [{"required": ["x"]}, {"required": ["y"]}]}
    return node


def test_copies_into_branches_are_bounded_by_the_schema_size() -> None:
    """4x the schema, at most ~4x the wire (3^depth would be 9x); past the budget a
    branch stays untyped, its ``required`` reported, never silent."""
    written = {}
    for depth in (10, 12):
        schema = _nested(depth)
        size = sum(1 for _ in iter_subschemas(schema))
        r = render(schema, "gemini")
        written[depth] = sum(1 for _ in iter_subschemas(r.wire_schema))
        assert written[depth] <= 5 * size + MAX_INLINED
        assert not r.lossless
        assert any(c.keyword == "required" and c.action == "moved" for c in r.report)
    assert written[12] <= 4.2 * written[10]
