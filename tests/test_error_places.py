"""Errors said at the exact place of the fault, in plain words, naming the dialect
(errpaths findings EP-4 to EP-9): a wrong-typed field is a ``DecodeError`` at that
field, not a Python exception wrapped at a parent; a ``$.path`` spells a key that is no
identifier as a JSON string in brackets (docs/structured-output.md); a tool's schema
error in ``validate_call`` and a call's encode error in a list are said at their
place in the list. Wire shapes from the provider docs (Responses ``output[]`` items
and ``status``, Chat ``choices[].message``, Gemini ``candidates[].content``, Converse
``output.message``, Anthropic ``thinking`` blocks)."""

from __future__ import annotations

import pytest

import toolwire
from toolwire import (
    Conversation,
    InvalidToolCall,
    Message,
    Tool,
    ToolCall,
    decode_all,
    decode_tool,
    encode_conversation,
    encode_message,
    validate_call,
)
from toolwire.conversation import Text
from toolwire.response import normalize

FC = {"type": "function_call", "id": "fc_1", "call_id": "c1", "name": "f", "arguments": "{}", "status": "completed"}


def _err(fn):  # type: ignore[no-untyped-def]
    with pytest.raises(toolwire.ToolwireError) as info:
        fn()
    return info.value


def _plain(e: toolwire.ToolwireError) -> None:
    for word in ("TypeError", "AttributeError", "KeyError", "unhashable"):
        assert word not in str(e)


# ---------------------------------------------------------------- EP-4: wrong-typed fields


@pytest.mark.parametrize("status", [["completed"], {}])
def test_responses_status_of_wrong_type(status: object) -> None:
    e = _err(lambda: decode_all({"object": "response", "status": status, "output": [FC]}, "openai.responses"))
    assert type(e) is toolwire.DecodeError
    assert (e.loc, e.dialect) == ("$.status", "openai.responses")
    assert "'status' must be a string" in str(e) and " at $.status" in str(e)
    _plain(e)
    e = _err(lambda: normalize({"object": "response", "status": status, "output": [FC]}))
    assert (e.loc, e.dialect) == ("$.status", "openai.responses")
    _plain(e)


@pytest.mark.parametrize("kind", [["function_call"], {}])
def test_responses_item_type_of_wrong_type(kind: object) -> None:
    p = {"object": "response", "status": "completed", "output": [{**FC, "type": kind}]}
    e = _err(lambda: decode_all(p, "openai.responses"))
    assert (e.loc, e.dialect) == ("$.output[0].type", "openai.responses")
    _plain(e)


@pytest.mark.parametrize("payload,loc,dialect", [
    ({"object": "chat.completion", "choices": [{"index": 0, "finish_reason": "stop", "message": "x"}]},
     "$.choices[0].message", "openai.chat"),
    ({"object": "chat.completion", "model": "mistral-large-latest",
      "choices": [{"index": 0, "finish_reason": "stop", "message": []}]}, "$.choices[0].message", None),
    ({"candidates": [{"content": "x", "finishReason": "STOP"}]}, "$.candidates[0].content", "gemini"),
    ({"candidates": [{"content": [{"parts": []}], "finishReason": "STOP"}]}, "$.candidates[0].content", "gemini"),
    ({"output": {"message": "x"}, "stopReason": "end_turn"}, "$.output.message", "bedrock.converse"),
    ({"type": "message", "role": "assistant", "stop_reason": "end_turn",
      "content": [{"type": "text", "text": "a"}, {"type": "thinking", "thinking": 5, "signature": "s"}]},
     "$.content[1].thinking", "anthropic.messages"),
])
def test_normalize_wrong_typed_field(payload: dict, loc: str, dialect: object) -> None:
    e = _err(lambda: normalize(payload))
    assert type(e) is toolwire.DecodeError
    assert e.loc == loc and f" at {loc}" in str(e)
    if dialect is not None:
        assert e.dialect == dialect
    else:
        assert e.dialect in ("openai.chat", "mistral")
    _plain(e)


