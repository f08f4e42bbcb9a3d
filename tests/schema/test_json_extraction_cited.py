"""Review revJsonx of session 43's JSON extraction (docs/structured-output.md "JSON
extraction"): citations against drafts, lines that are no CommonMark link reference
definition (0.31.2 §4.7), assignments that announce, values after an answer given up.
Literals from the reviewer's reproducers."""

from __future__ import annotations

from typing import Any, List

import pytest

from toolwire import _json_link_refs as refs
from toolwire._json_extract import extract_json


# 1. a label a definition below defines, with another value before it on its line and words between: the label
# may be the answer (`it is [1]`) or a citation; the value before it was handed over (1,979 of 1,979): now none
@pytest.mark.parametrize("text", [
    'Not [6] - it is [1].\n\nSources:\n[1]: https://ex1.org/p',
    'First try: [7]. Final: [1].\n\n[1]: https://x.org',
    'I first thought [2], but the correct index is [1].\n\nSources:\n[1]: https://ex1.org/p\n[2]: https://ex2.org/p',
])
def test_a_defined_label_after_words_hands_over_no_other_value(text: str) -> None:
    assert extract_json(text)[:2] == (False, None)


@pytest.mark.parametrize(("text", "value"), [
    ('Use [8], [1]\n\n[1]: https://x.org', [8]),  # (right after the value, blanks and `,` between: a citation)
    ('Final: [3, 4] [1][2].\n\n[1]: https://x.org\n[2]: https://y.org', [3, 4]),
    ('Final: [3, 4] ([1])\n\n[1]: https://x.org', [3, 4]),
    ('Not [6] - it is [1]. Final: [5]\n\n[1]: https://x.org', [5]),  # (a value after it: the answer)
])
def test_a_citation_right_after_the_value_is_no_answer(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)


# 2. an assignment to `Answer`, `Result` or `Final` after a string of code lines cut there was read as the
# string's line (none, 1,969 of 1,969): it announces, as `Answer:` does
@pytest.mark.parametrize(("text", "value"), [
    ('{"code": "x = 1\ny = 2"\nAnswer = [5, 8]', [5, 8]),
    ('{"work": "2x = 6\nx = 3"\nanswer=[3]', [3]),
    ('{"py": "import os\npath = os.getcwd()"\nResult = [1, 2]', [1, 2]),
    ('{"code": "a = 1\nb = 2"\nFINAL = {"x": 4}', {"x": 4}),
])
def test_an_assignment_to_the_answer_after_code_lines_announces_it(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)


@pytest.mark.parametrize("text", [
    '{"answer": "a = 1\ns = "\nresult = [7]',  # (the string cut after `s = `: its next line may be the string's)
    '{"code": "n = 2\nm = 3"\nk = [7]',
    '{"code": "n = 2\nm = 3"\nanswers = [7]',
])
def test_other_assignments_after_code_lines_stay_the_strings(text: str) -> None:
    assert extract_json(text)[:2] == (False, None)


# 3. a `[…]:` line with words after its link, or a next line that is no destination, is no CommonMark definition
# (markdown-it-py finds none): a value (1,616 of 2,008 gave none)
@pytest.mark.parametrize(("text", "value"), [
    ('[7]: www.x.org is the mirror', [7]),
    ('[4, 3]: https://x.org explains this', [4, 3]),
    ('Answer:\n[4, 3]:\n# Explanation\nThese are the ids.', [4, 3]),
    ('The ids\n[2, 5]:\n/api/v1 returns them', [2, 5]),
    ('[1]: https://x.org "T" and more', [1]),
])
def test_a_line_that_is_no_link_reference_definition_is_a_value(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)


