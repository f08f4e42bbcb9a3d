"""A closed think block taken out of a reply's text takes the line it stood on with it,
and nothing more: the next line keeps its indentation (a Markdown indented code block
stays code, https://spec.commonmark.org/0.31.2/#indented-code-blocks) and a blank line
after it still parts two paragraphs. vLLM's and SGLang's reasoning parsers hand the
content after ``</think>`` over untouched; before the fix every blank after the tag went,
so ``"Run this:\\n<think>check</think>\\n    pip install x"`` lost its indentation.
``normalize`` and ``Accumulator.text`` read it alike, in Chat, Mistral and Ollama."""

from __future__ import annotations

import re
from typing import Any, Dict

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from think_replies import INLINE, chat
from toolwire.response import normalize
from toolwire.stream import Accumulator

CASES = [
    # the hunter's reply: the block's line goes, the code line keeps its four spaces
    ("Run this:\n<think>check</think>\n    pip install x\n", "Run this:\n    pip install x", "check"),
    # a blank line after the block's line still parts the paragraphs
    ("Para one.\n<think>x</think>\n\nPara two.", "Para one.\n\nPara two.", "x"),
    ("Para one.\r\n<think>x</think>\r\n\r\n\tcode", "Para one.\r\n\r\n\tcode", "x"),
    # a block standing as a paragraph of its own, a blank line on either side: one blank
    # line stays between the paragraphs around it, as the text had (the hunt: "A\n\n\nB")
    ("A\n\n<think>x</think>\n\nB", "A\n\nB", "x"),
    ("A\r\n\r\n<think>x</think>\r\n\r\nB", "A\r\n\r\nB", "x"),
    ("A\n\n<think>x</think>\n\n    code", "A\n\n    code", "x"),
    ("A\n \t\n  <think>x</think>  \n\t\nB", "A\n \t\nB", "x"),
    ("A\n\n<think>x</think>\n\n<think>y</think>\n\nB", "A\n\nB", "x\ny"),
    ("A\n<think>x</think>\n\n<think>y</think>\n\nB", "A\n\nB", "x\ny"),
    ("A\n\n<think>x</think>\nB", "A\n\nB", "x"),
    ("A\n\n<think>x</think>\n\n\nB", "A\n\n\nB", "x"),  # the longer run of blank lines stays
    ("A\n\n\n<think>x</think>\n\nB", "A\n\n\nB", "x"),
    ("A\n\n\n<think>x</think>\n\n\nB", "A\n\n\nB", "x"),
    ("A\n\nsee <think>x</think>\n\nB", "A\n\nsee \n\nB", "x"),  # inside a line: its break stays
    # the blanks that indent the block's own line go with it: the next line keeps its own
    ("Run this:\n  <think>x</think>\n    pip install x", "Run this:\n    pip install x", "x"),
    ("Run this:\n\t<think>x</think> <think>y</think>\n    pip install x", "Run this:\n    pip install x", "x\ny"),
    # a block that opens an indented line with text after it on that line is not alone:
    # the line keeps its indentation (the review of the fix above: "return 1" lost it)
    ("def f():\n    <think>hmm</think>return 1", "def f():\n    return 1", "hmm"),
    ("Example:\n\n    <think>x</think>print(1)\n", "Example:\n\n    print(1)", "x"),
    ("- a\n  <think>x</think>b", "- a\n  b", "x"),
    ("A\n  <think>x</think> <think>y</think>  b", "A\n  b", "x\ny"),
    ("A\r\n\t<think>x</think><think>y</think>return 1", "A\r\n\treturn 1", "x\ny"),
    # a leading block: the answer starts at its first line, which keeps its indentation
    ("<think>x</think>\n\nAnswer", "Answer", "x"),
    ("<think>x</think>\n    indented = 1\n", "    indented = 1", "x"),
    ("<think>a</think>\n<think>b</think>\nAnswer", "Answer", "a\nb"),
    # a block inside a line: the blanks after it go, its line break stays
    ("pre <think>a</think> mid", "pre mid", "a"),
    ("See <think>a</think>\n    code", "See \n    code", "a"),
    # a template's block (<think> in the prompt): the text after the closing tag's line
    ("plan\n</think>\n\n    code", "    code", "plan"),
    # ... and the blanks after a closing tag that ends reasoning mid-line (the review: the
    # answer kept them, " Answer")
    ("r</think> Answer", "Answer", "r"),
    ("r</think>\tAnswer", "Answer", "r"),
    ("r</think>  \n    code", "    code", "r"),
]


