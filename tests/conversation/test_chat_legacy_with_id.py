"""A Chat call flagged ``legacy`` that carries an id: a ``tool_calls`` call with that id where a
result carrying it answers it, else a legacy ``function_call`` still.

A legacy ``function_call`` has no id (openai-python ``FunctionCall``: ``name``, ``arguments``), and
its answer, ``ChatCompletionFunctionMessageParam``, names none: the flag stands for the id the call
came without (``Dialect.id_placeholders``: an id made for it drops the flag). A call that has an id
(set by the caller, or by a framework that numbers calls) answered by that id went as a
``function_call``: the id was dropped and the tool message answering it
(``{"role": "tool", "tool_call_id": "call_9"}``) answered no call: "messages with role 'tool' must
be a response to a preceeding message with 'tool_calls'", while ``check_conversation`` said ``[]``
(review of session 45's replays: P1). Answered by an id-less result, a ``role: "function"``
message, or by none, it stays a ``function_call``: beside ``functions=`` OpenAI refuses tool
messages (review of session 46's replays: R1, R2).
"""

from __future__ import annotations

from typing import Any, Dict, List

import toolwire
from lines_run import lines_run
from toolwire import ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
)

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


def test_an_idless_result_answering_a_legacy_call_with_an_id_keeps_the_legacy_shape() -> None:
    # review of session 46's replays (R1): written as tool_calls[call_9] + {"role": "tool"}, a request
    # declaring functions= was refused ("messages with role 'tool' cannot be used when 'functions' are
    # present", https://community.openai.com/t/1337151) while check_conversation said []
    c = ToolCall(name="f", args={}, id="call_9", provider_data=LEGACY)
    for r in (ToolResult(None, "f", "ok"), ToolResult(None, "f", "ok", provider_data=LEGACY)):
        assert _written(Message("assistant", (c,)), Message("tool", (r,))) == [
            {"role": "assistant", "content": None, "function_call": {"name": "f", "arguments": "{}"}},
            {"role": "function", "name": "f", "content": "ok"},
        ]


def test_a_decoded_function_answer_to_a_legacy_call_with_an_id_keeps_the_legacy_shape() -> None:
    body = {"messages": [{"role": "user", "content": "w"},
                         {"role": "assistant", "content": None, "function_call": {"name": "f", "arguments": "{}"}},
                         {"role": "function", "name": "f", "content": "22C"}]}
    m = decode_conversation(body, "openai.chat").messages
    c = m[1].parts[0].replace(id="call_9")  # a framework numbering its calls
    conv = Conversation((m[0], Message("assistant", (c,)), m[2]))
    assert check_conversation(conv, "openai.chat") == []
    assert encode_conversation(conv, "openai.chat")["messages"] == body["messages"]


def test_an_unanswered_legacy_call_with_an_id_keeps_the_legacy_shape() -> None:
    # review of session 46's replays (R2): written as tool_calls[call_9] with no tool message, refused
    # ("An assistant message with 'tool_calls' must be followed by tool messages ...")
    c = ToolCall(name="f", args={}, id="call_9", provider_data=LEGACY)
    for tail in ((), (Message("user", (Text("never mind"),)),)):
        conv = Conversation((USER, Message("assistant", (c,)), *tail))
        out = encode_conversation(conv, "openai.chat")["messages"]
        assert out[1] == {"role": "assistant", "content": None, "function_call": {"name": "f", "arguments": "{}"}}
        # as for the id-less legacy call: flagged, and answered by fix_conversation in the legacy shape
        assert [p.kind for p in check_conversation(conv, "openai.chat")] == ["missing-result"]
        fixed, _ = fix_conversation(conv, "openai.chat")
        assert check_conversation(fixed, "openai.chat") == []
        out = encode_conversation(fixed, "openai.chat")["messages"]
        assert out[1]["function_call"] == {"name": "f", "arguments": "{}"}
        assert out[2]["role"] == "function" and out[2]["name"] == "f"


def test_a_function_answer_after_a_user_turn_to_a_legacy_call_with_an_id_is_as_for_one_without() -> None:
    # written as a function_call with its role function answer after the user message: accepted,
    # as for the id-less call (check said misplaced-result, encode wrote it as such)
    c = ToolCall(name="f", args={}, id="call_9", provider_data=LEGACY)
    for between in (Message("user", (Text("hm"),)), Message("system", (Text("s"),))):
        conv = Conversation((USER, Message("assistant", (c,)), between, Message("tool", (ToolResult(None, "f", "ok"),))))
        assert check_conversation(conv, "openai.chat") == []
        assert encode_conversation(conv, "openai.chat")["messages"][1:] == [
            {"role": "assistant", "content": None, "function_call": {"name": "f", "arguments": "{}"}},
            {"role": between.role, "content": between.parts[0].text},  # type: ignore[union-attr]
            {"role": "function", "name": "f", "content": "ok"},
        ]


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


def test_a_legacy_answer_carrying_the_id_keeps_the_legacy_shape() -> None:
    # a role function answer given the call's id (a framework numbering both): it came as a
    # function message and goes as one (session 46 wrote tool_calls[call_9] + a tool message:
    # refused beside functions=, and after a user message refused under tools= too)
    c = ToolCall(name="f", args={}, id="call_9", provider_data=LEGACY)
    r = ToolResult("call_9", "f", "ok", provider_data=LEGACY)
    legacy = [{"role": "assistant", "content": None, "function_call": {"name": "f", "arguments": "{}"}},
              {"role": "function", "name": "f", "content": "ok"}]
    assert _written(Message("assistant", (c,)), Message("tool", (r,))) == legacy
    conv = Conversation((USER, Message("assistant", (c,)), Message("user", (Text("hm"),)), Message("tool", (r,))))
    assert check_conversation(conv, "openai.chat") == []
    assert encode_conversation(conv, "openai.chat")["messages"][1:] == [legacy[0], {"role": "user", "content": "hm"},
                                                                         legacy[1]]


def _numbered(n: int) -> Conversation:
    """*n* legacy calls with ids, each answered by an id-less result (the agent loop's)."""
    msgs: List[Message] = [USER]
    for i in range(n):
        c = ToolCall(name="f", args={}, id=f"call_{i}", provider_data=LEGACY)
        msgs += [Message("assistant", (c,)), Message("tool", (ToolResult(None, "f", "ok"),))]
    return Conversation(tuple(msgs))


def test_writing_legacy_calls_with_ids_is_linear() -> None:
    # the calls a result carrying their id answers are found once, in one pass
    encode_conversation(_numbered(2), "openai.chat")  # imports and caches first
    small = lines_run(lambda: encode_conversation(_numbered(100), "openai.chat"))
    big = lines_run(lambda: encode_conversation(_numbered(400), "openai.chat"))
    assert big / small < 5