# ---------------------------------------------------------------- EP-5: one spelling of a path


@pytest.mark.parametrize("args,loc", [
    ({"a.b": float("nan")}, '$.args["a.b"]'),
    ({"0": [float("inf")]}, '$.args["0"][0]'),
    ({'q"]': {1: 2}}, '$.args["q\\"]"]'),
    ({"ok": {"x y": float("nan")}}, '$.args.ok["x y"]'),
    ({"$x": float("nan")}, "$.args.$x"),
])
def test_constructor_paths_quote_keys(args: dict, loc: str) -> None:
    e = _err(lambda: ToolCall(name="f", args=args))
    assert e.loc == loc and f" at {loc}" in str(e)


def test_provider_data_path_quotes_its_key() -> None:
    e = _err(lambda: ToolCall(name="f", args={}, provider_data={"a.b": {"x": float("nan")}}))
    assert e.loc == '$.provider_data["a.b"].x'


@pytest.mark.parametrize("key", ["a.b", 'q"x', "0"])
def test_tool_reader_paths_quote_keys(key: str) -> None:
    p = {"type": "object", "properties": {key: {"type": "integer", "default": float("nan")}}}
    e = _err(lambda: decode_tool({"type": "function", "function": {"name": "f", "parameters": p}}, "openai.chat"))
    import json
    loc = f"$.function.parameters.properties[{json.dumps(key)}].default"
    assert (e.loc, e.dialect) == (loc, "openai.chat")
    assert f" at {loc} " in str(e)


@pytest.mark.parametrize("key", ["long_name_" * 5, "a b " * 12, "a,b" * 20])
def test_moved_message_names_the_payload_place(key: str) -> None:
    p = {"type": "object", "properties": {key: {"type": "string", "default": float("nan")}}}
    e = _err(lambda: decode_tool({"type": "function", "function": {"name": "f", "parameters": p}}, "openai.chat"))
    assert e.loc.startswith("$.function.parameters.properties")
    assert " at $.function.parameters" in str(e) or " at $.function.paramet" in str(e)
    assert " at $.parameters" not in str(e)


# ---------------------------------------------------------------- EP-6: validate_call's schema errors

BAD = {"type": "object", "properties": {"a": {"type": "object", "required": 5}}}


@pytest.mark.parametrize("entry,loc,dialect", [
    ({"name": "f", "input_schema": BAD}, "$[1].input_schema.properties.a.required", "anthropic.messages"),
    ({"type": "function", "function": {"name": "f", "parameters": BAD}},
     "$[1].function.parameters.properties.a.required", "openai.chat"),
    (Tool(name="f", parameters=BAD), "$[1].parameters.properties.a.required", None),
])
def test_validate_call_schema_error_at_its_tool(entry: object, loc: str, dialect: object) -> None:
    tools = [Tool(name="g", parameters={"type": "object"}), entry]
    e = _err(lambda: validate_call(ToolCall(name="f", args={"a": {}}), tools))
    assert type(e) is toolwire.SchemaError
    assert (e.loc, e.dialect) == (loc, dialect)
    assert " at $[1]." in str(e)


# ---------------------------------------------------------------- EP-7: Gemini names its dialect


def test_gemini_parameters_error_names_the_dialect() -> None:
    p = {"type": "object", "properties": {"a": {"type": "string", "default": float("nan")}}}
    e = _err(lambda: decode_tool({"name": "f", "parameters": p}, "gemini"))
    assert (e.loc, e.dialect) == ("$.parameters.properties.a.default", "gemini")


# ---------------------------------------------------------------- EP-8: the index of a list's item

OK = ToolCall(name="ok", args={}, id="call_1")
BAD_RAW = InvalidToolCall(name="f", id="call_2", raw='{"a": "\ud800"', error="x")


