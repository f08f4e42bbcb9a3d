"""A chunk of another streaming dialect that carries a tool call, fed in the middle of a
stream, refuses the stream (``DecodeError`` naming the chunk's place and both dialects):
skipped, its calls would be lost while the stream's own calls came back as the whole
answer (docs/streaming.md). Only chunks the stream's reader does not read are asked;
one of another dialect that carries no call (a keep-alive, a usage chunk) is skipped as
before."""

from __future__ import annotations

import json
from typing import Any, Callable, List

import pytest

from toolwire import DecodeError, ToolCall
from toolwire.stream import Accumulator, accumulate, encode_stream

CALLS = [ToolCall("get_weather", {"city": "Paris"}, "call_1")]
OTHER = [ToolCall("get_time", {"zone": "CET"}, "call_2")]
ANTHROPIC = encode_stream(CALLS, "anthropic.messages")
CHAT = encode_stream(CALLS, "openai.chat")
GEMINI = encode_stream(CALLS, "gemini")
RESPONSES = encode_stream(CALLS, "openai.responses")
BEDROCK = encode_stream(CALLS, "bedrock.converse")
COHERE = encode_stream(CALLS, "cohere.v2")
OLLAMA = encode_stream(CALLS, "ollama")
# Chat chunks of another call, in the shape the API reference shows
# (https://platform.openai.com/docs/api-reference/chat-streaming)
CHAT_OTHER = [
    {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
     "choices": [{"index": 0, "delta": {"role": "assistant", "content": None, "tool_calls": [
         {"index": 0, "id": "call_2", "type": "function", "function": {"name": "get_time", "arguments": ""}}]},
         "finish_reason": None}]},
    {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
     "choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": "{\"zone\":\"CET\"}"}}]},
                  "finish_reason": None}]},
]
# a Gemini chunk (https://ai.google.dev/api/generate-content#v1beta.GenerateContentResponse)
GEMINI_OTHER = {"candidates": [{"content": {"role": "model", "parts": [
    {"functionCall": {"name": "get_time", "args": {"zone": "CET"}}}]}, "index": 0}]}
# an Anthropic event (https://docs.anthropic.com/en/api/messages-streaming)
ANTHROPIC_OTHER = {"type": "content_block_start", "index": 1,
                   "content_block": {"type": "tool_use", "id": "toolu_02", "name": "get_time", "input": {}}}


def _fed(chunks: List[Any], dialect: Any) -> List[Any]:
    acc = Accumulator(dialect)
    for c in chunks:
        acc.feed(c)
    return acc.close()


RUNS: List[Callable[[List[Any], Any], Any]] = [
    _fed,
    lambda chunks, d: accumulate(chunks, d),
    lambda chunks, d: accumulate(iter(chunks), d),
]


@pytest.mark.parametrize("run", RUNS, ids=["feed", "accumulate", "iterator"])
@pytest.mark.parametrize(("chunks", "dialect", "pos", "theirs", "ours"), [
    (ANTHROPIC[:2] + CHAT_OTHER + ANTHROPIC[2:], "anthropic.messages", 2, "openai.chat", "anthropic.messages"),
    (ANTHROPIC[:2] + CHAT_OTHER + ANTHROPIC[2:], None, 2, "openai.chat", "anthropic.messages"),
    (CHAT[:2] + [GEMINI_OTHER] + CHAT[2:], "openai.chat", 2, "gemini", "openai.chat"),
    (CHAT[:2] + [GEMINI_OTHER] + CHAT[2:], None, 2, "gemini", "openai.chat"),
    (CHAT[:1] + [GEMINI_OTHER] + CHAT[1:], "mistral", 1, "gemini", "mistral"),
    (GEMINI + CHAT_OTHER, None, len(GEMINI), "openai.chat", "gemini"),
    (GEMINI + [ANTHROPIC_OTHER], "gemini", len(GEMINI), "anthropic.messages", "gemini"),
    (CHAT + [ANTHROPIC_OTHER], "openai.chat", len(CHAT), "anthropic.messages", "openai.chat"),
    (RESPONSES[:2] + CHAT_OTHER + RESPONSES[2:], "openai.responses", 2, "openai.chat", "openai.responses"),
    (BEDROCK[:2] + [GEMINI_OTHER] + BEDROCK[2:], "bedrock.converse", 2, "gemini", "bedrock.converse"),
    (COHERE[:2] + [ANTHROPIC_OTHER] + COHERE[2:], "cohere.v2", 2, "anthropic.messages", "cohere.v2"),
    (OLLAMA[:1] + CHAT_OTHER + OLLAMA[1:], "ollama", 1, "openai.chat", "ollama"),
    (RESPONSES[:2] + [ANTHROPIC_OTHER] + RESPONSES[2:], "openai.responses", 2, "anthropic.messages", "openai.responses"),
], ids=["chat-in-anthropic", "chat-in-anthropic-detected", "gemini-in-chat", "gemini-in-chat-detected",
        "gemini-in-mistral", "chat-after-gemini", "anthropic-in-gemini", "anthropic-after-chat",
        "responses", "bedrock", "cohere", "ollama", "anthropic-in-responses"])
