"""text.step: Step 3 steptml invokes and Step 3.5 <function=…> (engine test shapes)."""

from __future__ import annotations

from textcheck import C, Invalid, check

from toolwire._types import ToolCall
from toolwire.text._api import encode_text

D = "text.step"
S3 = ('<｜tool_calls_begin｜>\n<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather">\n'
      '<steptml:parameter name="location">Beijing</steptml:parameter>\n'
      '<steptml:parameter name="unit">celsius</steptml:parameter>\n</steptml:invoke><｜tool_call_end｜>\n'
      '<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_time">\n</steptml:invoke><｜tool_call_end｜>\n'
      "<｜tool_calls_end｜>")
S35 = ("<tool_call>\n<function=get_weather>\n<parameter=location>\nBeijing\n</parameter>\n<parameter=days>\n3\n"
       "</parameter>\n</function>\n</tool_call>")


def test_step3_section_after_reasoning() -> None:
    check("The user wants Beijing weather.\n</think>\nChecking." + S3, D, "Checking.", "The user wants Beijing weather.",
          [C("get_weather", {"location": "Beijing", "unit": "celsius"}), C("get_time")], thinking=True)


def test_step35_qwen3_coder_layout() -> None:
    check("plan</think>\n\n" + S35, D, None, "plan", [C("get_weather", {"location": "Beijing", "days": 3})],
          thinking=True)
    two = S35 + "\n" + S35.replace("get_weather", "get_forecast")
    check(two, D, None, None, [C("get_weather", {"location": "Beijing", "days": 3}),
                               C("get_forecast", {"location": "Beijing", "days": 3})])


def test_values_typed_by_the_schema() -> None:
    tools = [{"name": "f", "parameters": {"type": "object", "properties": {"code": {"type": "string"},
                                                                           "n": {"type": "integer"}}}}]
    text = "<tool_call>\n<function=f>\n<parameter=code>\n007\n</parameter>\n<parameter=n>\n4.0\n</parameter>\n</function>\n</tool_call>"
    check(text, D, None, None, [C("f", {"code": "007", "n": 4})], tools=tools)


def test_markup_quoted_in_reasoning_is_reasoning() -> None:
    check("I will use <tool_call> soon.</think>" + S35, D, None, "I will use <tool_call> soon.",
          [C("get_weather", {"location": "Beijing", "days": 3})], thinking=True)


def test_markers_inside_values() -> None:
    text = ('<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="echo">'
            '<steptml:parameter name="s"><｜tool_call_end｜><｜tool_calls_end｜></steptml:invoke></steptml:parameter>'
            "</steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>")
    check(text, D, None, None, [C("echo", {"s": "<｜tool_call_end｜><｜tool_calls_end｜></steptml:invoke>"})])


def test_missing_closing_tag_never_swallows_the_next_parameter() -> None:
    text = ("<tool_call>\n<function=w>\n<parameter=city>\nDallas\n<parameter=state>\nTX\n</parameter>\n"
            "</function>\n</tool_call>")
    check(text, D, None, None, [Invalid("w", raw=text)])


def test_truncated_and_malformed() -> None:
    text = '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather"><steptml:par'
    check(text, D, None, None, [Invalid("get_weather", truncated=True)])
    bad = '<｜tool_calls_begin｜><｜tool_call_begin｜>python<｜tool_sep｜>print(1)<｜tool_call_end｜><｜tool_calls_end｜>'
    check(bad, D, None, None, [Invalid(None)])
    check("<tool_call>\n<function=f>\n</tool_call>", D, None, None, [Invalid("f")])


def test_encode_variants() -> None:
    c = ToolCall(name="get_weather", args={"location": "Beijing", "days": 3})
    assert encode_text(c, D) == S35
    assert encode_text(c, D, variant="3") == (
        '<｜tool_calls_begin｜>\n<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather">\n'
        '<steptml:parameter name="location">Beijing</steptml:parameter>\n'
        '<steptml:parameter name="days">3</steptml:parameter>\n</steptml:invoke><｜tool_call_end｜>\n<｜tool_calls_end｜>'
    )


# A ``</think>`` between the calls of a Step 3 section (``<｜tool_calls_begin｜>``) in a
# thinking block that never closed before it: the block closes there, and every call
# before it is reasoning (vLLM's Step 3.5 reasoning parser splits the output at
# ``</think>``). The section's mode did not know the closing marker: the calls ran and
# ``</think>`` became content.
def test_a_close_between_section_calls_ends_the_held_reasoning() -> None:
    text = "<think>x<tool_call><function=f></function></tool_call><｜tool_calls_begin｜></think>y"
    check(text, "text.step", "y", "x<tool_call><function=f></function></tool_call><｜tool_calls_begin｜>", [],
          thinking=True)
