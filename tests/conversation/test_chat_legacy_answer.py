"""A legacy Chat ``function_call`` written fresh is answered by a ``role: "function"`` message.

openai-python ``ChatCompletionAssistantMessageParam.function_call`` ("Deprecated and replaced by
`tool_calls`") carries no id; its answer is ``ChatCompletionFunctionMessageParam``
(``{"role": "function", "name", "content"}``). The agent loop of docs/conversations.md answers a
call with ``ToolResult(call.id, call.name, ...)``: for a legacy call that id is ``None``, so its
result goes as the function message answering the call, never as a tool message without the
``tool_call_id`` it needs (review revReplay4 R1: 108 of 108 legacy shapes refused).
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Tuple

import toolwire
from toolwire import ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Problem,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
)

RESPONSE = {"id": "x", "object": "chat.completion", "created": 1, "model": "gpt-3.5-turbo-0613", "choices": [{
    "index": 0, "finish_reason": "function_call", "message": {
        "role": "assistant", "content": None,
        "function_call": {"name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}}}]}
CALL = {"role": "assistant", "content": None,
        "function_call": {"name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}}


def _written(conv: Conversation, fresh: Tuple[int, ...] = ()) -> List[Dict[str, Any]]:
    """*conv* written to Chat; *fresh*: the messages written fresh, noted, that check flags."""
    report: List[Problem] = []
    out = encode_conversation(conv, "openai.chat", report=report)["messages"]
    assert [(p.kind, p.index) for p in report] == [("rewritten", i) for i in fresh]
    assert [(p.kind, p.index) for p in check_conversation(conv, "openai.chat")] == [("refused-message", i)
                                                                                     for i in fresh]
    return out


def test_the_agent_loop_answers_a_decoded_legacy_call_with_a_function_message() -> None:
    c = toolwire.decode(copy.deepcopy(RESPONSE), "openai.chat")
    assert c.id is None
    conv = Conversation((Message("user", (Text("weather?"),)), Message("assistant", (c,)),
                         Message("tool", (ToolResult(c.id, c.name, "22C"),))))
    assert _written(conv) == [{"role": "user", "content": "weather?"}, CALL,
                              {"role": "function", "name": "get_weather", "content": "22C"}]


def test_a_result_appended_to_a_decoded_legacy_history_is_a_function_message() -> None:
    conv = decode_conversation({"messages": [{"role": "user", "content": "weather?"}, copy.deepcopy(CALL)]},
                               "openai.chat")
    c = conv.messages[1].calls[0]
    out = _written(conv.append(Message("tool", (ToolResult(None, c.name, "22C"),))), (1,))
    assert out[1:] == [CALL, {"role": "function", "name": "get_weather", "content": "22C"}]


def test_a_fixed_unanswered_legacy_call_is_answered_by_a_function_message() -> None:
    conv = decode_conversation({"messages": [{"role": "user", "content": "weather?"}, copy.deepcopy(CALL)]},
                               "openai.chat")
    fixed = fix_conversation(conv, "openai.chat")[0]
    out = encode_conversation(fixed, "openai.chat")["messages"]
    assert out[1] == CALL and out[2]["role"] == "function" and out[2]["name"] == "get_weather"
    assert "tool_call_id" not in out[2]


def test_a_tool_calls_call_is_still_answered_by_a_tool_message() -> None:
    call = {"role": "assistant", "content": None, "tool_calls": [{"id": "call_1", "type": "function", "function": {
        "name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}}]}
    conv = decode_conversation({"messages": [{"role": "user", "content": "weather?"}, call]}, "openai.chat")
    c = conv.messages[1].calls[0]
    out = _written(conv.append(Message("tool", (ToolResult(c.id, c.name, "22C"),))))
    assert out[2] == {"role": "tool", "tool_call_id": "call_1", "content": "22C"}


def test_a_result_after_a_mirror_message_answers_its_tool_calls_call() -> None:
    # review revReplay5 R1: llama-cpp-python's assistant message holds ``tool_calls`` and repeats a call
    # in ``function_call``; an id-less result after it answers the ``tool_calls`` call (a tool message
    # with its id), never a ``role: "function"`` message that leaves ``c1`` unanswered
    conv = decode_conversation({"messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": None,
         "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{\"a\": 1}"}}],
         "function_call": {"name": "f", "arguments": "{\"a\": 1}"}}]}, "openai.chat")
    out = encode_conversation(conv.append(Message("tool", (ToolResult(None, "f", "42"),))), "openai.chat")
    assert out["messages"][-1] == {"role": "tool", "tool_call_id": "c1", "content": "42"}


def test_the_note_of_a_legacy_call_written_fresh_with_its_result_makes_no_id() -> None:
    # a legacy call written fresh stays a function_call and its answer a function message: no id
    # is made for either, which the note said ("both get the id made for the call")
    conv = decode_conversation({"messages": [{"role": "user", "content": "weather?"}, copy.deepcopy(CALL)]},
                               "openai.chat")
    conv = conv.append(Message("tool", (ToolResult(None, "get_weather", "22C"),)))
    report: List[Problem] = []
    out = encode_conversation(conv, "openai.chat", report=report)["messages"]
    assert out[1:] == [CALL, {"role": "function", "name": "get_weather", "content": "22C"}]
    said = [p.message for p in report] + [p.message for p in check_conversation(conv, "openai.chat")]
    assert len(said) == 2 and not any("both get the id made" in s for s in said)
    assert all("where openai.chat writes an id" in s for s in said)
