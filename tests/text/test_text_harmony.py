"""text.harmony: gpt-oss Harmony channels (expected values from the format spec)."""

from __future__ import annotations

from textcheck import C, Invalid, check

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
