"""Gemini ``finishReason: CONTINUATION``: google-genai ``types.FinishReason`` says "Token
generation was stopped because the response reached the per-request token limit, but
generation is not yet complete. The model response can be continued via a subsequent
request using the returned continuation_token". A reply with it has not finished: its
calls are cut off, and without a call it is the nameless "has not finished"
``InvalidToolCall`` (never ``[]``: the model may call a tool in what follows), alike in a
stream, in ``decode_all`` / ``normalize`` of the whole reply and as the ``finish_reason=``
keyword."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

import toolwire
from toolwire import DecodeError, InvalidToolCall, response, stream

NOT_FINISHED = ("The reply has not finished ('CONTINUATION') and holds no tool call: "
                "the calls the model makes are not in it")


def _chunk(parts: List[Dict[str, Any]], finish: Optional[str] = None) -> Dict[str, Any]:
    cand: Dict[str, Any] = {"content": {"role": "model", "parts": parts}, "index": 0}
    if finish:
        cand["finishReason"] = finish
    return {"candidates": [cand], "modelVersion": "gemini-3-pro-preview"}


TEXT = [_chunk([{"text": "Let me check the"}]), _chunk([{"text": " weather first."}], "CONTINUATION")]
CALL = {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}


def test_a_stream_ending_in_continuation_without_a_call_has_not_finished() -> None:
    acc = stream.Accumulator("gemini")
    for chunk in TEXT:
        acc.feed(chunk)
    [bad] = acc.close()
    assert isinstance(bad, InvalidToolCall) and bad.name is None and bad.error == NOT_FINISHED
    assert acc.text == "Let me check the weather first."


def test_a_whole_reply_with_continuation_without_a_call_has_not_finished() -> None:
    reply = _chunk([{"text": "Let me check the weather first."}], "CONTINUATION")
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all(reply)
    assert info.value.message == NOT_FINISHED
    [bad] = toolwire.decode_all(reply, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.error == NOT_FINISHED
    read = response.normalize(reply)
    assert read.unfinished and read.raw_finish_reason == "CONTINUATION" and not read.tool_calls


def test_the_continuation_keyword_reads_as_the_reply() -> None:
    content = {"role": "model", "parts": [{"text": "Let me check"}]}
    [bad] = toolwire.decode_all(content, "gemini", finish_reason="CONTINUATION", invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.name is None and bad.error == NOT_FINISHED


def test_the_calls_of_a_reply_with_continuation_are_cut_off() -> None:
    reply = _chunk([CALL], "CONTINUATION")
    [cut] = toolwire.decode_all(reply, invalid="keep")
    assert isinstance(cut, InvalidToolCall) and cut.name == "get_weather" and cut.truncated
    [cut] = stream.accumulate([reply], "gemini")
    assert isinstance(cut, InvalidToolCall) and cut.name == "get_weather" and cut.truncated
    [cut] = toolwire.decode_all({"role": "model", "parts": [CALL]}, "gemini", finish_reason="CONTINUATION",
                                invalid="keep")
    assert isinstance(cut, InvalidToolCall) and cut.truncated


@pytest.mark.parametrize("choice", [0, 1])
def test_the_chosen_candidate_with_continuation_without_a_call_has_not_finished(choice: int) -> None:
    """One reply of several (``candidateCount`` > 1), read under its own finish reason."""
    reply = {"candidates": [
        {"content": {"role": "model", "parts": [{"text": "Let me"}]}, "finishReason": "CONTINUATION", "index": 0},
        {"content": {"role": "model", "parts": [{"text": "Let me"}]}, "finishReason": "CONTINUATION", "index": 1},
    ]}
    [bad] = toolwire.decode_all(reply, "gemini", choice=choice, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.name is None and bad.error == NOT_FINISHED


@pytest.mark.parametrize("word", ["continuation", "Continuation"])
def test_the_continuation_keyword_is_read_in_any_case(word: str) -> None:
    content = {"role": "model", "parts": [{"text": "Let me check"}]}
    [bad] = toolwire.decode_all(content, "gemini", finish_reason=word, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.error == NOT_FINISHED.replace("CONTINUATION", word)


def test_a_call_cut_by_continuation_says_so_alike_in_a_stream_and_a_whole_reply() -> None:
    reply = _chunk([CALL], "CONTINUATION")
    cut = ("Arguments at {} may be cut off: the reply has not finished (CONTINUATION); "
           "pass allow_truncated=True to accept them")
    [whole] = toolwire.decode_all(reply, invalid="keep")
    assert whole.error == cut.format("$.candidates[0].content.parts[0].functionCall.args")
    [streamed] = stream.accumulate([reply], "gemini")
    assert streamed.error == cut.format("$.calls[0].arguments")
    assert response.normalize(reply).invalid_tool_calls[0].error == whole.error
