"""Results by tool name alone (Ollama's ``tool_name``, no ``tool_call_id``:
https://github.com/ollama/ollama/blob/main/docs/api.md, "Chat request (with tools)")
beside results with an id answer every call one pairing can answer (docs/conversations.md:
"as many calls as possible are answered"), so ``fix_conversation`` deletes no real output
and Gemini (which counts a turn's responses against its calls) gets every result.
"""

from __future__ import annotations

from typing import Dict, List, Optional

from toolwire import ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Text,
    check_conversation,
    encode_conversation,
    fix_conversation,
)


def _conv(calls: List[ToolCall], results: List[ToolResult]) -> Conversation:
    return Conversation([Message("user", [Text("q")]), Message("assistant", calls), Message("tool", results)])


def _answers(conv: Conversation) -> Dict[str, Optional[str]]:
    """output -> the name and id its Gemini functionResponse carries."""
    out = encode_conversation(conv, "gemini")
    return {p["functionResponse"]["response"]["output"]: (p["functionResponse"]["name"], p["functionResponse"].get("id"))
            for c in out["contents"] for p in c["parts"] if "functionResponse" in p}


def test_a_nameless_result_with_an_id_leaves_the_only_call_of_a_tool_to_its_result_by_name() -> None:
    # f#a, g#a, g#b: a -> g#a, g -> g#b, f -> f#a answers all three
    conv = _conv([ToolCall("f", {}, "a"), ToolCall("g", {"n": 1}, "a"), ToolCall("g", {"n": 2}, "b")],
                 [ToolResult("a", None, "g1-out"), ToolResult(None, "g", "g2-out"), ToolResult(None, "f", "f-out")])
    assert [p.kind for p in check_conversation(conv, "ollama")] == ["duplicate-id"]
    assert _answers(conv) == {"g1-out": ("g", "a"), "g2-out": ("g", "b"), "f-out": ("f", "a")}
    fixed, changes = fix_conversation(conv, "ollama")
    assert changes == [] and fixed.messages == conv.messages


def test_an_id_less_call_takes_the_result_by_name_of_its_tool_first() -> None:
    # g#b, f (no id), f#b: b -> f#b, g -> g#b, f -> the id-less f
    conv = _conv([ToolCall("g", {"n": 2}, "b"), ToolCall("f", {"n": 3}, None), ToolCall("f", {"n": 4}, "b")],
                 [ToolResult("b", None, "out-4"), ToolResult(None, "g", "out-2"), ToolResult(None, "f", "out-3")])
    assert [p.kind for p in check_conversation(conv, "ollama")] == ["duplicate-id"]
    fixed, changes = fix_conversation(conv, "ollama")
    assert changes == []


def test_fixed_then_checked_is_clean() -> None:
    conv = _conv([ToolCall("g", {"n": 2}, "b"), ToolCall("f", {"n": 3}, None), ToolCall("f", {"n": 4}, "b")],
                 [ToolResult("b", None, "o2"), ToolResult(None, "g", "o3"), ToolResult("b", "g", "o4")])
    for target in ("openai.chat", "ollama", "gemini"):
        fixed, _ = fix_conversation(conv, target)
        assert [p.kind for p in check_conversation(fixed, target) if p.kind != "duplicate-id"] == [], target


def test_ids_and_tools_in_a_cycle_answer_every_call() -> None:
    # ids a, b and tools g, h, f share calls in a cycle: the fill was greedy there and
    # gave f#b to o5 (by name f), so o6 (b) answered nothing and fix_conversation deleted
    # it (revC2's review); every result can answer its own call
    calls = [("g", "a"), ("g", "b"), ("h", "a"), ("h", "b"), ("f", "a"), ("f", "b")]
    conv = _conv([ToolCall(t, {"n": k + 1}, i) for k, (t, i) in enumerate(calls)],
                 [ToolResult(None, "g", "o1"), ToolResult("b", None, "o2"), ToolResult(None, "h", "o3"),
                  ToolResult(None, "h", "o4"), ToolResult(None, "f", "o5"), ToolResult("b", None, "o6")])
    assert {p.kind for p in check_conversation(conv, "ollama")} == {"duplicate-id"}
    fixed, changes = fix_conversation(conv, "ollama")
    assert [c.kind for c in changes] == []
    kept = [p.content for m in fixed.messages for p in m.parts if isinstance(p, ToolResult)]
    assert kept == ["o1", "o2", "o3", "o4", "o5", "o6"]
