"""A node's ``enum`` / ``const`` values beside an ``anyOf`` / ``oneOf``: each must pass a
branch (JSON Schema 2020-12 core §10.2.1.2-3), so one outside every branch's ``type``,
listed values or bounds (validation §6.1-3) is no value of the node; where none is left
the node has none (``unsatisfiable`` where it is needed), on every target, never sent as
if fine (fz6 seed 1443: ``gemini.openapi`` sent a wire taking nothing as lossless).
``jsonschema`` is the oracle for what is valid.
"""

from __future__ import annotations

from typing import Any, Dict, List

import jsonschema
import pytest

from toolwire import schema

TARGETS = ["openai.chat", "anthropic.messages", "gemini", "gemini.openapi", "bedrock.converse", "vllm", "ollama"]

NONE_LEFT: List[Any] = [
    # fz6 seed 1443: "abc" is longer than the one string branch allows, 1 of no branch's type
    {"anyOf": [False, {"type": ["boolean", "string"], "maxLength": 2}, {"type": "boolean", "const": []}],
     "type": ["integer", "string"], "enum": [1, "abc", None]},
    {"type": "string", "enum": ["abc", "abcd"], "anyOf": [{"type": "string", "maxLength": 2}, {"type": "integer"}]},
    {"const": 5, "oneOf": [{"type": "integer", "maximum": 3}, {"type": "integer", "minimum": 7}]},
    {"type": "integer", "enum": [1, 2], "anyOf": [{"enum": [3, 4]}, {"type": "integer", "minimum": 5}]},
]

SOME_LEFT: List[Any] = [
    {"type": "string", "enum": ["ab", "abcd"], "anyOf": [{"type": "string", "maxLength": 2}, {"type": "integer"}]},
    {"const": 5, "oneOf": [{"type": "integer", "maximum": 3}, {"minimum": 4}]},
    {"type": "integer", "enum": [1, 2], "anyOf": [{"enum": [3, 2]}, {"type": "integer", "minimum": 5}]},
    {"enum": [1.5, 2], "anyOf": [{"type": "integer"}, {"not": {"type": "string"}}]},
]


def _req(node: Any) -> Dict[str, Any]:
    return {"type": "object", "properties": {"p": node}, "required": ["p"]}


def _listed(node: Dict[str, Any]) -> List[Any]:
    return [node["const"]] if "const" in node else list(node["enum"])


@pytest.mark.parametrize("node", NONE_LEFT)
def test_no_listed_value_passes_a_branch(node: Dict[str, Any]) -> None:
    check = jsonschema.Draft202012Validator(_req(node))
    assert not any(check.is_valid({"p": v}) for v in _listed(node))


@pytest.mark.parametrize("node", SOME_LEFT)
def test_a_listed_value_passes_a_branch(node: Dict[str, Any]) -> None:
    check = jsonschema.Draft202012Validator(_req(node))
    assert any(check.is_valid({"p": v}) for v in _listed(node))


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("node", NONE_LEFT)
def test_values_no_branch_takes_are_unsatisfiable(target: str, node: Dict[str, Any]) -> None:
    rendered = schema.render(_req(node), target, on_error="report")
    assert "unsatisfiable" in [e.code for e in rendered.errors], rendered.lints
    assert not rendered.lossless


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("node", SOME_LEFT)
def test_a_value_some_branch_takes_is_no_contradiction(target: str, node: Dict[str, Any]) -> None:
    rendered = schema.render(_req(node), target, on_error="report")
    assert "unsatisfiable" not in [e.code for e in rendered.lints], rendered.lints
