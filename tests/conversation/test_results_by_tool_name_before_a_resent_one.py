"""A result with an id is never the one left over for a result by tool name, in any order;
the results by tool name keep the calls they took in the order they came.

Ollama addresses a tool message by ``tool_name`` alone (https://github.com/ollama/ollama/blob/main/docs/api.md,
"Chat request (with tools)"): the first answers the oldest unanswered call of its tool.
When a result with an id comes after all of a turn's calls of its tool were answered that
way, it takes its call back and the result by tool name that held it is the one left over
(``orphan-result``; it was the result with the id, whose call's only id'd output was lost:
review revC3 #1). No earlier result is handed to another's call (review revC2 r1: ``o8``
was written as the answer to the call ``n: 9``). A result with an id that comes while a
call is still free keeps its own call (review revC3 r1).
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

from toolwire.conversation import check_conversation, decode_conversation, encode_conversation, fix_conversation

CALLS = [{"id": "a", "function": {"name": "f", "arguments": {"n": 8}}},
         {"id": "b", "function": {"name": "f", "arguments": {"n": 9}}}]


def _body(tools: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"model": "m", "messages": [{"role": "user", "content": "q"},
                                       {"role": "assistant", "content": "", "tool_calls": CALLS}, *tools]}


def _answers(body: Any) -> List[Tuple[Any, Any]]:
    out = encode_conversation(body if type(body) is not dict else decode_conversation(body, "ollama"),
                              "openai.chat")["messages"]
    return [(m["tool_call_id"], m["content"]) for m in out if m["role"] == "tool"]


def test_a_result_with_an_id_after_the_by_name_ones_takes_its_call_back() -> None:
    body = _body([{"role": "tool", "tool_name": "f", "content": "o8"},
                  {"role": "tool", "tool_name": "f", "content": "o9"},
                  {"role": "tool", "tool_call_id": "a", "tool_name": "f", "content": "for a"}])
    assert [(p.kind, p.index, p.id) for p in check_conversation(body, "ollama")] == [("orphan-result", 2, None)]
    fixed, _changes = fix_conversation(body, "ollama")
    assert _answers(fixed) == [("b", "o9"), ("a", "for a")]


def test_results_with_ids_after_two_calls_worth_of_by_name_ones() -> None:
    body = _body([{"role": "tool", "tool_name": "f", "content": "o8"},
                  {"role": "tool", "tool_name": "f", "content": "o9"},
                  {"role": "tool", "tool_call_id": "b", "content": "for b"},
                  {"role": "tool", "tool_call_id": "a", "content": "for a"}])
    assert [(p.kind, p.index) for p in check_conversation(body, "ollama")] == [("orphan-result", 2),
                                                                              ("orphan-result", 3)]
    fixed, _changes = fix_conversation(body, "ollama")
    assert _answers(fixed) == [("b", "for b"), ("a", "for a")]


def test_a_second_result_with_an_id_is_still_the_resent_one() -> None:
    body = _body([{"role": "tool", "tool_name": "f", "content": "o8"},
                  {"role": "tool", "tool_call_id": "a", "content": "for a"},
                  {"role": "tool", "tool_call_id": "b", "content": "for b"},
                  {"role": "tool", "tool_call_id": "a", "content": "again"}])
    assert [(p.kind, p.index) for p in check_conversation(body, "ollama")] == [("orphan-result", 2),
                                                                              ("orphan-result", 5)]


def test_a_result_with_an_id_while_a_call_is_free_keeps_its_call() -> None:
    body = _body([{"role": "tool", "tool_name": "f", "content": "for b"},
                  {"role": "tool", "tool_call_id": "a", "tool_name": "f", "content": "for a"},
                  {"role": "tool", "tool_name": "f", "content": "extra"}])
    assert [(p.kind, p.index) for p in check_conversation(body, "ollama")] == [("orphan-result", 4)]
    fixed, _changes = fix_conversation(body, "ollama")  # (the extra one, id-less, cannot be written for Chat)
    out = encode_conversation(fixed, "openai.chat")["messages"]
    assert [(m["tool_call_id"], m["content"]) for m in out if m["role"] == "tool"] == [("b", "for b"), ("a", "for a")]
