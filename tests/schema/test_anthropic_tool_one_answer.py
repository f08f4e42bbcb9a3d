"""anthropic.tool forces one answer call: ``tool_choice`` says so with
``disable_parallel_tool_use`` (anthropic SDK ``ToolChoiceToolParam``: "If set to
``true``, the model will output exactly one tool use"), and ``classify`` never takes an
answer from a reply that holds several different ones, or a call of the caller's own
tools beside it (that call would be dropped)."""

from __future__ import annotations

from typing import Any, Dict

from toolwire import retry

SCHEMA = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"],
          "additionalProperties": False}
REQUEST = {"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": [{"role": "user", "content": "hi"}],
           "tools": [{"name": "lookup", "input_schema": {"type": "object"}}]}


def _reply(*blocks: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "stop_reason": "tool_use", "content": list(blocks)}


def _answer(i: int, value: Any) -> Dict[str, Any]:
    return {"type": "tool_use", "id": f"toolu_{i}", "name": "response", "input": {"a": value}}


def test_forced_answer_tool_is_the_only_tool_use() -> None:
    p = retry.prepare(REQUEST, SCHEMA, "anthropic.tool")
    assert p.request["tool_choice"] == {"type": "tool", "name": "response", "disable_parallel_tool_use": True}


def test_one_answer_is_taken() -> None:
    p = retry.prepare(REQUEST, SCHEMA, "anthropic.tool")
    out = retry.classify(_reply(_answer(1, 1)), p.state)
    assert (out.kind, out.value) == ("ok", {"a": 1})


def test_two_different_answers_are_not_taken() -> None:
    p = retry.prepare(REQUEST, SCHEMA, "anthropic.tool")
    out = retry.classify(_reply(_answer(1, 1), _answer(2, 2)), p.state)
    assert out.kind == "invalid"


def test_the_same_answer_twice_is_taken() -> None:
    p = retry.prepare(REQUEST, SCHEMA, "anthropic.tool")
    out = retry.classify(_reply(_answer(1, 1), _answer(2, 1)), p.state)
    assert (out.kind, out.value) == ("ok", {"a": 1})


def test_a_call_of_the_callers_tool_beside_an_answer_is_reported() -> None:
    p = retry.prepare(REQUEST, SCHEMA, "anthropic.tool")
    lookup = {"type": "tool_use", "id": "toolu_0", "name": "lookup", "input": {}}
    out = retry.classify(_reply(lookup, _answer(2, 1)), p.state)
    assert out.kind == "tool_calls" and out.detail == "lookup"
