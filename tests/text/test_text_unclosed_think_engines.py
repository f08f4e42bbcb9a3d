"""A call in a reasoning block that never closes, per the current vLLM parsers (hunt 25,
textA: TA-2).

vLLM's declarative parser engine ends the reasoning at the tool-call start for these
families (``vllm/parser/step3p5.py`` and ``seed_oss.py`` are its Qwen3 parser with
their own wrapper tokens; ``minimax_m2.py`` and ``glm47_moe.py`` have the transition
``(REASONING, TOOL_START)``): the call is never lost. A call inside a *closed* block
stays reasoning text.
"""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire import decode_text

WEATHER = [C("get_weather", {"city": "Paris"})]
STEP35 = "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>"
SEED = "<seed:tool_call>\n<function=get_weather>\n<parameter=city>Paris</parameter>\n</function>\n</seed:tool_call>"
M2 = ('<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n'
      "</minimax:tool_call>")
GLM47 = "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>"

CASES = [
    ("text.step", STEP35, "</think>"),
    ("text.seed-oss", SEED, "</seed:think>"),
    ("text.minimax", M2, "</think>"),
    ("text.glm", GLM47, "</think>"),
]


@pytest.mark.parametrize(("dialect", "call", "close"), CASES)
def test_the_call_ends_an_unclosed_block(dialect: str, call: str, close: str) -> None:
    glm = dialect == "text.glm"
    want = [C("get_weather", {"city": "Paris"})]
    r = check(f"The user wants the weather.\n{call}", dialect, None, "The user wants the weather.", want,
              thinking=True, finish_reason="stop")
    assert r.tool_calls[0].name == "get_weather"
    # the answer after the call is content
    check(f"Need.\n{call}\nDone.", dialect, "Done.", "Need.", want, thinking=True)
    if glm:
        check("Need." + call, dialect, None, "Need.", want,
              prompt="[gMASK]<sop><|user|>weather?<|assistant|><think>")


@pytest.mark.parametrize(("dialect", "call", "close"), CASES)
def test_a_call_before_the_closing_marker_stays_reasoning(dialect: str, call: str, close: str) -> None:
    check(f"Need.\n{call}\nno.{close}Done.", dialect, "Done.", f"Need.\n{call}\nno.", [], thinking=True)


def test_step35_reads_as_qwen3_xml_does() -> None:
    for text in ("Need.\n" + STEP35, "Need.\n" + STEP35 + "</think>", "Need.\n<tool_call> mention only",
                 "Need.\n" + STEP35 + "\nDone.", "<think>Need.\n" + STEP35):
        a = decode_text(text, "text.step", thinking=not text.startswith("<think>"))
        b = decode_text(text, "text.qwen3-xml", thinking=not text.startswith("<think>"))
        assert (a.content, a.reasoning, [(c.name, c.args) for c in a.tool_calls]) == (
            b.content, b.reasoning, [(c.name, c.args) for c in b.tool_calls]), text


def test_seed_budget_markers_still_dropped() -> None:
    text = "<seed:cot_budget_reflect>50 left</seed:cot_budget_reflect>Need.</seed:think>Hi."
    check(text, "text.seed-oss", "Hi.", "50 left\nNeed.", [], thinking=True)


def test_a_closed_block_that_quoted_a_call_drops_its_markers_as_any_closed_block() -> None:
    """Review hunt RB-1: the text held from a call marker until the block closed came out
    word for word, so the markers a closed block drops (Seed-OSS budget reports, a nested
    opener) were left in the reasoning once the model had quoted a call."""
    quoted = ("<seed:tool_call>\n<function=get_weather>\n<parameter=location>Paris</parameter>\n</function>\n"
              "</seed:tool_call>")
    text = (f"<seed:think>I could write\n{quoted}\nfirst.<seed:cot_budget_reflect>I have used 131 tokens."
            "</seed:cot_budget_reflect>\nOK.</seed:think>Here you go.")
    check(text, "text.seed-oss", "Here you go.", f"I could write\n{quoted}\nfirst.\nI have used 131 tokens.\nOK.", [])
    call = "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>"
    check(f"I might emit\n{call}\nbut first<think> more thought</think>Answer.", "text.step", "Answer.",
          f"I might emit\n{call}\nbut first more thought", [], thinking=True)


