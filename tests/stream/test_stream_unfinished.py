"""Streams that end before their reply finished, and streams without any chunk of data
(F-Q, F-G): never ``[]``, which an agent reads as "the model answered, no calls".

Each dialect's terminal event, from its docs: Anthropic ``message_delta`` with a
``stop_reason`` (https://docs.anthropic.com/en/api/messages-streaming), Responses
``response.completed`` / ``incomplete`` / ``failed``
(https://platform.openai.com/docs/api-reference/responses-streaming), Bedrock
``messageStop`` (ConverseStream), Cohere ``message-end``
(https://docs.cohere.com/reference/chat-stream), Gemini a candidate's ``finishReason``
(streamGenerateContent), Ollama ``"done": true`` (docs/api.md), Mistral a choice's
``finish_reason``. OpenAI Chat keeps ``[]``: OpenAI-compatible servers end streams
without a ``finish_reason`` (the corpus' OpenRouter/Novita Kimi K2 stream).
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire import DecodeError, InvalidToolCall, ToolCall, stream

MS = {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "content": [],
                                           "model": "claude-sonnet-4-5", "stop_reason": None, "stop_sequence": None,
                                           "usage": {"input_tokens": 1, "output_tokens": 1}}}
TEXT_START = {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}
TEXT = {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Let me check"}}
CREATED = {"type": "response.created", "sequence_number": 0,
           "response": {"id": "resp_1", "object": "response", "status": "in_progress", "output": []}}
CHAT_TEXT = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m",
             "choices": [{"index": 0, "delta": {"role": "assistant", "content": "Let me check"},
                          "finish_reason": None}]}

# cut before the terminal event, and before any call
CUT: Dict[str, List[Dict[str, Any]]] = {
    "anthropic.messages": [MS, TEXT_START, TEXT],
    "openai.responses": [CREATED, {"type": "response.output_text.delta", "item_id": "msg_1", "output_index": 0,
                                   "content_index": 0, "delta": "Let me check", "sequence_number": 1}],
    "bedrock.converse": [{"messageStart": {"role": "assistant"}},
                         {"contentBlockDelta": {"delta": {"text": "Let me check"}, "contentBlockIndex": 0}}],
    "cohere.v2": [{"type": "message-start", "id": "c1", "delta": {"message": {"role": "assistant"}}},
                  {"type": "content-delta", "index": 0,
                   "delta": {"message": {"content": {"type": "text", "text": "Let me check"}}}}],
    "gemini": [{"candidates": [{"content": {"role": "model", "parts": [{"text": "Let me check"}]}, "index": 0}]}],
    "ollama": [{"model": "llama3.2", "created_at": "2025-01-01T00:00:00Z",
                "message": {"role": "assistant", "content": "Let me check"}, "done": False}],
    "mistral": [{**CHAT_TEXT, "model": "mistral-large-latest"}],
}

# the same streams, finished
END: Dict[str, Dict[str, Any]] = {
    "anthropic.messages": {"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                           "usage": {"output_tokens": 3}},
    "openai.responses": {"type": "response.completed", "sequence_number": 2,
                         "response": {"id": "resp_1", "object": "response", "status": "completed", "output": []}},
    "bedrock.converse": {"messageStop": {"stopReason": "end_turn"}},
    "cohere.v2": {"type": "message-end", "delta": {"finish_reason": "COMPLETE"}},
    "gemini": {"candidates": [{"content": {"role": "model", "parts": [{"text": ""}]}, "finishReason": "STOP",
                               "index": 0}]},
    "ollama": {"model": "llama3.2", "created_at": "2025-01-01T00:00:00Z",
               "message": {"role": "assistant", "content": ""}, "done": True, "done_reason": "stop"},
    "mistral": {**CHAT_TEXT, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
}

ENDED = ("The stream ended before the reply finished (no finish reason came) and holds no tool call: "
         "the calls the model made are lost")


def _unfinished(got: List[Any]) -> None:
    assert len(got) == 1 and isinstance(got[0], InvalidToolCall), got
    assert got[0].name is None and got[0].error == ENDED


@pytest.mark.parametrize("dialect", sorted(CUT))
def test_a_stream_cut_before_its_end_and_any_call_is_no_answer(dialect: str) -> None:
    chunks = CUT[dialect]
    # (Mistral's chunks are detected as Chat's: named only)
    for name in [dialect] if dialect == "mistral" else [None, dialect]:
        _unfinished(stream.accumulate(chunks, name))
        acc = stream.Accumulator(name)
        for c in chunks:
            acc.feed(c)
        _unfinished(acc.close())
        assert acc.finish_reason is None
    if dialect == "mistral":
        return
    # the same stream, finished: no call, no error
    assert stream.accumulate([*chunks, END[dialect]], dialect) == []
    assert stream.accumulate([*chunks, END[dialect]]) == []


def test_an_ollama_final_chunk_without_done_reason_ends_the_stream() -> None:
    """Ollama before ``done_reason`` (0.1.x) ended a stream with ``"done": true`` alone."""
    last = {k: v for k, v in END["ollama"].items() if k != "done_reason"}
    assert stream.accumulate([*CUT["ollama"], last], "ollama") == []


def test_a_gemini_stream_whose_prompt_was_blocked_ends_with_its_block_reason() -> None:
    blocked = {"promptFeedback": {"blockReason": "SAFETY"}, "usageMetadata": {"promptTokenCount": 8}}
    acc = stream.Accumulator("gemini")
    acc.feed(blocked)
    assert acc.close() == [] and acc.finish_reason == "SAFETY"


def test_an_openai_chat_stream_may_end_without_a_finish_reason() -> None:
    """OpenAI-compatible servers do (the corpus' OpenRouter stream of Kimi K2 by Novita)."""
    assert stream.accumulate([CHAT_TEXT]) == []
    assert stream.accumulate([CHAT_TEXT], "openai.chat") == []


def test_a_call_still_open_is_cut_off_as_before() -> None:
    start = {"type": "content_block_start", "index": 0,
             "content_block": {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}}
    [call] = stream.accumulate([MS, start])
    assert isinstance(call, InvalidToolCall) and call.truncated and call.name == "f"


def test_the_callers_finish_reason_says_how_the_reply_ended() -> None:
    assert stream.accumulate(CUT["gemini"], "gemini", finish_reason="STOP") == []


NO_DATA: List[Any] = [[], [{}], ["data: [DONE]\n\n"], [": keep-alive\n\n"], [None, {}], ["event: ping\n\n"]]


@pytest.mark.parametrize("chunks", NO_DATA, ids=["none", "empty-dict", "done-only", "comment", "none-and-empty",
                                                   "event-line"])
def test_a_stream_without_data_is_no_answer(chunks: List[Any]) -> None:
    with pytest.raises(DecodeError) as info:
        stream.accumulate(chunks)
    assert info.value.message == "The stream held no chunk with data: nothing shows that a reply came"
    acc = stream.Accumulator()
    for c in chunks:
        acc.feed(c)
    with pytest.raises(DecodeError):
        acc.close()
    for dialect in ("openai.chat", "anthropic.messages", "gemini"):
        got = stream.accumulate(chunks, dialect)
        assert len(got) == 1 and isinstance(got[0], InvalidToolCall) and got[0].name is None
        assert got[0].error == ("The stream held no chunk with data and holds no tool call: "
                                "the calls the model made are lost")
        acc = stream.Accumulator(dialect)
        for c in chunks:
            acc.feed(c)
        assert acc.close() == got


def test_a_finished_stream_with_calls_is_unchanged() -> None:
    calls = [ToolCall("f", {"a": 1}, "toolu_1")]
    for dialect in ("anthropic.messages", "gemini", "ollama", "openai.responses", "cohere.v2", "bedrock.converse"):
        chunks = stream.encode_stream(calls, dialect)
        got = stream.accumulate(chunks, dialect)
        assert [type(c) for c in got] == [ToolCall]