def test_encode_message_says_the_index() -> None:
    e = _err(lambda: encode_message([OK, OK, BAD_RAW], "openai.chat"))
    assert type(e) is toolwire.EncodeError
    assert (e.loc, e.dialect) == ("$[2].raw", "openai.chat")
    assert " at $[2].raw " in str(e)


@pytest.mark.parametrize("dialect", ["openai.chat", "anthropic.messages"])
def test_encode_conversation_says_the_part_once(dialect: str) -> None:
    conv = Conversation(messages=(Message(role="user", parts=(Text("q"),)),
                                  Message(role="assistant", parts=(Text("t"), OK, BAD_RAW))))
    e = _err(lambda: encode_conversation(conv, dialect))
    assert type(e) is toolwire.EncodeError
    assert (e.loc, e.dialect) == ("$.messages[1].parts[2].raw", dialect)
    assert str(e).count(" at $") == 1 and " at $.messages[1].parts[2].raw " in str(e)


# ---------------------------------------------------------------- EP-9: messages that say what is wrong


def test_block_type_of_wrong_type() -> None:
    e = _err(lambda: decode_all({"type": "message", "role": "assistant", "stop_reason": "tool_use",
                                 "content": [{"type": 12345, "id": "t", "name": "f", "input": {}}]},
                                "anthropic.messages"))
    assert (e.loc, e.dialect) == ("$.content[0].type", "anthropic.messages")
    assert "'type' must be a string" in str(e) and "has no 'type'" not in str(e)


def test_responses_reply_without_output() -> None:
    e = _err(lambda: decode_all({"id": "resp_1", "object": "response", "status": "completed", "model": "gpt-5"},
                                "openai.responses"))
    assert (e.loc, e.dialect) == ("$.output", "openai.responses")
    assert "'output'" in str(e) and "$.input" not in str(e)


