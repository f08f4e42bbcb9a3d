"""``convert`` agrees with ``decode_all`` on what holds no calls: an assistant message
with text or a refusal and no calls, an item that carries no call (a text block) and
the empty-equivalents convert to no calls (``[]``); a payload that cannot be read
still raises."""

from __future__ import annotations

from typing import Any

import pytest

import toolwire
from toolwire import DecodeError

NO_CALLS = [
    {"role": "assistant", "content": "hello"},
    {"role": "assistant", "content": None},
    {"role": "assistant", "content": None, "refusal": "I can't help with that."},
    {"role": "assistant", "content": [{"type": "text", "text": "hi"}]},
    {"type": "text", "text": "hi"},  # an Anthropic text block
    {"role": "model", "parts": [{"text": "hi"}]},
    None, {}, [], "", "null", "  ",
]


@pytest.mark.parametrize("x", NO_CALLS, ids=repr)
@pytest.mark.parametrize("to", ["gemini", "anthropic.messages", "openai.chat", "canonical"])
def test_convert_of_what_holds_no_calls_is_no_calls(x: Any, to: str) -> None:
    assert toolwire.decode_all(x) == []
    assert toolwire.convert(x, to=to) == []


def test_convert_of_a_refusal_named_as_its_dialect_is_no_calls() -> None:
    refusal = {"role": "assistant", "content": None, "refusal": "no"}
    assert toolwire.convert(refusal, to="gemini", source="openai.chat") == []


@pytest.mark.parametrize("x", [5, "garbage", {"foo": 1}], ids=repr)
def test_convert_of_what_cannot_be_read_raises_as_decode_all_does(x: Any) -> None:
    with pytest.raises(DecodeError) as expected:
        toolwire.decode_all(x)
    with pytest.raises(DecodeError) as info:
        toolwire.convert(x, to="gemini")
    assert str(info.value) == str(expected.value)


def test_convert_of_a_message_with_calls_still_gives_them() -> None:
    msg = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}
    assert toolwire.convert(msg, to="anthropic.messages") == [{"type": "tool_use", "id": "call_1", "name": "f",
                                                               "input": {}}]


def test_convert_names_the_list_item_it_cannot_read() -> None:
    call = {"name": "f", "args": {}}
    with pytest.raises(DecodeError) as info:
        toolwire.convert([call, None], to="gemini")
    assert (str(info.value), info.value.loc) == ("Input at $[1] matches no known dialect: None", "$[1]")
