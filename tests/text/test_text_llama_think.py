"""text.llama: ``<think>…</think>`` at the start of the output is reasoning, and a call
at the start of what follows is a call.

llama.cpp's Llama 3.x parser (``common_chat_parse_llama_3_1``, formats LLAMA_3_X and
LLAMA_3_X_WITH_BUILTIN_TOOLS) first runs ``try_parse_reasoning("<think>", "</think>")``:
after leading whitespace, blocks that open with ``<think>`` are reasoning (stripped; one
block after another), a block that never closes takes the rest of the output, and only
then does it read the JSON call at the start of what is left (or ``<|python_tag|>``).
vLLM's ``llama3_json`` and ``llama4_pythonic`` tool parsers see only what the server's
reasoning parser left (``--reasoning-parser``): the answer after ``</think>``.
The texts below are those parsers' test shapes: llama.cpp's reasoning text
(``<think>I'm\\nthinking</think>``) and its Llama 3.x call, the Llama 3.1 prompt
format's JSON call, Llama 4's pythonic list. They all came back as content.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from textcheck import C, Invalid, check, stream

from toolwire.text._api import TextParser, decode_text
from toolwire.text.llama import JSON_AFTER_PROSE

D = "text.llama"
CALL = '{"name": "special_function", "parameters": {"arg1": 1}}'  # llama.cpp test-chat, Llama 3.x
SPECIAL = C("special_function", {"arg1": 1})
WEATHER = C("get_weather", {"city": "Paris"})


def test_reasoning_then_a_json_call() -> None:
    check("<think>I'm\nthinking</think>" + CALL, D, None, "I'm\nthinking", [SPECIAL])
    text = '<think>\nThe user wants the weather.\n</think>\n\n{"name": "get_weather", "parameters": {"city": "Paris"}}'
    check(text, D, None, "The user wants the weather.", [WEATHER])
    check("\n  <think>r</think>" + CALL + "; " + CALL, D, None, "r", [SPECIAL, SPECIAL])


def test_reasoning_then_the_other_call_forms() -> None:
    check("<think>r</think>\n[get_weather(city='Paris')]", D, None, "r", [WEATHER])  # Llama 4 pythonic
    check('<think>r</think><|python_tag|>brave_search.call(query="weather")<|eom_id|>', D, None, "r",
          [C("brave_search", {"query": "weather"})])
    check("<think>r</think>" + '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}',
          D, None, "r", [WEATHER], finish_reason="tool_calls")


def test_reasoning_then_an_answer() -> None:
    check("<think>r</think>\n\nIt is sunny in Paris.", D, "It is sunny in Paris.", "r", [])
    check('<think>r</think>{"answer": 42}', D, '{"answer": 42}', "r", [])  # JSON that is no call stays content


def test_an_empty_block_leaves_no_reasoning() -> None:
    check("<think>\n\n</think>\n\n" + CALL, D, None, None, [SPECIAL])


def test_one_block_after_another() -> None:
    check("<think>a</think>\n<think>b</think>\n" + CALL, D, None, "a\nb", [SPECIAL])


def test_calls_written_while_thinking_are_reasoning() -> None:
    inner = 'I could send {"name": "f", "parameters": {}} or <|python_tag|>x.call(q="y")'
    check(f"<think>{inner}</think>Answer.", D, "Answer.", inner, [])


def test_a_block_that_never_closes_is_all_reasoning() -> None:
    text = "<think>still thinking " + CALL
    check(text, D, None, text[len("<think>") :], [])


def test_a_block_that_does_not_open_the_output_is_content() -> None:
    check("Hello <think>x</think>", D, "Hello <think>x</think>", None, [])
    check(CALL + "\n<think>x</think>", D, "<think>x</think>", None, [SPECIAL])
    # <|python_end|> between two texts: a newline (the rule of every family; glued before hunt 37)
    check("<|python_start|>Let me look.<|python_end|><think>x</think>", D, "Let me look.\n<think>x</think>", None, [])
    check("<thi", D, "<thi", None, [])
    check("<thinking>x</thinking>" + CALL, D, "<thinking>x</thinking>" + CALL, None, [])


def test_a_call_cut_off_after_reasoning_is_truncated() -> None:
    text = '<think>r</think>{"name": "get_weather", "parameters": {"city": "Par'
    check(text, D, None, "r", [Invalid("get_weather", truncated=True, raw=text[len("<think>r</think>") :])])


def test_thinking_opened_by_the_prompt() -> None:
    check("plan</think>" + CALL, D, None, "plan", [SPECIAL], thinking=True)


def test_json_after_prose_reads_reasoning_too() -> None:
    check("<think>r</think>Let me check. " + CALL, JSON_AFTER_PROSE, "Let me check.", "r", [SPECIAL])  # type: ignore[arg-type]
    check("<think>r</think>" + CALL, JSON_AFTER_PROSE, None, "r", [SPECIAL])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        "<think>I'm\nthinking</think>" + CALL,
        " <think>a</think> <think>b</think>\n[get_weather(city='Paris')]",
        "<think>r</think><|python_tag|>brave_search.call(query=\"w\")<|eom_id|>",
    ],
)
def test_every_split_point_reads_as_the_whole(text: str) -> None:
    whole = decode_text(text, D)
    assert whole.reasoning and whole.tool_calls
    for i in range(1, len(text)):
        assert stream(text, D, [text[:i], text[i:]]) == whole, i


def _work(text: str, piece: int) -> int:
    """Python lines run to feed *text* in *piece*-character deltas and close."""
    count = 0

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return tracer

    p = TextParser(D)
    sys.settrace(tracer)
    try:
        for i in range(0, len(text), piece):
            p.feed(text[i : i + piece])
        p.close()
    finally:
        sys.settrace(None)
    return count


@pytest.mark.parametrize("unit", ["thinking about it. ", "<think>< / think> ", "</think"])
def test_reasoning_is_read_once(unit: str) -> None:
    # the reasoning fed a few characters at a time: the work at 4n is about 4 times that at n
    def text(n: int) -> str:
        return "<think>" + unit * n + "</think>" + CALL

    small, big = _work(text(100), 3), _work(text(400), 3)
    assert big < 4.5 * small, (small, big)