@pytest.mark.parametrize(("text", "kept", "reasoning"), CASES)
@pytest.mark.parametrize("dialect", sorted(INLINE))
def test_the_blocks_line_goes_and_the_next_keeps_its_indentation(dialect: str, text: str, kept: str,
                                                                 reasoning: str) -> None:
    r = normalize(INLINE[dialect](text), provider=dialect)
    assert (r.text, r.reasoning, r.think_stripped) == (kept, reasoning, True)


def _chunk(content: str, finish: Any = None) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "qwen3",
            "choices": [{"index": 0, "delta": {"content": content}, "finish_reason": finish}]}


@pytest.mark.parametrize(("text", "kept", "reasoning"), CASES)
def test_a_stream_reads_it_as_the_whole_reply(text: str, kept: str, reasoning: str) -> None:
    acc = Accumulator("openai.chat")
    for i in range(0, len(text), 3):  # the tags and the line breaks cut across deltas
        acc.feed(_chunk(text[i:i + 3]))
    acc.feed(_chunk("", "stop"))
    acc.close()
    assert acc.text == kept


def _longest_blank_run(text: str) -> int:
    lines = re.split(r"\r\n|\r|\n", text)[1:-1]  # the lines between two breaks
    best = run = 0
    for line in lines:
        run = run + 1 if not line.strip(" \t") else 0
        best = max(best, run)
    return best


LAYOUT = st.lists(st.sampled_from(["<think>x</think>", "<think>y</think>", "\n", "\r\n", "\r", " ", "\t", "A",
                                   "    B"]), max_size=16).map("".join)


@given(LAYOUT)
@example("A\n\n<think>x</think>\n\nB")
@example("A\n\n\n<think>x</think>\n\n\nA")
def test_taking_blocks_out_makes_no_longer_run_of_blank_lines(text: str) -> None:
    got = normalize(chat(text), provider="openai.chat").text
    assert _longest_blank_run(got) <= _longest_blank_run(text)


_INDENT = st.sampled_from(["", " ", "  ", "\t", "    "])
_ITEM = st.sampled_from(["<think>x</think>", "<think>y</think>", " ", "\t", "w"])
_LINES = st.lists(st.tuples(_INDENT, st.lists(_ITEM, max_size=5), st.sampled_from(["\n", "\r\n", "\r"])),
                  min_size=1, max_size=8)


@given(_LINES)
@example([("", ["w"], "\n"), ("    ", ["<think>x</think>", "w"], "\n")])
@example([("", ["w"], "\n"), ("  ", ["<think>x</think>", " ", "<think>y</think>", "w"], "\n")])
def test_every_line_left_keeps_the_indentation_it_had(lines: Any) -> None:
    # each line's words name it ("w" becomes w<line>): a line left with a word of line n
    # starts with the blanks line n started with, whatever blocks stood on it
    had = [indent + "".join(f"w{n}" if i == "w" else i for i in items) for n, (indent, items, _) in
           enumerate(lines)]
    text = "".join(line + brk for line, (_, _, brk) in zip(had, lines))
    got = normalize(chat(text), provider="openai.chat").text
    for line in re.split(r"\r\n|\r|\n", got):
        word = re.search(r"w(\d+)", line)
        if word is not None:
            before = had[int(word.group(1))]
            assert _indentation(line) == _indentation(before), (text, got)


def _indentation(line: str) -> str:
    return line[:len(line) - len(line.lstrip(" \t"))]
