"""openai.chat and mistral streams: an argument delta that is not text.

openai-python ``ChoiceDeltaToolCallFunction.arguments: Optional[str]`` and mistralai
``FunctionCall.arguments: Union[Dict[str, Any], str]``: the text of a call's arguments
comes in string pieces; an object is the whole arguments at once (llama.cpp sends one;
mistralai's type allows one), taken as its JSON text. docs/streaming.md rule 8: "An
argument delta that is not text ... makes its call an InvalidToolCall" (skipped or glued
in, the call would run with other arguments than the model wrote). A number, a bool, a
list, or an object after text of the same call was glued into the text as JSON, and
the call ran (``'{"a":'``, ``1``, ``'}'`` gave ``{"a": 1}``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, accumulate

DIALECTS = ["openai.chat", "mistral"]


def _ch(calls: Optional[List[Dict[str, Any]]] = None, finish: Optional[str] = None) -> Dict[str, Any]:
    delta: Dict[str, Any] = {} if calls is None else {"tool_calls": calls}
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def _head(arguments: Any) -> Dict[str, Any]:
    return {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": arguments}}


def _more(arguments: Any) -> Dict[str, Any]:
    return {"index": 0, "function": {"arguments": arguments}}


def _runs(chunks: List[Dict[str, Any]], dialect: str) -> List[List[Any]]:
    acc = Accumulator(dialect)
    for c in chunks:
        acc.feed(c)
    return [accumulate(chunks, dialect), accumulate(iter(chunks), dialect), acc.close()]


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("middle", [1, 1.5, True, [1, 2], {"b": 1}, {}],
                         ids=["int", "float", "bool", "list", "object", "empty-object"])
def test_a_non_text_delta_after_text_makes_the_call_invalid(dialect: str, middle: Any) -> None:
    chunks = [_ch([_head('{"a":')]), _ch([_more(middle)]), _ch([_more("}")]), _ch(finish="tool_calls")]
    for calls in _runs(chunks, dialect):
        (bad,) = calls
        assert type(bad) is InvalidToolCall and (bad.name, bad.id) == ("f", "call_1")
        assert bad.error.startswith("An argument delta is not text: ")


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("first", [1, True, [1, 2], b"x"], ids=["int", "bool", "list", "bytes"])
def test_a_non_object_delta_as_the_whole_arguments_makes_the_call_invalid(dialect: str, first: Any) -> None:
    chunks = [_ch([_head(first)]), _ch(finish="tool_calls")]
    for calls in _runs(chunks, dialect):
        (bad,) = calls
        assert type(bad) is InvalidToolCall and bad.error.startswith("An argument delta is not text: ")


@pytest.mark.parametrize("dialect", DIALECTS)
def test_an_object_as_the_whole_arguments_is_its_json_text(dialect: str) -> None:
    chunks = [_ch([_head({"q": "東京", "n": [1, 2]})]), _ch(finish="tool_calls")]
    for calls in _runs(chunks, dialect):
        assert calls == [ToolCall("f", {"q": "東京", "n": [1, 2]}, "call_1")]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_an_object_then_text_is_no_runnable_call(dialect: str) -> None:
    chunks = [_ch([_head({"q": 1})]), _ch([_more(', "r": 2}')]), _ch(finish="tool_calls")]
    for calls in _runs(chunks, dialect):
        (bad,) = calls
        assert type(bad) is InvalidToolCall


@pytest.mark.parametrize("dialect", DIALECTS)
def test_null_and_empty_deltas_add_nothing(dialect: str) -> None:
    chunks = [_ch([_head('{"a":')]), _ch([_more(None)]), _ch([_more("")]), _ch([_more("1}")]),
              _ch(finish="tool_calls")]
    for calls in _runs(chunks, dialect):
        assert calls == [ToolCall("f", {"a": 1}, "call_1")]


def test_a_legacy_function_call_with_a_non_text_delta_is_invalid() -> None:
    """The deprecated ``delta.function_call`` (``ChoiceDeltaFunctionCall.arguments:
    Optional[str]``): the same rule."""
    def fc(arguments: Any, name: Optional[str] = None) -> Dict[str, Any]:
        f: Dict[str, Any] = {"arguments": arguments}
        if name is not None:
            f["name"] = name
        return {"choices": [{"index": 0, "delta": {"function_call": f}, "finish_reason": None}]}
    chunks = [fc('{"a":', "f"), fc(1), fc("}"), {"choices": [{"index": 0, "delta": {}, "finish_reason": "function_call"}]}]
    for calls in _runs(chunks, "openai.chat"):
        (bad,) = calls
        assert type(bad) is InvalidToolCall and bad.error.startswith("An argument delta is not text: ")
