"""What the canonical values and the argument check take (hunt 10, findings 4, 8, 11,
12): lone UTF-16 surrogates in argument objects and in the constructors' text, bad
calls to the constructors, dict subclasses in arguments, and ``as_dict`` copies."""

from __future__ import annotations

import re
import sys
from collections import OrderedDict, defaultdict
from typing import Any, Callable

import pytest
from pydantic import BaseModel

import toolwire
from toolwire import ArgumentsError, DecodeError, InvalidToolCall, Tool, ToolCall, ToolResult

# -- finding 4: a lone surrogate in an argument object given as data -------------------------

# each provider's call item with object arguments (the shapes of reference/wire-formats.md),
# a lone surrogate in a string value or a key, and where the arguments are
SURROGATE_OBJECTS = [
    ({"type": "tool_use", "id": "toolu_01A09q90qw90lq917835lq9", "name": "get_weather",
      "input": {"location": "\ud800"}}, "anthropic.messages", "$.input"),
    ({"type": "tool_use", "id": "toolu_01A09q90qw90lq917835lq9", "name": "get_weather",
      "input": {"location": ["Paris", {"\udc00": 1}]}}, "anthropic.messages", "$.input"),
    ({"functionCall": {"name": "get_weather", "args": {"location": "\ud800"}}}, "gemini", "$.functionCall.args"),
    ({"functionCall": {"name": "get_weather", "args": {"\udfff": "Paris"}}}, "gemini", "$.functionCall.args"),
    ({"toolUse": {"toolUseId": "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q", "name": "get_weather",
                  "input": {"city": ["x\ud800y"]}}}, "bedrock.converse", "$.toolUse.input"),
    ({"function": {"name": "get_weather", "arguments": {"city": "\ud800"}}}, "ollama", "$.function.arguments"),
    ({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
      "params": {"name": "get_weather", "arguments": {"location": "\ud800"}}}, "mcp", "$.params.arguments"),
    ({"name": "get_weather", "args": {"a": {"b": "\ud800"}}}, "canonical", "$.args"),
    ({"id": "call_1", "type": "function", "function": {"name": "f", "arguments": {"s": "\ud800"}}},
     "openai.chat", "$.function.arguments"),
    ({"type": "function_call", "call_id": "call_1", "name": "f", "arguments": {"s": "\ud800"}},
     "openai.responses", "$.arguments"),
]


@pytest.mark.parametrize(("payload", "dialect", "loc"), SURROGATE_OBJECTS)
def test_a_lone_surrogate_in_argument_objects_is_refused(payload: dict, dialect: str, loc: str) -> None:
    # was a runnable call that replace, the pydantic round trip and the HTTP client refused
    for named in (dialect, None):
        with pytest.raises(ArgumentsError) as err:
            toolwire.decode(payload, named)
        assert "hold a lone UTF-16 surrogate, which no UTF-8 text can carry" in str(err.value)
        assert (err.value.loc, err.value.dialect) == (loc, dialect)


def test_a_lone_surrogate_in_an_anthropic_input_is_an_invalid_call_under_keep() -> None:
    message = {"role": "assistant", "content": [
        {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"location": "\ud800"}},
        {"type": "tool_use", "id": "toolu_02", "name": "get_time", "input": {"tz": "Europe/Paris"}},
    ]}
    bad, good = toolwire.decode_all(message, "anthropic.messages", invalid="keep")
    assert isinstance(bad, InvalidToolCall) and (bad.id, bad.loc) == ("toolu_01", "$.content[0].input")
    assert "lone UTF-16 surrogate" in bad.error
    assert good == ToolCall("get_time", {"tz": "Europe/Paris"}, "toolu_02")
    with pytest.raises(ArgumentsError):
        toolwire.decode_all(message, "anthropic.messages")


@pytest.mark.parametrize("text", ["São Paulo ☀", "\U0001f600", "\ud83d\ude00".encode("utf-16", "surrogatepass")
                                  .decode("utf-16")])
def test_text_beyond_ascii_in_argument_objects_is_kept(text: str) -> None:
    payload = {"type": "tool_use", "id": "toolu_01", "name": "f", "input": {text: [text, {"k": text}]}}
    call = toolwire.decode(payload)
    assert call.args == {text: [text, {"k": text}]} and call.args is payload["input"]  # held, not copied


