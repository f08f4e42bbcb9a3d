"""Where a value was given up (``_json_quotes.given_up``): the line after the string it
broke at is the reply's or that string's, an announced value stands with a note after
it, an inch mark inside a quoted phrase, and citations and link reference definitions
after the answer (docs/structured-output.md "JSON extraction", "Given up")."""

from __future__ import annotations

import re
from typing import Any, List

import pytest

import toolwire._json_extract as ex
import toolwire._json_link_refs as refs
import toolwire._json_quotes as quotes
from toolwire._json_extract import extract_json
from toolwire._json_link_refs import link_definition


# session 43 (a): a list item announcing its value after a string holding a raw line break was read as a line of that
# string (148 of 368 of that family gave none)
@pytest.mark.parametrize(("text", "value"), [
    ('{"a": "x = 1\ny = 2"\n* Final: [5]', [5]),
    ('{"x": 1, "note": "line1\nline2"\n- Final: [3, 4]', [3, 4]),
    ('{"a": "Steps:\n1. go"\n1. The answer is [4]', [4]),
    ('{"a": "x = 1\ny = 2"\n- **Answer:** {"x": 5}', {"x": 5}),
])
def test_a_list_item_announcing_its_value_after_a_raw_line_break_string_is_the_reply(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)


# ...while a list item that opens a value or holds no announcement may be that string's line (review revJx3 R4)
@pytest.mark.parametrize("text", [
    '{"answer": "a = 1\ns = "\n- [5]',
    '{"a": "line one\nline two"\n  - item [1, 2]\n  - more',
    '{"answer": "a = 1\ns = "\n2. Send [0]',
])
def test_a_list_item_that_may_be_the_strings_line_gives_none(text: str) -> None:
    assert extract_json(text)[:2] == (False, None)


# session 43 (b, d): a value announced on the line before (`Answer:`) opening its line, a quoted word after its `,`,
# was read as an item of a structure going on (9 of 193, 14 of 12,000)
@pytest.mark.parametrize(("text", "value"), [
    ('{"x": 1, "note": "line1\nline2"\nAnswer:\n[4], "done"', [4]),
    ('{"a": "x = 1\ny = 2"\nSorry.\nAnswer:\n[4],\n"ok"', [4]),
    ('["a", "b"\nFinal:\n[3], "k"', [3]),
    ('{"b": 2, "c"\n**Final:**\n[6], "ok"', [6]),
])
def test_an_announced_value_with_a_quoted_word_after_it_is_the_answer(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)


@pytest.mark.parametrize("text", [
    '{"a": "ok"\n[5], "k"',  # no announcement: an item of a structure cut there
    '{"a": "ok"\nSee:\n[5], "k": 1}',  # a key after the `,`: a structure, announced or not
])
def test_an_unannounced_value_before_a_structure_gives_none(text: str) -> None:
    assert extract_json(text)[:2] == (False, None)


# session 43 (c): an inch mark inside a quoted phrase (`\"12\" pipe\"`) left an odd number of `\"`, read as a quote
# with no partner: the value was not given up (334 of 1,175)
@pytest.mark.parametrize(("text", "value"), [
    ('["a", "the \\"12\\" pipe\\" leaks"\nthen [6]', [6]),
    ('{"x": 1, "note": "He said \\"a 15\\" screen\\" ok"\nFinal: [3, 4]', [3, 4]),
    ('{"x": 1, "note": "my \\"27\\" monitor\\" broke"\nFinal: [3, 4]', [3, 4]),
])
def test_an_inch_mark_inside_a_quoted_phrase_keeps_the_answer(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)


# session 43 (f): the line after a cut string of code lines (`s = "`: the quote opens a string written in it) that has
# the shape of its lines (`x = [7]`) is that string's, no answer (133 gave the value)
@pytest.mark.parametrize("text", [
    '{"answer": "a = 1\ns = "\nx = [7]',
    '{"code": "n = 2\nm = 3"\nk = [1, 2]',
])
def test_a_code_line_after_a_string_of_code_lines_is_the_strings(text: str) -> None:
    assert extract_json(text)[:2] == (False, None)


@pytest.mark.parametrize(("text", "value"), [
    ('{"x": 1, "note": "line1\nline2"\nFinal: [3, 4]', [3, 4]),
    ('{"answer": "a = 1\ns = "\nFinal: [7]', [7]),
])
def test_a_prose_line_after_a_raw_line_break_string_is_the_reply(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)


