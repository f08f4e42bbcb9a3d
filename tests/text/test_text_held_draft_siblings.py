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
# ``reasoning.strip("\n") + "\n</think>\n\n"`` (a draft's marker in that shape, then the answer's call)
QWEN_DRAFT = "Draft: <tool_call>\n<function=f>\n<parameter=a>\nhalf written"
QWEN_G = "<tool_call>\n<function=g>\n<parameter=b>\ny\n</parameter>\n</function>\n</tool_call>"


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


# hunt 40 review (revE of fix40-held): a draft's marker before the next call's marker in a Kimi K2 string
# that ran on is only a candidate end (as a draft's marker in a value that closed): a later closing
# marker outside the values, the next call read from its own marker, still ends a block that quotes
# calls (vLLM would split at the first </think>; the families' docstrings: the block goes to its own)
KS, KB, KA, KE, KSE = ("<|tool_calls_section_begin|>", "<|tool_call_begin|>", "<|tool_call_argument_begin|>",
                       "<|tool_call_end|>", "<|tool_calls_section_end|>")


def _kdraft(name: str, value: str) -> str:
    return f'I could call {KS}{KB}functions.{name}:0{KA}{{"a": "{value} ...no.\n'


def _kcall(name: str, i: int, value: str) -> str:
    return f'{KS}{KB}functions.{name}:{i}{KA}{{"a": "{value}"}}{KE}{KSE}'


@pytest.mark.parametrize("finish", ["stop", "length"])
def test_a_kimi_call_quoted_after_a_draft_holding_the_marker_stays_reasoning(finish: str) -> None:
    # revE r1: before, the block ended in f's string and rm ran (the '"' in the prose shifted the quotes)
    thought = (f'Plan: {KS}{KB}functions.f:0{KA}{{"a": "half </think> then '
               f'{KS}{KB}functions.rm:0{KA}{{"path": "/"}}{KE}{KSE} no, the "-rf flag is bad.')
    text = f"{thought}</think>\n\nOk."
    r = decode_text(text, "text.kimi", thinking=True, finish_reason=finish)
    assert (r.tool_calls, r.content, r.reasoning) == ((), "Ok.", thought), r
    assert stream(text, "text.kimi", list(text), thinking=True, finish_reason=finish) == r


@pytest.mark.parametrize("finish", ["stop", "length"])
def test_a_kimi_quoted_call_holding_the_marker_after_a_draft_stays_reasoning(finish: str) -> None:
    # revE r3 "quoted runs": q1's "a </think> b" looked bare (quotes counted from d0's string): before, q1 ran
    thought = _kdraft("d0", "a </think> b") + "Like " + _kcall("q1", 0, "a </think> b") + " but not yet."
    text = f"{thought}\n</think>\n\nSure."
    r = decode_text(text, "text.kimi", thinking=True, finish_reason=finish)
    assert (r.tool_calls, r.content, r.reasoning) == ((), "Sure.", thought), r
    assert stream(text, "text.kimi", list(text), thinking=True, finish_reason=finish) == r


@pytest.mark.parametrize("finish", ["stop", "length"])
@pytest.mark.parametrize("r0", ['say \\"hi\\"', "hi"])
def test_kimi_real_calls_after_two_drafts_run(r0: str, finish: str) -> None:
    # revE r3: the block's end is in d1's string (a bare </think> counted from d1's marker); before, the
    # block ended in d0's string: the reasoning after it became content, d1 an InvalidToolCall, and
    # with an escaped quote in r0's value r0 was lost inside d1
    thought = _kdraft("d0", "a </think> b") + _kdraft("d1", "hello")
    text = f"{thought}</think>\n\nDone.\n" + _kcall("r0", 0, r0) + "\n" + _kcall("r1", 1, "/tmp/x")
    r = decode_text(text, "text.kimi", thinking=True, finish_reason=finish)
    want = [C("r0", {"a": r0.replace("\\", "")}, "functions.r0:0"), C("r1", {"a": "/tmp/x"}, "functions.r1:1")]
    assert list(r.tool_calls) == want, r
    assert (r.content, r.reasoning) == ("Done.", thought.rstrip("\n")), r
    assert stream(text, "text.kimi", list(text), thinking=True, finish_reason=finish) == r


def _qcall(name: str, value: str, cut: bool = False) -> str:
    s = f"<tool_call>\n<function={name}>\n<parameter=a>\n{value}"
    return s if cut else s + "\n</parameter>\n</function>\n</tool_call>"