def test_an_argument_object_of_ascii_scalars_is_held_as_given() -> None:
    args = {"city": "Paris", "days": 3, "metric": True, "ratio": 0.5, "note": None}
    assert toolwire.decode({"name": "f", "args": args}).args is args


@pytest.mark.parametrize(("make", "message"), [
    (lambda: ToolCall("f", {}, "call_\ud800"), r"ToolCall id at $.id holds a lone UTF-16 surrogate no UTF-8 text "
                                               r"can carry: 'call_\ud800'"),
    (lambda: ToolCall("f", raw='{"a": "\ud800"}'), r"""ToolCall raw at $.raw holds a lone UTF-16 surrogate no UTF-8 """
                                                   r"""text can carry: '{"a": "\ud800"}'"""),
    (lambda: InvalidToolCall(error="e", id="\udc00"), r"InvalidToolCall id at $.id holds a lone UTF-16 surrogate no "
                                                      r"UTF-8 text can carry: '\udc00'"),
    (lambda: ToolResult("call_1", content="22 \ud800C"), r"ToolResult content at $.content holds a lone UTF-16 "
                                                         r"surrogate no UTF-8 text can carry: '22 \ud800C'"),
    (lambda: ToolResult("\ud800", content="22 C"), r"ToolResult id at $.id holds a lone UTF-16 surrogate no UTF-8 "
                                                   r"text can carry: '\ud800'"),
    (lambda: Tool("t", description="Weather \ud800"), r"Tool description at $.description holds a lone UTF-16 "
                                                      r"surrogate no UTF-8 text can carry: 'Weather \ud800'"),
])
def test_the_constructors_refuse_lone_surrogates_in_text_sent_to_a_provider(make: Callable[[], Any],
                                                                           message: str) -> None:
    # each was accepted, while the same text in a content part or in args was refused
    with pytest.raises(DecodeError) as err:
        make()
    assert str(err.value) == message
    assert err.value.loc == message.split(" at ")[1].split(" ")[0]


def test_an_invalid_call_keeps_the_text_it_could_not_read() -> None:
    # what was refused is recorded as received, a lone surrogate included
    bad = InvalidToolCall(error="lone surrogate", raw='{"a": "\ud800"}')
    assert bad.raw == '{"a": "\ud800"}' and bad.replace(id="call_1").raw == bad.raw


# -- finding 8: a call that does not fit a constructor's signature is Python's TypeError -------
# (a programming mistake a type checker flags, not bad data: the constructors keep their
# signatures exact, ``name`` required, the fidelity fields keyword-only)


@pytest.mark.parametrize(("make", "message"), [
    (lambda: ToolCall(), "missing 1 required positional argument: 'name'"),
    (lambda: ToolCall("f", foo=1), "unexpected keyword argument 'foo'"),
    (lambda: ToolCall("f", {}, None, "raw"), "takes from 2 to 4 positional arguments but 5 were given"),
    (lambda: InvalidToolCall("bad"), "takes 1 positional argument but 2 were given"),
    (lambda: InvalidToolCall(), "missing 1 required keyword-only argument: 'error'"),
    (lambda: Tool("t", params={}), "unexpected keyword argument 'params'"),
    (lambda: ToolCall("f", name="g"), "multiple values for argument 'name'"),
    (lambda: ToolCall("f").replace(nme="g"), "ToolCall has no field 'nme'"),
])
def test_a_call_that_does_not_fit_the_signature_is_a_type_error(make: Callable[[], Any], message: str) -> None:
    with pytest.raises(TypeError, match=re.escape(message)):
        make()


# -- finding 11: dict subclasses in arguments ------------------------------------------------


