"""text.llama / text.xlam: a JSON answer whose objects have a "name" key but no
"parameters" / "arguments" is the answer, not a call. vLLM's ``Llama3JsonToolParser``
and ``xLAMToolParser`` (vllm/tool_parsers/llama_tool_parser.py, xlam_tool_parser.py)
need the arguments key and return such output as content; llama.cpp's Llama 3.x
handler matches ``{"name": …, "parameters": …}``. A call that takes no arguments may
still be written ``{"name": "now"}`` (no other key but ``type``)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire import decode_text


@pytest.mark.parametrize("finish", [None, "stop"])
@pytest.mark.parametrize("text", [
    '{"name": "John", "age": 30}',
    '{"name": "Paris", "country": "France", "population": 2102650}',
])
def test_llama_json_data_with_a_name_key_is_content(text: str, finish: str | None) -> None:
    check(text, "text.llama", text, None, [], finish_reason=finish)


def test_llama_a_call_then_data_is_a_call_then_content() -> None:
    text = '{"name": "a", "parameters": {}}; {"name": "John", "age": 30}'
    check(text, "text.llama", '{"name": "John", "age": 30}', None, [C("a")], finish_reason="stop")


def test_llama_data_after_python_tag_is_no_runnable_call() -> None:
    text = '<|python_tag|>{"name": "John", "age": 30}'
    r = decode_text(text, "text.llama", finish_reason="stop")
    assert [type(c).__name__ for c in r.tool_calls] == ["InvalidToolCall"]


def test_llama_calls_without_arguments_still_read() -> None:
    check('{"name": "now"}', "text.llama", None, None, [C("now")])
    check('{"type": "function", "name": "now"}', "text.llama", None, None, [C("now")])
    check('{"name": "now", "parameters": {}}', "text.llama", None, None, [C("now")])


@pytest.mark.parametrize("text", [
    '[{"name": "Alice", "age": 30}]',
    '[{"name": "Alice", "age": 30}, {"name": "Bob", "age": 25}]',
    '[{"name": "Paris", "lat": 48.85}] are the cities.',
])
def test_xlam_an_array_of_named_records_is_content(text: str) -> None:
    check(text, "text.xlam", text, None, [], finish_reason="stop")


def test_xlam_calls_still_read() -> None:
    check('[{"name": "now"}]', "text.xlam", None, None, [C("now")])
    check('[{"name": "f", "arguments": {"a": 1}}, {"name": "g", "parameters": {}}]', "text.xlam", None, None,
          [C("f", {"a": 1}), C("g")])
    text = '[{"name": "f", "arguments": {"a": 1}}, {"name": "Bob", "age": 25}]'  # a call beside a record
    check(text, "text.xlam", None, None, [Invalid("f", raw=text)])
