"""Reading think blocks and markdown code is linear in the text: on hostile texts of n and
4n pieces (backtick runs of every length that nothing closes, code spans that hide
closing tags, openers never closed, tag lines) the characters read by ``find`` /
``startswith`` / indexing stay a few times the text's length, at n as at 4n. Work is
counted, never timed (as ``tests/schema/test_json_extraction.py`` counts its scan)."""

from __future__ import annotations

from typing import Any, Callable, List

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from toolwire._markdown_code import code_regions
from toolwire._think import _TAGS, KeptSpans, _first_close, split_think, take_closed_blocks


class _Counted(str):
    """A str that counts the characters its ``find``, ``startswith`` and indexing read."""

    read = 0

    def find(self, sub: Any, start: Any = None, end: Any = None) -> int:  # type: ignore[override]
        lo = 0 if start is None else start
        hi = len(self) if end is None else min(end, len(self))
        at = str.find(self, sub, lo, hi)
        _Counted.read += (at + len(sub) if at >= 0 else hi) - lo
        return at

    def startswith(self, prefix: Any, *args: Any) -> bool:  # type: ignore[override]
        _Counted.read += len(prefix) if isinstance(prefix, str) else 1
        return str.startswith(self, prefix, *args)

    def __getitem__(self, key: Any) -> str:  # type: ignore[override]
        got = str.__getitem__(self, key)
        _Counted.read += max(len(got), 1)
        return got


def _runs(n: int) -> str:  # backtick runs of every length, none closed (about n characters)
    out, size = [], 1
    while sum(map(len, out)) < n:
        out.append("`" * size + " x ")
        size += 1
    return "".join(out)


HOSTILE: List[Callable[[int], str]] = [
    _runs,
    lambda n: "<think>`</think>` " * (n // 18) + "</think> done",  # every close but the last is code
    lambda n: "<think> `a` <thinking> ``b`` <reasoning> " * (n // 40),  # openers never closed
    lambda n: "<think>\nodd ` tick\n</think>\nthe answer `x`\n" * (n // 40),  # tag lines bound paragraphs
    lambda n: "```\n</think>\n```\n~~~~\n<think>\n~~~~\n" * (n // 40),  # fences holding tags
    lambda n: "`<think>` </x </think " * (n // 20) + "</think>",  # near-tags before the one close
    lambda n: "<think>\n```\nx `y\n</think>\n" * (n // 22),  # fences a block opened, closed with it
    # blocks alone on their lines and inside lines, blanks and line breaks after each (``_after``)
    lambda n: "  <think>a</think> \t \r\n\n    x <think>b</think>   \n" * (n // 48),
    # blocks between runs of blank lines: those above are counted back, as many below taken, once
    lambda n: ("\n \t\r\n" * 8 + "<think>a</think>\n" + "\n" * 12) * (n // 60),
    # a template's block (no opening tag) whose fence never closes: read again after its tag, once
    lambda n: "draft\n```\n" + "a `b\n</think>\nc ``d\n" * (n // 20),
]


@pytest.mark.parametrize("make", HOSTILE, ids=range(len(HOSTILE)))
def test_reading_the_text_is_linear(make: Callable[[int], str]) -> None:
    ratios = []
    for n in (4_000, 16_000):
        text = _Counted(make(n))
        _Counted.read = 0
        code_regions(text, _TAGS)
        kept = KeptSpans(text)
        take_closed_blocks(text, [], kept)
        _first_close(text, kept)
        split_think(text, "")
        ratios.append(_Counted.read / len(text))
    assert max(ratios) < 40, ratios  # each function reads the text a few times (startswith per tag name)
    assert ratios[1] < ratios[0] * 1.5 + 0.5, ratios  # 4n pieces: about 4x the reads, never 16x


def test_the_lone_close_rule_reads_past_code_once() -> None:
    """The template rule finds the first closing tag outside code: a search from each
    tag in code goes on past its span."""
    for n in (1_000, 4_000):
        text = "Split on `</think>` here. " * n + "</think>\n\nThe answer."
        got, reasoning, stripped = split_think(text, "")
        assert (got, stripped) == ("The answer.", True) and reasoning.endswith("here.")


PIECES = st.lists(st.sampled_from(["<think>", "</think>", "<reasoning>", "</reasoning>", "`", "``", "```", "~~~",
                                   "\n", " ", "  ", "x", "{\"a\": \"", "\"}", "\r"]), max_size=24).map("".join)


@given(PIECES)
@example("<think>\n```\n</think>\n```\n</think>")
@example("```\n~~~\n```")
def test_code_regions_are_sorted_disjoint_spans_and_split_think_keeps_what_it_leaves(text: str) -> None:
    spans = code_regions(text, _TAGS)
    assert all(0 <= a < b <= len(text) for a, b in spans)
    assert all(b1 <= a2 for (_, b1), (a2, _) in zip(spans, spans[1:]))
    got, reasoning, stripped = split_think(text, "")
    assert stripped or (got, reasoning) == (text, "")
