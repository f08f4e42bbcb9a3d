"""Mapping map pairs back (``maps="pairs"``): the wire schema sends a map as an array of
``{"key", "value"}`` objects, which cannot say that the keys are unique (strict mode has
no ``uniqueItems``: reference/structured-output.md §B.2). A key given twice must not
become an object holding only the last value: the answer stays as it came, and fails
the original schema, so the planner asks again with a correction."""

from __future__ import annotations

from toolwire.retry import Outcome, classify, prepare
from toolwire.schema import render

MAP = {"type": "object", "required": ["m"], "additionalProperties": False,
       "properties": {"m": {"type": "object", "additionalProperties": {"type": "integer"}}}}


def test_pairs_with_a_key_given_twice_are_not_mapped_to_an_object() -> None:
    r = render(MAP, "openai.chat", maps="pairs")
    twice = {"m": [{"key": "a", "value": 1}, {"key": "a", "value": 2}]}
    assert r.decode(twice) == twice  # was {"m": {"a": 2}}: the 1 dropped without a word
    assert [(i.pointer, i.keyword) for i in r.validate(twice)] == [("/m", "type")]
    once = {"m": [{"key": "a", "value": 1}, {"key": "b", "value": 2}]}
    assert r.decode(once) == {"m": {"a": 1, "b": 2}}
    assert r.validate(once) == []


def test_a_reply_with_a_key_given_twice_is_invalid_not_ok() -> None:
    ask = {"model": "gpt-4o", "messages": [{"role": "user", "content": "count"}]}
    state = prepare(ask, MAP, "openai.chat", mode="native", maps="pairs").state
    reply = {"choices": [{"index": 0, "finish_reason": "stop", "message": {
        "role": "assistant", "content": '{"m": [{"key": "a", "value": 1}, {"key": "a", "value": 2}]}'}}]}
    outcome: Outcome = classify(reply, state)
    assert outcome.kind == "invalid"
