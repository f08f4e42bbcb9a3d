"""Review revJsonx4 of session 44's JSON extraction (docs/structured-output.md "JSON
extraction"): only a line that is just ``Answer:`` (``Result:``, ``Final:``, ``Final
answer:``, ``Final result:``, markup aside) announces the reference list's line after
it; unannounced, a line with its link on the next line or a label with a comma is a
list's line again, as before session 44; and ``Answer =`` before code (a subscript, a
keyword, an operator, a name then ``(``) announces nothing. Literals from the
reviewer's reproducers."""

from __future__ import annotations

from typing import Any, List

import pytest

import toolwire._json_quotes as quotes
from toolwire._json_extract import extract_json


# 1: a heading whose last word is answer/result/final announced the list's line below it: the label it
# defines cited nothing, and the citation became the answer (407 of 408)
@pytest.mark.parametrize("text", [
    'Final: [6] [1]\n\nSources for the answer:\n[1]: /docs/a Smith 2020',
    'Final: [6] [1]\n\nReferences for the result:\n[1]: https://x.org Smith 2020',
    'Final: [6] [1]\n\n**References used for the final answer:**\n[1]: https://x.org Smith 2020',
    'Final: [6] [1]\n\n## Sources for the answer:\n[1]: https://x.org/a Smith 2020',
    'Use [6] per [1]\n\nWhere I found the answer:\n[1]: https://x.org is the page',
    'Final: [6] [1]\n\nSources for this answer:\n\n[1]: https://x.org/a Smith 2020',
])
def test_a_heading_ending_in_answer_announces_no_list_line(text: str) -> None:
    assert extract_json(text)[:2] == (True, [6])


# ...while a line that is just the announcing words still announces (markup, block quotes aside)
@pytest.mark.parametrize(("text", "value"), [
    ('Candidates: [1], [3]\n\nAnswer:\n[3]: www.x.org is the mirror', [3]),
    ('Candidates: [1], [5]\n\n> Answer:\n> [5]: www.x.org is the mirror', [5]),
    ('Candidates: [1], [5]\n\n> **Final answer:**\n>\n> [5]: www.x.org is the mirror', [5]),
    ('Candidates: [1], [5]\n\n## Final result:\n[5]: www.x.org is the mirror', [5]),
    ('Candidates: [1], [5]\n\n_Result_:\n[5]: www.x.org is the mirror', [5]),
    ('Tried [1] [2]\n\nAnswer:\n[2]:\n/api/v1 returns them', [2]),
    ('Tried [1] [3, 4]\n\nFinal:\n[3, 4]: www.x.org is the mirror', [3, 4]),
])
def test_a_line_of_just_the_announcing_words_announces(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)


# 2: a reference list's line with its link on the next line was read as the answer (885 of 887): unannounced,
# after another value, it is the list's line again
@pytest.mark.parametrize("text", [
    'Final: [6] [1]\n\n[1]:\nhttps://x.org/a Smith 2020',
    'Final: [6] [1]\n\n[1]:\n/docs/a Smith 2020',
    'Final: [6] [1]\n\nSources:\n[1]:\nhttps://x.org/a Smith 2020',
    'Final: [6] [1]\n\n## References\n[1]:\nwww.x.org is the official site',
    'Final: [6] [src]\n\n[src]:\nhttps://x.org is the docs',
])
def test_a_list_line_with_its_link_on_the_next_line_defines_its_label(text: str) -> None:
    assert extract_json(text)[:2] == (True, [6])


# 3: a label with a comma was never a list entry (old [6], then [1, 2]); unannounced it is again
@pytest.mark.parametrize("text", [
    'Final: [6] [1, 2]\n\n[1, 2]: https://x.org Smith 2020',
    'Final: [6] [1,2]\n\n[1,2]: https://x.org/a Smith 2020',
    'Final: [6] [1, 2]\n\nSources:\n[1, 2]: /docs/a Smith 2020',
])
def test_a_label_with_a_comma_is_a_list_entry_unannounced(text: str) -> None:
    assert extract_json(text)[:2] == (True, [6])


# 4: after `Answer =` following code lines, code other than `name(` handed back a value (862 of 908)
@pytest.mark.parametrize("line", [
    "result = x[0]", "result = items[0]", "result = await f([1])", "result = await client.get([1])",
    "result = new Foo([1])", "result = vec![1, 2];", "result = -[1]", "result = (1, [2])", "result = sorted\n([3, 6])",
    "Answer =\nsorted([3, 6])", "result = naïve([1])", "result = f<T>([1])", "result = $([1])", "result = x + [1]",
    "result = yield [1]", "result = not [1]", "result = lambda: [1]", "result = rows[0][1, 2]", "result = np.r_[1, 2]",
    "result = obj.m ([1])", "result = await g\n([1])", "result = x[0]\nprint(result)",
])
def test_code_after_the_answers_assignment_announces_nothing(line: str) -> None:
    assert extract_json('{"code": "x = 1\ny = 2"\n' + line)[:2] == (False, None)


# ...while the wrappers session 44 took stay announced (review revJsonx3)
@pytest.mark.parametrize(("line", "value"), [
    ("Answer = `[5, 8]`", [5, 8]), ("Answer =\n[5, 8]", [5, 8]), ("result = **[7,5]**", [7, 5]),
    ("Final =\u00a0[6]", [6]), ("FINAL = '[[1], [2]]'", [[1], [2]]), ("answer = -> [2]", [2]),
    ("answer = the list [2,5]", [2, 5]), ("Answer = [5, 8]", [5, 8]), ('result = {"a": 1}', {"a": 1}),
])
def test_a_wrapped_value_after_the_answers_assignment_stays_announced(line: str, value: Any) -> None:
    assert extract_json('{"code": "x = 1\ny = 2"\n' + line)[:2] == (True, value)


# -- linear: the text after each `=` read a bounded number of times (see also answer_lines) --
def test_the_code_after_the_answers_assignment_is_looked_at_a_few_times(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: List[int] = []
    code = quotes._code

    def counted(text: str, at: int) -> bool:
        calls.append(at)
        return code(text, at)

    monkeypatch.setattr(quotes, "_code", counted)
    steps = []
    for n in (200, 800):
        calls.clear()
        text = '{"code": "x = 1\ny = 2"\nAnswer = ' + "a" * n + "([1])\n" + '{"c": "x = 1\ny = 2"\nresult = `[2]`\n' * n
        extract_json(text)
        steps.append(len(calls))
    assert steps[0] == steps[1] <= 4


# the reviewer's neighbours kept: `The result:` announces, a value in parentheses is wrapped, no tuple
@pytest.mark.parametrize(("text", "value"), [
    ('Use [6] [1]\n\nThe result:\n[1]: www.x.org is the mirror', [1]),
    ('{"code": "x = 1\nprint("\nresult = ([1, 9])', [1, 9]),
    ('{"code": "x = 1\ny = 2"\nAnswer = ( [5, 8] )', [5, 8]),
])
def test_the_reviewers_neighbours_keep_their_reading(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)
