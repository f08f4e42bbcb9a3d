"""A call that reads like a tool definition never vanishes from a list of calls.

A tool that takes no arguments is written ``{"name": "get_time"}`` by a model in text
mode; that is also a Gemini ``FunctionDeclaration`` without parameters
(https://ai.google.dev/api/caching#FunctionDeclaration: only ``name`` is required), so
detection claims it as a definition. The ``ToolCall`` field's dict form (README
"Canonical values"; its JSON schema requires only ``name``) reads it as a call. Before,
``decode_all`` and ``ToolCalls`` skipped it without a word in a list (``[]``, or its
siblings alone: an agent that gets ``[]`` ends its turn; DESIGN invariant 7), while
the lone item raised.

Now ``decode_all`` raises at the item's path (an ``InvalidToolCall`` there with
``invalid="keep"``) for a definition among calls, or a list whose definitions are all
a bare name. A list of real tool definitions (a request's ``tools``, a Gemini
``functionDeclarations`` list) still holds no call, and a request body's definitions
are still passed over.

Call shapes: OpenAI Chat ``tool_calls[].function`` without ``arguments``
(https://platform.openai.com/docs/api-reference/chat/object; Ollama
https://github.com/ollama/ollama/blob/main/docs/api.md writes ``{"function": {...}}``),
a Responses-style ``{"type": "function", "name", "arguments"}``, Llama's JSON
``{"name", "parameters"}`` (https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_1/),
the canonical ``{"name", "args"}``.
"""

from __future__ import annotations

import json
from typing import Any, Dict

import pytest

import toolwire
from toolwire import DecodeError, InvalidToolCall, ToolCall

GET_TIME = {"name": "get_time"}
CALL_F = {"name": "f", "args": {}}

# items detection claims as tool definitions that are calls in a list of calls, with the
# dialect that claims each and its name
CALL_LIKE = [
    (GET_TIME, "gemini", "get_time"),
    ({"name": "get_weather", "parameters": {"city": "Paris"}}, "canonical", "get_weather"),
    ({"type": "function", "name": "get_time", "arguments": "{}"}, "openai.responses", "get_time"),
    ({"name": "get_time", "args": {}, "type": "function"}, "openai.responses", "get_time"),
    ({"type": "function", "function": {"name": "get_time"}}, "openai.chat", "get_time"),
    ({"function": {"name": "get_time"}}, "openai.chat", "get_time"),
]

# a definition that says nothing but a name: a call without arguments reads the same
NAME_ONLY = [case for case in CALL_LIKE if case[0] != CALL_LIKE[1][0]]


def _loc(exc: pytest.ExceptionInfo[DecodeError]) -> str:
    return exc.value.loc


@pytest.mark.parametrize(("item", "dialect", "name"), CALL_LIKE)
def test_beside_a_call_it_raises_at_its_path(item: Dict[str, Any], dialect: str, name: str) -> None:
    with pytest.raises(DecodeError) as exc:
        toolwire.decode_all([item, CALL_F])
    assert _loc(exc) == "$[0]"
    assert str(exc.value).startswith(f"Input at $[0] is {'an' if dialect[0] in 'aeiou' else 'a'} {dialect} tool "
                                     "definition, not a tool call: {")
    with pytest.raises(DecodeError) as exc:
        toolwire.decode_all([CALL_F, item])
    assert _loc(exc) == "$[1]"


@pytest.mark.parametrize(("item", "dialect", "name"), CALL_LIKE)
def test_kept_in_its_place(item: Dict[str, Any], dialect: str, name: str) -> None:
    got = toolwire.decode_all([CALL_F, item, {"name": "g", "args": {"a": 1}}], invalid="keep")
    assert [type(c) for c in got] == [ToolCall, InvalidToolCall, ToolCall]
    bad = got[1]
    assert isinstance(bad, InvalidToolCall)
    assert (bad.name, bad.loc) == (name, "$[1]")
    assert "tool definition, not a tool call" in bad.error


