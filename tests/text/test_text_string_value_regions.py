"""A call region that holds one JSON value (``BodyMode(balance=True)``) may hold a string:
JSON text of the call, as a chat template writes a history whose arguments are text. The
string closes the region as a closing bracket does, so the end of the output right after
it is no cut. Only a string where the value begins counts (Mistral: after ``[ARGS]``;
the others: at the start of the region); the regions that open on a bracket (Llama,
Gemma's bare call, xLAM's array) are unchanged."""

from __future__ import annotations

import time
from typing import Any

import pytest
from textcheck import C, Invalid, check, decode_cpu

from toolwire import decode_text

S = '"{\\"name\\": \\"f\\", \\"arguments\\": {\\"a\\": 1}}"'  # JSON text of a call, as a JSON string


@pytest.mark.parametrize(
    ("dialect", "text"),
    [
        ("text.granite", "<tool_call>" + S),  # Granite 3.1 - 3.3: no closer
        ("text.granite", "<|tool_call|>" + S),  # Granite 3.0
        ("text.granite", "<tool_call>\n" + S + "\n</tool_call>"),  # Granite 4
        ("text.gigachat", "function call<|role_sep|>\n" + S),
    ],
)
@pytest.mark.parametrize("finish", ["stop", None])
def test_json_text_of_a_call_ends_with_its_string(dialect: str, text: str, finish: Any) -> None:
    r = check(text, dialect, None, None, [C("f", {"a": 1})], finish_reason=finish)
    assert r.tool_calls[0].repairs == ("double-encoded",)


@pytest.mark.parametrize(
    ("dialect", "text"),
    [("text.granite", "<tool_call>" + S), ("text.gigachat", "function call<|role_sep|>\n" + S),
     ("text.xlam", "[TOOL_CALLS]" + S), ("text.mistral", "[TOOL_CALLS]f[ARGS]" + S)],
)
def test_a_string_value_under_a_length_finish_is_cut_off(dialect: str, text: str) -> None:
    [call] = check(text, dialect, None, None, [Invalid(None, truncated=True)] if dialect != "text.mistral"
                   else [Invalid("f", truncated=True)], finish_reason="length").tool_calls


def test_xlam_a_string_after_its_marker_is_no_call_and_not_cut_off() -> None:
    """xLAM reads an array of call objects only: a string is an invalid block, not a cut one."""
    check("[TOOL_CALLS]" + S, "text.xlam", None, None, [Invalid(None)], finish_reason="stop")


def test_text_before_a_string_is_no_value() -> None:
    """Granite: text, then a string: the region runs on to its closer, as before."""
    text = '<tool_call>x "a"</tool_call>'
    check(text, "text.granite", None, None, [Invalid(None, raw=text)], finish_reason="stop")


@pytest.mark.parametrize(("dialect", "head"), [("text.mistral", "[TOOL_CALLS]f[ARGS]"),
                                               ("text.granite", "<tool_call>")])
def test_long_string_values_decode_in_linear_time(dialect: str, head: str) -> None:
    def text(n: int) -> str:
        inner = '{\\"a\\": \\"' + "x\\\\n" * n + '\\"}'
        return (head + '"' + inner + '"') * 20

    assert decode_cpu(text(8_000), dialect) < 8 * decode_cpu(text(2_000), dialect) + 0.05


# Only JSON text of an object or array is a value as a string (mistral-common reads the
# text after [ARGS] with json.loads up to the next [TOOL_CALLS]; Mistral-Small-3.2's
# template writes '[ARGS]' + arguments|tojson): a string holding anything else does not
# close the call, so the text after it stays in the invalid call, never content
@pytest.mark.parametrize(
    ("dialect", "text", "name"),
    [
        ("text.mistral", '[TOOL_CALLS]f[ARGS]"x"{"a": 1}', "f"),
        ("text.mistral", '[TOOL_CALLS]f[ARGS] "x" {"a": 1}', "f"),
        ("text.granite", '<|tool_call|>"x"[{"name": "f", "arguments": {}}]', "f"),
        ("text.gigachat", 'function call<|role_sep|>\n"x"{"name": "f", "arguments": {}}', "f"),
        ("text.xlam", '[TOOL_CALLS]"x"[{"name": "f", "arguments": {}}]', "f"),
    ],
)
@pytest.mark.parametrize("finish", ["stop", None])
def test_a_string_that_holds_no_json_value_does_not_end_the_call(
    dialect: str, text: str, name: str | None, finish: Any
) -> None:
    check(text, dialect, None, None, [Invalid(name, raw=text)], finish_reason=finish)


def test_text_after_a_string_that_holds_no_json_value_stays_in_the_call() -> None:
    text = '[TOOL_CALLS]f[CALL_ID]Ab3dE9xYz[ARGS]"x"{"a": 1}'
    check(text, "text.mistral", None, None, [Invalid("f", raw=text, id="Ab3dE9xYz")], finish_reason="stop")
    text = '[TOOL_CALLS]f[ARGS]"x" and more'
    check(text, "text.mistral", None, None, [Invalid("f", raw=text)], finish_reason="stop")
    check('[TOOL_CALLS]f[ARGS]"x"', "text.mistral", None, None, [Invalid("f")], finish_reason="stop")
    # the next call's marker still ends it
    check('[TOOL_CALLS]f[ARGS]"x" y[TOOL_CALLS]g[ARGS]{}', "text.mistral", None, None,
          [Invalid("f", raw='[TOOL_CALLS]f[ARGS]"x" y'), C("g")], finish_reason="stop")


