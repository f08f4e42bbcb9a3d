"""Fenced code blocks in a reply's text are read as CommonMark reads them (0.31.2 §4.5,
https://spec.commonmark.org/0.31.2/#fenced-code-blocks): a fence opens a line (after its
indentation) with three or more backticks (no backtick after them on the line) or
tildes, and closes at a line of the same character, at least as many, and blanks only;
one never closed runs to the end of the text. Three backticks anywhere else (inside a
JSON string, in prose) neither open nor close one (hunt huntGriptape, f2 A-E)."""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import pytest

from toolwire._json_extract import candidates, open_json
from toolwire._markdown_code import fenced_blocks
from toolwire.retry import classify, prepare

SCHEMA = {"type": "object", "properties": {"title": {"type": "string"}, "body": {"type": "string"}},
          "required": ["title", "body"], "additionalProperties": False}


def _classify(text: str) -> Any:
    prep = prepare({"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "x"}]}, SCHEMA,
                   "openai.chat", mode="prompt")
    reply = {"id": "x", "object": "chat.completion", "created": 1, "model": "m",
             "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}]}
    return classify(reply, prep.state)


USAGE = {"title": "Usage", "body": "Run ```pip install x``` first"}


@pytest.mark.parametrize("text, value", [
    # A: the final answer's string holds three backticks: the fence does not end there, so the
    # earlier draft is not the last fenced block
    ('Draft:\n```json\n{"title": "draft", "body": "todo"}\n```\n\nFinal answer:\n```json\n'
     '{"title": "Usage", "body": "Run ```pip install x``` first"}\n```\n', USAGE),
    # B: one fenced answer holding them, then an example in prose: fenced blocks come first
    ('```json\n{"title": "Usage", "body": "Run ```pip install x``` first"}\n```\n'
     'A minimal one would be {"title": "t", "body": "b"}.', USAGE),
    # C: a tilde fence is a fence (§4.5: backticks or tildes)
    ('Draft:\n```json\n{"title": "draft", "body": "x"}\n```\nFinal:\n~~~json\n{"title": "final", "body": "y"}\n~~~\n',
     {"title": "final", "body": "y"}),
    # E: three backticks in the middle of a line of prose open no fence
    ('```json\n{"title": "draft", "body": "x"}\n```\nNote: wrap code in ``` fences. Final:\n```json\n'
     '{"title": "final", "body": "y"}\n```', {"title": "final", "body": "y"}),
])
def test_the_last_fenced_answer_is_taken(text: str, value: Dict[str, str]) -> None:
    out = _classify(text)
    assert (out.kind, out.value, out.source) == ("ok", value, "content")


@pytest.mark.parametrize("text, blocks", [
    # CommonMark 0.31.2 §4.5's examples (checked against markdown-it-py 4.3.0's commonmark mode):
    # backticks or tildes; two backticks are a code span, no fence
    ("```\n<\n >\n```\n", [("", "<\n >\n")]),
    ("``\nfoo\n``\n", []),
    ("~~~\n<\n >\n~~~\n", [("", "<\n >\n")]),
    # a backtick fence is not closed by tildes (and the reverse)
    ("```\naaa\n~~~\n```\n", [("", "aaa\n~~~\n")]),
    ("~~~\naaa\n```\n~~~\n", [("", "aaa\n```\n")]),
    # the closing fence at least as long as the opening one
    ("````\naaa\n```\n``````\n", [("", "aaa\n```\n")]),
    # never closed, to the end of the document
    ("```\n", [("", "")]),
    ("`````\n\n```\naaa\n", [("", "\n```\naaa\n")]),
    # spaces before the closing fence; a closing fence holds nothing else
    ("```\naaa\n  ```\n", [("", "aaa\n")]),
    ("```\naaa\n``` aaa\n", [("", "aaa\n``` aaa\n")]),
    # backticks in a backtick fence's info string: no fence (a code span); a tilde fence's may hold them
    ("``` ```\naaa\n", []),
    ("~~~ aa ``` ~~~\nfoo\n~~~\n", [("aa", "foo\n")]),
    # the info string's first word is the language
    ("```ruby\ndef foo(x)\n```\n", [("ruby", "def foo(x)\n")]),
    ("~~~~    ruby startline=3 $%@#$\ndef foo(x)\n~~~~~~~\n", [("ruby", "def foo(x)\n")]),
    # a fence interrupts a paragraph; three backticks inside a line are none
    ("foo\n```\nbar\n```\nbaz\n", [("", "bar\n")]),
    ('say ```json {"a": 1}``` here\n', []),
    ("```JSON\r\n[1]\r\n```\r\n", [("json", "[1]\r\n")]),
])
def test_fenced_blocks_follow_commonmark(text: str, blocks: List[Tuple[str, str]]) -> None:
    assert [(lang, text[a:b]) for lang, a, b in fenced_blocks(text)] == blocks


@pytest.mark.parametrize("text", [
    # the closing run right after the value (CommonMark runs the fence on to the end of the text)
    'Draft:\n```json\n{"title": "draft", "body": "x"}\n```\nFinal:\n```json\n{"title": "final", "body": "y"}```',
    '```json\n{"title": "final", "body": "y"}```\nFor example {"title": "t", "body": "b"}.',
    # ...or opening the next line with text after it (CommonMark: no closing line)
    '```json\n{"title": "final", "body": "y"}\n``` e.g. {"title": "t", "body": "b"}',
])
def test_a_json_fence_closed_right_after_its_value_ends_there(text: str) -> None:
    """``_json_fences``: JSON holds no backtick outside its strings, so a run of the
    fence's backticks right after the value closes the value's fence, as the old reading
    (three backticks anywhere) had it; CommonMark alone would take the draft or the example."""
    out = _classify(text)
    assert (out.kind, out.value) == ("ok", {"title": "final", "body": "y"})
    assert [c.how for c in candidates(text) if c.value == out.value][0] == "fence"


@pytest.mark.parametrize("text, value", [
    # a line of prose ending in the fence and a JSON language, or in a fence alone, opens one
    ('Draft: ```json\n{"title": "draft", "body": "x"}\n```\nFinal: ```json\n{"title": "final", "body": "y"}\n```',
     {"title": "final", "body": "y"}),
    ('Here: ```\n{"title": "final", "body": "y"}\n```\nthen {"title": "t", "body": "b"}', {"title": "final", "body": "y"}),
    # ...not where the line's run ends a code span (``Use ```x``` ``): the next lines are prose
    ('Use ```x```\n{"title": "draft", "body": "x"}\n```json\n{"title": "final", "body": "y"}\n```',
     {"title": "final", "body": "y"}),
])
def test_a_json_fence_opened_at_the_end_of_a_line_of_prose(text: str, value: Dict[str, str]) -> None:
    """``_json_fences``: models open a fence after prose on its line (``Final: ```json``),
    which CommonMark reads as a code span's backticks; the old reading took it as a fence."""
    assert (_classify(text).kind, _classify(text).value) == ("ok", value)


def test_a_fence_line_holding_a_closing_tag_is_no_json_fence() -> None:
    """``</think>`` after the backticks is the fence's info string: its language, not JSON."""
    text = '```</think>\n{"title": "final", "body": "y"}'
    assert [c.how for c in candidates(text)] == ["scan"]


def test_a_fence_whose_closing_line_may_still_grow_is_open() -> None:
    """In a stream, text after a last line of backticks may make it no closing line
    (```` ``` ```` then ``x``): the block is still open for ``open_json``."""
    assert open_json('~~~json\n{"a": "<', 12)
    assert open_json('```json\n{"a": 1}\n```', 9)
    assert not open_json('```json\n{"a": 1}\n```\n', 9)


@pytest.mark.parametrize("lead", ["<think>", ""])  # a block the text opens, or the chat template did
def test_a_fence_line_ending_in_the_closing_tag_ends_the_block(lead: str) -> None:
    """D: ```` ```</think> ```` opens a fence inside the think block (§4.5 reads the tag as
    its info string), and a fence opened in a think block ends at a line that ends with
    the block's closing tag: its own line too. The block ends there, and the answer is the
    text after it, not the draft in the reasoning (the old reading kept the block open:
    no text, and the draft taken from the reasoning)."""
    out = _classify(lead + 'try ```json\n{"title": "thought", "body": "x"}\n```</think>\n{"title": "final", "body": "y"}')
    assert (out.kind, out.value, out.source) == ("ok", {"title": "final", "body": "y"}, "content")
    assert out.response.reasoning == 'try ```json\n{"title": "thought", "body": "x"}\n```'
