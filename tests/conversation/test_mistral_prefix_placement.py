"""Mistral's ``"prefix": true`` on the last message only, and ``fix_conversation``
leaving no assistant message last without it.

mistral-common 1.13.1 ``_validate_assistant_message``: "Assistant message with prefix
True must be last message"; ``_validate_last_message`` (serving): "Expected last role
User or Tool (or Assistant with prefix) for serving but got assistant"; the prefix is
"an assistant message as prefix to condition the model response"
(https://docs.mistral.ai/api/#tag/chat, ``AssistantMessage.prefix``). A stored request
that toolwire wrote with a prefix, with the reply and the next user turn appended, holds
a prefix that is no longer on the last message: written message by message, the flag is
dropped there (noted); written back whole as it came, ``check_conversation`` flags it
(``prefix-not-last``).
"""

from __future__ import annotations

from typing import Any, Dict, List

from mistral_validator import mistral_validate
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

NOT_LAST = "Assistant message with prefix True must be last message"
REFUSAL = "Expected last role User or Tool (or Assistant with prefix) for serving but got assistant"
HAIKU = [{"role": "user", "content": "Write a haiku."}, {"role": "assistant", "content": "Autumn", "prefix": True}]
NEXT = [{"role": "assistant", "content": "Autumn leaves fall"}, {"role": "user", "content": "Another."}]




def _prefixed(out: List[Dict[str, Any]]) -> List[int]:
    return [i for i, m in enumerate(out) if m.get("prefix") is True]


def test_a_stale_prefix_is_dropped_where_the_messages_are_written_one_by_one() -> None:
    conv = decode_conversation(HAIKU + NEXT, "mistral")
    report: List[Problem] = []
    out = encode_conversation(conv, "mistral", report=report)["messages"]
    assert out == [HAIKU[0], {"role": "assistant", "content": "Autumn"}, *NEXT]
    assert [(p.kind, p.index) for p in report] == [("dropped", 1)]
    assert NOT_LAST in report[0].message
    assert check_conversation(conv, "mistral") == []
    mistral_validate(out)


def test_a_fresh_assistant_message_after_a_prefill_is_the_one_prefix() -> None:
    conv = decode_conversation(HAIKU, "mistral").append(Message("assistant", [Text("more")]))
    report: List[Problem] = []
    out = encode_conversation(conv, "mistral", report=report)["messages"]
    assert _prefixed(out) == [2]
    assert out[1] == {"role": "assistant", "content": "Autumn"}
    assert [(p.kind, p.index) for p in report] == [("dropped", 1), ("converted", 2)]
    mistral_validate(out)


def test_check_flags_a_prefix_not_last_written_back_whole() -> None:
    body = {"model": "mistral-large-latest", "messages": HAIKU + NEXT}
    conv = decode_conversation(body, "mistral")
    assert encode_conversation(conv, "mistral") == {"messages": body["messages"]}  # as it came: the caller's call
    assert check_conversation(conv, "mistral") == [Problem(
        "prefix-not-last", 1, None,
        f"Message 1: an assistant message with 'prefix': true is not the last message; mistral answers: {NOT_LAST}")]
    fixed, _changes = fix_conversation(conv, "mistral")
    assert check_conversation(fixed, "mistral") == []
    out = encode_conversation(fixed, "mistral")["messages"]
    assert _prefixed(out) == []
    mistral_validate(out)


def test_fix_leaves_no_assistant_message_last_without_prefix() -> None:
    h = {"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": "a"},
                      {"role": "tool", "tool_call_id": "abcdefghi", "name": "f", "content": "r"}]}
    conv = decode_conversation(h, "mistral")
    assert [p.kind for p in check_conversation(conv, "mistral")] == ["orphan-result"]
    fixed, changes = fix_conversation(conv, "mistral")
    assert [(p.kind, p.index) for p in changes] == [("rewritten", 1), ("removed", 2)]
    assert REFUSAL in changes[0].message
    assert check_conversation(fixed, "mistral") == []
    out = encode_conversation(fixed, "mistral")["messages"]
    assert out[-1] == {"role": "assistant", "content": "a", "prefix": True}
    mistral_validate(out)
    # Chat takes a last assistant message: nothing rewritten
    chat = decode_conversation([h["messages"][0], h["messages"][1], {**h["messages"][2], "tool_call_id": "c"}],
                               "openai.chat")
    assert [p.kind for p in fix_conversation(chat, "openai.chat")[1]] == ["removed"]


def test_a_prefix_kept_is_not_noted_dropped() -> None:
    conv = decode_conversation(HAIKU, "openai.chat")  # a Chat-shaped history as sent to Mistral's OpenAI endpoint
    report: List[Problem] = []
    out = encode_conversation(conv, "mistral", report=report)["messages"]
    assert out[-1] == HAIKU[1]
    assert [(p.kind, p.index) for p in report] == [("converted", 1)]
    # a decoded prefill whose text was edited
    c = decode_conversation({"messages": HAIKU}, "mistral")
    c2 = Conversation([c.messages[0], c.messages[1].replace(parts=(Text("Autumn leaves"),))])
    report = []
    out = encode_conversation(c2, "mistral", report=report)["messages"]
    assert out[-1] == {"role": "assistant", "content": "Autumn leaves", "prefix": True}
    assert [(p.kind, p.index) for p in report] == [("converted", 1)]
    # not the last one: the flag is dropped, and said so
    report = []
    encode_conversation(decode_conversation(HAIKU + NEXT, "openai.chat"), "mistral", report=report)
    assert [(p.kind, p.index) for p in report] == [("dropped", 1)]


def test_merged_assistant_messages_name_the_last_one() -> None:
    conv = Conversation([Message("user", [Text("q")]), Message("assistant", [Text("a")]),
                         Message("assistant", [Text("b")])])
    report: List[Problem] = []
    out = encode_conversation(conv, "mistral", report=report)["messages"]
    assert out[-1] == {"role": "assistant", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}],
                       "prefix": True}
    mistral_validate(out)
    assert [(p.kind, p.index) for p in report] == [("converted", 2)]
    assert report[0].message.startswith("Assistant messages 1 to 2, the last ones, are written")


def test_one_prefill_dict_twice_notes_the_message_it_was_dropped_from() -> None:
    prefill = {"role": "assistant", "content": "Once", "prefix": True}
    history = [HAIKU[0], prefill, {"role": "user", "content": "again"}, prefill]
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(history, "mistral").messages, "mistral", report=report)["messages"]
    assert _prefixed(out) == [3]
    assert [(p.kind, p.index) for p in report] == [("dropped", 1)]
    assert "message 1 is not the last one" in report[0].message
    mistral_validate(out)
