"""A ``$ref`` met again while its own target is being inlined, but not through a cycle
(a sibling ``$ref`` to the same definition, core §8.2.3.1: one more conjunct), is
inlined again: it once became ``{}`` as a recursive one would, a wire that accepts what
the original refuses, called lossless on gemini.openapi (which takes no ``$ref``).
Each case is held to the ``jsonschema`` package (Draft 2020-12)."""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import jsonschema
import pytest

from toolwire import schema

# (definition, node, a value the original refuses)
CASES: List[Tuple[Any, Any, Any]] = [
    ({"additionalProperties": False}, {"allOf": [{"allOf": [{"$ref": "#/$defs/D"}]}, {"$ref": "#/$defs/D"}]},
     {"a": 1}),
    ({"type": "integer", "maximum": 3},
     {"$ref": "#/$defs/D", "anyOf": [{"$ref": "#/$defs/D", "minimum": 2}, {"type": "string"}]}, 1),
]


def _req(node: Any, d: Any) -> Dict[str, Any]:
    return {"type": "object", "properties": {"p": node}, "required": ["p"], "$defs": {"D": d}}


@pytest.mark.parametrize(("d", "node", "refused"), CASES)
def test_the_original_refuses_the_value(d: Any, node: Any, refused: Any) -> None:
    assert not jsonschema.Draft202012Validator(_req(node, d)).is_valid({"p": refused})


@pytest.mark.parametrize("target", ["gemini.openapi", "gemini", "openai.chat", "anthropic.messages", "ollama"])
@pytest.mark.parametrize(("d", "node", "refused"), CASES)
def test_a_wire_called_lossless_refuses_it_too(target: str, d: Any, node: Any, refused: Any) -> None:
    rendered = schema.render(_req(node, d), target, on_error="report")
    if rendered.lossless:
        wire = jsonschema.Draft202012Validator(rendered.wire_schema)
        assert not wire.is_valid({"p": refused}), rendered.wire_schema
