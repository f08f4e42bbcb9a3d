"""A Mistral history of one assistant message: a user message goes before it.

mistral-common 1.13.1 ``_validate_message_list_structure``: "If we have one message it
must be a user or a system message" ("Conversation must start with a user message or
system message"), a prefix (``"prefix": true``) included. A bare prefill, or what
``fix_conversation`` leaves of ``[assistant, orphan tool result]``, is such a history:
written message by message, a user message (``FIRST_USER``) goes before it, noted
(``inserted``); written back whole as it came, ``check_conversation`` flags it
(``assistant-first``) and the fixed conversation is written message by message.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

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

ALONE = "Conversation must start with a user message or system message"
LAST = "Expected last role User or Tool (or Assistant with prefix) for serving but got assistant"
ORPHAN = {"role": "tool", "tool_call_id": "abcdefghi", "name": "f", "content": "r"}




def _first(i: int = 0) -> Problem:
    return Problem("assistant-first", i, None,
                   f"Message {i}: the history starts with an assistant message; mistral answers: {ALONE}")


def test_a_fresh_lone_assistant_message_gets_a_user_message_before_it() -> None:
    report: List[Problem] = []
    out = encode_conversation(Conversation([Message("assistant", [Text("Once upon a time")])]), "mistral",
                              report=report)["messages"]
    assert out == [{"role": "user", "content": "Please continue."},
                   {"role": "assistant", "content": "Once upon a time", "prefix": True}]
    assert [(p.kind, p.index) for p in report] == [("inserted", 0), ("converted", 0)]
    assert ALONE in report[0].message
    mistral_validate(out)


def test_check_flags_a_lone_assistant_message_written_back_whole() -> None:
    conv = decode_conversation({"messages": [{"role": "assistant", "content": "Once upon a time"}]}, "mistral")
    assert check_conversation(conv, "mistral") == [_first(), Problem(
        "assistant-last", 0, None, f"Message 0: the history ends with an assistant message; mistral answers: {LAST}")]
    fixed, changes = fix_conversation(conv, "mistral")
    # written fresh as a prefix, and message by message (a user message goes before it)
    assert [(p.kind, p.index) for p in changes] == [("rewritten", 0), ("rewritten", 0)]
    assert "a user message goes before" in changes[1].message
    assert check_conversation(fixed, "mistral") == []
    out = encode_conversation(fixed, "mistral")["messages"]
    assert out == [{"role": "user", "content": "Please continue."},
                   {"role": "assistant", "content": "Once upon a time", "prefix": True}]
    mistral_validate(out)


def test_a_lone_prefix_written_back_whole_is_flagged_and_fixed() -> None:
    prefill = {"role": "assistant", "content": "Once", "prefix": True}
    conv = decode_conversation({"messages": [prefill]}, "mistral")
    assert check_conversation(conv, "mistral") == [_first()]
    fixed, _changes = fix_conversation(conv, "mistral")
    assert check_conversation(fixed, "mistral") == []
    out = encode_conversation(fixed, "mistral")["messages"]
    assert out == [{"role": "user", "content": "Please continue."}, prefill]
    mistral_validate(out)


def test_what_fix_leaves_of_an_assistant_message_and_an_orphan() -> None:
    conv = decode_conversation({"messages": [{"role": "assistant", "content": "a"}, ORPHAN]}, "mistral")
    fixed, changes = fix_conversation(conv, "mistral")
    assert [(p.kind, p.index) for p in changes] == [("rewritten", 0), ("removed", 1)]
    assert check_conversation(fixed, "mistral") == []
    out = encode_conversation(fixed, "mistral")["messages"]
    assert out == [{"role": "user", "content": "Please continue."},
                   {"role": "assistant", "content": "a", "prefix": True}]
    mistral_validate(out)


@pytest.mark.parametrize("history", [
    [{"role": "user", "content": "q"}, {"role": "assistant", "content": "Once", "prefix": True}],
    [{"role": "system", "content": "s"}, {"role": "assistant", "content": "Once", "prefix": True}],
])
def test_two_messages_need_no_user_message(history: List[Dict[str, Any]]) -> None:
    conv = decode_conversation({"messages": history}, "mistral")
    assert check_conversation(conv, "mistral") == []
    report: List[Problem] = []
    assert encode_conversation(list(conv.messages), "mistral", report=report)["messages"] == history
    assert report == []
    mistral_validate(history)
