"""``fix_conversation`` never hands a kept result to another call by where it puts an error
result. A call left unanswered that stands after results of its turn (wrong-role input: a
call in a tool message) gets its error result right after it, and an id-less error result
answers by tool name and position (Gemini pairs by position, Ollama by ``tool_name``): put
ahead of a kept id-less result of an earlier call of its tool, it took that call and the
kept result answered the wrong call (review revC2 n2). Such error results now go after the
turn's results when that hands nothing.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from toolwire import ToolCall, ToolResult
from toolwire.conversation import Conversation, Message, Text, fix_conversation
from toolwire.conversation._pairing import answers


def _calls(msgs: List[Message]) -> Dict[str, Optional[Any]]:
    out: Dict[str, Optional[Any]] = {}
    for (i, _k), (_i, j, c) in answers(msgs).items():
        r = msgs[i].parts[j]
        if not r.is_error:  # type: ignore[union-attr]
            out[r.content] = None if c is None else c.args["n"]  # type: ignore[union-attr]
    return out


MSGS = [Message("user", [Text("q")]),
        Message("tool", [ToolCall("f", {"n": 1}, "b")]),
        Message("assistant", [ToolCall("f", {"n": 2}, None)]),
        Message("tool", [ToolResult("a", "g", "o3")]),
        Message("tool", [ToolResult("a", None, "o4"), ToolCall("f", {"n": 5}, None)]),
        Message("tool", [ToolResult(None, "f", "o6"), ToolResult("b", "f", "o7"), ToolCall("f", {"n": 8}, None)])]


@pytest.mark.parametrize("target", ["gemini", "ollama", "openai.chat"])
def test_an_error_result_goes_after_the_kept_result_it_would_take_the_call_of(target: str) -> None:
    assert _calls(MSGS) == {"o6": 2, "o7": 1}
    fixed, changes = fix_conversation(Conversation(MSGS), target)
    assert _calls(list(fixed.messages)) == {"o6": 2, "o7": 1}
    assert [p.kind for p in changes].count("answered") == 2


def test_a_call_in_a_tool_message_alone_keeps_its_error_result_right_after_it() -> None:
    msgs = [Message("user", [Text("q")]), Message("assistant", [ToolCall("f", {"n": 1}, None)]),
            Message("tool", [ToolResult(None, "f", "o1"), ToolCall("f", {"n": 2}, None)]),
            Message("user", [Text("next")])]
    fixed, _changes = fix_conversation(Conversation(msgs), "gemini")
    assert [m.role for m in fixed.messages] == ["user", "assistant", "tool", "tool", "user"]
    assert _calls(list(fixed.messages)) == {"o1": 1}
