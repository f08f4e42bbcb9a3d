"""text.longcat: Meituan LongCat-Flash <longcat_tool_call>{json}</longcat_tool_call>; LongCat-Flash-Lite's tagged form.

Literal texts from vllm-project/vllm ``tests/tool_parsers/test_longcat_tool_parser.py``
(single, parallel, surrounding text, malformed) and the form of sgl-project/sglang
``python/sglang/srt/function_call/longcat_detector.py`` (``<longcat_tool_call>\\n{…}\\n
</longcat_tool_call>`` blocks with no separator); ``<longcat_think>`` as vLLM's LongCat
reasoning parser splits it.
"""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire._errors import EncodeError
from toolwire._types import ToolCall
from toolwire.text._api import decode_text, encode_text

D = "text.longcat"
SINGLE = '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</longcat_tool_call>'
PARALLEL = (
    '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</longcat_tool_call>\n'
    '<longcat_tool_call>{"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}</longcat_tool_call>'
)
TOKYO = C("get_weather", {"city": "Tokyo"})
TIME = C("get_time", {"timezone": "Asia/Tokyo"})
# SGLang's detector form: the JSON on its own line, blocks back to back
SGL = ('<longcat_tool_call>\n{"name": "get_weather", "arguments": {"city": "Tokyo"}}\n</longcat_tool_call>'
       '<longcat_tool_call>\n{"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}\n</longcat_tool_call>')


def test_the_engines_test_texts() -> None:
    check("This is a regular response without any tool calls.", D,
          "This is a regular response without any tool calls.", None, [])
    check(SINGLE, D, None, None, [TOKYO])
    check(PARALLEL, D, None, None, [TOKYO, TIME])
    check(SGL, D, None, None, [TOKYO, TIME])
    check('<longcat_tool_call>{"name": "refresh", "arguments": {}}</longcat_tool_call>', D, None, None,
          [C("refresh")])
    text = ("Let me check the weather for you.\n"
            '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</longcat_tool_call>\n'
            "Here is the result.")
    check(text, D, "Let me check the weather for you.\n\nHere is the result.", None, [TOKYO])


def test_malformed_and_cut_off() -> None:
    text = '<longcat_tool_call>{"name": "func", "arguments": {'
    check(text, D, None, None, [Invalid("func", truncated=True, raw=text)])
    text = "Some text with <longcat_tool_call>invalid json"
    check(text, D, "Some text with", None, [Invalid(None, truncated=True, raw="<longcat_tool_call>invalid json")])
    # a string of arguments that is no JSON object: the call is kept, never run with {}
    text = '<longcat_tool_call>{"name": "func", "arguments": "not a dict"}</longcat_tool_call>'
    check(text, D, None, None, [Invalid("func")])
    text = '<longcat_tool_call>[{"name": "f", "arguments": {}}]</longcat_tool_call>'  # a list: no call object
    check(text, D, None, None, [Invalid("f", raw=text)])


def test_markers_inside_strings() -> None:
    text = ('<longcat_tool_call>{"name": "echo", "arguments": {"s": "</longcat_tool_call> <longcat_think>"}}'
            "</longcat_tool_call>")
    check(text, D, None, None, [C("echo", {"s": "</longcat_tool_call> <longcat_think>"})])


def test_reasoning() -> None:
    check("<longcat_think>\nThe user wants the weather.\n</longcat_think>\n" + SINGLE, D, None,
          "The user wants the weather.", [TOKYO])
    check("Hmm.\n</longcat_think>\nIt is sunny.", D, "It is sunny.", "Hmm.", [], thinking=True)
    # a block inside the reasoning is reasoning text, closed or not
    check("<longcat_think>I could write " + SINGLE + "</longcat_think>No.", D, "No.", "I could write " + SINGLE, [])
    check("<longcat_think>Still " + SINGLE, D, None, "Still " + SINGLE, [])


def test_encode_writes_the_detector_form() -> None:
    calls = [ToolCall(name="get_weather", args={"city": "Tokyo"}),
             ToolCall(name="get_time", args={"timezone": "Asia/Tokyo"})]
    assert encode_text(calls, D) == SGL


