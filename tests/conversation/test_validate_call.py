"""``validate_call``: unknown names and schema violations give an ``InvalidToolCall``
with a short error for the model; ``coerce=True`` repairs string numbers/booleans."""

from __future__ import annotations

from typing import Any, List, Tuple

import pytest

import toolwire
from toolwire import InvalidToolCall, Tool, ToolCall, validate_call

# the get_weather tool of https://platform.openai.com/docs/guides/function-calling
WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get current temperature for a given location.",
        "parameters": {
            "type": "object",
            "properties": {
                "location": {"type": "string"},
                "days": {"type": "integer", "minimum": 1},
                "metric": {"type": "boolean"},
            },
            "required": ["location"],
            "additionalProperties": False,
        },
    },
}
TOOLS = [WEATHER, Tool("get_time", parameters={"type": "object", "properties": {}})]


def test_a_valid_call_is_returned_as_is() -> None:
    call = ToolCall("get_weather", {"location": "Paris", "days": 2}, "call_1")
    assert validate_call(call, TOOLS) is call


def test_an_unknown_tool_name() -> None:
    bad = validate_call(ToolCall("get_wether", {"location": "Paris"}, "call_1"), TOOLS)
    assert isinstance(bad, InvalidToolCall)
    assert (bad.name, bad.id, bad.raw) == ("get_wether", "call_1", '{"location": "Paris"}')
    assert bad.error == "Unknown tool 'get_wether'; the tools offered are: get_weather, get_time."


def test_arguments_that_break_the_schema() -> None:
    bad = validate_call(ToolCall("get_weather", {"days": 0, "city": "Paris"}, "call_1"), TOOLS)
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == (
        "Arguments of 'get_weather' do not match its schema: $: property 'location' is required (required); "
        "$.days: 0 is less than the minimum of 1 (minimum); $.city: property 'city' is not allowed "
        "(additionalProperties)."
    )


def test_coerce_turns_string_numbers_and_booleans_into_the_schema_types() -> None:
    call = ToolCall("get_weather", {"location": "Paris", "days": "3", "metric": "true"}, "call_1")
    assert isinstance(validate_call(call, TOOLS), InvalidToolCall)
    fixed = validate_call(call, TOOLS, coerce=True)
    assert type(fixed) is ToolCall
    assert fixed.args == {"location": "Paris", "days": 3, "metric": True}
    assert fixed.repairs == ("coerced-types",)


def test_coerce_never_turns_a_string_field_into_a_number() -> None:
    call = ToolCall("get_weather", {"location": 75001}, "call_1")
    bad = validate_call(call, TOOLS, coerce=True)
    assert isinstance(bad, InvalidToolCall) and "is not of type string" in bad.error


def test_coerce_that_does_not_help_reports_the_remaining_errors() -> None:
    bad = validate_call(ToolCall("get_weather", {"location": "Paris", "days": "three"}, "c"), TOOLS, coerce=True)
    assert isinstance(bad, InvalidToolCall) and '$.days: "three" is not of type integer' in bad.error


def test_wire_calls_and_tools_of_any_dialect() -> None:
    anthropic_call = {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"location": "Oslo"}}
    anthropic_tool = {"name": "get_weather", "input_schema": WEATHER["function"]["parameters"]}  # type: ignore[index]
    got = validate_call(anthropic_call, [anthropic_tool])
    assert got == ToolCall("get_weather", {"location": "Oslo"}, "toolu_1")


def test_coerce_reads_numbers_only_for_number_types() -> None:
    """A string where an array (or null) belongs stays a string, even when it spells a
    number: coercion reads a number only for ``integer`` / ``number``."""
    tool = Tool("f", parameters={"type": "object", "properties": {"ids": {"type": "array"}, "n": {"type": "null"}}})
    bad = validate_call(ToolCall("f", {"ids": "5", "n": "7"}, "c"), [tool], coerce=True)
    assert isinstance(bad, InvalidToolCall)
    assert '$.ids: "5" is not of type array' in bad.error and '$.n: "7" is not of type null' in bad.error


def test_coerce_never_reads_a_non_finite_number() -> None:
    """``"NaN"`` / ``"Infinity"`` spell no JSON number: the call stays invalid (JSON
    cannot carry the value, and no bound check holds for nan)."""
    tool = Tool("f", parameters={"type": "object", "properties": {"n": {"type": "number", "minimum": 0}}})
    for text in ("NaN", "Infinity", "-Infinity", "1e999"):
        bad = validate_call(ToolCall("f", {"n": text}, "c"), [tool], coerce=True)
        assert isinstance(bad, InvalidToolCall), text
        assert f'$.n: "{text}" is not of type number' in bad.error


