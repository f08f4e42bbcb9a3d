"""text.seed-oss: Seed-OSS <seed:tool_call><function=…> with <seed:think> (vLLM test shapes)."""

from __future__ import annotations

from textcheck import C, Invalid, check

from toolwire._types import ToolCall
from toolwire.text._api import encode_text

D = "text.seed-oss"
CALL = ("<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n"
        "<parameter=unit>celsius</parameter>\n</function>\n</seed:tool_call>")
W = C("get_weather", {"location": "Barcelona, Spain", "unit": "celsius"})


def test_call_without_reasoning() -> None:
    check(CALL, D, None, None, [W])


def test_thinking_budget_reports_are_reasoning_text() -> None:
    text = ("<seed:think>The budget is 512.\n<seed:cot_budget_reflect>I have used 131 tokens.</seed:cot_budget_reflect>"
            "\nCall get_weather.</seed:think>\n" + CALL + "<seed:eos>")
    check(text, D, None, "The budget is 512.\nI have used 131 tokens.\nCall get_weather.", [W])


def test_markup_quoted_inside_thinking_is_reasoning() -> None:
    # as in vLLM's "unlimited thinking budget" case: the model writes the call format while thinking
    thought = "The format is <seed:tool_call>\n<function=get_weather>\n</function>\n</seed:tool_call>. Go."
    check(f"<seed:think>{thought}</seed:think>{CALL}", D, None, thought, [W])


def test_values_typed_by_the_schema_python_spellings() -> None:
    tools = [{"name": "f", "parameters": {"type": "object", "properties": {
        "flag": {"type": "boolean"}, "n": {"type": "integer"}, "s": {"type": "string"}}}}]
    text = ("<seed:tool_call>\n<function=f>\n<parameter=flag>True</parameter>\n<parameter=n>7</parameter>\n"
            "<parameter=s>7</parameter>\n</function>\n</seed:tool_call>")
    check(text, D, None, None, [C("f", {"flag": True, "n": 7, "s": "7"})], tools=tools)


def test_markers_inside_values_and_missing_close() -> None:
    text = "<seed:tool_call><function=echo><parameter=s>a </seed:tool_call></function> b</parameter></function></seed:tool_call>"
    check(text, D, None, None, [C("echo", {"s": "a </seed:tool_call></function> b"})])
    bad = "<seed:tool_call><function=w><parameter=city>Dallas<parameter=state>TX</parameter></function></seed:tool_call>"
    check(bad, D, None, None, [Invalid("w", raw=bad)])


def test_truncated() -> None:
    text = "<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barce"
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)])


def test_encode_follows_the_chat_template() -> None:
    c = ToolCall(name="get_weather", args={"location": "Barcelona, Spain", "days": 2})
    assert encode_text(c, D) == (
        "<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n"
        "<parameter=days>2</parameter>\n</function>\n</seed:tool_call>"
    )
