"""Text formats in detail: what a mutation sample of the family modules found untested.

The errors a format's encoder raises name that format; Kimi's native call ids survive
an encode, foreign ones are replaced by ``functions.<name>:<index>`` (the format's
id, from the Kimi K2 tool-calling guide); GigaChat's JSON may hold raw control
characters in strings (its chat template writes them unescaped); an empty DeepSeek DSML
block is an invalid call that says why.
"""

from __future__ import annotations

from typing import Any

import pytest

import toolwire
from toolwire._types import new_call
from toolwire.text._api import TEXT_FORMATS, TextParser, TextResult, decode_text, encode_text

NAN = new_call("f", {"x": float("nan")}, "c1")


@pytest.mark.parametrize(
    ("dialect", "calls", "says"),
    [
        # refused before any writer, as ``encode`` refuses it, at its path
        ("text.llama", [NAN], "as text.llama: ToolCall args at $[0].args.x holds nan, which JSON cannot carry"),
        ("text.mistral", [NAN], "as text.mistral: ToolCall args at $[0].args.x holds nan"),
        ("text.kimi", [NAN], "as text.kimi: ToolCall args at $[0].args.x holds nan"),
        ("text.step", [NAN], "as text.step: ToolCall args at $[0].args.x holds nan"),
        ("text.lfm2", [NAN], "as text.lfm2: ToolCall args at $[0].args.x holds nan"),
        ("text.step", [new_call("a>b", {}, None)], "Tool name 'a>b' of call 0 cannot be read back from text.step"),
        ("text.gemma", [new_call("f", {'a<|"|>b': 1}, None)], "text.gemma"),
        ("text.kimi", ["not a call"], "Item 0 is not a ToolCall"),
    ],
)
def test_an_encoder_error_names_its_format(dialect: str, calls: Any, says: str) -> None:
    with pytest.raises(toolwire.EncodeError) as err:
        encode_text(calls, dialect)
    assert err.value.dialect == dialect
    assert says in str(err.value)


@pytest.mark.parametrize("dialect", sorted(f.name for f in TEXT_FORMATS))
@pytest.mark.parametrize("name", ["fn name", "get-weather\n", "9lives", "a>b", "<tool_call>", "é!"])
def test_a_name_no_parser_reads_back_is_refused(dialect: str, name: str) -> None:
    """Every family's parser reads a name only where it is a letter or '_' then letters,
    digits, '_', '-', '.', ':' or '/': a name outside that was written, then came back as
    a nameless ``InvalidToolCall``."""
    calls = [new_call("ok", {}, None), new_call(name, {}, None)]
    with pytest.raises(toolwire.EncodeError) as err:
        encode_text(calls, dialect)
    assert err.value.loc == "$[1].name"
    assert err.value.dialect == dialect
    assert f"Tool name {name!r} of call 1 cannot be read back from {dialect}" in str(err.value)


def test_kimi_keeps_its_own_ids_and_replaces_others() -> None:
    calls = [
        new_call("get_weather", {}, "functions.get_weather:3"),  # its own: kept, index and all
        new_call("get_weather", {}, "functions.other:1"),  # the id of another function
        new_call("f", {}, "call_abc"),  # another dialect's id
        new_call("g", {}, None),
    ]
    B, A, E = "<|tool_call_begin|>", "<|tool_call_argument_begin|>", "<|tool_call_end|>"
    assert encode_text(calls, "text.kimi") == (
        "<|tool_calls_section_begin|>"
        f"{B}functions.get_weather:3{A}{{}}{E}{B}functions.get_weather:1{A}{{}}{E}"
        f"{B}functions.f:2{A}{{}}{E}{B}functions.g:3{A}{{}}{E}"
        "<|tool_calls_section_end|>"
    )


def test_gigachat_json_with_raw_control_characters_in_strings() -> None:
    text = 'function call<|role_sep|>\n{"name": "note", "arguments": {"text": "a\nb\tc"}}'
    calls = decode_text(text, "text.gigachat").tool_calls
    assert [(c.name, c.args) for c in calls] == [("note", {"text": "a\nb\tc"})]
    # read as the engines read it (strict=False), and recorded as every dialect records it
    assert type(calls[0]) is toolwire.ToolCall and calls[0].repairs == ("control-characters",)


def test_an_empty_deepseek_dsml_block_is_an_invalid_call() -> None:
    (bad,) = decode_text("<｜DSML｜function_calls>\n</｜DSML｜function_calls>", "text.deepseek").tool_calls
    assert isinstance(bad, toolwire.InvalidToolCall)
    assert (bad.error, bad.loc) == ("DSML block at $.tool_calls[0] has no invoke", "$.tool_calls[0]")


@pytest.mark.parametrize(("dialect", "variant"), [("text.kimi", "k3"), ("text.mistral", "v11"), ("text.mistral", "v13")])
def test_every_variant_of_an_encoder_names_its_format(dialect: str, variant: str) -> None:
    for calls in ([NAN], ["not a call"]):
        with pytest.raises(toolwire.EncodeError) as err:
            encode_text(calls, dialect, variant=variant)
        assert err.value.dialect == dialect


@pytest.mark.parametrize("text", ["```json\n5\n```", '```json\n"s"\n```', "```json\nnull\n```", "[1, 2]",
                                  '```\n{"a": 1}\n```'])
def test_xlam_json_that_holds_no_call_objects_is_content(text: str) -> None:
    """A fence or array holding numbers, strings or an object without ``name`` is the
    reply's content as written, no call and no error."""
    r = decode_text(text, "text.xlam")
    assert (r.content, r.tool_calls) == (text, ())


@pytest.mark.parametrize("fmt", [f.name for f in TEXT_FORMATS])
@pytest.mark.parametrize("finish", ["tool_calls", "tool_use", "TOOL_CALL", "function_call"])
def test_a_finish_reason_that_says_tools_were_called_needs_a_call(fmt: str, finish: str) -> None:
    # an engine that says the model called a tool, over text in which this format finds no
    # call: no call at all would be a wrong answer
    text = "The weather is fine."
    assert decode_text(text, fmt, finish_reason="stop").tool_calls == ()
    for result in (decode_text(text, fmt, finish_reason=finish), _streamed(text, fmt, finish)):
        assert result.content == text
        (bad,) = result.tool_calls
        assert isinstance(bad, toolwire.InvalidToolCall)
        assert (bad.name, bad.id, bad.loc, bad.truncated) == (None, None, "$.tool_calls[0]", False)
        assert bad.error == (f"The finish reason {finish!r} says the model called a tool, but the text holds no "
                             f"{fmt} tool call (is it another format's?)")


def test_another_format_s_call_under_a_tool_calls_finish_is_flagged() -> None:
    text = '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}'  # Mistral's, read as Hermes
    got = decode_text(text, "text.hermes", finish_reason="tool_calls")
    assert got.content == text and [type(c).__name__ for c in got.tool_calls] == ["InvalidToolCall"]
    assert decode_text(text, "text.hermes").tool_calls == ()  # without the engine's word: content only
    assert [c.name for c in decode_text(text, "text.mistral", finish_reason="tool_calls").tool_calls] == [
        "get_weather"]


def _streamed(text: str, fmt: str, finish: str) -> TextResult:
    parser = TextParser(fmt)
    for ch in text:
        parser.feed(ch)
    return parser.close(finish)
