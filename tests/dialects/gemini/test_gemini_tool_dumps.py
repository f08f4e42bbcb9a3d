"""google-genai ``model_dump()`` output of a ``Tool`` entry or a ``FunctionDeclaration``
read as the SDK object is (docs/dialects/gemini.md: a dump holds every field, ``None``
when unset, which is absent; its enums are read as their words), and a ``Tool`` entry
holding both spellings of its declarations list (google-genai ``Tool.function_declarations``,
``functionDeclarations`` on the wire) refused rather than one list dropped.

The payloads are literal dumps of google-genai 3.x ``types.Tool`` / ``FunctionDeclaration``
/ ``Schema`` (every field of the model, ``None`` when unset), written out here."""

from __future__ import annotations

import enum
from typing import Any, Dict

import pytest

from toolwire import DecodeError, Tool, ToolCall, decode_tool, encode_tool, validate_call

SCHEMA: Dict[str, Any] = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
_BUILTINS_SNAKE = ("retrieval", "computer_use", "file_search", "google_search", "google_maps", "code_execution",
                   "enterprise_web_search", "google_search_retrieval", "parallel_ai_search", "url_context",
                   "mcp_servers", "exa_ai_search")
_BUILTINS_CAMEL = ("retrieval", "computerUse", "fileSearch", "googleSearch", "googleMaps", "codeExecution",
                   "enterpriseWebSearch", "googleSearchRetrieval", "parallelAiSearch", "urlContext", "mcpServers",
                   "exaAiSearch")


def _declaration(**set_: Any) -> Dict[str, Any]:
    """A ``FunctionDeclaration.model_dump(mode="json")``: every field, ``None`` when unset."""
    out: Dict[str, Any] = {"behavior": None, "description": None, "name": None, "parameters": None,
                           "parameters_json_schema": None, "response": None, "response_json_schema": None}
    out.update(set_)
    return out


def _tool_dump(decl: Dict[str, Any], camel: bool = False) -> Dict[str, Any]:
    """A ``Tool.model_dump(mode="json")`` (``by_alias=True``: *camel*) of one declaration."""
    out: Dict[str, Any] = {k: None for k in (_BUILTINS_CAMEL if camel else _BUILTINS_SNAKE)}
    out["functionDeclarations" if camel else "function_declarations"] = [decl]
    return out


# --- TD-3: null built-in fields of a Tool dump are absent ------------------------------------

@pytest.mark.parametrize("camel", [False, True])
@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "mcp", "openai.responses"])
def test_a_json_dump_of_a_tool_entry_converts_like_the_sdk_object(camel: bool, target: str) -> None:
    entry = _tool_dump(_declaration(name="f", description="d", parameters_json_schema=SCHEMA), camel)
    tool = decode_tool(entry, "gemini")
    out = encode_tool(tool, target)
    assert out == encode_tool(Tool("f", "d", SCHEMA), target)


def test_the_dump_is_written_back_to_gemini_as_it_came() -> None:
    entry = _tool_dump(_declaration(name="f", description="d", parameters_json_schema=SCHEMA))
    assert encode_tool(decode_tool(entry, "gemini"), "gemini") == entry


def test_a_set_builtin_beside_the_declaration_is_still_refused_elsewhere() -> None:
    entry = _tool_dump(_declaration(name="f", parameters_json_schema=SCHEMA), camel=True)
    entry["googleSearch"] = {}
    with pytest.raises(ValueError, match=r"functionDeclarations \+ googleSearch tool of gemini"):
        encode_tool(decode_tool(entry, "gemini"), "openai.chat")


def test_validate_call_reads_the_dumped_entry_and_checks_the_arguments() -> None:
    entry = _tool_dump(_declaration(name="f", parameters_json_schema=SCHEMA))
    assert type(validate_call(ToolCall("f", {"a": "x"}, None), [entry])) is ToolCall
    bad = validate_call(ToolCall("f", {"b": 1}, None), [entry])
    assert type(bad) is not ToolCall


def test_a_dump_of_a_builtin_entry_alone_offers_no_function() -> None:
    entry: Dict[str, Any] = {k: None for k in _BUILTINS_SNAKE}
    entry["function_declarations"] = None
    entry["google_search"] = {}
    bad = validate_call(ToolCall("google_search", {}, None), [entry, {"name": "f"}])
    assert type(bad) is not ToolCall and bad.error == "Unknown tool 'google_search'; the tools offered are: f."


# --- TD-6: a declaration's model_dump(): enums and null Schema fields --------------------------

class _Type(str, enum.Enum):  # google-genai ``types.Type`` (a ``CaseInSensitiveEnum(str, Enum)``)
    OBJECT = "OBJECT"
    STRING = "STRING"


class _Behavior(str, enum.Enum):  # google-genai ``types.Behavior``
    NON_BLOCKING = "NON_BLOCKING"


def _schema_dump(**set_: Any) -> Dict[str, Any]:
    """A ``types.Schema`` dump: every field, ``None`` when unset."""
    fields = ("additional_properties", "any_of", "default", "defs", "description", "enum", "example", "format",
              "items", "max_items", "max_length", "max_properties", "maximum", "min_items", "min_length",
              "min_properties", "minimum", "nullable", "pattern", "properties", "property_ordering", "ref",
              "required", "title", "type")
    out: Dict[str, Any] = {k: None for k in fields}
    out.update(set_)
    return out


