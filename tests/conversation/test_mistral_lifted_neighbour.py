"""A Mistral message written back as it came is placed by the message written before
it: a system message written fresh after an assistant or tool message moves up to the
leading ones, so the message after it lands right after that assistant or tool message
(mistral-common ``_validate_message_order``: "Unexpected role 'system' after role
'assistant'"; "Unexpected role 'user' after role 'tool'" before 1.11.1). Written message
by message, the history gets the same mends around it (a system message as it came moves
up too, an assistant turn goes before a user message as it came): nothing to flag."""

from __future__ import annotations

from toolwire import ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Other,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
)


def _as_came(role: str, text: str) -> Message:
    wire = [{"role": "user", "content": "q"}, {"role": role, "content": text}]
    return decode_conversation({"messages": wire}, "mistral").messages[1]


def test_a_system_message_as_it_came_after_a_lifted_one_is_after_the_assistant() -> None:
    conv = Conversation([Message("user", [Text("q")]), Message("assistant", [Text("a")]),
                         Message("system", [Text("s1")]), _as_came("system", "s2"), Message("user", [Text("u")])])
    out = encode_conversation(conv, "mistral")["messages"]
    assert [m["content"] for m in out] == ["s1", "s2", "q", "a", "u"]
    assert check_conversation(conv, "mistral") == [] and check_conversation({"messages": out}, "mistral") == []


def test_a_system_message_as_it_came_after_a_kept_one_is_fine() -> None:
    conv = Conversation([Message("system", [Text("s1")]), _as_came("system", "s2"), Message("user", [Text("u")])])
    assert check_conversation(conv, "mistral") == []


_CALL = {"role": "assistant", "content": "", "tool_calls": [
    {"id": "abcdefghi", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}


def test_a_fresh_user_message_of_results_is_written_as_a_tool_message() -> None:
    """A user message holding only tool results (Anthropic's and Gemini's form) is
    written as Mistral tool messages: a system message as it came after it follows a
    tool message (mistral-common: "Unexpected role 'system' after role 'tool'")."""
    d = decode_conversation({"messages": [{"role": "user", "content": "q"}, _CALL, {"role": "system", "content": "s"},
                                          {"role": "user", "content": "u"}]}, "mistral").messages
    conv = Conversation([d[0], d[1], Message("user", [ToolResult("abcdefghi", "f", "r")]), d[2], d[3]])
    out = encode_conversation(conv, "mistral")["messages"]
    assert [m["role"] for m in out] == ["system", "user", "assistant", "tool", "assistant", "user"]
    assert check_conversation(conv, "mistral") == [] and check_conversation({"messages": out}, "mistral") == []


def test_a_fresh_message_left_out_is_not_the_one_before() -> None:
    """A user message holding only another provider's state item is left out (noted):
    the system message as it came after it follows the assistant message."""
    item = Other("web_search_call", "openai.responses", {"type": "web_search_call", "id": "ws_1"})
    conv = Conversation([Message("user", [Text("q")]), _as_came("assistant", "a"), Message("user", [item]),
                         _as_came("system", "s"), Message("user", [Text("u")])])
    out = encode_conversation(conv, "mistral")["messages"]
    assert [m["role"] for m in out] == ["system", "user", "assistant", "user"]
    assert check_conversation(conv, "mistral") == [] and check_conversation({"messages": out}, "mistral") == []
