"""The handlers' ``run`` loops (the hot path of ``accumulate`` and ``feed``) agree with
their general ``feed`` path on every stream, valid or not: same calls, same events,
same errors. An accumulator with ``preview=True`` never uses ``run``, so it is the
reference (its previews are dropped before comparing)."""

from __future__ import annotations

import copy
import gc
import json
from typing import Any, Dict, List, Tuple

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from toolwire import ToolCall, ToolwireError
from toolwire import stream as stream_module
from toolwire.stream import STREAM_HANDLERS, Accumulator, ArgsDelta, accumulate, encode_stream

RUN_DIALECTS = [d for d, handler in STREAM_HANDLERS.items() if hasattr(handler, "run")]

keys = st.sampled_from(
    ["type", "index", "id", "name", "arguments", "function", "tool_calls", "delta", "choices", "item",
     "output_index", "content_block", "partial_json", "contentBlockIndex", "toolUse", "input", "start",
     "message", "finish_reason", "content", "contentBlockStart", "contentBlockDelta", "contentBlockStop",
     "content_block_delta", "input_json_delta", "response.function_call_arguments.delta",
     "response.function_call_arguments.done", "response.output_item.done", "tool-call-delta", "tool-call-end"]
)
shaped = st.recursive(
    st.none() | st.booleans() | st.integers(-1, 2) | st.sampled_from(["", "{", "}", "x", "{}", "function_call"])
    | st.sampled_from(["content_block_delta", "input_json_delta", "content_block_stop", "tool-call-delta",
                       "response.function_call_arguments.delta", "response.output_item.done"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=25,
)
names = st.from_regex(r"[a-z_]{1,8}", fullmatch=True)
args = st.dictionaries(st.text(max_size=4), st.none() | st.integers() | st.text(max_size=6), max_size=3)


@st.composite
def call_lists(draw: Any) -> List[ToolCall]:
    n = draw(st.integers(1, 3))
    return [ToolCall(name=draw(names), args=draw(args), id=f"call_{i}") for i in range(n)]


def _outcome(fn: Any) -> Tuple[str, Any]:
    try:
        return "ok", fn()
    except ToolwireError as exc:
        return "error", (type(exc).__name__, str(exc))


def _plain(results: List[Any]) -> List[Any]:
    return [(type(r).__name__, r.model_dump()) for r in results]


def _fed(chunks: List[Any], dialect: str, **kw: Any) -> Tuple[List[Any], List[Any]]:
    acc = Accumulator(dialect, **kw)
    events: List[Any] = []
    for c in chunks:
        events.extend(acc.feed(c))
    calls = acc.close()
    events.extend(acc.events())
    return _plain(calls), [_strip(e) for e in events]


def _strip(event: Any) -> Any:
    if isinstance(event, ArgsDelta):
        return ArgsDelta(event.index, event.id, event.delta, None, event.path)
    if hasattr(event, "call"):
        return (type(event).__name__, event.index, type(event.call).__name__, event.call.model_dump())
    return event


def _agree(chunks: List[Any], dialect: str) -> None:
    reference = _outcome(lambda: _fed(copy.deepcopy(chunks), dialect, preview=True, include_server=True))
    events = _outcome(lambda: _fed(copy.deepcopy(chunks), dialect, include_server=True))
    assert events == reference
    calls = _outcome(lambda: _plain(accumulate(copy.deepcopy(chunks), dialect, include_server=True)))
    assert calls == (reference[0], reference[1][0] if reference[0] == "ok" else reference[1])


@pytest.mark.parametrize("dialect", RUN_DIALECTS)
@given(calls=call_lists(), data=st.data())
def test_run_agrees_with_feed_on_corrupted_streams(dialect: str, calls: List[ToolCall], data: Any) -> None:
    chunks = encode_stream(calls, dialect, split=3)
    for _ in range(data.draw(st.integers(0, 4))):
        i = data.draw(st.integers(0, len(chunks) - 1))
        node: Any = chunks[i]
        while type(node) is dict and node:
            k = data.draw(st.sampled_from(sorted(node, key=str)))
            if type(node[k]) in (dict, list) and node[k] and data.draw(st.booleans()):
                node = node[k] if type(node[k]) is dict else node[k][0]
                continue
            node[k] = data.draw(shaped | st.sampled_from(["", True, 1.0, 0, None]))
            break
    _agree(chunks, dialect)


@pytest.mark.parametrize("dialect", RUN_DIALECTS)
@given(chunks=st.lists(shaped, max_size=8))
def test_run_agrees_with_feed_on_arbitrary_chunks(dialect: str, chunks: List[Any]) -> None:
    _agree(chunks, dialect)


def _chat(tool_call: Dict[str, Any], **choice: Any) -> Dict[str, Any]:
    return {"object": "chat.completion.chunk",
            "choices": [dict({"index": 0, "delta": {"tool_calls": [tool_call]}, "finish_reason": None}, **choice)]}


@pytest.mark.parametrize("chunks", [
    # an empty continuation for an index with no open call starts a (nameless) call
    [_chat({"index": 1, "function": {"arguments": ""}})],
    # a bool index is not the int index it equals
    [_chat({"index": 1, "id": "a", "function": {"name": "f", "arguments": ""}}),
     _chat({"index": True, "function": {"arguments": "{}"}}), _chat({"index": 1, "function": {"arguments": "{}"}})],
    # a continuation carrying text and a finish reason
    [_chat({"index": 0, "id": "a", "function": {"name": "f", "arguments": "{"}}),
     _chat({"index": 0, "function": {"arguments": "}"}}, finish_reason="tool_calls")],
])
def test_chat_run_edge_cases(chunks: List[Any]) -> None:
    _agree(chunks, "openai.chat")


@example(index=True)
@example(index=1.0)
@given(index=st.sampled_from([True, 1.0, "1", None, -1]))
def test_anthropic_odd_indexes(index: Any) -> None:
    start = {"type": "content_block_start", "index": 1,
             "content_block": {"type": "tool_use", "id": "t", "name": "f", "input": {}}}
    chunks = [start, {"type": "content_block_delta", "index": index,
                      "delta": {"type": "input_json_delta", "partial_json": '{"a": 1}'}},
              {"type": "content_block_stop", "index": index}, {"type": "content_block_stop", "index": 1}]
    _agree(chunks, "anthropic.messages")


@given(kind=st.sampled_from(["response.created", "response.x", "ping", "message_stop", "tool-call-end", "debug",
                             "content-delta", "responses", ""]) | st.text(max_size=12),
       extra=st.dictionaries(st.sampled_from(["choices", "candidates", "message", "done", "delta", "index"]),
                             st.none() | st.integers() | st.just([]) | st.just({}), max_size=3))
def test_detection_memo_agrees_with_the_tests(kind: str, extra: Dict[str, Any]) -> None:
    """The dialect of a typed chunk is memoized by its type: the typed tests must
    depend on the type alone, and the memo must answer as the tests do."""
    data = dict(extra, type=kind)
    for _, test in stream_module._DETECT[: stream_module._TYPED]:
        assert test(data) == test({"type": kind})
    expected = None
    for name, test in stream_module._DETECT:
        try:
            if test(data):
                expected = name
                break
        except Exception:
            continue
    assert stream_module._detect(data) == expected
    assert stream_module._detect(data) == expected  # memoized now, when typed


@pytest.mark.parametrize("dialect", RUN_DIALECTS)
def test_argument_deltas_take_the_hot_path(dialect: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Structural, not timed: a plain stream's argument deltas never reach ``feed``."""
    handler = STREAM_HANDLERS[dialect]
    seen: List[Any] = []
    general = handler.feed

    def counting(self: Any, data: Dict[str, Any]) -> None:
        seen.append(data)
        general(self, data)

    monkeypatch.setattr(handler, "feed", counting)
    calls = [ToolCall(name="f", args={"text": "x" * 40}, id="call_1"),
             ToolCall(name="g", args={"n": 12345678}, id="call_2")]
    chunks = encode_stream(calls, dialect, split=4, **({"with_index": True} if dialect == "mistral" else {}))
    assert [(c.name, c.args, c.id) for c in accumulate(chunks, dialect)] == [(c.name, c.args, c.id) for c in calls]
    assert len(seen) <= len(chunks) // 3, f"{len(seen)} of {len(chunks)} chunks took the general path"


@pytest.mark.parametrize("dialect", RUN_DIALECTS)
def test_accumulate_leaves_no_reference_cycles(dialect: str) -> None:
    """A cycle would leave every stream's calls to the cyclic GC (it did once: a
    self-referencing closure)."""
    chunks = encode_stream([ToolCall(name="f", args={"a": 1}, id="call_1")], dialect, split=2)
    accumulate(chunks)
    gc.collect()
    gc.disable()
    try:
        for _ in range(3):
            accumulate(chunks)
            accumulate(chunks, dialect)
            accumulate(["data: " + json.dumps(c) for c in chunks])
        assert gc.collect() == 0
    finally:
        gc.enable()
