"""A Chat body written back whole whose ``role: "function"`` message answers a ``tool_calls`` call.

OpenAI pairs tool messages only: "An assistant message with 'tool_calls' must be followed by tool
messages responding to each 'tool_call_id'" (the function message, ``ChatCompletionFunctionMessageParam``,
answers a legacy ``function_call``). Written message by message such a function message went as the
tool message answering its call, noted ``rewritten``; in a body written back whole it went as it came
while ``check_conversation`` said ``[]`` (review revReplay6 R3). It is flagged ``refused-message`` and
written as the tool message answering its call in both.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List

from toolwire.conversation import check_conversation, decode_conversation, encode_conversation

USER = {"role": "user", "content": "hi"}
TC = {"role": "assistant", "content": None,
      "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "g", "arguments": "{}"}}]}
FG = {"role": "function", "name": "g", "content": "ok0"}
FC = {"role": "assistant", "content": None, "function_call": {"name": "f", "arguments": "{}"}}


def _checked(ms: List[Dict[str, Any]], at: List[int]) -> List[Dict[str, Any]]:
    conv = decode_conversation({"messages": copy.deepcopy(ms)}, "openai.chat")
    assert [(p.kind, p.index) for p in check_conversation(conv, "openai.chat")] == [("refused-message", i) for i in at]
    report: List[Any] = []
    out: List[Dict[str, Any]] = encode_conversation(conv, "openai.chat", report=report)["messages"]
    assert [(p.kind, p.index) for p in report] == [("rewritten", i) for i in at]
    return out


def test_a_function_message_right_after_tool_calls_is_refused_whole() -> None:
    out = _checked([USER, TC, FG], [2])
    assert out == [USER, TC, {"role": "tool", "tool_call_id": "call_1", "content": "ok0"}]


def test_a_function_message_before_the_last_tool_message_is_refused_whole() -> None:
    two = copy.deepcopy(TC)
    two["tool_calls"].append({"id": "call_2", "type": "function", "function": {"name": "h", "arguments": "{}"}})
    out = _checked([USER, two, {"role": "tool", "tool_call_id": "call_2", "content": "ok2"}, FG], [3])
    assert out[3] == {"role": "tool", "tool_call_id": "call_1", "content": "ok0"}


def test_a_legacy_answer_after_a_function_call_goes_whole_as_it_came() -> None:
    ms = [USER, TC, {"role": "tool", "tool_call_id": "call_1", "content": "ok0"}, FC,
          {"role": "function", "name": "f", "content": "ok1"}]
    conv = decode_conversation({"messages": copy.deepcopy(ms)}, "openai.chat")
    assert check_conversation(conv, "openai.chat") == []
    assert encode_conversation(conv, "openai.chat")["messages"] == ms


def _two() -> Dict[str, Any]:
    two = copy.deepcopy(TC)
    two["tool_calls"].append({"id": "call_2", "type": "function", "function": {"name": "h", "arguments": "{}"}})
    return two


FH = {"role": "function", "name": "h", "content": "ok2"}


def _whole(ms: List[Dict[str, Any]], at: int) -> List[Dict[str, Any]]:
    """The function message at *at* is flagged and rewritten whole, whatever else is said."""
    conv = decode_conversation({"messages": copy.deepcopy(ms)}, "openai.chat")
    assert ("refused-message", at) in [(p.kind, p.index) for p in check_conversation(conv, "openai.chat")]
    report: List[Any] = []
    out: List[Dict[str, Any]] = encode_conversation(conv, "openai.chat", report=report)["messages"]
    assert ("rewritten", at) in [(p.kind, p.index) for p in report]
    assert out[at] == {"role": "tool", "tool_call_id": "call_2", "content": "ok2"}
    return out


def test_a_second_tool_message_for_one_call_leaves_the_other_waiting() -> None:
    """A duplicate tool message does not answer the other call (review revVllm7 C2): the
    waiting calls are counted by id, not by tool messages."""
    _whole([USER, _two(), {"role": "tool", "tool_call_id": "call_1", "content": "ok0"},
            {"role": "tool", "tool_call_id": "call_1", "content": "again"}, FH], 4)


def test_a_tool_message_of_an_unknown_id_leaves_the_calls_waiting() -> None:
    _whole([USER, _two(), {"role": "tool", "tool_call_id": "call_1", "content": "ok0"},
            {"role": "tool", "tool_call_id": "call_zz", "content": "unk"}, FH], 4)


def test_a_tool_message_answering_the_previous_turn_leaves_the_calls_waiting() -> None:
    first = {"role": "assistant", "content": None,
             "tool_calls": [{"id": "call_0", "type": "function", "function": {"name": "e", "arguments": "{}"}}]}
    _whole([USER, first, {"role": "tool", "tool_call_id": "call_0", "content": "ok"}, _two(),
            {"role": "tool", "tool_call_id": "call_1", "content": "ok0"},
            {"role": "tool", "tool_call_id": "call_0", "content": "prev"}, FH], 6)


def test_tool_messages_after_a_flagged_function_message_are_counted_too() -> None:
    three = _two()
    three["tool_calls"].append({"id": "call_3", "type": "function", "function": {"name": "k", "arguments": "{}"}})
    ms = [USER, three, {"role": "tool", "tool_call_id": "call_1", "content": "ok0"}, FH,
          {"role": "tool", "tool_call_id": "call_1", "content": "again"}, {"role": "function", "name": "k", "content": "ok3"}]
    conv = decode_conversation({"messages": copy.deepcopy(ms)}, "openai.chat")
    flagged = [(p.kind, p.index) for p in check_conversation(conv, "openai.chat") if p.kind == "refused-message"]
    assert flagged == [("refused-message", 3), ("refused-message", 5)]
    out = encode_conversation(conv, "openai.chat")["messages"]
    assert out[5] == {"role": "tool", "tool_call_id": "call_3", "content": "ok3"}


def test_counting_stays_linear() -> None:
    """n vs 4n calls, tool messages and role function messages in one body: the count reads
    each call and tool message once (the judge is asked of each message once)."""
    from toolwire.dialects.openai import chat_refused as cr

    def steps(n: int) -> int:
        calls = [{"id": f"call_{k}", "type": "function", "function": {"name": "g", "arguments": "{}"}} for k in range(n)]
        ms: List[Dict[str, Any]] = [USER, {"role": "assistant", "content": None, "tool_calls": calls}]
        for _k in range(n):
            ms += [{"role": "tool", "tool_call_id": "call_zz", "content": "x"}, {"role": "function", "name": "g", "content": "y"}]
        count = [0]
        real = cr._Count.answer

        def counted(*a: Any) -> None:
            count[0] += 1
            real(*a)

        cr._Count.answer = counted  # type: ignore[method-assign]
        try:
            state: Dict[str, Any] = {}
            for m in ms:
                cr.chat_refused(m, state, False)
        finally:
            cr._Count.answer = real  # type: ignore[method-assign]
        return count[0]

    assert 3.5 < steps(400) / steps(100) < 4.5
