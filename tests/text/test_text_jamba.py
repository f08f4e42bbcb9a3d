"""text.jamba: Jamba <tool_calls>[json]</tool_calls> (vLLM test shapes)."""

from __future__ import annotations

from textcheck import C, Invalid, check

from toolwire._types import ToolCall
from toolwire.text._api import encode_text

D = "text.jamba"


def test_calls_after_content() -> None:
    text = (' <tool_calls>[\n    {"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", '
            '"unit": "fahrenheit"}},\n    {"name": "get_current_weather", "arguments": {"city": "Orlando", '
            '"state": "FL", "unit": "fahrenheit"}}\n]</tool_calls>')
    check(text, D, None, None, [C("get_current_weather", {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}),
                                C("get_current_weather", {"city": "Orlando", "state": "FL", "unit": "fahrenheit"})])
    check('Sure, checking.<tool_calls>[{"name": "now", "arguments": {}}]</tool_calls>', D, "Sure, checking.", None,
          [C("now")])


def test_markers_inside_strings_and_unicode() -> None:
    check('<tool_calls>[{"name": "echo", "arguments": {"s": "]</tool_calls> 東京"}}]</tool_calls>', D, None, None,
          [C("echo", {"s": "]</tool_calls> 東京"})])


def test_truncated_and_malformed() -> None:
    text = '<tool_calls>[{"name": "get_current_weather", "arguments": {"city": "Dal'
    check(text, D, None, None, [Invalid("get_current_weather", truncated=True, raw=text)])
    check("<tool_calls>[1]</tool_calls>", D, None, None, [Invalid(None)])
    check('<tool_calls>"f"</tool_calls>', D, None, None, [Invalid(None)])


def test_encode() -> None:
    c = ToolCall(name="get_current_weather", args={"city": "Dallas"})
    assert encode_text(c, D) == '<tool_calls>[{"name": "get_current_weather", "arguments": {"city": "Dallas"}}]</tool_calls>'
