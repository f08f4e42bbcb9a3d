"""llama.cpp's converter (ggml-org/llama.cpp ``common/json-schema-to-grammar.cpp``,
``visit``) writes one rule for a string: its ``pattern`` if it has one, else a ``format``
it knows (``uuid``, ``date``, ``time``, ``date-time``), else ``minLength``/``maxLength``
(and those only under ``"type": "string"``). What the chosen rule leaves out is not
applied, so Ollama does not enforce it: ``{"pattern": "^[a-z]+$", "maxLength": 3}``
took any length, reported lossless. Each such keyword is ``unenforced`` now."""

from __future__ import annotations

from typing import Any, Dict, Set, Tuple

import pytest

from toolwire.schema import render


def _x(node: Dict[str, Any]) -> Dict[str, Any]:
    return {"type": "object", "required": ["x"], "properties": {"x": node}}


def _unenforced(node: Dict[str, Any]) -> Set[Tuple[str, str]]:
    r = render(_x(node), "ollama")
    return {(c.pointer, c.keyword) for c in r.report if c.action == "unenforced"}


X = "/properties/x"


@pytest.mark.parametrize(("node", "left"), [
    ({"type": "string", "pattern": "^[a-z]+$", "maxLength": 3}, {"maxLength"}),
    ({"type": "string", "pattern": "^[a-z]+$", "minLength": 1, "format": "date"}, {"minLength", "format"}),
    ({"type": "string", "format": "date", "maxLength": 10}, {"maxLength"}),
    ({"type": ["string", "null"], "format": "uuid", "minLength": 36}, {"minLength"}),
    ({"minLength": 2}, {"minLength"}),  # untyped: the converter writes any value
], ids=["pattern-length", "pattern-format", "format-length", "type-array", "untyped"])
def test_what_the_one_string_rule_leaves_out_is_unenforced(node: Dict[str, Any], left: Set[str]) -> None:
    assert _unenforced(node) == {(X, k) for k in left}


@pytest.mark.parametrize("node", [
    {"type": "string", "minLength": 1, "maxLength": 3},
    {"type": "string", "pattern": "^[a-z]{1,3}$"},
    {"type": "string", "format": "date-time"},
], ids=["lengths", "pattern", "format"])
def test_one_rule_alone_is_enforced(node: Dict[str, Any]) -> None:
    assert render(_x(node), "ollama").lossless


def test_a_moved_pattern_leaves_the_lengths_to_the_converter() -> None:
    r = render(_x({"type": "string", "pattern": "[a-z]+", "maxLength": 3}), "ollama")
    # (the root object, closed by the converter: a narrowing of its own, test_ollama_closed_objects.py)
    assert [(c.keyword, c.action) for c in r.report if c.pointer] == [("pattern", "moved")]
    assert r.request["format"]["properties"]["x"]["maxLength"] == 3


def test_an_unknown_format_leaves_the_lengths_to_the_converter() -> None:
    assert _unenforced({"type": "string", "format": "email", "maxLength": 9}) == {(X, "format")}


def test_vllm_is_not_concerned() -> None:
    assert render(_x({"type": "string", "pattern": "^[a-z]+$", "maxLength": 3}), "vllm").lossless
