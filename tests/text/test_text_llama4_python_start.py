"""text.llama: Llama 4's ``<|python_start|>[f(…)]<|python_end|>`` (meta-llama/llama-models
``models/llama4/prompt_format.md``) that does not read whole is never content: a list cut
off keeps the calls that closed before the cut and makes the cut one a truncated
InvalidToolCall whatever the finish reason; a closed list Python cannot read is one
InvalidToolCall named by its first call; JSON calls inside the markers are calls, as
vLLM's ``Llama3JsonToolParser`` (llama3_json / llama4_json) reads them."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

D = "text.llama"
CUT = '<|python_start|>[get_weather(city="Paris"), get_time('


@pytest.mark.parametrize("finish", [None, "stop", "tool_calls", "length"])
def test_a_cut_off_list_keeps_its_whole_calls_for_every_finish_reason(finish: str | None) -> None:
    check(CUT, D, None, None, [C("get_weather", {"city": "Paris"}), Invalid("get_time", truncated=True, raw=CUT)],
          finish_reason=finish)


@pytest.mark.parametrize("finish", [None, "stop", "length"])
def test_one_cut_off_call_is_a_truncated_call_for_every_finish_reason(finish: str | None) -> None:
    text = '<|python_start|>[get_weather(city="Paris")'
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)], finish_reason=finish)


@pytest.mark.parametrize("text", [
    '<|python_start|>[get_weather(city="Paris", days=3]<|python_end|>',
    '<|python_start|>[get_weather(city="Paris") get_time(tz="UTC")]<|python_end|>',
    '<|python_start|>[get_weather(city="Paris" days=3)]<|python_end|>',
    '<|python_start|>get_weather(city="Paris" days=3)<|python_end|>',
])
def test_a_closed_list_that_is_not_python_is_an_invalid_call(text: str) -> None:
    for finish in (None, "stop"):
        check(text, D, None, None, [Invalid("get_weather", raw=text)], finish_reason=finish)


def test_a_closed_list_that_is_not_python_at_the_end_of_the_text_with_stop() -> None:
    text = '<|python_start|>[get_weather(city="Paris") get_time(tz="UTC")]'
    check(text, D, None, None, [Invalid("get_weather", raw=text)], finish_reason="stop")


@pytest.mark.parametrize("text", [
    '[get_weather(city="Paris") get_time(tz="UTC")]',
    '[get_weather(city="Paris" days=3)]',
])
def test_a_call_shaped_list_at_the_start_that_is_not_python_is_an_invalid_call(text: str) -> None:
    check(text, D, None, None, [Invalid("get_weather", raw=text)], finish_reason="stop")


def test_lfm2_a_list_that_is_not_python_is_named_by_its_first_call() -> None:
    text = '<|tool_call_start|>[get_weather(city="Paris") get_time(tz="UTC")]<|tool_call_end|>'
    check(text, "text.lfm2", None, None, [Invalid("get_weather", raw=text)])


def test_a_closed_list_after_python_tag_is_not_cut_off() -> None:
    text = '<|python_tag|>[get_weather(city="Paris") get_time(tz="UTC")]'
    check(text, D, None, None, [Invalid("get_weather", raw=text)], finish_reason="stop")
    text = '<|python_tag|>[get_weather(city="Paris"), get_time('
    check(text, D, None, None, [C("get_weather", {"city": "Paris"}), Invalid("get_time", truncated=True, raw=text)],
          finish_reason="stop")


@pytest.mark.parametrize("text", [
    '<|python_start|>{"name": "get_weather", "parameters": {"city": "Paris"}}<|python_end|>',
    '<|python_start|>[{"name": "get_weather", "parameters": {"city": "Paris"}}]<|python_end|>',
    '<|python_start|>{"name": "get_weather", "arguments": {"city": "Paris"}}<|python_end|>',
])
def test_json_calls_inside_the_markers_are_calls(text: str) -> None:
    check(text, D, None, None, [C("get_weather", {"city": "Paris"})])


def test_a_json_call_cut_off_inside_the_markers_is_a_truncated_call() -> None:
    text = '<|python_start|>{"name": "get_weather", "parameters": {"city": "Par'
    for finish in (None, "stop", "length"):
        check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)], finish_reason=finish)


def test_prose_inside_the_markers_stays_content() -> None:
    check("<|python_start|>Sure (one moment).<|python_end|>", D, "Sure (one moment).", None, [])
    check("<|python_start|>Sure (one moment)<|python_end|>", D, "Sure (one moment)", None, [])
    check('<|python_start|>{"answer": 42}<|python_end|>', D, '{"answer": 42}', None, [])
    for finish in (None, "stop", "length"):
        check("<|python_start|>Let me look.", D, "Let me look.", None, [], finish_reason=finish)
        check("<|python_start|>Sure (one moment)", D, "Sure (one moment)", None, [], finish_reason=finish)
    check("[f(x) = x^2](https://example.com)", D, "[f(x) = x^2](https://example.com)", None, [])


def test_python_end_between_two_texts_is_a_line_break() -> None:
    # docs/text-formats.md, "The rules, the same in every family": where a marker separated
    # two texts with no whitespace on either side, a newline takes its place (<|python_start|>
    # got one, <|python_end|> glued "look.Sure." before hunt 37)
    check("<|python_start|>Let me look.<|python_end|>Sure.", D, "Let me look.\nSure.", None, [])
    check("Hi<|python_start|>Let me look.<|python_end|>Sure.", D, "Hi\nLet me look.\nSure.", None, [])
    check("<|python_start|>Let me look.<|python_end|> Sure.", D, "Let me look. Sure.", None, [])


@pytest.mark.parametrize("finish", [None, "stop", "length"])
@pytest.mark.parametrize("end", ["<|python_end|>", "<|eot|>"])
def test_an_unclosed_quote_in_a_closed_region_is_invalid_not_cut_off(finish: str | None, end: str) -> None:
    """A value holding its own quote (``'it's'``): the list never closes in Python's
    eyes, but its region did (the end marker came): the text was complete and is
    unreadable, not cut off. The calls before the slip are whole."""
    text = "<|python_start|>[get_weather(city='Paris'), note(text='it's')]" + end
    check(text, D, None, None, [C("get_weather", {"city": "Paris"}), Invalid("note", raw=text)],
          finish_reason=finish)
    text = "<|python_start|>[get_weather(city='Paris'), get_time(" + end
    check(text, D, None, None, [C("get_weather", {"city": "Paris"}), Invalid("get_time", raw=text)],
          finish_reason=finish)


@pytest.mark.parametrize("head", ["<|python_start|>", ""])
def test_a_list_that_ends_the_text_after_its_quote_slip_is_invalid_after_stop(head: str) -> None:
    """The text ends on ``)]`` with a quote still open (``'it's'``) and the model ended
    its turn: unreadable, not cut off. Under ``length`` (or no finish reason) it may be
    a value cut off at ``)]``: cut off, as before."""
    text = head + "[get_weather(city='Paris'), note(text='it's')]"
    check(text, D, None, None, [C("get_weather", {"city": "Paris"}), Invalid("note", raw=text)],
          finish_reason="stop")
    for finish in (None, "length"):
        check(text, D, None, None, [C("get_weather", {"city": "Paris"}), Invalid("note", raw=text, truncated=True)],
              finish_reason=finish)


def test_prose_after_a_bare_list_with_a_quote_slip_stays_in_the_call() -> None:
    """Without markers nothing bounds the slipped quote (a ``]`` and a line break are
    ordinary inside a code value): the prose after it is in the call's raw, never lost,
    and the call is cut off (documented)."""
    text = "[get_weather(city='Paris'), note(text='it's')]\nThanks"
    check(text, D, None, None, [C("get_weather", {"city": "Paris"}), Invalid("note", raw=text, truncated=True)],
          finish_reason="stop")
