"""A ``strict: true`` tool is written to OpenAI Chat / Responses only when its schema
meets strict mode's object rules (https://platform.openai.com/docs/guides/structured-outputs,
"Supported schemas": the root an object, ``additionalProperties: false`` and every
property required on each object); else ``EncodeError`` at the first place that breaks
them. The schema is never rewritten."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import EncodeError, Tool

# the strict get_weather tool of https://platform.openai.com/docs/guides/function-calling
WEATHER: Dict[str, Any] = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Retrieves current weather for the given location.",
        "parameters": {
            "type": "object",
            "properties": {
                "location": {"type": "string", "description": "City and country e.g. Bogotá, Colombia"},
                "units": {"type": ["string", "null"], "enum": ["celsius", "fahrenheit"],
                          "description": "Units the temperature will be returned in."},
            },
            "required": ["location", "units"],
            "additionalProperties": False,
        },
        "strict": True,
    },
}
TARGETS = ["openai.chat", "openai.responses"]


@pytest.mark.parametrize("target", TARGETS)
def test_a_strict_tool_that_meets_the_rules_is_written(target: str) -> None:
    tool = toolwire.decode_tool(WEATHER, "openai.chat")
    out = toolwire.encode_tool(tool, target)
    assert (out["function"] if target == "openai.chat" else out)["parameters"] == WEATHER["function"]["parameters"]
    assert toolwire.encode_tool(tool.replace(strict=False), target)  # not strict: any schema


# Anthropic's input_schema with strict: true (Anthropic's strict mode takes optional properties)
ANTHROPIC = {"name": "f", "strict": True, "input_schema": {"type": "object", "additionalProperties": False,
             "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "required": ["a"]}}

CASES = [
    ("optional-property", ANTHROPIC["input_schema"], "$.parameters",
     "every property required (add 'b' to its \"required\")"),
    ("open-object", {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}, "$.parameters",
     '"additionalProperties": false on every object'),
    ("nested", {"type": "object", "additionalProperties": False, "required": ["p"], "properties": {"p": {
        "type": "array", "items": {"type": "object", "properties": {"x": {"type": "integer"}}}}}},
     "$.parameters.properties.p.items", '"additionalProperties": false on every object'),
    ("in-defs", {"type": "object", "additionalProperties": False, "required": ["p"], "properties": {"p": {
        "$ref": "#/$defs/P"}}, "$defs": {"P": {"type": "object", "additionalProperties": False,
                                               "properties": {"x": {"type": "integer"}, "my key": {}}}}},
     "$.parameters.$defs.P", "every property required (add 'x' to its \"required\")"),
    ("in-anyof", {"type": "object", "additionalProperties": False, "required": ["p"], "properties": {"p": {
        "anyOf": [{"type": "null"}, {"properties": {"x": {"type": "integer"}}, "additionalProperties": False}]}}},
     "$.parameters.properties.p.anyOf[1]", "every property required (add 'x' to its \"required\")"),
    ("untyped-root", {}, "$.parameters", 'an object at the root ("type": "object")'),
]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize(("schema", "loc", "needs"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_strict_tool_whose_schema_strict_mode_refuses_raises(target: str, schema: Any, loc: str, needs: str) -> None:
    tool = Tool("f", parameters=schema, strict=True)
    with pytest.raises(EncodeError) as err:
        toolwire.encode_tool(tool, target)
    assert str(err.value) == (
        f"Tool 'f' is strict, and {target}'s strict mode needs {needs}; the schema at {loc} does not meet it: "
        "fix the schema, or write the tool with strict false"
    )
    assert err.value.loc == loc and err.value.dialect == target


@pytest.mark.parametrize("target", TARGETS)
def test_convert_of_a_strict_anthropic_tool_is_refused_not_rewritten(target: str) -> None:
    with pytest.raises(EncodeError, match=r"every property required \(add 'b'"):
        toolwire.convert(ANTHROPIC, target, source="anthropic.messages")
    # the same tool not strict converts as it is
    loose = toolwire.convert({**ANTHROPIC, "strict": False}, target, source="anthropic.messages")
    assert (loose["function"] if target == "openai.chat" else loose)["parameters"] == ANTHROPIC["input_schema"]


def test_a_strict_tool_without_parameters_is_written() -> None:
    # with the empty object schema, closed as strict mode needs (test_tool_without_parameters.py)
    closed = {"type": "object", "properties": {}, "additionalProperties": False}
    assert toolwire.encode_tool(Tool("now", strict=True), "openai.chat") == {
        "type": "function", "function": {"name": "now", "parameters": closed, "strict": True}}
    assert toolwire.encode_tool(Tool("now", strict=True), "openai.responses") == {
        "type": "function", "name": "now", "parameters": closed, "strict": True}