# A closing marker inside a call's JSON string (or a DSML parameter) in held text is the
# value's text, not the block's end (hunt 29, review2 finding 1; llama.cpp's parser gives
# the call for the Apertus text): only a closing marker outside the call regions ends it.
QUOTED_CLOSE = [
    ("text.apertus", '<|inner_prefix|>I will send it.<|tools_prefix|>[{"send": {"body": "the tag <|inner_suffix|> '
                     'closes"}}]<|tools_suffix|>', "the tag <|inner_suffix|> closes", None),
    ("text.command-r", '<|START_THINKING|>I will send it.<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "send", '
                       '"parameters": {"body": "the tag <|END_THINKING|> closes"}}]<|END_ACTION|>',
     "the tag <|END_THINKING|> closes", "0"),
    ("text.kimi", "<think>I will send it.<|tool_calls_section_begin|><|tool_call_begin|>functions.send:0"
                  '<|tool_call_argument_begin|>{"body": "the tag </think> closes"}<|tool_call_end|>'
                  "<|tool_calls_section_end|>", "the tag </think> closes", "functions.send:0"),
    ("text.deepseek", '<think>I will send it.<｜DSML｜tool_calls><｜DSML｜invoke name="send"><｜DSML｜parameter '
                      'name="body" string="true">the tag </think> closes</｜DSML｜parameter></｜DSML｜invoke>'
                      "</｜DSML｜tool_calls>", "the tag </think> closes", None),
]


@pytest.mark.parametrize(("dialect", "text", "body", "id_"), QUOTED_CLOSE)
def test_a_closing_marker_inside_a_held_call_is_its_text(dialect: str, text: str, body: str, id_: str | None) -> None:
    check(text, dialect, None, "I will send it.", [C("send", {"body": body}, id=id_)], finish_reason="stop")


@pytest.mark.parametrize(("dialect", "text", "body", "id_"), QUOTED_CLOSE)
def test_a_closing_marker_after_the_held_call_still_closes_the_block(
    dialect: str, text: str, body: str, id_: str | None
) -> None:
    opener, close = {"text.apertus": ("<|inner_prefix|>", "<|inner_suffix|>"),
                     "text.command-r": ("<|START_THINKING|>", "<|END_THINKING|>")}.get(dialect, ("<think>", "</think>"))
    # a closed block: all of it reasoning, its call markup (and the quoted marker) kept as text
    check(text + " done" + close + "The answer.", dialect, "The answer.", text[len(opener) :] + " done", [],
          finish_reason="stop")


# Held text after a block that never closed holds later openers' calls once, not again
# per opener (review2 finding 2: quadratic, then "could not be read to its end").
REPEATS = [
    ("text.glm", "<think>x<tool_call>a</tool_call>", 69, C("a")),
    ("text.command-r", '<|START_THINKING|>x<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", '
                       '"parameters": {}}]<|END_ACTION|>', 300, C("f", id="0")),
    ("text.apertus", '<|inner_prefix|>x<|tools_prefix|>[{"f": {}}]<|tools_suffix|>', 1000, C("f")),
]


@pytest.mark.parametrize(("dialect", "unit", "n", "call"), REPEATS)
def test_many_unclosed_blocks_with_calls(dialect: str, unit: str, n: int, call: object) -> None:
    r = decode_text(unit * n, dialect, finish_reason="stop")
    assert list(r.tool_calls) == [call] * n
    assert r.content is None and r.reasoning == "\n".join(["x"] * n)
    check(unit * 5, dialect, None, "\n".join(["x"] * 5), [call] * 5, finish_reason="stop")


def test_a_closing_marker_between_held_kimi_calls_closes_the_block() -> None:
    # between the calls of a section (no call region): the block closes there, as before
    call = ('<|tool_call_begin|>functions.send:0<|tool_call_argument_begin|>{"a": 1}<|tool_call_end|>')
    text = "<think>plan<|tool_calls_section_begin|>" + call + "</think><|tool_calls_section_end|>tail"
    check(text, "text.kimi", "tail", "plan<|tool_calls_section_begin|>" + call, [], finish_reason="stop")
    # with no closing marker the section is the answer
    check("<think>plan<|tool_calls_section_begin|>" + call + "<|tool_calls_section_end|>tail", "text.kimi", "tail",
          "plan", [C("send", {"a": 1}, id="functions.send:0")], finish_reason="stop")


@pytest.mark.parametrize(
    ("dialect", "text", "content", "calls"),
    [
        # with no held block a closing marker between a section's calls is the section's
        # stray text, its whitespace kept as it came (hunt 30, review3 finding 4); a Kimi
        # section with no call in it is an InvalidToolCall besides (test_text_empty_call_lists)
        ("text.kimi", "a<|tool_calls_section_begin|> </think> b", "a </think> b", [Invalid(truncated=True)]),
        ("text.kimi", "a<|tool_calls_section_begin|>\n</think>\nb<|tool_calls_section_end|>", "a\n</think>\nb",
         [Invalid()]),
        ("text.step", "a<｜tool_calls_begin｜> </think> b", "a </think> b", []),
    ],
)
def test_a_closing_marker_in_a_section_with_no_held_block_keeps_its_spaces(
    dialect: str, text: str, content: str, calls: list[object]
) -> None:
    check(text, dialect, content, None, calls)


