"""A thinking block closed by its marker is reasoning whatever it holds: the answer
after it (content and calls) is the one the same text gives after a plain block. A
metamorphic property (the thirty-first session: a held call whose value was read again
from an end marker left the text after the block read as text read again, and a call
closed there was cut at an end marker inside its value)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_text_properties import SOUP

from toolwire._errors import ToolwireError
from toolwire._types import ToolCall
from toolwire.text._api import decode_text, encode_text

BLOCKS = {  # each family's thinking block as its template writes it (then other markers that end it)
    "text.hermes": ("<think>", "</think>"), "text.qwen3-xml": ("<think>", "</think>"),
    "text.mistral": ("[THINK]", "[/THINK]"), "text.deepseek": ("<think>", "</think>"),
    "text.gemma": ("<|channel>thought", "<channel|>"), "text.glm": ("<think>", "</think>"),
    "text.kimi": ("<think>", "</think>"), "text.minimax": ("<think>", "</think>"),
    "text.hunyuan": ("<think>", "</think>"), "text.step": ("<think>", "</think>"),
    "text.granite": ("<think>", "</think>"), "text.lfm2": ("<think>", "</think>"),
    "text.seed-oss": ("<seed:think>", "</seed:think>"), "text.internlm": ("<think>", "</think>"),
    "text.ernie": ("<think>", "</think>"), "text.command-r": ("<|START_THINKING|>", "<|END_THINKING|>"),
    "text.nemotron": ("<think>", "</think>"), "text.apertus": ("<|inner_prefix|>", "<|inner_suffix|>"),
    "text.longcat": ("<longcat_think>", "</longcat_think>"), "text.olmo": ("<think>", "</think>"),
    "text.dots": ("<think>", "</think>"), "text.solar-open2": ("<|think:start|>", "<|think:end|>"),
    "text.inkling": ("<|content_thinking|>", "<|end_message|>", "<|content_model_end_sampling|>"),
    "text.minicpm": ("<think>", "</think>"), "text.solar-open": ("<|think|>", "<|end|>", "<|content|>", "<|tool_calls|>"),
}
VALUE = st.text(alphabet='"\'\\{}[],\n x=<>', max_size=4) | st.sampled_from(["</tool_call>", "<tool_call>"])


def _encoded(dialect: str, values: list[str]) -> str:
    try:
        return encode_text([ToolCall(name="f", args={"a": v}, id=f"c{i}") for i, v in enumerate(values)], dialect)
    except ToolwireError:
        return ""


@pytest.mark.parametrize("dialect", sorted(BLOCKS))
@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])  # examples: the profile
@given(data=st.data(), thinking=st.booleans(), finish=st.sampled_from([None, "stop", "length"]))
def test_the_answer_after_a_closed_block_does_not_depend_on_what_it_holds(
    dialect: str, data: Any, thinking: bool, finish: str | None
) -> None:
    opener, closer, *ends = BLOCKS[dialect]
    one = _encoded(dialect, ["v"])  # its markers: a slice of it may hold a call marker and an end marker
    value = VALUE | st.tuples(st.integers(0, len(one)), st.integers(0, len(one))).map(lambda ij: one[ij[0]:ij[1]])
    calls = st.lists(value, min_size=1, max_size=2).map(lambda v: _encoded(dialect, v))
    cut = st.tuples(calls, st.floats(0, 1)).map(lambda c: c[0][: int(len(c[0]) * c[1])])  # a call cut anywhere
    held = data.draw(st.lists(SOUP | calls | cut, min_size=1, max_size=3).map("".join))
    if any(end in held for end in (closer, *ends)):
        return
    after = data.draw(st.lists(calls | SOUP, max_size=3).map("".join))
    head = "" if thinking else opener
    kw: dict[str, Any] = {"thinking": thinking, "finish_reason": finish}
    try:
        whole = decode_text(head + held + closer + after, dialect, **kw)
        if whole.reasoning != decode_text(head + held + closer, dialect, **kw).reasoning:
            return  # the block did not end at that marker (one inside a call's value, as documented)
        plain = decode_text(head + "x" + closer + after, dialect, **kw)
    except ToolwireError:
        return
    assert (whole.content, whole.tool_calls) == (plain.content, plain.tool_calls)
