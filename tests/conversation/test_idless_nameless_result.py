"""An id-less result that names no tool answers the first id-less call still waiting
(docs/conversations.md, "Checking and fixing pairing"; Gemini pairs a turn's function
responses with its calls by position). It took the first tool still queued instead: of
id-less calls f, g, g, f answered f, g, (no name), f, it took the second f, so the last
f result answered nothing and ``fix_conversation`` deleted it (revC2's review)."""

from __future__ import annotations

from toolwire import ToolCall, ToolResult
from toolwire.conversation import Conversation, Message, Text, check_conversation, encode_conversation, fix_conversation


def _conv() -> Conversation:
    calls = [ToolCall("f", {"n": 1}), ToolCall("g", {"n": 2}), ToolCall("g", {"n": 3}), ToolCall("f", {"n": 4})]
    results = [ToolResult(None, "f", "o1"), ToolResult(None, "g", "o2"), ToolResult(None, None, "o3"),
               ToolResult(None, "f", "o4")]
    return Conversation([Message("user", [Text("q")]), Message("assistant", calls), Message("tool", results)])


def test_a_nameless_idless_result_answers_the_first_call_still_waiting() -> None:
    assert check_conversation(_conv(), "gemini") == []
    fixed, changes = fix_conversation(_conv(), "gemini")
    assert changes == []
    out = encode_conversation(fixed, "openai.chat")
    args = {c["id"]: c["function"]["arguments"] for m in out["messages"] for c in m.get("tool_calls") or ()}
    answered = [(args[m["tool_call_id"]], m["content"]) for m in out["messages"] if m["role"] == "tool"]
    assert answered == [('{"n":1}', "o1"), ('{"n":2}', "o2"), ('{"n":3}', "o3"), ('{"n":4}', "o4")]
