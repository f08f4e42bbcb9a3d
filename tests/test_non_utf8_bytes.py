"""#15 class 4: bytes that are not UTF-8 are refused, never read as U+FFFD silently.

``decode``, ``decode_all`` and stream chunks given as bytes (SSE / NDJSON bodies) raise
``DecodeError`` as ``decode_text`` does (JSON text is UTF-8: RFC 8259 §8.1); valid
UTF-8 bytes, non-ASCII included, decode as before.
"""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest

import toolwire
from toolwire import stream

ITEM = {"id": "call_1", "type": "function", "function": {"name": "rename", "arguments": '{"to": "café"}'}}
CHUNK = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [
    {"index": 0, "finish_reason": "tool_calls", "delta": {"tool_calls": [
        {"index": 0, "id": "call_1", "type": "function", "function": {"name": "rename", "arguments": '{"to": "café"}'}}]}}]}

GOOD = json.dumps(ITEM, ensure_ascii=False).encode("utf-8")
# the same payload with "é" written in Latin-1 (one byte 0xE9), a lone continuation
# byte, a multi-byte sequence cut short, and an overlong encoding of "/"
SWAP = {"latin-1": b"\xe9", "continuation": b"\x80", "cut-sequence": b"\xe2\x82", "overlong": b"\xc0\xaf"}
BAD = {name: GOOD.replace("é".encode(), raw) for name, raw in SWAP.items()}


@pytest.mark.parametrize("name", sorted(BAD))
@pytest.mark.parametrize("fn", [toolwire.decode, toolwire.decode_all], ids=["decode", "decode_all"])
def test_non_utf8_bytes_refused(name: str, fn: Callable[[Any], Any]) -> None:
    with pytest.raises(toolwire.DecodeError, match=r"Input at \$ is bytes but not UTF-8"):
        fn(BAD[name])
    with pytest.raises(toolwire.DecodeError, match="not UTF-8"):
        fn(bytearray(BAD[name]))


@pytest.mark.parametrize("name", sorted(BAD))
def test_non_utf8_bytes_refused_in_streams(name: str) -> None:
    good = ("data: " + json.dumps(CHUNK, ensure_ascii=False) + "\n\n").encode("utf-8")
    bad = good.replace("é".encode(), SWAP[name])
    with pytest.raises(toolwire.DecodeError, match=r"Stream chunk at \$ is bytes but not UTF-8"):
        stream.accumulate(bad)
    with pytest.raises(toolwire.DecodeError, match="not UTF-8"):
        stream.accumulate([bad])
    acc = stream.Accumulator("openai.chat")
    with pytest.raises(toolwire.DecodeError, match="not UTF-8"):
        acc.feed(bad)


@pytest.mark.parametrize("name", sorted(BAD))
def test_non_utf8_bytes_refused_by_decode_text_too(name: str) -> None:
    with pytest.raises(toolwire.DecodeError, match="not UTF-8"):
        toolwire.decode_text(b'<tool_call>{"name": "f", "arguments": {"a": "\xe9"}}</tool_call>', "text.hermes")


def test_non_utf8_bytes_valid_utf8_still_decodes() -> None:
    expected = toolwire.ToolCall("rename", {"to": "café"}, "call_1")
    assert toolwire.decode(GOOD) == expected
    assert toolwire.decode_all(GOOD) == [expected]
    body = ("data: " + json.dumps(CHUNK, ensure_ascii=False) + "\n\ndata: [DONE]\n\n").encode("utf-8")
    assert stream.accumulate(body) == [expected]


@pytest.mark.parametrize("blank", [b"", b" ", b"\n\t ", bytearray(b""), bytearray(b"  ")])
def test_blank_utf8_bytes_hold_no_calls_as_blank_text_does(blank: Any) -> None:
    # "" and " " gave [] while b"" and b" " raised "text but not JSON" (b"null" gave [])
    assert toolwire.decode_all(blank) == toolwire.decode_all(bytes(blank).decode()) == []
    assert toolwire.convert(blank, "openai.chat") == toolwire.convert("", "openai.chat") == []
    from pydantic import TypeAdapter

    assert TypeAdapter(toolwire.ToolCalls).validate_python(blank) == []


def test_bytes_that_are_not_blank_are_still_json_text() -> None:
    with pytest.raises(toolwire.DecodeError, match="text but not JSON"):
        toolwire.decode_all(b" x ")
    with pytest.raises(toolwire.DecodeError, match="not UTF-8"):
        toolwire.decode_all(b" \xff")