def test_a_tool_without_parameters_takes_no_arguments() -> None:
    """OpenAI: "Omitting parameters defines a function with an empty parameter list"
    (https://platform.openai.com/docs/api-reference/chat/create, tools[].function.parameters)."""
    tools = [{"type": "function", "function": {"name": "get_time"}}]
    call = ToolCall("get_time", {}, "c")
    assert validate_call(call, tools) is call
    bad = validate_call(ToolCall("get_time", {"rm_rf": "/"}, "c"), tools)
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == "Arguments of 'get_time' do not match its schema: 'get_time' takes no arguments; got rm_rf."


def test_a_provider_defined_tool_keeps_its_own_schema() -> None:
    """Anthropic's ``bash_20250124`` has no ``input_schema`` (Anthropic defines it): its
    calls are not checked against an empty one."""
    call = ToolCall("bash", {"command": "ls"}, "toolu_1")
    assert validate_call(call, [{"type": "bash_20250124", "name": "bash"}]) is call


def test_an_anthropic_server_tool_is_offered_with_its_own_schema() -> None:
    """A tool the provider defines that decodes to a ``Tool`` (its name given:
    https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-search-tool) is
    offered; its arguments follow the provider's schema and are not checked."""
    tools = [{"type": "web_search_20250305", "name": "web_search"}, {"name": "f", "input_schema": {"type": "object"}}]
    call = ToolCall("web_search", {"query": "x"}, "srvtoolu_1")
    assert validate_call(call, tools) is call


