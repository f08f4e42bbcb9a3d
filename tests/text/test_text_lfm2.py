"""text.lfm2: LFM2 <|tool_call_start|>[pythonic]<|tool_call_end|> and its JSON form (engine test shapes)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check, decode_cpu

from toolwire import EncodeError
from toolwire._types import ToolCall
from toolwire.text._api import encode_text

D = "text.lfm2"


def test_pythonic_calls_with_content_and_reasoning() -> None:
    text = ("<think>Two lookups.</think>Let me check.<|tool_call_start|>[get_weather(city='Paris', days=3), "
            'get_time(tz="UTC", dst=True, extra=None)]<|tool_call_end|><|im_end|>')
    check(text, D, "Let me check.", "Two lookups.",
          [C("get_weather", {"city": "Paris", "days": 3}), C("get_time", {"tz": "UTC", "dst": True, "extra": None})])


def test_json_array_form_and_nested_values() -> None:
    text = '<|tool_call_start|>[{"name": "book", "arguments": {"城市": "北京", "o": {"a": [1, null]}}}]<|tool_call_end|>'
    check(text, D, None, None, [C("book", {"城市": "北京", "o": {"a": [1, None]}})])
    check("<|tool_call_start|>[f(o={'a': [1, None]}, l=[1.5, -2])]<|tool_call_end|>", D, None, None,
          [C("f", {"o": {"a": [1, None]}, "l": [1.5, -2]})])


def test_markers_inside_strings() -> None:
    check("<|tool_call_start|>[echo(s='x <|tool_call_end|> ]')]<|tool_call_end|>", D, None, None,
          [C("echo", {"s": "x <|tool_call_end|> ]"})])


def test_nothing_is_evaluated() -> None:
    check("<|tool_call_start|>[f(a=__import__('os'))]<|tool_call_end|>", D, None, None, [Invalid("f")])
    check("<|tool_call_start|>[f(1, 2)]<|tool_call_end|>", D, None, None, [Invalid("f")])


def test_truncated_and_malformed() -> None:
    text = "<|tool_call_start|>[get_weather(city='Par"
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)])
    check("<|tool_call_start|>not a call<|tool_call_end|>", D, None, None, [Invalid(None)])


def test_encode_follows_the_chat_template() -> None:
    c = ToolCall(name="get_weather", args={"city": "Paris", "days": 3, "metric": True})
    assert encode_text(c, D) == "<|tool_call_start|>[get_weather(city='Paris', days=3, metric=True)]<|tool_call_end|>"
    assert encode_text(c, D, variant="json") == (
        '<|tool_call_start|>[{"name": "get_weather", "arguments": {"city": "Paris", "days": 3, "metric": true}}]'
        "<|tool_call_end|>"
    )


def test_an_integer_python_cannot_print_is_an_encode_error() -> None:
    """A JSON integer of more than 4,300 digits: Python's repr refuses it. (The
    constructor refuses one too: put in after, ``args`` being held as given.)"""
    call = ToolCall("f", {}, id="x")
    call.args["n"] = 10 ** 5000
    for fmt, options in ((D, {}), ("text.llama", {"variant": "pythonic"})):
        with pytest.raises(EncodeError, match="holds an integer of more than 4300 digits") as err:
            encode_text([call], fmt, **options)
        assert err.value.loc == "$[0].args.n"  # refused before the writer, as ``encode`` refuses it



# LFM2.5's template writes a string value raw between single quotes (``format_arg_value``:
# "'" + arg_value + "'"), so a value holding an apostrophe is no Python
SLIP = "[get_weather(city='Paris'), note(text='it's')]"


def test_an_unreadable_call_keeps_the_readable_calls_before_it() -> None:
    """The calls before the one Python does not read are whole (each read alone, so the
    comma after it is the list's); the rest is one InvalidToolCall keeping the block."""
    text = "<|tool_call_start|>" + SLIP + "<|tool_call_end|>"
    check(text, D, None, None, [C("get_weather", {"city": "Paris"}), Invalid("note", raw=text)])


def test_after_an_unreadable_call_the_split_is_not_guessed() -> None:
    """After the slip, quotes may pair the wrong way (a value's ``), g(d=1), h(`` reads
    as code): the calls after it are not read apart; they stay in the invalid call's raw."""
    text = "<|tool_call_start|>[get_weather(city='Paris'), note(text='it's'), other(a=1)]<|tool_call_end|>"
    check(text, D, None, None, [C("get_weather", {"city": "Paris"}), Invalid("note", raw=text)])
    text = "<|tool_call_start|>[f(a='x', b='it's', c='), g(d=1), h(')]<|tool_call_end|>"
    check(text, D, None, None, [Invalid("f", raw=text)])


def test_a_block_with_no_readable_first_call_is_one_invalid_call() -> None:
    text = "<|tool_call_start|>[note(text='it's'), get_weather(city='Paris')]<|tool_call_end|>"
    check(text, D, None, None, [Invalid("note", raw=text)])
    text = "<|tool_call_start|>get_weather(city='Paris'), note(text='it's')<|tool_call_end|>"  # no list
    check(text, D, None, None, [Invalid("get_weather", raw=text)])


def test_the_calls_before_a_slip_decode_in_linear_time() -> None:
    def text(n: int) -> str:
        return "<|tool_call_start|>[" + "get_weather(city='Paris'), " * n + "note(text='it's')]<|tool_call_end|>"

    assert decode_cpu(text(8_000), D) < 8 * decode_cpu(text(2_000), D) + 0.05