def test_another_dialects_chunk_with_a_call_refuses_the_stream(run: Any, chunks: List[Any], dialect: Any, pos: int,
                                                               theirs: str, ours: str) -> None:
    with pytest.raises(DecodeError) as info:
        run(chunks, dialect)
    err = info.value
    assert f"is {'an' if theirs[0] in 'ao' else 'a'} {theirs} chunk that carries a tool call, in " \
           f"{'an' if ours[0] in 'ao' else 'a'} {ours} stream" in err.message
    if run is RUNS[1]:  # a list: the chunk's place in it
        assert err.message.startswith(f"Stream chunk at $[{pos}] ") and err.loc == f"$[{pos}]"


def test_the_chunk_is_found_in_sse_lines_too() -> None:
    lines = [f"data: {json.dumps(c)}" for c in CHAT[:2] + [GEMINI_OTHER] + CHAT[2:]]
    with pytest.raises(DecodeError, match="is a gemini chunk that carries a tool call, in an openai.chat stream"):
        accumulate(lines, "openai.chat")


@pytest.mark.parametrize(("chunks", "dialect"), [
    (CHAT[:2] + [{"candidates": [{"content": {"role": "model", "parts": [{"text": "hi"}]}}]}] + CHAT[2:], "openai.chat"),
    (ANTHROPIC[:2] + [{"type": "ping"}, {"object": "chat.completion.chunk", "choices": [], "usage": {}}]
     + ANTHROPIC[2:], "anthropic.messages"),
    (GEMINI[:1] + [{"usageMetadata": {"totalTokenCount": 3}}, {"object": "chat.completion.chunk", "choices": []}]
     + GEMINI[1:], "gemini"),
])
@pytest.mark.parametrize("named", [True, False])
def test_another_dialects_chunk_without_a_call_is_skipped(chunks: List[Any], dialect: str, named: bool) -> None:
    assert accumulate(chunks, dialect if named else None) == CALLS
    assert _fed(chunks, dialect if named else None) == CALLS


def test_the_streams_own_chunks_are_never_asked() -> None:
    """The reader's own chunks (continuations on the hot path, its other chunks in ``feed``)
    never run the check: only those it skips do."""
    from toolwire.stream import _skipped

    asked: List[Any] = []
    real = _skipped.skipped

    def spy(core: Any, data: Any) -> None:
        asked.append(data)
        real(core, data)

    _skipped_calls = (CHAT, "openai.chat"), (GEMINI, "gemini"), (ANTHROPIC, "anthropic.messages")
    mp = pytest.MonkeyPatch()
    try:
        import toolwire.dialects.anthropic.stream as a
        import toolwire.dialects.gemini.stream as g
        import toolwire.dialects.openai.chat_stream_feed as c
        for mod in (a, g, c):
            mp.setattr(mod, "skipped", spy)
        for chunks, dialect in _skipped_calls:
            assert accumulate(chunks, dialect) == CALLS
        assert asked == []
    finally:
        mp.undo()
