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
from textcheck import C, Invalid, check, stream

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


# revE (hunt 39): the end at a marker inside a draft's value holds only when no closing
# marker comes after it (a block that quotes a call goes on to its own closing marker),
# and only for the call that holds it (not a whole call beside an invalid one)
@pytest.mark.parametrize(("dialect", "draft", "real"), CASES, ids=IDS)
@pytest.mark.parametrize("finish", ["stop", "length"])
def test_a_call_quoted_after_a_closing_marker_in_a_value_is_reasoning(dialect: str, draft: str, real: str,
                                                                      finish: str) -> None:
    # vLLM: partition at the last-made decision point here, the bare </think> before the answer;
    # the quoted call (the draft holding "</think>" in its value, then g) is reasoning text
    thought = f"I could write {draft} </think> then\n{real}\nbut no."
    text = f"{thought}\n</think>\n\nDone, no call needed."
    r = decode_text(text, dialect, thinking=True, finish_reason=finish)
    assert r.tool_calls == () and r.content == "Done, no call needed.", r
    assert r.reasoning is not None and r.reasoning.startswith("I could write ") and real in r.reasoning, r
    assert stream(text, dialect, list(text), thinking=True, finish_reason=finish) == r


QUOTED_TOOLS = [{"type": "function", "function": {"name": n, "parameters": {
    "type": "object", "properties": {"a": {"type": "string"}, "p": {"type": "string"}}}}} for n in ("f", "rm")]
RM = "<tool_call>\n<function=rm>\n<parameter=p>\n/\n</parameter>\n</function>\n</tool_call>"


@pytest.mark.parametrize("finish", ["stop", "length"])
@pytest.mark.parametrize("tools", [None, QUOTED_TOOLS])
@pytest.mark.parametrize("quoted", [
    "I could write <tool_call>\n<function=f>\n<parameter=a>\nthe tag </think> then\n" + RM + "\nbut no.",
    # a closed call naming a tool not offered: invalid only with tools=; the rm call must not run either way
    "I could write <tool_call>\n<function=zz>\n<parameter=a>\nthe tag </think> x\n</parameter>\n</function>\n"
    "</tool_call> then " + RM + "\nbut no.",
])
def test_the_reviewed_quoted_rm_call_never_runs(quoted: str, tools: Any, finish: str) -> None:
    text = quoted + "\n</think>\n\nDone, no call needed."
    r = decode_text(text, "text.qwen3-xml", tools=tools, thinking=True, finish_reason=finish)
    assert (r.tool_calls, r.content, r.reasoning) == ((), "Done, no call needed.", quoted)
    assert stream(text, "text.qwen3-xml", list(text), tools=tools, thinking=True, finish_reason=finish) == r


