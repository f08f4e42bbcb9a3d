"""Mistral's order rules bind messages written back as they came too, where the history is
written message by message (extended or edited): only a history written back whole, the
caller's own request, is left as it came (``check_conversation`` flags it).

mistral-common ``_validate_last_message`` (serving): "Expected last role User or Tool (or
Assistant with prefix) for serving but got assistant" (a final assistant message goes as
a prefix, ``AssistantMessage.prefix``, https://docs.mistral.ai/guides/prefix/);
``_validate_message_order``: "Unexpected role 'user' after role 'tool'" (before 1.11.1),
"Unexpected role 'system' after role 'assistant'" (every version). Literals from the
hunt's reproducers (huntLcjs: ``mistral_asCame_rules.py`` A-C, ``mistral_user_after_tool.py``).
"""

from __future__ import annotations

from typing import Any, Dict, List

from mistral_validator import mistral_validate
from toolwire import ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Problem,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
)

M = "mistral"
LAST = "Expected last role User or Tool (or Assistant with prefix) for serving but got assistant"
BODY: List[Dict[str, Any]] = [
    {"role": "user", "content": "hi"},
    {"role": "assistant", "content": "", "tool_calls": [
        {"id": "abcDEF123", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "abcDEF123", "name": "f", "content": "done"},
    {"role": "user", "content": "next"}]


def _dec(msgs: List[Dict[str, Any]]) -> List[Message]:
    return list(decode_conversation({"model": "mistral-large-latest", "messages": msgs}, M).messages)


def _passes(out: Dict[str, Any]) -> None:
    """What ``encode_conversation`` wrote passes its own check, and mistral-common's."""
    assert check_conversation(out, M) == []
    mistral_validate(out["messages"])


def test_a_reply_read_from_mistral_appended_last_is_a_prefix() -> None:
    """F1: the agent loop's reply, read from Mistral and appended, is the last message."""
    h = decode_conversation({"model": "mistral-large-latest", "messages": [{"role": "user", "content": "hi"}]}, M)
    h = h.append(*decode_conversation([{"role": "assistant", "content": "Hello!", "tool_calls": None}], M).messages)
    report: List[Problem] = []
    out = encode_conversation(h, M, report=report)
    assert out["messages"] == [{"role": "user", "content": "hi"},
                               {"role": "assistant", "content": "Hello!", "tool_calls": None, "prefix": True}]
    assert report == [Problem("converted", 1, None, "Assistant message 1, the last one, is written with 'prefix': "
                                                    "true (the reply continues it): mistral takes a final assistant "
                                                    f"message only as a prefix (\"{LAST}\")")]
    _passes(out)
    assert "prefix" not in h.messages[1].original(M)  # the caller's message is not changed


def test_a_history_written_back_whole_stays_as_it_came() -> None:
    """The caller's own request, unchanged, goes back as it came (flagged, left alone)."""
    wire = {"model": "mistral-large-latest", "messages": [
        {"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]}
    report: List[Problem] = []
    assert encode_conversation(wire, M, report=report) == {"messages": wire["messages"]}
    assert check_conversation(wire) == [Problem("assistant-last", 1, None, "Message 1: the history ends with an "
                                                "assistant message; mistral answers: " + LAST)]
    assert report == [Problem("assistant-last", 1, None, check_conversation(wire)[0].message + " (the request is "
                              "written back whole as it came, as it is)")]  # said, as check_conversation says it
    conv = decode_conversation({"model": "mistral-large-latest", "messages": BODY})
    report = []
    assert encode_conversation(conv, M, report=report) == {"messages": BODY}
    assert [(p.kind, p.index) for p in report] == [(p.kind, p.index) for p in check_conversation(conv)] == [
        ("unexpected-role", 3)]


def test_a_user_message_as_it_came_after_a_tool_message_gets_the_bridge() -> None:
    """F2: B of the reproducer: a Mistral history holding [.., tool, user], extended."""
    conv = Conversation(_dec(BODY) + [Message("assistant", [Text("answer")]), Message("user", [Text("more")])])
    report: List[Problem] = []
    out = encode_conversation(conv, M, report=report)
    assert [m["role"] for m in out["messages"]] == ["user", "assistant", "tool", "assistant", "user", "assistant",
                                                    "user"]
    assert out["messages"][3] == {"role": "assistant", "content": "OK"}
    assert out["messages"][4] is not None and out["messages"][4] == BODY[3]
    assert [(p.kind, p.index) for p in report] == [("inserted", 3)]
    _passes(out)


def test_a_user_message_as_it_came_after_an_edited_result_gets_the_bridge() -> None:
    """F2: the tool result edited (written fresh), the user message as it came."""
    ms = _dec(BODY)
    ms[2] = Message("tool", [ToolResult("abcDEF123", "f", "done (truncated)")])
    report: List[Problem] = []
    out = encode_conversation(Conversation(ms), M, report=report)
    assert [m["role"] for m in out["messages"]] == ["user", "assistant", "tool", "assistant", "user"]
    assert [(p.kind, p.index) for p in report] == [("inserted", 3)]
    _passes(out)
    # mistral_user_after_tool.py: the user message read from Mistral after a fresh call and result
    u = _dec([{"role": "user", "content": "next"}])[0]
    conv = Conversation([Message("user", [Text("hi")]), Message("assistant", [ToolCall("f", {}, "abcDEF123")]),
                         Message("tool", [ToolResult("abcDEF123", "f", "done")]), u])
    out = encode_conversation(conv, M)
    assert [m["role"] for m in out["messages"]] == ["user", "assistant", "tool", "assistant", "user"]
    _passes(out)


def test_a_system_message_as_it_came_after_an_assistant_message_moves_up() -> None:
    """F3: C of the reproducer."""
    conv = Conversation([Message("user", [Text("hi")]), Message("assistant", [Text("hello")])]
                        + _dec([{"role": "system", "content": "be brief"}]) + [Message("user", [Text("q")])])
    report: List[Problem] = []
    out = encode_conversation(conv, M, report=report)
    assert out["messages"] == [{"role": "system", "content": "be brief"}, {"role": "user", "content": "hi"},
                               {"role": "assistant", "content": "hello"}, {"role": "user", "content": "q"}]
    assert [(p.kind, p.index) for p in report] == [("moved", 2)]
    _passes(out)
