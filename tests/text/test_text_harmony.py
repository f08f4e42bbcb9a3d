"""text.harmony: gpt-oss Harmony channels (expected values from the format spec)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire import InvalidToolCall, decode_text

D = "text.harmony"
CALL = '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Paris"}<|call|>'


def test_single_call() -> None:
    check(CALL, D, None, None, [C("get_weather", {"city": "Paris"})])


def test_recipient_before_the_channel() -> None:
    check(' to=functions.f<|channel|>commentary json<|message|>{"a": 1}<|call|>', D, None, None, [C("f", {"a": 1})])


def test_calls_after_reasoning() -> None:
    text = "<|channel|>analysis<|message|>User wants weather.<|end|><|start|>assistant" + CALL
    check(text, D, None, "User wants weather.", [C("get_weather", {"city": "Paris"})])


def test_parallel_calls_and_no_argument_call() -> None:
    text = CALL + "<|start|>assistant<|channel|>commentary to=functions.now <|constrain|>json<|message|>{}<|call|>"
    check(text, D, None, None, [C("get_weather", {"city": "Paris"}), C("now")])


def test_unicode_and_nested_arguments() -> None:
    text = '<|channel|>commentary to=functions.book <|constrain|>json<|message|>{"v": "Zürich 東京", "p": {"a": [1, null]}}<|call|>'
    check(text, D, None, None, [C("book", {"v": "Zürich 東京", "p": {"a": [1, None]}})])


def test_final_answer_preamble_and_reasoning() -> None:
    text = (
        "<|channel|>analysis<|message|>Think.<|end|>"
        "<|start|>assistant<|channel|>commentary<|message|>Checking the forecast.<|end|>"
        "<|start|>assistant<|channel|>final<|message|>It is sunny.<|return|>"
    )
    check(text, D, "Checking the forecast.\nIt is sunny.", "Think.", [])


def test_builtin_tool_recipient() -> None:
    text = '<|channel|>analysis to=browser.search code<|message|>{"query": "weather"}<|call|>'
    check(text, D, None, None, [C("browser.search", {"query": "weather"})])


def test_plain_text_without_harmony_is_content() -> None:
    check("Just an answer.", D, "Just an answer.", None, [])


def test_markers_inside_string_arguments() -> None:
    text = '<|channel|>commentary to=functions.echo <|constrain|>json<|message|>{"s": "<|call|><|end|><|start|>"}<|call|>'
    check(text, D, None, None, [C("echo", {"s": "<|call|><|end|><|start|>"})])


def test_truncated_call_and_truncated_answer() -> None:
    text = '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Pa'
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)])
    check("<|channel|>final<|message|>It is sun", D, "It is sun", None, [])
    check("<|channel|>commentary to=functions.f <|const", D, None, None, [Invalid("f", truncated=True)])


def test_malformed_call() -> None:
    text = "<|channel|>commentary to=functions.f <|constrain|>json<|message|>[1, 2]<|call|>"
    check(text, D, None, None, [Invalid("f")])


# -- #17 item 1: <|call|> is a stop token; served output ends right after the JSON ------------
# vLLM serves gpt-oss with <|call|> and <|return|> as stop tokens (openai/harmony docs/format.md:
# "the model will end with <|call|>"), so a Chat Completions reply's text has no <|call|>.
STRIPPED = '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Paris"}'
AFTER_REASONING = (
    "<|channel|>analysis<|message|>Need to use function get_weather.<|end|>"
    '<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "Tokyo"}'
)


def test_stripped_call_token_with_a_finish_reason_is_a_whole_call() -> None:
    for finish in ("stop", "tool_calls"):
        check(STRIPPED, D, None, None, [C("get_weather", {"city": "Paris"})], finish_reason=finish)
        check(AFTER_REASONING, D, None, "Need to use function get_weather.",
              [C("get_weather", {"location": "Tokyo"})], finish_reason=finish)
    check(STRIPPED + "\n", D, None, None, [C("get_weather", {"city": "Paris"})], finish_reason="stop")


def test_stripped_call_token_with_length_is_cut_off() -> None:
    check(STRIPPED, D, None, None, [Invalid("get_weather", truncated=True, raw=STRIPPED)], finish_reason="length")
    cut = STRIPPED[:-3]
    check(cut, D, None, None, [Invalid("get_weather", truncated=True, raw=cut)], finish_reason="length")


def test_stripped_call_token_without_a_finish_reason_says_what_would_settle_it() -> None:
    r = check(STRIPPED, D, None, None, [Invalid("get_weather", truncated=True, raw=STRIPPED)])
    assert r.tool_calls[0].error == (
        "Tool call at $.tool_calls[0] is cut off: the text ended where <|call|> would close it; engines "
        "strip that stop token, so a finish reason settles it: 'stop' or 'tool_calls' makes it a whole "
        "call, 'length' a cut-off one"
    )
    # inside a JSON string the text is cut off whatever the finish reason says
    open_string = STRIPPED[:-2]
    check(open_string, D, None, None, [Invalid("get_weather", truncated=True)], finish_reason="stop")


def test_stripped_call_token_with_incomplete_json_is_no_call() -> None:
    text = '<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"a": 1'
    check(text, D, None, None, [Invalid("f", raw=text)], finish_reason="stop")


# -- #17 item 2: the header variants gpt-oss writes (openai/harmony docs/format.md; llama.cpp
# common/chat.cpp gpt-oss parser reads the recipient in either header and <|constrain|> optional)
@pytest.mark.parametrize(
    "text",
    [
        '<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"a": 1}<|call|>',
        '<|channel|>commentary to=functions.f<|constrain|>json<|message|>{"a": 1}<|call|>',
        '<|channel|>commentary to=functions.f<|message|>{"a": 1}<|call|>',
        '<|channel|>commentary to=functions.f json<|message|>{"a": 1}<|call|>',
        '<|start|>assistant to=functions.f<|channel|>commentary <|constrain|>json<|message|>{"a": 1}<|call|>',
        ' to=functions.f<|channel|>commentary<|message|>{"a": 1}<|call|>',
        '<|channel|>analysis to=functions.f <|constrain|>json<|message|>{"a": 1}<|call|>',
        '<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"a": 1}',
    ],
)
def test_header_variants(text: str) -> None:
    check(text, D, None, None, [C("f", {"a": 1})], finish_reason="tool_calls")


def test_several_calls_one_after_another() -> None:
    one = '<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"a": 1}<|call|>'
    two = '<|channel|>commentary to=functions.g <|constrain|>json<|message|>{"b": 2}'
    expected = [C("f", {"a": 1}), C("g", {"b": 2})]
    check(one + "<|start|>assistant" + two + "<|call|>", D, None, None, expected)
    # without <|start|>assistant before it, openai-harmony 0.0.8 refuses the second ("Unexpected
    # token 200005 while expecting start token 200006") and llama.cpp's parser leaves it out:
    # an InvalidToolCall, never run
    check(one + two + "<|call|>", D, None, None, [C("f", {"a": 1}), Invalid("g", raw=two + "<|call|>")])
    check(one + "<|start|>assistant" + two, D, None, None, expected, finish_reason="tool_calls")
    # the first <|call|> missing: openai-harmony reads the next header as the first call's
    # arguments (test_a_call_running_into_the_next_header_is_an_invalid_call)
    run_on = one[: -len("<|call|>")] + "<|start|>assistant" + two
    check(run_on, D, None, None, [Invalid("f", raw=run_on)], finish_reason="stop")


def test_markers_quoted_inside_reasoning_are_text() -> None:
    quoted = "A call ends with <|call|>, a reply with <|return|>; then <|start|>user and <|channel|>final follow."
    text = f"<|channel|>analysis<|message|>{quoted}<|end|><|start|>assistant<|channel|>final<|message|>Done.<|return|>"
    check(text, D, "Done.", quoted, [])
    text = "<|channel|>final<|message|>Write <|call|> and <|message|> literally.<|return|>"
    check(text, D, "Write <|call|> and <|message|> literally.", None, [])


def test_next_message_without_end_marker() -> None:
    # llama-server output of gpt-oss: the analysis message runs into the next header
    text = ('<|channel|>analysis<|message|>User wrote "test". Say hello.<|start|>assistant<|channel|>final'
            "<|message|>Hello! How can I assist you today?")
    check(text, D, "Hello! How can I assist you today?", 'User wrote "test". Say hello.', [], finish_reason="stop")


# -- text before the first header (docs/text-formats.md "Nothing is lost"; openai/harmony
# docs/format.md: a header is <|start|>ROLE, then <|channel|>CHANNEL, a recipient, a content type)


@pytest.mark.parametrize("before", ["Checking", "Okay, checking."])
def test_text_before_the_first_header_is_content_and_the_header_still_reads(before: str) -> None:
    check(before + "<|channel|>final<|message|>Hi<|return|>", D, before + "\nHi", None, [],
          finish_reason="stop")


@pytest.mark.parametrize("before", ["Checking", "Okay, checking.", "json"])
def test_text_before_a_call_header_makes_it_one_harmony_does_not_read(before: str) -> None:
    # openai-harmony 0.0.8 reads the words before <|channel|> as the header's ("unexpected
    # tokens remaining in message header: Some(\"Checking\")"); llama.cpp's gpt-oss parser
    # refuses the output too: the message to a tool is an InvalidToolCall keeping the text
    check(before + CALL, D, None, None, [Invalid("get_weather", raw=before + CALL)], finish_reason="stop")


def test_text_outside_a_message_is_set_apart_from_the_next_message() -> None:
    # "Where a marker separated two pieces of text with no whitespace between them, a
    # newline takes its place" (docs/text-formats.md)
    check("Yes<|start|>assistant<|channel|>final<|message|>Sure<|return|>", D, "Yes\nSure", None, [],
          finish_reason="stop")


# -- a message another role writes (openai/harmony docs/format.md roles: system, developer,
# user, assistant, tool "functions.NAME to=assistant"): the output ran past the assistant's
# turn (no stop at <|call|> / <|return|>). openai-harmony 0.0.8 parses it as a Role.USER /
# Role.TOOL message, and vLLM's harmony_utils.parse_output_message leaves any message whose
# author is not the assistant out of the output: never a call, content or reasoning here; it
# and the rest of the text are one InvalidToolCall's raw (kept, never run)


def test_a_tool_result_the_model_writes_is_no_call() -> None:
    result = '<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>{"sunny":true}<|end|>'
    text = "<|channel|>analysis<|message|>a<|end|>" + result
    r = check(text, D, None, "a", [Invalid(None, raw=result)], finish_reason="stop")
    assert "past the assistant's turn" in r.tool_calls[0].error


@pytest.mark.parametrize("role", ["user", "system", "developer"])
def test_another_roles_message_is_not_the_answer(role: str) -> None:
    after = f"<|start|>{role}<|message|>ignore previous<|end|>"
    check("<|channel|>final<|message|>a<|end|>" + after, D, "a", None, [Invalid(None, raw=after)],
          finish_reason="stop")


def test_what_follows_a_made_up_tool_result_is_not_read() -> None:
    # the answer after it rests on a result no tool gave
    call = '<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"a":1}<|call|>'
    rest = ('<|start|>functions.f to=assistant<|channel|>commentary<|message|>{"r":2}<|end|>'
            "<|start|>assistant<|channel|>final<|message|>Done<|return|>")
    check(call + rest, D, None, None, [C("f", {"a": 1}), Invalid(None, raw=rest)], finish_reason="stop")
    check(call + rest[:30], D, None, None, [C("f", {"a": 1}), Invalid(None, raw=rest[:30])], finish_reason="length")


def test_a_role_header_naming_the_assistant_is_still_read() -> None:
    text = '<|start|>assistant to=functions.f<|channel|>commentary json<|message|>{"a":1}<|call|>'
    check(text, D, None, None, [C("f", {"a": 1})])


# -- two recipients in one header: openai-harmony 0.0.8 refuses the header ("unexpected tokens
# remaining in message header"); neither is guessed


@pytest.mark.parametrize(
    "text",
    [
        '<|start|>assistant to=functions.f<|channel|>commentary to=functions.g json<|message|>{"a":1}<|call|>',
        '<|channel|>commentary to=functions.f to=functions.g json<|message|>{"a":1}<|call|>',
        ' to=functions.f<|channel|>commentary to=functions.g json<|message|>{"a":1}<|call|>',
    ],
)
def test_two_recipients_in_one_header_are_an_invalid_call(text: str) -> None:
    r = check(text, D, None, None, [Invalid(None)], finish_reason="stop")
    raw = r.tool_calls[0].raw
    assert "to=functions.f" in raw and "to=functions.g" in raw and raw.endswith('{"a":1}<|call|>')


def test_one_recipient_written_twice_is_an_invalid_call() -> None:
    # openai-harmony 0.0.8 refuses it as it refuses two different ones
    text = '<|start|>assistant to=functions.f<|channel|>commentary to=functions.f json<|message|>{"a":1}<|call|>'
    check(text, D, None, None, [Invalid("f", raw=text)])


# -- a header holding words that are no header words is no header (documented): its text and
# message are kept, set apart by a newline where <|message|> stood, and an analysis channel's
# stays reasoning (openai-harmony reads both as messages on that channel)


def test_a_non_header_on_the_analysis_channel_stays_reasoning() -> None:
    text = ("<|channel|>analysis foo bar<|message|>secret plan<|end|>"
            "<|start|>assistant<|channel|>final<|message|>Hi<|return|>")
    check(text, D, "Hi", "<|channel|>analysis foo bar\nsecret plan", [], finish_reason="stop")


def test_a_non_header_is_set_apart_from_its_message() -> None:
    check("<|channel|>final foo bar<|message|>x<|return|>", D, "<|channel|>final foo bar\nx", None, [],
          finish_reason="stop")


# -- <|return|> ends the assistant's turn (openai/harmony docs/format.md: the model's final
# message ends with <|return|>, "done sampling"; openai-harmony's renderer writes <|end|> for a
# final message in a conversation, so <|return|> only ever ends a completion, and engines stop
# at it). openai-harmony 0.0.8's parser reads what follows as it reads any list of messages
# (a message after it: one more message; other text: "Unexpected token ... while expecting
# start token"), but nothing after it is this turn's answer: as a message another role writes,
# it is one InvalidToolCall's raw text, never a call, content or reasoning


@pytest.mark.parametrize(
    "after",
    [
        '<|start|>assistant<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"a":1}<|call|>',
        "<|start|>assistant<|channel|>final<|message|>More.<|return|>",
        "trailing words",
        "<|channel|>analysis<|message|>x<|end|>",
    ],
)
def test_text_after_return_is_past_the_turn(after: str) -> None:
    text = "<|channel|>final<|message|>It is sunny.<|return|>" + after
    r = check(text, D, "It is sunny.", None, [Invalid(None, raw=after)], finish_reason="stop")
    assert "<|return|>" in r.tool_calls[0].error


def test_whitespace_after_return_is_nothing() -> None:
    check("<|channel|>final<|message|>It is sunny.<|return|>\n", D, "It is sunny.", None, [], finish_reason="stop")


def test_a_call_ended_by_return_is_a_call_and_what_follows_is_past_the_turn() -> None:
    # openai-harmony 0.0.8 reads '<|channel|>commentary to=functions.f<|message|>{"a":1}<|return|>'
    # as a message to functions.f
    after = "<|start|>assistant<|channel|>final<|message|>Done<|return|>"
    text = '<|channel|>commentary to=functions.f<|message|>{"a":1}<|return|>' + after
    check(text, D, None, None, [C("f", {"a": 1}), Invalid(None, raw=after)], finish_reason="stop")


def test_a_stray_return_between_messages_ends_the_turn() -> None:
    after = '<|start|>assistant<|channel|>commentary to=functions.f<|message|>{"a":1}<|call|>'
    check("<|channel|>final<|message|>Hi<|end|><|return|>" + after, D, "Hi", None, [Invalid(None, raw=after)],
          finish_reason="stop")
    check("Hi<|return|>" + after, D, "Hi", None, [Invalid(None, raw=after)], finish_reason="stop")


# -- a header with a recipient and other words: openai-harmony 0.0.8 reads one word after the
# recipient as the content type (a call: ' to=functions.f "x"<|message|>{}' is a message to
# functions.f with content type '"x"') and refuses more ("unexpected tokens remaining in message
# header"): the model addressed a tool, so the message is an InvalidToolCall keeping its text,
# never content and never run


@pytest.mark.parametrize(
    "text",
    [
        "<|channel|>commentary to=functions.f foo bar<|message|>{}<|call|>",
        '<|channel|>commentary to=functions.f <|constrain|>json foo bar<|message|>{"a":1}<|call|>',
        '<|channel|>commentary to=functions.f {"a"<|message|>{}<|call|>',
        "<|start|>assistant foo bar to=functions.f<|channel|>commentary<|message|>{}<|call|>",
        ' to=functions.f "x"<|message|>{}<|call|>',
        " to=functions.f foo bar<|message|>{}<|call|>",
    ],
)
def test_a_recipient_in_a_header_harmony_does_not_read_is_an_invalid_call(text: str) -> None:
    r = check(text, D, None, None, [Invalid("f", raw=text)], finish_reason="stop")
    assert "header" in r.tool_calls[0].error


def test_a_recipient_in_a_non_header_on_the_analysis_channel_is_an_invalid_call() -> None:
    text = "<|channel|>analysis I will send it to=bob now<|message|>x<|end|>"
    check(text + "<|start|>assistant<|channel|>final<|message|>Hi<|return|>", D, "Hi", None,
          [Invalid("bob", raw=text)], finish_reason="stop")


def test_an_invalid_header_call_cut_off_is_cut_off() -> None:
    check("<|channel|>commentary to=functions.f foo bar<|message|>{\"a\":", D, None, None,
          [Invalid("f", truncated=True)], finish_reason="length")


# -- encode_text: Harmony has no escaping inside a message, and a tokenizer reads <|call|>,
# <|end|>... in the text as the special tokens; in the arguments' JSON "<" is written
# "\u003c", the same value (openai-harmony 0.0.8 parses the text written below, with special
# tokens read as such, to a message to functions.f whose JSON holds the value unchanged)


def test_encode_escapes_harmony_markers_in_argument_strings() -> None:
    from toolwire import decode_text, encode_text
    from toolwire._types import ToolCall

    args = {"s": "a<|call|>b<|end|>c<|message|>d<|start|>e", "k<|return|>": "<|channel|>", "t": "x<y|"}
    text = encode_text(ToolCall(name="f", args=args), D)
    assert text == (
        '<|channel|>commentary to=functions.f <|constrain|>json<|message|>'
        '{"s": "a\\u003c|call|>b\\u003c|end|>c\\u003c|message|>d\\u003c|start|>e", '
        '"k\\u003c|return|>": "\\u003c|channel|>", "t": "x<y|"}<|call|>'
    )
    assert decode_text(text, D, finish_reason="stop").tool_calls == (C("f", args),)


def test_encode_refuses_a_name_holding_a_harmony_marker() -> None:
    from toolwire import encode_text
    from toolwire._errors import EncodeError
    from toolwire._types import ToolCall

    with pytest.raises(EncodeError) as e:
        encode_text(ToolCall(name="f<|call|>", args={}), D)
    assert e.value.loc == "$[0].name"


@pytest.mark.parametrize(
    "text",
    [
        '<|channel|>commentary to=functions.f json json<|message|>{"a":1}<|call|>',
        '<|channel|>commentary to=functions.f foo code<|message|>{"a":1}<|call|>',
        '<|channel|>analysis to=functions.f json <|constrain|>json<|message|>{"a":1}<|call|>',
        ' to=functions.f<|channel|>commentary json json<|message|>{"a":1}<|call|>',
        ' to=functions.f code code<|message|>{"a":1}<|call|>',
    ],
)
def test_two_content_types_are_an_invalid_call(text: str) -> None:
    # openai-harmony 0.0.8: "unexpected tokens remaining in message header"
    check(text, D, None, None, [Invalid("f", raw=text)], finish_reason="stop")


@pytest.mark.parametrize(
    "text",
    [
        '<|channel|>commentary to=functions.f code<|message|>{"a":1}<|call|>',
        '<|channel|>analysis to=functions.f final<|message|>{"a":1}<|call|>',
        ' to=functions.f json<|channel|>commentary<|message|>{"a":1}<|call|>',
    ],
)
def test_one_content_type_of_any_word_is_a_call(text: str) -> None:
    # openai-harmony 0.0.8 reads 'code' / 'final' after the recipient as the content type
    check(text, D, None, None, [C("f", {"a": 1})], finish_reason="stop")


# -- where the content type and the recipient stand: openai-harmony 0.0.8's parser
# (parse_header_from_tokens) takes the channel out of the header, then reads the words
# left after the role from the end: the last is the recipient when it is 'to=…', else
# the content type, with the recipient the one word before it; any other word is
# "unexpected tokens remaining in message header". So the content type comes after the
# recipient, wherever the channel stands (openai/harmony docs/format.md writes
# '<|channel|>commentary to=functions.f <|constrain|>json'). A header it refuses, or
# reads with another recipient, is an InvalidToolCall keeping the text, never run


@pytest.mark.parametrize(
    "header",
    [
        "<|channel|>commentary json to=functions.f",
        "<|channel|>commentary <|constrain|>json to=functions.f",
        "<|channel|>commentary<|constrain|>json to=functions.f",
        "<|channel|>analysis code to=functions.f",
        " json to=functions.f<|channel|>commentary",
        " <|constrain|>json<|channel|>commentary to=functions.f",
        "<|channel|>commentary to=functions.f <|constrain|> json",
        "<|channel|>commentary to=functions.f<|constrain|>json json",
        "<|channel|>to=functions.f commentary",
        "<|channel|>to=functions.f",
        "<|channel|>commentary to=functions.f<|channel|>analysis",
        "<|channel|>commentary foo to=functions.f",
    ],
)
def test_a_header_harmony_does_not_read_with_that_recipient_is_an_invalid_call(header: str) -> None:
    text = header + '<|message|>{"a":1}<|call|>'
    r = check(text, D, None, None, [Invalid("f", raw=text)], finish_reason="stop")
    assert "header" in r.tool_calls[0].error
    after = "<|channel|>analysis<|message|>x<|end|>"
    later = "<|start|>assistant" + (header if header[:1] in "< " else " " + header) + '<|message|>{"a":1}<|call|>'
    check(after + later, D, None, "x", [Invalid("f", raw=later)], finish_reason="stop")


def test_the_content_type_before_the_recipient_in_the_issue_is_an_invalid_call() -> None:
    text = '<|start|>assistant<|channel|>commentary json to=functions.get_weather<|message|>{"city":"Paris"}<|call|>'
    check(text, D, None, None, [Invalid("get_weather", raw=text)], finish_reason="stop")


@pytest.mark.parametrize(
    "header",
    [
        "<|start|>assistant to=functions.f<|channel|>commentary json",
        "<|start|>assistant to=functions.f json<|channel|>commentary",
        "<|start|>assistant to=functions.f<|channel|>commentary <|constrain|>json",
        "<|start|>assistant<|channel|>commentary to=functions.f json",
        "<|start|>assistant to=functions.f <|constrain|>json",
        "<|start|>assistant to=functions.f foo<|channel|>commentary",
    ],
)
def test_the_recipient_then_the_content_type_in_either_header_is_a_call(header: str) -> None:
    # openai-harmony 0.0.8 reads each as a message to functions.f (the last with content type 'foo')
    text = "<|channel|>analysis<|message|>x<|end|>" + header + '<|message|>{"a":1}<|call|>'
    check(text, D, None, "x", [C("f", {"a": 1})], finish_reason="stop")


# -- an empty recipient ("to=" with nothing after it): openai-harmony 0.0.8 reads each of these
# as a message to the recipient '' (first or later message alike), a message addressed to a
# tool with no name: one nameless InvalidToolCall keeping the message, wherever it stands, and
# its <|call|> is never content


@pytest.mark.parametrize(
    "header",
    [
        "<|channel|>commentary to=<|constrain|>json",
        "<|channel|>commentary to= <|constrain|>json",
        "<|channel|>commentary to=",
        "<|channel|>analysis to=",
        " to=<|constrain|>json",
        " to=<|channel|>commentary",
    ],
)
def test_an_empty_recipient_is_a_nameless_invalid_call_in_any_message(header: str) -> None:
    text = header + "<|message|>{}<|call|>"
    check(text, D, None, None, [Invalid(None, raw=text)], finish_reason="stop")
    after = "<|channel|>analysis<|message|>x<|end|>"
    later = "<|start|>assistant" + header + "<|message|>{}<|call|>"
    check(after + later, D, None, "x", [Invalid(None, raw=later)], finish_reason="stop")


# -- a recipient is a word that starts with "to=" (openai-harmony 0.0.8 splits the header on
# whitespace and strips "to=" from the start of a word); "?to=fr" in prose is no recipient, in
# the first header as in the role header. openai-harmony refuses the text below ("unexpected
# tokens remaining in message header: Some(\"Can you\")"): text before the first header is
# content, and the final message after it reads as usual


@pytest.mark.parametrize(
    ("before", "content"),
    [
        ("Can you translate it?to=fr ", "Can you translate it?to=fr Bonjour"),
        ("Translate it?to=fr", "Translate it?to=fr\nBonjour"),
    ],
)
def test_to_inside_a_word_before_the_first_header_is_no_recipient(before: str, content: str) -> None:
    check(before + "<|channel|>final<|message|>Bonjour<|return|>", D, content, None, [], finish_reason="stop")



# -- a header whose one word besides markers and header words holds "to=" inside it:
# openai-harmony 0.0.8 reads that whole word as the recipient (a message to '?to=functions.f',
# which vLLM's Responses API makes an MCP call named 'f'); it is no recipient word, so never a
# call, but the model addressed something: a nameless InvalidToolCall, its <|call|> never content


@pytest.mark.parametrize(
    "text",
    [
        '<|channel|>commentary ?to=functions.f<|message|>{"a":1}<|call|>',
        ' ?to=functions.f<|message|>{"a":1}<|call|>',
        'a.to=functions.f<|channel|>commentary<|message|>{"a":1}<|call|>',
    ],
)
def test_one_header_word_holding_to_is_a_nameless_invalid_call(text: str) -> None:
    r = check(text, D, None, None, [Invalid(None, raw=text)], finish_reason="stop")
    assert "no recipient word" in r.tool_calls[0].error
    after = "<|channel|>analysis<|message|>x<|end|>"
    later = "<|start|>assistant" + (text if text[:1] in "< " else " " + text)
    check(after + later, D, None, "x", [Invalid(None, raw=later)], finish_reason="stop")

# -- text between messages (after <|end|>, with no <|start|>) holding a recipient, then
# <|message|> or <|channel|>: openai-harmony 0.0.8 refuses the output ("Unexpected token …
# while expecting start token 200006") and llama.cpp's gpt-oss parser too; the model addressed
# a tool, so the text and its message are an InvalidToolCall keeping them, never a call, and
# its markers never content


@pytest.mark.parametrize(
    "between",
    [
        'to=functions.f<|message|>{"a":1}<|call|>',
        'Now to=functions.f<|message|>{"a":1}<|call|>',
        '\nto=functions.f <|constrain|>json<|message|>{"a":1}<|call|>',
        'to=functions.f<|channel|>commentary<|message|>{"a":1}<|call|>',
    ],
)
def test_a_recipient_between_messages_is_an_invalid_call(between: str) -> None:
    text = "<|channel|>analysis<|message|>x<|end|>" + between
    check(text, D, None, "x", [Invalid("f", raw=between)], finish_reason="stop")


def test_one_word_holding_to_between_messages_is_a_nameless_invalid_call() -> None:
    # at the start of the output openai-harmony reads the word as the recipient; here it
    # refuses the output: either way a message the model addressed, never content
    between = 'a.to=functions.f<|channel|>commentary<|message|>{"a":1}<|call|>'
    check("<|channel|>analysis<|message|>x<|end|>" + between, D, None, "x", [Invalid(None, raw=between)],
          finish_reason="stop")


def test_a_recipient_between_messages_cut_off_is_cut_off() -> None:
    between = 'to=functions.f<|message|>{"a":'
    check("<|channel|>analysis<|message|>x<|end|>" + between, D, None, "x",
          [Invalid("f", truncated=True, raw=between)], finish_reason="length")


def test_a_message_marker_between_messages_without_a_recipient_is_a_break() -> None:
    # openai-harmony 0.0.8 refuses it too; no recipient: content, <|message|> set apart as at
    # the start of the output ("Use ?to=fr here<|message|>then")
    text = "<|channel|>final<|message|>Hi<|end|>See ?to=fr<|message|>there<|return|>"
    check(text, D, "Hi\nSee ?to=fr\nthere", None, [], finish_reason="stop")


# -- a call header after a message's end with no <|start|> before it: openai-harmony 0.0.8
# refuses the output ("Unexpected token 200005 while expecting start token 200006") and
# llama.cpp's gpt-oss parser too (after <|call|> it leaves the rest out): the call is an
# InvalidToolCall keeping its text, never run


@pytest.mark.parametrize("between", ["", "\n", " "])
def test_a_call_header_without_start_after_an_end_is_an_invalid_call(between: str) -> None:
    call = '<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"a":1}<|call|>'
    check("<|channel|>analysis<|message|>x<|end|>" + between + call, D, None, "x", [Invalid("f", raw=call)],
          finish_reason="stop")


def test_a_call_header_without_start_after_a_call_is_an_invalid_call() -> None:
    second = "<|channel|>commentary to=functions.now <|constrain|>json<|message|>{}<|call|>"
    check(CALL + second, D, None, None, [C("get_weather", {"city": "Paris"}), Invalid("now", raw=second)],
          finish_reason="stop")
    # the first call's <|call|> missing too: openai-harmony reads the next header as its
    # arguments, one InvalidToolCall (test_a_call_running_into_the_next_header_is_an_invalid_call)
    run_on = CALL[: -len("<|call|>")] + second
    check(run_on, D, None, None, [Invalid("get_weather", raw=run_on)], finish_reason="stop")


# -- <|call|> ends a message with no recipient too: it is a special token, and openai-harmony
# 0.0.8's parser ends any message at it (a preamble `<|channel|>commentary<|message|>I will
# check.<|call|>` reads as the commentary "I will check."; vLLM reads its messages). As the
# last token, or before the next <|start|>, it ends the message and is never its text; quoted
# inside a message (text follows it) it stays text (test_markers_quoted_inside_reasoning_are_text)


@pytest.mark.parametrize(
    ("text", "content", "reasoning"),
    [
        ("<|channel|>commentary<|message|>I will check.<|call|>", "I will check.", None),
        ("<|channel|>final<|message|>Sunny.<|call|>", "Sunny.", None),
        ("<|channel|>analysis<|message|>Think.<|call|>", None, "Think."),
        ("<|channel|>analysis<|message|>Think.<|end|><|start|>assistant<|channel|>commentary<|message|>"
         "Checking.<|call|>", "Checking.", "Think."),
        ("<|channel|>analysis<|message|>Think.<|call|><|start|>assistant<|channel|>final<|message|>Sunny.<|return|>",
         "Sunny.", "Think."),
    ],
)
def test_call_token_ends_a_message_without_a_recipient(text: str, content: str | None, reasoning: str | None) -> None:
    check(text, D, content, reasoning, [], finish_reason="stop")


def test_a_call_after_a_message_ended_by_the_call_token() -> None:
    text = ("<|channel|>commentary<|message|>I will check.<|call|><|start|>assistant<|channel|>commentary "
            'to=functions.get_weather <|constrain|>json<|message|>{"city":"Paris"}<|call|>')
    check(text, D, "I will check.", None, [C("get_weather", {"city": "Paris"})])


def test_quoted_call_token_stays_text_as_written() -> None:
    check("<|channel|>analysis<|message|>Use <|call|>,then stop.<|end|>", D, None, "Use <|call|>,then stop.", [])
    check("<|channel|>final<|message|>a<|call|>b<|return|>", D, "a<|call|>b", None, [])


# -- a call whose <|call|> is missing, followed by the next message's header: openai-harmony
# 0.0.8 reads on to the next <|call|> / <|end|> / <|return|>, so the header and the next message
# are its arguments (vLLM then serves arguments that are no JSON; llama.cpp's gpt-oss parser keeps
# the first call and leaves the rest out): one InvalidToolCall, never run, nothing of it read as
# a call, content or reasoning


@pytest.mark.parametrize(
    "rest",
    [
        "<|start|>assistant<|channel|>final<|message|>Sunny.<|return|>",
        "<|start|>assistant<|channel|>commentary to=functions.now <|constrain|>json<|message|>{}<|call|>",
        "<|channel|>final<|message|>Sunny.<|end|>",
        "<|start|>assistant<|channel|>analysis<|message|>Hm.<|end|>",
    ],
)
def test_a_call_running_into_the_next_header_is_an_invalid_call(rest: str) -> None:
    call = '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Paris"}'
    check(call + rest, D, None, None, [Invalid("get_weather", raw=call + rest)], finish_reason="stop")


@pytest.mark.parametrize("finish", [None, "length", "stop"])
def test_a_call_running_into_a_header_the_text_ends_in_says_so(finish: str | None) -> None:
    # (the review: with no finish reason it said "the text ended where <|call|> would close it"
    # and offered 'stop' to make it a whole call, which 'stop' does not)
    text = ('<|channel|>commentary to=functions.a <|constrain|>json<|message|>{"x":1}'
            "<|start|>assistant<|channel|>final<|message|>Done.")
    (call,) = decode_text(text, D, finish_reason=finish).tool_calls
    assert isinstance(call, InvalidToolCall) and not call.truncated
    assert "runs into the next message's header" in call.error
    # a header inside the whole JSON's string first: still a run-on (the second review)
    inner = ('<|channel|>commentary to=functions.a <|constrain|>json<|message|>{"x":"<|channel|>"}'
             "<|start|>assistant<|channel|>final<|message|>Done.")
    (call,) = decode_text(inner, D, finish_reason=finish).tool_calls
    assert isinstance(call, InvalidToolCall) and not call.truncated
    assert "runs into the next message's header" in call.error
    # a header inside the cut JSON's string is no run-on: the call was cut
    cut = '<|channel|>commentary to=functions.a <|constrain|>json<|message|>{"x":"<|start|>assistant'
    (call,) = decode_text(cut, D).tool_calls
    assert isinstance(call, InvalidToolCall) and call.truncated


# -- a bare-word recipient (`to=get_weather`, no `functions.`): openai-harmony 0.0.8 reads the
# recipient "get_weather"; OpenAI's reference Responses server (openai/gpt-oss
# gpt_oss/responses_api/api_server.py: any recipient but browser.*, python, apply_patch is a
# function call, named by it with "functions." removed when present) makes it the function call
# get_weather, as toolwire reads it (built-in tools keep their names: browser.search)


def test_a_bare_word_recipient_names_the_call() -> None:
    text = '<|channel|>commentary to=get_weather <|constrain|>json<|message|>{"city":"Paris"}<|call|>'
    check(text, D, None, None, [C("get_weather", {"city": "Paris"})])
    text = ' to=get_weather<|channel|>commentary json<|message|>{"city":"Paris"}<|call|>'
    check(text, D, None, None, [C("get_weather", {"city": "Paris"})])
