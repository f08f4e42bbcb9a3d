"""Held reasoning, the last session's leftovers (hunt 39 reviews revE / revE2).

A call block drafted in an unclosed thinking block holds a whole call ``f`` with
``</think>`` in its value and a call ``g`` cut in its value; ``g``'s value runs on over
the real ``</think>`` into the answer and its call ``h``. vLLM's reasoning parsers split
at ``</think>`` (``partition`` at the end token) before the tool parser runs; the whole
call's marker is its value's text (the families' docstrings), so the block ends at the
marker in the cut call's value: reasoning up to there, the answer ``Ok.``, the call ``h``.
Wire shapes from the vendors' chat templates (the families' docstrings).
"""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, stream

from toolwire import decode_text

D1, D2 = "<｜DSML｜", "</｜DSML｜"
DS_F = f'{D1}invoke name="f">\n{D1}parameter name="a" string="true">x </think> y{D2}parameter>\n{D2}invoke>\n'
MM_F = '<invoke name="f">\n<parameter name="a">x </think> y</parameter>\n</invoke>\n'
# (dialect, the block's opener, the whole call f, the cut call g, the real call h(c="z"))
SIBLINGS = [
    ("text.deepseek", f"{D1}tool_calls>\n", DS_F, f'{D1}invoke name="g">\n{D1}parameter name="b" string="true">half',
     f'{D1}tool_calls>\n{D1}invoke name="h">\n{D1}parameter name="c" string="true">z{D2}parameter>\n{D2}invoke>\n'
     f"{D2}tool_calls>"),
    ("text.minimax", "<minimax:tool_call>\n", MM_F, '<invoke name="g">\n<parameter name="b">half',
     '<minimax:tool_call>\n<invoke name="h">\n<parameter name="c">z</parameter>\n</invoke>\n</minimax:tool_call>'),
]


@pytest.mark.parametrize(("dialect", "opener", "f", "g", "h"), SIBLINGS, ids=[s[0] for s in SIBLINGS])
@pytest.mark.parametrize("finish", ["stop", "length"])
def test_a_whole_drafted_sibling_does_not_hide_the_cut_calls_marker(dialect: str, opener: str, f: str, g: str,
                                                                   h: str, finish: str) -> None:
    # revE2 r1: before, f ran (drafted in the reasoning) and h was lost inside an invalid g
    draft = f"Plan: {opener}{f}{g} written"
    text = f"{draft}\n</think>\n\nOk.\n{h}"
    r = decode_text(text, dialect, thinking=True, finish_reason=finish)
    assert list(r.tool_calls) == [C("h", {"c": "z"})], r
    assert (r.content, r.reasoning) == ("Ok.", draft), r
    assert stream(text, dialect, list(text), thinking=True, finish_reason=finish) == r


@pytest.mark.parametrize(("dialect", "opener", "f", "g", "h"), SIBLINGS, ids=[s[0] for s in SIBLINGS])
def test_a_cut_sibling_before_the_whole_call_is_read_as_before(dialect: str, opener: str, f: str, g: str,
                                                             h: str) -> None:
    # the marker in the whole call f is its value's text; the text ends inside f's block with
    # no bare closing marker: the reading ahead stands (f whole, nothing drafted to split)
    text = f"Need.\n{opener}{f}"
    r = decode_text(text, dialect, thinking=True, finish_reason="stop")
    assert list(r.tool_calls)[0] == C("f", {"a": "x </think> y"}), r
    assert stream(text, dialect, list(text), thinking=True, finish_reason="stop") == r


# revE2 r3: the Qwen3.5 / Qwen3-Coder chat template closes the reasoning as
# ``reasoning.strip("\n") + "\n</think>\n\n"``: a draft's marker in that shape is the
# block's end, and a later ``</think>`` in the middle of a line of the answer is the
# answer's text (before: the answer and its call became reasoning, no call at all)
QWEN_DRAFT = "Draft: <tool_call>\n<function=f>\n<parameter=a>\nhalf written"
QWEN_G = "<tool_call>\n<function=g>\n<parameter=b>\ny\n</parameter>\n</function>\n</tool_call>"