def test_cohere_finish_reason_of_wrong_type() -> None:
    e = _err(lambda: decode_all({"finish_reason": ["TOOL_CALL"], "message": {"role": "assistant", "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}}, "cohere.v2"))
    assert (e.loc, e.dialect) == ("$.finish_reason", "cohere.v2")
    assert "no known dialect" not in str(e)


def test_responses_content_part_without_type() -> None:
    p = {"object": "response", "status": "completed", "output": [
        {"type": "message", "id": "m", "role": "assistant", "status": "completed",
         "content": [{"text": "hi", "annotations": []}]}, FC]}
    e = _err(lambda: decode_all(p, "openai.responses"))
    assert e.dialect == "openai.responses" and e.loc.startswith("$.output[0].content[0]")
    assert "bedrock" not in str(e)


@pytest.mark.parametrize("fn", [
    lambda: decode_all('{"choices": [1,,]}', "openai.chat"),
    lambda: decode_all(b'{"choices": [1,,]}', "openai.chat"),
    lambda: toolwire.decode_conversation('{"messages": [1,,]}', "openai.chat"),
    lambda: decode_tool('{"type": "function",, }', "openai.chat"),
    lambda: toolwire.decode_result('{"role": "tool",, }', "openai.chat"),
])
def test_text_not_json_names_the_named_dialect(fn) -> None:  # type: ignore[no-untyped-def]
    e = _err(fn)
    assert e.dialect == "openai.chat" and "not JSON" in str(e)


def test_chat_message_part_type_of_wrong_type() -> None:
    p = {"object": "chat.completion", "choices": [{"index": 0, "finish_reason": "stop", "message": {
        "role": "assistant", "content": [{"type": 5, "text": "x"}]}}]}
    e = _err(lambda: decode_all(p, "openai.chat"))
    assert (e.loc, e.dialect) == ("$.choices[0].message.content[0].type", "openai.chat")
    assert "must be a string" in str(e)


def test_chat_message_part_without_type_keeps_its_words() -> None:
    p = {"object": "chat.completion", "choices": [{"index": 0, "finish_reason": "stop", "message": {
        "role": "assistant", "content": [{"text": "x"}]}}]}
    e = _err(lambda: decode_all(p, "openai.chat"))
    assert (e.loc, str(e)) == ("$.choices[0].message.content[0]", "Content block at $.choices[0].message.content[0] "
                                                                   "has no 'type', which every openai.chat block has")


def test_gemini_candidates_object() -> None:
    e = _err(lambda: decode_all({"candidates": {"content": {"role": "model", "parts": [
        {"functionCall": {"name": "f", "args": {}}}]}}}, "gemini"))
    assert (e.loc, e.dialect) == ("$.candidates", "gemini")
    assert "no known dialect" not in str(e)


@pytest.mark.parametrize("pattern", ["^(?=x)x$", "(?m:^a$)"])
def test_validate_call_places_a_pattern_the_engine_cannot_run_at_its_tool(pattern: str) -> None:
    """(review hunt RE-2: at ``$.properties.a.pattern`` with no dialect, as if the schema
    stood alone)"""
    ok = {"type": "function", "function": {"name": "g", "parameters": {"type": "object"}}}
    tool = {"type": "function", "function": {"name": "f", "parameters": {
        "type": "object", "properties": {"a": {"type": "string", "pattern": pattern}}}}}
    with pytest.raises(toolwire.SchemaError) as info:
        validate_call(ToolCall("f", {"a": "x"}, "c"), [ok, tool])
    assert info.value.loc == "$[1].function.parameters.properties.a.pattern"
    assert info.value.dialect == "openai.chat"


@pytest.mark.parametrize(("dialect", "where"), [
    ("anthropic.messages", '$.input_schema.properties["a.b"].properties["q\\"x"]'),
    ("openai.chat", '$.parameters.properties["a.b"].properties["q\\"x"]'),
])
def test_strict_tool_errors_spell_keys_as_documented(dialect: str, where: str) -> None:
    """(review hunt RE-4: ``properties['a.b']``, Python's repr, not the documented
    ``["a.b"]``)"""
    inner = {"type": "object", "properties": {'q"x': {"type": "object", "properties": {}}},
             "required": ['q"x'], "additionalProperties": False}
    params = {"type": "object", "properties": {"a.b": inner}, "required": ["a.b"], "additionalProperties": False}
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.encode_tool(Tool("f", parameters=params, strict=True), dialect)
    assert info.value.loc == where


def test_convert_names_the_source_dialect_for_text_that_is_not_json() -> None:
    """(review hunt RE-5: as ``decode_all`` and ``decode_conversation`` name it)"""
    with pytest.raises(toolwire.DecodeError) as info:
        toolwire.convert("not json", "anthropic.messages", source="openai.chat")
    assert info.value.dialect == "openai.chat"


# ---------------------------------------------------------------- a non-object where a reply holds objects

_CHAT = {"object": "chat.completion", "created": 1764460800, "model": "gpt-4o"}
_MSG = {"role": "assistant", "content": "Hi"}
_RESP = {"object": "response", "status": "completed"}
_ANTH = {"type": "message", "role": "assistant", "stop_reason": "end_turn"}
_COH = {"id": "r1", "finish_reason": "COMPLETE"}


@pytest.mark.parametrize("payload,provider,loc,got", [
    # Chat: ``choices[]`` are ``Choice`` objects, ``message.content`` parts objects
    ({**_CHAT, "choices": ["x"]}, None, "$.choices[0]", "str 'x'"),
    ({**_CHAT, "choices": [3]}, None, "$.choices[0]", "int 3"),
    ({**_CHAT, "choices": [[]]}, None, "$.choices[0]", "list []"),
    ({**_CHAT, "choices": [None]}, None, "$.choices[0]", "NoneType None"),
    ({**_CHAT, "choices": [{"index": 0, "finish_reason": "stop", "message": _MSG}, "x"]}, None, "$.choices[1]",
     "str 'x'"),
    ({**_CHAT, "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": ["x"]}}]},
     None, "$.choices[0].message.content[0]", "str 'x'"),
    ({**_CHAT, "model": "mistral-large-latest", "choices": ["x"]}, None, "$.choices[0]", "str 'x'"),
    ({**_CHAT, "choices": [{"index": 0, "finish_reason": "stop", "message": {**_MSG, "reasoning_details": [5]}}]},
     None, "$.choices[0].message.reasoning_details[0]", "int 5"),
    # Responses: ``output[]`` items, a message's ``content`` parts, a reasoning item's ``summary``
    ({**_RESP, "output": ["x"]}, None, "$.output[0]", "str 'x'"),
    ({**_RESP, "output": [None]}, None, "$.output[0]", "NoneType None"),
    ({**_RESP, "output": [{"type": "message", "role": "assistant", "content": ["x"]}]}, None, "$.output[0].content[0]",
     "str 'x'"),
    ({**_RESP, "output": [{"type": "reasoning", "summary": [7]}]}, None, "$.output[0].summary[0]", "int 7"),
    ({**_RESP, "output": [{"type": "reasoning", "summary": [], "content": ["x"]}]}, None, "$.output[0].content[0]",
     "str 'x'"),
    ({**_CHAT, "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": [
        {"type": "thinking", "thinking": ["skip"]}]}}]}, None, "$.choices[0].message.content[0].thinking[0]",
     "str 'skip'"),
    # Anthropic ``content`` blocks
    ({**_ANTH, "content": ["x"]}, None, "$.content[0]", "str 'x'"),
    ({**_ANTH, "content": [None]}, None, "$.content[0]", "NoneType None"),
    # Gemini ``candidates[]``, ``content.parts[]``
    ({"candidates": ["x"]}, None, "$.candidates[0]", "str 'x'"),
    ({"candidates": [None]}, None, "$.candidates[0]", "NoneType None"),
    ({"candidates": [{"content": {"role": "model", "parts": ["x"]}}]}, None, "$.candidates[0].content.parts[0]",
     "str 'x'"),
    # Bedrock Converse ``output.message``, its ``content`` blocks
    ({"output": {"message": None}, "stopReason": "end_turn"}, None, "$.output.message", "NoneType None"),
    ({"output": {"message": {"role": "assistant", "content": ["x"]}}, "stopReason": "end_turn"}, None,
     "$.output.message.content[0]", "str 'x'"),
    # Cohere v2 ``message``, its ``content`` items
    ({**_COH, "message": {"role": "assistant", "content": ["x"]}}, None, "$.message.content[0]", "str 'x'"),
    ({**_COH, "message": "x"}, "cohere.v2", "$.message", "str 'x'"),
    # Ollama ``message``
    ({"model": "llama3.2", "created_at": "2024-07-22T20:33:28Z", "message": "x", "done": True}, "ollama",
     "$.message", "str 'x'"),
])
def test_normalize_refuses_a_non_object_where_the_reply_holds_one(
        payload: dict, provider: object, loc: str, got: str) -> None:
    # each read as a Response with no text, no calls and no error
    e = _err(lambda: normalize(payload, provider=provider))
    assert type(e) is toolwire.DecodeError
    assert str(e) == f"Expected an object at {loc}, got {got}"
    assert e.loc == loc
    dialect = provider or toolwire.detect(payload)
    assert e.dialect == dialect


