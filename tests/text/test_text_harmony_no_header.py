"""text.harmony: output with no Harmony header at all is content (docs/text-formats.md),
even when it holds ``to=`` (a URL's query, prose): a recipient counts only in a header."""

from __future__ import annotations

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
