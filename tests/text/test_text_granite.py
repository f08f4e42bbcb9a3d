"""text.granite: Granite 3.0 / 3.1+ JSON arrays and Granite 4 <tool_call> blocks (engine test shapes)."""

from __future__ import annotations

from textcheck import C, Invalid, check

from toolwire._types import ToolCall
from toolwire.text._api import encode_text

D = "text.granite"
ARR = '[{"name": "get_weather", "arguments": {"city": "Boston", "unit": "F"}}, {"name": "get_time", "arguments": {}}]'
TWO = [C("get_weather", {"city": "Boston", "unit": "F"}), C("get_time")]


def test_granite_30_token_and_31_string_openers() -> None:
    check("<|tool_call|>" + ARR, D, None, None, TWO)
    check(" <tool_call>" + ARR + "<|end_of_text|>", D, None, None, TWO)


def test_granite_4_blocks_with_content() -> None:
    text = ('I will look it up.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Boston", "unit": "F"}}\n'
            '</tool_call>\n<tool_call>\n{"name": "get_time", "arguments": {}}\n</tool_call>')
    check(text, D, "I will look it up.", None, TWO)


def test_think_and_response_tags() -> None:
    text = '<think>Need the weather.</think><response><tool_call>[{"name": "get_time", "parameters": {}}]</response>'
    check(text, D, None, "Need the weather.", [C("get_time")])


def test_markers_inside_json_strings() -> None:
    check('<tool_call>{"name": "echo", "arguments": {"s": "]} </tool_call> <|tool_call|>"}}</tool_call>', D, None,
          None, [C("echo", {"s": "]} </tool_call> <|tool_call|>"})])


def test_truncated_and_malformed() -> None:
    text = '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Bos'
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)])
    check("<tool_call>not json</tool_call>", D, None, None, [Invalid(None)])
    check('<tool_call>[{"arguments": {}}, {"name": "ok", "arguments": {}}]', D, None, None, [Invalid(None), C("ok")])


def test_encode_variants() -> None:
    c = ToolCall(name="get_weather", args={"city": "Boston"})
    assert encode_text(c, D) == '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Boston"}}\n</tool_call>'
    assert encode_text(c, D, variant="3.1") == '<tool_call>[{"name": "get_weather", "arguments": {"city": "Boston"}}]'
    assert encode_text(c, D, variant="3.0") == '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Boston"}}]'