# session 43 (g): link reference definitions in a blockquote, with the destination on the next line, or with text
# after the link, and a citation after the answer on its line defined below, were the last value (677 of 1,215)
@pytest.mark.parametrize(("text", "value"), [
    ('Final: [2, 7].\n\n[1]:\nhttps://x.org', [2, 7]),
    ('Final: [2, 7].\n\n> [1]: https://x.org', [2, 7]),
    ('Final: [2, 7].\n\n> > [1]: https://x.org "T"', [2, 7]),
    ('Final: [2, 7].\n\n[1]: https://x.org - Smith 2020', [2, 7]),
    ('Use [8], [1]\n\n[1]: https://x.org', [8]),
    ('Use [8] [1][2].\n\n[1]: https://x.org\n[2]: https://y.org', [8]),
    ('["a", "b"\nFinal: [0].\n\n[1]:\nhttps://x.org', [0]),
])
def test_citations_and_link_reference_definitions_after_the_answer_are_no_value(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)


@pytest.mark.parametrize(("text", "value"), [
    ('[1]: done', [1]),
    ('Final: [1].\n\n[1]: https://x.org', [1]),  # the only value on its line: the answer, its definition below
    ('Use [8], [1]\n\n[2]: https://x.org', [1]),  # no definition of `1`: a value
    ('[1, 2]: see https://x.org', [1, 2]),
    ('Final: [2].\n\n[1]:\n\nhttps://x.org', [1]),  # a blank line before the destination: no definition
])
def test_a_label_that_is_no_citation_keeps_its_value(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)


# session 43: a `[a]:` definition after the answer's `:` read `[a]` as a value and the answer as an item (none)
def test_a_definition_line_after_the_answers_colon_is_no_structure() -> None:
    assert extract_json('{"x": 1, "note": "ok"\nUse [[1], [2]]:\n\n[a]: ./doc.md')[:2] == (True, [[1], [2]])


# session 43 (h): a draft before a raw-line-break string stood where the line after it was prose holding a quote read
# on past its closing quote (2,099 of 3,000 gave the draft): the value was given up there, as on a line of prose
@pytest.mark.parametrize("text", [
    'Draft: [0]\n{"answer": "x\ny"\nSee "spec" for details.',
    'Draft: [0]\n{"answer": "x\ny"\nNote "spec".',
    'Draft: {"a": 1}\n{"answer": "x\ny"\nI\'ll fix the "answer" field.',
    'First try: [7] Wait, {"k": 1, "note": "ok"\nUse "strict" mode.',
])
def test_a_value_given_up_before_a_line_of_prose_with_a_quote_leaves_no_draft(text: str) -> None:
    assert extract_json(text)[:2] == (False, None)


@pytest.mark.parametrize(("text", "value"), [
    ('Draft: [0]\n{"answer": "x\ny"\nSee "spec": [3, 4]', [3, 4]),
    ('Your input {"a": 1] gave "error". The answer is [1, 2] per "spec".', [1, 2]),
])
def test_a_value_after_that_line_is_the_answer(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)


# -- linear: each new reading counted on n and 4n ---------------------------------------------
def _ratio(counts: List[int]) -> float:
    return counts[1] / counts[0]


def test_citations_read_the_definitions_once(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: List[int] = []

    def counted(text: str, start: int, end: int) -> bool:
        stop = text.find("\n", end)
        seen.append((len(text) if stop < 0 else stop) - start)
        return link_definition(text, start, end)

    monkeypatch.setattr(refs, "link_definition", counted)
    monkeypatch.setattr(ex, "link_definition", counted)
    reads = []
    for n in (200, 800):
        seen.clear()
        text = "Use [8], [1] [2]\n" * n + "[1]: https://x.org\n[2]:\nhttps://y.org\n" * n
        assert extract_json(text)[:2] == (True, [8])
        reads.append(sum(seen))
    assert 3.5 < _ratio(reads) < 4.5


class _Counted:
    """A compiled pattern whose ``match`` calls are counted."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern, self.calls = pattern, 0

    def match(self, text: str, *at: int) -> Any:
        self.calls += 1
        return self.pattern.match(text, *at)


def test_code_lines_and_escaped_quotes_are_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    assign = _Counted(quotes._ASSIGN)
    monkeypatch.setattr(quotes, "_ASSIGN", assign)
    roles: List[int] = []
    role = quotes._role
    monkeypatch.setattr(quotes, "_role", lambda *a: roles.append(1) or role(*a))
    steps = []
    for n in (300, 1200):
        assign.calls, roles[:] = 0, []
        code = '{"code": "' + "word\n" * n + 'a = 1"\nx = [7]'
        assert extract_json(code)[:2] == (False, None)
        quoted = '["a", "' + 'the \\"v\\" one ' * n + 'a \\"12\\" pipe\\" leaks"\nthen [6]'
        assert extract_json(quoted)[:2] == (True, [6])
        steps.append(assign.calls + len(roles))
    assert 3.5 < _ratio(steps) < 4.5
