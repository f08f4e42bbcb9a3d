"""text.qwen3-xml: Qwen3-Coder <function=…><parameter=…> (expected values from the format spec)."""

from __future__ import annotations

from textcheck import C, Invalid, check

from toolwire._types import Tool

D = "text.qwen3-xml"
W = "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>"
SCHEMA = {
    "type": "object",
    "properties": {
        "city": {"type": "string"},
        "days": {"type": "integer"},
        "zip": {"type": "string"},
        "opts": {"type": "object"},
        "ok": {"type": "boolean"},
        "maybe": {"type": ["number", "null"]},
    },
}


def test_single_call_untyped() -> None:
    check(W, D, None, None, [C("get_weather", {"city": "Paris", "days": 3})])


def test_parallel_calls() -> None:
    text = W + "\n<tool_call>\n<function=get_time>\n<parameter=tz>\nUTC\n</parameter>\n</function>\n</tool_call>"
    check(text, D, None, None, [C("get_weather", {"city": "Paris", "days": 3}), C("get_time", {"tz": "UTC"})])


def test_two_functions_in_one_block() -> None:
    text = "<tool_call>\n<function=a>\n</function>\n<function=b>\n<parameter=x>\n1\n</parameter>\n</function>\n</tool_call>"
    check(text, D, None, None, [C("a"), C("b", {"x": 1})])


def test_no_argument_call() -> None:
    check("<tool_call>\n<function=now>\n</function>\n</tool_call>", D, None, None, [C("now")])


def test_unicode_and_nested_arguments() -> None:
    text = (
        "<tool_call>\n<function=book>\n<parameter=ville>\nZürich 東京 🚄\n</parameter>\n"
        '<parameter=opts>\n{"a": [1, {"b": null}]}\n</parameter>\n</function>\n</tool_call>'
    )
    check(text, D, None, None, [C("book", {"ville": "Zürich 東京 🚄", "opts": {"a": [1, {"b": None}]}})])


def test_values_typed_by_schema() -> None:
    text = (
        "<tool_call>\n<function=get_weather>\n<parameter=city>\n42\n</parameter>\n<parameter=days>\n3\n</parameter>\n"
        "<parameter=zip>\n01234\n</parameter>\n<parameter=ok>\nTrue\n</parameter>\n<parameter=maybe>\nnull\n</parameter>\n"
        "<parameter=other>\n7\n</parameter>\n</function>\n</tool_call>"
    )
    tools = [{"type": "function", "function": {"name": "get_weather", "parameters": SCHEMA}}]
    expected = {"city": "42", "days": 3, "zip": "01234", "ok": True, "maybe": None, "other": 7}
    check(text, D, None, None, [C("get_weather", expected)], tools=tools)
    check(text, D, None, None, [C("get_weather", expected)], tools=[Tool(name="get_weather", parameters=SCHEMA)])
    check(text, D, None, None, [C("get_weather", expected)], tools=[{"name": "get_weather", "parameters": SCHEMA}])


def test_schema_mismatch_keeps_the_text() -> None:
    text = "<tool_call>\n<function=get_weather>\n<parameter=days>\nthree\n</parameter>\n</function>\n</tool_call>"
    tools = [{"name": "get_weather", "parameters": SCHEMA}]
    check(text, D, None, None, [C("get_weather", {"days": "three"})], tools=tools)


def test_multiline_value_keeps_inner_newlines() -> None:
    text = "<tool_call>\n<function=write>\n<parameter=code>\n\ndef f():\n    return 1\n\n</parameter>\n</function>\n</tool_call>"
    check(text, D, None, None, [C("write", {"code": "\ndef f():\n    return 1\n"})])


def test_calls_after_reasoning() -> None:
    check("<think>\nplan\n</think>\n" + W, D, None, "plan", [C("get_weather", {"city": "Paris", "days": 3})])
    check("plan\n" + W, D, None, "plan", [C("get_weather", {"city": "Paris", "days": 3})], thinking=True)


def test_content_before_and_after_calls() -> None:
    check("I will look.\n" + W + "\nThen answer.", D, "I will look.\n\nThen answer.", None,
          [C("get_weather", {"city": "Paris", "days": 3})])


def test_markers_inside_values() -> None:
    text = (
        "<tool_call>\n<function=echo>\n<parameter=s>\nsee </tool_call> and <parameter=x> and </function>\n"
        "</parameter>\n</function>\n</tool_call>"
    )
    check(text, D, None, None, [C("echo", {"s": "see </tool_call> and <parameter=x> and </function>"})])


def test_truncated_call() -> None:
    text = "<tool_call>\n<function=get_weather>\n<parameter=city>\nPar"
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)])


def test_unclosed_parameter_is_not_executed_and_its_block_still_ends() -> None:
    # </parameter> dropped (ollama/ollama PR #17914): </tool_call> still ends the block,
    # which closed: an invalid call, not one cut off by the end of the text (TXT-1)
    text = "<tool_call>\n<function=f>\n<parameter=b>\nx\n</parameter>\n<parameter=a>\n1\n</function>\n</tool_call>"
    check(text, D, None, None, [Invalid("f", raw=text)])


def test_missing_function_end_is_tolerated_and_recorded() -> None:
    text = "<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n</tool_call>"
    r = check(text, D, None, None, [C("f", {"a": 1})])
    assert r.tool_calls[0].repairs == ("unclosed-function",)


def test_malformed_blocks() -> None:
    check("<tool_call>\nhello\n</tool_call>", D, None, None, [Invalid(None, raw="<tool_call>\nhello\n</tool_call>")])
    check("<tool_call><function=></function></tool_call>", D, None, None, [Invalid(None)])
    check("<tool_call><function=f</tool_call>", D, None, None, [Invalid(None)])


def test_python_spellings_the_template_writes_are_typed_only_by_the_schema() -> None:
    """The Qwen3-Coder template (vllm-project/vllm ``examples/tool_chat_template_qwen3coder.jinja``
    at 7a3bde4c9988d419449263a80f79e5d586e872a4) writes non-mapping, non-list values with
    ``| string``: ``True``, ``None``. As the module docstring says, they read back as a
    boolean / null with ``tools=``; without, they stay text (JSON's spellings do not)."""
    text = ("<tool_call>\n<function=f>\n<parameter=ok>\nTrue\n</parameter>\n<parameter=maybe>\nNone\n</parameter>\n"
            "<parameter=yes>\ntrue\n</parameter>\n</function>\n</tool_call>")
    check(text, D, None, None, [C("f", {"ok": "True", "maybe": "None", "yes": True})])
    tools = [Tool(name="f", parameters=SCHEMA)]
    check(text, D, None, None, [C("f", {"ok": True, "maybe": None, "yes": True})], tools=tools)
