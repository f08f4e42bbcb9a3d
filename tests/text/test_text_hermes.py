"""text.hermes: Hermes / Qwen <tool_call>{json}</tool_call> (expected values from the format spec)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

D = "text.hermes"
W = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'


def test_single_call() -> None:
    check(W, D, None, None, [C("get_weather", {"city": "Paris"})])


def test_parallel_calls() -> None:
    text = W + '\n<tool_call>\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n</tool_call>'
    check(text, D, None, None, [C("get_weather", {"city": "Paris"}), C("get_time", {"tz": "UTC"})])


@pytest.mark.parametrize("args", ['{}', 'null', '""'])
def test_no_argument_call(args: str) -> None:
    check(f'<tool_call>{{"name": "now", "arguments": {args}}}</tool_call>', D, None, None, [C("now")])


def test_missing_arguments_key_is_empty() -> None:
    r = check('<tool_call>{"name": "now"}</tool_call>', D, None, None, [C("now")])
    assert r.tool_calls[0].repairs == ("empty-arguments",)


def test_unicode_and_nested_arguments() -> None:
    text = '<tool_call>{"name": "book", "arguments": {"ville": "Zürich 東京 🚄", "p": {"a": [1, {"b": null}], "ok": true}}}</tool_call>'
    check(text, D, None, None, [C("book", {"ville": "Zürich 東京 🚄", "p": {"a": [1, {"b": None}], "ok": True}})])


def test_calls_after_reasoning() -> None:
    text = "<think>\nThe user wants the weather.\n</think>\n\n" + W
    check(text, D, None, "The user wants the weather.", [C("get_weather", {"city": "Paris"})])


def test_thinking_opened_by_the_prompt() -> None:
    text = "Need weather.\n</think>\n\nChecking.\n" + W
    check(text, D, "Checking.", "Need weather.", [C("get_weather", {"city": "Paris"})], thinking=True)


def test_tool_call_inside_unclosed_thinking_is_reasoning() -> None:
    # vLLM's Qwen3 reasoning parser: with no </think>, <tool_call> ends the reasoning only
    # when <function= follows (the Qwen3-Coder form); a JSON block stays reasoning
    text = "Need weather.\n" + W
    check(text, D, None, text, [], thinking=True)


def test_content_before_and_after_calls() -> None:
    text = "Let me check.\n" + W + "\nDone, waiting."
    check(text, D, "Let me check.\n\nDone, waiting.", None, [C("get_weather", {"city": "Paris"})])


def test_no_calls_is_content() -> None:
    check("  Hello, world!  ", D, "Hello, world!", None, [])


def test_markers_inside_string_arguments() -> None:
    text = '<tool_call>{"name": "echo", "arguments": {"s": "a </tool_call> <tool_call> <think> \\" }"}}</tool_call>'
    check(text, D, None, None, [C("echo", {"s": 'a </tool_call> <tool_call> <think> " }'})])


def test_arguments_as_json_text_keep_that_text() -> None:
    r = check('<tool_call>{"name": "f", "arguments": "{\\"a\\": 1}"}</tool_call>', D, None, None, [C("f", {"a": 1})])
    assert r.tool_calls[0].repairs == ()
    assert r.tool_calls[0].raw == '{"a": 1}'


def test_truncated_block_is_invalid_and_keeps_its_text() -> None:
    text = 'Sure.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Par'
    raw = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Par'
    check(text, D, "Sure.", None, [Invalid("get_weather", truncated=True, raw=raw)])


def test_closed_json_without_closing_tag_is_still_truncated() -> None:
    text = '<tool_call>{"name": "f", "arguments": {}}'
    check(text, D, None, None, [Invalid("f", truncated=True, raw=text)])


def test_finish_reason_length_after_a_whole_call() -> None:
    text = W + '<tool_call>{"name": "g"'
    check(text, D, None, None, [C("get_weather", {"city": "Paris"}), Invalid("g", truncated=True)],
          finish_reason="length")


def test_malformed_json_is_invalid_not_a_crash() -> None:
    text = "<tool_call>not json at all</tool_call> after"
    check(text, D, "after", None, [Invalid(None, raw="<tool_call>not json at all</tool_call>")])


def test_no_name_is_invalid() -> None:
    check('<tool_call>{"arguments": {}}</tool_call>', D, None, None, [Invalid(None)])


def test_arguments_that_are_not_an_object_are_invalid() -> None:
    check('<tool_call>{"name": "f", "arguments": [1, 2]}</tool_call>', D, None, None, [Invalid("f")])


def test_repairable_json_is_repaired_and_recorded() -> None:
    r = check("<tool_call>{'name': 'f', 'arguments': {'a': 1,}}</tool_call>", D, None, None, [C("f", {"a": 1})])
    assert "json-repair" in r.tool_calls[0].repairs


def test_stray_closing_markers_do_not_leak() -> None:
    # the marker is dropped; the words it separated stay apart (a newline in its place)
    check("a</tool_call></think>b", D, "a\nb", None, [])


def test_arguments_that_are_several_objects_are_invalid() -> None:
    """``{"a":1}{"b":2}`` is two objects where one belongs: never the first with the second dropped."""
    text = '<tool_call>\n{"name": "f", "arguments": {"a": 1}{"b": 2}}\n</tool_call>'
    r = check(text, D, None, None, [Invalid("f", raw=text)])
    assert "not valid JSON" in r.tool_calls[0].error


@pytest.mark.parametrize("body", [
    '[{"name": "search", "arguments": {}}, {"name": "noargs", "arguments": {}}]',  # a list: not one call
    '{"name": "search", "arguments": {}}}',  # an extra "}"
])
def test_a_block_that_is_no_call_object_blames_the_block(body: str) -> None:
    """The block is at fault, not the arguments inside it (which may be fine)."""
    text = f"<tool_call>\n{body}\n</tool_call>"
    r = check(text, D, None, None, [Invalid("search", raw=text)])
    assert r.tool_calls[0].error.startswith("Tool call block at $.tool_calls[0] is not one JSON call object")
    assert "Arguments" not in r.tool_calls[0].error


# A call object with both "arguments" and "parameters" that differ: one was run and the
# other dropped without a word. Which one the model meant is unknown: an InvalidToolCall
# keeping the block (the same object twice is one call).
def test_two_different_argument_objects_are_no_call() -> None:
    text = '<tool_call>\n{"name": "f", "arguments": {"a": 1}, "parameters": {"a": 2}}\n</tool_call>'
    check(text, "text.hermes", None, None, [Invalid("f", raw=text)])
    same = '<tool_call>\n{"name": "f", "arguments": {"a": 1}, "parameters": {"a": 1}}\n</tool_call>'
    check(same, "text.hermes", None, None, [C("f", {"a": 1})])


@pytest.mark.parametrize("end", ["<|im_end|>", "<|endoftext|>", "<|eot_id|>"])
def test_end_of_turn_tokens_are_dropped(end: str) -> None:
    """Hermes 2 Pro / Hermes 3 on Llama 3 write ChatML, but their Llama 3 vocabulary
    keeps ``<|eot_id|>``, an end-of-generation token to llama.cpp (``llama-vocab.cpp``)
    and a content closer to transformers' Hermes-style response template: dropped when
    kept, as ``<|im_end|>`` is; the text around it stays."""
    check("Answer." + end, D, "Answer.", None, [])
    check(W + end, D, None, None, [C("get_weather", {"city": "Paris"})])
    check("Answer." + end + "more", D, "Answer.\nmore", None, [])
    # inside a string of the arguments it is the string's text
    check('<tool_call>{"name": "f", "arguments": {"s": "a' + end + '"}}</tool_call>', D, None, None,
          [C("f", {"s": "a" + end})])
