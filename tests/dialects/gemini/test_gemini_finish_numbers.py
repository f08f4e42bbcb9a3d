"""A Gemini finish reason written as its proto enum number (proto-plus ``to_dict()``
writes enums as integers: the deprecated google-generativeai SDK's ``response.to_dict()``,
google-gemini/deprecated-generative-ai-python#371) or as an ``IntEnum``: read by the
Gemini API's numbering (googleapis ``google/ai/generativelanguage/v1beta/
generative_service.proto``, ``Candidate.FinishReason``: ``STOP = 1``, ``MAX_TOKENS = 2``,
``SAFETY = 3``, ``RECITATION = 4``, ``OTHER = 5``), never dropped to ``None``."""

from __future__ import annotations

import enum

import pytest

import toolwire
from toolwire import response, retry
from toolwire._types import InvalidToolCall, ToolCall


class FinishReason(enum.IntEnum):  # generative_service.proto Candidate.FinishReason
    FINISH_REASON_UNSPECIFIED = 0
    STOP = 1
    MAX_TOKENS = 2
    SAFETY = 3
    RECITATION = 4
    OTHER = 5


SCHEMA = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}


def _text(reason: object) -> dict:
    return {"candidates": [{"finishReason": reason, "content": {"role": "model", "parts": [{"text": '{"a": 1}'}]}}]}


def _call(reason: object) -> dict:
    return {"candidates": [{"finishReason": reason, "content": {"role": "model", "parts": [
        {"functionCall": {"name": "get_weather", "args": {"city": "Par"}}}]}}]}


@pytest.mark.parametrize("reason", [2, FinishReason.MAX_TOKENS])
def test_max_tokens_number_is_cut_off(reason: object) -> None:
    r = response.normalize(_text(reason))
    assert (r.finish_reason, r.raw_finish_reason, r.truncated) == ("length", "MAX_TOKENS", True)
    st = retry.prepare({"model": "gemini-2.5-flash", "contents": "hi"}, SCHEMA, "gemini").state
    assert retry.classify(r, st).kind == "truncated"


@pytest.mark.parametrize(("reason", "word"), [(3, "SAFETY"), (4, "RECITATION"), (FinishReason.SAFETY, "SAFETY")])
def test_filter_numbers_are_refusals(reason: object, word: str) -> None:
    r = response.normalize(_text(reason))
    assert (r.finish_reason, r.raw_finish_reason) == ("content_filter", word)
    st = retry.prepare({"model": "gemini-2.5-flash", "contents": "hi"}, SCHEMA, "gemini").state
    assert retry.classify(r, st).kind == "refusal"


def test_stop_number() -> None:
    r = response.normalize(_text(1))
    assert (r.finish_reason, r.raw_finish_reason) == ("stop", "STOP")


def test_unknown_number_is_other_never_none() -> None:
    r = response.normalize(_text(999))
    assert (r.finish_reason, r.raw_finish_reason) == ("other", "999")


@pytest.mark.parametrize("reason", [2, FinishReason.MAX_TOKENS])
def test_cut_off_call_is_not_runnable(reason: object) -> None:
    out = toolwire.decode_all(_call(reason), invalid="keep")
    assert [type(c) for c in out] == [InvalidToolCall]
    assert out[0].truncated
    r = response.normalize(_call(reason))
    assert r.tool_calls == () and [c.name for c in r.invalid_tool_calls] == ["get_weather"]


@pytest.mark.parametrize("reason", [3, FinishReason.SAFETY])
def test_safety_stopped_call_is_not_runnable(reason: object) -> None:
    out = toolwire.decode_all(_call(reason), invalid="keep")
    assert [type(c) for c in out] == [InvalidToolCall]


def test_stop_number_call_runs() -> None:
    out = toolwire.decode_all(_call(1), invalid="keep")
    assert [type(c) for c in out] == [ToolCall]


# The same numbers in a stream's chunk (a proto-plus ``GenerateContentResponse`` chunk dumped
# with ``to_dict()``): ``accumulate`` read ``2`` as the word "2" and gave a runnable call.
@pytest.mark.parametrize(("number", "runnable", "cut"), [(2, False, True), (3, False, False), (1, True, False)])
def test_a_stream_reads_the_numbers_as_the_whole_reply_does(number: int, runnable: bool, cut: bool) -> None:
    from toolwire.stream import accumulate

    chunk = {"candidates": [{"content": {"role": "model", "parts": [
        {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}]}, "finishReason": number, "index": 0}]}
    for named in (None, "gemini"):
        [call] = accumulate([chunk], named)
        assert isinstance(call, ToolCall) is runnable
        if not runnable:
            assert isinstance(call, InvalidToolCall) and call.truncated is cut
