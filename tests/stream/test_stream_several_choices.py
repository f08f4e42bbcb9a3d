"""Several choices: a stream with alternative replies (Chat ``n`` > 1, Gemini
``candidateCount`` > 1) gives the calls of the first one, as ``decode_all`` reads the
whole response (issue #15 item 7): never an unmarked mix."""

from __future__ import annotations

from typing import Any, Dict, List

import toolwire
import toolwire.stream
from toolwire.stream import accumulate


def _chat(index: int, delta: Dict[str, Any], finish: Any = None) -> Dict[str, Any]:
    return {"object": "chat.completion.chunk", "choices": [{"index": index, "delta": delta, "finish_reason": finish}]}


def _tc(i: int, ident: str, name: str, args: str) -> Dict[str, Any]:
    return {"index": i, "id": ident, "type": "function", "function": {"name": name, "arguments": args}}


def _names(calls: List[Any]) -> List[Any]:
    return [(c.name, c.id) for c in calls]


def test_chat_stream_with_two_choices_gives_the_first_choice_only() -> None:
    chunks = [
        _chat(0, {"role": "assistant", "tool_calls": [_tc(0, "call_a", "get_weather", '{"city": "Paris"}')]}),
        _chat(1, {"role": "assistant", "tool_calls": [_tc(0, "call_b", "get_time", "{}")]}),
        _chat(0, {}, "tool_calls"),
        _chat(1, {}, "tool_calls"),
    ]
    assert _names(accumulate(chunks)) == [("get_weather", "call_a")]
    assert _names(accumulate(chunks, "openai.chat")) == [("get_weather", "call_a")]


def test_chat_stream_choices_interleaved_in_one_chunk() -> None:
    chunk = {"object": "chat.completion.chunk", "choices": [
        {"index": 1, "delta": {"tool_calls": [_tc(0, "call_b", "get_time", "{}")]}, "finish_reason": "tool_calls"},
        {"index": 0, "delta": {"tool_calls": [_tc(0, "call_a", "get_weather", "{}")]}, "finish_reason": "tool_calls"},
    ]}
    assert _names(accumulate([chunk])) == [("get_weather", "call_a")]


def test_chat_stream_first_choice_without_calls_gives_none() -> None:
    chunks = [
        _chat(0, {"role": "assistant", "content": "It is sunny."}),
        _chat(1, {"role": "assistant", "tool_calls": [_tc(0, "call_b", "get_time", "{}")]}),
        _chat(0, {}, "stop"),
        _chat(1, {}, "tool_calls"),
    ]
    assert accumulate(chunks) == []


def test_the_first_choices_own_finish_reason_decides_a_cut() -> None:
    # choice 0 was cut off by the token limit; choice 1 ended normally afterwards
    chunks = [
        _chat(0, {"role": "assistant", "tool_calls": [_tc(0, "call_a", "f", "")]}),
        _chat(1, {"role": "assistant", "tool_calls": [_tc(0, "call_b", "g", "{}")]}),
        _chat(0, {}, "length"),
        _chat(1, {}, "tool_calls"),
    ]
    calls = accumulate(chunks)
    assert len(calls) == 1 and isinstance(calls[0], toolwire.InvalidToolCall) and calls[0].truncated


def test_gemini_stream_with_two_candidates_gives_the_first_only() -> None:
    def chunk(index: int, name: str, finish: Any = None) -> Dict[str, Any]:
        cand: Dict[str, Any] = {"index": index, "content": {"role": "model", "parts": [
            {"functionCall": {"name": name, "args": {"q": index}}}]}}
        if finish:
            cand["finishReason"] = finish
        return {"candidates": [cand]}

    chunks = [chunk(0, "search"), chunk(1, "lookup"), chunk(0, "search2", "STOP"), chunk(1, "lookup2", "STOP")]
    assert [c.name for c in accumulate(chunks, "gemini")] == ["search", "search2"]


def test_one_choice_streams_are_unchanged() -> None:
    chunks = [_chat(0, {"role": "assistant", "tool_calls": [_tc(0, "call_a", "f", "{}"), _tc(1, "call_b", "g", "{}")]}),
              _chat(0, {}, "tool_calls")]
    assert _names(accumulate(chunks)) == [("f", "call_a"), ("g", "call_b")]


def test_the_first_choices_own_finish_reason_decides_a_failure() -> None:
    """A reply the provider reports as failed (``finish_reason: "error"``): the first
    choice's own finish reason says whether its calls may run, not another choice's."""
    def chunks(first: str, second: str) -> List[Dict[str, Any]]:
        return [
            _chat(0, {"role": "assistant", "tool_calls": [_tc(0, "call_a", "f", "{}")]}),
            _chat(1, {"role": "assistant", "tool_calls": [_tc(0, "call_b", "g", "{}")]}),
            _chat(0, {}, first),
            _chat(1, {}, second),
        ]

    [bad] = accumulate(chunks("error", "tool_calls"))
    assert isinstance(bad, toolwire.InvalidToolCall) and bad.name == "f" and "(error)" in bad.error
    [good] = accumulate(chunks("tool_calls", "error"))
    assert good == toolwire.ToolCall("f", {}, "call_a")


def _fed(chunks: List[Any], dialect: Any = None) -> Any:
    acc = toolwire.stream.Accumulator(dialect)
    for c in chunks:
        acc.feed(c)
    return acc.close(), acc.text, acc.finish_reason


def test_chat_text_and_finish_reason_are_the_first_choices_only() -> None:
    """``Accumulator.text`` and ``.finish_reason`` come from the choice the calls come
    from (docs/streaming.md rule 4), never a mix of choices."""
    chunks = [
        {"object": "chat.completion.chunk", "choices": [
            {"index": 0, "delta": {"content": "Paris"}, "finish_reason": None},
            {"index": 1, "delta": {"content": "Lyon"}, "finish_reason": None}]},
        {"object": "chat.completion.chunk", "choices": [
            {"index": 0, "delta": {"content": " is"}, "finish_reason": "stop"},
            {"index": 1, "delta": {"content": " was"}, "finish_reason": "length"}]},
    ]
    assert _fed(chunks) == ([], "Paris is", "stop")
    assert _fed(chunks, "openai.chat") == ([], "Paris is", "stop")


def test_chat_a_lower_choice_seen_later_takes_the_text_and_finish_reason() -> None:
    chunks = [
        _chat(1, {"role": "assistant", "content": "Lyon"}),
        _chat(1, {}, "length"),
        _chat(0, {"role": "assistant", "tool_calls": [_tc(0, "call_a", "get_weather", '{"city": "Paris"}')]}),
        _chat(0, {"content": "Paris"}),
        _chat(0, {}, "tool_calls"),
    ]
    calls, text, finish = _fed(chunks)
    assert (_names(calls), text, finish) == ([("get_weather", "call_a")], "Paris", "tool_calls")


def test_gemini_text_and_finish_reason_are_the_first_candidates_only() -> None:
    chunks = [
        {"candidates": [
            {"content": {"role": "model", "parts": [{"text": "Paris"}]}, "index": 0},
            {"content": {"role": "model", "parts": [{"text": "Lyon"}]}, "index": 1}]},
        {"candidates": [
            {"content": {"role": "model", "parts": [{"text": " is"}]}, "index": 0, "finishReason": "STOP"},
            {"content": {"role": "model", "parts": [{"text": " was"}]}, "index": 1, "finishReason": "MAX_TOKENS"}]},
    ]
    assert _fed(chunks) == ([], "Paris is", "STOP")
    assert _fed(chunks, "gemini") == ([], "Paris is", "STOP")
