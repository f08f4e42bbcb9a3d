"""text.llama with ``JSON_AFTER_PROSE``: which quotes count (session 40, revT's review of
the quote count, ``llama_quotes``).

RFC 8259 §7: a string runs from a ``"`` to the next one, and a backslash escapes the one
character after it; a JSON value's strings are its own, so the quotes of a value whose
brackets closed open or close no string of the prose around it. The Llama 3.1 prompt
format separates JSON calls with ``;`` (meta-llama/llama-models
``models/llama3_3/prompt_format.md``, "JSON based tool calling"); ``</think>`` ends the
reasoning, after which the content begins.
"""

from __future__ import annotations

import pytest
from textcheck import C, stream

from toolwire.text._api import TextParser, decode_text
from toolwire.text.llama import JSON_AFTER_PROSE

P: object = JSON_AFTER_PROSE
RM = '{"name": "rm", "parameters": {"path": "/tmp/x"}}'
LS = '{"name": "ls", "parameters": {}}'
SEARCH = '{"name": "search", "parameters": {"query": "27\\" monitor"}}'


def _kinds(text: str, **kw: object) -> list[tuple[str, str | None]]:
    r = decode_text(text, JSON_AFTER_PROSE, finish_reason="stop", **kw)  # type: ignore[arg-type]
    for cut in range(1, len(text)):
        s = stream(text, JSON_AFTER_PROSE, [text[:cut], text[cut:]], finish_reason="stop", **kw)  # type: ignore[arg-type]
        assert s == r
    assert stream(text, JSON_AFTER_PROSE, list(text), finish_reason="stop", **kw) == r  # type: ignore[arg-type]
    return [(type(c).__name__, c.name) for c in r.tool_calls]


# revT #1, #2: the quotes of the next call object on the line (or an escaped one in a call's
# argument) were counted as prose's, and a real call after a closed quote was flagged.
@pytest.mark.parametrize("text", [
    'Deleting "/tmp/x" ' + RM + "; " + LS,
    'Deleting "/tmp/x" ' + RM + "; " + LS + "; " + LS,
    "I'll run: " + SEARCH + "; " + LS + ' and summarize the "top" results.',
    "I'll run: " + SEARCH + "; " + LS + ' Then "done".',
])
def test_the_quotes_of_a_call_object_are_its_own(text: str) -> None:
    assert {k for k, _ in _kinds(text)} == {"ToolCall"}


# revT #3: a '"[' or '"{' whose string does not close kept it open over every later line.
@pytest.mark.parametrize("text", [
    'A JSON array begins with "[ and ends with ]. Let me list the files.\n\nI will now call the tool:\n' + RM,
    'Type "{ to open a block.\nOkay.\nCalling it now: ' + RM,
])
def test_quoted_json_goes_on_only_over_lines_that_go_on_as_json(text: str) -> None:
    assert _kinds(text) == [("ToolCall", "rm")]


def test_quoted_json_lines_are_in_the_string() -> None:
    assert _kinds('Examples: "' + LS + "\n" + RM + '"') == [("InvalidToolCall", "ls"), ("InvalidToolCall", "rm")]


# revT #4: the count ran on through the reasoning's end.
def test_the_count_restarts_at_the_end_of_the_reasoning() -> None:
    text = '<think>The user wants a 5" screen</think>Sure: ' + RM + ' for "x"'
    assert _kinds(text, thinking=True) == [("ToolCall", "rm")]
    r = decode_text(text, JSON_AFTER_PROSE, finish_reason="stop", thinking=True)
    assert r.tool_calls == (C("rm", {"path": "/tmp/x"}),)


# revT #5: an entry per quote and line end was kept until a value asked (20 MB for 680 KB).
def test_what_the_count_keeps_does_not_grow_with_the_prose_read() -> None:
    def kept(lines: int) -> int:
        p = TextParser(JSON_AFTER_PROSE)
        for _ in range(lines):
            p.feed('He said "hi" and "bye" then left.\n')
        q = p.state["llama.quotes"]
        return len(q.brackets) + len(q.stops)

    assert kept(2000) == kept(500) < 20


# revT2 #2: the text's first bracket was read as right after a quote (none stood before it)
@pytest.mark.parametrize(("text", "kinds"), [
    ("[1, 2] are the ids; calling " + RM + ' for "Paris".', [("ToolCall", "rm")]),
    ('{"k": "v"} Say "run ' + LS + ' now".', [("InvalidToolCall", "ls")]),
    (RM + ' Say "run ' + LS + ' now".', [("ToolCall", "rm"), ("InvalidToolCall", "ls")]),
])
def test_a_bracket_at_the_start_of_the_text_follows_no_quote(text: str, kinds: list[tuple[str, str]]) -> None:
    assert _kinds(text) == kinds
