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
    text = '{"note": "it is" then <|python_tag|>brave_search.call(query="x")<|eom_id|>'
    check(text, D, '{"note": "it is" then', None, [C("brave_search", {"query": "x"})])


@pytest.mark.parametrize(("dialect", "text"), [
    ("text.llama", '[get_weather(city="Paris", city="Lyon")]'),
    ("text.lfm2", '<|tool_call_start|>[get_weather(city="Paris", city="Lyon")]<|tool_call_end|>'),
])
def test_a_repeated_keyword_makes_a_pythonic_call_invalid(dialect: str, text: str) -> None:
    check(text, dialect, None, None, [Invalid("get_weather", raw=text)])


# A value that never closes: its region ended at the first stop token inside it
# (docs/text-formats.md, "Markers inside values"). The list at the start was read again
# as content, where the markers inside the value count: the call was lost and a
# ``<|python_tag|>`` inside its value became a code_interpreter call.
STOPS = ["<|eot_id|>", "<|eom_id|>", "<|eot|>", "<|eom|>"]


@pytest.mark.parametrize("finish", [None, "stop", "length"])
@pytest.mark.parametrize("end", STOPS)
def test_a_list_whose_value_holds_a_stop_token_is_an_invalid_call(finish: str | None, end: str) -> None:
    text = "[f(a='<|python_tag|>import os; os.remove(x)" + end
    check(text, D, None, None, [Invalid("f", raw=text)], finish_reason=finish)
    text = "[get_weather(city='Paris'), run(cmd='x" + end
    check(text, D, None, None, [C("get_weather", {"city": "Paris"}), Invalid("run", raw=text)],
          finish_reason=finish)
    text = '[f(a="x' + end
    check(text, D, None, None, [Invalid("f", raw=text)], finish_reason=finish)


def test_a_slipped_quote_before_a_python_tag_is_not_told_from_a_tag_in_a_value() -> None:
    """``'it's'`` leaves a quote open up to the stop token, as a value holding the tag
    does: one InvalidToolCall keeping the text, never a call run from a value."""
    text = "[note(text='it's')] <|python_tag|>brave_search.call(query=\"x\")<|eom_id|>"
    check(text, D, None, None, [Invalid("note", raw=text)], finish_reason="stop")


def test_the_text_after_the_stop_token_in_a_value_is_read_as_usual() -> None:
    text = "[get_weather(city='Paris'), run(cmd='<|python_tag|>y<|eot_id|>"
    check(text + " Done.", D, "Done.", None, [C("get_weather", {"city": "Paris"}), Invalid("run", raw=text)],
          finish_reason="stop")


@pytest.mark.parametrize("finish", [None, "stop", "length"])
def test_a_list_still_open_at_a_stop_token_is_an_invalid_call(finish: str | None) -> None:
    """As the ``<|python_start|>`` form: its end marker came, so it is not cut off."""
    for text in ("[get_weather(city='Paris')<|eot_id|>", "[get_weather(city=['Paris'<|eom_id|>"):
        check(text, D, None, None, [Invalid("get_weather", raw=text)], finish_reason=finish)


@pytest.mark.parametrize("finish", [None, "stop", "length"])
def test_a_json_call_whose_value_holds_a_stop_token_is_not_content(finish: str | None) -> None:
    """Cut-off JSON with a ``"name"``, as when the text ends there (the module docstring)."""
    for text, name in [('{"name": "f", "args": {"a": "<|python_tag|>x<|eot_id|>', "f"),
                       ('{"name": "<|python_tag|>x<|eot_id|>', None),
                       ('{"name": "f", "parameters": {"a": "<|python_tag|>x<|eom_id|>', "f"),
                       ('<|python_start|>[{"name": "f", "parameters": {"a": "<|python_tag|>x<|eot_id|>', "f"),
                       ('<|python_start|>{"name": "f", "parameters": {"a": "<|python_tag|>x<|eot|>', "f")]:
        check(text, D, None, None, [Invalid(name, truncated=True, raw=text)], finish_reason=finish)


def test_prose_in_brackets_with_a_stop_token_in_a_quote_stays_content() -> None:
    check("[Note: I'll search<|eot_id|>", D, "[Note: I'll search", None, [])
    check("[Note: I'll search<|eot_id|> <|python_tag|>brave_search.call(query=\"x\")<|eom_id|>", D,
          "[Note: I'll search", None, [C("brave_search", {"query": "x"})])
    check('{"note": "it is<|eot_id|>', D, '{"note": "it is', None, [])


# A marker inside a JSON string value at the start never starts a call: the region was
# read again as content, where the <|python_tag|> in the value opened a code_interpreter
# call (llama.cpp's Llama 3.3 parser reads no call from any of these: content or an error).
@pytest.mark.parametrize("finish", [None, "stop", "length"])
@pytest.mark.parametrize("text", [
    '[{"name": "f", "parameters": {"code": "<|python_tag|>import os; os.remove(\'x\')"}}]',
    '[{"name": "f", "parameters": {"code": "<|python_tag|>import os"}}]<|eot_id|>',
    '[{"name": "f", "parameters": {"code": "<|python_tag|>import os"}}, ]<|eot_id|>',
    '["<|python_tag|>import os"]<|eot_id|>',
    '[1, "<|python_tag|>import os", "<|python_tag|>print(2)"]',
    '{"a": "<|python_tag|>import os"}<|eot_id|>',
    '["<function=f>{}</function>"]',
    '["<|python_start|>[f()]<|python_end|>"]',
])
def test_a_marker_in_a_json_string_at_the_start_is_content(text: str, finish: str | None) -> None:
    check(text, D, text.removesuffix("<|eot_id|>"), None, [], finish_reason=finish)
    check(text + ' "x"', D, text.removesuffix("<|eot_id|>") + ' "x"', None, [], finish_reason=finish)


@pytest.mark.parametrize("finish", [None, "stop", "length"])
def test_a_marker_in_a_json_string_still_open_at_the_start_is_not_a_call(finish: str | None) -> None:
    """Whether the marker is in a value cannot be told: one InvalidToolCall keeping the
    text, never a call run from a value (cut off when the text ended in it)."""
    text = '["<|python_tag|>import os'
    check(text, D, None, None, [Invalid(truncated=finish != "stop", raw=text)], finish_reason=finish)
    text = '{"note": "it is} then <|python_tag|>brave_search.call(query="x")<|eom_id|>'
    check(text, D, None, None, [Invalid(raw=text)], finish_reason=finish)


# A quote in prose at the start (inches, a quotation) is no JSON string: a call after it
# is a call, as before and as llama.cpp's Llama 3.1 / 3.2 parsers read it (a review in
# the thirty-first session: the stray quote was paired with the call's first quote, which
# put the marker "inside a string" and lost the call).
@pytest.mark.parametrize("prose", ['[Note: 5" screen]', '[Note "a]', '[Thinking: the user wants the 27" monitor]'])
def test_a_quote_in_prose_at_the_start_hides_no_call(prose: str) -> None:
    check(prose + ' <|python_tag|>{"name": "f", "parameters": {}}', D, prose, None, [C("f")], finish_reason="stop")
