"""Bytes pieces without a line end read two ways: one line cut anywhere (httpx
``iter_bytes()``) or lines without their line end (requests' ``iter_lines()``). Until
a piece holds a line end, a reading is taken only where the other gives no SSE line
(WHATWG HTML, "Server-sent events",
https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream:
a line ends at a line end; an event's data is its ``data:`` lines joined with
``"\\n"``), and the pieces, once read as lines, are each a line: they read as the whole
body does (a raw line break in a JSON string is no JSON: RFC 8259 section 7), never
as a joined line that runs a call. Chunks in the shape of
https://platform.openai.com/docs/api-reference/chat-streaming/streaming."""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any, List, Tuple

import pytest
from tests.lines_run import lines_run

from toolwire import DecodeError, ToolCall
from toolwire.stream import Accumulator, accumulate


def _chunk(delta: Any, finish: Any = None) -> Any:
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


WRITE = _chunk({"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {
    "name": "write", "arguments": '{"path": "/tmp/a", "text": "line1\\nline2"}'}}]}, "tool_calls")
RM = _chunk({"tool_calls": [{"index": 0, "id": "call_x", "type": "function", "function": {
    "name": "rm_rf", "arguments": "{}"}}]}, "tool_calls")
HI = _chunk({"content": "hi"}, "stop")


def _read(pieces: List[Any]) -> Tuple[Any, str, Any]:
    acc = Accumulator("openai.chat")
    for piece in pieces:
        acc.feed(piece)
    return acc.close(), acc.text, acc.finish_reason


def _raw_newline_body() -> bytes:
    """An event whose JSON holds a raw line break in a string: written, as the SSE
    spec's writer must, as two ``data:`` lines (its data: the two joined by ``\\n``)."""
    data = json.dumps(WRITE).replace("\\\\n", "\n")  # (the arguments' ``\\n`` made a raw LF...)
    data = data.replace("\\n", "\n")  # (...and the outer string's too)
    assert data.count("\n") == 1
    return ("".join(f"data: {line}\n" for line in data.split("\n")) + "\ndata: [DONE]\n\n").encode()


def test_a_raw_line_break_in_an_events_json_is_refused_fed_as_lines() -> None:
    """The second ``data:`` line starts while the first line's JSON is inside a string:
    fed as lines (``iter_lines()``, bytes), it was joined to the first and the call
    ran with ``"line1data: line2"``; the whole body, and its lines as text, refuse it."""
    body = _raw_newline_body()
    lines = body.split(b"\n")[:-1]
    with pytest.raises(DecodeError, match=r"is not JSON \(control character"):
        _read([body])
    with pytest.raises(DecodeError, match=r"is not JSON \(control character"):
        _read([line.decode() for line in lines])
    with pytest.raises(DecodeError, match=r"is not JSON \(control character"):
        _read(lines)
    with pytest.raises(DecodeError, match=r"is not JSON \(control character"):
        accumulate(iter(lines), "openai.chat")
    with pytest.raises(DecodeError):  # (the stream ends right after the two lines: both readings told apart)
        _read(lines[:2])


def test_a_comment_after_a_blank_line_is_not_joined_to_a_cut_event() -> None:
    """An event whose data is cut JSON, a blank line (it ends the event), then a
    comment line that would complete it: two lines, refused as the whole body is."""
    rest = json.dumps(RM["choices"])
    body = ('data: {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m", '
            '"choices"\n\n: ' + rest + '}\n\ndata: [DONE]\n\n').encode()
    with pytest.raises(DecodeError, match="is not JSON"):
        _read([body])
    with pytest.raises(DecodeError, match="is not JSON"):
        _read(body.split(b"\n")[:-1])


@pytest.mark.parametrize("field", [b": ", b": note ", b"event: ", b"id: "])
def test_a_first_line_that_carries_no_data_cut_before_a_data_inside_it(field: bytes) -> None:
    """The first line a comment (or an ``event:``/``id:`` line) whose text holds
    ``data: {chunk}``, cut right before that ``data:``: the line goes on (the chunk is
    no data: it ran as a call)."""
    body = field + b"data: " + json.dumps(RM).encode() + b"\n\ndata: " + json.dumps(HI).encode() + b"\n\ndata: [DONE]\n\n"
    at, end = len(field), body.index(b"\n")
    expected = ([], "hi", "stop")
    assert _read([body]) == expected
    assert _read([body[:at], body[at:end], body[end:]]) == expected
    assert _read([body[:at], body[at:at + 9], body[at + 9:end], body[end:]]) == expected  # (a data line cut too)
    assert accumulate(iter([body[:at], body[at:end], body[end:]]), "openai.chat") == []


