"""An invalid call ``encode_conversation`` cannot write (docs/conversations.md, "Invalid
calls": one without a name or without argument text, for any target; any, for a target
that carries arguments as objects) is reported by ``check_conversation``
(``unwritable-call``) and removed by ``fix_conversation`` with the results answering it
(``removed``), so that the fixed history can be written. A nameless one (a failed Gemini
reply's, a stream's cut-off call whose name never came) made every target refuse the
history while ``check_conversation`` found nothing and ``fix_conversation`` changed
nothing: an agent loop could not go on.
"""

from __future__ import annotations

from typing import Any, List

import pytest

from toolwire import EncodeError, InvalidToolCall, ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
)

TARGETS = ["openai.chat", "openai.responses", "anthropic.messages", "gemini", "mistral", "ollama",
           "bedrock.converse", "cohere.v2"]
TEXT_TARGETS = ["openai.chat", "openai.responses", "mistral", "cohere.v2"]  # argument text on the wire


def _loop(bad: InvalidToolCall) -> Conversation:
    """The README's agent loop: the reply's calls, then one result per call (an error one
    for the invalid call)."""
    calls: List[Any] = [ToolCall("f", {"a": 1}, "call_1"), bad]
    return Conversation([
        Message("user", [Text("hi")]), Message("assistant", calls),
        Message("tool", [ToolResult("call_1", "f", "ok"), ToolResult(bad.id, bad.name, bad.error, is_error=True)])])


NAMELESS = InvalidToolCall(error="The stream ended before this call was complete", name=None, id=None,
                           truncated=True)
NAMED = InvalidToolCall(error="bad JSON", name="g", id="call_2", raw='{"a": ')


@pytest.mark.parametrize("target", TARGETS)
def test_a_nameless_invalid_call_is_reported_and_removed(target: str) -> None:
    conv = _loop(NAMELESS)
    with pytest.raises(EncodeError, match="without a name"):
        encode_conversation(conv, target)
    found = [(p.kind, p.index) for p in check_conversation(conv, target)]
    assert found == [("unwritable-call", 1)]
    fixed, changes = fix_conversation(conv, target)
    assert [(p.kind, p.index) for p in changes] == [("removed", 1), ("removed", 2)]
    assert [m.parts for m in fixed.messages[1:]] == [(ToolCall("f", {"a": 1}, "call_1"),),
                                                     (ToolResult("call_1", "f", "ok"),)]
    assert check_conversation(fixed, target) == []
    encode_conversation(fixed, target)  # written


@pytest.mark.parametrize("target", TARGETS)
def test_a_named_invalid_call_only_where_arguments_are_objects(target: str) -> None:
    conv = _loop(NAMED)
    kinds = [p.kind for p in check_conversation(conv, target)]
    fixed, changes = fix_conversation(conv, target)
    if target in TEXT_TARGETS:  # written with its argument text
        encode_conversation(conv, target)
        assert kinds == [] and changes == []
        return
    with pytest.raises(EncodeError, match="carries arguments as an object"):
        encode_conversation(conv, target)
    assert kinds == ["unwritable-call"]
    assert [p.kind for p in changes] == ["removed", "removed"]
    assert "invalid call call_2 ('g')" in changes[0].message
    encode_conversation(fixed, target)


def test_an_invalid_call_written_back_as_it_came_is_not_reported() -> None:
    # an Anthropic message cut at max_tokens (https://docs.claude.com/en/api/messages:
    # stop_reason "max_tokens"): its tool_use is read as an invalid call, and goes back as it came
    cut = {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
           "content": [{"type": "tool_use", "id": "toolu_1", "name": "run", "input": {"cmd": "ls"}}],
           "stop_reason": "max_tokens", "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}
    body = [{"role": "user", "content": "q"}, cut,
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "cut off",
                                          "is_error": True}]}]
    conv = decode_conversation(body, "anthropic.messages")
    assert type(conv.messages[1].parts[0]) is InvalidToolCall
    assert check_conversation(conv, "anthropic.messages") == []
    encode_conversation(conv, "anthropic.messages")
    assert [p.kind for p in check_conversation(conv, "gemini")] == ["unwritable-call"]


def test_a_history_of_no_dialect_reports_what_no_target_writes() -> None:
    conv = _loop(NAMELESS)
    assert [p.kind for p in check_conversation(conv)] == ["unwritable-call"]
    assert [p.kind for p in check_conversation(_loop(NAMED))] == []
