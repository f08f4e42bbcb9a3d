"""An error the provider reports on a chunk that otherwise looks like a plain argument
continuation fails the reply on the hot path (``run``) as on the general path
(``feed``): the handlers' loops must not take such a chunk as a plain delta."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire import InvalidToolCall
from toolwire.stream import Accumulator, accumulate


def _chat(tool_call: Dict[str, Any], **extra: Any) -> Dict[str, Any]:
    return {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"tool_calls": [tool_call]}}],
            **extra}


_CHAT_END = {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}


def _chat_stream(**extra: Any) -> List[Any]:
    return [_chat({"index": 0, "id": "call_a", "type": "function", "function": {"name": "f", "arguments": '{"a":'}}),
            _chat({"index": 0, "function": {"arguments": "1}"}}, **extra), _CHAT_END]


def _bedrock_stream(**extra: Any) -> List[Any]:
    # ConverseStream events as boto3 yields them; an exception member beside an event
    return [{"messageStart": {"role": "assistant"}},
            {"contentBlockStart": {"start": {"toolUse": {"toolUseId": "tooluse_a", "name": "f"}},
                                   "contentBlockIndex": 0}},
            {"contentBlockDelta": {"delta": {"toolUse": {"input": '{"a":'}}, "contentBlockIndex": 0}},
            {"contentBlockDelta": {"delta": {"toolUse": {"input": "1}"}}, "contentBlockIndex": 0}, **extra},
            {"contentBlockStop": {"contentBlockIndex": 0}},
            {"messageStop": {"stopReason": "tool_use"}}]


def _outcomes(chunks: List[Any], dialect: str) -> List[Any]:
    fed = Accumulator(dialect)
    for c in chunks:
        fed.feed(c)
    preview = Accumulator(dialect, preview=True)  # never uses ``run``: the general path
    for c in chunks:
        preview.feed(c)
    return [accumulate(chunks, dialect), accumulate(iter(chunks), dialect), fed.close(), preview.close()]


@pytest.mark.parametrize(("dialect", "chunks", "words"), [
    ("openai.chat", _chat_stream(error={"message": "upstream error", "code": 502}), "upstream error"),
    ("openai.chat", [*_chat_stream()[:2], {"object": "error", "message": "The model crashed", "type": "InternalError",
                                           "param": None, "code": 500}, _CHAT_END], "The model crashed"),  # vLLM
    ("bedrock.converse", _bedrock_stream(modelStreamErrorException={"message": "stream broke"}), "stream broke"),
    ("bedrock.converse", [*_bedrock_stream()[:-1],
                          {"messageStop": {"stopReason": "tool_use"},
                           "throttlingException": {"message": "slow down"}}], "slow down"),
])
def test_an_error_beside_a_plain_delta_fails_the_reply_on_every_path(dialect: str, chunks: List[Any],
                                                                      words: str) -> None:
    for calls in _outcomes(chunks, dialect):
        assert len(calls) == 1
        call = calls[0]
        assert type(call) is InvalidToolCall
        assert call.name == "f"
        assert "reports as failed" in call.error and words in call.error


@pytest.mark.parametrize(("dialect", "chunks"), [("openai.chat", _chat_stream()),
                                                 ("bedrock.converse", _bedrock_stream())])
def test_the_same_streams_without_the_error_are_whole(dialect: str, chunks: List[Any]) -> None:
    for calls in _outcomes(chunks, dialect):
        assert [(c.name, c.args) for c in calls] == [("f", {"a": 1})]
