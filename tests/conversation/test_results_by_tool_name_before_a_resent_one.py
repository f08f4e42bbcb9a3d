"""Results by tool name that came first answer the calls of their tool in order, even when a
result with an id the calls already answered comes after them.

Ollama addresses a tool message by ``tool_name`` alone (https://github.com/ollama/ollama/blob/main/docs/api.md,
"Chat request (with tools)"): the first answers the oldest unanswered call of its tool.
When a result with an id comes after all of a turn's calls of its tool were answered that
way (a re-sent answer), it is the one left over (``orphan-result``); it does not take its
call back and hand the earlier results to each other's calls (review revC2 r1: ``o8`` was
written as the answer to the call ``n: 9``). A result with an id that comes while a call is
still free keeps its own call (review revC3 r1).
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

from toolwire.conversation import check_conversation, decode_conversation, encode_conversation, fix_conversation

CALLS = [{"id": "a", "function": {"name": "f", "arguments": {"n": 8}}},
         {"id": "b", "function": {"name": "f", "arguments": {"n": 9}}}]


def _body(tools: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"model": "m", "messages": [{"role": "user", "content": "q"},
                                       {"role": "assistant", "content": "", "tool_calls": CALLS}, *tools]}


def _answers(body: Dict[str, Any]) -> List[Tuple[Any, Any]]:
    out = encode_conversation(decode_conversation(body, "ollama"), "openai.chat")["messages"]
    return [(m["tool_call_id"], m["content"]) for m in out if m["role"] == "tool"]


def test_a_resent_result_after_the_by_name_ones_is_the_orphan() -> None:
    body = _body([{"role": "tool", "tool_name": "f", "content": "o8"},
                  {"role": "tool", "tool_name": "f", "content": "o9"},
                  {"role": "tool", "tool_call_id": "a", "tool_name": "f", "content": "again"}])
    assert [(p.kind, p.index, p.id) for p in check_conversation(body, "ollama")] == [("orphan-result", 4, "a")]
    assert _answers(body)[:2] == [("a", "o8"), ("b", "o9")]


def test_a_resent_result_between_two_calls_worth_of_by_name_ones() -> None:
    body = _body([{"role": "tool", "tool_name": "f", "content": "o8"},
                  {"role": "tool", "tool_name": "f", "content": "o9"},
                  {"role": "tool", "tool_call_id": "b", "content": "again"},
                  {"role": "tool", "tool_call_id": "a", "content": "again"}])
    assert [(p.kind, p.index) for p in check_conversation(body, "ollama")] == [("orphan-result", 4),
                                                                              ("orphan-result", 5)]
    assert _answers(body)[:2] == [("a", "o8"), ("b", "o9")]


def test_a_result_with_an_id_while_a_call_is_free_keeps_its_call() -> None:
    body = _body([{"role": "tool", "tool_name": "f", "content": "for b"},
                  {"role": "tool", "tool_call_id": "a", "tool_name": "f", "content": "for a"},
                  {"role": "tool", "tool_name": "f", "content": "extra"}])
    assert [(p.kind, p.index) for p in check_conversation(body, "ollama")] == [("orphan-result", 4)]
    fixed, _changes = fix_conversation(body, "ollama")  # (the extra one, id-less, cannot be written for Chat)
    out = encode_conversation(fixed, "openai.chat")["messages"]
    assert [(m["tool_call_id"], m["content"]) for m in out if m["role"] == "tool"] == [("b", "for b"), ("a", "for a")]
