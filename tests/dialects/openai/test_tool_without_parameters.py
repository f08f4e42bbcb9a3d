"""A tool without parameters is written for OpenAI Chat and Responses with an empty
object schema, never without ``parameters`` (Chat) or with ``"parameters": null``
(Responses, a tool read elsewhere or built in code).

OpenAI reads both as the same tool: "Omitting `parameters` defines a function with an
empty parameter list" (https://platform.openai.com/docs/api-reference/chat/create,
``tools[].function.parameters``). Compatible servers do not: Hugging Face TGI's
``FunctionDefinition`` has ``#[serde(alias = "parameters")] arguments:
serde_json::Value`` without a default (router/src/lib.rs, huggingface/text-generation-inference
@ db931fcf), so a request with a tool without it fails to deserialize (HTTP 422);
llama.cpp refuses it too (huggingface.js PR #1624 and huggingface_hub issue #3218 add
a dummy schema for it); an OpenAI-compatible ``/responses`` refused ``"parameters":
null`` ("null is not of types "boolean", "object"", rikkahub/rikkahub issue #1453).
Responses' ``FunctionTool.parameters`` is required (nullable) in openai-python's
``FunctionToolParam``. A tool read from a dialect with ``parameters`` null (or, read from
Responses, left out) is still written back to it so (provider data of that dialect).
"""

from __future__ import annotations

from typing import Any, Dict

import pydantic
import pytest
from openai.types.chat import ChatCompletionFunctionToolParam
from openai.types.responses import FunctionToolParam

import toolwire
from toolwire import Tool

EMPTY = {"type": "object", "properties": {}}
# a strict tool's: OpenAI's strict mode needs ``additionalProperties: false`` on every object
EMPTY_STRICT = {"type": "object", "properties": {}, "additionalProperties": False}


def test_a_tool_without_parameters_is_written_for_chat_with_an_empty_object_schema() -> None:
    # hunt huntHF F3's reproducer: before, {"type": "function", "function": {"name": "get_time",
    # "description": "Current time"}}, which TGI answers with HTTP 422
    out = toolwire.encode_tool(Tool("get_time", "Current time"), "openai.chat")
    assert out == {"type": "function", "function": {"name": "get_time", "description": "Current time",
                                                    "parameters": EMPTY}}
    pydantic.TypeAdapter(ChatCompletionFunctionToolParam).validate_python(out)


def test_omitting_parameters_defines_a_function_with_an_empty_parameter_list() -> None:
    # the OpenAI docs' sentence: a Chat tool without ``parameters`` and one with the empty
    # object schema are the same tool; read either way, it is written with the schema
    omitted = {"type": "function", "function": {"name": "get_time", "description": "Current time"}}
    empty = {"type": "function", "function": {"name": "get_time", "description": "Current time",
                                              "parameters": EMPTY}}
    assert toolwire.decode_tool(omitted, "openai.chat").parameters is None  # the wire's own reading
    assert toolwire.decode_tool(empty, "openai.chat").parameters == EMPTY
    assert toolwire.convert(omitted, to="openai.chat") == empty
    assert toolwire.convert(empty, to="openai.chat") == empty


def test_a_tool_without_parameters_is_written_for_responses_with_an_empty_object_schema() -> None:
    out = toolwire.encode_tool(Tool("get_time", "Current time"), "openai.responses")
    assert out == {"type": "function", "name": "get_time", "description": "Current time", "parameters": EMPTY,
                   "strict": False}
    pydantic.TypeAdapter(FunctionToolParam).validate_python(out)
    chat = {"type": "function", "function": {"name": "get_time"}}
    assert toolwire.convert(chat, to="openai.responses") == {"type": "function", "name": "get_time",
                                                             "parameters": EMPTY, "strict": False}


@pytest.mark.parametrize("dialect", ["openai.chat", "openai.responses"])
def test_a_strict_tool_without_parameters_gets_a_closed_empty_schema(dialect: str) -> None:
    out = toolwire.encode_tool(Tool("get_time", strict=True), dialect)
    fn = out["function"] if dialect == "openai.chat" else out
    assert (fn["parameters"], fn["strict"]) == (EMPTY_STRICT, True)


def test_a_gemini_declaration_without_parameters_converted_to_chat() -> None:
    # google-genai FunctionDeclaration: ``parameters`` and ``parametersJsonSchema`` optional
    decl = {"name": "get_time", "description": "Current time"}
    assert toolwire.convert(decl, to="openai.chat") == {
        "type": "function", "function": {"name": "get_time", "description": "Current time", "parameters": EMPTY}}
    assert toolwire.convert(decl, to="openai.responses")["parameters"] == EMPTY


@pytest.mark.parametrize(("dialect", "wire"), [
    ("openai.chat", {"type": "function", "function": {"name": "f", "parameters": None}}),
    ("openai.responses", {"type": "function", "name": "f", "parameters": None, "strict": False}),
    ("openai.responses", {"type": "function", "name": "f", "strict": False}),
    ("openai.responses", {"type": "function", "name": "f"}),
])
def test_a_tool_read_with_null_or_without_parameters_is_written_back_so(dialect: str, wire: Dict[str, Any]) -> None:
    assert toolwire.convert(wire, to=dialect) == wire


@pytest.mark.parametrize(("dialect", "wire"), [
    ("ollama", {"type": "function", "function": {"name": "f"}}),  # ollama-python ``Tool.Function.parameters`` optional
    ("gemini", {"name": "f"}),
    ("mistral", {"type": "function", "function": {"name": "f", "parameters": EMPTY}}),
    ("cohere.v2", {"type": "function", "function": {"name": "f", "parameters": EMPTY}}),
    ("anthropic.messages", {"name": "f", "input_schema": EMPTY}),
])
def test_other_dialects_write_a_tool_without_parameters_as_before(dialect: str, wire: Dict[str, Any]) -> None:
    assert toolwire.encode_tool(Tool("f"), dialect) == wire
