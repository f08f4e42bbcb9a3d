"""``fix_conversation`` gives the change it makes to a request body written back whole as
it came (decoded, unchanged): its output is written message by message, which mends what
``check_conversation`` flags for the whole body (``assistant-first``: mistral-common's
"Conversation must start with a user message or system message" / "Unexpected tool call
id"; ``prefix-not-last``: "Assistant message with prefix True must be last message"), so
the change is reported (``rewritten``) rather than made silently. And a message it
rebuilds (a result removed or placed in it) keeps its wire with its role cleared, so that
what it held beside its parts (a block's ``cache_control``, a participant name) is noted
``dropped`` where it is written without it, as for any decoded message written fresh
(written fresh to Anthropic, a text block goes as it came, its ``cache_control`` with it).
"""

from __future__ import annotations

from toolwire import decode_conversation, encode_conversation
from toolwire.conversation import Problem, check_conversation, fix_conversation

CALL = {"id": "abcdefghi", "type": "function", "function": {"name": "f", "arguments": "{}"}}


def test_a_body_starting_with_an_assistant_message_with_calls() -> None:
    body = {"messages": [{"role": "assistant", "content": None, "tool_calls": [CALL]},
                         {"role": "tool", "tool_call_id": "abcdefghi", "name": "f", "content": "o"}]}
    conv = decode_conversation(body, "mistral")
    assert [p.kind for p in check_conversation(conv, "mistral")] == ["assistant-first"]
    fixed, changes = fix_conversation(conv, "mistral")
    assert [(p.kind, p.index) for p in changes] == [("rewritten", 0)]
    assert "message by message" in changes[0].message and "assistant-first" in changes[0].message
    assert check_conversation(fixed, "mistral") == []
    out = encode_conversation(fixed, "mistral")["messages"]
    assert [m["role"] for m in out] == ["user", "assistant", "tool"]


def test_a_body_with_a_prefix_not_last() -> None:
    body = {"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": "a", "prefix": True},
                         {"role": "user", "content": "q2"}]}
    conv = decode_conversation(body, "mistral")
    assert [p.kind for p in check_conversation(conv, "mistral")] == ["prefix-not-last"]
    fixed, changes = fix_conversation(conv, "mistral")
    assert [(p.kind, p.index) for p in changes] == [("rewritten", 1)]
    assert encode_conversation(fixed, "mistral")["messages"][1] == {"role": "assistant", "content": "a"}


def test_a_clean_body_gets_no_change() -> None:
    body = {"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": None, "tool_calls": [CALL]},
                         {"role": "tool", "tool_call_id": "abcdefghi", "name": "f", "content": "o"}]}
    assert fix_conversation(decode_conversation(body, "mistral"), "mistral")[1] == []


def test_a_rebuilt_message_notes_what_it_held_beside_its_parts() -> None:
    body = {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "o"},
                                     {"type": "tool_result", "tool_use_id": "toolu_9", "content": "x"},
                                     {"type": "text", "text": "go on", "cache_control": {"type": "ephemeral"}}]}]}
    fixed, changes = fix_conversation(decode_conversation(body, "anthropic"), "anthropic")
    assert [(p.kind, p.index) for p in changes] == [("removed", 2)]
    report: list[Problem] = []
    out = encode_conversation(fixed, "anthropic", report=report)["messages"]
    assert out[2]["content"] == [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "o"},
                                 {"type": "text", "text": "go on", "cache_control": {"type": "ephemeral"}}]
    assert report == []  # (written fresh to Anthropic, its text block goes as it came)
    encode_conversation(fixed, "bedrock.converse", report=report)
    assert [(p.kind, p.index) for p in report if "cache_control" in p.message] == [("dropped", 2)]
