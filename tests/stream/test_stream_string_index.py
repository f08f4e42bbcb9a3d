"""A Chat ``tool_calls[].index`` sent as a digit string (a gateway quirk) keys its
call as the int it spells: interleaved parallel calls never glue. An index that is
neither an int nor a digit string is refused with its path, never read as no index."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire import DecodeError, ToolCall
from toolwire.stream import Accumulator, accumulate


def _chat(tool_call: Dict[str, Any]) -> Dict[str, Any]:
    return {"object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": {"tool_calls": [tool_call]}, "finish_reason": None}]}


_END = {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}


def _interleaved(a: Any, b: Any) -> List[Any]:
    return [_chat({"index": a, "id": "call_a", "type": "function", "function": {"name": "f", "arguments": ""}}),
            _chat({"index": b, "id": "call_b", "type": "function", "function": {"name": "g", "arguments": ""}}),
            _chat({"index": a, "function": {"arguments": '{"a":['}}),
            _chat({"index": b, "function": {"arguments": '{"b":"y"}'}}),
            _chat({"index": a, "function": {"arguments": "]}"}}),
            _END]


def _all(chunks: List[Any], dialect: str = "openai.chat") -> List[List[Any]]:
    fed = Accumulator(dialect)
    for c in chunks:
        fed.feed(c)
    preview = Accumulator(dialect, preview=True)
    for c in chunks:
        preview.feed(c)
    return [accumulate(chunks, dialect), accumulate(iter(chunks)), fed.close(), preview.close()]


@pytest.mark.parametrize("dialect", ["openai.chat", "mistral"])
@pytest.mark.parametrize(("a", "b"), [("0", "1"), ("0", 1), (0, "1"), ("7", "12")])
def test_digit_string_indexes_key_calls_as_their_ints(dialect: str, a: Any, b: Any) -> None:
    expected = [ToolCall("f", {"a": []}, "call_a"), ToolCall("g", {"b": "y"}, "call_b")]
    assert _all(_interleaved(0, 1), dialect)[0] == expected
    for calls in _all(_interleaved(a, b), dialect):
        assert calls == expected
        assert [c.raw for c in calls] == ['{"a":[]}', '{"b":"y"}']


@pytest.mark.parametrize("index", ["01", "-1", " 1", "1.0", "x", "", "١", 1.0, True, [0], {"i": 0}, "9" * 40])
def test_other_indexes_are_refused_with_their_path(index: Any) -> None:
    chunks = _interleaved(0, index)
    for run in (lambda: accumulate(chunks), lambda: accumulate(iter(chunks), "openai.chat")):
        with pytest.raises(DecodeError) as info:
            run()
        assert info.value.loc == "$[1].choices[0].delta.tool_calls[0].index"
        assert str(info.value).startswith(
            "Tool call index at $[1].choices[0].delta.tool_calls[0].index is neither an int nor a digit string: ")
    acc = Accumulator("openai.chat", preview=True)
    acc.feed(chunks[0])
    with pytest.raises(DecodeError):
        acc.feed(chunks[1])
