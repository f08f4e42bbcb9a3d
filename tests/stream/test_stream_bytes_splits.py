"""A stream body cut anywhere into bytes pieces (httpx ``Response.iter_bytes()`` ends a
piece at any byte) reads as the body in one piece: the same calls, text and finish.

The bodies are the stream cases of ``tests/goldens`` (chunks written from each
provider's documentation), framed as the providers send them: SSE (WHATWG HTML,
"Server-sent events", https://html.spec.whatwg.org/multipage/server-sent-events.html:
``data:`` lines, an ``event:`` line before, ``: ping`` comments, a blank line after
each event, LF, CRLF or bare CR line ends, an event's data over several ``data:``
lines) and NDJSON (Ollama, https://github.com/ollama/ollama/blob/main/docs/api.md).
Cuts are drawn anywhere and where the framing is decided: right after ``data:`` and
``data: ``, after a CR or an LF (inside a CRLF), inside the blank line's two line
ends. Text (``str``) is read as fed, each feed whole lines (docs/streaming.md): it is
cut at line ends only (between a CRLF's CR and LF too). Bedrock's binary event stream
is not read here: ``bedrock.converse`` streams are fed as decoded events (boto3's).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from toolwire import DecodeError, ToolCall
from toolwire.stream import Accumulator, accumulate

_GOLDENS = Path(__file__).resolve().parent.parent / "goldens"


def _golden_streams() -> List[Tuple[str, List[Dict[str, Any]]]]:
    out = []
    for path in sorted(_GOLDENS.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for case in doc["cases"]:
            if case.get("kind") == "stream":
                out.append((case.get("dialect") or doc["dialect"], case["wire"]))
    return out


# The reproducer's stream (an OpenAI Chat stream, the shape of
# https://platform.openai.com/docs/api-reference/chat-streaming/streaming): text around a call.
E0 = {"choices": [{"delta": {"content": "A"}, "index": 0}]}
E1 = {"choices": [{"delta": {"content": "B", "tool_calls": [{"index": 0, "id": "c1", "type": "function", "function": {
    "name": "f", "arguments": "{}"}}]}, "index": 0}]}
E2 = {"choices": [{"delta": {"content": "C"}, "finish_reason": "stop", "index": 0}]}

# Characters of two, three and four UTF-8 bytes (a cut may fall inside one).
U1 = {"choices": [{"delta": {"content": "Zürich 東京 🌧", "tool_calls": [{"index": 0, "id": "c2", "type": "function",
                  "function": {"name": "weather", "arguments": '{"city": "Zürich 東京 🌧"}'}}]}, "index": 0}]}
U2 = {"choices": [{"delta": {}, "finish_reason": "tool_calls", "index": 0}]}

STREAMS = _golden_streams() + [("openai.chat", [E0, E1, E2]), ("openai.chat", [U1, U2])]
# (no stream of its dialect in the goldens is missed: one per golden file with a stream case)
assert len(STREAMS) >= 9


def _sse(chunks: List[Dict[str, Any]], eol: str, extras: bool, multiline: bool) -> bytes:
    out = []
    for i, chunk in enumerate(chunks):
        if extras:
            out.append(f": ping {i}{eol}event: {chunk.get('type', 'message')}{eol}id: {i}{eol}")
        text = json.dumps(chunk, ensure_ascii=False, indent=1 if multiline else None)
        out.extend(f"data: {line}{eol}" for line in text.split("\n"))
        out.append(eol)
    return "".join(out).encode()


def _ndjson(chunks: List[Dict[str, Any]], eol: str) -> bytes:
    return "".join(json.dumps(c, ensure_ascii=False) + eol for c in chunks).encode()


def _bodies(chunks: List[Dict[str, Any]]) -> List[Tuple[str, bytes]]:
    out = [(f"ndjson{eol!r}", _ndjson(chunks, eol)) for eol in ("\n", "\r\n")]
    for eol in ("\n", "\r\n", "\r"):
        for extras in (False, True):
            for multiline in (False, True):
                out.append((f"sse{eol!r} extras={extras} multiline={multiline}", _sse(chunks, eol, extras, multiline)))
    return out


BODIES = [(dialect, name, body, chunks) for dialect, chunks in STREAMS for name, body in _bodies(chunks)]
_MARKS = (b"data:", b"data: ", b"\r", b"\n", b"\r\n", b"\n\n", b"\r\n\r\n", b"\r\r")


def _marked(body: bytes) -> List[int]:
    """The cut points where the framing is decided: after each mark, and inside each."""
    points = set()
    for mark in _MARKS:
        at = body.find(mark)
        while at >= 0:
            points.update(range(at + 1, at + len(mark) + 1))
            at = body.find(mark, at + 1)
    return sorted(p for p in points if 0 < p < len(body))


def _read(dialect: Optional[str], pieces: List[Any]) -> Tuple[List[Any], str, Optional[str]]:
    acc = Accumulator(dialect)
    for piece in pieces:
        acc.feed(piece)
    return acc.close(), acc.text, acc.finish_reason


def _cut(body: Any, points: List[int]) -> List[Any]:
    points = sorted(set(points))
    return [body[a:b] for a, b in zip([0] + points, points + [len(body)])]


@st.composite
def _cuts(draw: Any, body: bytes) -> List[int]:
    marked = _marked(body)
    if draw(st.booleans()):  # one event's line cut as the reproducer cut it: its start, after ``data:``,
        starts = [i + 1 for i in range(len(body) - 1) if body[i:i + 1] in b"\r\n" and body[i + 1:i + 6] == b"data:"]
        starts += [0] if body[:5] == b"data:" else []
        if starts:  # inside it, its end, the end of the next event (a piece that is a whole event)
            at = draw(st.sampled_from(starts))
            end = min(i for i in (body.find(b"\r", at), body.find(b"\n", at), len(body)) if i >= 0)
            later = [s for s in starts if s > end][:1]
            if later:  # (after the next data line's end and its blank line: up to 4 bytes)
                nxt = min(i for i in (body.find(b"\r", later[0]), body.find(b"\n", later[0]), len(body)) if i >= 0)
                later = [min(nxt + draw(st.integers(0, 4)), len(body))]
            aligned = [at, at + 5, draw(st.integers(at + 5, end)), end] + later
            return aligned + (draw(st.lists(st.sampled_from(marked), max_size=3)) if marked else [])
    points = draw(st.lists(st.sampled_from(marked), max_size=12)) if marked else []
    points += draw(st.lists(st.integers(0, len(body)), max_size=6))
    if draw(st.booleans()):  # an empty piece here and there (a list of pieces may hold one)
        points += draw(st.lists(st.sampled_from(points), max_size=2)) if points else []
    return points


def _empty_pieces(body: bytes, points: List[int]) -> List[bytes]:
    """The pieces, an empty one where a point is drawn twice after the body's first line
    end (before it, an empty piece is a blank line fed alone, ``iter_lines()``: no
    transport cuts a line into an empty piece)."""
    first = min(i for i in (body.find(b"\n"), body.find(b"\r"), len(body)) if i >= 0)
    pieces: List[bytes] = []
    for a, b in zip([0] + sorted(points), sorted(points) + [len(body)]):
        if a < b or a > first:
            pieces.append(body[a:b])
    return pieces


@pytest.mark.parametrize(("dialect", "name", "body", "chunks"), BODIES,
                         ids=[f"{d}-{i}-{n}" for i, (d, n, _, _) in enumerate(BODIES)])
@given(data=st.data())
def test_bytes_cut_anywhere_read_as_the_whole_body(dialect: str, name: str, body: bytes, chunks: List[Any],
                                                    data: Any) -> None:
    whole = _read(dialect, [body])
    assert whole == _read(dialect, chunks)  # the framing read as the chunks themselves
    assert whole[0] and all(type(c) is ToolCall for c in whole[0])
    points = data.draw(_cuts(body), label="cuts")
    pieces = _empty_pieces(body, points)
    note(repr(pieces))
    assert b"".join(pieces) == body
    assert _read(dialect, pieces) == whole
    assert _read(None, pieces) == whole
    assert accumulate(iter(pieces), dialect) == whole[0]
    assert accumulate(iter([bytearray(p) for p in pieces])) == whole[0]


@pytest.mark.parametrize(("dialect", "name", "body", "chunks"), BODIES,
                         ids=[f"{d}-{i}-{n}" for i, (d, n, _, _) in enumerate(BODIES)])
@given(data=st.data())
def test_text_cut_at_line_ends_reads_as_the_whole_body(dialect: str, name: str, body: bytes, chunks: List[Any],
                                                        data: Any) -> None:
    text = body.decode()
    ends = [i + 1 for i, ch in enumerate(text) if ch in "\r\n"]
    points = data.draw(st.lists(st.sampled_from(ends), max_size=12), label="cuts")
    pieces = _cut(text, points)
    assert _read(dialect, pieces) == _read(dialect, [text])
    assert accumulate(iter(pieces), dialect) == accumulate(text, dialect)


def _repro_pieces() -> List[bytes]:
    e0, e1, e2 = (json.dumps(e).encode() for e in (E0, E1, E2))
    return [b"data: " + e0 + b"\n\n", b"data:", b" " + e1[:10], e1[10:], b"\n\ndata: " + e2 + b"\n\n"]


def test_a_data_line_cut_after_its_field_name_is_read() -> None:
    """``data:``, then its JSON in pieces without a line end, then a piece holding a
    whole data line after the line end: the cut event's call and text are read (they
    were dropped: the cut line was taken for an ``iter_lines()`` line without data)."""
    expected = ([ToolCall("f", {}, "c1")], "ABC", "stop")
    pieces = _repro_pieces()
    assert _read("openai.chat", [b"".join(pieces)]) == expected
    assert _read("openai.chat", pieces) == expected
    assert _read(None, pieces) == expected
    assert accumulate(iter(pieces), "openai.chat") == expected[0]


def test_a_data_line_cut_after_its_field_name_as_the_first_line() -> None:
    """The same cut in the stream's first line (nothing read yet)."""
    e1 = json.dumps(E1).encode()
    pieces = [b"data:", b" " + e1[:10], e1[10:], b"\n\ndata: " + json.dumps(E2).encode() + b"\n\n"]
    assert _read("openai.chat", pieces) == ([ToolCall("f", {}, "c1")], "BC", "stop")
    pieces = [b"data", b":", b" " + e1 + b"\n\n"]  # (``:`` alone is no comment here: the line goes on)
    assert _read("openai.chat", pieces) == ([ToolCall("f", {}, "c1")], "B", None)


