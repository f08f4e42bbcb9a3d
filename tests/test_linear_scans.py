"""Scans of model output rewritten without backtracking (issue #16, item 2) give what
the patterns they replace gave. The old patterns stay here as the reference, on short
inputs where their backtracking is harmless (the fence pattern, which was wrong, gave way
to a line-by-line reading of CommonMark's rule); ``benchmarks/bench_scaling.py`` shows the
new scans at n and 4n (they were quadratic: seconds at the sizes it uses)."""

from __future__ import annotations

import re
from typing import List, Tuple

from hypothesis import example, given
from hypothesis import strategies as st

from toolwire._markdown_code import code_regions, fenced_blocks
from toolwire._think import take_closed_blocks
from toolwire.text.deepseek import _ATTR
from toolwire.text.llama_calls import CALLISH

OLD_THINK = re.compile(r"<(think|thinking|reasoning)>(.*?)</\1>\s*", re.S)


def fences_by_lines(text: str) -> List[Tuple[str, int, int]]:
    """CommonMark's fenced blocks (0.31.2 §4.5), line by line: the reference for
    ``fenced_blocks`` (the pattern ``_json_extract`` once read fences by closed one at
    three backticks anywhere, inside a JSON string too: hunt huntGriptape f2)."""
    out: List[Tuple[str, int, int]] = []
    fence, at, lang, body = "", 0, "", 0
    for line in re.split(r"(?<=\n)", text):  # (a line ends at "\n", as ``_markdown_code`` reads lines)
        head = line.lstrip(" \t").rstrip("\n")
        run = len(head) - len(head.lstrip(head[:1])) if head[:1] in ("`", "~") else 0
        if fence and head[:1] == fence[0] and run >= len(fence) and not head[run:].strip():
            out.append((lang, body, at))
            fence = ""
        elif not fence and run >= 3 and not (head[0] == "`" and "`" in head[run:]):
            fence, words = head[:run], head[run:].split()
            lang, body = words[0].lower() if words else "", min(at + len(line), len(text))
        at += len(line)
    if fence:
        out.append((lang, body, len(text)))
    return out


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


fence_pieces = st.lists(st.sampled_from(["```", "`", "~~~", "~", "````", "\n", " ", "   ", "\t", "json", "x",
                                          "{\"a\": \"```\"}", "\r"]), max_size=16).map("".join)


@given(fence_pieces)
@example("x ```json\n{\"a\":1}\n``` y ```\n[2]\n```")
@example("``` py stuff\nbody")
@example("~~~~ x\n```\n~~~\n  ~~~~~ \nafter")
def test_fences_are_read_line_by_line(text: str) -> None:
    blocks = fenced_blocks(text)
    assert blocks == fences_by_lines(text)
    # each block is code where ``_think`` reads code (``code_regions``: the same fence lines)
    regions = code_regions(text)
    assert all(any(a <= start and end <= b for a, b in regions) for _, start, end in blocks if start < end)


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