def test_two_tools_of_one_name_are_refused() -> None:
    strict = {"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}
    with pytest.raises(toolwire.DecodeError) as err:
        validate_call(ToolCall("f", {}), [{"name": "g", "parameters": {"type": "object"}},
                                          {"name": "f", "parameters": {"type": "object"}}, strict])
    assert str(err.value) == "Tools 1 and 2 of the tools list are both named 'f': a call cannot say which it means"
    assert err.value.loc == "$[2]"


HOSTED = {
    # https://platform.openai.com/docs/guides/tools-web-search
    "openai.responses": [{"type": "web_search"}, {"type": "function", "name": "f", "parameters": {"type": "object"},
                                                  "strict": False}],
    # https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Tool.html (cachePoint)
    "bedrock.converse": [{"toolSpec": {"name": "f", "inputSchema": {"json": {"type": "object"}}}},
                         {"cachePoint": {"type": "default"}}],
    # https://ai.google.dev/gemini-api/docs/google-search
    "gemini": [{"googleSearch": {}}, {"functionDeclarations": [{"name": "f", "parametersJsonSchema": {"type": "object"}}]}],
    "gemini-snake": [{"google_search": {}, "code_execution": {}},
                     {"function_declarations": [{"name": "f", "parameters": {"type": "OBJECT"}}]}],
}


@pytest.mark.parametrize("tools", list(HOSTED.values()), ids=list(HOSTED))
def test_hosted_tools_in_the_list_are_no_client_functions(tools: List[Any]) -> None:
    call = ToolCall("f", {"a": 1}, "c")
    assert validate_call(call, tools) is call
    bad = validate_call(ToolCall("web_search", {}, "c"), tools)
    assert isinstance(bad, InvalidToolCall) and bad.error == "Unknown tool 'web_search'; the tools offered are: f."


def test_a_gemini_entry_of_several_declarations_gives_several_tools() -> None:
    entry = {"functionDeclarations": [{"name": "f", "parametersJsonSchema": {"type": "object"}},
                                      {"name": "g", "parametersJsonSchema": {"type": "object", "required": ["x"]}}]}
    assert validate_call(ToolCall("f", {}), [entry]) == ToolCall("f", {})
    bad = validate_call(ToolCall("g", {}), [entry])
    assert isinstance(bad, InvalidToolCall) and "property 'x' is required" in bad.error


def test_a_bad_entry_is_named_by_its_place_in_the_list() -> None:
    tools = [{"name": "g", "input_schema": {"type": "object"}}, {"type": "function", "function": {"name": "f", "strict": "yes"}}]
    with pytest.raises(toolwire.DecodeError) as err:
        validate_call(ToolCall("f", {}), tools)
    assert str(err.value) == "Tool strict at $[1].function.strict must be a bool, got 'yes'"
    assert (err.value.loc, err.value.dialect) == ("$[1].function.strict", "openai.chat")
    gemini = [{"functionDeclarations": [{"name": "f"}, {"name": "g", "description": 5}]}]
    with pytest.raises(toolwire.DecodeError) as err:
        validate_call(ToolCall("f", {}), gemini)
    assert err.value.loc == "$[0].functionDeclarations[1].description"


def test_an_unknown_tool_message_is_bounded() -> None:
    # the line goes back into the prompt: a model-written name is shown as an excerpt,
    # and a long list of tools by its first names and how many more
    tool = Tool("f", "", {"type": "object"})
    bad = validate_call(ToolCall("x" * 1_000_000, {}), [tool])
    assert isinstance(bad, InvalidToolCall) and len(bad.error) < 200
    assert bad.error.startswith("Unknown tool 'xxxx") and bad.error.endswith("…; the tools offered are: f.")
    tools = [Tool(f"tool_{i:05d}", "", {"type": "object"}) for i in range(20_000)]
    bad = validate_call(ToolCall("zz", {}), tools)
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == ("Unknown tool 'zz'; the tools offered are: tool_00000, tool_00001, tool_00002, tool_00003, "
                         "tool_00004 (and 19995 more).")


# A schema the structured-output validator refuses (``"type": 12``), and a pattern the
# linear-time engine cannot run (look-behind, raised when the call is checked), under
# ``items`` (ollama-python's ``Tool.Function.Parameters.Property`` keeps ``items`` as it is)
BAD_SCHEMAS = [
    {"type": "object", "properties": {"x": {"type": "array", "items": {"type": 12}}}},
    {"type": "object", "properties": {"x": {"type": "array", "items": {"type": "string", "pattern": "(?<=a)b"}}}},
]


def _sdk_tools(schema: Any) -> List[Tuple[Any, Any, str, str]]:
    """(an SDK's tool object, its wire form, the dialect, the schema's path) per SDK, built offline."""
    import cohere
    import ollama
    from anthropic.types import ToolParam
    from google.genai import types as gt
    from openai.types.chat import ChatCompletionFunctionTool
    from openai.types.responses import FunctionTool

    try:
        from mistralai.client.models import Tool as MistralTool
    except ImportError:  # mistralai 1.x
        from mistralai.models import Tool as MistralTool  # type: ignore[no-redef]

    # https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools
    chat = {"type": "function", "function": {"name": "f", "parameters": schema}}
    # https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools
    responses = {"type": "function", "name": "f", "parameters": schema, "strict": False}
    # https://docs.anthropic.com/en/api/messages#body-tools
    anthropic = {"name": "f", "input_schema": schema}
    # https://ai.google.dev/api/caching#Tool
    gemini = {"functionDeclarations": [{"name": "f", "parametersJsonSchema": schema}]}
    declaration = {"name": "f", "parametersJsonSchema": schema}
    return [
        (ChatCompletionFunctionTool.model_validate(chat), chat, "openai.chat", "$[0].function.parameters"),
        (FunctionTool.model_validate(responses), responses, "openai.responses", "$[0].parameters"),
        (ToolParam(name="f", input_schema=schema), anthropic, "anthropic.messages", "$[0].input_schema"),
        (gt.Tool(function_declarations=[gt.FunctionDeclaration(name="f", parameters_json_schema=schema)]), gemini,
         "gemini", "$[0].functionDeclarations[0].parametersJsonSchema"),
        (gt.FunctionDeclaration(name="f", parameters_json_schema=schema), declaration, "gemini",
         "$[0].parametersJsonSchema"),
        (MistralTool.model_validate(chat), chat, "openai.chat", "$[0].function.parameters"),
        (cohere.ToolV2.model_validate(chat), chat, "openai.chat", "$[0].function.parameters"),
        (ollama.Tool.model_validate(chat), chat, "openai.chat", "$[0].function.parameters"),
    ]


@pytest.mark.parametrize("schema", BAD_SCHEMAS)
def test_an_sdk_tool_object_is_named_by_the_path_and_dialect_of_its_wire_form(schema: Any) -> None:
    # the error of an SDK object said "$[0].parameters…" and no dialect: its wire form's path and dialect now
    call = ToolCall("f", {"x": ["b"]}, "call_1")
    for obj, wire, dialect, place in _sdk_tools(schema):
        with pytest.raises(toolwire.DecodeError) as want:
            validate_call(call, [wire])
        with pytest.raises(toolwire.DecodeError) as got:
            validate_call(call, [obj])
        assert got.value.loc.startswith(place + ".properties.x.items"), type(obj)
        assert (type(got.value), str(got.value), got.value.loc, got.value.dialect) == (
            type(want.value), str(want.value), want.value.loc, dialect), type(obj)


def test_sdk_tool_objects_are_read_as_their_wire_form_entries() -> None:
    # a google-genai ``types.Tool`` of two declarations raised "holds 2 function
    # declarations, not one", a hosted tool's object "matches no known dialect": as dicts
    from google.genai import types as gt
    from openai.types.responses import FunctionTool, WebSearchTool

    two = gt.Tool(function_declarations=[
        gt.FunctionDeclaration(name="f"),
        gt.FunctionDeclaration(name="g", parameters_json_schema={"type": "object", "required": ["x"]})])
    bad = validate_call(ToolCall("g", {}, "c"), [two])
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == "Arguments of 'g' do not match its schema: $: property 'x' is required (required)."
    tools = [WebSearchTool(type="web_search"), gt.Tool(google_search=gt.GoogleSearch()),
             FunctionTool(type="function", name="g", parameters={"type": "object"}, strict=False)]
    assert validate_call(ToolCall("g", {}, "c"), tools) == ToolCall("g", {}, "c")
