"""Results by tool name alone (Ollama's ``tool_name``, no ``tool_call_id``:
https://github.com/ollama/ollama/blob/main/docs/api.md, "Chat request (with tools)")
beside results with an id, where several pairings answer the same calls, take the calls in
the order they arrive (docs/conversations.md: each result answers the earliest call
waiting for it), not the order ``plan`` counted the answers of each id in.
"""

from __future__ import annotations

from typing import List

from toolwire import ToolCall, ToolResult
from toolwire.conversation import Conversation, Message, Text, encode_conversation


def _tool_ids(calls: List[ToolCall], results: List[ToolResult]) -> List[object]:
    """(tool_call_id, content) of each Chat tool message written for the results."""
    conv = Conversation([Message("user", [Text("q")]), Message("assistant", calls), Message("tool", results)])
    out = encode_conversation(conv, "openai.chat")
    return [(m["tool_call_id"], m["content"]) for m in out["messages"] if m["role"] == "tool"]


def test_two_results_by_name_then_one_by_id_answer_the_calls_in_order() -> None:
    # f#b, f#a, f#b answered by f, f (no id) then b: in order, each the earliest call waiting
    calls = [ToolCall("f", {"n": 1}, "b"), ToolCall("f", {"n": 2}, "a"), ToolCall("f", {"n": 3}, "b")]
    results = [ToolResult(None, "f", "o1"), ToolResult(None, "f", "o2"), ToolResult("b", "f", "o3")]
    assert _tool_ids(calls, results) == [("b", "o1"), ("a", "o2"), ("b", "o3")]


def test_the_result_by_id_first_then_the_results_by_name_in_order() -> None:
    calls = [ToolCall("f", {"n": 1}, "b"), ToolCall("f", {"n": 2}, "a"), ToolCall("f", {"n": 3}, "b")]
    results = [ToolResult("b", "f", "o1"), ToolResult(None, "f", "o2"), ToolResult(None, "f", "o3")]
    assert _tool_ids(calls, results) == [("b", "o1"), ("a", "o2"), ("b", "o3")]


def test_results_by_name_of_two_ids_in_order() -> None:
    # a#g, b#g, a#g: the results by name g take a, b, a as they come; the one by id a the last a
    calls = [ToolCall("g", {"n": 1}, "a"), ToolCall("g", {"n": 2}, "b"), ToolCall("g", {"n": 3}, "a")]
    results = [ToolResult(None, "g", "o1"), ToolResult(None, "g", "o2"), ToolResult("a", None, "o3")]
    assert _tool_ids(calls, results) == [("a", "o1"), ("b", "o2"), ("a", "o3")]
