"""Text-format bugs found by hunt 16 (bugs 2-8; bug 1 and 9: ``test_text_think_calls.py``)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire import decode_text

# -- bug 2: after <|python_tag|>, JSON that does not read whole is never code ---------------
# (docs/text-formats.md: "a JSON call ... that does not read whole there is a cut-off call,
# an InvalidToolCall(truncated=True), never code to run"; SGLang's Llama32Detector reads
# a JSON list after the tag as calls)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ('<|python_tag|>{"name": ', None),
        ('<|python_tag|>{"name": "get_wea', None),
        ("<|python_tag|>{'name': 'f', 'parameters': {'a': 1", "f"),
        ('<|python_tag|>{"name": "f", "parameters": {"a": 1', "f"),
        ('<|python_tag|>[{"name": "f", "parameters": {"a": 1}', "f"),
        ('<|python_tag|>[ {"name": "f"', "f"),
    ],
)
def test_cut_off_json_after_the_tag_is_a_truncated_call_not_code(text: str, name: str | None) -> None:
    for finish in ("stop", "length", None):
        r = decode_text(text, "text.llama", finish_reason=finish)
        assert r.tool_calls == (Invalid(name, truncated=True, raw=text),), r.tool_calls


def test_json_after_the_tag_that_is_no_call_is_not_code() -> None:
    r = decode_text('<|python_tag|>{"a": 1}', "text.llama", finish_reason="stop")
    assert r.tool_calls == (Invalid(None),)


def test_a_json_list_after_the_tag_is_calls() -> None:
    text = '<|python_tag|>[{"name": "f", "parameters": {"a": 1}}, {"name": "g", "arguments": {}}]'
    check(text, "text.llama", None, None, [C("f", {"a": 1}), C("g")], finish_reason="stop")


def test_code_after_the_tag_is_still_code() -> None:
    check("<|python_tag|>print(1)", "text.llama", None, None, [C("code_interpreter", {"code": "print(1)"})],
          finish_reason="stop")
    check("<|python_tag|>[x * 2 for x in range(3)]", "text.llama", None, None,
          [C("code_interpreter", {"code": "[x * 2 for x in range(3)]"})], finish_reason="stop")


# -- bug 3: Gemma 4 calls are call:NAME{…} (vLLM gemma4_tool_parser.py) ------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [("<|tool_call>call:get_wea", "get_wea"), ("<|tool_call>ca", None), ("<|tool_call>get_weather{}", None),
     ("<|tool_call>call:get_weather<tool_call|>", "get_weather")],
)
def test_a_gemma_call_without_braces_is_invalid_whatever_the_finish(text: str, name: str | None) -> None:
    for finish in ("stop", "tool_calls"):
        r = decode_text(text, "text.gemma", finish_reason=finish)
        assert r.tool_calls == (Invalid(name, raw=text),), r.tool_calls
    r = decode_text(text, "text.gemma", finish_reason="length")
    assert len(r.tool_calls) == 1 and not hasattr(r.tool_calls[0], "args")
