"""An SSE event whose data spans several ``data:`` lines: the lines are joined with
``"\\n"`` up to the event's blank line (WHATWG HTML, "Server-sent events", interpreting
an event stream: "append the field value to the data buffer, then append a single
U+000A LINE FEED"; openai-python's and anthropic-sdk-python's ``SSEDecoder`` do so).
A ``data:`` line that is JSON alone while no event is pending is a whole event (saved
chunks, one a line, without blank lines between them)."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

import pytest

from toolwire import DecodeError, ToolCall
from toolwire.stream import Accumulator, _chunks, accumulate


def ch(delta: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "c1", "object": "chat.completion.chunk", "choices": [
        {"index": 0, "delta": delta, "finish_reason": finish}]}


CHUNKS = [ch({"role": "assistant", "tool_calls": [{"index": 0, "id": "call_a", "type": "function",
                                                   "function": {"name": "f", "arguments": '{"city":'}}]}),
          ch({"tool_calls": [{"index": 0, "function": {"arguments": ' "Paris"}'}}]}),
          ch({}, "tool_calls")]
EXPECTED = [ToolCall("f", {"city": "Paris"}, "call_a")]


def split(js: str) -> str:
    """One event, its JSON over two ``data:`` lines (cut at a comma between members)."""
    i = js.index(", ")
    return f"data: {js[:i + 1]}\ndata: {js[i + 2:]}\n\n"


def body(nl: str = "\n") -> str:
    text = "".join(split(json.dumps(c)) for c in CHUNKS) + "data: [DONE]\n\n"
    return text.replace("\n", nl)


@pytest.mark.parametrize("nl", ["\n", "\r\n", "\r"])
def test_a_whole_body_reads_as_the_sdk_reads_it(nl: str) -> None:
    text = body(nl)
    assert accumulate(text, "openai.chat") == EXPECTED
    assert accumulate(text.encode(), "openai.chat") == EXPECTED
    assert accumulate(text) == EXPECTED  # detected


def test_pieces_and_lines_fed_one_by_one() -> None:
    raw = body().encode()
    for size in (1, 3, 7, 64):
        acc = Accumulator("openai.chat")
        for i in range(0, len(raw), size):
            acc.feed(raw[i:i + size])
        assert acc.close() == EXPECTED, size
    for lines in (body().split("\n"), [line + "\n" for line in body().split("\n")]):
        acc = Accumulator("openai.chat")
        for line in lines:
            acc.feed(line)
        assert acc.close() == EXPECTED
        assert accumulate(lines, "openai.chat") == EXPECTED
        assert accumulate(iter(lines), "openai.chat") == EXPECTED


def test_fields_and_comments_inside_an_event_and_a_pretty_printed_one() -> None:
    pretty = json.dumps(CHUNKS[0], indent=2).split("\n")
    text = ("event: message\nid: 1\n" + "".join(f"data: {line}\n" for line in pretty[:3]) + ": keep-alive\n"
            + "".join(f"data: {line}\n" for line in pretty[3:]) + "\n"
            + "".join(f"data: {json.dumps(c)}\n\n" for c in CHUNKS[1:]))
    assert accumulate(text, "openai.chat") == EXPECTED


def test_one_line_events_without_blank_lines_still_read_each_line() -> None:
    text = "".join(f"data: {json.dumps(c)}\n" for c in CHUNKS)
    assert accumulate(text, "openai.chat") == EXPECTED
    assert accumulate(text.encode(), "openai.chat") == EXPECTED


def test_an_event_that_is_not_json_once_joined_is_refused_at_its_place() -> None:
    text = f"data: {json.dumps(CHUNKS[0])}\n\ndata: {{\"a\":\ndata: oops\n\ndata: {json.dumps(CHUNKS[2])}\n\n"
    with pytest.raises(DecodeError) as e:
        accumulate(text, "openai.chat")
    assert e.value.loc == "$[1]" and str(e.value).startswith("Stream data at $[1] is not JSON")
    cut = f"data: {json.dumps(CHUNKS[0])}\n\ndata: {{\"a\":\n"  # the stream ends inside the event
    with pytest.raises(DecodeError) as e:
        accumulate(cut, "openai.chat")
    assert e.value.loc == "$[1]"
    acc = Accumulator("openai.chat")
    acc.feed(f"data: {json.dumps(CHUNKS[0])}")
    acc.feed('data: {"a":')
    acc.feed("data: oops")
    with pytest.raises(DecodeError) as e:
        acc.feed("")
    assert e.value.loc == "$[1][0]"  # the chunk fed that began the event


def _parsed(monkeypatch: pytest.MonkeyPatch, text: str) -> int:
    """Characters given to the JSON parser while reading *text*."""
    seen: List[int] = []
    real = _chunks.load_json

    def counting(s: str) -> Any:
        seen.append(len(s))
        return real(s)

    monkeypatch.setattr(_chunks, "load_json", counting)
    with pytest.raises(DecodeError):  # (the event is an array of numbers: no chunk)
        accumulate(text, "openai.chat")
    monkeypatch.setattr(_chunks, "load_json", real)
    return sum(seen)


def test_a_long_event_is_parsed_once_not_per_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def event(n: int) -> str:
        return "data: [\n" + "data: 1,\n" * n + "data: 1]\n\n"
    small, big = _parsed(monkeypatch, event(1000)), _parsed(monkeypatch, event(4000))
    assert big <= 4.2 * small  # linear: each line parsed once (a re-parse per line would be 16x)


@pytest.mark.parametrize("kind", [bytes, str])
def test_a_crlf_cut_between_its_cr_and_its_lf_is_one_line_end(kind: type) -> None:
    """WHATWG "Server-sent events" (``end-of-line = ( cr lf / cr / lf )``): a CRLF is
    one line end, wherever a transport's piece (httpx ``iter_bytes()`` / ``iter_text()``)
    cuts it. A piece that ended right after the CR of an event's first ``data:`` line read
    the LF at the start of the next piece as a blank line: the event ended early and the
    stream was refused (openai-python's ``SSEDecoder.iter_bytes`` reads the event)."""
    text = body("\r\n")
    raw = text.encode() if kind is bytes else text
    cuts = [i + 1 for i, c in enumerate(text) if c == "\r"]
    assert len(cuts) == 3 * len(CHUNKS) + 2  # two data lines and a blank one each, [DONE]
    for k in cuts:
        pieces = [raw[:k], raw[k:]]
        assert pieces[0][-1:] == raw[k - 1:k] and raw[k:k + 1] in (b"\n", "\n")
        assert accumulate(iter(pieces), "openai.chat") == EXPECTED, k
        acc = Accumulator()
        for p in pieces:
            acc.feed(p)
        assert acc.close() == EXPECTED, k
    for empty in ((), (raw[:0],) if kind is bytes else ()):  # (``""`` alone: a blank line, ``iter_lines()``)
        acc = Accumulator("openai.chat")  # every CRLF cut at once (and an empty piece between CR and LF)
        for a, b in zip([0] + cuts, cuts + [len(raw)]):
            acc.feed(raw[a:b])
            for e in empty:
                acc.feed(e)
        assert acc.close() == EXPECTED


def test_a_cr_at_the_end_of_the_stream_is_its_last_line_end() -> None:
    """A piece ending in a CR with no piece after it: its line ended (a single CR ends a line)."""
    raw = body("\r").encode()
    for k in (len(raw) - 1, len(raw) - 2):
        acc = Accumulator("openai.chat")
        acc.feed(raw[:k])
        acc.feed(raw[k:])
        assert acc.close() == EXPECTED
