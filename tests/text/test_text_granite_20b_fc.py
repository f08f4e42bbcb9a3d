"""text.granite-20b-fc: IBM granite-20b-functioncalling <function_call> {"name", "arguments"}.

Literal texts rendered from vllm-project/vllm ``examples/tool_chat_template_granite_20b_fc.jinja``
(jinja2 with transformers' settings: an assistant message with two calls, one with
non-ASCII and every JSON type) and the model outputs of vLLM's
``tests/tool_parsers/test_granite_20b_fc_tool_parser.py``.
"""

from __future__ import annotations

from textcheck import C, Invalid, check

from toolwire._types import ToolCall
from toolwire.text._api import decode_text, encode_text

D = "text.granite-20b-fc"
# the template's rendering of {"role": "assistant", "tool_calls": [get_weather, now]} after "\nASSISTANT:"
RENDERED = ('\n<function_call> {"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}\n'
            '<function_call> {"name": "now", "arguments": {}}\n<|endoftext|>\n')
TYPES = '\n<function_call> {"name": "f", "arguments": {"s": "é \\"q\\"", "n": [1, 2.5, true, null]}}\n<|endoftext|>\n'
WEATHER = '<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}'


def test_the_rendered_turns() -> None:
    check(RENDERED, D, None, None, [C("get_weather", {"city": "Paris", "days": 3}), C("now")])
    check(TYPES, D, None, None, [C("f", {"s": 'é "q"', "n": [1, 2.5, True, None]})])
    calls = [ToolCall(name="get_weather", args={"city": "Paris", "days": 3}), ToolCall(name="now", args={})]
    assert "\n" + encode_text(calls, D) + "\n<|endoftext|>\n" == RENDERED
    call = ToolCall(name="f", args={"s": 'é "q"', "n": [1, 2.5, True, None]})
    assert "\n" + encode_text(call, D) + "\n<|endoftext|>\n" == TYPES
    assert decode_text(encode_text(calls, D), D).tool_calls == tuple(calls)


def test_the_parsers_outputs() -> None:
    check("This is a regular response without any tool calls.", D,
          "This is a regular response without any tool calls.", None, [])
    check(WEATHER, D, None, None, [C("get_weather", {"city": "Tokyo"})])
    text = WEATHER + '\n<function_call> {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}'
    check(text, D, None, None, [C("get_weather", {"city": "Tokyo"}), C("get_time", {"timezone": "Asia/Tokyo"})])
    text = ('<function_call> {\n  "name": "test_function",\n  "arguments": {\n    "string_field": "hello",\n'
            '    "int_field": 42,\n    "float_field": 3.14,\n    "bool_field": true,\n    "null_field": null,\n'
            '    "array_field": ["a", "b", "c"],\n    "object_field": {"nested": "value"},\n    "empty_array": [],\n'
            '    "empty_object": {}\n  }\n}')
    check(text, D, None, None, [C("test_function", {
        "string_field": "hello", "int_field": 42, "float_field": 3.14, "bool_field": True, "null_field": None,
        "array_field": ["a", "b", "c"], "object_field": {"nested": "value"}, "empty_array": [], "empty_object": {}})])
    check("Let me check the weather for you.\n" + WEATHER, D, "Let me check the weather for you.", None,
          [C("get_weather", {"city": "Tokyo"})])
    text = ('<function_call> {\n  "name": "test_function",\n  "arguments": {\n    "quoted": "He said \\"hello\\"",\n'
            '    "path": "C:\\\\Users\\\\file.txt",\n    "newline": "line1\\nline2",\n    "unicode": "emoji: 🎉"\n  }\n}')
    check(text, D, None, None, [C("test_function", {
        "quoted": 'He said "hello"', "path": "C:\\Users\\file.txt", "newline": "line1\nline2", "unicode": "emoji: 🎉"})])
    # a marker inside a JSON string is text; text after the calls is content
    check('<function_call> {"name": "f", "arguments": {"a": "<function_call> {"}} done.', D, "done.", None,
          [C("f", {"a": "<function_call> {"})])


def test_malformed_and_cut_off() -> None:
    text = '<function_call> {"name": "func", "arguments": {'
    check(text, D, None, None, [Invalid("func", truncated=True, raw=text)])
    text = '<function_call> [{"name": "func", "arguments": {}}]'
    check(text, D, None, None, [Invalid("func", raw=text)])
    check('{"name": "func", "arguments": {}}', D, '{"name": "func", "arguments": {}}', None, [])
    text = '<function_call> {"name": 123}'
    check(text, D, None, None, [Invalid(None, raw=text)])
    # the JSON complete with a length finish: cut off there
    check(WEATHER, D, None, None, [Invalid("get_weather", truncated=True, raw=WEATHER)], finish_reason="length")
    # an object still open where the end-of-turn token was kept: its JSON is cut off
    text = '<function_call> {"name": "f", "arguments": {"a": 1}<|endoftext|>'
    check(text, D, None, None, [Invalid("f", truncated=True, raw=text)])


def test_no_function_is_no_call() -> None:
    text = '<function_call> {"name": "no_function", "arguments": {}}'
    check(text, D, None, None, [Invalid(None, raw=text)])
    tools = [{"type": "function", "function": {"name": "no_function", "parameters": {"type": "object"}}}]
    check(text, D, None, None, [C("no_function")], tools=tools)