def test_a_first_line_that_reads_two_ways_at_the_end_is_refused() -> None:
    """Pieces with no line end up to the end of the stream: a comment then ``data:
    {chunk}`` is a comment cut in two or a comment and a data line: refused, neither
    ``[]`` nor a call picked; with a blank line after the chunk (an empty piece), lines."""
    pieces = [b": ", b"data: " + json.dumps(RM).encode()]
    with pytest.raises(DecodeError, match=r"Stream bytes at \$\[1\] ended without a line end, in pieces that read two"):
        _read(pieces)
    with pytest.raises(DecodeError, match="read two ways"):
        accumulate(iter(pieces), "openai.chat")
    assert _read(pieces + [b""])[0] == [ToolCall("rm_rf", {}, "call_x")]


def test_lines_with_a_comment_inside_an_events_data_lines() -> None:
    """``iter_lines()``: an event's data over two ``data:`` lines with a comment line
    between them (the SSE spec ignores it inside the event): one event, as in the
    whole body (the comment was joined into the first line: refused)."""
    text = json.dumps(RM)
    cut = text.index('"choices"')
    body = f"data: {text[:cut]}\n: keep-alive\ndata: {text[cut:]}\n\ndata: [DONE]\n\n".encode()
    expected = ([ToolCall("rm_rf", {}, "call_x")], "", "tool_calls")
    assert _read([body]) == expected
    assert _read(body.split(b"\n")[:-1]) == expected


def test_lines_after_the_first_event_are_read_as_they_come() -> None:
    """Once the pieces read as lines, each ``data:`` line is read as it comes; only the
    first event waits for a line that tells the two readings apart (its blank line,
    then the next ``event:`` line)."""
    body = "".join(f"event: message\ndata: {json.dumps(_chunk({'content': c}))}\n\n" for c in "abc").encode()
    lines = body.split(b"\n")[:-1]
    acc = Accumulator("openai.chat")
    texts = []
    for line in lines:
        acc.feed(line)
        texts.append(acc.text)
    assert texts == ["", "", "", "a", "ab", "ab", "ab", "abc", "abc"]
    assert acc.close() == [] and acc.text == "abc"


def test_lines_are_looked_at_once() -> None:
    """``iter_lines()`` pieces of a long stream: each piece read once (n vs 4n)."""
    def run(n: int) -> int:
        body = "".join(f": c\nevent: message\ndata: {json.dumps(_chunk({'content': 'x'}))}\n\n" for _ in range(n))
        lines = body.encode().split(b"\n")[:-1]
        return lines_run(lambda: accumulate(iter(lines), "openai.chat"))

    small, big = run(50), run(200)
    assert big < 5 * small


def test_a_checkpoint_written_by_another_version_is_refused() -> None:
    """A checkpoint whose state another toolwire wrote (an older one's: no format, or
    another part's slots) is refused with ``DecodeError`` when loaded, never left to
    raise ``AttributeError`` part-way through the stream."""
    acc = Accumulator("openai.chat")
    acc.feed(b'data: {"id": "chatcmpl-1", "choices"')
    reduced = acc.__reduce_ex__(2)
    state = dict(reduced[2])
    state.pop("_format", None)
    blank = Accumulator.__new__(Accumulator)
    with pytest.raises(DecodeError, match=r"^Stream checkpoint at \$ was written by another toolwire version"):
        blank.__setstate__(state)
    state = dict(reduced[2])
    state["_format"] = (0,) + tuple(state.get("_format", ()))
    with pytest.raises(DecodeError, match="another toolwire version"):
        Accumulator.__new__(Accumulator).__setstate__(state)
    for again in (pickle.loads(pickle.dumps(acc)), copy.deepcopy(acc)):  # (this version's: read)
        again.feed(b': [{"index": 0, "delta": {"content": "hi"}, "finish_reason": "stop"}]}\n\n')
        assert again.close() == [] and again.text == "hi"


