"""Kimi's ``builtin_function`` calls keep their type word in a Chat history.

Moonshot's web search (its ``$web_search`` guide): the tool is declared
``{"type": "builtin_function", "function": {"name": "$web_search"}}``, the reply holds a call
``{"id", "type": "builtin_function", "function": {"name": "$web_search", "arguments"}}``, and the
client appends that assistant message unchanged, then a tool message whose content is the call's
arguments. Written fresh (edited, renamed, or its arguments an object), the call keeps
``"builtin_function"``: a documented type word of a Chat-compatible server, not retyped
``"function"`` (review revReplay4 R2: it was, silently).
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List

import toolwire
from toolwire.conversation import Message, Problem, Text, check_conversation, decode_conversation, encode_conversation

ARGS = "{\"search_result\":{\"search_id\":\"x\"}}"


def _history(args: Any) -> Dict[str, Any]:
    return {"messages": [
        {"role": "user", "content": "news?"},
        {"role": "assistant", "content": "", "tool_calls": [{"index": 0, "id": "$web_search:1",
                                                             "type": "builtin_function",
                                                             "function": {"name": "$web_search", "arguments": args}}]},
        {"role": "tool", "tool_call_id": "$web_search:1", "name": "$web_search", "content": ARGS},
        {"role": "assistant", "content": "done"}]}


def _call_of(conv: Any) -> Dict[str, Any]:
    report: List[Problem] = []
    out = encode_conversation(conv, "openai.chat", report=report)["messages"]
    assert all("builtin_function" not in p.message for p in report)
    call: Dict[str, Any] = out[1]["tool_calls"][0]
    return call


def test_a_builtin_function_call_written_fresh_keeps_its_type() -> None:
    conv = decode_conversation(copy.deepcopy(_history(ARGS)), "openai.chat")
    appended = conv.append(Message("user", (Text("more"),)))  # (its name mapped: written fresh)
    assert _call_of(appended)["type"] == "builtin_function"
    assert check_conversation(appended, "openai.chat") == []


def test_a_builtin_function_call_with_object_arguments_keeps_its_type() -> None:
    conv = decode_conversation(copy.deepcopy(_history({"search_result": {"search_id": "x"}})), "openai.chat")
    call = _call_of(conv)
    assert call["type"] == "builtin_function" and call["function"]["arguments"] == ARGS


def test_convert_keeps_the_builtin_function_type() -> None:
    item = copy.deepcopy(_history({"search_result": {"search_id": "x"}})["messages"][1]["tool_calls"][0])
    report: List[Problem] = []
    out = toolwire.convert([item], "openai.chat", source="openai.chat", report=report)
    assert out[0]["type"] == "builtin_function" and out[0]["function"]["arguments"] == ARGS
    assert report == [] or all("builtin_function" not in p.message for p in report)
