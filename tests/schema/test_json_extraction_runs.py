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
    'Draft: {"a": 1}\nWait, {"b": 2, "c" Final: [3, 4]\nDone.',  # the string runs on to the end
    'Draft: {"a": 1}\nWait, {"k": 1, "note": "ok" Final: [3, 4]',  # (a line break after it: session 42, below)
    'Draft: {"a": 1}\nFinal: {"b": 2, "c" {"b": 2, "c": 3}\n\n"c" is the count.',  # a blank, then a quote
    '[3] {"x": 1, "y" {"n": 0} "ok" then',
    'Draft: {"a": 1}\nWait, {"items": ["a" Final: [3, 4] "ok"',  # the run ends where the text does
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
    # (`Draft: {"a": 1}\nWait, {"b": 2, "c"\nnothing more`: given up after the draft, invalid: test_json_extraction_given_up)
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


# session 42 (revJ2 leftovers): the run of a string of the value given up ended before a delimiter in later prose
# (`As "requested":`): that reading was taken as sure, no third read, and the draft won
@pytest.mark.parametrize("text", [
    'Draft: {"a": 1} Wait, {"b": 2, "c" Final: [3, 4] As "requested":',
    'Draft: {"a": 1} Wait, {"b": 2, "c" Final: [3, 4] - "a": first',
    'Draft: {"a": 1} Wait, {"k": 1, "note": "ok" Final: [3, 4] Keys: "a", "b".',
    'Use "strict" mode. Draft: {"a": 1} Wait, {"k": 1, "note": "ok" **Final answer**: [1, 2] As "requested":',
    'Draft: {"a": 1} Wait, {"b": 2, "c" Final: [3, 4] As "req',  # the run ends in a string the text ends in
])
def test_no_draft_wins_where_the_run_ends_before_a_delimiter(text: str) -> None:
    assert extract_json(text)[:2] == (False, None)
    assert outcome(text) == ("invalid", None)


# session 42 (revJ2 leftovers): a line break right after the string of the value given up (blanks aside) is where
# that value was given up, not a quote written inside its string (a string holds `\n`, not a line break): the text
# read past it as prose is the reading, the answer after it too with no draft (ece50194 gave it; none after
# session 41), and the draft never wins
@pytest.mark.parametrize(("text", "value"), [
    ('Draft: {"a": 1}\nWait, {"b": 2, "c"\nFinal: [3, 4]\nAs "requested":', [3, 4]),
    ('Draft: {"a": 1}\nWait, {"b": 2, "c"\nFinal: [3, 4]\n- "a": first', [3, 4]),
    ('Draft: {"a": 1}\nWait, {"k": 1, "note": "ok"\nFinal: [3, 4]\nKeys: "a", "b".', [3, 4]),
    ('Wait, {"b": 2,\n"c"\n [1, 2]', [1, 2]),
    ('Wait, {"b": 2,\n"c"\n [1, 2]\nAs "requested":', [1, 2]),
    ('Wait, {"b": 2, "c"\nHere: [1, 2]\n- "a": first', [1, 2]),
    ('Wait, ["x", "y"\nFinal: [1, 2]\nKeys: "a", "b".', [1, 2]),
    ('Wait, {"k": 1, "note": "ok"\nFinal: [1, 2]\nSee "notes": below', [1, 2]),
    ('Draft: {"a": 1}\nWait, {"b": 2, "c"\nFinal: [3, 4]\nDone.', [3, 4]),  # (session 41: invalid)
    ('Draft: {"a": 1}\nWait, {"k": 1, "note": "ok"\nFinal: [3, 4]', [3, 4]),
    ('Draft: {"a": 1}\nFinal: {"b": 2, "c"\n\n{"b": 2, "c": 3}\n\n"c" is the count.', {"b": 2, "c": 3}),
    ('Draft: {"a": 1}\nWait, {"items": ["a"\n\nFinal: [3, 4] "ok"', [3, 4]),
])
def test_a_line_break_after_the_string_of_a_value_given_up_reads_the_rest_as_prose(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)
    assert outcome(text) == ("ok", value)


