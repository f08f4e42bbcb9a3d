"""vLLM hands a schema xgrammar cannot take (a string's lengths beside its ``pattern``, a
``multipleOf``...) to llguidance, which refuses ``minProperties`` / ``maxProperties``
beside a property that is not required: "min/maxProperties only supported when all keys
listed in "properties" are required" (llguidance 1.9.1, checked 2026-12-07; vLLM answers
HTTP 400). Such a count is moved into ``description`` (vLLM reports them unenforced
anyway); ``minProperties: 0``, a property of subschema ``false`` and a node of no object
type are taken (checked with the same version). Literals written from those facts.
"""

from __future__ import annotations

import json
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


# llguidance (1.9.1, checked 2026-12-07 with the engine) merges a node's allOf conjuncts
# (nested), $ref target and anyOf branches before this check: a count in one part beside an
# optional property in another fails as well (revV, session 40, r2)
_MERGED = [
    {"allOf": [{"properties": _PROPS}, {"maxProperties": 3}]},
    {"properties": _PROPS, "allOf": [{"maxProperties": 3}]},
    {"maxProperties": 3, "allOf": [{"properties": _PROPS}]},
    {"allOf": [{"allOf": [{"properties": _PROPS}]}, {"maxProperties": 3}]},
    {"$ref": "#/$defs/D", "maxProperties": 3},
    {"$ref": "#/$defs/M", "properties": _PROPS},
    {"anyOf": [{"properties": _PROPS}], "maxProperties": 3},
]


@pytest.mark.parametrize("node", _MERGED)
def test_vllm_moves_property_counts_merged_beside_an_optional_property(node: Dict[str, Any]) -> None:
    defs = {"D": {"properties": _PROPS}, "M": {"maxProperties": 3}}
    s = {"type": "object", "properties": {"p": node}, "required": ["p"],
         "$defs": {k: v for k, v in defs.items() if f"#/$defs/{k}" == node.get("$ref")}}
    rendered = schema.render(s, "vllm", on_error="report")
    assert not rendered.errors, rendered.lints
    text = json.dumps(rendered.wire_schema)
    assert '"maxProperties"' not in text, text
    assert "maxProperties" in {c.keyword for c in rendered.report if c.action == "moved"}


def test_vllm_keeps_a_merged_count_where_every_property_is_required() -> None:
    node = {"allOf": [{"properties": _PROPS, "required": ["a", "s"]}, {"maxProperties": 3}]}
    rendered = schema.render({"type": "object", "properties": {"p": node}, "required": ["p"]}, "vllm",
                             on_error="report")
    assert '"maxProperties": 3' in json.dumps(rendered.wire_schema)


def test_the_merged_parts_are_found_in_one_walk(monkeypatch: Any) -> None:
    from toolwire.schema import _engine_rules

    def resolved(n: int) -> int:
        count = [0]
        real = _engine_rules.resolve_local

        def counted(root: Any, ref: str) -> Any:
            count[0] += 1
            return real(root, ref)

        props = {f"p{i}": {"$ref": "#/$defs/D", "maxProperties": 1} for i in range(n)}
        s = {"type": "object", "properties": props, "$defs": {"D": {"properties": _PROPS}}}
        with monkeypatch.context() as m:
            m.setattr(_engine_rules, "resolve_local", counted)
            schema.render(s, "vllm", on_error="report")
        return count[0]

    small, big = resolved(50), resolved(200)
    assert small > 0 and big <= 4.5 * small, (small, big)
