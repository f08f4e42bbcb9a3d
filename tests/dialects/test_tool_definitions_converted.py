"""Tool definitions between dialects: custom tools keep their kind between OpenAI Chat
and Responses, a provider's built-in tools are refused elsewhere, and each target gets
the fields its API requires (checked with the providers' SDK types)."""

from __future__ import annotations

from typing import Any, Dict

import botocore.session
import cohere
import pydantic
import pytest
from botocore.validate import ParamValidator
from openai.types.chat import ChatCompletionCustomToolParam
from openai.types.responses import CustomToolParam

import toolwire

try:  # mistralai 2.x, then 1.x
    from mistralai.client.models import Tool as MistralTool
except ImportError:  # pragma: no cover - the oldest CI venv
    from mistralai.models import Tool as MistralTool  # type: ignore[no-redef]

# a grammar is nested in Chat, flat in Responses (openai-python's param types)
CHAT_GRAMMAR = {"type": "grammar", "grammar": {"syntax": "lark", "definition": "start: /SELECT .*/"}}
RESPONSES_GRAMMAR = {"type": "grammar", "syntax": "lark", "definition": "start: /SELECT .*/"}
CHAT_CUSTOM = {"type": "custom", "custom": {"name": "sql", "description": "run SQL", "format": CHAT_GRAMMAR}}
RESPONSES_CUSTOM = {"type": "custom", "name": "sql", "description": "run SQL", "format": RESPONSES_GRAMMAR}


def test_tool_definitions_converted_chat_custom_to_responses() -> None:
    out = toolwire.convert(CHAT_CUSTOM, to="openai.responses")
    assert out == RESPONSES_CUSTOM
    pydantic.TypeAdapter(CustomToolParam).validate_python(out)
    pydantic.TypeAdapter(ChatCompletionCustomToolParam).validate_python(CHAT_CUSTOM)
    assert toolwire.convert(out, to="openai.chat") == CHAT_CUSTOM


def test_tool_definitions_converted_responses_custom_to_chat() -> None:
    out = toolwire.convert({"type": "custom", "name": "sql", "format": {"type": "text"}}, to="openai.chat")
    assert out == {"type": "custom", "custom": {"name": "sql", "format": {"type": "text"}}}
    pydantic.TypeAdapter(ChatCompletionCustomToolParam).validate_python(out)
    assert toolwire.convert(RESPONSES_CUSTOM, to="openai.chat") == CHAT_CUSTOM


def test_tool_definitions_converted_custom_format_unknown_refused() -> None:
    wire = {"type": "custom", "name": "sql", "format": {"type": "regex_v9", "pattern": "x"}}
    with pytest.raises(toolwire.EncodeError, match="has no Chat equivalent known"):
        toolwire.convert(wire, to="openai.chat")
    assert toolwire.convert(wire, to="openai.responses") == wire


def test_tool_definitions_converted_custom_stays_own_shape() -> None:
    assert toolwire.convert(CHAT_CUSTOM, to="openai.chat") == CHAT_CUSTOM
    assert toolwire.convert(RESPONSES_CUSTOM, to="openai.responses") == RESPONSES_CUSTOM


BUILTIN = {
    "anthropic web_search": ({"type": "web_search_20250305", "name": "web_search", "max_uses": 5},
                             "anthropic.messages", "web_search_20250305"),
    "anthropic bash": ({"type": "bash_20250124", "name": "bash"}, "anthropic.messages", "bash_20250124"),
    "bedrock systemTool": ({"systemTool": {"name": "nova_grounding"}}, "bedrock.converse", "systemTool"),
}
TARGETS = ["openai.chat", "openai.responses", "anthropic.messages", "gemini", "bedrock.converse", "mistral",
           "cohere.v2", "ollama", "mcp", "canonical"]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("case", sorted(BUILTIN))
def test_tool_definitions_converted_builtin_only_to_its_own_dialect(case: str, target: str) -> None:
    wire, source, kind = BUILTIN[case]
    if target == source:
        assert toolwire.convert(wire, to=target) == wire
        assert toolwire.encode_tool(toolwire.decode_tool(wire, source), target) == wire
        return
    name = toolwire.decode_tool(wire, source).name
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.convert(wire, to=target)
    assert str(info.value) == (f"Tool {name!r} is a {kind} tool of {source}; {target} has no such tool "
                               "and cannot take it as a function tool")


# a custom tool's calls carry free text, read as {"input": text}: as a function tool
# elsewhere it takes exactly that object
INPUT_SCHEMA = {"type": "object", "properties": {"input": {"type": "string"}}, "required": ["input"],
                "additionalProperties": False}
TEXT_CUSTOM = {
    "chat, no format": {"type": "custom", "custom": {"name": "sql", "description": "run SQL"}},
    "chat, text format": {"type": "custom", "custom": {"name": "sql", "description": "run SQL",
                                                       "format": {"type": "text"}}},
    "responses, text format": {"type": "custom", "name": "sql", "description": "run SQL", "format": {"type": "text"}},
}