def _message_start() -> Any:
    """Anthropic's first event's data (https://docs.anthropic.com/en/docs/build-with-claude/streaming)."""
    return {"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-3-haiku", "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 4, "output_tokens": 1}}}


@pytest.mark.parametrize("at", ['"id"', '"object"', '"choices"', '"tool_calls"', '"arguments"'])
def test_one_data_line_without_its_line_end_cut_before_a_json_colon(at: str) -> None:
    """A stream whose only line is one ``data:`` line with no line end yet, cut by the
    transport (``iter_bytes()``) right after a JSON key: the next piece starts with
    ``:`` (a comment line, read as lines, after a ``data:`` line whose JSON is cut: no
    JSON, refused). It reads one way, as the whole body: the call (it was refused)."""
    body = b"data: " + json.dumps(WRITE).encode()
    cut = body.index(at.encode()) + len(at)
    expected = _read([body])
    assert expected[0] == [ToolCall("write", {"path": "/tmp/a", "text": "line1\nline2"}, "call_1")]
    assert _read([body[:cut], body[cut:]]) == expected
    assert accumulate(iter([body[:cut], body[cut:]]), "openai.chat") == expected[0]
    inner = body.index(b'{"index"')  # (a piece that is JSON alone, inside the line)
    end = body.index(b"}", body.index(b'"function"')) + 2
    assert _read([body[:inner], body[inner:end], body[end:]]) == expected


def test_lines_that_end_inside_the_first_event_read_as_the_whole_body() -> None:
    """``iter_lines()`` (bytes) of a stream whose first line is ``event:`` (Anthropic),
    dropped before the first event's blank line: read as lines, as the whole body and
    the lines as text are (an answer saying the stream ended early; it was refused)."""
    body = b"event: message_start\ndata: " + json.dumps(_message_start()).encode() + b"\n"
    lines = body.split(b"\n")[:-1]

    def read(pieces: List[Any]) -> Any:
        acc = Accumulator("anthropic.messages")
        for piece in pieces:
            acc.feed(piece)
        return acc.close()

    whole = read([body])
    assert len(whole) == 1 and "ended before the reply finished" in str(whole[0].error)
    assert read(lines) == whole
    assert read([line.decode() for line in lines]) == whole
    assert accumulate(iter(lines), "anthropic.messages") == whole


def test_a_whole_stream_after_a_comment_without_its_last_blank_line() -> None:
    """OpenRouter's ``: OPENROUTER PROCESSING`` comment, a blank line, then one chunk
    with the call and no blank line after it, as ``iter_lines()`` gives it (an empty
    piece: no transport cuts a line into one): the call (it was refused), as the whole
    body reads it."""
    body = b": OPENROUTER PROCESSING\n\ndata: " + json.dumps(RM).encode() + b"\n"
    lines = body.split(b"\n")[:-1]
    expected = ([ToolCall("rm_rf", {}, "call_x")], "", "tool_calls")
    assert _read([body]) == expected
    assert _read(lines) == expected
    assert _read([line.decode() for line in lines]) == expected
    assert accumulate(iter(lines), "openai.chat") == expected[0]
    body = b": keep-alive\nid: 0\ndata: " + json.dumps(RM).encode() + b"\n"  # (a comment, then an ``id:`` line)
    lines = body.split(b"\n")[:-1]
    assert _read([body]) == expected
    assert _read(lines) == expected
    assert _read([line.decode() for line in lines]) == expected


def test_a_refused_close_is_refused_again() -> None:
    """``close()`` is idempotent: after the refusal of pieces that read two ways, a
    second call refuses again (it gave ``[]``, the stream's call lost)."""
    acc = Accumulator("openai.chat")
    for piece in (b": ", b"data: " + json.dumps(RM).encode()):
        acc.feed(piece)
    for _ in range(2):
        with pytest.raises(DecodeError, match="read two ways"):
            acc.close()


def test_a_comment_holding_a_data_line_cut_before_it() -> None:
    """The first line a comment whose text holds ``data: {chunk}``, cut before the
    ``data:``, its line end in a later piece: one comment, nothing to read. (Two such
    chunks in the comment, cut before each, read as lines: ``iter_lines()`` of a stream
    without blank lines; docs/streaming.md says a server that cuts its own comment so is
    not covered.)"""
    text = ": data: " + json.dumps(RM)
    body = (text + "\n\ndata: " + json.dumps(_chunk({"content": "ok"}, "stop")) + "\n\ndata: [DONE]\n\n").encode()
    end = body.index(b"\n")
    expected = _read([body])
    assert expected == ([], "ok", "stop")
    assert _read([body[:2], body[2:end], body[end:]]) == expected


def test_pieces_kept_to_the_end_are_looked_at_once() -> None:
    """n vs 4n: one ``data:`` line without its line end cut before each JSON ``:``
    (each piece read as a comment line too), and a comment then ``data:`` pieces,
    read at ``close()``: each piece looked at a few times, each event's data parsed once."""
    def run(n: int) -> int:
        text = json.dumps(_chunk({"content": "x"}, "stop"))
        body = ("data: " + text[:-1] + "".join(f', "k{i}": {i}' for i in range(n)) + "}").encode()
        pieces = body.replace(b'": ', b'"\0: ').split(b"\0")
        comment = [b": c"] + [b"data: " + json.dumps(_chunk({"content": ""})).encode()] * n
        assert _read(pieces) == ([], "x", "stop") and _read(comment) == ([], "", None)
        return lines_run(lambda: (_read(pieces), _read(comment)))

    small, big = run(50), run(200)
    assert big < 5 * small


_GET = [_chunk({"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {
    "name": "get", "arguments": ""}}]}), _chunk({"tool_calls": [{"index": 0, "function": {"arguments": '{"q": 1}'}}]}),
    _chunk({}, "tool_calls")]


