"""text.mistral: [TOOL_CALLS] in every tokenizer generation (expected values from the format spec)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire import EncodeError, ToolCall, decode_text, encode_text

D = "text.mistral"


def test_single_call_each_generation() -> None:
    check('[TOOL_CALLS][{"name": "add", "arguments": {"a": 3.5, "b": 4}, "id": "Ab3dE9xYz"}]', D, None, None,
          [C("add", {"a": 3.5, "b": 4}, "Ab3dE9xYz")])
    check('[TOOL_CALLS][{"name": "add", "arguments": {"a": 1}}]', D, None, None, [C("add", {"a": 1})])
    check('[TOOL_CALLS]add[CALL_ID]Ab3dE9xYz[ARGS]{"a": 3.5, "b": 4}', D, None, None,
          [C("add", {"a": 3.5, "b": 4}, "Ab3dE9xYz")])
    check('[TOOL_CALLS]add[ARGS]{"a": 3.5, "b": 4}', D, None, None, [C("add", {"a": 3.5, "b": 4})])
    check('[TOOL_CALLS]add{"a": 1}', D, None, None, [C("add", {"a": 1})])


def test_null_id_means_none() -> None:
    check('[TOOL_CALLS][{"name": "f", "arguments": {}, "id": "null"}]', D, None, None, [C("f")])


@pytest.mark.parametrize(("ident", "shown"), [("5", "5"), ("[1]", "[1]"), ("true", "True"), ("{}", "{}"),
                                            ("1.5", "1.5")])
def test_array_call_with_an_id_not_a_string_is_invalid(ident: str, shown: str) -> None:
    """mistral-common ``experimental/tools.py`` builds ``ToolCall(id=tool_call.get("id", "null"))``,
    which refuses an id that is not a string ("Input should be a valid string"): never a call
    whose id went missing."""
    text = '[TOOL_CALLS] [{"name": "f", "arguments": {}, "id": ' + ident + '}]'
    check(text, D, None, None, [Invalid("f", raw=text)])
    out = decode_text(text, D, finish_reason="stop").tool_calls[0]
    assert out.error == 'Tool call at $.tool_calls[0] has an "id" that is not a string: ' + shown  # type: ignore[union-attr]


def test_array_call_with_a_json_null_or_empty_id_has_none() -> None:
    check('[TOOL_CALLS] [{"name": "f", "arguments": {}, "id": null}]', D, None, None, [C("f")])
    check('[TOOL_CALLS] [{"name": "f", "arguments": {}, "id": ""}]', D, None, None, [C("f")])


def test_array_id_with_outer_spaces_is_kept_and_written_back_in_the_array_only() -> None:
    """A JSON string carries the spaces (mistral-common keeps them: ``ToolCall.id`` is any
    string), and ``v3`` writes them back; ``v11`` refuses the id (its ids are letters,
    digits and ``_-.:/``)."""
    text = '[TOOL_CALLS] [{"name": "f", "arguments": {}, "id": " ab "}]'
    check(text, D, None, None, [C("f", {}, " ab ")])
    calls = decode_text(text, D, finish_reason="stop").tool_calls
    assert encode_text(calls, D, variant="v3") == text
    with pytest.raises(EncodeError, match="Call id"):
        encode_text(calls, D, variant="v11")


@pytest.mark.parametrize("ident", [" ab ", "ab ", " Ab3dE9xYz", "abc def", "ab\n", "\tab", " "])
def test_call_id_is_kept_as_written(ident: str) -> None:
    """mistral-common 1.13.1 ``experimental/tools.py`` ``_decode_tool_call_v11_with_call_id``
    takes ``tokenizer.decode`` of the tokens between ``[CALL_ID]`` and ``[ARGS]`` as the id,
    spaces and all (checked with the v11 tekken tokenizer: these texts decode to these ids);
    an id is never altered."""
    check(f'[TOOL_CALLS]f[CALL_ID]{ident}[ARGS]{{"a": 1}}', D, None, None, [C("f", {"a": 1}, ident)])
    check(f'[TOOL_CALLS]f[CALL_ID]{ident}{{"a": 1}}', D, None, None, [C("f", {"a": 1}, ident)])


def test_parallel_calls() -> None:
    check('[TOOL_CALLS]a[ARGS]{"x": 1}[TOOL_CALLS]b[ARGS]{"y": [2]}</s>', D, None, None,
          [C("a", {"x": 1}), C("b", {"y": [2]})])
    check('[TOOL_CALLS][{"name": "a", "arguments": {}}, {"name": "b", "arguments": {"y": 2}}]', D, None, None,
          [C("a"), C("b", {"y": 2})])


def test_no_argument_call() -> None:
    check("[TOOL_CALLS]now[ARGS]{}", D, None, None, [C("now")])


def test_unicode_and_nested_arguments() -> None:
    check('[TOOL_CALLS]book[ARGS]{"ville": "Zürich 東京", "p": {"a": [1, {"b": null}], "t": true}}', D, None, None,
          [C("book", {"ville": "Zürich 東京", "p": {"a": [1, {"b": None}], "t": True}})])


def test_argument_text_is_kept() -> None:
    r = check('[TOOL_CALLS]f[ARGS]{"a":  1}', D, None, None, [C("f", {"a": 1})])
    assert r.tool_calls[0].raw == '{"a":  1}'


def test_calls_after_reasoning() -> None:
    check('[THINK]Add them.[/THINK]Sure.[TOOL_CALLS]add[ARGS]{"a": 1}', D, "Sure.", "Add them.", [C("add", {"a": 1})])


def test_content_before_and_after_calls() -> None:
    check('Let me add. [TOOL_CALLS]add[ARGS]{"a": 1} done</s>', D, "Let me add.  done", None, [C("add", {"a": 1})])


def test_markers_inside_string_arguments() -> None:
    check('[TOOL_CALLS]echo[ARGS]{"s": "[TOOL_CALLS]x[ARGS]{} } ] </s>"}', D, None, None,
          [C("echo", {"s": "[TOOL_CALLS]x[ARGS]{} } ] </s>"})])


def test_truncated_call() -> None:
    text = 'Ok.[TOOL_CALLS]add[ARGS]{"a": 1, "b": "x'
    check(text, D, "Ok.", None, [Invalid("add", truncated=True, raw=text[3:])])
    # the call closed before the cut is whole (hunt 16, bug 5); the cut one has no name yet
    check('[TOOL_CALLS][{"name": "a", "arguments": {}}, {"name"', D, None, None, [C("a"), Invalid(None, truncated=True)])
    check("[TOOL_CALLS]add", D, None, None, [Invalid("add", truncated=True)])


def test_call_cut_by_the_next_call_marker() -> None:
    check('[TOOL_CALLS]a[ARGS]{"x": [TOOL_CALLS]b[ARGS]{}', D, None, None, [Invalid("a", truncated=True), C("b")])


def test_malformed_calls() -> None:
    check("[TOOL_CALLS][1, 2]", D, None, None, [Invalid(None), Invalid(None)])
    check("[TOOL_CALLS][ARGS]{}", D, None, None, [Invalid(None)])
    check('[TOOL_CALLS]f[ARGS]{"a": 1}}', D, "}", None, [C("f", {"a": 1})])


# encode_text: "A value the format cannot carry ... raises EncodeError" (its docstring);
# Mistral's own ids are 9 letters and digits (mistral-common), other providers' ids use _ - . :


@pytest.mark.parametrize("variant", [None, "v11"])
@pytest.mark.parametrize("bad", ["a]b", 'x"y', " pad ", "a b", "null", "a}b", "a[b", "a{b", "a</s>"])
def test_encode_refuses_an_id_it_cannot_carry(bad: str, variant: str | None) -> None:
    with pytest.raises(EncodeError, match="Call id"):
        encode_text([ToolCall("f", {"a": 1}, bad), ToolCall("g", {"b": 2}, "id2")], D, variant=variant)


@pytest.mark.parametrize("variant", [None, "v11", "v3"])
def test_encode_ids_read_back(variant: str | None) -> None:
    calls = [ToolCall("f", {"a": 1}, "Ab3dE9xYz"), ToolCall("g", {"b": 2}, "call_1-x"),
             ToolCall("h", {}, "functions.h:0")]
    text = encode_text(calls, D, variant=variant)
    assert decode_text(text, D, finish_reason="stop").tool_calls == tuple(calls)


def test_encode_v3_refuses_an_id_that_reads_back_as_none() -> None:
    with pytest.raises(EncodeError, match="Call id"):
        encode_text([ToolCall("f", {}, "null")], D, variant="v3")


# mistral-common 1.13 (``experimental/tools.py``: ``tokenizer.decode`` of the name's
# tokens) and vLLM's mistral parser (``raw_tool_call[:end_name]``) keep the text before
# [CALL_ID] / [ARGS] / "{" as the name, spaces too; llama.cpp's Mistral-Small-3.2 parser
# refuses it. No template writes a space there: a name with spaces names no tool.
@pytest.mark.parametrize("text", [
    '[TOOL_CALLS] get_weather [ARGS]{"city": "Paris"}',
    '[TOOL_CALLS]get_weather [ARGS]{"city": "Paris"}',
    '[TOOL_CALLS] get_weather[ARGS]{"city": "Paris"}',
    '[TOOL_CALLS]get_weather\n[ARGS]{"city": "Paris"}',
    '[TOOL_CALLS] get_weather [CALL_ID]Ab3dE9xYz[ARGS]{"city": "Paris"}',
    '[TOOL_CALLS]get_weather {"city": "Paris"}',
])
def test_spaces_around_the_name_are_not_repaired(text: str) -> None:
    ident = "Ab3dE9xYz" if "[CALL_ID]" in text else None
    check(text, D, None, None, [Invalid(raw=text, id=ident)])
    tools = [{"type": "function", "function": {"name": "get_weather"}}]
    check(text, D, None, None, [Invalid(raw=text, id=ident)], tools=tools)


# nothing after [ARGS] (or the name) before the next [TOOL_CALLS] or </s>: the call was cut
# there, not written with no arguments (the v11 template writes '[ARGS]' + arguments|tojson,
# "{}" for none); before, f ran with {} flagged empty-arguments (hunt 39, engine text 3)
@pytest.mark.parametrize("first", ["[TOOL_CALLS]f[ARGS]", "[TOOL_CALLS]f[ARGS] \n", "[TOOL_CALLS]f",
                                   "[TOOL_CALLS]f[CALL_ID]a1b2c3d4e[ARGS]"])
def test_a_call_with_nothing_after_its_name_before_the_next_is_cut(first: str) -> None:
    text = first + '[TOOL_CALLS]g[ARGS]{"b": "y"}'
    r = check(text, "text.mistral", None, None, [Invalid("f", raw=first, id=r_id(first)), C("g", {"b": "y"})],
              finish_reason="stop")
    assert not r.tool_calls[0].truncated
    check(first + "</s>", "text.mistral", None, None, [Invalid("f", raw=first + "</s>", id=r_id(first))],
          finish_reason="stop")


def r_id(first: str) -> str | None:
    return "a1b2c3d4e" if "[CALL_ID]" in first else None


def test_an_empty_string_after_args_is_still_no_arguments() -> None:
    check('[TOOL_CALLS]f[ARGS]""[TOOL_CALLS]g[ARGS]{}', "text.mistral", None, None, [C("f"), C("g")],
          finish_reason="stop")