@pytest.mark.parametrize(("text", "value"), [
    ('Final: [2, 7].\n\n[1]: https://x.org "Title"', [2, 7]),
    ('Final: [2, 7].\n\n[1]: https://x.org (Smith, 2020)', [2, 7]),
    ('Final: [2, 7].\n\n[1]: https://x.org\n  "Title on the next line"', [2, 7]),
    ('Final: [2, 7].\n\n[1]:\n  https://x.org', [2, 7]),
    # (no definition, CommonMark: a reference list's line, a separator before its words; no value either)
    ('Final: [2, 7].\n\n[1]: https://x.org - Smith 2020', [2, 7]),
    ('Final: [2, 7].\n\n[1]: https://x.org — Smith 2020', [2, 7]),
])
def test_definitions_and_reference_lines_stay_no_value(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)


# 4. after a value given up, an undefined label or a value of a note after the answer became the answer (106
# of 20,000; none before): two values past it, the answer is not known
@pytest.mark.parametrize("text", [
    '{"answer": "line\n- item"\n* Ответ: [3] [1]',
    '{"a": "x = 1\ny = 2"\nFinal: [3]\nNote: index [2] is unused.',
])
def test_two_values_past_a_value_given_up_give_none(text: str) -> None:
    assert extract_json(text)[:2] == (False, None)


# 5. an answer before a broken fragment quoted in a sentence that goes on past it: none, the documented reading.
# Review revJsonx2 took out the rule that kept the answer here: a broken correction reads the same (`I meant
# {"a": "x` + line break + `and that is final.`), and the rule handed over the superseded answer (202 of 555)
@pytest.mark.parametrize("text", [
    'Answer: [7]\n\nYour input ["a", "b"\nhas a raw newline in "name".',
    'Answer: [7]\n\nYour input {"name": "Bob"\nwould fail because of the "newline".',
    'Answer: [7]\n\nYour input {"name": "Bob"\nis invalid.',
])
def test_an_answer_before_a_fragment_the_sentence_quotes_gives_none(text: str) -> None:
    assert extract_json(text)[:2] == (False, None)


@pytest.mark.parametrize(("text", "value"), [
    ('- Result: [89, 5, 48], per [1]\n\n[1]:\n  https://ex1.org', [89, 5, 48]),
    ('Final: [3, 4], see [1].\n\n[1]: https://x.org', [3, 4]),
])
def test_a_citation_after_per_or_see_is_no_answer(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)


def test_the_same_value_twice_past_a_value_given_up_is_the_answer() -> None:
    assert extract_json('{"x": 1, "note": "ok"\nAnswer:\n[1] [1]')[:2] == (True, [1])


# ...but after another value, such a line is a reference list's, as before: the value above it is the answer
@pytest.mark.parametrize(("text", "value"), [
    ('Final: [2, 7].\n\n[1]: https://x.org is the official site', [2, 7]),
    ('Final: [2]\n\n[1]: https://x.org Title', [2]),
    ('["a", "b"\nUse [0]. [1]\n\n[1]: https://x.org "Title"', [0]),
])
def test_a_line_that_is_no_definition_after_another_value_is_no_answer(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)


# (an answer word in a quoted word, or a draft's lead, announces nothing)
@pytest.mark.parametrize("text", [
    'Sure "final".Example: []. Wait, {"k": 1, "note": "ok"\n\nthe answer follows "notes"',
    'Draft: [0]\n\nYour input ["a", "b"\nhas a raw newline in "name".',
    'First try: [7]. Your input ["a", "b"\nis invalid.',
])
def test_a_draft_before_a_fragment_a_sentence_quotes_is_no_answer(text: str) -> None:
    assert extract_json(text)[:2] == (False, None)


def test_lines_that_are_no_definition_are_read_once_each(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: List[int] = []
    line = refs.link_line

    def counted(text: str, start: int, end: int) -> int:
        stop = text.find("\n", end)
        seen.append((len(text) if stop < 0 else stop) - start)  # (the characters it may read)
        return line(text, start, end)

    monkeypatch.setattr(refs, "link_line", counted)
    reads = []
    for n in (200, 800):
        seen.clear()
        text = "Final: [2]\n" + "[1]: https://x.org is the docs\n" * n + "Not [6] - it is [1].\n[1]: https://x.org\n" * n
        assert extract_json(text)[:2] == (False, None)
        reads.append(sum(seen))
    assert 3.5 < reads[1] / reads[0] < 4.5
