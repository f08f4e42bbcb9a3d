"""A Chat call of another ``type`` word than ``"function"`` (``"Function"``), and a
``role: "function"`` message answering a ``tool_calls`` call.

openai-python ``ChatCompletionMessageFunctionToolCallParam``: ``type:
Required[Literal["function"]]`` ("The type of the tool. Currently, only `function` is
supported."). A call written otherwise than it came (its ``arguments`` an object: OpenAI
takes ``arguments`` as a string only) is written as ``encode_conversation`` writes it
fresh, typed ``"function"``; ``convert`` notes the word it changed (``converted``).

A ``role: "function"`` message answers a legacy ``function_call``
(``ChatCompletionFunctionMessageParam``, deprecated); written fresh, it is a tool message
with the call's id, noted ``rewritten`` like every message written otherwise than it came
(docs/conversations.md), and flagged (``refused-message``).
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire.conversation import Problem, check_conversation, decode_conversation, encode_conversation

USER = {"role": "user", "content": "What's the weather like in Paris today?"}


def _call(kind: Any, args: Any) -> Dict[str, Any]:
    return {"id": "call_abc123", "type": kind, "function": {"name": "get_weather", "arguments": args}}


@pytest.mark.parametrize("kind", ["Function", "FUNCTION", "tool"])
def test_convert_types_a_refused_call_of_another_word_function(kind: str) -> None:
    report: List[Problem] = []
    out = toolwire.convert([_call(kind, {"location": "Paris"})], "openai.chat", source="openai.chat", report=report)
    assert out == [{"id": "call_abc123", "type": "function",
                    "function": {"name": "get_weather", "arguments": "{\"location\":\"Paris\"}"}}]
    assert [(p.kind, p.index) for p in report] == [("converted", 0)]
    assert repr(kind) in report[0].message


def test_convert_notes_a_null_type_it_writes_function() -> None:
    report: List[Problem] = []
    out = toolwire.convert([_call(None, {"location": "Paris"})], "openai.chat", source="openai.chat", report=report)
    assert out[0]["type"] == "function"
    assert [(p.kind, p.index) for p in report] == [("converted", 0)]


def test_convert_keeps_a_call_it_writes_as_it_came() -> None:
    call = _call("Function", "{\"location\": \"Paris\"}")
    report: List[Problem] = []
    assert toolwire.convert([copy.deepcopy(call)], "openai.chat", source="openai.chat", report=report) == [call]
    assert report == []


def test_a_refused_call_of_another_word_is_written_fresh_typed() -> None:
    h = {"messages": [USER, {"role": "assistant", "content": None,
                             "tool_calls": [_call("Function", {"location": "Paris"})]},
                      {"role": "tool", "tool_call_id": "call_abc123", "content": "sunny"}]}
    conv = decode_conversation(copy.deepcopy(h), "openai.chat")
    report: List[Problem] = []
    out = encode_conversation(conv, "openai.chat", report=report)
    assert out["messages"][1]["tool_calls"] == [
        {"id": "call_abc123", "type": "function",
         "function": {"name": "get_weather", "arguments": "{\"location\":\"Paris\"}"}}]
    assert [(p.kind, p.index) for p in report] == [("rewritten", 1)]
    assert [(p.kind, p.index) for p in check_conversation(conv, "openai.chat")] == [("refused-message", 1)]


def test_a_function_message_answering_a_tool_call_written_fresh_is_noted() -> None:
    h = {"messages": [USER, {"role": "assistant", "content": None,
                             "tool_calls": [_call("function", {"location": "Paris"})]},
                      {"role": "function", "name": "get_weather", "content": "sunny"},
                      {"role": "user", "content": "thanks"}]}
    conv = decode_conversation(copy.deepcopy(h), "openai.chat")
    report: List[Problem] = []
    out = encode_conversation(conv, "openai.chat", report=report)
    assert out["messages"][2] == {"role": "tool", "tool_call_id": "call_abc123", "content": "sunny"}
    assert [(p.kind, p.index) for p in report] == [("rewritten", 1), ("rewritten", 2)]
    assert [(p.kind, p.index) for p in check_conversation(conv, "openai.chat")] == [("refused-message", 1),
                                                                                     ("refused-message", 2)]


def test_a_legacy_pair_written_as_it_came_stays_unflagged() -> None:
    h = {"messages": [USER, {"role": "assistant", "content": None,
                             "function_call": {"name": "get_weather", "arguments": "{\"location\": \"Paris\"}"}},
                      {"role": "function", "name": "get_weather", "content": "sunny"},
                      {"role": "user", "content": "thanks"}]}
    conv = decode_conversation(copy.deepcopy(h), "openai.chat")
    edited = conv.append(toolwire.Message("user", conv.messages[-1].parts))  # (written message by message)
    report: List[Problem] = []
    assert encode_conversation(edited, "openai.chat", report=report)["messages"][:4] == h["messages"]
    assert report == [] and check_conversation(edited, "openai.chat") == []


def test_encode_notes_the_word_it_writes_function_as_convert_does() -> None:
    # session 46: ``encode(report=...)`` takes the notes ``convert`` took through a second frame
    call = toolwire.decode(_call("Function", {"location": "Paris"}), "openai.chat")
    report: List[Problem] = []
    out = toolwire.encode(call, "openai.chat", position=2, report=report)
    assert out["type"] == "function"
    assert [(p.kind, p.index, p.id) for p in report] == [("converted", 2, "call_abc123")]
    assert report[0].message == (
        "The call call_abc123 ('get_weather') came with the type 'Function' and is written with \"function\": "
        "openai.chat takes \"function\" only (openai-python: type: Required[Literal[\"function\"]])")
    assert toolwire.encode(call, "openai.chat") == out  # (no report: the same wire)
    with pytest.raises(toolwire.EncodeError, match="report= must be a list"):
        toolwire.encode(call, "openai.chat", report=())  # type: ignore[arg-type]
