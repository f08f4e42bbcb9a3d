"""SSE bodies fed as byte pieces: every line end the SSE spec allows, and lines that
carry no data cut anywhere.

The SSE spec (https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream:
``end-of-line = ( cr lf / cr / lf )``) ends a line with CRLF, a single LF or a single
CR. A body with bare-CR line ends read whole gave every call; fed as a transport's
pieces (httpx ``iter_bytes()``), a piece cut inside a line after a comment line
(``": ping\\r\\rdata"``) was taken for a whole comment line and the start of the next
chunk was dropped: a Gemini call vanished, a Chat call came back nameless. A line that
carries no data (``event:``, a comment) cut in three pieces with a whitespace-only
middle one (``b"event:"``, ``b" "``, ``b"message_start\\n..."``) lost its start and a
valid stream was refused.

Comment lines (``: ping``) are the keep-alives the spec describes ("Legacy proxy
servers are known to, in certain cases, drop HTTP connections after a short timeout.
To protect against such proxy servers, authors can include a comment line (one
starting with a ':' character) every 15 seconds or so.").
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest

from toolwire import ToolCall
from toolwire.stream import Accumulator, accumulate, encode_stream

CALLS = [ToolCall("get_weather", {"city": "Paris"}, "call_1"), ToolCall("f2", {"a": 10}, "call_2")]
DIALECTS = ["openai.chat", "openai.responses", "anthropic.messages", "gemini", "cohere.v2", "mistral"]


def _calls(dialect: str) -> List[ToolCall]:
    if dialect == "anthropic.messages":
        return [c.replace(id=f"toolu_0{i}") for i, c in enumerate(CALLS)]
    if dialect == "mistral":  # ids of exactly 9 alphanumerics
        return [c.replace(id=f"abcDEF12{i}") for i, c in enumerate(CALLS)]
    return CALLS


def _body(dialect: str, eol: str, events: bool = False) -> bytes:
    parts = [": ping" + eol + eol]
    for e in encode_stream(_calls(dialect), dialect):
        if events and "type" in e:
            parts.append(f"event: {e['type']}{eol}")
        parts.append("data: " + json.dumps(e) + eol + eol)
        parts.append(": ping" + eol + eol)
    return "".join(parts).encode()


def _shape(calls: List[Any]) -> List[Dict[str, Any]]:
    return [{"type": type(c).__name__, "name": c.name, "args": getattr(c, "args", None), "id": c.id} for c in calls]


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("eol", ["\r", "\r\n", "\n"], ids=["cr", "crlf", "lf"])
def test_two_pieces_cut_anywhere_give_the_calls_of_the_whole_body(dialect: str, eol: str) -> None:
    body = _body(dialect, eol)
    whole = _shape(accumulate([body], dialect))
    assert whole == _shape(_calls(dialect))
    for i in range(1, len(body)):
        pieces = [body[:i], body[i:]]
        assert _shape(accumulate(iter(pieces), dialect)) == whole, (i, pieces[0][-20:])


@pytest.mark.parametrize("dialect", ["gemini", "openai.chat"])
def test_a_piece_cut_after_data_behind_a_comment_line(dialect: str) -> None:
    """The hunter's shape: ``": ping\\r\\rdata"``, then the rest."""
    body = _body(dialect, "\r")
    i = body.index(b"data") + 4
    assert body[:i] == b": ping\r\rdata"
    acc = Accumulator(dialect)
    acc.feed(body[:i])
    acc.feed(body[i:])
    assert _shape(acc.close()) == _shape(_calls(dialect))


@pytest.mark.parametrize("dialect", ["anthropic.messages", "gemini"])
@pytest.mark.parametrize("eol", ["\r", "\n"], ids=["cr", "lf"])
def test_three_pieces_cut_anywhere_in_the_first_lines(dialect: str, eol: str) -> None:
    """Every 3-way split (i < j) of the first 60 bytes, ``event:`` lines included."""
    body = _body(dialect, eol, events=True)
    whole = _shape(accumulate([body], dialect))
    assert whole == _shape(_calls(dialect))
    for i in range(1, 60):
        for j in range(i + 1, 60):
            pieces = [body[:i], body[i:j], body[j:]]
            assert _shape(accumulate(iter(pieces), dialect)) == whole, pieces[:2]


