"""text.xlam: xLAM JSON arrays as the answer, fenced, tagged or after [TOOL_CALLS] (vLLM test shapes)."""

from __future__ import annotations

from textcheck import C, Invalid, check

from toolwire._types import ToolCall
from toolwire.text._api import encode_text

D = "text.xlam"
ARR = ('[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}, '
       '{"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL", "unit": "fahrenheit"}}]')
TWO = [C("get_current_weather", {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}),
       C("get_current_weather", {"city": "Orlando", "state": "FL", "unit": "fahrenheit"})]


def test_bare_array_and_after_think() -> None:
    check(ARR, D, None, None, TWO)
    check("<think>Two cities.</think>\n" + ARR, D, None, "Two cities.", TWO)


def test_fenced_tagged_and_marked_arrays() -> None:
    check("I'll check both.\n```json\n" + ARR + "\n```", D, "I'll check both.", None, TWO)
    check("<tool_call>" + ARR + "</tool_call>", D, None, None, TWO)
    check("[TOOL_CALLS]" + ARR, D, None, None, TWO)


def test_arrays_that_are_not_calls_stay_content() -> None:
    check("[1, 2, 3] are the first numbers.", D, "[1, 2, 3] are the first numbers.", None, [])
    check('```json\n{"city": "Dallas"}\n```', D, '```json\n{"city": "Dallas"}\n```', None, [])
    check('Answer: [{"name": "x"}]', D, 'Answer: [{"name": "x"}]', None, [])  # not at the start


def test_markers_inside_strings() -> None:
    check('[{"name": "echo", "arguments": {"s": "]``` </tool_call>"}}]', D, None, None,
          [C("echo", {"s": "]``` </tool_call>"})])


def test_truncated_and_malformed() -> None:
    text = '[{"name": "get_current_weather", "arguments": {"city": "Dal'
    check(text, D, None, None, [Invalid("get_current_weather", truncated=True, raw=text)])
    check("[1, 2", D, "[1, 2", None, [])
    check('<tool_call>{"city": 1}</tool_call>', D, None, None, [Invalid(None)])


def test_a_whole_call_array_that_is_not_json_is_an_invalid_call_not_content() -> None:
    """An array that names a call but that the JSON reader refuses (a trailing comma,
    single quotes, Python's True, a second call without a comma, a non-call item) is an
    invalid call: as content it would be an empty answer where the model called."""
    for text in ('[{"name": "get_weather", "arguments": {"city": "Paris",}}]',
                 '[{"name": "get_weather", "arguments": {"city": "Paris", "ok": True}}]',
                 '[{"name": "get_weather", "arguments": {}} {"name": "g", "arguments": {}}]',
                 '[{"name": "get_weather", "arguments": {"city": "Paris"}}, 5]'):
        check(text, D, None, None, [Invalid("get_weather", raw=text)])
    single = "[{'name': 'get_weather', 'arguments': {'city': 'Paris'}}]"
    check(single, D, None, None, [Invalid(None, raw=single)])
    fenced = '```json\n[{"name": "get_weather", "arguments": {"city": "Paris",}}]\n```'
    check(fenced, D, None, None, [Invalid("get_weather", raw=fenced)])
    check("[1, 2,] is a list.", D, "[1, 2,] is a list.", None, [])  # no call named: content


def test_encode_follows_the_chat_template() -> None:
    c = ToolCall(name="get_current_weather", args={"city": "Dallas"})
    assert encode_text(c, D) == '[{"name": "get_current_weather", "arguments": {"city": "Dallas"}}]'
