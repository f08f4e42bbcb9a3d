"""What the JSON parser cannot read is said as such, never as "not JSON" or as the
caller's limit: an integer of more than 4300 digits is valid JSON (RFC 8259 §6 sets no
digit limit) that pydantic-core's parser will not read, and nesting past Python's
recursion limit is past what the parser reads, whatever ``max_depth`` says. Also the
caller's own arguments that are not lists: a ``DecodeError``, never a ``TypeError``."""

from __future__ import annotations

import pytest

import toolwire
from json_reach import past_json_reader
from toolwire import ArgumentsError, DecodeError, ToolCall
from toolwire.stream import encode_stream

LONG = "1" * 5000  # sys.int_info.str_digits_check_threshold is 640; the default limit 4300


def _chat(arguments: str) -> dict:
    return {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": arguments}}


def test_argument_text_with_a_very_long_integer_is_not_called_invalid_json() -> None:
    with pytest.raises(ArgumentsError) as e:
        toolwire.decode(_chat('{"a": ' + LONG + "}"))
    assert "an integer of more than 4300 digits" in str(e.value)
    assert "not valid JSON" not in str(e.value)
    assert e.value.loc == "$.function.arguments"


def test_json_text_input_with_a_very_long_integer_is_not_called_not_json() -> None:
    with pytest.raises(DecodeError) as e:
        toolwire.decode_all("[" + LONG + "]")
    assert str(e.value).startswith("Input at $ is JSON text the parser cannot read (an integer of more than 4300")
    assert "not JSON" not in str(e.value)


@pytest.mark.parametrize("depth", [999, 50_000])
def test_depth_past_the_parser_names_the_parser_not_the_callers_limit(depth: int) -> None:
    depth = past_json_reader(depth)  # as named on CPython 3.11; the stdlib reads deeper from 3.12
    text = '{"a":' + "[" * depth + "]" * depth + "}"
    with pytest.raises(ArgumentsError) as e:
        toolwire.decode(_chat(text), max_depth=10**6)
    assert "limit of 1000000" not in str(e.value)
    assert "what the JSON parser reads" in str(e.value)


def test_depth_past_the_callers_limit_names_it() -> None:
    text = '{"a":' + "[" * 300 + "]" * 300 + "}"
    with pytest.raises(ArgumentsError, match="deeper than the limit of 200"):
        toolwire.decode(_chat(text))


@pytest.mark.parametrize("tools", [None, 3, "f", {"name": "f", "parameters": {"type": "object"}}])
def test_validate_call_tools_not_a_list(tools: object) -> None:
    with pytest.raises(DecodeError, match="tools offered must be a list"):
        toolwire.validate_call(ToolCall("f", {}), tools)  # type: ignore[arg-type]


@pytest.mark.parametrize("calls", [None, 3, {"name": "f"}])
def test_encode_stream_calls_not_a_list(calls: object) -> None:
    with pytest.raises(DecodeError, match="takes a list of calls"):
        encode_stream(calls, "openai.chat")  # type: ignore[arg-type]