def test_a_dict_subclass_in_argument_data_is_a_json_object_at_every_depth() -> None:
    # json.dumps writes an OrderedDict or a defaultdict as an object: accepted at the
    # top (copied to a dict), it was refused nested ("hold an OrderedDict value")
    nested = OrderedDict(unit="celsius")
    deep = defaultdict(list, days=(1, 2))
    for payload, dialect in [
        ({"type": "tool_use", "id": "toolu_01", "name": "f", "input": {"opts": nested, "more": [deep]}},
         "anthropic.messages"),
        ({"name": "f", "args": {"opts": nested, "more": [deep]}}, "canonical"),
        ({"functionCall": {"name": "f", "args": {"opts": nested, "more": [deep]}}}, "gemini"),
        ({"id": "call_1", "type": "function", "function": {"name": "f", "arguments": OrderedDict(
            opts=nested, more=[deep])}}, "openai.chat"),
    ]:
        call = toolwire.decode(payload, dialect)
        assert call.args == {"opts": {"unit": "celsius"}, "more": [{"days": [1, 2]}]}
        assert type(call.args["opts"]) is dict and type(call.args["more"][0]) is dict
        assert type(call)(**call.as_dict()) == call  # plain data: the constructor takes it back
    assert nested == OrderedDict(unit="celsius") and deep == {"days": (1, 2)}  # the caller's data, untouched


def test_a_dict_subclass_at_the_top_of_argument_data_is_copied() -> None:
    top = OrderedDict(city="Paris")
    call = toolwire.decode({"type": "tool_use", "id": "toolu_01", "name": "f", "input": top})
    assert call.args == {"city": "Paris"} and type(call.args) is dict


@pytest.mark.parametrize(("args", "where"), [(OrderedDict(a=1), "$.args"), ({"a": [OrderedDict()]}, "$.args.a[0]")])
def test_the_constructor_refuses_a_dict_subclass_at_every_depth_and_says_why(args: Any, where: str) -> None:
    # it holds args as given (no copy), as it refuses a tuple; decoders copy such data
    with pytest.raises(DecodeError) as err:
        ToolCall("f", args)
    assert err.value.loc == where
    assert str(err.value).endswith("(a dict subclass, OrderedDict: a constructor holds what it is given, so it takes "
                                   "plain dicts only; decoders copy such data into them)")


# -- finding 12: as_dict hands out copies ----------------------------------------------------


def test_editing_as_dict_leaves_the_value_and_its_hash_alone() -> None:
    call = ToolCall("f", {"a": {"b": [1]}}, "call_1", provider_data={"openai.chat": {"index": [0]}})
    seen = {call}
    d = call.as_dict()
    d["args"]["x"] = 1
    d["args"]["a"]["b"].append(2)
    d["provider_data"]["openai.chat"]["index"].append(1)
    assert call.args == {"a": {"b": [1]}} and call.provider_data == {"openai.chat": {"index": [0]}}
    assert call in seen
    result = ToolResult("call_1", content=[{"type": "text", "text": "22 C"}])
    result.as_dict()["content"][0]["text"] = "x"
    assert result.content == [{"type": "text", "text": "22 C"}]
    tool = Tool("t", parameters={"type": "object", "properties": {"a": {"type": "string"}}})
    tool.as_dict()["parameters"]["properties"].clear()
    assert tool.parameters == {"type": "object", "properties": {"a": {"type": "string"}}}


def test_as_dict_keeps_a_shared_branch_shared_and_copies_deep_values() -> None:
    shared = {"k": [1, 2]}
    d = ToolCall("f", {"a": shared, "b": shared}).as_dict()
    assert d["args"]["a"] is d["args"]["b"] and d["args"]["a"] is not shared
    deep: Any = 1
    for _ in range(sys.getrecursionlimit() + 100):
        deep = {"k": deep}
    call = toolwire.decode({"name": "f", "args": {"d": deep}}, max_depth=10**6)
    assert call.as_dict()["args"]["d"] is not deep


def test_the_pydantic_dump_is_the_dict_form() -> None:
    class Holder(BaseModel):
        call: ToolCall

    call = ToolCall("f", {"a": [1]}, "call_1", repairs=("code-fence",))
    dumped = Holder(call=call).model_dump()["call"]
    assert dumped == call.as_dict() == {"name": "f", "args": {"a": [1]}, "id": "call_1", "raw": None,
                                        "provider_data": {}, "repairs": ["code-fence"], "server": False}
    dumped["args"]["a"].append(2)
    assert call.args == {"a": [1]}