SIBLING_TOOLS = [{"type": "function", "function": {"name": n, "parameters": {
    "type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}}} for n in ("f", "g")]


@pytest.mark.parametrize(("dialect", "text", "tools", "bad"), [
    ("text.deepseek", f'{D1}tool_calls>\n{D1}invoke name="f">\n{D1}parameter name="a" string="true">x </think> y'
     f'{D2}parameter>\n{D2}invoke>\n{D1}invoke name="zz">\n{D1}parameter name="b" string="true">1{D2}parameter>\n'
     f"{D2}invoke>\n{D2}tool_calls>", SIBLING_TOOLS, "zz"),
    ("text.minimax", '<minimax:tool_call>\n<invoke name="f">\n<parameter name="a">x </think> y</parameter>\n'
     '</invoke>\n<invoke name="g">\n<parameter name="b">1\n</invoke>\n</minimax:tool_call>', None, "g"),
])
def test_a_whole_call_beside_an_invalid_one_is_kept(dialect: str, text: str, tools: Any, bad: str) -> None:
    # the closing marker is in f's value, and f reads whole: only its sibling is invalid
    r = decode_text(text, dialect, tools=tools, thinking=True, finish_reason="stop")
    assert list(r.tool_calls) == [C("f", {"a": "x </think> y"}), Invalid(bad)], r
    assert (r.content, r.reasoning) == (None, None)
    assert stream(text, dialect, list(text), tools=tools, thinking=True, finish_reason="stop") == r


@pytest.mark.parametrize(("dialect", "fg"), [
    ("text.deepseek", f'{D1}tool_calls>\n{D1}invoke name="f">\n{D1}parameter name="a" string="true">x </think> y'
     f'{D2}parameter>\n{D2}invoke>\n{D1}invoke name="g">\n{D1}parameter name="b" string="true">z{D2}parameter>\n'
     f"{D2}invoke>\n{D2}tool_calls>"),
    ("text.minimax", '<minimax:tool_call>\n<invoke name="f">\n<parameter name="a">x </think> y</parameter>\n'
     '</invoke>\n<invoke name="g">\n<parameter name="b">z</parameter>\n</invoke>\n</minimax:tool_call>'),
])
def test_a_whole_call_before_a_sibling_cut_by_the_limit_is_kept(dialect: str, fg: str) -> None:
    g = fg.index('name="g"')
    for k in range(g, fg.index("invoke>", g)):  # every cut of g's invoke: f stands, g is cut off
        text = "Need it.\n" + fg[:k]
        r = decode_text(text, dialect, thinking=True, finish_reason="length")
        f, cut = r.tool_calls
        assert f == C("f", {"a": "x </think> y"}), (text, r)
        assert cut in (Invalid("g", truncated=True), Invalid(None, truncated=True)), (text, r)  # (its name not read yet)
        assert r.reasoning == "Need it." and r.content is None, (text, r)
        assert stream(text, dialect, list(text), thinking=True, finish_reason="length") == r


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
    # a quoted draft holding the closing marker, then the block's own closing marker (revE)
    ("text.qwen3-xml", "<think>d " + CASES[0][1] + "</think> q" + CASES[0][2] + " no.</think>Ok."),
    ("text.minimax", "<think>d " + CASES[6][1] + "</think> q" + CASES[6][2] + " no.</think>Ok."),
    # a whole call with the marker in its value beside an invalid one, in one block (revE)
    ("text.minimax", '<think>d <minimax:tool_call>\n<invoke name="f">\n<parameter name="a">x </think> y'
                     '</parameter>\n</invoke>\n<invoke name="g">\n<parameter name="b">1\n</invoke>\n'
                     "</minimax:tool_call>"),
    # a whole drafted call holding the marker beside a cut one: the region is probed twice (hunt 40)
    ("text.minimax", '<think>d <minimax:tool_call>\n<invoke name="f">\n<parameter name="a">x </think> y'
                     '</parameter>\n</invoke>\n<invoke name="g">\n<parameter name="b">half</think>Ok.' + CASES[6][2]),
    ("text.deepseek", "<think>d " + CASES[4][1].replace('name="f">\n', 'name="f">\n' + f'{D1}parameter name="a" '
                      f'string="true">x </think> y{D2}parameter>\n{D2}invoke>\n{D1}invoke name="g">\n', 1)
                      + "</think>Ok." + CASES[4][2]),
    ("text.gemma", "<|tool_call>call:f{a:"),  # calls abandoned by the next one's marker (engine text 1)
    ("text.gemma", '<|tool_call>call:f{a:<|"|>x<|tool_call>'),
    # Kimi K2 calls abandoned by the next <|tool_call_begin|> (engine text 3)
    ("text.kimi", '<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": '),
    ("text.kimi", '<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": "x'),
    # a Kimi K2 draft's string holding the marker runs on into a call whose value holds one, then the
    # block's own closing marker: the region ends at the next call's marker, read again once (hunt 40)
    ("text.kimi", '<think>d <|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>'
                  '{"a": "x </think> y <|tool_calls_section_begin|><|tool_call_begin|>functions.g:0'
                  '<|tool_call_argument_begin|>{"b": "p </think> q"}<|tool_call_end|><|tool_calls_section_end|>'
                  " no.</think>Ok."),
]


@pytest.mark.parametrize(("dialect", "unit"), LINEAR)
def test_held_drafts_and_abandoned_calls_are_read_in_linear_work(dialect: str, unit: str) -> None:
    small, big = _lines(unit * 25, dialect), _lines(unit * 100, dialect)
    assert big < 4.6 * small, (small, big)


def test_many_whole_drafted_calls_beside_a_cut_one_are_read_in_linear_work() -> None:
    # one call block of n whole calls holding the marker, then a cut one (hunt 40): the marks are
    # counted once and the text before the cut one's marker read once more
    f = f'{D1}invoke name="f">\n{D1}parameter name="a" string="true">x </think> y{D2}parameter>\n{D2}invoke>\n'

    def text(n: int) -> str:
        return (f"<think>d {D1}tool_calls>\n" + f * n + f'{D1}invoke name="g">\n{D1}parameter name="b" '
                'string="true">half</think>Ok.' + CASES[4][2])

    assert list(decode_text(text(3), "text.deepseek", finish_reason="stop").tool_calls) == [_g("text.deepseek")]
    small, big = _lines(text(50), "text.deepseek"), _lines(text(200), "text.deepseek")
    assert big < 4.6 * small, (small, big)
