"""An id-less result naming only its tool (Ollama's ``tool_name``, no ``tool_call_id``:
https://github.com/ollama/ollama/blob/main/docs/api.md, "Chat request (with tools)")
answers the oldest unanswered call of that tool (docs/conversations.md). A later result
with the id of a call already answered is the orphan: it reserves no call, so the
results by name never swap calls (revC2's review: o8 was written as the answer to b).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

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

_CALLS = [ToolCall("f", {"n": 8}, "a"), ToolCall("f", {"n": 9}, "b")]


def _history(*results: List[ToolResult]) -> Conversation:
    return Conversation([Message("user", [Text("q")]), Message("assistant", _CALLS)]
                        + [Message("tool", list(r)) for r in results])


def _tool_ids(body: Dict[str, Any]) -> List[Any]:
    """(tool_call_id, content) of each Chat tool message."""
    return [(m["tool_call_id"], m["content"]) for m in body["messages"] if m["role"] == "tool"]


def test_results_by_name_take_the_calls_in_order_and_the_late_result_by_id_is_the_orphan() -> None:
    conv = _history([ToolResult(None, "f", "o8"), ToolResult(None, "f", "o9")], [ToolResult("a", "f", "stray")])
    assert [(p.kind, p.index, p.id) for p in check_conversation(conv, "openai.chat")] == [("orphan-result", 3, "a")]
    assert _tool_ids(encode_conversation(conv, "openai.chat")) == [("a", "o8"), ("b", "o9"), ("a", "stray")]
    body = encode_conversation(conv, "anthropic.messages")
    assert [(b["tool_use_id"], b["content"]) for b in body["messages"][2]["content"]] == [
        ("a", "o8"), ("b", "o9"), ("a", "stray")]


def test_fix_removes_the_orphan_and_keeps_the_pairs() -> None:
    conv = _history([ToolResult(None, "f", "o8"), ToolResult(None, "f", "o9")], [ToolResult("a", "f", "stray")])
    fixed, changes = fix_conversation(conv, "openai.chat")
    assert [(c.kind, c.index, c.id) for c in changes] == [("removed", 3, "a")]
    assert _tool_ids(encode_conversation(fixed, "openai.chat")) == [("a", "o8"), ("b", "o9")]


def test_a_result_by_id_before_the_results_by_name_keeps_its_call() -> None:
    # a answered by id first: the results by name take b, then none (the orphan)
    conv = _history([ToolResult("a", "f", "o8"), ToolResult(None, "f", "o9"), ToolResult(None, "f", "again")])
    assert [(p.kind, p.index) for p in check_conversation(conv, "ollama")] == [("orphan-result", 2)]
    assert _tool_ids(encode_conversation(fix_conversation(conv, "openai.chat")[0], "openai.chat")) == [
        ("a", "o8"), ("b", "o9")]


def test_an_ollama_history_resending_an_answer_by_id() -> None:
    # the Ollama wire body of revC2's reproducer: the first tool message answers the oldest f call (a)
    body = {"model": "m", "messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": "", "tool_calls": [
            {"id": "a", "function": {"name": "f", "arguments": {"n": 8}}},
            {"id": "b", "function": {"name": "f", "arguments": {"n": 9}}}]},
        {"role": "tool", "tool_name": "f", "content": "o8"},
        {"role": "tool", "tool_name": "f", "content": "o9"},
        {"role": "tool", "tool_call_id": "a", "tool_name": "f", "content": "again"}]}
    conv = decode_conversation(json.loads(json.dumps(body)), "ollama")
    assert [(p.kind, p.index, p.id) for p in check_conversation(conv, "ollama")] == [("orphan-result", 4, "a")]
    assert _tool_ids(encode_conversation(conv, "openai.chat")) == [("a", "o8"), ("b", "o9"), ("a", "again")]
