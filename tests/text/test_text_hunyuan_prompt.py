"""HY V4's thinking-mode prompt opens the reasoning (hunt 25, textA: TA-9).

vLLM ``vllm/frontend/processing/reasoning/hy_v4_reasoning_parser.py``
(``HYV4ReasoningExtractor``): in thinking mode, the template's default
(``reasoning_effort='high'``), the start token is injected at the end of the prompt,
so the output holds only ``</think:SUF>``. A ``prompt=`` ending with the suffixed
opener opens the reasoning as one ending ``<think>`` does.
"""

from __future__ import annotations

import pytest
from textcheck import C, check

from toolwire import DecodeError, decode_text

D = "text.hunyuan"
S = ":opensource"
TEXT = f"The user wants a date.</think{S}><tool_calls{S}><tool_call{S}>get_current_date</tool_call{S}></tool_calls{S}>"
DATE = [C("get_current_date")]


def test_a_prompt_ending_with_the_suffixed_opener_opens_the_reasoning() -> None:
    r = check(TEXT, D, None, "The user wants a date.", DATE, prompt=f"<|hy_User|>date?<|hy_Assistant|><think{S}>")
    assert r.tool_calls[0].provider_data == {D: {"variant": "hy4", "suffix": S}}
    check(TEXT, D, None, "The user wants a date.", DATE, prompt="<|hy_Assistant|><think:6124c78e>\n")
    check(TEXT, D, None, "The user wants a date.", DATE, thinking=True)


def test_a_bare_opener_still_opens_it() -> None:
    text = "The user wants a date.</think><tool_calls><tool_call>get_current_date</tool_call></tool_calls>"
    check(text, D, None, "The user wants a date.", DATE, prompt="<|hy_Assistant|><think>")


@pytest.mark.parametrize("prompt", ["<think:>", "<think:a b>", "<think:a<b>", "x<think:" + "s" * 65 + ">",
                                    "<think:opensource>x", "</think:opensource>"])
def test_what_is_not_a_suffixed_opener(prompt: str) -> None:
    r = decode_text("Hi.", D, prompt=prompt)
    assert (r.content, r.reasoning) == ("Hi.", None)


def test_thinking_false_contradicts_a_suffixed_opener() -> None:
    with pytest.raises(DecodeError, match="thinking=False but the prompt ends with '<think:opensource>'"):
        decode_text(TEXT, D, prompt=f"<think{S}>", thinking=False)


def test_thinking_true_with_a_prompt_that_does_not_open_it_names_both_spellings() -> None:
    with pytest.raises(DecodeError, match=r"\('<think>' or '<think:SUFFIX>'\); pass one of them"):
        decode_text(TEXT, D, prompt="<|hy_Assistant|>", thinking=True)