@pytest.mark.parametrize("finish", ["stop", "length"])
@pytest.mark.parametrize("mention", ["(I closed my reasoning with </think> as usual.)", "Done.</think>"])
def test_an_answer_mentioning_the_closing_marker_keeps_its_call(mention: str, finish: str) -> None:
    text = f"{QWEN_DRAFT}\n</think>\n\nOk.\n{QWEN_G}\n{mention}"
    r = decode_text(text, "text.qwen3-xml", thinking=True, finish_reason=finish)
    assert list(r.tool_calls) == [C("g", {"b": "y"})], r
    assert r.reasoning == QWEN_DRAFT, r
    assert r.content is not None and r.content.startswith("Ok.") and "</think>" not in r.content, r
    assert stream(text, "text.qwen3-xml", list(text), thinking=True, finish_reason=finish) == r


@pytest.mark.parametrize("finish", ["stop", "length"])
@pytest.mark.parametrize("marker", [" </think> then", "\n</think> then", " </think>\nthen"])
def test_a_quoted_draft_then_the_templates_closing_marker_stays_reasoning(marker: str, finish: str) -> None:
    # the block goes on to a marker in the template's shape: all before it is reasoning
    thought = f"I could write {QWEN_DRAFT}{marker}\n{QWEN_G}\nbut no."
    text = f"{thought}\n</think>\n\nDone."
    r = decode_text(text, "text.qwen3-xml", thinking=True, finish_reason=finish)
    assert (r.tool_calls, r.content, r.reasoning) == ((), "Done.", thought), r
    assert stream(text, "text.qwen3-xml", list(text), thinking=True, finish_reason=finish) == r


def test_an_abandoned_kimi_call_with_the_marker_in_a_closed_value_stays_a_call() -> None:
    # revE r4: f's JSON closes ("x </think> y" is its value's text) but no <|tool_call_end|> comes before
    # the next <|tool_call_begin|>: f is abandoned (an InvalidToolCall), not a draft that ran on over the
    # block's end into the answer (nothing after its marker opens a call); before, f vanished into the
    # reasoning and the answer was 'y"}'
    text = ('<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>'
            '{"a": "x </think> y"}<|tool_call_begin|>functions.g:1<|tool_call_argument_begin|>{}<|tool_call_end|>'
            "<|tool_calls_section_end|>")
    for finish in ("stop", "length"):
        r = decode_text(text, "text.kimi", thinking=True, finish_reason=finish)
        assert list(r.tool_calls) == [Invalid("f", id="functions.f:0"), C("g", {}, "functions.g:1")], r
        assert (r.content, r.reasoning) == (None, None), r
        assert stream(text, "text.kimi", list(text), thinking=True, finish_reason=finish) == r


@pytest.mark.parametrize("finish", ["stop", "length"])
def test_a_kimi_real_call_holding_the_marker_after_a_cut_draft_runs(finish: str) -> None:
    # revE2 r2: the draft's JSON string runs on over </think> and the answer into the real call's
    # <|tool_call_begin|> (the draft was abandoned there, kimi.py); counted from there the real call's
    # "</think>" looked bare and ended the block: g lost, content 'z"}'. vLLM partitions at the first
    # </think>: reasoning "Draft: …half", content "Ok.", g(b="y </think> z")
    draft = '<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": "half'
    real = ('<|tool_calls_section_begin|><|tool_call_begin|>functions.g:0<|tool_call_argument_begin|>'
            '{"b": "y </think> z"}<|tool_call_end|><|tool_calls_section_end|>')
    text = f"Draft: {draft}\n</think>\n\nOk.\n{real}"
    r = decode_text(text, "text.kimi", thinking=True, finish_reason=finish)
    assert list(r.tool_calls) == [C("g", {"b": "y </think> z"}, "functions.g:0")], r
    assert (r.content, r.reasoning) == ("Ok.", f"Draft: {draft}"), r
    assert stream(text, "text.kimi", list(text), thinking=True, finish_reason=finish) == r
