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