# session 42 (revJ2 leftovers): the two readings were compared by where their last values begin, so the same value
# as draft and answer gave none
@pytest.mark.parametrize(("text", "value"), [
    ('Draft: [1, 2] Wait, {"b": 2, "c" Final: [1, 2]', [1, 2]),
    ('Draft: [1, true] Wait, {"b": 2, "c" Final: [1.0, true]', [1, True]),  # JSON-equal
])
def test_the_same_last_value_in_both_readings_is_the_answer(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)
    assert outcome(text) == ("ok", value)


@pytest.mark.parametrize("text", [
    'Draft: [1] Wait, {"b": 2, "c" Final: [true]',  # JSON tells true from 1
    '{"answer": "He said "use [1, 2]',  # a value's own string, no line break after it: a cut answer
    '{"b": 2, "c" [1, 2]',
])
def test_different_last_values_or_none_give_none(text: str) -> None:
    assert extract_json(text)[:2] == (False, None)
    assert outcome(text) == ("invalid", None)


@pytest.mark.parametrize("make", [
    lambda n: '[0] {"b": 2, "c" Final: ' + 'so [1] "x", ' * n,  # runs ending before `,`: read once more
    lambda n: '{"b": 2, "c" ' + 'a "x": [1] ' * n + '"y',  # ...before `:`, the text ending in a string
    lambda n: '{"b": 2,\n"c"\n' + 'so [1] "x": ' * n,  # a line break after it: no draft, read once more
    lambda n: '[0] {"b": 2, "c"  \n  ' + ' "w" [1]' * n,  # the blanks before the line break read once
    lambda n: '{"a": "x \\"y"\n' + 'so [1] ' * n + '"}',  # ``goes_on`` reads to the next quote once
    lambda n: '{"a": "x' + ' \\"y' * n + '"\n[1]',  # ...and the string's escaped quotes once
    lambda n: '{"a": "x' + ' 1\\"y \\"' * n + '"\nso [1]',  # ...inch marks among them once (session 42, jsonx3)
    lambda n: '{"a": "ok"\n[1], "' + 'k ' * n + '": 1',  # the string after the `,` once
])
def test_the_third_read_stays_linear(make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """n and 4n: each read of the text (``_pass``, from where it starts) counted whole,
    and the characters ``given_up`` and ``goes_on`` look at (blanks, strings): a constant
    number of reads, not one a run."""
    from toolwire import _json_extract, _json_quotes, _json_value_end

    read = [0]
    inner, ws, string_end = _json_extract._pass, _json_value_end._ws, _json_value_end._string_end

    def counted(text: str, *args: Any) -> Any:
        read[0] += len(text) - (args[4] if len(args) > 4 else 0)
        return inner(text, *args)

    def counted_ws(text: str, pos: int) -> int:
        end = ws(text, pos)
        read[0] += end - pos
        return end

    def counted_end(text: str, quote: int) -> Any:
        out = string_end(text, quote)
        read[0] += (out[0] if out[0] >= 0 else len(text)) - quote
        return out

    monkeypatch.setattr(_json_extract, "_pass", counted)  # (the helpers counted where they are: raising=False reads
    monkeypatch.setattr(_json_quotes, "_ws", counted_ws, raising=False)  # the code before session 42 too)
    monkeypatch.setattr(_json_quotes, "_string_end", counted_end, raising=False)
    work = []
    for n in (500, 2_000):
        read[0] = 0
        text = make(n)
        extract_json(text)
        work.append((read[0], len(text)))
    (r1, n1), (r4, n4) = work
    assert r1 <= 4 * n1 and r4 <= 4 * n4, work
    assert 3 * r1 <= r4 <= 5 * r1, work
