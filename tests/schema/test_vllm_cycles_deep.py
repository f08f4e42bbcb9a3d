"""A replay of llguidance's compilation (``_engine_cycles``) meets the properties of two
objects in turn: two chains of ``$defs`` 1,500 deep, met by an ``allOf``, raised a raw
``RecursionError`` (review revSchema9: 14 of 120 ordinary recursive OpenAPI-style schemas, one
of 101 ``$defs``); only a ``ToolwireError`` may leave ``render``."""

from __future__ import annotations

from typing import Any, Dict

from toolwire.schema import render


def _chains(depth: int) -> Dict[str, Any]:
    defs: Dict[str, Any] = {}
    for i in range(depth):
        for side in "AB":
            nxt = {"$ref": f"#/$defs/{side}{i + 1}"} if i + 1 < depth else {"type": "string"}
            defs[f"{side}{i}"] = {"type": "object", "properties": {"p": nxt}}
    return {"$defs": defs, "allOf": [{"$ref": "#/$defs/A0"}, {"$ref": "#/$defs/B0"},
                                     {"properties": {"self": {"$ref": "#"}}}]}


def test_two_chains_1500_deep_met_render_without_recursion() -> None:
    wire = render(_chains(1500), "vllm", on_error="report").wire_schema
    assert wire["$defs"]["A1499"]["properties"]["p"] == {"type": "string"}
