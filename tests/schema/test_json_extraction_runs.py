"""A failed value left open at the text's end whose string ran on to the end, or whose
run ended where the text does, or in whose string a value a blank and a quote follow
was read as quoted (docs/structured-output.md "JSON extraction"): that reading may hide
the answer (a value given up, then the answer), so where the text read past it as
prose gives another last value, no value is the last: ``invalid``, never an earlier
draft. The spans of the values read stay kept for the think split whatever the answer
(``_think.KeptSpans``)."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire._json_extract import extract_json
from toolwire._think import split_think
from toolwire.response import normalize
from toolwire.retry import classify, prepare


def chat(content: str) -> Any:
    return {"object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}]}


def outcome(text: str) -> Any:
    state = prepare({"model": "m", "max_tokens": 100, "messages": [{"role": "user", "content": "q"}]}, {},
                    "openai.chat", mode="prompt").state
    out = classify(chat(text), state)
    return out.kind, out.value


# session 41 (revJ #1): an earlier draft won over the answer after a value given up right after a string of its own
@pytest.mark.parametrize("text", [
    'Draft: {"a": 1}\nWait, {"b": 2, "c"\nFinal: [3, 4]\nDone.',  # the string runs on to the end
    'Draft: {"a": 1}\nWait, {"k": 1, "note": "ok"\nFinal: [3, 4]',
    'Draft: {"a": 1}\nFinal: {"b": 2, "c"\n\n{"b": 2, "c": 3}\n\n"c" is the count.',  # a blank, then a quote
    '[3] {"x": 1, "y" {"n": 0} "ok" then',
    'Draft: {"a": 1}\nWait, {"items": ["a"\n\nFinal: [3, 4] "ok"',  # the run ends where the text does
    'Example: [7]. {"answer": "He said "use [1, 2]',  # (a cut answer reads the same: no value is known)
    'Example: [7]. {"answer": "He said "use [1, 2]" here"',  # revJ #2: the run ends where the text does
    'Example: {"n": 1}\n["x", "a "[8]" b"',
])
def test_no_earlier_draft_wins_over_an_answer_a_string_that_ran_on_may_hide(text: str) -> None:
    assert extract_json(text)[:2] == (False, None)
    assert outcome(text) == ("invalid", None)


@pytest.mark.parametrize(("text", "value"), [
    ('Example: [7]. {"answer": "Paris"', [7]),  # a cut value after it, nothing in its string

    ('[7] {"q": "say "{"z": 5}""', [7]),  # the quote right after the value: quoted
    ('Draft: {"a": 1}\nWait, {"b": 2, "c"\nnothing more', {"a": 1}),  # prose alone after it: the same last value
])
def test_a_value_before_a_cut_value_whose_string_ran_on_stays_the_last(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)
    assert outcome(text) == ("ok", value)


# session 41 (revJ #3): where no value was the answer (``_lost``), the spans of the values read were dropped too,
# and a think tag in a string of one was taken out as reasoning
@pytest.mark.parametrize("text", [
    '{"html": "<think>x</think>"} Type "{" then {"x": 2}',
    '{"a": "<think>", "b": "</think>"} Type "{" to open, then {"x": 2}',
    'Draft: {"html": "<b><think>x</think></b>"}. Type "{" to open, then {"x": 2}\n```json\n{"html": "ok"}\n```',
    'Draft: {"html": "<think>x</think>"}\nWait, {"b": 2, "c"\nFinal: [3, 4]',
])
def test_a_tag_in_a_value_read_stays_whatever_the_answer(text: str) -> None:
    assert split_think(text, "")[:2] == (text, "")
    reply = normalize(chat(text))
    assert (reply.text, reply.reasoning) == (text, "")
