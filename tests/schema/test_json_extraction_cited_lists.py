"""Review revJsonx2 of session 43's JSON extraction (docs/structured-output.md "JSON
extraction"): a citation a reference list's line defines (words after its link, no
CommonMark 0.31.2 §4.7 definition), ``cf.`` and ``via`` before a citation, an
assignment to the answer that does not hold the value, a correction after the answer.
Literals from the reviewer's reproducers."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire._json_extract import extract_json


# 1. a reference list's line (words after its link) after the answer defines its label for the citation check
# too: the citation became the answer (231 of 526)
@pytest.mark.parametrize(("text", "value"), [
    ('Final: [6] [1]\n\n[1]: /docs/a Smith 2020', [6]),
    ('Answer: [8] [1][2]\n\n[1]: https://x.org - Smith\n[2]: https://y.org Jones 2021', [8]),
    ('Final: [3, 4], see [1].\n\n[1]: https://x.org is the official site', [3, 4]),
])
def test_a_citation_a_reference_list_line_defines_is_no_answer(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)


# 4. `cf.` never matched (its `.` stripped before the look-up)
@pytest.mark.parametrize(("text", "value"), [
    ('Final: [3, 4] cf. [1].\n\n[1]: https://x.org', [3, 4]),
    ('Final: [3, 4], cf. [1]\n\n[1]: https://x.org', [3, 4]),
    ('Final: [3, 4] via [1].\n\n[1]: https://x.org', [3, 4]),
])
def test_a_citation_after_cf_or_via_is_no_answer(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)


# 2. an assignment to `Answer`, `Result` or `Final` announces only a value right after its `=`: a call's
# argument after a string of code lines stays the string's line (64 of 82 gave the argument)
@pytest.mark.parametrize("text", [
    '{"code": "x = 1\ny = 2"\nresult = sorted([3, 6])',
    '{"code": "x = 1\ny = 2"\nanswer = f([1])',
    '{"py": "import os\npath = os.getcwd()"\nFinal = len([1, 2])',
])
def test_an_assignment_of_a_call_after_code_lines_announces_nothing(text: str) -> None:
    assert extract_json(text)[:2] == (False, None)


# 3. a correction after the answer, broken, its sentence going on: the answer is superseded, none (the
# answer before it was handed over, 202 of 555)
@pytest.mark.parametrize("text", [
    'Final: [6]\nI meant {"a": "x\ny"\nand that is final.',
    'Answer: [2]\nActually the answer is ["a", "b"\nbut the output was cut.',
])
def test_an_answer_a_broken_correction_follows_is_none(text: str) -> None:
    assert extract_json(text)[:2] == (False, None)
