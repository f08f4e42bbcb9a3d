"""Where a legacy ``role: "function"`` answer may stand in an ``openai.chat`` history.

OpenAI pairs tool messages with calls by id ("messages with role 'tool' must be a response to a
preceeding message with 'tool_calls'", "An assistant message with 'tool_calls' must be followed by
tool messages responding to each 'tool_call_id'"); a ``role: "function"`` message
(openai-python ``ChatCompletionFunctionMessageParam``: ``role``, ``name``, ``content``) names no
call, and no refusal of one placed after a user message is documented (under ``functions=`` an
assistant message right after a ``function_call`` was taken: the pairing error came with
``tool_calls``). ``check_conversation`` said ``misplaced-result`` for such a history that
``encode_conversation`` writes as it came, with no word (review of session 45's replays: P2): both
take it now. An answer after a later assistant turn still answers nothing, and a tool message after
a user message is misplaced still.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List

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

USER = {"role": "user", "content": "weather?"}
HM = {"role": "user", "content": "hm"}
CALL = {"role": "assistant", "content": None, "function_call": {"name": "f", "arguments": "{}"}}
ANSWER = {"role": "function", "name": "f", "content": "22C"}


def _kinds(conv: Conversation) -> List[Any]:
    return [(p.kind, p.index) for p in check_conversation(conv, "openai.chat")]


def _written(conv: Conversation) -> List[Dict[str, Any]]:
    report: List[Any] = []
    out: List[Dict[str, Any]] = encode_conversation(conv, "openai.chat", report=report)["messages"]
    assert report == []
    return out


def test_a_function_answer_after_a_user_message_is_taken_as_it_came() -> None:
    body = {"messages": [USER, CALL, HM, ANSWER]}
    conv = decode_conversation(copy.deepcopy(body), "openai.chat")
    assert _kinds(conv) == []
    assert _written(conv) == body["messages"]
    assert fix_conversation(conv, "openai.chat")[1] == []


def test_a_function_answer_written_fresh_after_a_user_message_is_taken() -> None:
    c = ToolCall(name="f", args={}, id=None, provider_data={"openai.chat": {"legacy": True}})
    conv = Conversation((Message("user", (Text("weather?"),)), Message("assistant", (c,)),
                         Message("user", (Text("hm"),)), Message("tool", (ToolResult(None, "f", "22C"),))))
    assert _kinds(conv) == []
    assert _written(conv)[1:] == [CALL, HM, ANSWER]


def test_a_function_answer_after_a_later_assistant_turn_answers_nothing() -> None:
    # (an id-less result answers an id-less call of the turn right after the call's only)
    body = {"messages": [USER, CALL, HM, {"role": "assistant", "content": "ok"}, ANSWER]}
    assert _kinds(decode_conversation(copy.deepcopy(body), "openai.chat")) == [("missing-result", 1),
                                                                               ("orphan-result", 4)]


def test_a_tool_message_after_a_user_message_is_misplaced_still() -> None:
    call = {"role": "assistant", "content": None,
            "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}
    body = {"messages": [USER, call, HM, {"role": "tool", "tool_call_id": "call_1", "content": "22C"}]}
    assert _kinds(decode_conversation(copy.deepcopy(body), "openai.chat")) == [("misplaced-result", 3)]


def _legacy_turns(n: int) -> Conversation:
    """n legacy turns, each answered after n user messages, then one with n calls of one message."""
    c = ToolCall(name="f", args={}, id=None, provider_data={"openai.chat": {"legacy": True}})
    msgs = [Message("user", (Text("go"),))]
    for _ in range(n):
        msgs += [Message("assistant", (c,))] + [Message("user", (Text("hm"),))] * 3 + [
            Message("tool", (ToolResult(None, "f", "22C"),))]
    msgs += [Message("assistant", (c,) * n), Message("tool", tuple(ToolResult(None, "f", "x") for _ in range(n)))]
    return Conversation(tuple(msgs))


def test_the_rule_is_linear() -> None:
    check_conversation(_legacy_turns(2), "openai.chat")  # imports and caches first
    small = lines_run(lambda: check_conversation(_legacy_turns(100), "openai.chat"))
    big = lines_run(lambda: check_conversation(_legacy_turns(400), "openai.chat"))
    assert big / small < 5
