"""A ``const`` holds one value where an ``enum`` holds several: a target whose ``enum``
cannot hold a value of some type cannot hold it as a ``const`` either, and both are the
same lint error (``unsupported-enum``) wherever the value reaches the wire.

Pinned from the provider rules: Anthropic's structured outputs take ``enum`` of
"strings, numbers, bools, or nulls only - no complex types" and ``const`` (reference
structured-output.md §C.1: "complex types inside enum" not supported), and Bedrock
Converse follows Claude's rules (§C.3); OpenAI strict mode takes ``const`` beside
``enum`` (§B.2), whose members toolwire sends as primitives only
(``Profile.enum_types``); Gemini takes no ``const`` (a one-value ``enum``, §C.2).
Targets that take any schema (Ollama, vLLM, prompt mode) lint neither.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import EncodeError
from toolwire.schema import render

CLOSED = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"], "additionalProperties": False}
ITEMS = {"type": "array", "items": {"type": "integer"}}
STRICT = ["openai.chat", "openai.responses", "anthropic.messages", "anthropic.tool", "bedrock.converse", "gemini"]


def _schema(node: Dict[str, Any]) -> Dict[str, Any]:
    return {"type": "object", "required": ["k"], "additionalProperties": False, "properties": {"k": node}}


def _codes(node: Dict[str, Any], target: str) -> Any:
    r = render(_schema(node), target, on_error="report")
    return [(x.code, x.pointer) for x in r.errors]


@pytest.mark.parametrize("target", STRICT)
@pytest.mark.parametrize(("typed", "value"), [(CLOSED, {"a": 1}), (ITEMS, [1, 2])], ids=["object", "array"])
def test_a_const_of_an_object_or_array_is_linted_as_the_enum_of_it_is(target: str, typed: Any, value: Any) -> None:
    as_enum = _codes({**typed, "enum": [value]}, target)
    as_const = _codes({**typed, "const": value}, target)
    assert as_enum == [("unsupported-enum", "/properties/k")]
    assert as_const == as_enum
    with pytest.raises(EncodeError, match=r"\[unsupported-enum\]$"):
        render(_schema({**typed, "const": value}), target)


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "bedrock.converse"])
@pytest.mark.parametrize("value", [{"a": 1}, [1]], ids=["object", "array"])
def test_an_untyped_const_of_an_object_or_array_is_linted(target: str, value: Any) -> None:
    """The const is sent as it is (no type beside it): its value is what the lint names."""
    r = render(_schema({"const": value}), target, on_error="report")
    assert r.wire_schema["properties"]["k"] == {"const": value}
    assert [(x.code, x.pointer) for x in r.errors] == [("unsupported-enum", "/properties/k")]
    assert r.errors[0].message == f"a const of this type is not supported: {value!r}"
    assert not r.lossless


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "bedrock.converse"])
@pytest.mark.parametrize("value", ["x", 1, 2.5, True, None], ids=["string", "integer", "number", "boolean", "null"])
def test_a_const_of_a_primitive_is_sent_as_it_is(target: str, value: Any) -> None:
    r = render(_schema({"const": value}), target)
    assert r.wire_schema["properties"]["k"]["const"] == value
    assert not r.errors


@pytest.mark.parametrize("target", ["ollama", "vllm", "prompt"])
def test_targets_that_take_any_schema_lint_neither(target: str) -> None:
    for node in ({"const": {"a": 1}}, {"enum": [{"a": 1}]}, {"const": [1]}):
        assert render(_schema(node), target).errors == ()
