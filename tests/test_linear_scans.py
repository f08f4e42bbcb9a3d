"""Scans of model output rewritten without backtracking (issue #16, item 2) give what
the patterns they replace gave. The old patterns stay here as the reference, on short
inputs where their backtracking is harmless; ``benchmarks/bench_scaling.py`` shows the
new scans at n and 4n (they were quadratic: seconds at the sizes it uses)."""

from __future__ import annotations

import re
from typing import List

from hypothesis import example, given
from hypothesis import strategies as st

from toolwire._json_extract import _fences
from toolwire._think import take_closed_blocks
from toolwire.text.deepseek import _ATTR
from toolwire.text.llama_calls import CALLISH

OLD_THINK = re.compile(r"<(think|thinking|reasoning)>(.*?)</\1>\s*", re.S)
OLD_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n(.*?)(?:```|\Z)", re.S)
OLD_CALLISH = re.compile(r"\s*\[?\s*[A-Za-z_][\w.]*\s*\(")

pieces = st.lists(
    st.sampled_from(["<think>", "</think>", "<thinking>", "</thinking>", "<reasoning>", "</reasoning>",
                     "<", ">", "a", " ", "\n", "```", "json", "py", "x=\"1\"", "=", "\"", "(", "[", "_", "."]),
    max_size=14,
).map("".join)


@given(pieces)
@example("a <think>x</think> b <reasoning>y</reasoning>  c <think>open")
@example("<think><thinking>q</thinking></think>")
def test_think_blocks_match_the_old_pattern(text: str) -> None:
    old: List[str] = []

    def take(m: re.Match) -> str:  # type: ignore[type-arg]
        old.append(m.group(2).strip())
        return ""

    expected = OLD_THINK.sub(take, text)
    found: List[str] = []
    got = take_closed_blocks(text, found)
    assert found == old
    # the same blocks go; the blanks and line breaks around them follow the layout rules
    # (a block takes its own line, not every blank after it: tests/test_response_think_layout.py)
    assert "".join(got.split()) == "".join(expected.split())


def _line_start_runs(text: str) -> bool:
    """Whether every run of backticks is three long and opens its line, no tilde run and
    no ``json`` after one closing a fence: where ``_fences`` reads as the old pattern
    (it reads a run mid-line, a value holding one, quotes and tildes apart: hunt
    huntGriptape f2, tests/schema/test_json_extraction_fences.py)."""
    at = text.find("`")
    while at >= 0:
        if not text.startswith("```", at) or text.startswith("````", at) or at > 0 and text[at - 1] != "\n":
            return False
        at = text.find("`", at + 3)
    return "~~~" not in text and "```json" not in text and "``` json" not in text


@given(pieces.map(lambda t: t.replace("```", "\n```")))
@example("x\n```json\n{\"a\":1}\n```\ny\n```\n[2]\n```")
@example("``` py stuff\nbody")
def test_fences_match_the_old_pattern(text: str) -> None:
    expected = [(m.group(1).lower(), m.start(2), m.end(2)) for m in OLD_FENCE.finditer(text)]
    got = _fences(text)
    if _line_start_runs(text):
        assert got == expected
    # bodies in order, disjoint, inside the text
    assert all(0 <= a <= b <= len(text) for _, a, b in got)
    assert all(got[k][2] <= got[k + 1][1] for k in range(len(got) - 1))


@given(pieces)
@example("  [ get_weather (")
def test_callish_matches_the_old_pattern(text: str) -> None:
    assert bool(CALLISH.match(text)) == bool(OLD_CALLISH.match(text))


@given(pieces)
@example('name="get" string="true"')
def test_dsml_attributes_are_whole_words(text: str) -> None:
    found = _ATTR.findall(text)
    assert found == re.findall(r'(?<!\w)(\w+)\s*=\s*"([^"]*)"', text)
    # the old pattern found the same pairs: a match never starts inside a word
    assert found == re.findall(r'(\w+)\s*=\s*"([^"]*)"', text)


# --- nesting deeper than the parser reads is an answer, not a RecursionError (#16 item 6)


def test_deep_brackets_in_a_reply_are_no_json_and_do_not_escape() -> None:
    import pytest

    import toolwire
    from toolwire.response import normalize
    from toolwire.retry import classify, prepare

    state = prepare({"model": "m", "messages": [{"role": "user", "content": "?"}]},
                    {"type": "object", "properties": {"a": {"type": "integer"}}}, "openai.chat", mode="native").state

    def reply(text: str) -> dict:
        return {"choices": [{"message": {"role": "assistant", "content": text}, "finish_reason": "stop"}]}

    assert classify(reply("[" * 3000), state).kind == "invalid"
    assert classify(reply("[ " * 3000), state).kind == "invalid"
    # a later answer is still found; one inside the unclosed list is a piece of it (as
    # when the list is 10 deep and the decoder reads it: the same answer at any depth)
    for deep in (10, 3000):
        assert classify(reply("x " + "[" * deep + ' {"a": 1}'), state).kind == "invalid"
        found = classify(reply("x " + "[" * deep + ' 1 oops {"a": 1}'), state)
        assert (found.kind, found.value) == ("ok", {"a": 1})
    with pytest.raises(toolwire.DecodeError, match="nested too deeply to read"):
        normalize("[" * 100_000)
