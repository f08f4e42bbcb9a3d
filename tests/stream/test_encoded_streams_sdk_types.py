"""The chunks ``encode_stream`` writes (and so ``strategies.streams`` generates) are
what each provider's SDK reads from its stream: fuzz users parse them with the SDK
types (``tests/sdk_types.py`` names them), and they accumulate back to their calls.

Envelope fields from the SDK types and the provider references: Chat chunks carry
``id``, ``created``, ``model`` (openai ``ChatCompletionChunk``); Mistral chunks the
same, and an argument-only delta carries ``"name": ""`` as the API sends it
(mistralai ``CompletionChunk``, whose ``FunctionCall.name`` is required;
mistralai/mistral-vibe ``tests/backend/data/mistral.py``); Responses events carry
``sequence_number`` and ``response.created`` / ``.completed`` a whole ``Response``
(openai ``ResponseStreamEvent``); Anthropic's ``message_start`` carries the message's
``id``, ``model`` and ``usage``, ``message_delta`` its ``usage`` (anthropic
``RawMessageStreamEvent``); Bedrock's ``metadata`` event carries ``usage`` and
``metrics`` (botocore ``ConverseStreamMetadataEvent``).
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sdk_types import stream_checker
from toolwire import ToolCall
from toolwire import strategies as tws
from toolwire.stream import accumulate, encode_stream

_N = settings.default.max_examples
per_dialect = settings(max_examples=_N if _N > 100 else 25)

CALLS = [ToolCall("get_weather", {"city": "Zürich", "days": [1, 2]}, "call_1"), ToolCall("now", {}),
         ToolCall("find", {"q": "a"}, "call:1.x")]
# every stream encoder, and the options that write other shapes
VARIANTS = [
    ("openai.chat", {}), ("openai.chat", {"split": 3}), ("openai.chat", {"split": 3, "interleave": True}),
    ("openai.chat", {"finish_reason": "length"}),
    ("openai.responses", {}), ("openai.responses", {"split": 3}),
    ("anthropic.messages", {}), ("anthropic.messages", {"split": 3}),
    ("gemini", {}), ("gemini", {"partial_args": True, "split": 2}),
    ("bedrock.converse", {}), ("bedrock.converse", {"split": 3}),
    ("mistral", {}), ("mistral", {"split": 3}), ("mistral", {"split": 3, "with_index": True}),
    ("mistral", {"split": 3, "with_index": True, "interleave": True}),
    ("cohere.v2", {}), ("cohere.v2", {"split": 3}),
    ("ollama", {}),
]


@pytest.mark.parametrize(("dialect", "options"), VARIANTS)
def test_each_chunk_is_what_the_sdk_reads(dialect: str, options: Dict[str, Any]) -> None:
    calls = [c for c in CALLS if c.id is None] if options.get("partial_args") else CALLS
    chunks = encode_stream(calls, dialect, **options)
    check = stream_checker(dialect)
    for chunk in chunks:
        check(chunk)
    back = accumulate(chunks, dialect)
    assert [(c.name, c.args) for c in back] == [(c.name, c.args) for c in calls]


@pytest.mark.parametrize("dialect", tws.STREAM_DIALECTS)
@per_dialect
@given(data=st.data())
def test_generated_streams_are_what_the_sdk_reads(dialect: str, data: Any) -> None:
    s = data.draw(tws.streams(dialect, transport="dict", expected=True))
    check = stream_checker(dialect)
    for chunk in s.chunks:
        check(chunk)
    assert accumulate(s.chunks, dialect) == s.calls


def _one(dialect: str, **options: Any) -> List[Dict[str, Any]]:
    return encode_stream([ToolCall("f", {"a": 1}, "call_1")], dialect, **options)


def test_chat_chunks_carry_the_chunk_envelope() -> None:
    assert _one("openai.chat", split=4) == [
        {"id": "chatcmpl-0", "object": "chat.completion.chunk", "created": 1764460800, "model": "gpt-4o",
         "choices": [{"index": 0, "delta": {"role": "assistant", "tool_calls": [
             {"type": "function", "function": {"name": "f", "arguments": ""}, "id": "call_1", "index": 0}]},
             "finish_reason": None}]},
        {"id": "chatcmpl-0", "object": "chat.completion.chunk", "created": 1764460800, "model": "gpt-4o",
         "choices": [{"index": 0, "delta": {"tool_calls": [{"function": {"arguments": '{"a"'}, "index": 0}]},
                      "finish_reason": None}]},
        {"id": "chatcmpl-0", "object": "chat.completion.chunk", "created": 1764460800, "model": "gpt-4o",
         "choices": [{"index": 0, "delta": {"tool_calls": [{"function": {"arguments": ":1}"}, "index": 0}]},
                      "finish_reason": None}]},
        {"id": "chatcmpl-0", "object": "chat.completion.chunk", "created": 1764460800, "model": "gpt-4o",
         "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
    ]


def test_mistral_argument_deltas_carry_an_empty_name() -> None:
    chunks = encode_stream([ToolCall("f", {"a": 1}, "abcDEF123")], "mistral", split=4, with_index=True)
    assert chunks[2] == {
        "id": "chatcmpl-0", "object": "chat.completion.chunk", "created": 1764460800, "model": "mistral-large-latest",
        "choices": [{"index": 0, "delta": {"tool_calls": [{"function": {"name": "", "arguments": '{"a"'},
                                                           "index": 0}]}, "finish_reason": None}],
    }


def test_responses_events_are_numbered_and_carry_whole_responses() -> None:
    events = _one("openai.responses")
    assert [e["sequence_number"] for e in events] == list(range(len(events)))
    created, completed = events[0]["response"], events[-1]["response"]
    envelope = {"id": "resp_0", "object": "response", "created_at": 1764460800, "model": "gpt-5",
                "parallel_tool_calls": True, "tool_choice": "auto", "tools": []}
    assert created == {**envelope, "status": "in_progress", "output": []}
    done = {"id": "fc_0", "type": "function_call", "status": "completed", "arguments": '{"a":1}',
            "call_id": "call_1", "name": "f"}
    assert completed == {**envelope, "status": "completed", "output": [done]}
    assert events[-2] == {"type": "response.output_item.done", "sequence_number": 4, "output_index": 0, "item": done}
    assert events[-3] == {"type": "response.function_call_arguments.done", "sequence_number": 3, "item_id": "fc_0",
                          "output_index": 0, "name": "f", "arguments": '{"a":1}'}


def test_anthropic_message_events_carry_id_model_and_usage() -> None:
    events = _one("anthropic.messages")
    assert events[0] == {"type": "message_start", "message": {
        "id": "msg_0", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 412, "output_tokens": 1}}}
    assert events[-2] == {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None},
                          "usage": {"output_tokens": 61}}


def test_bedrock_metadata_carries_metrics() -> None:
    assert _one("bedrock.converse")[-1] == {"metadata": {
        "usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2}, "metrics": {"latencyMs": 1}}}