def test_a_whole_data_line_cut_inside_an_event_of_several_lines() -> None:
    """An event's data over several ``data:`` lines, a piece that begins a line and
    ends where that line's text is JSON alone (``{"index": 0, ...}``) but before the
    rest of the line (``,``): the line goes on in the next piece (it was read as a
    whole line, then the ``,`` refused as text that is no SSE line)."""
    lines = ['{"choices": [', '{"index": 0, "delta": {"content": "A"}},', '{"index": 1, "delta": {}}', "]}"]
    body = "".join(f"data: {line}\n" for line in lines).encode() + b"\n"
    first = body.index(b"\n") + 1
    cut = body.index(b"}},") + 2
    pieces = [body[:first], body[first:cut], body[cut:]]
    assert b"".join(pieces) == body
    assert _read("openai.chat", [body]) == ([], "A", None)
    assert _read("openai.chat", pieces) == ([], "A", None)


def test_many_tiny_pieces_of_one_long_first_data_line_are_looked_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stream's first line (no line end read yet, so a piece might be a line fed
    without its own), a data line cut after ``data:`` and then into pieces of 3 bytes:
    each piece is decoded at most a few times, the tail joined once (never the tail
    looked at again per piece: quadratic). Counts at n and 4n, not times."""
    from toolwire.stream import _bytes_lines

    def counted(n: int) -> int:
        seen = [0]
        decoded, joined = _bytes_lines._decoded, _bytes_lines._joined

        def counting_decoded(piece: Any) -> Any:
            seen[0] += len(piece)
            return decoded(piece)

        def counting_joined(pieces: List[Any]) -> Any:
            out = joined(pieces)
            seen[0] += len(out)
            return out

        monkeypatch.setattr(_bytes_lines, "_decoded", counting_decoded)
        monkeypatch.setattr(_bytes_lines, "_joined", counting_joined)
        chunk = {"choices": [{"delta": {"content": "x" * n}, "index": 0}]}
        line = json.dumps(chunk).encode()
        pieces = [b"data:"] + [line[i:i + 3] for i in range(0, len(line), 3)] + [b"\n\n"]
        acc = Accumulator("openai.chat")
        for piece in pieces:
            acc.feed(piece)
        acc.close()
        assert acc.text == "x" * n
        monkeypatch.undo()
        return seen[0]

    small, large = counted(5_000), counted(20_000)
    assert small > 0 and large <= 4.5 * small


def test_a_bytearray_piece_reused_by_the_transport_after_feeding() -> None:
    """A piece fed as a ``bytearray`` that the caller fills again after ``feed`` (a
    reused read buffer): the unfinished line kept is the bytes fed, not the buffer's
    later content (it read the buffer as it was when the line ended)."""
    body = b"data: " + json.dumps(E1).encode() + b"\n\ndata: " + json.dumps(E2).encode() + b"\n\n"
    cut = body.index(b'"c1"')
    for dialect in ("openai.chat", None):
        acc = Accumulator(dialect)
        buf = bytearray(body[:cut])
        acc.feed(buf)
        buf[:] = b"x" * len(buf)  # the buffer reused
        acc.feed(bytearray(body[cut:]))
        assert (acc.close(), acc.text, acc.finish_reason) == ([ToolCall("f", {}, "c1")], "BC", "stop")
    pieces = [bytearray(body[:cut]), bytearray(body[cut:])]

    def reused() -> Any:
        for piece in pieces:
            yield piece
            piece[:] = b"x" * len(piece)

    assert accumulate(reused(), "openai.chat") == [ToolCall("f", {}, "c1")]


def test_pieces_that_are_pretty_printed_json_chunks_each() -> None:
    """Whole chunks fed as bytes, each JSON text with line ends inside (``indent``), after
    an SSE line too: each piece is read whole (its lines are no lines of an SSE body)."""
    e1, e2 = json.dumps(E1, indent=1).encode(), json.dumps(E2, indent=2).encode()
    expected = ([ToolCall("f", {}, "c1")], "BC", "stop")
    assert _read("openai.chat", [e1, e2]) == expected
    assert _read("openai.chat", [b"\xef\xbb\xbf" + e1, e2]) == expected
    assert _read("openai.chat", [b"data: " + json.dumps(E1).encode() + b"\n\n", e2]) == expected
    assert accumulate(iter([e1, e2])) == expected[0]


@pytest.mark.parametrize(("dialect", "name", "body", "chunks"), BODIES,
                         ids=[f"{d}-{i}-{n}" for i, (d, n, _, _) in enumerate(BODIES)])
def test_lines_without_their_line_end_read_as_the_whole_body(dialect: str, name: str, body: bytes,
                                                             chunks: List[Any]) -> None:
    """requests' ``iter_lines()``: each line without its line end, as bytes and as text;
    an event's data over several ``data:`` lines too (its lines were joined into one,
    and the stream refused, when fed as bytes)."""
    eol = b"\r\n" if b"\r\n" in body else b"\r" if b"\r" in body else b"\n"
    lines = body.split(eol)
    whole = _read(dialect, [body])
    assert _read(dialect, lines) == whole
    assert _read(dialect, [line.decode() for line in lines]) == whole
    assert accumulate(iter(lines), dialect) == whole[0]


def test_a_first_data_line_cut_into_a_piece_of_one_blank() -> None:
    """The stream's first line (no line end read yet), cut so that one piece is a lone
    space between two JSON tokens: the line goes on (a blank piece is no blank line)."""
    e1 = json.dumps(E1).encode()
    body = b"data: " + e1 + b"\n\ndata: " + json.dumps(E2).encode() + b"\n\n"
    at = body.index(b'"id": "c1"') - 1
    pieces = [body[:at], body[at:at + 1], body[at + 1:]]
    assert pieces[1] == b" "
    assert _read("openai.chat", pieces) == ([ToolCall("f", {}, "c1")], "BC", "stop")


# A call whose argument is a ``data:`` URL (RFC 2397) and text about SSE lines: a cut may
# fall right before a ``data:``, ``id:``, ``event:`` or ``:`` inside a JSON string.
URL = "data:image/png;base64," + "iVBORw0KGgo" * 40
D1 = {"choices": [{"delta": {"content": "see data: and event: lines", "tool_calls": [{"index": 0, "id": "c3",
      "type": "function", "function": {"name": "save_image", "arguments": json.dumps({"uri": URL})}}]}, "index": 0}]}
D2 = {"choices": [{"delta": {}, "finish_reason": "tool_calls", "index": 0}]}
D_READ = ([ToolCall("save_image", {"uri": URL}, "c3")], "see data: and event: lines", "tool_calls")


def _d_body() -> bytes:
    return b"data: " + json.dumps(D1).encode() + b"\r\n\r\ndata: " + json.dumps(D2).encode() + b"\r\n\r\n"


@pytest.mark.parametrize("mark", [b"data:image", b"data: and", b"event: lines", b" data: and"])
def test_a_first_line_cut_before_data_inside_a_json_string(mark: bytes) -> None:
    """The stream's first line (no line end read yet) cut right before a ``data:`` (or
    ``event:``) inside a JSON string, the piece from there holding no line end: the line
    goes on (it was split there, a line end joined into the string: refused)."""
    body = _d_body()
    at = body.index(mark)
    for pieces in ([body[:at], body[at:at + 40], body[at + 40:]], [body[:at], body[at:at + 3], body[at + 3:]],
                   [body[:at], body[at:at + 40], body[at + 40:at + 45], body[at + 45:]]):
        assert b"".join(pieces) == body and b"\n" not in pieces[1] + pieces[-2]
        assert _read("openai.chat", [body]) == D_READ
        assert _read("openai.chat", pieces) == D_READ
        assert _read(None, pieces) == D_READ
        assert accumulate(iter(pieces), "openai.chat") == D_READ[0]


@pytest.mark.parametrize("mark", [b': "see', b"event: lines", b"data: and", b': \\"data:'])
def test_an_empty_piece_inside_the_first_line_is_no_line_end(mark: bytes) -> None:
    """An empty piece inside the stream's first line, JSON cut inside an object or a
    string, then a piece that starts with ``:`` (JSON's colon), ``event:`` or ``data:``:
    the line goes on (the empty piece read as a blank line split it: refused)."""
    body = _d_body()
    at = body.index(mark)
    pieces = [body[:at], b"", body[at:at + 12], body[at + 12:]]
    assert _read("openai.chat", pieces) == D_READ
    assert _read(None, pieces) == D_READ


def test_an_empty_piece_between_two_broken_lines_joins_nothing() -> None:
    """Lines without their line end (``iter_lines()``): a ``data:`` line of JSON cut
    inside an object, a blank line, then a ``data:`` line that would close it: two
    events, each no JSON, refused (never joined into one that reads)."""
    pieces = [b'data: {"choices": [{"delta": {"content": "A"}, "index": 0}', b"", b"data: ]}", b""]
    with pytest.raises(DecodeError):
        _read("openai.chat", pieces)


def test_many_data_pieces_inside_a_first_line_string_are_looked_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stream's first line, a JSON string cut into many pieces that each start with
    ``data:`` (text about SSE), an empty piece after each: every piece is scanned for
    JSON's strings and brackets once (the kept head never again). Counts at n and 4n."""
    from toolwire.stream import _bytes_lines

    def counted(n: int) -> int:
        seen = [0]
        decoded, joined, scanned = _bytes_lines._decoded, _bytes_lines._joined, _bytes_lines._scanned

        def counting_decoded(piece: Any) -> Any:
            seen[0] += len(piece)
            return decoded(piece)

        def counting_joined(pieces: List[Any]) -> Any:
            out = joined(pieces)
            seen[0] += len(out)
            return out

        def counting_scanned(state: Any, piece: Any) -> Any:
            seen[0] += len(piece)
            return scanned(state, piece)

        monkeypatch.setattr(_bytes_lines, "_decoded", counting_decoded)
        monkeypatch.setattr(_bytes_lines, "_joined", counting_joined)
        monkeypatch.setattr(_bytes_lines, "_scanned", counting_scanned)
        text = "data: x " * n
        line = b"data: " + json.dumps({"choices": [{"delta": {"content": text}, "index": 0}]}).encode()
        at = line.index(b"data: x")
        pieces = [line[:at]]
        for i in range(at, len(line), 8):
            pieces += [line[i:i + 8], b""]
        acc = Accumulator("openai.chat")
        for piece in pieces + [b"\n\n"]:
            acc.feed(piece)
        acc.close()
        assert acc.text == text
        monkeypatch.undo()
        return seen[0]

    small, large = counted(2_000), counted(8_000)
    assert small > 0 and large <= 4.5 * small
