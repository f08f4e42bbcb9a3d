"""``fix_conversation`` on histories with parts in the wrong role (calls outside an
assistant message, results in an assistant message) changes none of those parts, but what
it fixes stays fixed: ``check_conversation`` of its output finds no ``missing-result`` or
``orphan-result`` (docs/conversations.md: the fixed history pairs every call with one
result). Calls standing after a result of their turn (a call in a tool message) and
results placed beside a result in an assistant message were where it did not.
"""

from __future__ import annotations

from typing import Any, Dict, List, Sequence

import pytest

from toolwire import ToolCall, ToolResult
from toolwire.conversation import Conversation, Message, Text, check_conversation, fix_conversation
from toolwire.conversation._pairing import answers


def _left(msgs: List[Message], target: str) -> List[str]:
    fixed, _ = fix_conversation(Conversation(msgs), target)
    return [p.kind for p in check_conversation(fixed, target) if p.kind in ("missing-result", "orphan-result")]


TARGETS = ("openai.chat", "gemini", "ollama")


@pytest.mark.parametrize("target", TARGETS)
def test_a_call_in_a_tool_message_after_a_result_by_tool_name(target: str) -> None:
    msgs = [Message("user", [Text("q")]), Message("assistant", [ToolCall("f", {"n": 1}, "b")]),
            Message("tool", [ToolResult(None, "f", "o")]), Message("tool", [ToolCall("f", {"n": 2}, "b")])]
    assert _left(msgs, target) == []
    fixed, changes = fix_conversation(Conversation(msgs), target)
    assert [(p.kind, p.index, p.id) for p in changes] == [("answered", 3, "b")]


@pytest.mark.parametrize("target", TARGETS)
def test_a_nameless_result_between_two_calls_of_one_id(target: str) -> None:
    # f#a (tool message), its result by id but nameless after a second f#a, then f's by name
    msgs = [Message("user", [Text("q")]), Message("tool", [ToolCall("f", {"n": 1}, "a")]),
            Message("tool", [ToolResult("a", None, "o1")]), Message("tool", [Text("t"), ToolCall("f", {"n": 2}, "a")]),
            Message("tool", [ToolResult("a", "f", "o2")])]
    # each result answers the call before it: nothing to fix but the roles
    assert {p.kind for p in check_conversation(Conversation(msgs), target)} == {"wrong-role"}
    assert _left(msgs, target) == []


@pytest.mark.parametrize("target", TARGETS)
def test_a_moved_result_does_not_go_into_an_assistant_message(target: str) -> None:
    # a result in a user message beside its calls, then an assistant message holding a result
    msgs = [Message("user", [Text("q")]),
            Message("user", [ToolCall("f", {}, None), ToolCall("g", {}, "b"), ToolResult(None, None, "o1")]),
            Message("assistant", [ToolResult("b", "g", "o2")])]
    assert _left(msgs, target) == []
    fixed, _ = fix_conversation(Conversation(msgs), target)
    assert [r.content for r in fixed.messages[2].parts] == ["o1"] and fixed.messages[2].role == "tool"


@pytest.mark.parametrize("target", TARGETS)
def test_an_error_result_stays_in_the_turn_of_its_call(target: str) -> None:
    # calls in a tool message (id-less g, g#b); g#b answered after the next assistant turn:
    # the id-less call's error result goes right after its message, not beside that answer
    msgs = [Message("user", [Text("q")]), Message("tool", [ToolCall("g", {}, None), ToolCall("g", {"n": 2}, "b")]),
            Message("assistant", [Text("t")]), Message("user", [ToolResult("b", "g", "o")])]
    assert _left(msgs, target) == []