# A value known never to close (its closer is nowhere after an earlier one) ends a held
# block at a closing marker inside it, not at one inside an earlier value of the region
# that closed, nor past the region's end marker in text read again (hunt 30, held30 1-2:
# the first version of that shortcut ran a call written in the reasoning, and lost one)
_K = "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>", "<|tool_call_begin|>", "<|tool_call_argument_begin|>"
_UNCLOSED = "r" + _K[0] + _K[1] + "<|open|>tools<|sep|><|open|>argument a</think>b"  # no <|close|>argument after it


def test_a_closing_marker_in_a_closed_value_before_a_never_closed_one_is_its_text() -> None:
    S, SE, C, ARG = _K
    rm = C + 'functions.rm:0' + ARG + '{"path": "/"}<|tool_call_end|>'
    held = S + SE + "<|open|>tools<|sep|><|open|>json X</think>Y<|close|>json<|sep|><|open|>argument " + rm
    r = decode_text(_UNCLOSED + "<think>" + held + "</think>W", "text.kimi", thinking=True)
    assert (r.content, r.tool_calls) == ("b\nW", ())
    assert r.reasoning == _UNCLOSED[: _UNCLOSED.index("</think>")] + held


def test_a_never_closed_value_in_text_read_again_ends_at_its_end_marker() -> None:
    S, SE, CB, ARG = _K
    text = (_UNCLOSED + "<think>" + S + CB + "functions.f:0" + ARG + '{"a": "x<|tool_call_end|>' + SE
            + "<|open|>tools<|sep|><|open|>argument q<|close|>tools<|sep|>" + CB + '"}}<|tool_call_end|>'
            + S + CB + "functions.g:1" + ARG + '{"a": "</think>"}<|tool_call_end|>' + SE)
    r = decode_text(text, "text.kimi", thinking=True)
    assert r.tool_calls[-1] == C("g", {"a": "</think>"}, id="functions.g:1")
    assert [c.name for c in r.tool_calls] == ["f", None, None, "g"]
    assert r.content == "b\n" + S


def test_a_closing_marker_in_a_closed_value_of_apertus_text_read_again_is_its_text() -> None:
    text = ('r<|tools_prefix|><|inner_prefix|> <|tools_prefix|>"<|tools_suffix|><|assistant_end|><|tools_prefix|>'
            '\\"v<|inner_suffix|>"\\"')
    r = decode_text(text, "text.apertus", thinking=True, finish_reason="stop")
    # the region holding it reads as no whole call: the block ended at it, as vLLM's
    # reasoning parsers split at the closing marker (hunt 39, engine text 2; before: two
    # invalid calls and the reasoning "r")
    assert (r.content, r.reasoning, r.tool_calls) == (
        '"\\"', 'r<|tools_prefix|> <|tools_prefix|>"<|tools_suffix|><|assistant_end|><|tools_prefix|>\\"v', ())


# MiniMax M3 elements read ahead after a held M2 call: a closing marker in an element's
# value is the value's text, as in M2's <parameter> (the M3 block's wire form: vLLM
# tests/tool_parsers/test_minimax_m3_tool_parser.py; hunt 30).
NS = "]<]minimax[>["
M2_F = '<minimax:tool_call>\n<invoke name="f">\n<parameter name="a">1</parameter>\n</invoke>\n</minimax:tool_call>'


@pytest.mark.parametrize(("params", "args"), [
    (f"{NS}<a>x</think>y{NS}</a>", {"a": "x</think>y"}),
    (f"{NS}<a>x</mm:think>y{NS}</a>", {"a": "x</mm:think>y"}),
    (f"{NS}<s>{NS}<city>x</think>y{NS}</city>{NS}<zip>z</mm:think>{NS}</zip>{NS}</s>",
     {"s": {"city": "x</think>y", "zip": "z</mm:think>"}}),
])
def test_a_closing_marker_in_a_held_minimax_m3_value_is_its_text(params: str, args: dict[str, object]) -> None:
    m3 = f'{NS}<tool_call>\n{NS}<invoke name="g">{params}{NS}</invoke>\n{NS}</tool_call>'
    check("<think>r" + M2_F + m3, "text.minimax", None, "r", [C("f", {"a": 1}), C("g", args)], thinking=True)
    # a closing marker after the M3 block still closes the block: all of it reasoning
    check("<think>r" + M2_F + m3 + "</think>Done.", "text.minimax", "Done.", "r" + M2_F + m3, [], thinking=True)


def test_a_closing_marker_between_held_minimax_m3_invokes_closes_the_block() -> None:
    m3 = f'{NS}<tool_call>\n{NS}<invoke name="g">{NS}<a>1{NS}</a>{NS}</invoke>\n</think>Done.\n{NS}</tool_call>'
    end = m3.index("</think>")
    check("<think>r" + M2_F + m3, "text.minimax", "Done.", "r" + M2_F + m3[:end].rstrip(), [],
          thinking=True)
