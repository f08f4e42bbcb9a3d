"""Gemini's ``streamGenerateContent`` without ``alt=sse``: one JSON array of
``GenerateContentResponse`` chunks written as they come (the REST reference,
https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent, gives
SSE with ``alt=sse``; without it the body is a streamed JSON array:
kgateway-dev/kgateway#10804), here pretty-printed with a comma and line ends between
chunks. Fed as bytes pieces cut anywhere (httpx ``iter_bytes()``), it reads as the body
in one piece (it was refused: its lines are no JSON); text between its chunks that is
no chunk is refused, never skipped."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, List, Tuple

import pytest
from tests.lines_run import lines_run

from toolwire import DecodeError
from toolwire.stream import Accumulator, accumulate

_GOLDEN = Path(__file__).resolve().parent.parent / "goldens" / "gemini.json"
CHUNKS = next(c["wire"] for c in json.loads(_GOLDEN.read_text(encoding="utf-8"))["cases"] if c.get("kind") == "stream")
# A text part with the array's own characters in a string (brackets, quotes, an escape).
TRICKY = {"candidates": [{"content": {"role": "model", "parts": [{"text": 'a ]}, "[{" \\ \\" ],\r\n{'}]}, "index": 0}]}


def _body(chunks: List[Any]) -> bytes:
    return ("[" + "\n,\r\n".join(json.dumps(c, indent=2, ensure_ascii=False) for c in chunks) + "\n]").encode()


def _read(pieces: List[Any], dialect: Any = "gemini") -> Tuple[Any, str, Any]:
    acc = Accumulator(dialect)
    for piece in pieces:
        acc.feed(piece)
    return acc.close(), acc.text, acc.finish_reason


@pytest.mark.parametrize("chunks", [CHUNKS, [TRICKY] + CHUNKS], ids=["golden", "tricky-text"])
def test_a_json_array_body_cut_anywhere_reads_as_the_whole_body(chunks: List[Any]) -> None:
    body = _body(chunks)
    whole = _read([body])
    assert whole[0] and whole[2] == "STOP"
    rng = random.Random(7)
    for at in range(1, len(body)):  # every cut in two; then random cuts in many
        assert _read([body[:at], body[at:]]) == whole, at
    for _ in range(300):
        points = sorted({rng.randrange(1, len(body)) for _ in range(rng.randrange(1, 20))})
        pieces = [body[a:b] for a, b in zip([0] + points, points + [len(body)])]
        assert _read(pieces, rng.choice([None, "gemini"])) == whole, points
        assert accumulate(iter(pieces), "gemini") == whole[0]


def test_a_chunk_is_read_once_its_object_closes() -> None:
    body = _body(CHUNKS)
    first = body.index(b"\n,\r\n")
    acc = Accumulator("gemini")
    acc.feed(body[:first - 1])  # (the first chunk's object not closed yet)
    assert acc.text == ""
    acc.feed(body[first - 1:first + 1])
    assert acc.text == "Let me check."


@pytest.mark.parametrize("junk", [b' x ', b' "s" ', b' 1 ', b' data: ', b' [] '])
def test_text_between_the_chunks_is_refused(junk: bytes) -> None:
    body = _body(CHUNKS)
    first = body.index(b"\n,\r\n")
    bad = body[:first] + junk + body[first:]
    with pytest.raises(DecodeError, match="JSON array of chunks .* with text between its chunks"):
        _read([bad[:10], bad[10:]])


def test_an_array_cut_inside_a_chunk_is_refused_at_close() -> None:
    body = _body(CHUNKS)
    with pytest.raises(DecodeError, match="not JSON"):
        _read([body[:5], body[5:len(body) - 20]])


def test_a_long_array_in_small_pieces_is_looked_at_once() -> None:
    """n vs 4n: each piece scanned once, each chunk joined once."""
    def run(n: int) -> int:
        body = _body([{"candidates": [{"content": {"role": "model", "parts": [{"text": "x"}]}, "index": 0}]}] * n)
        pieces = [body[i:i + 7] for i in range(0, len(body), 7)]
        return lines_run(lambda: accumulate(iter(pieces), "gemini"))

    small, big = run(20), run(80)
    assert big < 5 * small


def test_an_ndjson_body_whose_first_line_is_an_array_of_chunks() -> None:
    """NDJSON: a first line that is a JSON array of chunks, then a chunk object on its
    own line: both lines read, as the body as text reads them (the object after the
    array was refused as text between an array's chunks)."""
    def chunk(name: str, finish: Any = None) -> Any:
        candidate: Any = {"content": {"parts": [{"functionCall": {"name": name, "args": {"x": 1}}}], "role": "model"},
                          "index": 0}
        if finish:
            candidate["finishReason"] = finish
        return {"candidates": [candidate]}

    body = ("[" + json.dumps(chunk("a")) + "]\n" + json.dumps(chunk("b", "STOP")) + "\n").encode()
    expected = _read([body.decode()])
    assert [c.name for c in expected[0]] == ["a", "b"]
    assert _read([body]) == expected
    for at in (10, body.index(b"]") + 1, body.index(b"\n") + 1):
        assert _read([body[:at], body[at:]]) == expected, at
    assert _read(body.split(b"\n")[:-1]) == expected
