"""A call closed by bracket balance (no closing marker: the engine strips the stop token
that would follow it) whose last bracket is the last character of the text ends with
the text: under a ``length`` / ``max_tokens`` finish it is cut off
(``InvalidToolCall(truncated=True)``), as a tagged call running to the end is
(docs/text-formats.md, "Truncation"). With ``stop`` it is whole; with text after the
bracket it closed before the cut. Streaming agrees in every split (``check``)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

F = C("f", {"a": 1})
CASES = [
    ("text.mistral", '[TOOL_CALLS]f[ARGS]{"a": 1}', "f", None),
    ("text.mistral", '[TOOL_CALLS][{"name": "f", "arguments": {"a": 1}}]', "f", None),
    ("text.llama", '{"name": "f", "parameters": {"a": 1}}', "f", None),
    ("text.llama", "[f(a=1)]", "f", None),
    ("text.granite", '<tool_call>[{"name": "f", "arguments": {"a": 1}}]', "f", None),
    ("text.granite", '<|tool_call|>[{"name": "f", "arguments": {"a": 1}}]', "f", None),
    ("text.xlam", '[{"name": "f", "arguments": {"a": 1}}]', "f", None),
    ("text.gigachat", 'function call<|role_sep|>\n{"name": "f", "arguments": {"a": 1}}', "f", None),
    ("text.gigachat", '<|function_call|>{"name": "f", "arguments": {"a": 1}}', "f", None),
    ("text.gemma", "<|channel>thought\nhm<channel|>call:f{a:1}", "f", "hm"),
]
IDS = [f"{d}-{i}" for i, (d, *_) in enumerate(CASES)]


@pytest.mark.parametrize(("dialect", "text", "name", "reasoning"), CASES, ids=IDS)
@pytest.mark.parametrize("reason", ["length", "max_tokens"])
def test_a_bracket_closed_call_ending_the_text_is_cut_off_under_a_length_finish(
    dialect: str, text: str, name: str | None, reasoning: str | None, reason: str
) -> None:
    check(text, dialect, None, reasoning, [Invalid(name, truncated=True)], finish_reason=reason)


@pytest.mark.parametrize(("dialect", "text", "name", "reasoning"), CASES, ids=IDS)
def test_the_same_call_is_whole_when_the_model_stopped(
    dialect: str, text: str, name: str | None, reasoning: str | None
) -> None:
    check(text, dialect, None, reasoning, [F], finish_reason="stop")


@pytest.mark.parametrize(("dialect", "text", "name", "reasoning"), CASES, ids=IDS)
def test_text_after_the_bracket_means_the_call_closed_before_the_cut(
    dialect: str, text: str, name: str | None, reasoning: str | None
) -> None:
    check(text + "\n", dialect, None, reasoning, [F], finish_reason="length")


def test_the_cut_off_call_keeps_its_raw_text() -> None:
    text = '[TOOL_CALLS]f[ARGS]{"a": 1}'
    check(text, "text.mistral", None, None, [Invalid("f", truncated=True, raw=text)], finish_reason="length")
