"""Vertex streamed arguments (``streamFunctionCallArguments``; google-genai ``FunctionCall.
will_continue``: "whether this is the last part of the FunctionCall; if true, another
partial message for the current FunctionCall is expected to follow"): a call opened with
``willContinue: true`` that gets no argument before the next named call began was handed
over as a runnable ``{}`` (a lost chunk, a doubled opener: its arguments never came).
It is cut off now, in a stream and in a whole reply of the same parts; a call whose
fragments came keeps them when the next call ends it (hostile hunt F9).
"""

from __future__ import annotations

from typing import Any, Dict, List

import toolwire
from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import accumulate

OPEN = {"functionCall": {"name": "getWeather", "willContinue": True}}


def _fragment(value: str) -> Dict[str, Any]:
    return {"functionCall": {"partialArgs": [{"jsonPath": "$.location", "stringValue": value, "willContinue": True}],
                             "willContinue": True}}


CLOSE_STRING = {"functionCall": {"partialArgs": [{"jsonPath": "$.location", "stringValue": ""}], "willContinue": True}}
END = {"functionCall": {}}


def _chunk(part: Dict[str, Any], finish: Any = None) -> Dict[str, Any]:
    cand: Dict[str, Any] = {"content": {"role": "model", "parts": [part]}, "index": 0}
    if finish:
        cand["finishReason"] = finish
    return {"candidates": [cand]}


def _whole(parts: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}]}


def test_a_streamed_call_that_got_nothing_before_the_next_call_is_cut_off() -> None:
    parts = [OPEN, OPEN, _fragment("Boston"), CLOSE_STRING, END]
    chunks = [_chunk(p) for p in parts[:-1]] + [_chunk(END, "STOP")]
    for got in (accumulate(chunks, "gemini"), accumulate(chunks), toolwire.decode_all(_whole(parts), invalid="keep")):
        first, second = got
        assert isinstance(first, InvalidToolCall) and first.truncated and first.name == "getWeather"
        assert isinstance(second, ToolCall) and second.args == {"location": "Boston"}


def test_a_streamed_call_whose_fragments_came_is_ended_by_the_next_call() -> None:
    parts = [OPEN, _fragment("Boston"), CLOSE_STRING, OPEN, _fragment("Paris"), CLOSE_STRING, END]
    chunks = [_chunk(p) for p in parts[:-1]] + [_chunk(END, "STOP")]
    for got in (accumulate(chunks, "gemini"), toolwire.decode_all(_whole(parts))):
        assert [(type(c).__name__, getattr(c, "args", None)) for c in got] == [
            ("ToolCall", {"location": "Boston"}), ("ToolCall", {"location": "Paris"})]