@pytest.mark.parametrize("payload,provider,loc,got", [
    ({**_RESP, "output": {"type": "message"}}, None, "$.output", "dict"),
    ({"candidates": [{"content": {"role": "model", "parts": "x"}}]}, None, "$.candidates[0].content.parts", "str"),
    ({"candidates": {"content": {}}}, "gemini", "$.candidates", "dict"),
    ({**_COH, "message": {"role": "assistant", "content": 5}}, None, "$.message.content", "int"),
])
def test_normalize_refuses_a_non_list_where_the_reply_holds_a_list(
        payload: dict, provider: object, loc: str, got: str) -> None:
    e = _err(lambda: normalize(payload, provider=provider))
    assert type(e) is toolwire.DecodeError
    assert str(e).startswith(f"Expected a list at {loc}, got {got}")
    assert e.loc == loc


# ---------------------------------------------------------------- decode_all says what normalize says

_OLL = {"model": "llama3.2", "created_at": "2024-07-22T20:33:28Z", "done": True, "done_reason": "stop"}


@pytest.mark.parametrize("payload,dialect", [
    ({**_COH, "message": "x"}, "cohere.v2"),
    ({**_COH, "finish_reason": "TOOL_CALL", "message": 5}, "cohere.v2"),
    ({**_COH, "message": []}, "cohere.v2"),
    ({**_OLL, "message": "x"}, "ollama"),
    ({**_OLL, "message": 5}, "ollama"),
    ({**_OLL, "message": []}, "ollama"),
])
@pytest.mark.parametrize("named", [True, False])
def test_decode_all_refuses_a_non_object_message_as_normalize_does(payload: dict, dialect: str, named: bool) -> None:
    """(a Cohere v2 ``ChatResponse`` and an Ollama ``/api/chat`` reply hold one
    ``message`` object; a reply of its dialect by its other fields is read as one)"""
    want = _err(lambda: normalize(payload, provider=dialect))
    assert (str(_err(lambda: normalize(payload))), toolwire.detect(payload)) == (str(want), dialect)
    e = _err(lambda: decode_all(payload, dialect if named else None))
    assert type(e) is toolwire.DecodeError
    assert (str(e), e.loc, e.dialect) == (str(want), "$.message", dialect)
    assert str(e).startswith("Expected an object at $.message, got ")


