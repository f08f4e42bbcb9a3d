"""Rendering for a target that makes optional properties required and nullable (OpenAI
strict mode) asks, for each optional property, whether its schema takes ``null``
already. Each property asked with a new checker walked a ``$ref`` chain from scratch:
``n`` properties each referring to the one before took n²/2 walks (400 of them: 80,000
walks, 2 s). One checker per rendering remembers each node's answer (counted, not
timed)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire.schema import render


def _chain(n: int) -> Dict[str, Any]:
    props: Dict[str, Any] = {"p0": {"type": "string"}}
    for i in range(1, n):
        props[f"p{i}"] = {"$ref": f"#/properties/p{i - 1}"}
    return {"type": "object", "properties": props}


@pytest.mark.parametrize("target", ["openai.chat", "openai.responses"])
def test_a_chain_of_optional_refs_is_checked_for_null_once_per_node(checker_runs: Any, target: str) -> None:
    small, big = (checker_runs(lambda n=n: render(_chain(n), target)) for n in (50, 200))
    assert big <= 4.5 * small  # was 16x: n²


def test_the_chain_still_becomes_required_and_nullable() -> None:
    r = render(_chain(3), "openai.chat")
    wire = r.wire_schema
    assert wire["required"] == ["p0", "p1", "p2"]
    assert wire["properties"]["p0"] == {"anyOf": [{"$ref": "#/$defs/p0"}, {"type": "null"}]}
    assert wire["properties"]["p2"] == {"anyOf": [{"$ref": "#/$defs/p1"}, {"type": "null"}]}
    assert wire["$defs"] == {"p0": {"type": "string"}, "p1": {"$ref": "#/$defs/p0"}}
    assert r.decode({"p0": None, "p1": "a", "p2": None}) == {"p1": "a"}
