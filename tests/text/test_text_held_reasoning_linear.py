"""The scans of held reasoning stay linear (the twenty-sixth bug hunt, textA): held reasoning in the families that
now end an unclosed block at a call (TA-2), the second spelling of a reasoning block
(TA-7, TA-8: a held text watches two closing markers), and openers between calls
(TA-3). 4x the text: about 4x the time (as the other ``decode_cpu`` checks)."""

from __future__ import annotations

import pytest
from textcheck import decode_cpu

from toolwire import decode_text
from toolwire.text._api import TextParser

FN = "<function=f>\n<parameter=a>\n1\n</parameter>\n</function>\n"
UNITS = [
    ("text.step", "<think>a ", "<tool_call>\n" + FN + "</tool_call> x "),
    ("text.step", "<think>a ", "<tool_call> " * 3),  # mentions: back to reasoning each time
    ("text.seed-oss", "<seed:think>a ", "<seed:tool_call>\n" + FN + "</seed:tool_call> "),
    ("text.minimax", "<think>a ", '<minimax:tool_call>\n<invoke name="f">\n</invoke>\n</minimax:tool_call> '),
    ("text.glm", "<think>a ", "<tool_call>f</tool_call> </think" + "<|close|>think"),
    ("text.kimi", "<|open|>think<|sep|>a ", "<|tool_calls_section_begin|>y <|close|>think " + "</think"),
    ("text.minimax", "<mm:think>a ", "</mm:thin </thin "),
    ("text.deepseek", "<think>a ", "<｜DSML｜ calls> z "),
    ("text.qwen3-xml", "", "<tool_call>\n" + FN + "<tool_call>\n"),  # openers between calls, no closer
    # blocks that never close, each with a call (hunt 29, review2 finding 2: each opener
    # held the rest again), and blocks that close after their call (a fresh hold each)
    ("text.glm", "", "<think>x<tool_call>a</tool_call>"),
    ("text.glm", "", "<think>x<tool_call>a</tool_call></think> y "),
    ("text.command-r", "", '<|START_THINKING|>x<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", '
                           '"parameters": {}}]<|END_ACTION|>'),
    ("text.apertus", "", "<|inner_prefix|>x<|tools_prefix|>[]<|tools_suffix|>"),
    ("text.apertus", "", '<|inner_prefix|>x<|tools_prefix|>[{"f": {"a": "<|inner_suffix|>"}}]<|tools_suffix|> '),
    ("text.kimi", "", "<think>x<|tool_calls_section_begin|><|tool_calls_section_end|>"),
    ("text.qwen3-xml", "", "<think>x<tool_call>\n" + FN + "</tool_call>"),
    ("text.minimax", "", '<think>x<minimax:tool_call>\n<invoke name="f">\n</invoke>\n</minimax:tool_call>'),
    # a held call region that never ends, cut by the block's closing marker (hunt 30,
    # review3 finding 2: each region read to the end of the text before the close cut it)
    ("text.command-r", "", "<|START_THINKING|><|START_ACTION|><|END_THINKING|>"),
    ("text.qwen3-xml", "", "<think><tool_call><function=f></think>"),
    ("text.kimi", "", "<think><|tool_calls_section_begin|><|tool_call_begin|></think>"),
    ("text.apertus", "", "<|inner_prefix|><|tools_prefix|><|inner_suffix|>"),
    ("text.command-r", "", '<|START_THINKING|><|START_ACTION|>[{"a": "</think><|END_THINKING|>'),
    # ... and inside a value that never closes (its closer appears nowhere after it)
    ("text.qwen3-xml", "", "<think><tool_call><function=f><parameter=a></think>"),
    ("text.glm", "", "<think><tool_call>f<arg_key>a</arg_key><arg_value></think>"),
    ("text.minimax", "", '<think><minimax:tool_call><invoke name="f"><parameter name="a"></think>'),
    ("text.deepseek", "", '<think><｜DSML｜tool_calls><｜DSML｜invoke name="f"><｜DSML｜parameter name="a" string="true"></think>'),
    # closed blocks, each held from its call marker (finding 3: each held start copied the
    # rest of the text, and each close joined it back)
    ("text.qwen3-xml", "", "<think><tool_call><function=f></function></tool_call></think>"),
    # M3 values read ahead (hunt 30): a closing marker in a value, a value cut by the block's end
    ("text.minimax", "<think>a <minimax:tool_call>\n</minimax:tool_call>",
     ']<]minimax[>[<tool_call>]<]minimax[>[<invoke name="f">]<]minimax[>[<a>x</think>y]<]minimax[>[</a>'
     "]<]minimax[>[</invoke>]<]minimax[>[</tool_call>"),
    ("text.minimax", "<think>a <minimax:tool_call>\n</minimax:tool_call>",
     "]<]minimax[>[<tool_call>]<]minimax[>[<a>x</think>]<]minimax[>[</tool_call> y "),
    # a held value read again from an end marker, then the block closes: the text after it
    # is read as after any block (hunt 31), each a call with the end marker in its value
    ("text.command-r", "", '<|START_THINKING|><|START_ACTION|>[{"tool_name": "f", "parameters": {"a": "'
                           '<|END_ACTION|>x<|END_THINKING|><|START_ACTION|>[{"tool_name": "f", "parameters": '
                           '{"a": "<|END_ACTION|>"}}]<|END_ACTION|>'),
    ("text.kimi", "", '<think><|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>'
                      '{"a": "<|tool_calls_section_end|></think><|tool_calls_section_begin|><|tool_call_begin|>'
                      'functions.f:0<|tool_call_argument_begin|>{"a": "<|tool_calls_section_end|>"}<|tool_call_end|>'
                      "<|tool_calls_section_end|>"),
]


def _text(prefix: str, unit: str, n: int) -> str:
    return prefix + unit * (n // len(unit) + 1)


@pytest.mark.parametrize(("dialect", "prefix", "unit"), UNITS)
def test_linear(dialect: str, prefix: str, unit: str) -> None:
    small, big = _text(prefix, unit, 20_000), _text(prefix, unit, 80_000)
    assert decode_cpu(big, dialect) < 8 * decode_cpu(small, dialect) + 0.05


@pytest.mark.parametrize(("dialect", "prefix", "unit"), UNITS)
def test_in_pieces_as_whole(dialect: str, prefix: str, unit: str) -> None:
    text = _text(prefix, unit, 3_000)
    p = TextParser(dialect)
    for i in range(0, len(text), 3):
        p.feed(text[i : i + 3])
    got = p.close()
    whole = decode_text(text, dialect)
    assert (got.content, got.reasoning, got.tool_calls) == (whole.content, whole.reasoning, whole.tool_calls)
