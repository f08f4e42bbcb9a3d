"""A Chat call flagged ``legacy`` that carries an id goes as a ``tool_calls`` call with that id.

A legacy ``function_call`` has no id (openai-python ``FunctionCall``: ``name``, ``arguments``), and
its answer, ``ChatCompletionFunctionMessageParam``, names none: the flag stands for the id the call
came without (``Dialect.id_placeholders``: an id made for it drops the flag). A call that has an id
(set by the caller, or by a framework that numbers calls) is answered by that id: written as a
``function_call``, the id was dropped and the tool message answering it
(``{"role": "tool", "tool_call_id": "call_9"}``) answered no call: "messages with role 'tool' must
be a response to a preceeding message with 'tool_calls'", while ``check_conversation`` said ``[]``
(review of session 45's replays: P1).
"""

from __future__ import annotations

from typing import Any, Dict, List

import toolwire
from toolwire import ToolCall, ToolResult
from toolwire.conversation import Conversation, Message, Text, check_conversation, encode_conversation

LEGACY = {"openai.chat": {"legacy": True}}
USER = Message("user", (Text("w"),))
CALL_9 = {"id": "call_9", "type": "function", "function": {"name": "f", "arguments": "{}"}}


def _written(*msgs: Message) -> List[Dict[str, Any]]:
    conv = Conversation((USER, *msgs))
    assert check_conversation(conv, "openai.chat") == []
    report: List[Any] = []
    out: List[Dict[str, Any]] = encode_conversation(conv, "openai.chat", report=report)["messages"]
    assert report == []
    return out[1:]


def test_a_legacy_call_with_an_id_answered_by_its_id_is_a_tool_calls_call() -> None:
    c = ToolCall(name="f", args={}, id="call_9", provider_data=LEGACY)
    assert _written(Message("assistant", (c,)), Message("tool", (ToolResult("call_9", "f", "ok"),))) == [
        {"role": "assistant", "content": None, "tool_calls": [CALL_9]},
        {"role": "tool", "tool_call_id": "call_9", "content": "ok"},
    ]


def test_an_idless_result_answering_a_legacy_call_with_an_id_gets_its_id() -> None:
    c = ToolCall(name="f", args={}, id="call_9", provider_data=LEGACY)
    for r in (ToolResult(None, "f", "ok"), ToolResult(None, "f", "ok", provider_data=LEGACY)):
        assert _written(Message("assistant", (c,)), Message("tool", (r,)))[1] == {
            "role": "tool", "tool_call_id": "call_9", "content": "ok"}


def test_a_legacy_call_with_an_id_beside_another_call_keeps_its_id_and_type() -> None:
    # it was written in tool_calls as {"name": "f", "arguments": "{}"}: no id, no type, no function object
    a = ToolCall(name="f", args={}, id="call_9", provider_data=LEGACY)
    b = ToolCall(name="g", args={}, id="call_8")
    out = _written(Message("assistant", (a, b)),
                   Message("tool", (ToolResult("call_9", "f", "ok"), ToolResult("call_8", "g", "ok"))))
    assert out[0]["tool_calls"][0] == CALL_9


def test_encode_keeps_the_id_of_a_legacy_call() -> None:
    c = ToolCall(name="f", args={}, id="call_9", provider_data=LEGACY)
    assert toolwire.encode(c, "openai.chat") == CALL_9
    assert toolwire.encode_message([c], "openai.chat")["tool_calls"] == [CALL_9]
    # an id-less legacy call is the function_call object still
    assert toolwire.encode(c.replace(id=None), "openai.chat") == {"name": "f", "arguments": "{}"}


def test_a_legacy_result_with_an_id_is_the_tool_message_of_that_id() -> None:
    r = ToolResult("call_9", "f", "ok", provider_data=LEGACY)
    assert toolwire.encode_result(r, "openai.chat") == {"role": "tool", "tool_call_id": "call_9", "content": "ok"}
    assert toolwire.encode_result(r.replace(id=None), "openai.chat") == {"role": "function", "name": "f",
                                                                         "content": "ok"}
