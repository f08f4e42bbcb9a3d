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
from textcheck import C, check

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