@pytest.mark.parametrize("first", [b"event:", b":"])
def test_a_no_data_line_cut_around_a_whitespace_piece(first: bytes) -> None:
    """The stream's first line in three pieces: ``b"event:"`` (or ``b":"``), ``b" "``, the rest."""
    body = _body("anthropic.messages", "\n", events=True)
    if first == b"event:":
        body = body[body.index(b"event: message_start"):]
    assert body.startswith(first + b" ")
    pieces = [first, b" ", body[len(first) + 1:]]
    assert _shape(accumulate(iter(pieces), "anthropic.messages")) == _shape(_calls("anthropic.messages"))


@pytest.mark.parametrize("eol", ["\r", "\r\n", "\n"], ids=["cr", "crlf", "lf"])
def test_lines_without_their_line_end_still_read_as_lines(eol: str) -> None:
    """requests' ``iter_lines()`` (any line end): each line, ``event:``, comment and
    blank ones included, without its line end."""
    body = _body("anthropic.messages", eol, events=True)
    lines = body.decode().splitlines()
    assert len(lines) > 10
    expected = _shape(_calls("anthropic.messages"))
    assert _shape(accumulate([x.encode() for x in lines], "anthropic.messages")) == expected
    assert _shape(accumulate(iter([x.encode() for x in lines]))) == expected


@pytest.mark.parametrize("dialect", ["openai.chat", "anthropic.messages"])
@pytest.mark.parametrize("sep", ["\u2028", "\u2029", "\x85"], ids=["ls", "ps", "nel"])
def test_only_cr_and_lf_end_a_line(dialect: str, sep: str) -> None:
    """JSON text may hold U+2028, U+2029 and U+0085 unescaped (RFC 8259 §7 escapes only
    the quote, the backslash and U+0000-U+001F; Python's ``json.dumps(...,
    ensure_ascii=False)`` and pydantic's JSON writer leave them as they are): they end no
    SSE line (``str.splitlines`` would cut the JSON there)."""
    call = _calls(dialect)[0].replace(args={"city": f"Par{sep}is"})
    chunks = encode_stream([call], dialect)
    for eol in ("\n", "\r", "\r\n"):
        body = "".join("data: " + json.dumps(c, ensure_ascii=False) + eol + eol for c in chunks)
        assert sep in body
        assert accumulate(body, dialect) == [call]
        raw = body.encode()
        assert accumulate([raw], dialect) == [call]
        assert accumulate(iter([raw[i:i + 7] for i in range(0, len(raw), 7)]), dialect) == [call]


def test_ndjson_with_cr_line_ends() -> None:
    """Ollama's NDJSON body, its lines ended with CR: read as lines, as with LF."""
    call = ToolCall("get_weather", {"city": "Paris"})
    body = "".join(json.dumps(c) + "\r" for c in encode_stream([call], "ollama"))
    assert accumulate(body, "ollama") == accumulate(body.replace("\r", "\n"), "ollama") == [call]


def test_an_empty_data_line_without_its_line_end() -> None:
    """``iter_lines()`` of a body with a ``data:`` line that carries nothing (the SSE
    spec reads it as an empty data field): a line of its own, not the start of the next.
    It swallowed the lines after it (the calls were lost, or the stream refused)."""
    events = encode_stream(_calls("anthropic.messages"), "anthropic.messages")
    lines = [b"event: ping", b"data:", b""]
    for e in events:
        lines += [f"event: {e['type']}".encode(), f"data: {json.dumps(e)}".encode(), b""]
    expected = _shape(_calls("anthropic.messages"))
    assert _shape(accumulate(iter(lines), "anthropic.messages")) == expected
    body = b"\n".join(lines) + b"\n"
    assert _shape(accumulate([body], "anthropic.messages")) == expected
    for i in range(1, 40):  # the same body cut anywhere near its empty data line
        assert _shape(accumulate(iter([body[:i], body[i:]]), "anthropic.messages")) == expected