@pytest.mark.parametrize("first", [b"id: 0", b": OPENROUTER PROCESSING", b"event: message"])
def test_lines_without_blank_lines_after_a_line_that_carries_no_data(first: bytes) -> None:
    """``iter_lines()`` (bytes) of a stream of saved chunks, one ``data:`` line each and
    no blank lines, after an ``id:`` line, a comment or ``event:``, or with a keep-alive
    comment between chunks: read as the whole body and the lines as text (refused)."""
    expected = ([ToolCall("get", {"q": 1}, "call_1")], "", "tool_calls")
    for lines in ([first] + [b"data: " + json.dumps(c).encode() for c in _GET],
                  [b"data: " + json.dumps(_GET[0]).encode(), b": keep-alive"]
                  + [b"data: " + json.dumps(c).encode() for c in _GET[1:]]):
        assert _read([b"\n".join(lines) + b"\n"]) == expected
        assert _read(lines) == expected
        assert _read([line.decode() for line in lines]) == expected


@pytest.mark.parametrize("prefix", [b"data:", b"data: "])
def test_a_data_prefix_then_its_json_without_a_line_end(prefix: bytes) -> None:
    """One event, no line end, cut right after ``data:``: as lines (``data:`` then a
    JSON chunk) and as one line it reads the same call, so it is read (it was refused)."""
    expected = ([ToolCall("rm_rf", {}, "call_x")], "", "tool_calls")
    assert _read([prefix, json.dumps(RM).encode()]) == expected
    assert accumulate(iter([prefix, json.dumps(RM).encode()]), "openai.chat") == expected[0]


def test_a_refused_close_leaves_no_finish_reason() -> None:
    """A comment, then one ``data:`` line, no line end (read two ways, refused): the
    refusal leaves no finish reason and no events, never ``tool_calls`` without calls."""
    for acc in (Accumulator("openai.chat"), Accumulator()):
        for piece in (b": OPENROUTER PROCESSING", b"data: " + json.dumps(RM).encode()):
            acc.feed(piece)
        with pytest.raises(DecodeError, match="read two ways"):
            acc.close()
        assert acc.finish_reason is None and acc.calls == [] and acc.events() == []


