"""text.longcat: Meituan LongCat-Flash <longcat_tool_call>{json}</longcat_tool_call>.

Literal texts from vllm-project/vllm ``tests/tool_parsers/test_longcat_tool_parser.py``
(single, parallel, surrounding text, malformed) and the form of sgl-project/sglang
``python/sglang/srt/function_call/longcat_detector.py`` (``<longcat_tool_call>\\n{…}\\n
</longcat_tool_call>`` blocks with no separator); ``<longcat_think>`` as vLLM's LongCat
reasoning parser splits it.
"""

from __future__ import annotations

from textcheck import C, Invalid, check

from toolwire._types import ToolCall
from toolwire.text._api import encode_text

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
