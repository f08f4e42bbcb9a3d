"""An output cut off inside a call's ``"name"`` string (a small ``max_tokens``) is a
truncated InvalidToolCall, never content: the module docstrings of text.xlam and
text.llama say an open region that looks like a call (it has a ``"name"``) is one, and
the marker families (text.granite's ``<tool_call>[{"name": "get_wea``) already give it."""

from __future__ import annotations

import pytest
from textcheck import Invalid, check


@pytest.mark.parametrize("finish", [None, "length"])
@pytest.mark.parametrize(("dialect", "text"), [
    ("text.xlam", '[{"name": "get_wea'),
    ("text.xlam", '[{"arguments": {"city": "Paris"}, "name": "get_wea'),
    ("text.xlam", '```json\n[{"name": "get_wea'),
    ("text.llama", '{"name": "get_wea'),
    ("text.llama", '{"parameters": {"city": "Paris"}, "name": "get_wea'),
    ("text.llama", '<|python_start|>{"name": "get_wea'),
    ("text.granite", '<tool_call>[{"name": "get_wea'),
])
def test_cut_inside_the_name_is_a_truncated_call(dialect: str, text: str, finish: str | None) -> None:
    check(text, dialect, None, None, [Invalid(None, truncated=True, raw=text)], finish_reason=finish)


@pytest.mark.parametrize(("dialect", "text"), [
    ("text.xlam", '[{"city": "Par'),
    ("text.xlam", "[1, 2"),
    ("text.llama", '{"answer": "4'),
])
def test_cut_data_without_a_name_stays_content(dialect: str, text: str) -> None:
    check(text, dialect, text, None, [], finish_reason="length")


def test_cut_records_that_are_no_calls_stay_content() -> None:
    text = '[{"name": "Alice", "age": 30}, {"name": "Bo'
    check(text, "text.xlam", text, None, [], finish_reason="length")
