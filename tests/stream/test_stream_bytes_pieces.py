"""Bytes fed as a transport yields them: httpx ``Response.iter_bytes()`` gives pieces of
the body that end anywhere (inside a line, inside a UTF-8 character); requests'
``iter_lines()`` gives lines without their line end. Both give the calls of the whole
body. A UTF-8 byte order mark at the start of the stream is dropped, as the SSE spec
(https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation:
"a single U+FEFF BYTE ORDER MARK character at the start of the stream ... is ignored") says.

Bodies: Anthropic's SSE stream (``event:`` / ``data:`` lines, blank line after each
event: https://docs.anthropic.com/en/api/messages-streaming), OpenAI's
(``data: {...}`` and ``data: [DONE]``), Ollama's NDJSON
(https://github.com/ollama/ollama/blob/main/docs/api.md).
"""

from __future__ import annotations

import json
from typing import Any, List

import pytest

from toolwire import DecodeError, ToolCall
from toolwire.stream import Accumulator, accumulate, encode_stream

CALLS = [ToolCall("get_weather", {"city": "Zürich 東京"}, "toolu_01"), ToolCall("now", {}, "toolu_02")]


def _anthropic_body() -> bytes:
    events = encode_stream(CALLS, "anthropic.messages", split=3)
    return "".join(f"event: {e['type']}\ndata: {json.dumps(e, ensure_ascii=False)}\n\n" for e in events).encode()


def _chat_body() -> bytes:
    chunks = encode_stream([ToolCall("get_weather", {"city": "Zürich 東京"}, "call_1")], "openai.chat", split=3)
    return "".join(f"data: {json.dumps(c, ensure_ascii=False)}\n\n" for c in chunks).encode() + b"data: [DONE]\n\n"


def _ollama_body() -> bytes:
    chunks = encode_stream([ToolCall("get_weather", {"city": "Zürich 東京"})], "ollama")
    return "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in chunks).encode()


def _pieces(body: bytes, size: int) -> List[bytes]:
    return [body[i:i + size] for i in range(0, len(body), size)]


BODIES = [("anthropic.messages", _anthropic_body), ("openai.chat", _chat_body), ("ollama", _ollama_body)]


@pytest.mark.parametrize(("dialect", "body"), BODIES, ids=[b[0] for b in BODIES])
@pytest.mark.parametrize("size", [1, 2, 7, 64, 1000])
def test_pieces_that_end_inside_a_line(dialect: str, body: Any, size: int) -> None:
    whole = body()
    expected = accumulate(whole)
    assert expected and all(type(c) is ToolCall for c in expected)
    pieces = _pieces(whole, size)
    for named in (None, dialect):
        acc = Accumulator(named)
        for piece in pieces:
            acc.feed(piece)
        assert acc.close() == expected
        assert accumulate(pieces, named) == expected
        assert accumulate(iter(pieces), named) == expected


@pytest.mark.parametrize(("dialect", "body"), BODIES, ids=[b[0] for b in BODIES])
def test_lines_without_their_line_end(dialect: str, body: Any) -> None:
    """requests' ``iter_lines()``: each line, ``event:`` and blank ones included."""
    whole = body()
    lines = whole.split(b"\n")
    assert accumulate(lines) == accumulate(lines, dialect) == accumulate(whole)


def test_the_last_line_without_its_line_end_is_read_at_close() -> None:
    whole = _chat_body().rstrip(b"\n")
    acc = Accumulator()
    for piece in _pieces(whole, 5):
        acc.feed(piece)
    assert acc.close() == accumulate(_chat_body())


def test_a_stream_cut_inside_a_line_is_refused_at_close() -> None:
    whole = _chat_body()
    cut = whole[: whole.index(b"call_1")]
    acc = Accumulator("openai.chat")
    for piece in _pieces(cut, 10):
        acc.feed(piece)
    with pytest.raises(DecodeError):
        acc.close()


@pytest.mark.parametrize("as_bytes", [True, False])
def test_a_byte_order_mark_at_the_start_is_dropped(as_bytes: bool) -> None:
    whole = _anthropic_body()
    body: Any = b"\xef\xbb\xbf" + whole if as_bytes else "\ufeff" + whole.decode()
    assert accumulate(body) == accumulate(whole)
    acc = Accumulator()
    for piece in _pieces(b"\xef\xbb\xbf" + whole, 64):
        acc.feed(piece)
    assert acc.close() == accumulate(whole)


def test_one_long_line_in_small_pieces_is_joined_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The unfinished line is kept as pieces and joined once, when its line ends: the
    bytes joined stay within the body's size however small the pieces (joining the tail
    at each piece would copy it once per piece: quadratic). ``benchmarks/bench_scaling.py``
    times it at n and 4n."""
    from toolwire.stream import _bytes_lines

    joined: List[int] = []
    real = _bytes_lines._joined

    def counting(pieces: List[Any]) -> Any:
        out = real(pieces)
        joined.append(len(out))
        return out

    monkeypatch.setattr(_bytes_lines, "_joined", counting)
    call = ToolCall("f", {"text": "x" * 200_000}, "call_1")
    body = b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in encode_stream([call], "openai.chat"))
    assert accumulate(_pieces(body, 16), "openai.chat") == [call]
    assert 0 < sum(joined) <= len(body)