WANT = {"type": "object", "properties": {"a": {"type": "string"}}}


@pytest.mark.parametrize("python_mode", [True, False])
def test_a_dump_with_an_openapi_schema_reads_as_the_sdk_object(python_mode: bool) -> None:
    obj, string = (_Type.OBJECT, _Type.STRING) if python_mode else ("OBJECT", "STRING")
    params = _schema_dump(type=obj, properties={"a": _schema_dump(type=string)})
    tool = decode_tool(_declaration(name="f", parameters=params), "gemini")
    assert tool.name == "f" and tool.parameters == WANT
    assert encode_tool(tool, "openai.chat") == {"type": "function", "function": {"name": "f", "parameters": WANT}}


def test_a_json_dump_is_written_back_to_gemini_as_it_came() -> None:
    decl = _declaration(name="f", parameters=_schema_dump(type="OBJECT", properties={"a": _schema_dump(
        type="STRING")}))
    assert encode_tool(decode_tool(decl, "gemini"), "gemini") == decl


def test_a_python_dump_with_behavior_reads_it_as_its_word() -> None:
    decl = _declaration(name="f", parameters_json_schema=SCHEMA, behavior=_Behavior.NON_BLOCKING)
    tool = decode_tool(decl, "gemini")
    assert tool.parameters == SCHEMA
    assert encode_tool(tool, "gemini")["behavior"] == "NON_BLOCKING"
    assert type(encode_tool(tool, "gemini")["behavior"]) is str


def test_a_python_dump_of_a_tool_entry_reads_its_enums_as_words() -> None:
    entry = _tool_dump(_declaration(name="f", parameters=_schema_dump(type=_Type.OBJECT)))
    entry["computer_use"] = None
    tool = decode_tool(entry, "gemini")
    assert tool.parameters == {"type": "object"}


def test_a_value_that_is_no_json_nor_an_enum_is_still_refused() -> None:
    with pytest.raises(DecodeError) as info:
        decode_tool(_declaration(name="f", parameters=_schema_dump(type="OBJECT", default={1, 2})), "gemini")
    assert info.value.loc == "$.parameters.default"


# --- TD-7: both spellings of the declarations list in one entry --------------------------------

def test_both_spellings_of_the_declarations_list_are_refused_at_the_second() -> None:
    entry = {"functionDeclarations": [{"name": "f"}], "function_declarations": [{"name": "g"}]}
    with pytest.raises(DecodeError) as info:
        decode_tool(entry, "gemini")
    assert info.value.loc == "$.function_declarations"
    assert info.value.message == ("Tool entry at $ has both 'functionDeclarations' and 'function_declarations': "
                                  "one field in two spellings")


def test_validate_call_refuses_such_an_entry_too() -> None:
    entry = {"functionDeclarations": [{"name": "f"}], "function_declarations": [{"name": "g"}]}
    with pytest.raises(DecodeError) as info:
        validate_call(ToolCall("g", {}, None), [entry])
    assert info.value.loc == "$[0].function_declarations"


def test_one_spelling_set_to_null_beside_the_other_is_absent() -> None:
    entry = {"functionDeclarations": [{"name": "f"}], "function_declarations": None}
    assert decode_tool(entry, "gemini").name == "f"


# --- TD-8: parameters of a root type other than object --------------------------------------

def test_a_nullable_object_root_is_refused_at_read_where_null_came_in() -> None:
    # it was read as type ["object", "null"], which no writer takes, Gemini's included
    decl = {"name": "f", "parameters": {"type": "OBJECT", "nullable": True, "properties": {"a": {"type": "STRING"}}}}
    with pytest.raises(DecodeError) as info:
        decode_tool(decl, "gemini")
    assert info.value.loc == "$.parameters.nullable"
    assert info.value.message == ("Tool parameters at $.parameters must be of type 'object' (a function's arguments "
                                  "are an object), got type ['object', 'null'] (from $.parameters.nullable)")


@pytest.mark.parametrize(("key", "schema"), [
    ("parameters", {"type": "STRING"}),
    ("parametersJsonSchema", {"type": "string"}),
    ("parameters_json_schema", {"type": ["object", "null"]}),
])
def test_another_root_type_is_refused_at_read(key: str, schema: Dict[str, Any]) -> None:
    with pytest.raises(DecodeError) as info:
        decode_tool({"name": "f", key: schema}, "gemini")
    assert info.value.loc == f"$.{key}.type"
    assert info.value.message.endswith(f" (from $.{key}.type)")  # the message names the place ``loc`` holds


def test_a_nullable_property_is_still_read() -> None:
    decl = {"name": "f", "parameters": {"type": "OBJECT", "properties": {"a": {"type": "STRING", "nullable": True}}}}
    tool = decode_tool(decl, "gemini")
    assert tool.parameters == {"type": "object", "properties": {"a": {"type": ["string", "null"]}}}
    assert encode_tool(tool, "gemini") == decl
