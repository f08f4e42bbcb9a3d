"""#15 class 2: SDK stream wrappers. mistralai's ``client.chat.stream()`` yields
``CompletionEvent`` objects with the chunk under ``.data``; openai's
``client.chat.completions.stream()`` yields ``ChunkEvent`` objects with the chunk under
``.chunk``, each followed by events derived from it (content, tool-call argument
deltas). Both are read, detected or named, never ``[]`` when calls were there.

The openai events are made by the SDK's own ``ChatCompletionStreamState`` (what the
stream manager runs), offline.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest
from openai.lib.streaming.chat import ChatCompletionStreamState
from openai.types.chat import ChatCompletionChunk

from toolwire import ToolCall, stream

try:  # mistralai 2.x
    import mistralai.client.models as mistral_models
except ImportError:  # mistralai 1.x (installed beside the oldest pydantic)
    import mistralai.models as mistral_models  # type: ignore[no-redef]

HEAD = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o"}


def _chat(delta: Dict[str, Any], finish: Any = None) -> Dict[str, Any]:
    return dict(HEAD, choices=[{"index": 0, "delta": delta, "finish_reason": finish}])


CHAT = [
    _chat({"role": "assistant", "content": "Checking. ", "tool_calls": [
        {"index": 0, "id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": ""}}]}),
    _chat({"tool_calls": [{"index": 0, "function": {"arguments": '{"city": '}}]}),
    _chat({"tool_calls": [{"index": 0, "function": {"arguments": '"Paris"}'}}]}),
    _chat({"tool_calls": [{"index": 1, "id": "call_2", "type": "function",
                           "function": {"name": "get_time", "arguments": "{}"}}]}),
    _chat({}, "tool_calls"),
]
EXPECTED = [ToolCall("get_weather", {"city": "Paris"}, "call_1"), ToolCall("get_time", {}, "call_2")]


def _openai_events() -> List[Any]:
    state = ChatCompletionStreamState()
    events: List[Any] = []
    for chunk in CHAT:
        events.extend(state.handle_chunk(ChatCompletionChunk.model_validate(chunk)))
    return events


def test_sdk_stream_wrappers_openai_events_are_the_sdk_ones() -> None:
    kinds = {type(e).__name__ for e in _openai_events()}
    assert {"ChunkEvent", "ContentDeltaEvent", "FunctionToolCallArgumentsDeltaEvent",
            "FunctionToolCallArgumentsDoneEvent"} <= kinds


@pytest.mark.parametrize("dialect", [None, "openai.chat", "openai"])
def test_sdk_stream_wrappers_openai_stream_manager_events(dialect: Any) -> None:
    events = _openai_events()
    assert stream.accumulate(events, dialect) == EXPECTED
    assert stream.accumulate(iter(events), dialect) == EXPECTED
    acc = stream.Accumulator(dialect)
    for event in events:
        acc.feed(event)
    assert acc.close() == EXPECTED
    assert acc.text == "Checking. "  # the derived content events are not counted twice


MISTRAL = [
    {"id": "c", "model": "mistral-large-latest", "object": "chat.completion.chunk", "created": 1,
     "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]},
    {"id": "c", "model": "mistral-large-latest", "object": "chat.completion.chunk", "created": 1,
     "choices": [{"index": 0, "delta": {"tool_calls": [
         {"id": "D681PevKs", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}},
         {"id": "Xk2mP9qRt", "type": "function", "function": {"name": "get_time", "arguments": "{}"}}]},
         "finish_reason": "tool_calls"}]},
]


@pytest.mark.parametrize("dialect", [None, "mistral", "openai.chat"])
def test_sdk_stream_wrappers_mistral_completion_events(dialect: Any) -> None:
    events = [mistral_models.CompletionEvent.model_validate({"data": c}) for c in MISTRAL]
    expected = [ToolCall("get_weather", {"city": "Paris"}, "D681PevKs"), ToolCall("get_time", {}, "Xk2mP9qRt")]
    assert stream.accumulate(events, dialect) == expected
    assert stream.accumulate(iter(events), dialect) == expected
    acc = stream.Accumulator(dialect)
    for event in events:
        acc.feed(event)
    assert acc.close() == expected
    assert stream.detect_stream(events[0]) == "openai.chat"