@pytest.mark.parametrize(("item", "dialect", "name"), NAME_ONLY)
def test_a_list_of_bare_names_raises(item: Dict[str, Any], dialect: str, name: str) -> None:
    with pytest.raises(DecodeError) as exc:
        toolwire.decode_all([item])
    assert _loc(exc) == "$[0]"
    with pytest.raises(DecodeError) as exc:
        toolwire.decode_all(json.dumps([item]))
    assert _loc(exc) == "$[0]"


def test_the_findings_lists() -> None:
    with pytest.raises(DecodeError) as exc:
        toolwire.decode_all([{"name": "get_time"}, {"name": "f", "args": {}}])
    assert _loc(exc) == "$[0]"
    with pytest.raises(DecodeError) as exc:
        toolwire.decode_all('[{"name": "get_time"}]')
    assert _loc(exc) == "$[0]"


# --- what still holds no call ---------------------------------------------------------

WEATHER_PARAMS = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
CHAT_TOOLS = [
    {"type": "function", "function": {"name": "get_weather", "description": "Weather of a city.",
                                      "parameters": WEATHER_PARAMS}},
    {"type": "function", "function": {"name": "get_time"}},
]
# https://ai.google.dev/api/caching#FunctionDeclaration: OpenAPI types in upper case
GEMINI_DECLARATIONS = [
    {"name": "get_weather", "description": "Weather of a city.",
     "parameters": {"type": "OBJECT", "properties": {"city": {"type": "STRING"}}, "required": ["city"]}},
    {"name": "get_time"},
]


@pytest.mark.parametrize("tools", [CHAT_TOOLS, GEMINI_DECLARATIONS, [{"functionDeclarations": GEMINI_DECLARATIONS}]])
def test_a_list_of_tool_definitions_holds_no_call(tools: Any) -> None:
    assert toolwire.decode_all(tools) == []


def test_a_chat_request_passes_its_definitions_over() -> None:
    # https://platform.openai.com/docs/api-reference/chat/create (``messages``, ``tools``)
    request = {"model": "gpt-4o", "tools": CHAT_TOOLS, "messages": [
        {"role": "user", "content": "Time?"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "get_time", "arguments": "{}"}}]}]}
    assert toolwire.decode_all(request) == [ToolCall("get_time", {}, "call_1")]


def test_a_gemini_request_passes_its_declarations_over() -> None:
    # https://ai.google.dev/api/generate-content#request-body (``contents``, ``tools``)
    request = {"tools": [{"functionDeclarations": GEMINI_DECLARATIONS}], "contents": [
        {"role": "user", "parts": [{"text": "Time?"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "get_time", "args": {}}}]}]}
    assert toolwire.decode_all(request) == [ToolCall("get_time", {})]


# --- inside a message's tool_calls ----------------------------------------------------


@pytest.mark.parametrize("message", [{"tool_calls": [{"name": "h"}]},
                                     {"role": "assistant", "content": None, "tool_calls": [{"name": "h"}]}])
def test_a_definition_of_another_dialect_among_a_messages_calls(message: Dict[str, Any]) -> None:
    with pytest.raises(DecodeError) as exc:
        toolwire.decode_all(message)
    assert _loc(exc) == "$.tool_calls[0]"
    assert str(exc.value) == "Input at $.tool_calls[0] is a gemini tool definition, not a tool call: {'name': 'h'}"
    (bad,) = toolwire.decode_all(message, invalid="keep")
    assert isinstance(bad, InvalidToolCall)
    assert (bad.name, bad.loc) == ("h", "$.tool_calls[0]")


def test_llama_parameters_in_tool_calls_are_not_dropped() -> None:
    message = {"role": "assistant", "content": None, "tool_calls": [{"name": "h", "parameters": {"a": 1}}]}
    with pytest.raises(DecodeError) as exc:
        toolwire.decode_all(message)
    assert _loc(exc) == "$.tool_calls[0]"


def test_a_flat_call_among_a_messages_calls_is_still_read() -> None:
    # claimed as a Responses tool definition alone; inside ``tool_calls`` its arguments read
    message = {"role": "assistant", "content": None, "tool_calls": [
        {"type": "function", "name": "f", "arguments": '{"a": 1}'}]}
    assert toolwire.decode_all(message) == [ToolCall("f", {"a": 1})]