def test_a_checkpoint_from_a_version_with_another_slot_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A checkpoint written by a toolwire whose ``Lines`` has one more slot (and so
    another format) is refused with ``DecodeError``, not ``AttributeError`` in pickle."""
    from toolwire.stream import _bytes_lines, _checkpoint

    acc = Accumulator()
    acc.feed(b": x")
    acc.feed(b'data: {"a"')
    plain = _bytes_lines.Lines.__reduce__

    def more(self: Any) -> Any:
        blank, args, (none, slots) = plain(self)
        return blank, args, (none, {**slots, "newer": 1})

    monkeypatch.setattr(_bytes_lines.Lines, "__reduce__", more)
    monkeypatch.setattr(_checkpoint, "_FORMAT", (99,) + _checkpoint._format())
    data = pickle.dumps(acc)
    monkeypatch.undo()
    with pytest.raises(DecodeError, match="another toolwire version"):
        pickle.loads(data)


@pytest.mark.parametrize("first", [b": keep-alive", b"event: x", b"id: 0"])
def test_lines_after_a_line_that_carries_no_data_with_an_event_over_two_data_lines(first: bytes) -> None:
    """``iter_lines()`` with the blank lines filtered out by the caller: a line that
    carries no data, a whole ``data:`` chunk (or none), then one event's JSON over two
    ``data:`` lines: a second ``data:`` piece after the first line tells lines (one line
    cut twice right before ``data:`` is not taken), as the whole body reads it (it was
    refused "read two ways")."""
    text = json.dumps(_GET[1])
    cut = text.index('"choices"')
    two = [b"data: " + text[:cut].encode(), b"data: " + text[cut:].encode()]
    expected = ([ToolCall("get", {"q": 1}, "call_1")], "", None)
    lines = [first, b"data: " + json.dumps(_GET[0]).encode()] + two
    assert _read([b"\n".join(lines) + b"\n"]) == expected
    assert _read([line.decode() for line in lines]) == expected
    assert _read(lines) == expected
    assert accumulate(iter(lines), "openai.chat") == expected[0]
    text = json.dumps(RM)  # (the event alone after the first line)
    cut = text.index('"choices"')
    one = [first] + [b"data: " + t.encode() for t in (text[:cut], text[cut:])]
    expected = ([ToolCall("rm_rf", {}, "call_x")], "", "tool_calls")
    assert _read([b"\n".join(one) + b"\n"]) == _read(one) == expected


@pytest.mark.parametrize(("last", "error"), [(b'{"x": ', "is not JSON"), (b"xyz", "neither JSON nor an SSE data line")])
def test_a_close_refused_by_the_lines_leaves_no_finish_reason(last: bytes, error: str) -> None:
    """A comment, ``data: {chunk}`` then a piece that is no line of its own, no line
    end: read at ``close()`` as lines (as one line: nothing), which are refused (no
    JSON): the refusal leaves no finish reason and no events (it left ``tool_calls``
    with no calls), and a second ``close()`` refuses again."""
    acc = Accumulator("openai.chat")
    for piece in (b": OPENROUTER PROCESSING", b"data: " + json.dumps(RM).encode(), last):
        acc.feed(piece)
    for _ in range(2):
        with pytest.raises(DecodeError, match=error):
            acc.close()
        assert acc.finish_reason is None and acc.calls == [] and acc.events() == []
    acc = Accumulator("openai.chat")  # (a blank line after the chunk: lines, refused by the last one)
    for piece in (b": OPENROUTER PROCESSING", b"data: " + json.dumps(RM).encode(), b"", last):
        acc.feed(piece)
    with pytest.raises(DecodeError, match=error):
        acc.close()
    assert acc.finish_reason is None and acc.calls == [] and acc.events() == []


def test_a_refused_close_of_an_event_the_stream_ended_is_refused_again() -> None:
    """Text lines, the last event's data cut (no JSON): ``close()`` refuses it, and
    again at each close (a second close gave the call of the event before)."""
    acc = Accumulator("openai.chat")
    for piece in ("data: " + json.dumps(RM) + "\n\n", 'data: {"id": "chatcmpl-1"'):
        acc.feed(piece)
    for _ in range(2):
        with pytest.raises(DecodeError, match=r"^Stream data at \$\[1\]\[0\] is not JSON"):
            acc.close()
    assert acc.calls == []
