"""``classify`` compares several calls of the answer tool by JSON equality, as
``enum``/``const`` do: ``true`` is not ``1`` and ``false`` not ``0`` (two different
answers, so ``invalid``, keyword ``answers``: which one is the answer is not guessed),
while ``1.0`` is ``1`` (one answer). Wire shape: Anthropic Messages ``tool_use`` blocks,
https://docs.anthropic.com/en/api/messages"""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import retry

SCHEMA = {"type": "object", "properties": {"x": {"type": ["number", "boolean", "array"],
                                               "items": {"type": ["number", "boolean"]}}},
          "required": ["x"], "additionalProperties": False}
REQUEST = {"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": [{"role": "user", "content": "hi"}]}


def _reply(a: Any, b: Any) -> Dict[str, Any]:
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "stop_reason": "tool_use", "content": [
                {"type": "tool_use", "id": "toolu_1", "name": "response", "input": {"x": a}},
                {"type": "tool_use", "id": "toolu_2", "name": "response", "input": {"x": b}}]}


@pytest.mark.parametrize(("a", "b"), [(1, True), (0, False), (True, 1), ([1], [True])])
def test_a_number_and_a_boolean_are_two_answers(a: Any, b: Any) -> None:
    p = retry.prepare(REQUEST, SCHEMA, "anthropic.tool")
    assert p.state.mode == "native"
    out = retry.classify(_reply(a, b), p.state)
    assert out.kind == "invalid"
    assert [(e.keyword, e.message) for e in out.errors] == [
        ("answers", "the reply holds 2 different answers (calls of 'response')")]


def test_one_and_one_point_oh_are_one_answer() -> None:
    p = retry.prepare(REQUEST, SCHEMA, "anthropic.tool")
    assert p.state.mode == "native"
    out = retry.classify(_reply(1, 1.0), p.state)
    assert (out.kind, out.value) == ("ok", {"x": 1})