# revE r2 / r4: a draft's marker on a line of its own (``\n</think>\n``) and a later one in the middle of a
# line read alike whichever of them the model meant as the block's end: a quoted draft's value may hold
# the line, and the block's own end may be written mid-line. The block goes to the later one (a call
# between is reasoning): an answer that mentions the tag mid-line after its call loses that call
# (docs/text-formats.md, not covered), as a quoted call must never run.
QUOTED_LINED = {
    "r2 no answer mention": ("I could call:\n" + _qcall("f", "line1\n</think>\nline3", True) + "\n...no.\n"
                             "Something like:\n" + _qcall("rm", "/") + "\nbut not yet.\nOr:\n"
                             + _qcall("h", "Use </think> to close.", True) + " no.\n</think>\n\nDone."),
    "r2 answer mentions the tag": ("I could call:\n" + _qcall("f", "</think>", True) + "\n...no.\nOr:\n"
                                   + _qcall("rm", "/") + "\nHmm:\n" + _qcall("h", "half", True)
                                   + " no.\n</think>\n\nOk.\n" + _qcall("g", "y") + "\nBye.</think>"),
    "r4 end mid-line": ("I could call " + _qcall("f", "</think>\nhmm, no. Or ", True) + _qcall("rm", "/")
                        + "\nbut no.</think>\n\nDone."),
}


@pytest.mark.parametrize("finish", ["stop", "length"])
@pytest.mark.parametrize("key", list(QUOTED_LINED))
def test_a_quoted_qwen_call_between_a_lined_and_a_mid_line_marker_never_runs(key: str, finish: str) -> None:
    text = QUOTED_LINED[key]
    r = decode_text(text, "text.qwen3-xml", thinking=True, finish_reason=finish)
    assert "rm" not in [c.name for c in r.tool_calls], r
    assert stream(text, "text.qwen3-xml", list(text), thinking=True, finish_reason=finish) == r


@pytest.mark.parametrize("finish", ["stop", "length"])
def test_an_answer_mentioning_the_closing_marker_mid_line_is_read_as_the_blocks_end(finish: str) -> None:
    # the same shape as "r4 end mid-line": g is reasoning (a lost real call rather than a quoted one run)
    thought = f"{QWEN_DRAFT}\n</think>\n\nOk.\n{QWEN_G}\n(I closed my reasoning with"
    text = f"{thought} </think> as usual.)"
    r = decode_text(text, "text.qwen3-xml", thinking=True, finish_reason=finish)
    assert (r.tool_calls, r.content) == ((), "as usual.)"), r
    assert stream(text, "text.qwen3-xml", list(text), thinking=True, finish_reason=finish) == r


@pytest.mark.parametrize("finish", ["stop", "length"])
def test_a_kimi_call_quoted_between_two_drafts_stays_reasoning(finish: str) -> None:
    # the block's end is in the later draft d2's string (it ran on into the answer's call): the draft
    # d0's marker is no longer the end, so q1 between them is reasoning (before, q1 ran)
    thought = (_kdraft("d0", "line\\n</think>\\nnext") + "Like " + _kcall("q1", 0, "</think>") + " but not yet.\n"
               + _kdraft("d2", "/tmp/x") + 'The user said "delete it".')
    text = f"{thought}</think>Sure.\n" + _kcall("r0", 0, "hi")
    r = decode_text(text, "text.kimi", thinking=True, finish_reason=finish)
    assert list(r.tool_calls) == [C("r0", {"a": "hi"}, "functions.r0:0")], r
    assert (r.content, r.reasoning) == ("Sure.", thought), r
    assert stream(text, "text.kimi", list(text), thinking=True, finish_reason=finish) == r


@pytest.mark.parametrize("finish", ["stop", "length"])
def test_a_qwen_call_quoted_between_two_drafts_stays_reasoning(finish: str) -> None:
    # f's value runs on into the quoted q (one invalid call holding f's marker), h's over the block's end
    # into the answer's r: the block ends at h's marker (the last draft's), q is reasoning (before, q ran)
    thought = ("I could call:\n" + _qcall("f", "a </think> b", True) + "\n...no.\nSomething like:\n"
               + _qcall("q", "x") + "\nbut not yet.\nI could call:\n" + _qcall("h", "/tmp/x", True) + "\n...no.")
    text = f"{thought}\n</think>\n\nDone.\n" + _qcall("r", "y")
    r = decode_text(text, "text.qwen3-xml", thinking=True, finish_reason=finish)
    assert list(r.tool_calls) == [C("r", {"a": "y"})], r
    assert (r.content, r.reasoning) == ("Done.", thought), r
    assert stream(text, "text.qwen3-xml", list(text), thinking=True, finish_reason=finish) == r


@pytest.mark.parametrize("finish", ["stop", "length"])
def test_a_kimi_call_quoted_after_two_drafts_holding_the_marker_stays_reasoning(finish: str) -> None:
    # d1's string, cut off by q2's <|tool_call_begin|> when read again, holds "</think>": a candidate end
    # like a draft's marker in a value that closed, so the block's own </think> after q2 still ends it
    # (before, the block ended in d1's string at once and the quoted q2 ran)
    thought = (_kdraft("d0", "</think>") + "It's fine.\n" + _kdraft("d1", "</think>") + "It's fine.\nLike "
               + _kcall("q2", 0, "/tmp/x") + " but not yet.\nIt's fine.")
    text = f"{thought}\n</think>\n\nDone."
    r = decode_text(text, "text.kimi", thinking=True, finish_reason=finish)
    assert (r.tool_calls, r.content, r.reasoning) == ((), "Done.", thought), r
    assert stream(text, "text.kimi", list(text), thinking=True, finish_reason=finish) == r
