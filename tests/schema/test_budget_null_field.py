"""A budget field set to ``None`` (JSON ``null``, what the openai SDK sends for an
explicit ``None``: "not set") beside the other spelling's number: the number is the
budget in effect, and a truncated reply retries with it ×4 in that field.

https://platform.openai.com/docs/api-reference/chat/create: ``max_tokens`` is deprecated in
favour of ``max_completion_tokens``; either sets the limit. vLLM takes either name.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import retry

SCHEMA = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
CUT = {"choices": [{"index": 0, "finish_reason": "length", "message": {"role": "assistant", "content": '{"a": 12'}}]}
HI = [{"role": "user", "content": "hi"}]


@pytest.mark.parametrize("target", ["openai.chat", "vllm"])
@pytest.mark.parametrize(("held", "name"), [
    ({"max_tokens": 100, "max_completion_tokens": None}, "max_tokens"),
    ({"max_tokens": None, "max_completion_tokens": 100}, "max_completion_tokens"),
    ({"max_completion_tokens": 100, "max_tokens": None}, "max_completion_tokens"),
    ({"max_completion_tokens": 100, "max_tokens": 50}, "max_completion_tokens"),
])
def test_a_null_budget_field_leaves_the_other_in_effect(target: str, held: Dict[str, Any], name: str) -> None:
    p = retry.prepare({"model": "m", "messages": HI, **held}, SCHEMA, target)
    o = retry.classify(CUT, p.state)
    plan = retry.plan(p.request, o, p.state)
    assert (o.kind, plan.action) == ("truncated", "retry")
    assert plan.request is not None
    assert plan.request[name] == 400
    other = ({"max_tokens", "max_completion_tokens"} - {name}).pop()
    assert plan.request.get(other) == held.get(other)  # left as the caller sent it


@pytest.mark.parametrize("target", ["openai.chat", "vllm"])
def test_both_null_is_no_budget(target: str) -> None:
    p = retry.prepare({"model": "m", "messages": HI, "max_tokens": None, "max_completion_tokens": None}, SCHEMA, target)
    plan = retry.plan(p.request, retry.classify(CUT, p.state), p.state)
    assert plan.action == "stop"