def test_a_string_of_json_text_still_ends_the_call() -> None:
    check("[TOOL_CALLS]f[ARGS]" + S + " Done.", "text.mistral", "Done.", None,
          [C("f", {"name": "f", "arguments": {"a": 1}})], finish_reason="stop")


@pytest.mark.parametrize("tail", ['[ARGS]"x"', ' "x" {"a": 1}'])
def test_strings_that_hold_no_json_value_decode_in_linear_time(tail: str) -> None:
    """The region's text is joined once, when its value's string closes: a region that
    runs on after one (more ``[ARGS]`` and strings in it) does not join it again."""
    def text(n: int) -> str:
        return '[TOOL_CALLS]f[ARGS]"x"' + tail * n

    assert decode_cpu(text(20_000), "text.mistral") < 8 * decode_cpu(text(5_000), "text.mistral") + 0.05


# A JSON scalar after [ARGS] (SGLang's and mistral-common's json.loads read it) is the
# whole value: it ends the call where it ends (before whitespace or the end of the
# text), and the arguments policy reads it as it reads Hermes' "arguments": null is
# {} (empty-arguments), true / 123 are "not an object"; never cut off after "stop"
@pytest.mark.parametrize("finish", ["stop", None])
def test_a_json_null_after_args_is_no_arguments_where_it_ends_the_text(finish: Any) -> None:
    r = check("[TOOL_CALLS]search[ARGS]null", "text.mistral", None, None, [C("search")], finish_reason=finish)
    assert r.tool_calls[0].repairs == ("empty-arguments",)
    # the same call where another follows it (as before)
    check("[TOOL_CALLS]search[ARGS]null[TOOL_CALLS]noargs[ARGS]{}", "text.mistral", None, None,
          [C("search"), C("noargs")], finish_reason=finish)


@pytest.mark.parametrize("value", ["true", "false", "123", "-1.5e3", "0"])
def test_other_json_scalars_after_args_are_invalid_not_cut_off(value: str) -> None:
    text = "[TOOL_CALLS]search[ARGS]" + value
    [call] = check(text, "text.mistral", None, None, [Invalid("search", raw=text)], finish_reason="stop").tool_calls
    assert "not an object" in call.error


def test_text_after_a_json_scalar_is_content() -> None:
    check("[TOOL_CALLS]search[ARGS]null then text", "text.mistral", "then text", None, [C("search")],
          finish_reason="stop")
    check("[TOOL_CALLS]search[CALL_ID]Ab3dE9xYz[ARGS] 7\nDone.", "text.mistral", "Done.", None,
          [Invalid("search", raw="[TOOL_CALLS]search[CALL_ID]Ab3dE9xYz[ARGS] 7", id="Ab3dE9xYz")],
          finish_reason="stop")


def test_a_json_scalar_the_text_ends_on_under_a_length_finish_is_cut_off() -> None:
    check("[TOOL_CALLS]search[ARGS]12", "text.mistral", None, None, [Invalid("search", truncated=True)],
          finish_reason="length")


@pytest.mark.parametrize("text", ["[TOOL_CALLS]f[ARGS]nullx", "[TOOL_CALLS]f[ARGS]1.", "[TOOL_CALLS]f[ARGS]nul"])
def test_what_is_no_complete_scalar_does_not_end_the_call(text: str) -> None:
    """Not a JSON value (or the start of one): the call runs to the end, as before."""
    check(text, "text.mistral", None, None, [Invalid("f", raw=text, truncated=True)], finish_reason="stop")


def test_an_empty_string_after_args_is_no_arguments_as_in_hermes() -> None:
    """Mistral-Small-3.2's '[ARGS]' + arguments|tojson writes "" for a history whose
    arguments are "": {} as Hermes' "arguments": "" is."""
    for s in ['""', '" "']:
        r = check("[TOOL_CALLS]f[ARGS]" + s, "text.mistral", None, None, [C("f")], finish_reason="stop")
        assert r.tool_calls[0].repairs == ("empty-arguments",)
    check('[TOOL_CALLS]f[ARGS]"" Done.', "text.mistral", "Done.", None, [C("f")], finish_reason="stop")
    hermes = decode_text('<tool_call>\n{"name": "f", "arguments": ""}\n</tool_call>', "text.hermes")
    assert hermes.tool_calls == (C("f"),)


def test_long_scalars_decode_in_linear_time() -> None:
    def text(n: int) -> str:
        return ("[TOOL_CALLS]f[ARGS]" + "1" * n + " x") * 20

    assert decode_cpu(text(20_000), "text.mistral") < 8 * decode_cpu(text(5_000), "text.mistral") + 0.05


def test_long_scalars_streamed_one_character_at_a_time_read_in_linear_time() -> None:
    """A scalar the text so far ends in is read again when more comes: only its first
    ``_SCALAR_MAX`` characters, so a long run of digits costs in proportion to it."""
    from toolwire.text._api import TextParser

    def cpu(n: int) -> float:
        text = ("[TOOL_CALLS]f[ARGS]" + "1" * n + " x") * 5
        best = float("inf")
        for _ in range(3):
            t = time.process_time()
            p = TextParser("text.mistral")
            for ch in text:
                p.feed(ch)
            p.close("stop")
            best = min(best, time.process_time() - t)
        return best

    assert cpu(20_000) < 8 * cpu(5_000) + 0.05
