"""text.glm: GLM-4.5+ <arg_key>/<arg_value> (expected values from the format spec)."""

from __future__ import annotations

from textcheck import C, Invalid, check

D = "text.glm"
W = "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>"


def test_single_call_45_and_47_spellings() -> None:
    check(W, D, None, None, [C("get_weather", {"city": "Beijing", "days": 3})])
    w47 = "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>"
    check(w47, D, None, None, [C("get_weather", {"city": "Beijing"})])


def test_parallel_calls() -> None:
    text = W + "\n<tool_call>get_time\n<arg_key>tz</arg_key>\n<arg_value>UTC</arg_value>\n</tool_call>"
    check(text, D, None, None, [C("get_weather", {"city": "Beijing", "days": 3}), C("get_time", {"tz": "UTC"})])


def test_no_argument_call() -> None:
    check("<tool_call>now\n</tool_call>", D, None, None, [C("now")])


def test_unicode_and_nested_arguments() -> None:
    text = '<tool_call>book<arg_key>城市</arg_key><arg_value>北京 🚄</arg_value><arg_key>o</arg_key><arg_value>{"a": [1, {"b": null}], "t": "x"}</arg_value></tool_call>'
    check(text, D, None, None, [C("book", {"城市": "北京 🚄", "o": {"a": [1, {"b": None}], "t": "x"}})])


def test_values_typed_by_schema() -> None:
    tools = [{"type": "function", "function": {"name": "f", "parameters": {
        "type": "object", "properties": {"code": {"type": "string"}, "n": {"type": "integer"}}}}}]
    text = "<tool_call>f<arg_key>code</arg_key><arg_value>123</arg_value><arg_key>n</arg_key><arg_value>4.0</arg_value></tool_call>"
    check(text, D, None, None, [C("f", {"code": "123", "n": 4})], tools=tools)


def test_calls_after_reasoning_and_content_around() -> None:
    text = "<think>plan it</think>Looking it up.\n" + W + "\nOne moment."
    check(text, D, "Looking it up.\n\nOne moment.", "plan it", [C("get_weather", {"city": "Beijing", "days": 3})])


def test_markers_inside_values() -> None:
    text = "<tool_call>echo<arg_key>s</arg_key><arg_value>x </tool_call> <arg_key>y</arg_key> <tool_call></arg_value></tool_call>"
    check(text, D, None, None, [C("echo", {"s": "x </tool_call> <arg_key>y</arg_key> <tool_call>"})])


def test_truncated_call() -> None:
    text = "ok <tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Bei"
    check(text, D, "ok", None, [Invalid("get_weather", truncated=True, raw=text[3:])])


def test_malformed_calls() -> None:
    check("<tool_call><arg_key>a</arg_key><arg_value>1</arg_value></tool_call>", D, None, None, [Invalid(None)])
    check("<tool_call>f<arg_key>a</arg_key></tool_call>", D, None, None, [Invalid("f")])
