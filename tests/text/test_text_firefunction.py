"""text.firefunction: FireFunction v2 functools[json] (the chat template llama.cpp vendors,
rendered with jinja2 as transformers renders it)."""

from __future__ import annotations

from textcheck import C, Invalid, check

from toolwire._types import ToolCall
from toolwire.text._api import encode_text

D = "text.firefunction"
# an assistant turn with content "Let me check." and two tool calls (arguments as objects)
CALLS = (' functools[{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}, '
         '{"name": "now", "arguments": {}}]')
TWO = [C("get_weather", {"city": "Paris", "days": 3}), C("now")]


def test_rendered_calls() -> None:
    check("Let me check." + CALLS + "<|eot_id|>", D, "Let me check.", None, TWO)
    check(CALLS, D, None, None, TWO)
    check(CALLS.lstrip(), D, None, None, TWO)
    check("Hello!", D, "Hello!", None, [])


def test_arguments_written_as_a_json_string() -> None:
    # the template's tojson of an OpenAI arguments string: one level of double encoding
    check(' functools[{"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}]', D, None, None,
          [C("get_weather", {"city": "Paris"})])


def test_the_array_closes_the_region() -> None:
    check(' functools[{"name": "now", "arguments": {}}] Done.', D, "Done.", None, [C("now")])
    check(' functools[{"name": "f", "arguments": {"s": "] functools[ <|eot_id|>"}}]', D, None, None,
          [C("f", {"s": "] functools[ <|eot_id|>"})])


def test_cut_off() -> None:
    text = CALLS[: CALLS.index('"now"') + 12]
    check(text, D, None, None, [TWO[0], Invalid("now", truncated=True, raw=text.lstrip())])
    # the array's last bracket is the last character: a length finish leaves it cut off
    check(CALLS, D, None, None, [TWO[0], Invalid("now", truncated=True, raw=CALLS.lstrip())], finish_reason="length")
    check(CALLS, D, None, None, TWO, finish_reason="stop")
    check("x functools[", D, "x", None, [Invalid(None, truncated=True, raw="functools[")])


def test_an_empty_array_is_an_invalid_call() -> None:
    # the template writes " functools[" only for a turn with tool calls (llama.cpp's parser
    # refuses "functools[]"): an empty array is one invalid call, as in every family
    # (test_text_empty_call_lists.py), never text that hides the call marker
    check("I like functools[] a lot<|eot_id|>", D, "I like  a lot", None, [Invalid(raw="functools[]")])
    check("I like functools[ ] a lot", D, "I like  a lot", None, [Invalid(raw="functools[ ]")])
    check("Done. functools[]", D, "Done.", None, [Invalid(raw="functools[]")], finish_reason="stop")
    check(CALLS + " functools[]", D, None, None, [*TWO, Invalid(raw="functools[]")])
    # its "]" the last character under length: it may be a cut-off array (raw keeps the text)
    check("x functools[]", D, "x", None, [Invalid(None, truncated=True, raw="functools[]")], finish_reason="length")


def test_malformed() -> None:
    check(" functools[1]", D, None, None, [Invalid(None)])
    check(' functools[{"name": "f", "args": {"a": 1}}]', D, None, None, [Invalid("f")])


def test_encode_writes_the_template_text() -> None:
    calls = [ToolCall(name="get_weather", args={"city": "Paris", "days": 3}), ToolCall(name="now", args={})]
    assert encode_text(calls, D) == CALLS
