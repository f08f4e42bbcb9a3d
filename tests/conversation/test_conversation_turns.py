"""Turn order: what ``encode_conversation`` writes, what ``check_conversation`` finds and
what ``fix_conversation`` changes agree. Anthropic, Bedrock and Gemini alternate turns
(a turn left empty does not leave two user turns in a row) and want the results in the
turn right after their call's; Chat wants the tool messages right after the assistant
message with the calls."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from history_types import check_fragment
from toolwire import ToolCall, ToolResult
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

ALTERNATING = ["anthropic.messages", "bedrock.converse", "gemini"]

# a turn of provider-executed items only: dropped for another provider
# (https://docs.claude.com/en/docs/agents-and-tools/tool-use/web-search-tool)
SERVER_ONLY: Dict[str, Any] = {"messages": [
    {"role": "user", "content": "Latest news?"},
    {"role": "assistant", "content": [
        {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {"query": "x"}},
        {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01", "content": []}]},
    {"role": "user", "content": "Please continue."},
]}


def _roles(dialect: str, frag: Dict[str, Any]) -> List[str]:
    return [m["role"] for m in frag["contents" if dialect == "gemini" else "messages"]]


# Gemini's code execution: https://ai.google.dev/gemini-api/docs/code-execution
CODE_ONLY: Dict[str, Any] = {"contents": [
    {"role": "user", "parts": [{"text": "Latest news?"}]},
    {"role": "model", "parts": [{"executableCode": {"code": "print(1)", "language": "PYTHON"}},
                                {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "1"}}]},
    {"role": "user", "parts": [{"text": "Please continue."}]},
]}


@pytest.mark.parametrize(("source", "target"), [(SERVER_ONLY, "bedrock.converse"), (SERVER_ONLY, "gemini"),
                                                (CODE_ONLY, "anthropic.messages"), (CODE_ONLY, "bedrock.converse")])
def test_the_user_turns_around_a_dropped_turn_merge(source: Dict[str, Any], target: str) -> None:
    report: List[Problem] = []
    frag = encode_conversation(source, target, report=report)
    check_fragment(target, frag)
    assert _roles(target, frag) == ["user"]
    back = decode_conversation(frag, target)
    assert back.messages[0].text == "Latest news?\n\nPlease continue."
    assert [p.kind for p in report] == ["dropped"] * len(report) and len(report) >= 2
    assert {p.index for p in report} == {1}


@pytest.mark.parametrize("target", ALTERNATING)
def test_an_empty_assistant_message_is_noted_at_its_own_index(target: str) -> None:
    report: List[Problem] = []
    history = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": ""}, {"role": "user", "content": "?"}]
    frag = encode_conversation(history, target, report=report, source="openai.chat")
    check_fragment(target, frag)
    assert _roles(target, frag) == ["user"]
    assert [(p.kind, p.index) for p in report] == [("dropped", 1)]


def test_a_merged_user_turn_keeps_the_first_messages_wire_fields() -> None:
    # the turn after the dropped one continues a decoded user message: its blocks stay as received
    first = {"role": "user", "content": [{"type": "text", "text": "a", "cache_control": {"type": "ephemeral"}}]}
    conv = decode_conversation({"messages": [first]}, "anthropic.messages").append(
        Message("assistant", []), Message("user", [Text("b")]))
    report: List[Problem] = []
    out = encode_conversation(conv, "anthropic.messages", report=report)
    assert out == {"messages": [{"role": "user", "content": [*first["content"], {"type": "text", "text": "b"}]}]}
    assert [(p.kind, p.index) for p in report] == [("dropped", 1)]


# OpenAI: "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'"
BETWEEN: Dict[str, Any] = {"messages": [
    {"role": "user", "content": "q"},
    {"role": "assistant", "content": None,
     "tool_calls": [{"id": "call_A", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
    {"role": "assistant", "content": "Let me wait."},
    {"role": "tool", "tool_call_id": "call_A", "content": "r"},
]}


def test_chat_an_assistant_message_between_calls_and_tool_messages_is_misplaced() -> None:
    found = check_conversation(BETWEEN, "openai.chat")
    assert [(p.kind, p.index, p.id) for p in found] == [("misplaced-result", 3, "call_A")]
    assert found[0].message == ("Message 3: the result for call_A ('f') (call in message 1) comes after an assistant "
                                "message; openai.chat needs the tool messages right after the call")
    fixed, changes = fix_conversation(BETWEEN)
    assert [(c.kind, c.index) for c in changes] == [("moved", 3)]
    assert check_conversation(fixed, "openai.chat") == []
    out = encode_conversation(fixed, "openai.chat")
    check_fragment("openai.chat", out)
    assert check_conversation(out, "openai.chat") == []


def test_chat_an_assistant_message_after_calls_merges_into_it() -> None:
    conv = decode_conversation({"messages": BETWEEN["messages"][:2]}).append(
        Message("assistant", [Text("Running f.")]), Message("tool", [ToolResult("call_A", "f", "r")]))
    assert check_conversation(conv, "openai.chat") == []  # written with the messages merged
    out = encode_conversation(conv, "openai.chat")
    assert out["messages"][1:] == [
        {"role": "assistant", "content": "Running f.",
         "tool_calls": [{"id": "call_A", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "call_A", "content": "r"},
    ]
    check_fragment("openai.chat", out)
    # decoded messages that were fine stay apart: an assistant text before the calls
    two = {"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": "Thinking."},
                        *BETWEEN["messages"][1:2]]}
    longer = decode_conversation(two).append(Message("tool", [ToolResult("call_A", "f", "r")]))
    assert encode_conversation(longer, "openai.chat")["messages"][:3] == two["messages"]


USER_BETWEEN = Conversation([
    Message("user", [Text("Go.")]),
    Message("assistant", [ToolCall("f", {}, "toolu_1")]),
    Message("user", [Text("Still there?")]),
    Message("tool", [ToolResult("toolu_1", "f", "done")]),
])
# the same history in each alternating dialect's own wire, a message each
AS_SENT: Dict[str, Any] = {
    "anthropic.messages": {"messages": [
        {"role": "user", "content": "Go."},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
        {"role": "user", "content": "Still there?"},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "done"}]},
    ]},
    "bedrock.converse": {"messages": [
        {"role": "user", "content": [{"text": "Go."}]},
        {"role": "assistant", "content": [{"toolUse": {"toolUseId": "toolu_1", "name": "f", "input": {}}}]},
        {"role": "user", "content": [{"text": "Still there?"}]},
        {"role": "user", "content": [{"toolResult": {"toolUseId": "toolu_1", "content": [{"text": "done"}]}}]},
    ]},
    "gemini": {"contents": [
        {"role": "user", "parts": [{"text": "Go."}]},
        {"role": "model", "parts": [{"functionCall": {"id": "toolu_1", "name": "f", "args": {}}}]},
        {"role": "user", "parts": [{"text": "Still there?"}]},
        {"role": "user", "parts": [{"functionResponse": {"id": "toolu_1", "name": "f", "response": {"output": "done"}}}]},
    ]},
}


@pytest.mark.parametrize("target", ALTERNATING)
def test_a_user_message_between_the_call_turn_and_its_results_is_found_and_fixed(target: str) -> None:
    # sent as it is: Anthropic "tool_use ids were found without tool_result blocks immediately after" (its
    # consecutive user turns combine, the text first); Gemini "function response turn comes immediately after a
    # function call turn"; Bedrock the same
    found = check_conversation(AS_SENT[target], target)
    assert [(p.kind, p.index) for p in found] == [("misplaced-result", 3)]
    assert found[0].message == ("Message 3: the result for toolu_1 ('f') (call in message 1) comes after a user "
                                f"message; {target} needs the results in the turn right after the call's")
    fixed, changes = fix_conversation(AS_SENT[target], target)
    assert [c.kind for c in changes] == ["moved"]
    assert [m.role for m in fixed.messages] == ["user", "assistant", "tool", "user"]
    assert check_conversation(fixed, target) == []
    out = encode_conversation(fixed, target)
    check_fragment(target, out)
    assert check_conversation(out, target) == []


@pytest.mark.parametrize("target", ALTERNATING)
def test_what_each_alternating_writer_writes_checks_clean(target: str) -> None:
    # written fresh, the user messages merge into one turn with the results first: nothing to find
    assert check_conversation(USER_BETWEEN, target) == []
    frag = encode_conversation(USER_BETWEEN, target)
    check_fragment(target, frag)
    assert check_conversation(frag, target) == []
    # the messages as decoded, the history continued: they merge too, the results first
    longer = decode_conversation(AS_SENT[target], target).append(Message("assistant", [Text("ok")]))
    assert check_conversation(longer, target) == []
    out = encode_conversation(longer, target)
    check_fragment(target, out)
    assert check_conversation(out, target) == []
