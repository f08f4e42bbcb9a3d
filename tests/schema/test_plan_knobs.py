"""``retry.plan(factor=, cap=, switch_after=)`` and ``retry.generate(plan_options=)`` are
checked as ``generate(attempts=)`` is: ints (not bools) within their bounds, an
``EncodeError`` naming the knob otherwise.

Before, a factor of 2 or less silently became 2, a float factor or cap wrote a
fractional token budget into the next request (``max_tokens: 2500.0``: OpenAI's
``max_tokens`` / ``max_completion_tokens`` are integers, https://platform.openai.com/docs/api-reference/chat/create),
a string failed with Python's bare comparison error, and ``switch_after`` of 0 or -1
acted as 1. An unknown ``plan_options`` key failed only after the first request was sent.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire import EncodeError, retry

SCHEMA = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"],
          "additionalProperties": False}
REQUEST = {"model": "gpt-4o", "messages": [{"role": "user", "content": "q"}], "max_tokens": 1000}


def _chat(content: str, finish: str = "stop") -> Dict[str, Any]:
    # https://platform.openai.com/docs/api-reference/chat/object
    return {"id": "chatcmpl-1", "object": "chat.completion", "model": "gpt-4o",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish}]}


PREPARED = retry.prepare(REQUEST, SCHEMA, "openai.chat")
CUT = retry.classify(_chat('{"a": 1', "length"), PREPARED.state)
EMPTY = retry.classify(_chat(""), PREPARED.state)
OK = retry.classify(_chat('{"a": 1}'), PREPARED.state)


@pytest.mark.parametrize(("knobs", "message"), [
    ({"factor": 1}, "factor must be an int of 2 or more, got 1"),
    ({"factor": 0}, "factor must be an int of 2 or more, got 0"),
    ({"factor": -3}, "factor must be an int of 2 or more, got -3"),
    ({"factor": 2.5}, "factor must be an int of 2 or more, got 2.5"),
    ({"factor": "4"}, "factor must be an int of 2 or more, got '4'"),
    ({"factor": True}, "factor must be an int of 2 or more, got True"),
    ({"cap": 0}, "cap must be an int of 1 or more, got 0"),
    ({"cap": -1}, "cap must be an int of 1 or more, got -1"),
    ({"cap": 1500.5}, "cap must be an int of 1 or more, got 1500.5"),
    ({"cap": "x"}, "cap must be an int of 1 or more, got 'x'"),
    ({"cap": None}, "cap must be an int of 1 or more, got None"),
    ({"switch_after": 0}, "switch_after must be an int of 1 or more, got 0"),
    ({"switch_after": -1}, "switch_after must be an int of 1 or more, got -1"),
    ({"switch_after": "2"}, "switch_after must be an int of 1 or more, got '2'"),
    ({"switch_after": False}, "switch_after must be an int of 1 or more, got False"),
])
@pytest.mark.parametrize("outcome", [CUT, EMPTY, OK], ids=["truncated", "empty", "ok"])
def test_a_knob_out_of_its_bounds_is_named(knobs: Dict[str, Any], message: str, outcome: retry.Outcome) -> None:
    with pytest.raises(EncodeError) as err:
        retry.plan(PREPARED.request, outcome, PREPARED.state, **knobs)
    assert err.value.message == message


@pytest.mark.parametrize(("factor", "cap", "budget"), [(2, 65_536, 2000), (3, 65_536, 3000), (4, 1500, 1500)])
def test_the_budget_stays_a_whole_number(factor: int, cap: int, budget: int) -> None:
    step = retry.plan(PREPARED.request, CUT, PREPARED.state, factor=factor, cap=cap)
    assert step.action == "retry" and step.request is not None
    assert step.request["max_tokens"] == budget and type(step.request["max_tokens"]) is int


def test_switch_after_one_switches_at_the_first_empty_reply() -> None:
    step = retry.plan(PREPARED.request, EMPTY, PREPARED.state, switch_after=1)
    assert (step.action, step.state.mode) == ("retry", "prompt")
    step = retry.plan(PREPARED.request, EMPTY, PREPARED.state, switch_after=2)
    assert (step.action, step.state.mode) == ("retry", "native")


@pytest.mark.parametrize(("options", "message"), [
    ({"factor": 1}, "factor must be an int of 2 or more, got 1"),
    ({"factor": "x"}, "factor must be an int of 2 or more, got 'x'"),
    ({"cap": 2.5}, "cap must be an int of 1 or more, got 2.5"),
    ({"switch_after": 0}, "switch_after must be an int of 1 or more, got 0"),
    ({"bogus": 1}, "plan_options takes factor, cap and switch_after, got 'bogus'"),
    ([("factor", 4)], "plan_options must be a dict or None, got [('factor', 4)]"),
])
def test_generate_checks_plan_options_before_sending(options: Any, message: str) -> None:
    sent: List[Dict[str, Any]] = []

    def send(request: Dict[str, Any]) -> Dict[str, Any]:
        sent.append(request)
        return _chat('{"a": 1}')

    with pytest.raises(EncodeError) as err:
        retry.generate(send, REQUEST, SCHEMA, target="openai.chat", plan_options=options)
    assert err.value.message == message
    assert sent == []


def test_generate_takes_good_plan_options() -> None:
    replies = iter([_chat('{"a": 1', "length"), _chat('{"a": 1}')])
    result = retry.generate(lambda r: next(replies), REQUEST, SCHEMA, target="openai.chat",
                            plan_options={"factor": 3, "cap": 10_000, "switch_after": 1})
    assert result.ok and result.value == {"a": 1}
    assert [a.request["max_tokens"] for a in result.attempts] == [1000, 3000]
