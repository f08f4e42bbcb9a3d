"""Every recorded stream under ../shared/corpus gives its ``expected_tool_calls``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List

import pytest

from corpus_data import CORPUS, DIALECT_OF_DIR, SKIP_REASON, files, load
from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, accumulate, detect_stream

STREAMS = files(kinds=("stream",))


def _canon(calls: List[Any]) -> List[Dict[str, Any]]:
    out = []
    for c in calls:
        assert isinstance(c, ToolCall), c
        out.append({"name": c.name, "args": c.args, "id": c.id})
    return out


def _expected(doc: Dict[str, Any]) -> List[Dict[str, Any]]:
    return [{"name": c["name"], "args": c["args"], "id": c["id"]} for c in doc["expected_tool_calls"]]


def test_the_recorded_streams_are_collected() -> None:
    if CORPUS is None:
        pytest.skip(SKIP_REASON)
    assert len(STREAMS) >= 50  # the corpus grows: new streams are picked up by themselves


@pytest.mark.parametrize("path", STREAMS)
def test_detected(path: Path) -> None:
    doc = load(path)
    calls = accumulate(doc["events"])
    assert _canon(calls) == _expected(doc)


@pytest.mark.parametrize("path", STREAMS)
def test_dialect_given(path: Path) -> None:
    doc = load(path)
    calls = accumulate(doc["events"], DIALECT_OF_DIR[path.parent.name])
    assert _canon(calls) == _expected(doc)


@pytest.mark.parametrize("path", STREAMS)
def test_sse_lines(path: Path) -> None:
    """The same stream fed as raw SSE lines (``data: {...}``, then ``data: [DONE]``)."""
    doc = load(path)
    acc = Accumulator()
    names = doc.get("sse_event_names")
    for i, event in enumerate(doc["events"]):
        if names:
            acc.feed(f"event: {names[i]}")
        acc.feed("data: " + json.dumps(event))
    acc.feed("data: [DONE]")
    assert _canon(acc.close()) == _expected(doc)


@pytest.mark.parametrize("path", STREAMS)
def test_events_agree_with_calls(path: Path) -> None:
    """One CallStarted and one CallDone per call; the deltas rebuild each call's text."""
    doc = load(path)
    acc = Accumulator(include_server=True)
    events = []
    for e in doc["events"]:
        events.extend(acc.feed(e))
    calls = acc.close()
    events.extend(acc.events())
    started = [e for e in events if type(e).__name__ == "CallStarted"]
    done = [e for e in events if type(e).__name__ == "CallDone"]
    assert len(started) == len(done) == len(calls)
    assert [d.call for d in sorted(done, key=lambda d: d.index)] == calls
    for d in done:
        if isinstance(d.call, ToolCall) and d.call.raw is not None:
            text = "".join(e.delta for e in events if type(e).__name__ == "ArgsDelta" and e.index == d.index)
            assert text == d.call.raw


SERVER_STREAMS = [p for p in STREAMS if p.id != "no-corpus" and "expected_server_tool_calls" in load(p.values[0])]


@pytest.mark.parametrize("path", SERVER_STREAMS if CORPUS is not None else STREAMS)
def test_server_calls(path: Path) -> None:
    doc = load(path)
    acc = Accumulator()
    for e in doc["events"]:
        acc.feed(e)
    assert _canon(acc.close()) == _expected(doc)
    server = [{"name": c.name, "args": c.args, "id": c.id} for c in acc.server_calls]
    assert server == [{"name": c["name"], "args": c["args"], "id": c["id"]} for c in doc["expected_server_tool_calls"]]
    assert all(isinstance(c, ToolCall) and c.server for c in acc.server_calls)


@pytest.mark.parametrize("path", STREAMS)
def test_first_chunk_detection(path: Path) -> None:
    doc = load(path)
    want = DIALECT_OF_DIR[path.parent.name]
    got = next(d for d in (detect_stream(e) for e in doc["events"]) if d is not None)
    assert got == ("openai.chat" if want == "mistral" else want)


def test_no_invalid_calls_in_the_corpus() -> None:
    if CORPUS is None:
        pytest.skip(SKIP_REASON)
    for p in STREAMS:
        if p.id == "no-corpus":
            continue
        doc = load(p.values[0])
        assert not any(isinstance(c, InvalidToolCall) for c in accumulate(doc["events"], include_server=True))


@pytest.mark.parametrize("path", STREAMS)
def test_sse_bytes_cut_after_a_data_field(path: Path) -> None:
    """The stream as one SSE body in bytes pieces cut as httpx ``iter_bytes()`` may cut
    it: a data line cut right after ``data:`` and inside its JSON, the next piece a
    whole event (it dropped the cut event: the only call of some of these streams)."""
    doc = load(path)
    names = doc.get("sse_event_names")
    lines = [(f"event: {names[i]}\n" if names else "") + "data: " + json.dumps(e, ensure_ascii=False) + "\n\n"
             for i, e in enumerate(doc["events"])]
    body = "".join(lines).encode()
    whole = Accumulator()
    whole.feed(body)
    expected = (whole.close(), whole.text, whole.finish_reason)
    assert _canon(expected[0]) == _expected(doc)
    starts, at = [], 0
    for line in lines:
        starts.append(at + line.encode().index(b"data:"))
        at += len(line.encode())
    n = len(starts)
    for k in sorted({0, 1, 2, 3, n // 2, n - 2} & set(range(n - 1))):
        start, end = starts[k], body.index(b"\n", starts[k])
        nxt = body.index(b"\n\n", starts[k + 1]) + 2
        mid = (start + 5 + end) // 2
        cuts = [start, start + 5, mid, end, nxt]
        pieces = [body[a:b] for a, b in zip([0] + cuts, cuts + [len(body)]) if a < b]
        acc = Accumulator()
        for piece in pieces:
            acc.feed(piece)
        assert (acc.close(), acc.text, acc.finish_reason) == expected, k
