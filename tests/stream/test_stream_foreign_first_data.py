"""A stream named as the wrong dialect is refused at ``close`` (DESIGN invariant 7),
judged by its first chunk that carries data: chunks before it that hold none (an SSE
``event:`` line, an OpenRouter comment, a ``{}`` keep-alive) are no evidence, and do
not make the stream ``[]``."""

from __future__ import annotations

import json
from typing import Any, Callable, List

import pytest

from toolwire import DecodeError, ToolCall
from toolwire.stream import Accumulator, accumulate, encode_stream

CALLS = [ToolCall("f", {"a": 1}, "c1")]
ANTHROPIC = encode_stream(CALLS, "anthropic.messages")
CHAT = encode_stream(CALLS, "openai.chat")
# an SSE body as the provider sends it, and as httpx ``iter_lines()`` yields it
ANTHROPIC_SSE = "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in ANTHROPIC)
CHAT_SSE = ": OPENROUTER PROCESSING\n\n" + "".join(f"data: {json.dumps(c)}\n\n" for c in CHAT) + "data: [DONE]\n\n"


def _fed(chunks: List[Any], dialect: str) -> List[Any]:
    acc = Accumulator(dialect)
    for c in chunks:
        acc.feed(c)
    return acc.close()


RUNS: List[Callable[[List[Any], str], Any]] = [
    _fed,
    lambda chunks, d: accumulate(chunks, d),
    lambda chunks, d: accumulate(iter(chunks), d),
]


@pytest.mark.parametrize("run", RUNS)
@pytest.mark.parametrize(("chunks", "named", "looks_like"), [
    (ANTHROPIC_SSE.splitlines(), "openai.chat", "anthropic.messages"),
    (ANTHROPIC_SSE.splitlines(keepends=True), "openai.chat", "anthropic.messages"),
    ([{}] + ANTHROPIC, "openai.chat", "anthropic.messages"),
    ([None, {}, ""] + ANTHROPIC, "openai.chat", "anthropic.messages"),
    ([[{}], ANTHROPIC], "openai.chat", "anthropic.messages"),
    (CHAT_SSE.splitlines(), "anthropic.messages", "openai.chat"),
    (CHAT_SSE.splitlines(), "gemini", "openai.chat"),
    ([b"event: message_start\n"] + [json.dumps(e).encode() for e in ANTHROPIC], "openai.chat",
     "anthropic.messages"),
])
def test_the_first_chunk_with_data_decides(run: Any, chunks: List[Any], named: str, looks_like: str) -> None:
    with pytest.raises(DecodeError) as info:
        run(chunks, named)
    assert f"Stream chunks are not {named} chunks: the first looks like {looks_like}" in str(info.value)


@pytest.mark.parametrize("run", RUNS)
@pytest.mark.parametrize(("chunks", "named"), [
    (ANTHROPIC_SSE.splitlines(), "anthropic.messages"),
    ([{}] + ANTHROPIC, "anthropic"),
    (CHAT_SSE.splitlines(), "openai.chat"),
    (CHAT_SSE.splitlines(), "mistral"),
])
def test_the_right_name_still_reads_the_stream(run: Any, chunks: List[Any], named: str) -> None:
    assert run(chunks, named) == CALLS


@pytest.mark.parametrize("run", RUNS)
def test_a_stream_without_any_data_is_no_answer(run: Any) -> None:
    [empty] = run([{}, "event: ping", ": keep-alive", None], "openai.chat")  # nothing shows a reply came (F-G)
    assert empty.name is None and "held no chunk with data" in empty.error


def test_only_one_chunk_is_kept() -> None:  # bounded: the first one with data, not the stream
    acc = Accumulator("openai.chat")
    for line in ANTHROPIC_SSE.splitlines():
        acc.feed(line)
    assert acc._first == ANTHROPIC[0]
