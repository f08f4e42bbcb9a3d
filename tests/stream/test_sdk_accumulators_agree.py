"""The provider SDKs' own stream accumulators as oracles: what openai-python's
``ChatCompletionStreamState`` and ``ResponseStreamState`` and anthropic-sdk-python's
``accumulate_event`` (what ``client.chat.completions.stream()``,
``client.responses.stream()`` and ``client.messages.stream()`` run) build from a stream
is what ``accumulate`` gives: the same calls, in the same order, with the same ids and
arguments. All offline: the SDKs read the chunks as dicts, as they come off the wire.

The streams are drawn (``strategies.streams``: parallel calls, argument text cut into
random fragments, interleaved where the dialect allows) and written by hand (text before
the calls, parallel calls whose fragments alternate, a call without arguments).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolwire import ToolCall
from toolwire import strategies as tws
from toolwire.stream import Accumulator, encode_stream

Call = Tuple[str, Optional[str], Any]

_N = settings.default.max_examples
per_dialect = settings(max_examples=_N if _N > 100 else 12)  # the SDKs read slowly; thorough: all


def chat_sdk(chunks: List[Dict[str, Any]]) -> Tuple[List[Call], Optional[str]]:
    from openai.lib.streaming.chat import ChatCompletionStreamState
    from openai.types.chat import ChatCompletionChunk

    state = ChatCompletionStreamState()
    for c in chunks:
        state.handle_chunk(ChatCompletionChunk.model_validate(c))
    message = state.get_final_completion().choices[0].message
    calls = [(t.function.name, t.id, json.loads(t.function.arguments or "{}")) for t in message.tool_calls or ()]
    return calls, message.content


def anthropic_sdk(events: List[Dict[str, Any]]) -> Tuple[List[Call], Optional[str]]:
    from anthropic.lib.streaming._messages import accumulate_event

    snapshot: Any = None
    buffers: Dict[int, bytes] = {}
    for e in events:
        snapshot = accumulate_event(event=e, current_snapshot=snapshot, json_bufs=buffers)  # type: ignore[arg-type]
    calls = [(b.name, b.id, b.input) for b in snapshot.content if b.type == "tool_use"]
    text = "".join(b.text for b in snapshot.content if b.type == "text")
    return calls, text or None


def responses_sdk(events: List[Dict[str, Any]]) -> Tuple[List[Call], Optional[str]]:
    from openai import omit
    from openai._models import construct_type
    from openai.lib.streaming.responses._responses import ResponseStreamState
    from openai.types.responses import ResponseStreamEvent

    state = ResponseStreamState(input_tools=omit, text_format=omit)
    for e in events:
        state.handle_event(construct_type(type_=ResponseStreamEvent, value=e))  # type: ignore[arg-type]
    output = state._ResponseStreamState__current_snapshot.output  # type: ignore[attr-defined]
    calls = [(i.name, i.call_id, json.loads(i.arguments or "{}")) for i in output if i.type == "function_call"]
    text = "".join(p.text for i in output if i.type == "message" for p in i.content if p.type == "output_text")
    return calls, text or None


ORACLES = {"openai.chat": chat_sdk, "anthropic.messages": anthropic_sdk, "openai.responses": responses_sdk}


def ours(chunks: List[Dict[str, Any]], dialect: Optional[str]) -> Tuple[List[Call], Optional[str]]:
    acc = Accumulator(dialect)
    for c in chunks:
        acc.feed(c)
    calls = acc.close()
    assert all(type(c) is ToolCall for c in calls), calls
    return [(c.name, c.id, c.args) for c in calls], acc.text or None


@pytest.mark.parametrize("dialect", sorted(ORACLES))
@per_dialect
@given(data=st.data())
def test_generated_streams_accumulate_as_the_sdk_does(dialect: str, data: Any) -> None:
    s = data.draw(tws.streams(dialect, transport="dict", expected=True, calls=tws.tool_calls(dialect)))
    expected = ORACLES[dialect](s.chunks)
    assert ours(s.chunks, dialect) == expected
    assert ours(s.chunks, None) == expected  # detected


CALLS = [ToolCall("get_weather", {"city": "Zürich", "days": [1, 2]}, "call_1"), ToolCall("now", {}, "call_2"),
         ToolCall("find", {"q": "a \"quoted\" \\ word", "n": 10**20}, "call_3")]


@pytest.mark.parametrize(("dialect", "options"), [
    ("openai.chat", {"split": 2, "interleave": True}), ("openai.chat", {"split": 1}),
    ("anthropic.messages", {"split": 2}), ("openai.responses", {"split": 2}),
])
def test_written_streams_accumulate_as_the_sdk_does(dialect: str, options: Dict[str, Any]) -> None:
    chunks = encode_stream(CALLS, dialect, **options)
    expected = [(c.name, c.id, c.args) for c in CALLS]
    assert ORACLES[dialect](chunks) == (expected, None)
    assert ours(chunks, dialect) == (expected, None)


def _chat(delta: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def _fragment(index: int, arguments: str, id: Optional[str] = None, name: Optional[str] = None) -> Dict[str, Any]:
    fn: Dict[str, Any] = {"arguments": arguments}
    out: Dict[str, Any] = {"index": index, "function": fn}
    if id is not None:
        out.update(id=id, type="function")
        fn["name"] = name
    return out


# text first, then two calls whose fragments alternate (the wire shape of openai's
# "parallel_tool_calls" streams: each fragment names its call by ``index``)
CHAT_TEXT_AND_PARALLEL = [
    _chat({"role": "assistant", "content": "Checking "}), _chat({"content": "both."}),
    _chat({"tool_calls": [_fragment(0, "", "call_a", "get_weather")]}),
    _chat({"tool_calls": [_fragment(1, "", "call_b", "get_time")]}),
    _chat({"tool_calls": [_fragment(0, '{"city": ')]}), _chat({"tool_calls": [_fragment(1, '{"tz": "CET"}')]}),
    _chat({"tool_calls": [_fragment(0, '"Paris"}')]}), _chat({}, "tool_calls"),
]

ANTHROPIC_TEXT_AND_CALL = [
    {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude",
                                          "content": [], "stop_reason": None, "stop_sequence": None,
                                          "usage": {"input_tokens": 1, "output_tokens": 1}}},
    {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Let me check."}},
    {"type": "content_block_stop", "index": 0},
    {"type": "content_block_start", "index": 1,
     "content_block": {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {}}},
    {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": '{"city"'}},
    {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": ': "Paris"}'}},
    {"type": "content_block_stop", "index": 1},
    {"type": "content_block_start", "index": 2,
     "content_block": {"type": "tool_use", "id": "toolu_2", "name": "now", "input": {}}},
    {"type": "content_block_stop", "index": 2},
    {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None},
     "usage": {"output_tokens": 9}},
    {"type": "message_stop"},
]


@pytest.mark.parametrize(("dialect", "chunks", "calls", "text"), [
    ("openai.chat", CHAT_TEXT_AND_PARALLEL,
     [("get_weather", "call_a", {"city": "Paris"}), ("get_time", "call_b", {"tz": "CET"})], "Checking both."),
    ("anthropic.messages", ANTHROPIC_TEXT_AND_CALL,
     [("get_weather", "toolu_1", {"city": "Paris"}), ("now", "toolu_2", {})], "Let me check."),
])
def test_text_and_calls_as_the_sdk_reads_them(dialect: str, chunks: List[Dict[str, Any]], calls: List[Call],
                                              text: str) -> None:
    assert ORACLES[dialect](chunks) == (calls, text)
    assert ours(chunks, dialect) == (calls, text)
    assert ours(chunks, None) == (calls, text)
