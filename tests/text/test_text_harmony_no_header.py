"""text.harmony: output with no Harmony header at all is content (docs/text-formats.md),
even when it holds ``to=`` (a URL's query, prose): a recipient counts only in a header."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

D = "text.harmony"


def test_to_in_text_without_a_header_is_content() -> None:
    text = "Use https://translate.example.com/?from=en&to=fr for that."
    check(text, D, text, None, [])
    check(text, D, text, None, [], finish_reason="stop")


def test_to_in_text_ended_by_a_stray_end_is_content() -> None:
    check("Send it to=me please.<|end|>", D, "Send it to=me please.", None, [])


def test_a_cut_off_header_with_a_recipient_is_still_a_cut_off_call() -> None:
    text = "<|start|>assistant<|channel|>commentary to=functions.get_weather"
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)])


def test_a_whole_call_is_still_read() -> None:
    text = '<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"a": 1}<|call|>'
    check(text, D, None, None, [C("f", {"a": 1})])


# -- the output's first message with its recipient in the role header and no channel: the
# prompt ends "<|start|>assistant", so the output may go on " to=functions.f<|message|>…"
# (openai/harmony docs/format.md: "<|start|>assistant to=functions.get_weather<|channel|>…";
# openai-harmony 0.0.8 parse_messages_from_completion_tokens(…, Role.ASSISTANT) reads each
# of these as a message to functions.f holding {"a":1})


@pytest.mark.parametrize(
    "text",
    [
        ' to=functions.f<|message|>{"a":1}<|call|>',
        ' to=functions.f json<|message|>{"a":1}<|call|>',
        ' to=functions.f <|constrain|>json<|message|>{"a":1}<|call|>',
    ],
)
def test_a_first_message_with_its_recipient_in_the_role_header_is_a_call(text: str) -> None:
    check(text, D, None, None, [C("f", {"a": 1})], finish_reason="stop")
    check(text, D, None, None, [C("f", {"a": 1})])
    # <|call|> stripped by the server: the finish reason settles it
    stripped = text[: -len("<|call|>")]
    check(stripped, D, None, None, [C("f", {"a": 1})], finish_reason="tool_calls")
    check(stripped, D, None, None, [Invalid("f", truncated=True, raw=stripped)], finish_reason="length")


def test_a_first_message_recipient_then_a_final_answer() -> None:
    text = ' to=functions.f<|message|>{"a":1}<|call|><|start|>assistant<|channel|>final<|message|>Done.<|return|>'
    check(text, D, "Done.", None, [C("f", {"a": 1})], finish_reason="stop")


def test_prose_with_to_and_a_message_marker_stays_content() -> None:
    # words that are no header words: not a role header, whatever <|message|> follows
    check("Use ?to=fr here<|message|>then", D, "Use ?to=fr here\nthen", None, [], finish_reason="stop")


def test_a_first_recipient_without_a_message_is_an_invalid_call() -> None:
    check(" to=functions.f<|end|>", D, None, None, [Invalid("f", raw=" to=functions.f<|end|>")])


# -- text with no Harmony marker at all is content (docs/text-formats.md), whatever its words


@pytest.mark.parametrize("text", ["json", "code", "final", "assistant", "to=bob", "json code", "commentary"])
def test_an_answer_made_of_header_words_is_content(text: str) -> None:
    check(text, D, text, None, [], finish_reason="stop")


@pytest.mark.parametrize("text", ["json", "final", "assistant"])
def test_an_answer_made_of_header_words_without_a_recipient_is_content_whatever_the_finish(text: str) -> None:
    check(text, D, text, None, [])
    check(text, D, text, None, [], finish_reason="length")


def test_header_words_ended_by_a_stray_marker_are_content() -> None:
    check("json<|end|>", D, "json", None, [], finish_reason="stop")


# -- output cut inside the first message's role-header recipient: a cut-off call, as the
# channel-header form (<|channel|>commentary to=functions.get_wea) is


@pytest.mark.parametrize(
    "text",
    [
        " to=functions.get_weather",
        " to=functions.get_weather<|cha",
        " to=functions.get_weather<|",
        " to=functions.get_weather <|constrain|>js",
        " to=functions.get_weather json",
    ],
)
def test_output_cut_inside_a_role_header_recipient_is_a_cut_off_call(text: str) -> None:
    # the space sets the recipient after the prompt's "<|start|>assistant"; the text is the
    # same call cut off whatever the finish reason (a "length" reply never gives more calls
    # than a finished one: test_text_properties)
    for finish in ("length", None, "stop"):
        check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)], finish_reason=finish)


@pytest.mark.parametrize("finish", ["length", None, "stop"])
def test_a_recipient_word_alone_is_an_answer(finish: str | None) -> None:
    check("to=bob", D, "to=bob", None, [], finish_reason=finish)


# -- prose where the output's first header stands, ending in a recipient before <|message|>:
# openai-harmony 0.0.8 refuses the header ("unexpected tokens remaining in message header:
# Some(\"Hello\")") and llama.cpp's gpt-oss parser refuses the output; the model addressed
# a tool, so the message is an InvalidToolCall keeping the text (it was content holding the
# arguments and <|call|>), never run


@pytest.mark.parametrize(
    "text",
    [
        "Hello to=functions.f<|message|>{}<|call|>",
        'Hi there. to=functions.f<|message|>{"a":1}<|call|>',
        'Let me check. to=functions.f json<|message|>{"a":1}<|call|>',
        'Sure.\nto=functions.f<|message|>{"a":1}<|call|>',
    ],
)
def test_prose_ending_in_a_recipient_at_the_start_is_an_invalid_call(text: str) -> None:
    check(text, D, None, None, [Invalid("f", raw=text)], finish_reason="stop")


def test_a_first_header_with_the_content_type_before_the_channel_is_a_call() -> None:
    # openai-harmony 0.0.8: a message to functions.get_weather with content type 'foo'
    text = ' to=functions.get_weather foo\n<|channel|>commentary<|message|>{"a":1}<|call|>'
    check(text, D, None, None, [C("get_weather", {"a": 1})], finish_reason="stop")
