"""Repeated keys and lone UTF-16 surrogates in argument text (the arguments table:
"a repeated key" is refused; text that cannot be UTF-8 is refused, never passed on)."""

from __future__ import annotations

import pytest

import toolwire
from toolwire import ArgumentsError, EncodeError, InvalidToolCall
from toolwire._types import new_call


def chat(arguments: object) -> dict:
    return {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": arguments}}


def test_a_repeated_key_read_by_the_stdlib_tier_is_refused() -> None:
    # a lone surrogate elsewhere in the text sends it past pydantic-core to the stdlib,
    # which keeps the last value of a repeated key
    text = '{"path": "/safe", "path": "/etc", "note": "\\ud800"}'
    with pytest.raises(ArgumentsError) as err:
        toolwire.decode(chat(text))
    assert str(err.value).startswith("Arguments at $.function.arguments repeat the key 'path'")
    assert (err.value.loc, err.value.raw) == ("$.function.arguments.path", text)  # the key's place


def test_a_repeated_key_in_a_nested_object_is_refused_on_the_repair_path() -> None:
    with pytest.raises(ArgumentsError, match="the key 'b' repeated"):
        toolwire.decode(chat('{"a": {"b": 1, "b": 2},}'))


@pytest.mark.parametrize("text", ['{"a": "\\ud800"}', '{"a": "x\\udfffy"}', '{"\\ud83d": 1}',
                                  '{"a": ["\\ude00"]}', '{"a": "\ud800"}'])
def test_lone_surrogates_in_argument_text_are_refused(text: str) -> None:
    with pytest.raises(ArgumentsError) as err:
        toolwire.decode(chat(text))
    assert "lone UTF-16 surrogate" in str(err.value)
    assert (err.value.loc, err.value.raw) == ("$.function.arguments", text)


def test_lone_surrogates_in_repaired_text_are_refused() -> None:
    with pytest.raises(ArgumentsError, match="lone UTF-16 surrogate"):
        toolwire.decode(chat("{'a': '\\ud800',}"))


def test_a_surrogate_pair_is_one_character() -> None:
    call = toolwire.decode(chat('{"a": "\\ud83d\\ude00"}'))
    assert call.args == {"a": "\U0001f600"} and call.repairs == ()


def test_lone_surrogates_make_an_invalid_call_under_keep() -> None:
    msg = {"role": "assistant", "tool_calls": [chat('{"a": "\\ud800"}'), dict(chat('{"a": 1}'), id="call_2")]}
    calls = toolwire.decode_all(msg, "openai.chat", invalid="keep")
    assert isinstance(calls[0], InvalidToolCall) and "lone UTF-16 surrogate" in calls[0].error
    assert calls[1].args == {"a": 1}


def test_lone_surrogates_in_a_stream_make_an_invalid_call() -> None:
    chunks = [{"choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": "\\ud800"}'}}]}}]},
        {"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}]
    acc = toolwire.stream.Accumulator("openai.chat")
    for c in chunks:
        acc.feed(c)
    calls = acc.close()
    assert len(calls) == 1 and isinstance(calls[0], InvalidToolCall)
    assert "lone UTF-16 surrogate" in calls[0].error


def test_argument_text_with_a_lone_surrogate_is_not_written() -> None:
    call = toolwire.ToolCall(name="f", args={"a": "x"}, id="call_1")
    from toolwire._args import dumps_arguments

    with pytest.raises(ValueError, match="lone UTF-16 surrogate"):
        dumps_arguments({"a": "\ud800"})
    assert dumps_arguments(call.args) == '{"a":"x"}'
    with pytest.raises(EncodeError):  # a call built unchecked, as a third-party decoder could
        toolwire.encode(new_call("f", {"a": "\ud800"}, "call_1"), "openai.chat")


@pytest.mark.parametrize(("kw", "where"), [
    ({"name": "f", "args": {"a": "\ud800"}}, "$.args.a"),
    ({"name": "f", "args": {"a": [{"\udc00": 1}]}}, "$.args.a[0]"),
    ({"name": "f\ud800", "args": {}}, "$.name"),
])
def test_the_public_constructor_refuses_lone_surrogates(kw: dict, where: str) -> None:
    with pytest.raises(toolwire.DecodeError, match="lone UTF-16 surrogate") as err:
        toolwire.ToolCall(id="call_1", **kw)
    assert err.value.loc == where
