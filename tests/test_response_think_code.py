"""A think tag inside markdown code (a code span or a fenced code block, as CommonMark
reads them: https://spec.commonmark.org/0.31.2/#code-spans, #fenced-code-blocks) is the
answer's own text, like a tag inside a JSON value: ``normalize`` leaves it in ``text``,
in every dialect that reads inline think blocks. Before the fix a reply about
reasoning-model output was cut: everything before a `` `</think>` `` went to
``reasoning`` (newsdk NS2). Blocks outside code still move, and code inside a block
stays in the block."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire.response import normalize


def chat(text: str, **message: Any) -> Dict[str, Any]:
    return {"object": "chat.completion", "model": "qwen3", "choices": [
        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text, **message}}]}


KEPT = [
    "To parse Qwen3 output, split on `</think>`: the part after it is the answer.",
    "Here is the parser:\n```python\nanswer = out.split('</think>')[-1]\n```\nThat is all.",
    "Wrap notes like `<thinking>draft</thinking>` and the model will keep them apart.",
    "```xml\n<reasoning>\n  <step>1</step>\n</reasoning>\n```\nThis is the schema you asked for.",
    "Use ``<think>`` and `` </think> `` (double backticks hold a ` too).",
    "~~~~\n<think>x</think>\n~~~\na shorter run closes no fence",
    "  ```html\n  <think>x</think>\n  ```\nIndented fences are code too.",
    "```\n<think>a fence never closed runs to the end of the text",
    "`<think>` opens the block and `</think>` closes it.",
]


@pytest.mark.parametrize("text", KEPT)
def test_tags_in_code_are_the_answer_s_own(text: str) -> None:
    r = normalize(chat(text))
    assert (r.text, r.reasoning, r.think_stripped) == (text, "", False)


def test_a_longer_run_of_the_same_character_closes_a_fence() -> None:
    r = normalize(chat("~~~\n</think>\n~~~~\n<think>x</think> after the fence"))
    assert (r.text, r.reasoning) == ("~~~\n</think>\n~~~~\nafter the fence", "x")


@pytest.mark.parametrize(("text", "kept", "reasoning"), [
    # a block outside code, code inside the block
    ("<think>I could split on `</think>` here</think>\nThe answer uses `x`.", "The answer uses `x`.",
     "I could split on `</think>` here"),
    ("<think>\nDraft:\n```\n<think>x</think>\n```\n</think>\n\nDone.", "Done.", "Draft:\n```\n<think>x</think>\n```"),
    # a fence the reasoning's draft left open ends where its block does (at a line that
    # opens with the closing tag): the answer's own fences are read apart
    ("<think>\nDraft:\n```python\ndef f(\n</think>\n\nThe code:\n```python\ndef f(): pass\n```",
     "The code:\n```python\ndef f(): pass\n```", "Draft:\n```python\ndef f("),
    # a template's block (``<think>`` in the prompt): the first closing tag outside code
    ("Split on `</think>` in the parser.\n</think>\n\nThe answer.", "The answer.", "Split on `</think>` in the parser."),
    # a stray backtick in the reasoning makes no code span up to the answer's
    ("<think>\nodd ` tick\n</think>\nThe answer uses `x`.", "The answer uses `x`.", "odd ` tick"),
    ("odd ` tick</think>\nThe answer uses `x`.", "The answer uses `x`.", "odd ` tick"),
    ("<think>odd ` tick\n\nmore</think>\n\nThe answer uses `x`.", "The answer uses `x`.", "odd ` tick\n\nmore"),
    # an unmatched backtick is a literal one: no code
    ("Use ` then <think>x</think> y", "Use ` then y", "x"),
    # a backtick string is closed by one of the same length only
    ("``a`</think>`` then <think>t</think> done", "``a`</think>`` then done", "t"),
])
def test_blocks_outside_code_still_move(text: str, kept: str, reasoning: str) -> None:
    r = normalize(chat(text))
    assert (r.text, r.reasoning, r.think_stripped) == (kept, reasoning, True)


def test_code_in_a_json_answer_and_a_block_before_it() -> None:
    text = '<think>plan</think>\n```json\n{"prompt": "<think>x</think>"}\n```'
    r = normalize(chat(text))
    assert (r.text, r.reasoning) == ('```json\n{"prompt": "<think>x</think>"}\n```', "plan")


@pytest.mark.parametrize(("text", "kept", "reasoning"), [
    # review hunt RV1: the answer after ``</think>`` on the same line, a stray backtick in the
    # reasoning (the span it would open ends at the block's closing tag)
    ("<think>The user typed a stray ` char</think>Use `ls -la` to list files.", "Use `ls -la` to list files.",
     "The user typed a stray ` char"),
    # RV1: a fence the reasoning left open, its closing tag at the end of a line
    ("<think>\nDraft:\n```python\nprint(1)\nok, done.</think>\n\nRun `python x.py`.", "Run `python x.py`.",
     "Draft:\n```python\nprint(1)\nok, done."),
    # RV2: a template's block (``<think>`` in the prompt): a fence or a span the reasoning left
    # open ends at its closing tag
    ("The user wants JSON. Draft:\n```json\n{\"a\": 1\n</think>\n\nHere it is: `{\"a\": 1}`",
     "Here it is: `{\"a\": 1}`", "The user wants JSON. Draft:\n```json\n{\"a\": 1"),
    ("Let me think about `grep</think>Use `grep -r foo .`", "Use `grep -r foo .`", "Let me think about `grep"),
])
def test_code_the_reasoning_left_open_ends_at_its_closing_tag(text: str, kept: str, reasoning: str) -> None:
    r = normalize(chat(text))
    assert (r.text, r.reasoning, r.think_stripped) == (kept, reasoning, True)
