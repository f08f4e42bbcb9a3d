"""Calls sharing an id wait in line only within their own assistant turn.

Index ids (``call_0``, ``call_1`` in every reply) and DeepSeek/GLM shared ids reuse an
id across turns. An id used again in a LATER turn, while an earlier call with it is
unanswered, leaves that earlier call unanswered (``missing-result``; the reuse is still a
``duplicate-id``): the later results answer the later call. They used to wait behind
the earlier call, so every later result was paired one call behind (sent under the
wrong tool name to Gemini, Mistral and Ollama) and ``fix_conversation`` moved results
into the wrong turns.

A result that names its tool (Gemini ``functionResponse.name`` "Matches ...
[FunctionCall.name]", https://ai.google.dev/api/caching#FunctionResponse; Ollama
``tool_name``, https://github.com/ollama/ollama/blob/main/docs/api.md) answers the
waiting call with its id and that name; only a result without a name is paired by order.
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_shared_id_results import orphan_takes_no_name

from toolwire import EncodeError, ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Problem,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
)
from toolwire.conversation._values import Text


def _c(i: int, name: str) -> Dict[str, Any]:
    return {"id": f"call_{i}", "type": "function", "function": {"name": name, "arguments": "{}"}}


def _kinds(problems: List[Problem]) -> List[Tuple[str, int]]:
    return [(p.kind, p.index) for p in problems]


def _index_ids() -> Conversation:
    # turn 1's call_0 ('search') is never answered; turn 2 reuses call_0 for 'book'
    return decode_conversation({"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": None, "tool_calls": [_c(0, "search"), _c(1, "weather")]},
        {"role": "tool", "tool_call_id": "call_1", "content": "sunny"},
        {"role": "user", "content": "and book it"},
        {"role": "assistant", "content": None, "tool_calls": [_c(0, "book")]},
        {"role": "tool", "tool_call_id": "call_0", "content": "booked #42"}]}, "openai.chat")


def test_a_later_turn_reusing_an_unanswered_id_takes_its_results() -> None:
    conv = _index_ids()
    for target, key in [("mistral", "name"), ("ollama", "tool_name")]:
        tools = [m for m in encode_conversation(conv, target)["messages"] if m["role"] == "tool"]
        assert [(m[key], m["content"]) for m in tools] == [("weather", "sunny"), ("book", "booked #42")]
    parts = [p for m in encode_conversation(conv, "gemini")["contents"] for p in m["parts"] if "functionResponse" in p]
    assert [p["functionResponse"]["name"] for p in parts] == ["weather", "book"]
    problems = check_conversation(conv, "openai.chat")
    assert [(p.kind, p.index, p.id) for p in problems] == [("missing-result", 1, "call_0"),
                                                           ("duplicate-id", 4, "call_0")]
    assert problems[0].message.startswith("Message 1: the call call_0 ('search') has no result")
    fixed, changes = fix_conversation(conv, "openai.chat")
    assert [(c.kind, c.index) for c in changes] == [("answered", 1)]
    assert check_conversation(fixed, "openai.chat") == []  # answered, call_0 is free to reuse


def test_a_shared_id_reused_in_later_turns_does_not_cascade() -> None:
    conv = decode_conversation({"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": None, "tool_calls": [_c(0, "f"), _c(0, "g")]},
        {"role": "tool", "tool_call_id": "call_0", "content": "F"},  # g's result is missing
        {"role": "assistant", "content": None, "tool_calls": [_c(0, "h")]},
        {"role": "tool", "tool_call_id": "call_0", "content": "H"},
        {"role": "assistant", "content": None, "tool_calls": [_c(0, "k")]},
        {"role": "tool", "tool_call_id": "call_0", "content": "K"}]}, "openai.chat")
    out = encode_conversation(conv, "gemini")
    assert [(p["functionResponse"]["name"], p["functionResponse"]["response"]) for m in out["contents"]
            for p in m["parts"] if "functionResponse" in p] == [
        ("f", {"output": "F"}), ("h", {"output": "H"}), ("k", {"output": "K"})]
    problems = check_conversation(conv, "openai.chat")
    assert [(p.kind, p.index) for p in problems if p.kind != "duplicate-id"] == [("missing-result", 1)]
    assert "('g') has no result" in [p for p in problems if p.kind == "missing-result"][0].message
    fixed, changes = fix_conversation(conv, "openai.chat")
    assert [(c.kind, c.index) for c in changes] == [("answered", 1)]
    assert {p.kind for p in check_conversation(fixed, "openai.chat")} == {"duplicate-id"}


def test_fixing_reused_ids_gives_a_history_that_checks_clean() -> None:
    conv = Conversation([
        Message("assistant", [ToolCall("g", {}, "y"), ToolCall("g", {}, "y")]),
        Message("user", [ToolResult("y", "g", [])]),
        Message("assistant", [ToolCall("f", {}, "y"), ToolCall("f", {}, "x")]),
        Message("tool", [ToolResult(None, "f", "ok")])])
    fixed, _changes = fix_conversation(conv, "openai.chat")
    assert {p.kind for p in check_conversation(fixed, "openai.chat")} <= {"duplicate-id"}
    assert fix_conversation(fixed, "openai.chat")[1] == []


def test_a_named_result_answers_the_call_of_its_name() -> None:
    conv = decode_conversation({"contents": [
        {"role": "user", "parts": [{"text": "q"}]},
        {"role": "model", "parts": [{"functionCall": {"id": "x", "name": "f", "args": {}}},
                                    {"functionCall": {"id": "x", "name": "g", "args": {}}}]},
        {"role": "user", "parts": [{"functionResponse": {"id": "x", "name": "g", "response": {"output": "G"}}}]}]},
        "gemini")
    problems = check_conversation(conv, "gemini")
    assert _kinds(problems) == [("duplicate-id", 1), ("missing-result", 1)]
    assert problems[1].message.startswith("Message 1: the call x ('f') has no result")
    fixed, changes = fix_conversation(conv, "gemini")
    assert [c.message for c in changes] == ["Message 1: the call x ('f') is answered with an error result"]
    names = [(p["functionResponse"]["name"], list(p["functionResponse"]["response"]))
             for m in encode_conversation(fixed, "gemini")["contents"] for p in m["parts"] if "functionResponse" in p]
    assert sorted(names) == [("f", ["error"]), ("g", ["output"])]


def test_results_by_tool_name_alone_reach_each_call_of_a_shared_id() -> None:
    conv = decode_conversation({"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": "", "tool_calls": [
            {"id": "x", "function": {"name": "f", "arguments": {}}},
            {"id": "x", "function": {"name": "g", "arguments": {}}}]},
        {"role": "tool", "tool_name": "g", "content": "G"},
        {"role": "tool", "tool_name": "f", "content": "F"}]}, "ollama")
    assert _kinds(check_conversation(conv, "ollama")) == [("duplicate-id", 1)]
    assert fix_conversation(conv, "ollama")[1] == []
    tools = [m for m in encode_conversation(conv, "mistral")["messages"] if m["role"] == "tool"]
    assert [(m["name"], m["content"]) for m in tools] == [("g", "G"), ("f", "F")]


def test_one_result_object_used_twice_names_each_call() -> None:
    r = ToolResult("x", None, "done")
    head = [Message("user", [Text("q")]), Message("assistant", [ToolCall("f", {}, "x"), ToolCall("g", {}, "x")])]
    parts = encode_conversation(Conversation([*head, Message("tool", [r, r])]), "gemini")["contents"][-1]["parts"]
    assert [p["functionResponse"]["name"] for p in parts] == ["f", "g"]
    report: List[Problem] = []
    out = encode_conversation(Conversation([*head, Message("tool", [r, r, r])]), "mistral", report=report)
    assert [m.get("name") for m in out["messages"] if m["role"] == "tool"] == ["f", "g", None]
    assert _kinds(report) == [("dropped", 2)]


@st.composite
def _reused_ids(draw: Any) -> Conversation:
    """Histories of a few turns whose calls draw their ids from a tiny pool (shared in a
    turn, reused across turns), with results dropped, unnamed, by tool name alone or
    out of order."""
    msgs: List[Message] = [Message("user", [Text("q")])]
    for _turn in range(draw(st.integers(1, 4))):
        calls = [ToolCall(draw(st.sampled_from("fg")), {}, draw(st.sampled_from(["a", "a", "b", None])))
                 for _ in range(draw(st.integers(1, 3)))]
        msgs.append(Message("assistant", list(calls)))
        results: List[Any] = []
        for c in draw(st.permutations(calls)):
            how = draw(st.sampled_from(["id", "id+name", "name", "none", "skip", "skip"]))
            if how == "skip":
                continue
            rid = c.id if how in ("id", "id+name") else None
            name = c.name if how in ("id+name", "name") else None
            results.append(ToolResult(rid, name, "out"))
        if results:
            msgs.append(Message("tool", results))
        if draw(st.booleans()):
            msgs.append(Message("user", [Text("next")]))
    return Conversation(msgs)


@given(_reused_ids(), st.sampled_from(["openai.chat", "gemini", "ollama", "mistral"]))
def test_fixing_histories_with_reused_ids_checks_clean(conv: Conversation, d: str) -> None:
    fixed, _changes = fix_conversation(conv, d)
    left = [p for p in check_conversation(fixed, d)
            if p.kind in ("missing-result", "orphan-result", "misplaced-result")]
    assert left == []


def _one_call_two_results(calls: List[str], results: str) -> Conversation:
    return decode_conversation({"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": None, "tool_calls": [_c(0, n) for n in calls]},
        *({"role": "tool", "tool_call_id": "call_0", "content": s} for s in results)]}, "openai.chat")


def test_a_second_result_for_one_call_takes_no_name() -> None:
    # as a result beyond the calls of a shared id (test_shared_id_results): an orphan,
    # never sent under the answered call's name
    conv = _one_call_two_results(["f"], "FH")
    assert _kinds(check_conversation(conv, "gemini")) == [("orphan-result", 3)]
    orphan_takes_no_name(conv, 3, [("f", "F"), (None, "H")])


@pytest.mark.parametrize("target", ["openai.responses", "anthropic.messages", "bedrock.converse", "cohere.v2"])
def test_no_name_note_where_results_carry_no_name(target: str) -> None:
    # these results name no tool at all: nothing is left out of them
    report: List[Problem] = []
    encode_conversation(_one_call_two_results(["f", "g"], "FGH"), target, report=report)
    assert report == []


def test_a_nameless_result_of_a_reused_id_takes_its_own_call_name() -> None:
    # turn 1's call_0 ('k') is answered by a result that names its tool; turn 2 reuses
    # call_0 for 'h', answered without a name: it is h's (it went to Gemini as k's)
    conv = Conversation([
        Message("user", [Text("q")]),
        Message("assistant", [ToolCall("k", {}, "call_0")]), Message("tool", [ToolResult("call_0", "k", "K")]),
        Message("assistant", [ToolCall("h", {}, "call_0")]), Message("tool", [ToolResult("call_0", None, "H")])])
    assert check_conversation(conv, "gemini") == []
    parts = [p for m in encode_conversation(conv, "gemini")["contents"] for p in m["parts"] if "functionResponse" in p]
    assert [(p["functionResponse"]["name"], p["functionResponse"]["response"]) for p in parts] == [
        ("k", {"output": "K"}), ("h", {"output": "H"})]
    tools = [m for m in encode_conversation(conv, "mistral")["messages"] if m["role"] == "tool"]
    assert [(m["name"], m["content"]) for m in tools] == [("k", "K"), ("h", "H")]


def _late_after_reuse() -> Conversation:
    # per-reply ids: turn 1's search result arrives late, after turn 2 (book) reused call_0
    return decode_conversation({"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": None, "tool_calls": [_c(0, "search")]},
        {"role": "user", "content": "also book it"},
        {"role": "assistant", "content": None, "tool_calls": [_c(0, "book")]},
        {"role": "tool", "tool_call_id": "call_0", "content": "found: hotel A"},
        {"role": "tool", "tool_call_id": "call_0", "content": "booked #42"}]}, "openai.chat")


def test_late_results_after_a_reusing_turn_answer_the_earlier_call() -> None:
    # two results follow a turn of one call: the first is the earlier turn's (late), so
    # "found" is never sent as book's output and fixing deletes neither result
    conv = _late_after_reuse()
    assert _kinds(check_conversation(conv, "openai.chat")) == [("duplicate-id", 3), ("misplaced-result", 4)]
    parts = [p for m in encode_conversation(conv, "gemini")["contents"] for p in m["parts"] if "functionResponse" in p]
    # (the turn's own result first, the late one after it: test_results_in_call_order)
    assert [(p["functionResponse"]["name"], p["functionResponse"]["response"]) for p in parts] == [
        ("book", {"output": "booked #42"}), ("search", {"output": "found: hotel A"})]
    fixed, changes = fix_conversation(conv, "openai.chat")
    assert [(c.kind, c.index) for c in changes] == [("moved", 4)]
    tools = [m for m in encode_conversation(fixed, "mistral")["messages"] if m["role"] == "tool"]
    assert [(m["name"], m["content"]) for m in tools] == [("search", "found: hotel A"), ("book", "booked #42")]


def test_a_named_result_never_answers_another_tools_call() -> None:
    # f and g share id x; both results name g (g answered twice): the second answers no
    # call (Gemini's functionResponse.name matches its call's), it is not f's output
    conv = Conversation([
        Message("user", [Text("q")]),
        Message("assistant", [ToolCall("f", {}, "x"), ToolCall("g", {}, "x")]),
        Message("tool", [ToolResult("x", "g", "G1"), ToolResult("x", "g", "G2")])])
    assert _kinds(check_conversation(conv, "gemini")) == [
        ("duplicate-id", 1), ("missing-result", 1), ("orphan-result", 2)]
    assert "the call x ('f') has no result" in check_conversation(conv, "gemini")[1].message
    assert [(c.kind, c.index) for c in fix_conversation(conv, "gemini")[1]] == [("answered", 1), ("removed", 2)]


def test_a_result_naming_no_call_of_its_id_goes_by_id() -> None:
    # no call with its id has its name: the id decides, as for a nameless result (not an orphan)
    conv = Conversation([
        Message("user", [Text("q")]),
        Message("assistant", [ToolCall("f", {}, "x")]),
        Message("tool", [ToolResult("x", "F", "out")])])
    assert check_conversation(conv, "openai.chat") == []


def test_a_result_before_its_ids_first_call_takes_no_name() -> None:
    # an orphan (it answers no call before it), not the later call's output
    conv = Conversation([Message("user", [Text("q")]), Message("tool", [ToolResult("x", None, "early")]),
                         Message("assistant", [ToolCall("f", {}, "x")]), Message("tool", [ToolResult("x", None, "F")])])
    assert _kinds(check_conversation(conv, "gemini")) == [("orphan-result", 1)]
    with pytest.raises(EncodeError) as e:
        encode_conversation(conv, "gemini")
    assert e.value.loc == "$.messages[1].parts[0]"
    report: List[Problem] = []
    tools = [m for m in encode_conversation(conv, "mistral", report=report)["messages"] if m["role"] == "tool"]
    assert [(m.get("name"), m["content"]) for m in tools] == [(None, "early"), ("f", "F")]
    assert _kinds(report) == [("dropped", 1)]