@pytest.mark.parametrize("named", ["mistral", None])
@pytest.mark.parametrize("choice", [5, "x", {"index": 0, "delta": {"role": "assistant"}}])
def test_decode_all_names_mistral_for_a_bad_choice(named: object, choice: object) -> None:
    p = {"id": "cmpl-1", "object": "chat.completion", "model": "mistral-large-latest", "choices": [choice]}
    e = _err(lambda: decode_all(p, named))
    assert (e.loc, e.dialect) == ("$.choices[0]", "mistral")
    if type(choice) is not dict:
        assert e.dialect == _err(lambda: normalize(p, provider=named)).dialect


# ---------------------------------------------------------------- a path said whole


@pytest.mark.parametrize("key", ["parametersJsonSchema", "parameters"])
def test_validate_call_says_a_gemini_pattern_path_whole(key: str) -> None:
    """(``functionDeclarations[].parametersJsonSchema``: ai.google.dev's FunctionDeclaration;
    the message said ``$[0].functionDeclaration…ema.properties.x.pattern``)"""
    schema = {"type": "object", "properties": {"x": {"type": "string", "pattern": "^(?=x)x$"}}}
    tool = {"functionDeclarations": [{"name": "f", key: schema}]}
    e = _err(lambda: validate_call(ToolCall("f", {"x": "x"}, "c"), [tool]))
    loc = f"$[0].functionDeclarations[0].{key}.properties.x.pattern"
    assert (e.loc, e.dialect) == (loc, "gemini")
    assert f" at {loc} " in str(e) and "…" not in str(e)


def test_a_long_path_is_said_whole() -> None:
    key = "a_property_name_of_forty_characters_long"
    p = {"type": "object", "properties": {key: {"type": "object", "properties": {key: {"type": "string",
                                                                                       "default": float("nan")}}}}}
    e = _err(lambda: decode_tool({"type": "function", "function": {"name": "f", "parameters": p}}, "openai.chat"))
    assert e.loc == f"$.function.parameters.properties.{key}.properties.{key}.default"
    assert f" at {e.loc}" in str(e) and "…" not in str(e)