# LongCat-Flash-Lite's tagged form, as the vendor's detector reads it (meituan-longcat/SGLang-FluentLLM
# longcat_xml_detector.py: the name up to the first newline, then key / value pairs)
LITE = ("<longcat_tool_call>get_weather\n<longcat_arg_key>city</longcat_arg_key>\n"
        "<longcat_arg_value>Tokyo</longcat_arg_value>\n<longcat_arg_key>days</longcat_arg_key>\n"
        "<longcat_arg_value>3</longcat_arg_value>\n</longcat_tool_call>")
LITE_TIME = ("<longcat_tool_call>get_time\n<longcat_arg_key>timezone</longcat_arg_key>\n"
             "<longcat_arg_value>Asia/Tokyo</longcat_arg_value>\n</longcat_tool_call>")
TOKYO3 = C("get_weather", {"city": "Tokyo", "days": 3})


def test_the_lite_tagged_form() -> None:
    check(LITE, D, None, None, [TOKYO3])
    check("Let me check.\n" + LITE + "\n" + LITE_TIME, D, "Let me check.", None, [TOKYO3, TIME])
    check("<longcat_tool_call>now\n</longcat_tool_call>", D, None, None, [C("now")])
    # a JSON block and a tagged one side by side
    check(SINGLE + LITE_TIME, D, None, None, [TOKYO, TIME])
    tools = [{"name": "get_weather", "parameters": {"type": "object", "properties": {
        "city": {"type": "string"}, "days": {"type": "string"}}}}]
    assert decode_text(LITE, D, tools=tools).tool_calls == (C("get_weather", {"city": "Tokyo", "days": "3"}),)
    # the block's end marker inside a value is the value's text
    text = ("<longcat_tool_call>echo\n<longcat_arg_key>s</longcat_arg_key>\n"
            "<longcat_arg_value></longcat_tool_call> <longcat_think></longcat_arg_value>\n</longcat_tool_call>")
    check(text, D, None, None, [C("echo", {"s": "</longcat_tool_call> <longcat_think>"})])


def test_the_lite_form_malformed_and_cut_off() -> None:
    text = ("<longcat_tool_call>f\n<longcat_arg_key>a</longcat_arg_key><longcat_arg_value>1"
            "<longcat_arg_key>b</longcat_arg_key><longcat_arg_value>2</longcat_arg_value>\n</longcat_tool_call>")
    check(text, D, None, None, [Invalid("f", raw=text)])  # a lost </longcat_arg_value>
    text = ("<longcat_tool_call>f\n<longcat_arg_key>a</longcat_arg_key><longcat_arg_value>1</longcat_arg_value>"
            "<longcat_arg_key>a</longcat_arg_key><longcat_arg_value>2</longcat_arg_value></longcat_tool_call>")
    check(text, D, None, None, [Invalid("f", raw=text)])  # a key twice
    text = "<longcat_tool_call>\n<longcat_arg_key>a</longcat_arg_key><longcat_arg_value>1</longcat_arg_value></longcat_tool_call>"
    check(text, D, None, None, [Invalid(None, raw=text)])  # no name
    text = LITE[: LITE.index("<longcat_arg_value>3")] + "<longcat_arg_value>"
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)], finish_reason="length")


def test_encode_the_lite_form() -> None:
    calls = [ToolCall(name="get_weather", args={"city": "Tokyo", "days": 3}),
             ToolCall(name="get_time", args={"timezone": "Asia/Tokyo"})]
    assert encode_text(calls, D, variant="lite") == LITE + "\n" + LITE_TIME
    assert encode_text(calls, D) == SGL.replace('"Tokyo"}}', '"Tokyo", "days": 3}}', 1)
    # a call read from the tagged form is written back in it
    assert encode_text(decode_text(LITE, D).tool_calls, D) == LITE
    with pytest.raises(EncodeError):
        encode_text(ToolCall(name="f", args={"s": "a</longcat_arg_value>b"}), D, variant="lite")
