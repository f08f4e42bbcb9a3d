"""A call the model abandoned: its format's call-open marker comes where the open call's
value is being read (hunt 39, engine text r4/r5: the next call was lost into the open
one's InvalidToolCall). The open call is an InvalidToolCall and the marker opens the next
call; where the call, read with the marker as its text, is whole, the marker is its text.
Wire shapes from the formats' chat templates (see each module's sources)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

# (dialect, a call cut mid-value then the next call, the cut call's raw, the next call)
ABANDONED = [
    ("text.hermes",
     '<tool_call>\n{"name": "f", "arguments": {"a": "half\n<tool_call>\n{"name": "g", "arguments": {"b": "y"}}\n</tool_call>',
     '<tool_call>\n{"name": "f", "arguments": {"a": "half\n'),
    ("text.hermes",
     '<tool_call>\n{"name": "f", "arguments": {"a": 1\n<tool_call>\n{"name": "g", "arguments": {"b": "y"}}\n</tool_call>',
     '<tool_call>\n{"name": "f", "arguments": {"a": 1\n'),
    ("text.qwen3-xml",
     "<tool_call>\n<function=f>\n<parameter=a>\nhalf\n<tool_call>\n<function=g>\n<parameter=b>\ny\n</parameter>\n"
     "</function>\n</tool_call>",
     "<tool_call>\n<function=f>\n<parameter=a>\nhalf\n"),
    ("text.qwen3-xml",
     "<tool_call>\n<function=f>\n<parameter=a>\nhalf</parameter>\n<tool_call>\n<function=g>\n<parameter=b>\ny\n"
     "</parameter>\n</function>\n</tool_call>",
     "<tool_call>\n<function=f>\n<parameter=a>\nhalf</parameter>\n"),
    ("text.seed-oss",
     "<seed:tool_call>\n<function=f>\n<parameter=a>half\n<seed:tool_call>\n<function=g>\n<parameter=b>y</parameter>\n"
     "</function>\n</seed:tool_call>",
     "<seed:tool_call>\n<function=f>\n<parameter=a>half\n"),
    ("text.glm",
     "<tool_call>f\n<arg_key>a</arg_key>\n<arg_value>half\n<tool_call>g\n<arg_key>b</arg_key>\n<arg_value>y</arg_value>\n"
     "</tool_call>",
     "<tool_call>f\n<arg_key>a</arg_key>\n<arg_value>half\n"),
    ("text.glm",
     "<tool_call>f<arg_key>a</arg_key><tool_call>g<arg_key>b</arg_key><arg_value>y</arg_value></tool_call>",
     "<tool_call>f<arg_key>a</arg_key>"),
]


@pytest.mark.parametrize(("dialect", "text", "raw"), ABANDONED)
@pytest.mark.parametrize("finish", [None, "stop", "length"])
def test_a_call_open_marker_in_an_open_call_abandons_it(dialect: str, text: str, raw: str, finish: str | None) -> None:
    check(text, dialect, None, None, [Invalid("f", raw=raw), C("g", {"b": "y"})], finish_reason=finish)


# the marker in a value of a call that reads whole with it is the value's text
IN_VALUE = [
    ("text.hermes", '<tool_call>\n{"name": "f", "arguments": {"a": "x <tool_call> y"}}\n</tool_call>', "x <tool_call> y"),
    ("text.qwen3-xml", "<tool_call>\n<function=f>\n<parameter=a>\nx\n<tool_call>\ny\n</parameter>\n</function>\n</tool_call>",
     "x\n<tool_call>\ny"),
    ("text.seed-oss", "<seed:tool_call>\n<function=f>\n<parameter=a>x <seed:tool_call> y</parameter>\n</function>\n"
     "</seed:tool_call>", "x <seed:tool_call> y"),
    ("text.glm", "<tool_call>f\n<arg_key>a</arg_key>\n<arg_value>x <tool_call> y</arg_value>\n</tool_call>", "x <tool_call> y"),
]


@pytest.mark.parametrize(("dialect", "text", "value"), IN_VALUE)
def test_a_call_open_marker_in_a_whole_value_is_its_text(dialect: str, text: str, value: str) -> None:
    check(text, dialect, None, None, [C("f", {"a": value})], finish_reason="stop")


# Qwen3's "consecutive tool call without closing" (vLLM): a block whose functions all
# closed, then <tool_call> again: its </tool_call> was left out, its calls are whole
@pytest.mark.parametrize(("dialect", "o", "c"), [("text.qwen3-xml", "<tool_call>", "</tool_call>"),
                                                 ("text.seed-oss", "<seed:tool_call>", "</seed:tool_call>")])
def test_closed_functions_before_the_next_block_are_whole(dialect: str, o: str, c: str) -> None:
    fn = "<function=f>\n<parameter=a>\nx\n</parameter>\n</function>\n"
    nxt = "<function=g>\n<parameter=b>\ny\n</parameter>\n</function>\n"
    a = "x" if dialect == "text.qwen3-xml" else "\nx\n"
    b = "y" if dialect == "text.qwen3-xml" else "\ny\n"
    check(o + "\n" + fn + o + "\n" + nxt + c, dialect, None, None, [C("f", {"a": a}), C("g", {"b": b})],
          finish_reason="stop")
