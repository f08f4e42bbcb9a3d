"""vLLM hands a schema xgrammar cannot take (a string's lengths beside its ``pattern``, a
``multipleOf``...) to llguidance, which refuses ``minProperties`` / ``maxProperties``
beside a property that is not required: "min/maxProperties only supported when all keys
listed in "properties" are required" (llguidance 1.9.1, checked 2026-12-07; vLLM answers
HTTP 400). Such a count is moved into ``description`` (vLLM reports them unenforced
anyway); ``minProperties: 0``, a property of subschema ``false`` and a node of no object
type are taken (checked with the same version). Literals written from those facts.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import schema

_PROPS: Dict[str, Any] = {"a": {"type": "integer"}, "s": {"type": "string", "pattern": "^x", "maxLength": 3}}


@pytest.mark.parametrize("counts", [{"maxProperties": 1}, {"minProperties": 1}, {"minProperties": 0, "maxProperties": 5}])
@pytest.mark.parametrize("kind", [{"type": "object"}, {"type": ["object", "null"]}, {}])
def test_vllm_moves_property_counts_beside_an_optional_property(counts: Dict[str, Any], kind: Dict[str, Any]) -> None:
    # revV3 (session 39) r4: the wire kept maxProperties: llguidance refused it
    node = {**kind, "properties": _PROPS, **counts}
    rendered = schema.render(node, "vllm", on_error="report")
    assert not rendered.errors, rendered.lints
    moved = {k for k in counts if not (k == "minProperties" and counts[k] == 0)}
    assert not moved & set(rendered.wire_schema)
    assert {("", k, "moved") for k in moved} <= {(c.pointer, c.keyword, c.action) for c in rendered.report}
    assert all(f"{k}: {counts[k]}" in rendered.wire_schema["description"] for k in moved)


@pytest.mark.parametrize("node", [
    {"type": "object", "properties": _PROPS, "required": ["a", "s"], "maxProperties": 2},
    {"type": "object", "properties": {**_PROPS, "b": False}, "required": ["a", "s"], "maxProperties": 2},
    {"type": "object", "properties": _PROPS, "minProperties": 0},
    {"type": "object", "additionalProperties": {"type": "integer"}, "maxProperties": 1},
    {"type": "string", "properties": _PROPS, "maxProperties": 1},
])
def test_vllm_keeps_property_counts_llguidance_takes(node: Dict[str, Any]) -> None:
    rendered = schema.render(node, "vllm", on_error="report")
    kept = [k for k in ("minProperties", "maxProperties") if k in node]
    assert all(rendered.wire_schema[k] == node[k] for k in kept)
    assert not any(c.keyword in kept and c.action == "moved" for c in rendered.report)
