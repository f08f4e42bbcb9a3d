"""#15 class 2: SDK stream wrappers. mistralai's ``client.chat.stream()`` yields
``CompletionEvent`` objects with the chunk under ``.data``; openai's
``client.chat.completions.stream()`` yields ``ChunkEvent`` objects with the chunk under
``.chunk``, each followed by events derived from it (content, tool-call argument
deltas). Both are read, detected or named, never ``[]`` when calls were there.

The openai events are made by the SDK's own ``ChatCompletionStreamState`` (what the
stream manager runs), offline.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Dict, List

import pytest
from anthropic.lib.streaming._messages import accumulate_event, build_events
from anthropic.types import RawMessageStreamEvent
from openai.lib.streaming.chat import ChatCompletionStreamState
from openai.types.chat import ChatCompletionChunk
from pydantic import TypeAdapter

import toolwire
from toolwire import DecodeError, ToolCall, stream

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


@pytest.mark.parametrize("dialect", [None, "openai.chat", "openai"])
def test_sdk_stream_wrappers_openai_derived_events_alone_are_refused(dialect: Any) -> None:
    """Only the events the helper derives from its chunks (``ContentDeltaEvent``,
    ``FunctionToolCallArgumentsDoneEvent``...), without one ``ChunkEvent``: the calls
    were in the chunks, which were not fed. ``[]`` would say the model called nothing."""
    derived = [e for e in _openai_events() if e.type != "chunk"]
    assert derived and "FunctionToolCallArgumentsDoneEvent" in {type(e).__name__ for e in derived}
    for chunks in (derived, iter(derived), [{}] + derived + [None]):
        with pytest.raises(DecodeError) as exc:
            stream.accumulate(chunks, dialect)
        assert "only events an SDK stream helper derives from its chunks" in exc.value.message
    acc = stream.Accumulator(dialect)
    for event in derived:
        acc.feed(event)
    with pytest.raises(DecodeError):
        acc.close()
    # beside chunk events they are skipped, as before; an empty stream is no answer (F-G)
    assert stream.accumulate(_openai_events(), dialect) == EXPECTED
    if dialect is None:
        with pytest.raises(DecodeError):
            stream.accumulate([], dialect)
    else:
        [empty] = stream.accumulate([], dialect)
        assert empty.name is None and "held no chunk with data" in empty.error


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


# Anthropic's ``client.messages.stream()`` yields the raw events (as SDK objects) and,
# after them, events derived from them (``TextEvent``, ``InputJsonEvent``, with a
# snapshot): those carry types no raw event has, and must not count twice
ANTHROPIC = [
    {"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 10, "output_tokens": 1}}},
    {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Checking. "}},
    {"type": "content_block_stop", "index": 0},
    {"type": "content_block_start", "index": 1,
     "content_block": {"type": "tool_use", "id": "toolu_01A", "name": "get_weather", "input": {}}},
    {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": '{"city": '}},
    {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": '"Paris"}'}},
    {"type": "content_block_stop", "index": 1},
    {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None},
     "usage": {"output_tokens": 20}},
    {"type": "message_stop"},
]


def _anthropic_events() -> List[Any]:
    adapter: TypeAdapter[Any] = TypeAdapter(RawMessageStreamEvent)
    snapshot: Any = None
    bufs: Dict[int, bytes] = {}
    events: List[Any] = []
    for raw in ANTHROPIC:
        event = adapter.validate_python(raw)
        snapshot = accumulate_event(event=event, current_snapshot=snapshot, json_bufs=bufs)
        events.extend(build_events(event=event, message_snapshot=snapshot))
    return events


@pytest.mark.parametrize("dialect", [None, "anthropic.messages"])
def test_sdk_stream_wrappers_anthropic_helper_events(dialect: Any) -> None:
    events = _anthropic_events()
    assert {"TextEvent", "InputJsonEvent"} <= {type(e).__name__ for e in events}
    expected = [ToolCall("get_weather", {"city": "Paris"}, "toolu_01A")]
    assert stream.accumulate(events, dialect) == expected
    acc = stream.Accumulator(dialect)
    for event in events:
        acc.feed(event)
    assert acc.close() == expected
    assert acc.text == "Checking. "


class AcmeEvent:
    """A third-party SDK's stream helper event: the provider's chunk under ``.payload``."""

    def __init__(self, payload: Any) -> None:
        self.payload = payload


class AcmeNote:
    """An event the helper derives from a chunk it also yields."""


def test_sdk_stream_wrappers_are_dialect_fields() -> None:
    chat = toolwire.get_dialect("openai.chat")
    own = {f"{__name__.partition('.')[0]}:AcmeEvent": "payload", f"{__name__.partition('.')[0]}:AcmeNote": ""}
    acme = dataclasses.replace(chat, name="acme.chat", aliases=(), sdk_stream_events=own)
    reg = toolwire.default_registry().copy()
    reg.register(acme)
    events = [x for c in CHAT for x in (AcmeEvent(c), AcmeNote())]
    assert stream.accumulate(events, "acme.chat", registry=reg) == EXPECTED
    assert stream.accumulate(events, registry=reg) == EXPECTED  # detected as Chat, unwrapped by acme's field
    acc = stream.Accumulator("acme.chat", registry=reg)
    for event in events:
        acc.feed(event)
    assert acc.close() == EXPECTED
    # no dialect unwraps it: the derived event shows no public attribute (never a ``{}`` keep-alive)
    with pytest.raises(DecodeError, match=r"Cannot read an AcmeNote value at \$\[1\]: it holds no public attribute"):
        stream.accumulate(events, "openai.chat")
    with pytest.raises(DecodeError, match="not openai.chat chunks: none carried"):
        stream.accumulate(events[::2], "openai.chat")