@pytest.mark.parametrize("case", sorted(TEXT_CUSTOM))
def test_tool_definitions_converted_text_custom_tool_takes_its_input_elsewhere(case: str) -> None:
    wire = TEXT_CUSTOM[case]
    assert toolwire.convert(wire, to="anthropic.messages") == {
        "name": "sql", "description": "run SQL", "input_schema": INPUT_SCHEMA}
    anthropic_types = pytest.importorskip("anthropic.types")
    pydantic.TypeAdapter(anthropic_types.ToolParam).validate_python(toolwire.convert(wire, to="anthropic.messages"))
    assert toolwire.convert(wire, to="mistral") == {
        "type": "function", "function": {"name": "sql", "description": "run SQL", "parameters": INPUT_SCHEMA}}
    MistralTool.model_validate(toolwire.convert(wire, to="mistral"))
    out = toolwire.convert(wire, to="bedrock.converse")
    assert out == {"toolSpec": {"name": "sql", "description": "run SQL", "inputSchema": {"json": INPUT_SCHEMA}}}
    assert _converse_report(out) == ""
    # a call to it, converted the same way, holds what that schema asks for
    call = ({"type": "custom", "id": "call_1", "custom": {"name": "sql", "input": "SELECT 1"}} if "chat" in case
            else {"type": "custom_tool_call", "call_id": "call_1", "name": "sql", "input": "SELECT 1"})
    assert toolwire.convert(call, to="anthropic.messages")["input"] == {"input": "SELECT 1"}
    # and back to its own API it is the custom tool again
    assert toolwire.convert(wire, to="openai.chat" if "chat" in case else "openai.responses") == wire


@pytest.mark.parametrize("wire", [CHAT_CUSTOM, RESPONSES_CUSTOM,
                                  {"type": "custom", "name": "n", "format": {"type": "grammar", "syntax": "regex",
                                                                            "definition": "[0-9]+"}}])
@pytest.mark.parametrize("target", ["anthropic.messages", "gemini", "bedrock.converse", "mistral", "cohere.v2",
                                    "ollama", "mcp", "canonical"])
def test_tool_definitions_converted_grammar_custom_tool_refused_outside_openai(wire: Dict[str, Any],
                                                                              target: str) -> None:
    """A grammar constrains the text; no function tool holds that constraint, so a
    target outside OpenAI refuses the tool rather than take any string."""
    source = "openai.chat" if "custom" in wire else "openai.responses"
    fmt = wire["custom"]["format"]["grammar"] if "custom" in wire else wire["format"]
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.convert(wire, to=target)
    assert str(info.value) == (f"Tool {toolwire.decode_tool(wire).name!r} is a custom ({fmt['syntax']} grammar) tool "
                               f"of {source}; {target} has no such tool and cannot take it as a function tool")


def test_tool_definitions_converted_anthropic_custom_type_is_a_function_tool() -> None:
    wire = {"type": "custom", "name": "f", "input_schema": {"type": "object", "properties": {}}}
    assert toolwire.convert(wire, to="openai.chat") == {
        "type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {}}}}


EMPTY = {"type": "object", "properties": {}}


@pytest.mark.parametrize("source", [{"type": "function", "function": {"name": "get_time"}},
                                    {"name": "get_time", "parameters": None}])
def test_tool_definitions_converted_mistral_needs_parameters(source: Dict[str, Any]) -> None:
    out = toolwire.convert(source, to="mistral")
    assert out == {"type": "function", "function": {"name": "get_time", "parameters": EMPTY}}
    MistralTool.model_validate(out)


def test_tool_definitions_converted_cohere_needs_parameters() -> None:
    out = toolwire.encode_tool(toolwire.Tool("f"), "cohere.v2")
    assert out == {"type": "function", "function": {"name": "f", "parameters": EMPTY}}
    cohere.ToolV2.model_validate(out)
    # a schema given is kept as it is
    schema = {"type": "object", "properties": {"a": {"type": "string"}}}
    assert toolwire.encode_tool(toolwire.Tool("f", parameters=schema), "cohere.v2")["function"]["parameters"] == schema


def test_tool_definitions_converted_chat_writes_the_empty_parameter_list() -> None:
    # "Omitting `parameters` defines a function with an empty parameter list" (OpenAI); Hugging
    # Face TGI and llama.cpp require the key (tests/dialects/openai/test_tool_without_parameters.py)
    assert toolwire.encode_tool(toolwire.Tool("f"), "openai.chat") == {"type": "function", "function": {
        "name": "f", "parameters": EMPTY}}
    # Ollama's stay optional
    assert toolwire.encode_tool(toolwire.Tool("f"), "ollama") == {"type": "function", "function": {"name": "f"}}


def _converse_report(tool: Dict[str, Any]) -> str:
    shape = botocore.session.get_session().get_service_model("bedrock-runtime").operation_model("Converse").input_shape
    params = {"modelId": "m", "messages": [{"role": "user", "content": [{"text": "hi"}]}],
              "toolConfig": {"tools": [tool]}}
    report: str = ParamValidator().validate(params, shape).generate_report()
    return report


def test_tool_definitions_converted_bedrock_empty_description_left_out() -> None:
    out = toolwire.encode_tool(toolwire.Tool("f", description=""), "bedrock.converse")
    assert out == {"toolSpec": {"name": "f", "inputSchema": {"json": EMPTY}}}
    assert _converse_report(out) == ""
    wire = {"type": "function", "function": {"name": "f", "description": "", "parameters": EMPTY}}
    assert _converse_report(toolwire.convert(wire, to="bedrock.converse")) == ""
    described = toolwire.encode_tool(toolwire.Tool("f", description="Say hi"), "bedrock.converse")
    assert described["toolSpec"]["description"] == "Say hi"
