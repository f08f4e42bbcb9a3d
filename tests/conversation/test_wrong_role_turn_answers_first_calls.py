"""A turn with a call after one of its results (wrong-role input: a call in a tool or
user message) still answers the calls standing before its first result as any turn
does (docs/conversations.md, "Pairing": of an id reused in a turn, the earliest call
still unanswered takes the result; an id-less result by tool name, as Ollama sends it,
answers the call of that tool its id leaves): the wrong-role call after the results
changes nothing for them. It did: the result with the id answered the later call of the
shared id, the result by tool name was then orphaned and ``fix_conversation`` removed it
(real output lost) and answered the earlier call with an error.
"""

from __future__ import annotations

import pytest

from toolwire import ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Text,
    check_conversation,
    decode_conversation,
    fix_conversation,
)


def _msgs(tail: bool) -> list:
    msgs = [Message("user", [Text("q")]),
            Message("assistant", [ToolCall("h", {}, "a"), ToolCall("f", {}, "a")]),
            Message("tool", [ToolResult("a", None, "out-h"), ToolResult(None, "f", "out-f")])]
    return msgs + [Message("tool", [ToolCall("w", {}, "w")])] if tail else msgs


@pytest.mark.parametrize("target", ["ollama", "openai.chat", "gemini"])
def test_a_wrong_role_call_after_the_results_keeps_their_answers(target: str) -> None:
    plain = [(p.kind, p.index) for p in check_conversation(Conversation(_msgs(False)), target)]
    found = [(p.kind, p.index) for p in check_conversation(Conversation(_msgs(True)), target)]
    # the wrong-role call adds its own findings only (it is unanswered)
    assert sorted(found) == sorted(plain + [("wrong-role", 3), ("missing-result", 3)])
    fixed, changes = fix_conversation(Conversation(_msgs(True)), target)
    assert [(p.kind, p.index, p.id) for p in changes] == [("answered", 3, "w")]
    assert [r.content for m in fixed.messages for r in m.results][:2] == ["out-h", "out-f"]


def test_an_anthropic_body_answers_the_earliest_call_of_the_id() -> None:
    # https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use: a tool_result
    # answers the tool_use with its tool_use_id; a tool_use in the user message after it is wrong-role
    body = {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "a", "name": "h", "input": {}},
                                          {"type": "tool_use", "id": "a", "name": "f", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "a", "content": "out-h"},
                                     {"type": "tool_use", "id": "w", "name": "w", "input": {}}]}]}
    conv = decode_conversation(body, "anthropic.messages")
    unanswered = [(p.index, p.message.split(";")[0]) for p in check_conversation(conv, "anthropic.messages")
                  if p.kind == "missing-result"]
    assert unanswered == [(1, "Message 1: the call a ('f') has no result"),
                          (2, "Message 2: the call w ('w') has no result")]
    _fixed, changes = fix_conversation(conv, "anthropic.messages")
    assert [(p.kind, p.index, p.message) for p in changes if p.index == 1] == [
        ("answered", 1, "Message 1: the call a ('f') is answered with an error result")]
