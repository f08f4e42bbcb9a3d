"""text.llama at the start of the output: a call-shaped JSON object that strict JSON
does not read goes through the arguments policy as Hermes's blocks do (repair
recorded) or is an InvalidToolCall, never content; a bracket region that is no call
list is content and does not hide a later <|python_tag|>; a repeated keyword (which
Python rejects) makes a pythonic call invalid; an integer too long for strict JSON is
not labelled cut off."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

import toolwire

D = "text.llama"


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ('{"name": "get_weather", "parameters": {"city": "Paris",}}', {"city": "Paris"}),
        ('{"name": "get_weather", "parameters": {"city": "Paris", "metric": True}}', {"city": "Paris", "metric": True}),
        ("{'name': 'get_weather', 'parameters': {'city': 'Paris'}}", {"city": "Paris"}),
        ('{"name": "get_weather", "arguments": {"city": "Paris",}}', {"city": "Paris"}),
    ],
)
def test_malformed_call_shaped_json_at_the_start_is_repaired_like_hermes(text: str, args: dict) -> None:
    r = check(text, D, None, None, [C("get_weather", args)])
    [call] = r.tool_calls
    hermes = toolwire.decode_text("<tool_call>\n" + text + "\n</tool_call>", "text.hermes").tool_calls[0]
    assert call.repairs == hermes.repairs and call.repairs


def test_plain_json_answers_that_are_not_call_shaped_stay_content() -> None:
    check('{"answer": 42,}', D, '{"answer": 42,}', None, [])
    check('{"user": {"name": "Bob"},}', D, '{"user": {"name": "Bob"},}', None, [])


def test_a_long_integer_is_not_a_cut_off_call() -> None:
    text = '<|python_tag|>{"name": "f", "parameters": {"x": ' + "9" * 5000 + "}}"
    r = toolwire.decode_text(text, D, finish_reason="stop")
    [call] = r.tool_calls
    assert not getattr(call, "truncated", False)
    assert call.name == "f"
    start = toolwire.decode_text(text[len("<|python_tag|>"):], D, finish_reason="stop").tool_calls[0]
    assert not getattr(start, "truncated", False)


def test_an_apostrophe_in_leading_brackets_does_not_hide_a_later_python_tag() -> None:
    text = "[Note: I'll search] <|python_tag|>brave_search.call(query=\"x\")<|eom_id|>"
    check(text, D, "[Note: I'll search]", None, [C("brave_search", {"query": "x"})])
    text = '{"note": "it is} then <|python_tag|>brave_search.call(query="x")<|eom_id|>'
    check(text, D, '{"note": "it is} then', None, [C("brave_search", {"query": "x"})])


@pytest.mark.parametrize(("dialect", "text"), [
    ("text.llama", '[get_weather(city="Paris", city="Lyon")]'),
    ("text.lfm2", '<|tool_call_start|>[get_weather(city="Paris", city="Lyon")]<|tool_call_end|>'),
])
def test_a_repeated_keyword_makes_a_pythonic_call_invalid(dialect: str, text: str) -> None:
    check(text, dialect, None, None, [Invalid("get_weather", raw=text)])
