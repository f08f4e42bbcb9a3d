"""An item of a reply's ``tool_calls`` is a call, never a tool definition: one without
``arguments`` (and without an id) reads like a Chat tool definition
(``{"function": {"name"}}``) when alone, but inside ``tool_calls`` it is a call whose
missing arguments are ``{}`` (the arguments policy), as the stream reads it. Skipped,
its siblings would be handed over as the whole answer.

Shapes from https://platform.openai.com/docs/api-reference/chat/object (``message.
tool_calls[]``: ``id``, ``type``, ``function.{name, arguments}``; gateways omit ``id``,
``type`` or ``arguments``) and https://github.com/ollama/ollama/blob/main/docs/api.md
(``/api/chat`` response: ``message.tool_calls[].function.{name, arguments}``, ``done``).
"""

from __future__ import annotations

import copy
import json
from typing import Any, Dict, Iterator, List

import pytest

import toolwire
from toolwire import Tool, ToolCall
from toolwire._errors import excerpt
from toolwire.stream import accumulate

NO_ARGS = {"function": {"name": "get_time"}}
TYPED_NO_ARGS = {"type": "function", "function": {"name": "get_time"}}
WEATHER = {"function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}


def _msg(calls: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"role": "assistant", "content": None, "tool_calls": calls}


@pytest.mark.parametrize("item", [NO_ARGS, TYPED_NO_ARGS])
@pytest.mark.parametrize("dialect", [None, "openai.chat", "mistral"])
def test_a_call_without_arguments_in_tool_calls_is_kept(item: Dict[str, Any], dialect: Any) -> None:
    calls = toolwire.decode_all(_msg([item, WEATHER]), dialect)
    assert [(c.name, c.args, c.id) for c in calls] == [("get_time", {}, None), ("get_weather", {"city": "Paris"}, None)]
    assert type(calls[0]) is ToolCall and calls[0].repairs == ("empty-arguments",)


def test_in_a_completion_too() -> None:
    completion = {"object": "chat.completion", "choices": [
        {"index": 0, "message": _msg([NO_ARGS]), "finish_reason": "tool_calls"}]}
    assert [(c.name, c.args) for c in toolwire.decode_all(completion)] == [("get_time", {})]


def test_the_stream_and_the_whole_reply_agree() -> None:
    tcs = [dict(NO_ARGS, index=0), dict(WEATHER, index=1)]
    chunks = [{"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"tool_calls": tcs}}]},
              {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}]
    assert accumulate(chunks) == toolwire.decode_all(_msg([NO_ARGS, WEATHER]))


@pytest.mark.parametrize("dialect", [None, "ollama"])
def test_ollama_reply(dialect: Any) -> None:
    reply = {"model": "llama3.2", "created_at": "2025-01-01T00:00:00Z",
             "message": {"role": "assistant", "content": "", "tool_calls": [NO_ARGS, {
                 "function": {"name": "get_weather", "arguments": {"city": "Paris"}}}]},
             "done": True, "done_reason": "stop"}
    calls = toolwire.decode_all(reply, dialect)
    assert [(c.name, c.args) for c in calls] == [("get_time", {}), ("get_weather", {"city": "Paris"})]
    if dialect == "ollama":  # written back as received: no arguments
        assert toolwire.encode(calls[0], "ollama") == {"function": {"name": "get_time"}}


def test_alone_it_is_still_a_tool_definition() -> None:
    assert toolwire.detect(TYPED_NO_ARGS) == "openai.chat"
    assert toolwire.explain(TYPED_NO_ARGS).kind == "tool"
    assert toolwire.decode_tool(TYPED_NO_ARGS) == Tool(name="get_time")


def test_a_list_of_definitions_holds_no_call() -> None:
    weather = {"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}
    assert toolwire.decode_all([weather, TYPED_NO_ARGS]) == []


def test_a_list_of_bare_names_is_no_list_of_definitions() -> None:
    # a call without arguments or a definition without parameters: never ``[]``
    # (``tests/test_definitions_among_calls.py``)
    with pytest.raises(toolwire.DecodeError, match=r"^Input at \$\[0\] is an openai.chat tool definition"):
        toolwire.decode_all([TYPED_NO_ARGS])


# --- arguments under a key the dialect does not read: never ``{}`` ------------------------
#
# Each item is its provider's documented call with the arguments field renamed to one
# another dialect uses (``Dialect.argument_keys``): Chat/Mistral/Cohere/Ollama/MCP/Responses
# ``arguments``, Gemini ``args``, Anthropic/Bedrock ``input``, Llama ``parameters``, JSON-RPC
# ``params``. The arguments are there, so ``{}`` would run the tool without them.

_CITY = {"city": "Paris"}
MISPLACED = [
    # (dialect, item, the key found, the key expected, the path of the object holding them)
    ("openai.chat", {"id": "call_1", "type": "function", "function": {"name": "get_weather", "args": _CITY}},
     "args", "arguments", "$.function"),
    ("openai.chat", {"id": "call_1", "type": "function", "function": {"name": "get_weather", "input": '{"city": "Paris"}'}},
     "input", "arguments", "$.function"),
    ("mistral", {"id": "Ab3dE6gH9", "type": "function", "function": {"name": "get_weather", "parameters": _CITY}},
     "parameters", "arguments", "$.function"),
    ("cohere.v2", {"id": "get_weather_abcdefghijkl", "type": "function", "function": {"name": "get_weather", "args": _CITY}},
     "args", "arguments", "$.function"),
    ("ollama", {"function": {"index": 0, "name": "get_weather", "args": _CITY}}, "args", "arguments", "$.function"),
    ("openai.responses", {"type": "function_call", "call_id": "call_1", "name": "get_weather", "args": _CITY},
     "args", "arguments", "$"),
    ("openai.responses", {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather",
                          "input": _CITY, "status": "completed"}, "input", "arguments", "$"),
    ("anthropic.messages", {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "args": _CITY},
     "args", "input", "$"),
    ("anthropic.messages", {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "arguments": '{"city": "Paris"}',
                            "caller": {"type": "direct"}}, "arguments", "input", "$"),
    ("anthropic.messages", {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "args": {"query": "x"}},
     "args", "input", "$"),
    ("bedrock.converse", {"toolUse": {"toolUseId": "tooluse_1", "name": "get_weather", "arguments": _CITY}},
     "arguments", "input", "$.toolUse"),
    ("mcp", {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "get_weather", "args": _CITY}},
     "args", "arguments", "$.params"),
    ("gemini", {"functionCall": {"name": "get_weather", "arguments": _CITY}}, "arguments", "args", "$.functionCall"),
    ("gemini", {"function_call": {"name": "get_weather", "parameters": _CITY}}, "parameters", "args", "$.function_call"),
]
def _message(dialect: str, key: str, own: str, at: str) -> str:
    return (f"Tool call at {at} has no {own!r} but has {key!r}, which {dialect} does not read as its arguments "
            "(run with {} they would be lost): ")


@pytest.mark.parametrize(("dialect", "item", "key", "own", "at"), MISPLACED)
def test_arguments_under_another_key_are_refused(dialect: str, item: Dict[str, Any], key: str, own: str,
                                                 at: str) -> None:
    for named in (dialect, None):
        with pytest.raises(toolwire.ArgumentsError) as err:
            toolwire.decode(item, named)
        said = toolwire.detect(item) if named is None else dialect  # (Mistral's id alone: Chat's call)
        assert str(err.value) == _message(said, key, own, at) + excerpt(item_at(item, at)[key])
        assert (err.value.dialect, err.value.loc) == (said, f"{at}.{key}")
        kept = toolwire.decode_all([item], named, invalid="keep", include_server=True)
        assert len(kept) == 1 and isinstance(kept[0], toolwire.InvalidToolCall)
        assert (kept[0].loc, kept[0].name) == (f"$[0]{at[1:]}.{key}", item_at(item, at)["name"])


def item_at(item: Dict[str, Any], at: str) -> Dict[str, Any]:
    for step in at.split(".")[1:]:
        item = item[step]
    return item


@pytest.mark.parametrize("dialect", [None, "openai.chat"])
def test_a_legacy_function_call_too(dialect: Any) -> None:
    msg = {"role": "assistant", "content": None, "function_call": {"name": "get_weather", "params": _CITY}}
    kept = toolwire.decode_all(msg, dialect, invalid="keep")
    assert len(kept) == 1 and isinstance(kept[0], toolwire.InvalidToolCall)
    assert kept[0].error == _message("openai.chat", "params", "arguments", "$.function_call") + "{'city': 'Paris'}"
    for empty in ("", "{}"):  # an empty own field beside them too
        msg["function_call"]["arguments"] = empty
        kept = toolwire.decode_all(msg, dialect, invalid="keep")
        assert len(kept) == 1 and isinstance(kept[0], toolwire.InvalidToolCall)
        assert kept[0].error.startswith("Tool call at $.function_call has an empty 'arguments' but has 'params'")
    bare = {"role": "assistant", "content": None, "function_call": {"name": "get_time"}}
    assert [(c.args, c.repairs) for c in toolwire.decode_all(bare, dialect)] == [({}, ("empty-arguments",))]


@pytest.mark.parametrize(("dialect", "item", "key", "own", "at"), MISPLACED)
def test_without_the_other_key_no_arguments_are_still_empty(dialect: str, item: Dict[str, Any], key: str,
                                                            own: str, at: str) -> None:
    # the same call with no arguments at all, or with ``null`` under the other key: ``{}``, recorded
    for value in (None, "drop"):
        bare = copy.deepcopy(item)
        holder = item_at(bare, at)
        if value is None:
            holder[key] = None
        else:
            del holder[key]
        call = toolwire.decode(bare, dialect)
        assert (call.args, call.repairs) == ({}, ("empty-arguments",))


@pytest.mark.parametrize(("dialect", "item", "key", "own", "at"), MISPLACED)
@pytest.mark.parametrize("empty", [{}, "", "{}"])
def test_an_empty_own_field_beside_them_is_refused_too(dialect: str, item: Dict[str, Any], key: str, own: str,
                                                       at: str, empty: Any) -> None:
    """``"input": {}`` beside ``"args": {...}`` ran as ``{}``, the arguments lost; with
    nothing under the other key either, the call takes no arguments."""
    bare = copy.deepcopy(item)
    item_at(bare, at)[own] = empty
    with pytest.raises(toolwire.ArgumentsError) as err:
        toolwire.decode(bare, dialect)
    assert str(err.value).startswith(f"Tool call at {at} has an empty {own!r} but has {key!r}, which {dialect} ")
    assert err.value.loc == f"{at}.{key}"
    item_at(bare, at)[key] = {}
    assert toolwire.decode(bare, dialect).args == {}


def test_every_dialect_declares_the_key_it_writes_arguments_under() -> None:
    """``Dialect.argument_keys`` starts with the key each built-in dialect writes a
    call's arguments under (found by encoding a call); the keys refused are every
    registered dialect's (the text formats' ``parameters``, MCP's JSON-RPC ``params``)."""
    from toolwire._args import argument_keys

    call = ToolCall(name="get_weather", args={"city": "Paris"}, id="call_1")

    def holders(value: Any) -> Iterator[str]:
        if type(value) is dict:
            for k, v in value.items():
                if v == call.args or v == json.dumps(call.args) or (type(v) is str and v.startswith("{\"city")):
                    yield k
                yield from holders(v)
        elif type(value) is list:
            for v in value:
                yield from holders(v)

    for name in toolwire.dialect_names():
        d = toolwire.get_dialect(name)
        if name.startswith("text."):
            assert d.argument_keys == ("arguments", "parameters")
            continue
        assert set(holders(toolwire.encode(call, name))) == {d.argument_keys[0]}, name
    assert {"arguments", "args", "input", "parameters", "params"} <= set(argument_keys())
    assert toolwire.get_dialect("mcp").argument_keys == ("arguments", "params")


def test_a_third_party_dialects_key_is_refused_in_every_dialect() -> None:
    """Registering a dialect adds its key: a Chat call holding its arguments there is
    refused, not run with ``{}``."""
    import dataclasses
    import uuid

    from toolwire import Registry

    key = f"acme_{uuid.uuid4().hex}"  # a key no dialect of this process has published yet
    item = {"id": "call_1", "type": "function", "function": {"name": "get_weather", key: _CITY}}
    assert toolwire.decode(item, "openai.chat").args == {}  # no dialect reads it yet: an unknown field
    acme = dataclasses.replace(toolwire.get_dialect("canonical"), name="acme", aliases=(), argument_keys=(key,))
    Registry().register(acme)
    with pytest.raises(toolwire.ArgumentsError) as err:
        toolwire.decode(item, "openai.chat")
    assert err.value.loc == f"$.function.{key}"


@pytest.mark.parametrize("keys", [["args"], ("",), ("args", 1), "args"])
def test_argument_keys_must_be_a_tuple_of_names(keys: Any) -> None:
    import dataclasses

    from toolwire import Registry

    bad = dataclasses.replace(toolwire.get_dialect("canonical"), name="bad", aliases=(), argument_keys=keys)
    with pytest.raises(TypeError, match="field 'argument_keys' must be a tuple of non-empty str"):
        Registry().register(bad)


def test_the_chat_stream_refuses_them_too() -> None:
    chunk = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [
        {"index": 0, "delta": {"tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                                               "function": {"name": "get_weather", "args": _CITY}}]},
         "finish_reason": "tool_calls"}]}
    calls = accumulate([chunk])
    assert len(calls) == 1 and isinstance(calls[0], toolwire.InvalidToolCall)
    assert calls[0].error.startswith(_message("openai.chat", "args", "arguments", "$.choices[0].delta.tool_calls[0].function"))


def test_the_streams_refuse_an_empty_own_field_beside_them() -> None:
    """A Chat stream's first piece ``""`` and an Anthropic ``tool_use`` start's
    ``input: {}`` are how those streams open every call; beside another key holding the
    arguments, the call is invalid, as ``decode`` refuses it."""
    chunk = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [
        {"index": 0, "delta": {"tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                                               "function": {"name": "get_weather", "arguments": "", "args": _CITY}}]},
         "finish_reason": "tool_calls"}]}
    calls = accumulate([chunk])
    assert len(calls) == 1 and isinstance(calls[0], toolwire.InvalidToolCall)
    assert "has an empty 'arguments' but has 'args'" in calls[0].error
    events = [
        {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "model": "m",
                                              "content": [], "stop_reason": None, "stop_sequence": None,
                                              "usage": {"input_tokens": 1, "output_tokens": 1}}},
        {"type": "content_block_start", "index": 0,
         "content_block": {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {}, "args": _CITY}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None},
         "usage": {"output_tokens": 1}},
        {"type": "message_stop"},
    ]
    calls = accumulate(events)
    assert len(calls) == 1 and isinstance(calls[0], toolwire.InvalidToolCall)
    assert "has an empty 'input' but has 'args'" in calls[0].error
