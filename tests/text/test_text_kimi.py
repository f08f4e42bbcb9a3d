"""text.kimi: Kimi K2 tool-call sections (expected values from the format spec)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

import toolwire
from toolwire import ToolCall

D = "text.kimi"
S, SE = "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"
B, A, E = "<|tool_call_begin|>", "<|tool_call_argument_begin|>", "<|tool_call_end|>"


def test_single_call() -> None:
    check(f'{S}{B}functions.get_weather:0{A}{{"city": "Paris"}}{E}{SE}', D, None, None,
          [C("get_weather", {"city": "Paris"}, "functions.get_weather:0")])


def test_singular_section_spelling() -> None:
    check(f'<|tool_call_section_begin|>{B}functions.f:0{A}{{}}{E}<|tool_call_section_end|>', D, None, None,
          [C("f", {}, "functions.f:0")])


def test_parallel_calls() -> None:
    text = f'{S}\n{B}functions.a:0{A}{{"x": 1}}{E}\n{B}functions.b:1{A}{{}}{E}\n{SE}'
    check(text, D, None, None, [C("a", {"x": 1}, "functions.a:0"), C("b", {}, "functions.b:1")])


def test_no_argument_call() -> None:
    check(f"{S}{B}functions.now:0{A}{{}}{E}{SE}", D, None, None, [C("now", {}, "functions.now:0")])


def test_unicode_and_nested_arguments() -> None:
    check(f'{S}{B}functions.book:3{A}{{"ville": "Zürich 東京", "p": {{"a": [1, {{"b": null}}]}}}}{E}{SE}', D, None,
          None, [C("book", {"ville": "Zürich 東京", "p": {"a": [1, {"b": None}]}}, "functions.book:3")])


def test_calls_after_reasoning_and_content_around() -> None:
    text = f'<think>need it</think>Checking.{S}{B}functions.f:0{A}{{}}{E}{SE}Back soon.'
    check(text, D, "Checking.\nBack soon.", "need it", [C("f", {}, "functions.f:0")])
    text = f"need it{S}{B}functions.f:0{A}{{}}{E}{SE}"
    check(text, D, None, "need it", [C("f", {}, "functions.f:0")], thinking=True)


def test_markers_inside_string_arguments() -> None:
    check(f'{S}{B}functions.echo:0{A}{{"s": "{E}{SE}{B}"}}{E}{SE}', D, None, None,
          [C("echo", {"s": f"{E}{SE}{B}"}, "functions.echo:0")])


def test_truncated_call() -> None:
    text = f'{S}{B}functions.get_weather:0{A}{{"city": "Pa'
    check(text, D, None, None, [Invalid("get_weather", truncated=True, id="functions.get_weather:0", raw=text[len(S):])])


def test_malformed_calls() -> None:
    check(f"{S}{B}functions.f:0{E}{SE}", D, None, None, [Invalid("f", id="functions.f:0")])
    check(f"{S}{B}functions.f:0{A}not json{E}{SE}", D, None, None, [Invalid("f", id="functions.f:0")])
    # a header that is not NAME:IDX is no call (vLLM kimi_k2 parser drops it); its text is kept
    check(f'{S}{B}plain_name{A}{{"a": 1}}{E}{SE}', D, None, None, [Invalid("plain_name", id="plain_name")])


def test_kimi_made_ids_never_repeat_a_kept_one() -> None:
    # results are addressed by the call id ("## Return of functions.f:0"): no two calls share one
    calls = [ToolCall("f", {"a": 1}), ToolCall("f", {"a": 2}, "functions.f:0"), ToolCall("f", {"a": 3}),
             ToolCall("f", {"a": 4}, "functions.f:2")]
    got = [c.id for c in toolwire.decode_text(toolwire.encode_text(calls, "text.kimi"), "text.kimi").tool_calls]
    assert got[1] == "functions.f:0" and got[3] == "functions.f:2" and len(set(got)) == 4


def test_kimi_ids_numbered_across_the_conversation_are_written_as_given() -> None:
    """llama.cpp ``models/templates/Kimi-K2-Thinking.jinja`` counts calls across the
    conversation (``tool_call_counter``): a second turn's two calls are ``:2`` and ``:3``.
    ``encode_text`` sees one message's calls; ids given in that form are written as they
    are (docs/text-formats.md), made ones are numbered from 0 in the message."""
    turn2 = [ToolCall("get_weather", {"city": "Paris"}, "functions.get_weather:2"),
             ToolCall("get_time", {}, "functions.get_time:3")]
    assert toolwire.encode_text(turn2, D) == (
        "<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:2<|tool_call_argument_begin|>"
        '{"city": "Paris"}<|tool_call_end|><|tool_call_begin|>functions.get_time:3<|tool_call_argument_begin|>'
        "{}<|tool_call_end|><|tool_calls_section_end|>")
    made = toolwire.encode_text([ToolCall("get_weather", {}), ToolCall("get_time", {})], D)
    assert "functions.get_weather:0<|" in made and "functions.get_time:1<|" in made


# <|tool_call_begin|> is a special token (Kimi K2's chat template writes one per call): a
# call still open where it comes was abandoned, and the next call is read as any (vLLM's
# Kimi K2 parser never lets arguments span it); before, the next call was lost into the
# abandoned one's InvalidToolCall (hunt 39, engine text 3)
_B, _E = "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"
_CB, _CA, _CE = "<|tool_call_begin|>", "<|tool_call_argument_begin|>", "<|tool_call_end|>"


@pytest.mark.parametrize("first", ["functions.f:0" + _CA + '{"a": "half', "functions.f:0" + _CA + '{"a": ',
                                   "functions.f:0" + _CA, "functions.f:0", "functions.f:0" + _CA + '{"a": "x"}'])
@pytest.mark.parametrize("finish", [None, "stop", "length"])
def test_a_call_begin_inside_an_open_call_abandons_it(first: str, finish: str | None) -> None:
    text = _B + _CB + first + _CB + "functions.g:1" + _CA + '{"b": "y"}' + _CE + _E
    g = C("g", {"b": "y"}, id="functions.g:1")
    if finish == "length" and first.endswith("half"):  # abandoned in a string the cut may have gone on in
        g = Invalid("g", raw=_CB + "functions.g:1" + _CA + '{"b": "y"}' + _CE, id="functions.g:1")
    check(text, "text.kimi", None, None, [Invalid("f", raw=_CB + first, id="functions.f:0"), g], finish_reason=finish)


def test_a_call_begin_in_a_string_of_a_whole_call_is_its_text() -> None:
    text = _B + _CB + "functions.f:0" + _CA + '{"a": "x' + _CB + 'y"}' + _CE + _E
    check(text, "text.kimi", None, None, [C("f", {"a": "x" + _CB + "y"}, id="functions.f:0")], finish_reason="stop")