# A call outside an assistant message with an assistant message right after it: that message
# begins a later turn, so a result after it is misplaced (it was not, until fix moved another
# result of that message into a tool message between them: the fixed history then was)
@pytest.mark.parametrize("target", TARGETS)
def test_a_result_after_the_turn_right_after_a_wrong_role_call(target: str) -> None:
    msgs = [Message("user", [Text("q")]),
            Message("user", [ToolCall("f", {"n": 1}, "a"), ToolCall("g", {"n": 2}, "b"), ToolResult("b", "g", "ob")]),
            Message("assistant", [Text("ok")]),
            Message("tool", [ToolResult("a", "f", "oa")])]
    found = [(p.kind, p.index, p.id) for p in check_conversation(Conversation(msgs), target)]
    assert ("misplaced-result", 3, "a") in found
    fixed, changes = fix_conversation(Conversation(msgs), target)
    after = [p.kind for p in check_conversation(fixed, target)]
    assert [k for k in after if k != "wrong-role"] == []
    assert [(p.kind, p.index, p.id) for p in changes] == [("moved", 1, "b"), ("moved", 3, "a")]
    assert [m.role for m in fixed.messages] == ["user", "user", "tool", "assistant"]
    assert [(r.id, r.content) for r in fixed.messages[2].parts] == [("b", "ob"), ("a", "oa")]  # type: ignore[union-attr]


# A call in the wrong role reusing the id of an earlier call: each result with the id answers
# the earliest call with it still unanswered, so the result in the assistant message right after
# it answers g and the later one f. Moving f's result right after its call would put it ahead of
# g's, and the two real outputs would swap calls: fix leaves it where it is (still misplaced)
@pytest.mark.parametrize("target", ("gemini", "anthropic.messages", "bedrock.converse", "openai.chat", "ollama"))
def test_a_move_never_hands_a_result_to_another_call(target: str) -> None:
    g, f = ToolCall("g", {}, "a"), ToolCall("f", {}, "a")
    msgs = [Message("user", [Text("q")]), Message("assistant", [g]), Message("user", [f]),
            Message("assistant", [ToolResult("a", None, "out_g")]), Message("tool", [ToolResult("a", None, "out_f")])]

    def calls(ms: Sequence[Message]) -> Dict[str, Any]:
        return {str(ms[i].parts[j].content): c for i, j, c in answers(ms).values()}  # type: ignore[union-attr]

    assert calls(msgs) == {"out_g": g, "out_f": f}
    fixed, _ = fix_conversation(Conversation(msgs), target)
    assert calls(fixed.messages) == {"out_g": g, "out_f": f}


# Error results all say the same: one answering another waiting call than its own changes no
# real result's call, so it is no reason to leave a move undone (fix then left o9 in place,
# where it took the later f#a and orphaned the nameless result o10 of f)
@pytest.mark.parametrize("target", ("gemini", "anthropic.messages"))
def test_error_results_placed_elsewhere_undo_no_move(target: str) -> None:
    f1, f6 = ToolCall("f", {"n": 1}, "a"), ToolCall("f", {"n": 6}, "a")
    msgs = [Message("user", [Text("q")]), Message("tool", [f1]),
            Message("user", [ToolResult("a", "g", "o2"), ToolCall("g", {"n": 3}, "a"), ToolResult("b", "f", "o4")]),
            Message("assistant", [ToolCall("g", {"n": 5}, None), f6]),
            Message("tool", [ToolCall("g", {"n": 7}, None), ToolResult("b", "g", "o8"), ToolResult("a", "f", "o9")]),
            Message("tool", [ToolResult(None, "f", "o10"), ToolResult("a", "f", "o11"), ToolResult("b", "f", "o12")]),
            Message("tool", [ToolCall("g", {"n": 13}, "a")]),
            Message("assistant", [ToolCall("g", {"n": 14}, "a"), ToolResult(None, "f", "o15")])]

    def calls(ms: Sequence[Message]) -> Dict[str, Any]:
        return {str(ms[i].parts[j].content): c for i, j, c in answers(ms).values()  # type: ignore[union-attr]
                if str(ms[i].parts[j].content).startswith("o")}  # type: ignore[union-attr]

    # (o11 carries f6's id and tool: it answers f6, the surplus o10 by tool name none: review revC r7)
    assert calls(msgs) == {"o2": None, "o9": f1, "o10": None, "o11": f6, "o15": None}
    fixed, changes = fix_conversation(Conversation(msgs), target)
    assert calls(fixed.messages) == {"o9": f1, "o11": f6}
    assert ("moved", 4, "a") in [(p.kind, p.index, p.id) for p in changes]
