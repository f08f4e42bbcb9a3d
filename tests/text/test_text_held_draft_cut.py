"""A call drafted in an unclosed thinking block and cut mid-value, then the block's
closing marker, then the answer and the real call (hunt 39, engine text 2).

The families whose reasoning parser holds a call marker in an unclosed block (``_modes``)
read the draft ahead as the answer; its value then ran on over ``</think>`` into the real
call, and the draft, the answer and the real call were one ``InvalidToolCall`` named by
the draft. vLLM's reasoning parsers split at ``</think>`` whenever it is in the output
(``Qwen3ReasoningParser``: ``partition`` at the end token first): the draft is
reasoning, the real call a call. Wire shapes from the vendors' chat templates (the
families' docstrings); expected values from that split.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from textcheck import C, check, stream

from toolwire import ToolCall, decode_text
from toolwire.text._api import TextParser

D1, D2 = "<｜DSML｜", "</｜DSML｜"
# (dialect, the draft cut in its value, the real call of g(b="y"))
CASES = [
    ("text.qwen3-xml", "<tool_call>\n<function=f>\n<parameter=a>\nhalf written",
     "<tool_call>\n<function=g>\n<parameter=b>\ny\n</parameter>\n</function>\n</tool_call>"),
    ("text.step", "<tool_call>\n<function=f>\n<parameter=a>\nhalf written",
     "<tool_call>\n<function=g>\n<parameter=b>\ny\n</parameter>\n</function>\n</tool_call>"),
    ("text.glm", "<tool_call>f\n<arg_key>a</arg_key>\n<arg_value>half written",
     "<tool_call>g\n<arg_key>b</arg_key>\n<arg_value>y</arg_value>\n</tool_call>"),
    ("text.glm", "<tool_call>f<arg_key>a</arg_key><arg_value>half written",  # GLM-4.7
     "<tool_call>g<arg_key>b</arg_key><arg_value>y</arg_value></tool_call>"),
    ("text.deepseek", f'{D1}tool_calls>\n{D1}invoke name="f">\n{D1}parameter name="a" string="true">half written',
     f'{D1}tool_calls>\n{D1}invoke name="g">\n{D1}parameter name="b" string="true">y{D2}parameter>\n'
     f"{D2}invoke>\n{D2}tool_calls>"),
    ("text.deepseek", f'{D1} calls>\n{D1} invoke name="f">\n{D1} parameter name="a" string="true">half written',
     f'{D1} calls>\n{D1} invoke name="g">\n{D1} parameter name="b" string="true">y{D2} parameter>\n'
     f"{D2} invoke>\n{D2} calls>"),  # V4.1
    ("text.minimax", '<minimax:tool_call>\n<invoke name="f">\n<parameter name="a">half written',
     '<minimax:tool_call>\n<invoke name="g">\n<parameter name="b">y</parameter>\n</invoke>\n</minimax:tool_call>'),
    ("text.kimi", '<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": "half',
     '<|tool_calls_section_begin|><|tool_call_begin|>functions.g:0<|tool_call_argument_begin|>{"b": "y"}'
     "<|tool_call_end|><|tool_calls_section_end|>"),
]
IDS = [f"{d}-{i}" for i, (d, _, _) in enumerate(CASES)]


def _g(dialect: str) -> ToolCall:
    return C("g", {"b": "y"}, "functions.g:0" if dialect == "text.kimi" else None)


@pytest.mark.parametrize(("dialect", "draft", "real"), CASES, ids=IDS)
@pytest.mark.parametrize("finish", [None, "stop", "length"])
def test_a_draft_cut_in_its_value_ends_at_the_closing_marker(dialect: str, draft: str, real: str,
                                                             finish: str | None) -> None:
    check(f"Draft: {draft}\n</think>\n\nOk.\n{real}", dialect, "Ok.", f"Draft: {draft}", [_g(dialect)],
          thinking=True, finish_reason=finish)


def test_the_reported_qwen35_case() -> None:
    text = ("Draft: <tool_call>\n<function=f>\n<parameter=a>\nhalf written\n</think>\n\n"
            "Ok.\n<tool_call>\n<function=g>\n<parameter=b>\ny\n</parameter>\n</function>\n</tool_call>")
    check(text, "text.qwen3-xml", "Ok.", "Draft: <tool_call>\n<function=f>\n<parameter=a>\nhalf written",
          [C("g", {"b": "y"})], prompt="<|im_start|>assistant\n<think>\n", finish_reason="stop")


@pytest.mark.parametrize(("dialect", "draft", "real"), CASES, ids=IDS)
def test_a_whole_call_holding_the_closing_marker_in_a_value_keeps_it(dialect: str, draft: str, real: str) -> None:
    # a value that closes, in a call that reads whole: the marker is the value's text (as before)
    if dialect == "text.kimi":
        return
    whole = real.replace(">y<", ">y </think> z<").replace("\ny\n", "\ny </think> z\n")
    assert whole != real
    r = decode_text(f"Need.\n{whole}", dialect, thinking=True, finish_reason="stop")
    assert [(type(c).__name__, c.name, c.args) for c in r.tool_calls] == [("ToolCall", "g", {"b": "y </think> z"})]


@pytest.mark.parametrize(("dialect", "draft", "real"), CASES, ids=IDS)
def test_every_cut_of_the_draft_keeps_the_real_call(dialect: str, draft: str, real: str) -> None:
    full = draft + ('"}' if dialect == "text.kimi" else "")
    for k in range(1, len(full)):
        text = f"Draft: {full[:k]}\n</think>\n\nOk.\n{real}"
        r = decode_text(text, dialect, thinking=True, finish_reason="stop")
        assert list(r.tool_calls) == [_g(dialect)], (text, r)
        assert r.content == "Ok.", (text, r)
        assert stream(text, dialect, list(text), thinking=True, finish_reason="stop") == r


def _lines(text: str, dialect: str) -> int:
    """Python lines run to decode *text* fed in 7-character deltas (a count, not a time)."""
    lines = 0

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        nonlocal lines
        if event == "line":
            lines += 1
        return tracer

    p = TextParser(dialect)
    sys.settrace(tracer)
    try:
        for i in range(0, len(text), 7):
            p.feed(text[i : i + 7])
        p.close("stop")
    finally:
        sys.settrace(None)
    return lines


# each block holds a draft cut in its value (the region is probed once, then cut at the
# closing marker), or a whole call with the closing marker in its value (probed, kept)
LINEAR = [
    ("text.qwen3-xml", "<think>d " + CASES[0][1] + "</think>Ok." + CASES[0][2]),
    ("text.deepseek", "<think>d " + CASES[4][1] + "</think>Ok." + CASES[4][2]),
    ("text.minimax", "<think>d " + CASES[6][1] + "</think>Ok." + CASES[6][2]),
    ("text.qwen3-xml", "<think>d <tool_call>\n<function=g>\n<parameter=b>\nx</think>y\n</parameter>\n</function>\n"
                       "</tool_call>"),
    ("text.gemma", "<|tool_call>call:f{a:"),  # calls abandoned by the next one's marker (engine text 1)
    ("text.gemma", '<|tool_call>call:f{a:<|"|>x<|tool_call>'),
    # Kimi K2 calls abandoned by the next <|tool_call_begin|> (engine text 3)
    ("text.kimi", '<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": '),
    ("text.kimi", '<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": "x'),
]


@pytest.mark.parametrize(("dialect", "unit"), LINEAR)
def test_held_drafts_and_abandoned_calls_are_read_in_linear_work(dialect: str, unit: str) -> None:
    small, big = _lines(unit * 25, dialect), _lines(unit * 100, dialect)
    assert big < 4.6 * small, (small, big)
