"""Values pickle (every protocol), copy and deepcopy, equal and of the same types: the
README's "toolwire's functions, values and errors pickle" (Dask, PySpark, process pools).
The call values themselves: ``test_values``."""

from __future__ import annotations

import copy
import json
import pickle
import subprocess
import sys
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire
import toolwire.conversation
import toolwire.response
from toolwire import InvalidToolCall, ToolCall
from toolwire import strategies as tws
from toolwire._deep_values import flatten, unflatten
from toolwire.conversation._values import Field
from toolwire.stream import (
    Accumulator,
    ArgsDelta,
    CallDone,
    CallEvent,
    CallStarted,
    ContentDelta,
    ReasoningDelta,
    TextParser,
    encode_stream,
    stream_dialects,
)

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def _round_trips(value: Any) -> List[Any]:
    return [pickle.loads(pickle.dumps(value, p)) for p in PROTOCOLS] + [copy.copy(value), copy.deepcopy(value)]


def _same(value: Any, again: Any) -> None:
    assert type(again) is type(value) and again == value and repr(again) == repr(value)


CALL = ToolCall("get_weather", {"city": "Paris", "days": [1, 2]}, "call_1")

EVENTS = [
    CallStarted(0, "call_1", "get_weather"),
    CallStarted(1, None, None),
    ArgsDelta(0, "call_1", '{"city": "Pa'),
    ArgsDelta(0, "call_1", '"Paris"', {"city": "Paris"}, "$.city"),
    CallDone(0, CALL),
    CallDone(1, InvalidToolCall(name="f", id="call_2", raw='{"a": ', error="cut off", truncated=True)),
    ContentDelta("hello"),
    ReasoningDelta("thinking"),
    CallEvent(CALL, 0),
]


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: type(e).__name__)
def test_every_stream_event_class_pickles_and_copies_equal(event: Any) -> None:
    for again in _round_trips(event):
        _same(event, again)


def test_a_deep_copy_of_an_event_shares_no_mutable_field() -> None:
    delta = ArgsDelta(0, "c", '"x"', {"a": {"b": 1}})
    again = copy.deepcopy(delta)
    assert again == delta and again.preview is not delta.preview and again.preview["a"] is not delta.preview["a"]
    done = copy.deepcopy(CallDone(0, CALL))
    assert done.call == CALL and done.call.args is not CALL.args


@pytest.mark.parametrize("dialect", stream_dialects())
def test_the_events_of_every_streaming_dialect_pickle_and_copy(dialect: str) -> None:
    calls = [CALL, ToolCall("search", {"q": "x"}, "call_2")]
    acc = Accumulator(preview=True)
    events = [e for chunk in encode_stream(calls, dialect, split=4) for e in acc.feed(chunk)]
    events += acc.events()
    acc.close()
    assert {type(e) for e in events} >= {CallStarted, CallDone}  # (and ArgsDelta where arguments stream)
    for again in _round_trips(events):
        assert len(again) == len(events)
        for e, a in zip(events, again):
            _same(e, a)


def test_the_events_of_a_text_parser_pickle_and_copy() -> None:
    parser = TextParser("text.hermes")
    text = 'Sure.<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>'
    events: List[Any] = parser.feed(text)
    result = parser.close()
    events += parser.events()
    assert {type(e) for e in events} == {ContentDelta, CallEvent} and result.tool_calls
    for value in (*events, result):
        for again in _round_trips(value):
            _same(value, again)


def test_conversations_and_problems_pickle_with_every_protocol() -> None:
    body = {
        "system": "Be brief.",
        "messages": [
            {"role": "user", "content": "weather?"},
            {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "w", "input": {}}]},
        ],
    }
    conv = toolwire.decode_conversation(body, "anthropic.messages")
    problems = toolwire.check_conversation(conv)
    assert problems and any(type(w) is Field for m in conv.messages for w in (m.wire or ()))
    for value in (conv, *conv.messages, problems[0], Field("system", "Be brief.")):
        for again in _round_trips(value):
            _same(value, again)
    assert toolwire.encode_conversation(pickle.loads(pickle.dumps(conv, 0)), "anthropic.messages") == \
        toolwire.encode_conversation(conv, "anthropic.messages")


# --- values holding data nested deeper than pickle recurses: every field keeps its type ----

def _nested(n: int, leaf: Any = None) -> Any:
    out: Any = {} if leaf is None else leaf
    for _ in range(n):
        out = {"k": out}
    return out


def _typed(value: Any) -> Any:
    """*value* spelled with its container types, iteratively (to compare types too)."""
    out: List[Any] = []
    stack = [value]
    while stack:
        v = stack.pop()
        out.append(type(v).__name__)
        if type(v) is dict:
            out.append(list(v))
            stack.extend(v.values())
        elif type(v) in (list, tuple):
            out.append(len(v))
            stack.extend(v)
        else:
            out.append(v)
    return out


@pytest.mark.parametrize("depth", [150, 199, 3000])
def test_a_deep_field_keeps_every_field_of_its_value_of_the_same_type(depth: int) -> None:
    pd = {"acme": {"tags": ("a", "b"), "deep": _nested(depth, ("x", ["y", ("z",)]))}}
    call = ToolCall("f", _nested(depth, [1, {"a": "b"}]), "c", repairs=("double-encoded",), raw="{}",
                    provider_data=pd)
    for again in _round_trips(call):
        assert again == call
        assert type(again.repairs) is tuple and again.repairs == ("double-encoded",)
        assert _typed(again.provider_data) == _typed(pd) and _typed(again.args) == _typed(call.args)
        assert again.raw == "{}" and again.server is False
    shallow_pd = ToolCall("f", _nested(depth), "c", provider_data={"acme": {"tags": ("a",)}})
    assert type(pickle.loads(pickle.dumps(shallow_pd)).provider_data["acme"]["tags"]) is tuple


def test_a_deep_result_and_a_deep_decoded_call_keep_their_types() -> None:
    result = toolwire.ToolResult("c", content=[{"type": "json", "json": _nested(150, ["t"])}])
    again = pickle.loads(pickle.dumps(result))
    assert again == result and _typed(again.content) == _typed(result.content)
    item = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": _nested(150)}
    call = toolwire.decode(item, max_depth=200)
    for again in _round_trips(call):
        assert again == call and type(again.repairs) is tuple and _typed(again.args) == _typed(call.args)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.lists(inner, max_size=3).map(tuple)
    | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=12,
)


@given(_JSON)
@example([(), {}, [], ((),), {"a": ()}])
def test_the_flat_spelling_builds_back_the_same_types(value: Any) -> None:
    assert _typed(unflatten(flatten(value))) == _typed(value)


# --- a Registry (how a custom dialect is carried) pickles and copies as ``copy()`` ---------

def _acme_sniff(data: Any) -> Any:
    return ("call", "acme marker") if type(data) is dict and "acme_version" in data else None


def _acme_decode(item: Any, policy: Any, loc: str) -> ToolCall:
    return ToolCall("acme_" + item["name"], {}, None)


def _acme() -> toolwire.Dialect:
    """A custom dialect whose callables pickle (module-level functions): it pickles by value."""
    base = toolwire.get_dialect("canonical")
    return toolwire.Dialect(**{**base.__dict__, "name": "acme", "aliases": (), "sniff": _acme_sniff, "detect": None,
                               "decode_call": _acme_decode, "keys": frozenset({"acme_version"}), "gate": None,
                               "peek": None})


ACME_ITEM = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}, "acme_version": 1}
CHAT_ITEM = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}


def test_a_registry_pickles_copies_and_deep_copies_as_its_copy() -> None:
    reg = toolwire.default_registry().copy()
    reg.register(_acme(), first=True)
    assert toolwire.decode(ACME_ITEM, registry=reg) == ToolCall("acme_f", {}, None)
    chat = reg.get("openai.chat")
    for again in [pickle.loads(pickle.dumps(reg, p)) for p in PROTOCOLS] + [copy.copy(reg), copy.deepcopy(reg)]:
        assert type(again) is toolwire.Registry and again is not reg and again._lock is not reg._lock
        assert again.names() == reg.names()
        assert toolwire.decode(ACME_ITEM, registry=again) == ToolCall("acme_f", {}, None)
        assert toolwire.decode(CHAT_ITEM, registry=again) == ToolCall("f", {"a": 1}, "call_1")
        assert again.one_step(again.get("openai.chat")) is not None  # the one-step decoders came along
        again.register(toolwire.Dialect(**{**_acme().__dict__, "name": "acme.other"}))
        assert "acme.other" in again and "acme.other" not in reg  # a registry of its own
    assert copy.deepcopy(reg).get("openai.chat") is chat  # built-in dialects: the same records
    assert pickle.loads(pickle.dumps(toolwire.default_registry())).names() == toolwire.default_registry().names()


def test_a_registry_pickled_into_a_fresh_process_decodes_there() -> None:
    reg = toolwire.default_registry().copy()
    canonical = toolwire.get_dialect("canonical")  # a custom dialect of importable callables: pickled by value
    reg.register(toolwire.Dialect(**{**canonical.__dict__, "name": "acme.canonical", "aliases": (), "peek": None}),
                 first=True)
    code = (
        "import pickle, sys, toolwire\n"
        "reg = pickle.loads(sys.stdin.buffer.read())\n"
        "print(reg.names()[0], toolwire.detect({'name': 'f', 'args': {}}, registry=reg),"
        " toolwire.decode({'name': 'f', 'args': {}, 'id': 'c'}, registry=reg).name)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(reg), capture_output=True, check=True)
    assert out.stdout.decode().split() == ["acme.canonical", "acme.canonical", "f"]


def test_a_registry_with_a_dialect_of_lambdas_ships_as_dask_and_spark_ship_functions() -> None:
    cloudpickle = pytest.importorskip("cloudpickle")  # what Dask and PySpark pickle functions with
    base = toolwire.get_dialect("canonical")
    reg = toolwire.default_registry().copy()
    reg.register(toolwire.Dialect(**{**base.__dict__, "name": "acme", "aliases": (), "detect": None, "gate": None,
                                     "sniff": lambda d: ("call", "acme") if "acme_version" in d else None,
                                     "decode_call": lambda item, policy, loc: ToolCall("acme_" + item["name"]),
                                     "keys": frozenset({"acme_version"})}), first=True)

    def work(item: Any) -> Any:
        return toolwire.decode(item, registry=reg)

    again = pickle.loads(cloudpickle.dumps(work))
    assert again(ACME_ITEM) == ToolCall("acme_f") and again(CHAT_ITEM) == ToolCall("f", {"a": 1}, "call_1")


# --- an Accumulator part-way through a stream pickles and copies (a checkpoint of a durable
# workflow: Temporal, Celery retries, Ray); the copy fed the rest gives what one unbroken
# Accumulator gives ---------------------------------------------------------------------

def _shot(acc: Accumulator, fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except toolwire.ToolwireError as exc:
        return type(exc).__name__, str(exc), exc.loc, getattr(exc, "dialect", None)


def _read(chunks: List[Any], cut: Optional[int], how: Any, dialect: Optional[str] = None, *,
          watch: bool = False, **kw: Any) -> Any:
    """Everything an Accumulator tells of *chunks* (each feed's events or error, then
    ``close``'s calls or error and the reply around them), the Accumulator replaced by
    ``how(acc)`` before the chunk *cut* (after the last when it is ``len(chunks)``);
    *watch*: the text and commentary read after every chunk too (a UI showing them as they
    stream: the reads keep state of their own, checkpointed with the rest)."""
    acc = Accumulator(dialect, **kw)
    seen: List[Any] = []
    for at in range(len(chunks) + 1):
        if at == cut:
            acc = how(acc)
            seen.append(("at the cut", acc.dialect, acc.calls, acc.text, acc.closed))
        if at < len(chunks):
            seen.append(_shot(acc, acc.feed, chunks[at]))
            if watch:
                seen.append((acc.text, acc.commentary))
    seen.append(_shot(acc, acc.close))
    seen.append((acc.dialect, acc.calls, acc.server_calls, acc.text, acc.commentary, acc.refusal,
                 acc.finish_reason, acc.error, acc.events(), acc.closed))
    return seen


def _checkpoints() -> List[Any]:
    return [partial(_pickled, p) for p in PROTOCOLS] + [copy.deepcopy]


def _pickled(protocol: int, acc: Accumulator) -> Accumulator:
    again = pickle.loads(pickle.dumps(acc, protocol))
    assert type(again) is Accumulator and again is not acc
    return again


def _same_at_every_cut(chunks: List[Any], dialect: Optional[str] = None, **kw: Any) -> Any:
    whole = _read(chunks, None, None, dialect, **kw)
    step = 2 if kw.get("watch") else 1  # (the seen entries per chunk)
    for cut in range(len(chunks) + 1):
        for how in _checkpoints():
            got = _read(chunks, cut, how, dialect, **kw)
            assert got[:cut * step] + got[cut * step + 1:] == whole, (cut, how)
    return whole


# Anthropic Messages streaming with a tool (docs.anthropic.com/en/docs/build-with-claude/streaming,
# "Streaming request with tool use", checked 2026-12-05), as the SSE body the API sends
ANTHROPIC_SSE = (
    'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_014p7gG3wDgGV9EUtLvnow3U",'
    '"type":"message","role":"assistant","model":"claude-opus-4-1-20250805","stop_sequence":null,'
    '"usage":{"input_tokens":472,"output_tokens":2},"content":[],"stop_reason":null}}\n\n'
    'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":'
    '{"type":"text","text":""}}\n\n'
    'event: ping\ndata: {"type": "ping"}\n\n'
    'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":'
    '{"type":"text_delta","text":"Okay"}}\n\n'
    'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":'
    '{"type":"text_delta","text":", let\'s check the weather for San Francisco, CA:"}}\n\n'
    'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n'
    'event: content_block_start\ndata: {"type":"content_block_start","index":1,"content_block":'
    '{"type":"tool_use","id":"toolu_01T1x1fJ34qAmk2tNTrN7Up6","name":"get_weather","input":{}}}\n\n'
    'event: content_block_delta\ndata: {"type":"content_block_delta","index":1,"delta":'
    '{"type":"input_json_delta","partial_json":""}}\n\n'
    'event: content_block_delta\ndata: {"type":"content_block_delta","index":1,"delta":'
    '{"type":"input_json_delta","partial_json":"{\\"location\\":"}}\n\n'
    'event: content_block_delta\ndata: {"type":"content_block_delta","index":1,"delta":'
    '{"type":"input_json_delta","partial_json":" \\"San Francisc"}}\n\n'
    'event: content_block_delta\ndata: {"type":"content_block_delta","index":1,"delta":'
    '{"type":"input_json_delta","partial_json":"o, CA\\", \\"unit\\": \\"fah"}}\n\n'
    'event: content_block_delta\ndata: {"type":"content_block_delta","index":1,"delta":'
    '{"type":"input_json_delta","partial_json":"renheit\\"}"}}\n\n'
    'event: content_block_stop\ndata: {"type":"content_block_stop","index":1}\n\n'
    'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"tool_use",'
    '"stop_sequence":null},"usage":{"output_tokens":89}}\n\n'
    'event: message_stop\ndata: {"type":"message_stop"}\n\n'
)
ANTHROPIC_CALL = ToolCall("get_weather", {"location": "San Francisco, CA", "unit": "fahrenheit"},
                          "toolu_01T1x1fJ34qAmk2tNTrN7Up6")


def _chat(delta: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    # OpenAI Chat Completions streaming chunks with function calling (platform.openai.com/docs/guides/
    # function-calling#streaming, checked 2026-12-05)
    return {"id": "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT", "object": "chat.completion.chunk", "created": 1741570300,
            "model": "gpt-4o-2024-08-06", "choices": [{"index": 0, "delta": delta, "logprobs": None,
                                                        "finish_reason": finish}]}


CHAT_CHUNKS = [
    _chat({"role": "assistant", "content": None, "tool_calls": [
        {"index": 0, "id": "call_DdmO9pD3xa9XTPNJ32zg2hcA", "type": "function",
         "function": {"name": "get_weather", "arguments": ""}}], "refusal": None}),
    _chat({"tool_calls": [{"index": 0, "function": {"arguments": '{"'}}]}),
    _chat({"tool_calls": [{"index": 0, "function": {"arguments": "location"}}]}),
    _chat({"tool_calls": [{"index": 0, "function": {"arguments": '":"'}}]}),
    _chat({"tool_calls": [{"index": 0, "function": {"arguments": "Paris"}}]}),
    _chat({"tool_calls": [{"index": 0, "function": {"arguments": ","}}]}),
    _chat({"tool_calls": [{"index": 0, "function": {"arguments": " France"}}]}),
    _chat({"tool_calls": [{"index": 0, "function": {"arguments": '"}'}}]}),
    _chat({}, "tool_calls"),
]
CHAT_CALL = ToolCall("get_weather", {"location": "Paris, France"}, "call_DdmO9pD3xa9XTPNJ32zg2hcA")

# Gemini streamGenerateContent chunks with a function call (ai.google.dev/gemini-api/docs/function-calling,
# checked 2026-12-05): its reader has no loop of its own (one is made for it, and not pickled)
GEMINI_CHUNKS = [
    {"candidates": [{"content": {"parts": [{"text": "Let me check."}], "role": "model"}, "index": 0}],
     "modelVersion": "gemini-2.5-flash"},
    {"candidates": [{"content": {"parts": [{"functionCall": {"name": "set_light_values",
                                                             "args": {"brightness": 25, "color_temp": "warm"}}}],
                                 "role": "model"}, "finishReason": "STOP", "index": 0}],
     "usageMetadata": {"promptTokenCount": 82, "candidatesTokenCount": 21, "totalTokenCount": 103},
     "modelVersion": "gemini-2.5-flash"},
]



def _vertex(call: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    # Vertex AI streamed function call arguments (cloud.google.com/vertex-ai/generative-ai/docs/
    # multimodal/function-calling#streaming-fc-args, ``streamFunctionCallArguments``, checked 2026-12-05)
    cand: Dict[str, Any] = {"content": {"role": "model", "parts": [{"functionCall": call}]}}
    if finish is not None:
        cand["finishReason"] = finish
    return {"candidates": [cand], "modelVersion": "gemini-3-pro-preview"}


# a string argument streamed in pieces: kept, until it ends, under the id of the object holding it
VERTEX_CHUNKS = [
    _vertex({"name": "get_weather", "willContinue": True}),
    _vertex({"partialArgs": [{"jsonPath": "$.location", "stringValue": "New ", "willContinue": True}],
             "willContinue": True}),
    _vertex({"partialArgs": [{"jsonPath": "$.location", "stringValue": "Delhi", "willContinue": True}],
             "willContinue": True}),
    _vertex({"partialArgs": [{"jsonPath": "$.location", "stringValue": ""}], "willContinue": True}),
    _vertex({}, "STOP"),
]


@pytest.mark.parametrize("dialect", [None, "gemini"])
def test_a_vertex_stream_of_partial_arguments_checkpointed_anywhere_reads_as_unbroken(dialect: Optional[str]) -> None:
    whole = _same_at_every_cut(VERTEX_CHUNKS, dialect)
    assert whole[-2] == [ToolCall("get_weather", {"location": "New Delhi"})]


@pytest.mark.parametrize("dialect", [None, "anthropic.messages"])
@pytest.mark.parametrize("size", [23, 64, 4096])
def test_an_anthropic_sse_stream_checkpointed_anywhere_reads_as_unbroken(dialect: Optional[str], size: int) -> None:
    body = ANTHROPIC_SSE.encode()
    pieces = [body[i : i + size] for i in range(0, len(body), size)]  # cut inside lines and events too
    whole = _same_at_every_cut(pieces, dialect)
    assert whole[-2] == [ANTHROPIC_CALL]
    assert whole[-1][3] == "Okay, let's check the weather for San Francisco, CA:" and whole[-1][6] == "tool_use"


@pytest.mark.parametrize("dialect", [None, "openai.chat"])
@pytest.mark.parametrize("preview", [False, True])
def test_a_chat_stream_checkpointed_anywhere_reads_as_unbroken(dialect: Optional[str], preview: bool) -> None:
    whole = _same_at_every_cut(CHAT_CHUNKS, dialect, preview=preview)
    assert whole[-2] == [CHAT_CALL] and whole[-1][6] == "tool_calls"
    assert any(type(e) is ArgsDelta and (e.preview is not None) is preview for e in whole[3])


@pytest.mark.parametrize("dialect", [None, "gemini"])
def test_a_gemini_stream_checkpointed_anywhere_reads_as_unbroken(dialect: Optional[str]) -> None:
    whole = _same_at_every_cut(GEMINI_CHUNKS, dialect)
    assert whole[-2] == [ToolCall("set_light_values", {"brightness": 25, "color_temp": "warm"})]
    assert whole[-1][3] == "Let me check." and whole[-1][6] == "STOP"


def test_an_error_after_a_checkpoint_is_at_the_place_of_its_chunk() -> None:
    chunks = [*CHAT_CHUNKS[:3], {"choices": [{"index": 0, "delta": []}]}, *CHAT_CHUNKS[3:]]
    whole = _same_at_every_cut(chunks, "openai.chat")
    assert whole[3] == ("DecodeError", "Expected an object at $[3].choices[0].delta, got list: a container in "
                        "the wrong shape may hold calls", "$[3].choices[0].delta", "openai.chat")


def test_a_custom_registry_and_its_dialect_come_along_the_default_by_reference() -> None:
    reg = toolwire.default_registry().copy()
    chat = toolwire.get_dialect("openai.chat")  # a custom dialect of importable callables: pickled by value
    reg.register(toolwire.Dialect(**{**chat.__dict__, "name": "acme.chat", "aliases": (), "response": None,
                                     "response_envelope": None, "history": None}), first=True)
    whole = _same_at_every_cut(CHAT_CHUNKS, registry=reg)
    assert whole[-2] == [CHAT_CALL] and whole[-1][0] == "acme.chat"  # detected as the registry's own
    again = pickle.loads(pickle.dumps(Accumulator(registry=reg)))
    assert again._registry is not reg and again._registry.names() == reg.names()
    # the default registry is the unpickling process's own, not a copy of it
    assert pickle.dumps(Accumulator(registry=toolwire.default_registry())) == pickle.dumps(Accumulator())
    assert copy.deepcopy(Accumulator(registry=toolwire.default_registry()))._streams() is \
        Accumulator()._streams()


def test_a_checkpointed_accumulator_is_its_own() -> None:
    acc = Accumulator()
    for chunk in CHAT_CHUNKS[:4]:
        acc.feed(chunk)
    again = copy.deepcopy(acc)
    for chunk in CHAT_CHUNKS[4:]:
        again.feed(chunk)
    assert again.close() == [CHAT_CALL] and not acc.closed and acc.calls == []  # the original is untouched
    for chunk in CHAT_CHUNKS[4:]:
        acc.feed(chunk)
    assert acc.close() == [CHAT_CALL]


# OpenAI Responses streaming (platform.openai.com/docs/api-reference/responses-streaming,
# checked 2026-12-06) with ``phase`` messages (openai-python ``ResponseOutputMessage.phase``:
# "commentary" or "final_answer"): a commentary message, a function call, a message whose
# ``phase`` comes with its done item only (re-read as commentary), the final answer
def _message(i: int, phase: Optional[str], text: Optional[str] = None) -> Dict[str, Any]:
    item: Dict[str, Any] = {"id": f"msg_{i}", "type": "message", "role": "assistant",
                            "status": "in_progress" if text is None else "completed",
                            "content": [] if text is None else [{"type": "output_text", "text": text,
                                                                 "annotations": []}]}
    if phase is not None:
        item["phase"] = phase
    return item


def _text_delta(i: int, delta: str) -> Dict[str, Any]:
    return {"type": "response.output_text.delta", "item_id": f"msg_{i}", "output_index": i, "content_index": 0,
            "delta": delta}


def _item(kind: str, i: int, item: Dict[str, Any]) -> Dict[str, Any]:
    return {"type": f"response.output_item.{kind}", "output_index": i, "item": item}


def _function_call(arguments: str, status: str) -> Dict[str, Any]:
    return {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather",
            "arguments": arguments, "status": status}


COMMENT, LATER, ANSWER = "I'll check the weather in Paris first.", "Then Lyon.", "It is 21 °C and sunny in Paris."
ARGS = '{"city":"Paris"}'
RESPONSES_OUTPUT = [_message(0, "commentary", COMMENT), _function_call(ARGS, "completed"),
                    _message(2, "commentary", LATER), _message(3, "final_answer", ANSWER)]
RESPONSES_COMMENTARY = [
    {"type": "response.created", "response": {"id": "resp_1", "object": "response", "status": "in_progress",
                                              "model": "gpt-5.3-codex", "output": []}},
    _item("added", 0, _message(0, "commentary")),
    {"type": "response.content_part.added", "item_id": "msg_0", "output_index": 0, "content_index": 0,
     "part": {"type": "output_text", "text": "", "annotations": []}},
    _text_delta(0, "I'll check "), _text_delta(0, "the weather"), _text_delta(0, " in Paris first."),
    {"type": "response.output_text.done", "item_id": "msg_0", "output_index": 0, "content_index": 0,
     "text": COMMENT},
    _item("done", 0, RESPONSES_OUTPUT[0]),
    _item("added", 1, _function_call("", "in_progress")),
    {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 1, "delta": '{"city"'},
    {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 1, "delta": ':"Paris"}'},
    {"type": "response.function_call_arguments.done", "item_id": "fc_1", "output_index": 1, "arguments": ARGS},
    _item("done", 1, RESPONSES_OUTPUT[1]),
    _item("added", 2, _message(2, None)), _text_delta(2, "Then "), _text_delta(2, "Lyon."),
    _item("done", 2, RESPONSES_OUTPUT[2]),
    _item("added", 3, _message(3, "final_answer")), _text_delta(3, "It is 21 °C"),
    _text_delta(3, " and sunny in Paris."), _item("done", 3, RESPONSES_OUTPUT[3]),
    {"type": "response.completed", "response": {"id": "resp_1", "object": "response", "status": "completed",
                                                "model": "gpt-5.3-codex", "output": RESPONSES_OUTPUT}},
]


@pytest.mark.parametrize("dialect", [None, "openai.responses"])
@pytest.mark.parametrize("watch", [False, True])
def test_a_responses_stream_with_commentary_checkpointed_anywhere_reads_as_unbroken(dialect: Optional[str],
                                                                                    watch: bool) -> None:
    # unread, the commentary's messages tell their lines of every piece: copy.deepcopy put
    # the pieces back before the lines could hear (AttributeError: 'Lines' object has no
    # attribute 'dirty')
    whole = _same_at_every_cut(RESPONSES_COMMENTARY, dialect, watch=watch)
    assert whole[-2] == [ToolCall("get_weather", {"city": "Paris"}, "call_1")]
    assert whole[-1][3:5] == (ANSWER, f"{COMMENT}\n{LATER}")


# the same stream resumed inside its first message's deltas after that message's done item
# (``responses.retrieve(id, stream=True, starting_after=N)``): the re-sent delta read keeps
# its place in the text (slotted: protocols 0 and 1 refused it)
RESPONSES_RESUMED = [*RESPONSES_COMMENTARY[:8], _text_delta(0, "the weather"), _text_delta(0, " in Paris first."),
                     *RESPONSES_COMMENTARY[8:]]


@pytest.mark.parametrize("dialect", [None, "openai.responses"])
def test_a_responses_stream_with_a_resent_delta_checkpointed_anywhere_reads_as_unbroken(
        dialect: Optional[str]) -> None:
    assert RESPONSES_RESUMED[7]["type"] == "response.output_item.done"
    whole = _same_at_every_cut(RESPONSES_RESUMED, dialect)
    assert whole[-2] == [ToolCall("get_weather", {"city": "Paris"}, "call_1")]
    assert whole[-1][3:5] == (ANSWER, f"{COMMENT}\n{LATER}")


# OpenAI-compatible Chat streams of a model whose reasoning comes inline in ``content``
# (``<think>`` blocks, DeepSeek-R1 and Qwen3 served without a reasoning parser); the text
# read once a tag came keeps its reads' state (slotted: protocols 0 and 1 refused it)
THINK_PIECES = [
    ["<think>", "The user wants", " the weather.</think>", "\n\nLet me check", " the weather."],
    ["Use `a<b` here. <think>plan", "</think> Then ", "<think>more</think>", " done <", "/p> and `x`"],
    ['{"answer": ', "<think>pick one</think>", ' "Paris"', "}"],
    ["Sure <think>a", "</think> b [1, ", "2] <think>c</think> d ", " ", "end"],
]


@pytest.mark.parametrize("pieces", THINK_PIECES, ids=range(len(THINK_PIECES)))
@pytest.mark.parametrize("watch", [False, True])
def test_a_chat_stream_with_think_tags_checkpointed_anywhere_reads_as_unbroken(pieces: List[str],
                                                                               watch: bool) -> None:
    chunks = [_chat({"role": "assistant", "content": ""}), *[_chat({"content": p}) for p in pieces], _chat({}, "stop")]
    whole = _same_at_every_cut(chunks, "openai.chat", watch=watch)
    if pieces is THINK_PIECES[0]:
        assert whole[-1][3] == "Let me check the weather."


def _reads(acc: Accumulator) -> Any:
    return acc.text, acc.commentary, acc.calls


@pytest.mark.parametrize("chunks", [RESPONSES_COMMENTARY, [_chat({"content": p}) for p in THINK_PIECES[1]]],
                         ids=["commentary", "think"])
def test_checkpoints_of_unread_commentary_and_think_reads_are_their_own(chunks: List[Any]) -> None:
    """Copies taken at every chunk (the last chunk before it not read), each fed the rest
    by turns with the original and the other copies, read after every chunk: each reads
    as one unbroken Accumulator (no list of what changed since a read shared between
    them)."""
    unbroken: List[Any] = []
    acc = Accumulator()
    for chunk in chunks:
        acc.feed(chunk)
        unbroken.append(_reads(acc))
    for cut in range(1, len(chunks)):
        acc = Accumulator()
        for i, chunk in enumerate(chunks[:cut]):
            acc.feed(chunk)
            if i == cut - 2:
                _reads(acc)  # read once, then a chunk not read
        copies = [how(acc) for how in _checkpoints()]
        for chunk, want in zip(chunks[cut:], unbroken[cut:]):
            for each in [acc, *copies]:
                each.feed(chunk)
                assert _reads(each) == want, cut
        for each in [acc, *copies]:
            assert _reads(each) == unbroken[-1]


def test_a_checkpoint_reads_on_from_its_last_read(monkeypatch: Any) -> None:
    """A copy's reads join the pieces that came since, as the original's do: its messages
    tell its own lines of their changes, its text read is of its own pieces."""
    from toolwire.stream import _pieces

    joined = [0]
    whole = _pieces.join_pieces

    def counting(parts: Any, start: int = 0) -> str:
        joined[0] += len(parts) - start
        return whole(parts, start)

    monkeypatch.setattr(_pieces, "join_pieces", counting)
    head = RESPONSES_COMMENTARY[:5]  # two pieces of commentary, the second not read yet
    tail = [_text_delta(0, f" {n}") for n in range(40)]
    for how in [None, *_checkpoints()]:
        acc = Accumulator("openai.responses")
        for chunk in head:
            acc.feed(chunk)
            _reads(acc)
        acc.feed(_text_delta(0, " unread"))
        if how is not None:
            acc = how(acc)
        joined[0] = 0
        for chunk in tail:
            acc.feed(chunk)
            assert acc.commentary.endswith(chunk["delta"])
        assert joined[0] == 41, how  # each piece once: the one unread and those after it


@given(tws.streams(), st.data(), st.booleans(), st.booleans())
@example(GEMINI_CHUNKS, None, False, False).via("discovered failure")  # a reader without a loop of its own
def test_any_stream_checkpointed_at_any_chunk_reads_as_unbroken(chunks: List[Any], data: Any, named: bool,
                                                                preview: bool) -> None:
    cut = len(chunks) // 2 if data is None else data.draw(st.integers(0, len(chunks)), label="cut")
    dialect = toolwire.stream.detect_stream(chunks[0]) if named and type(chunks[0]) is dict else None
    whole = _read(chunks, None, None, dialect, preview=preview)
    for how in (partial(_pickled, pickle.HIGHEST_PROTOCOL), copy.deepcopy):
        got = _read(chunks, cut, how, dialect, preview=preview)
        assert got[:cut] + got[cut + 1:] == whole


# --- a TextParser part-way through a model's text pickles and copies as an Accumulator does:
# the copy fed the rest gives the events and result of one unbroken parse -------------------

TEXT_OUTPUTS = [
    # Hermes (NousResearch Hermes-2-Pro / Qwen2.5 chat template)
    ("text.hermes", 'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n'
                    '</tool_call>'),
    # Mistral v11 and v13 (mistral-common _prepare_function_call), a [THINK] block (Magistral)
    ("text.mistral", '[THINK]Two calls.[/THINK][TOOL_CALLS]get_weather[CALL_ID]Ab3dE9xYz[ARGS]{"city": "Paris"}'
                     '[TOOL_CALLS]get_time[ARGS]{"tz": "UTC"}'),
    # Qwen3-Coder XML (its chat template), after a <think> block
    ("text.qwen3-xml", "<think>\nThe user wants the weather.\n</think>\n\n<tool_call>\n<function=get_weather>\n"
                       "<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>"),
    # a cut-off Hermes call (no closer): the end settles it
    ("text.hermes", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Par'),
    # held reasoning: a call in a block that never closes is the answer; one in a block that
    # closes later is reasoning (vLLM's Qwen3 and Command R7B parsers; text/_modes.py)
    ("text.qwen3-xml", "<think>I need the weather.\n<tool_call>\n<function=get_weather>\n<parameter=city>\n"
                       "Paris\n</parameter>\n</function>\n</tool_call>"),
    ("text.command-r", '<|START_THINKING|>maybe <|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", '
                       '"parameters": {"a": "<|END_THINKING|>"}}]<|END_ACTION|> no.<|END_THINKING|>Hi'),
]


def _text_read(dialect: str, text: str, cut: Optional[int], how: Any, finish: Optional[str]) -> Any:
    p = TextParser(dialect)
    seen: List[Any] = []
    for at in range(len(text) + 1):
        if at == cut:
            p = how(p)
        if at < len(text):
            seen.append(p.feed(text[at]))
    seen.append(p.close(finish))
    seen.append(p.events())
    return seen


@pytest.mark.parametrize(("dialect", "text"), TEXT_OUTPUTS)
@pytest.mark.parametrize("finish", [None, "stop", "length"])
def test_a_text_parser_checkpointed_anywhere_reads_as_unbroken(dialect: str, text: str,
                                                               finish: Optional[str]) -> None:
    whole = _text_read(dialect, text, None, None, finish)
    for cut in range(len(text) + 1):
        for how in [partial(_pickled_text, p) for p in PROTOCOLS] + [copy.deepcopy]:
            assert _text_read(dialect, text, cut, how, finish) == whole, (cut, how)


def _pickled_text(protocol: int, p: TextParser) -> TextParser:
    again = pickle.loads(pickle.dumps(p, protocol))
    assert type(again) is TextParser and again is not p
    return again


def test_a_checkpointed_text_parser_is_its_own() -> None:
    text = TEXT_OUTPUTS[0][1]
    p = TextParser("text.hermes")
    p.feed(text[:30])
    again = copy.deepcopy(p)
    again.feed(text[30:])
    assert [c.name for c in again.close("stop").tool_calls] == ["get_weather"]
    assert p.events() == []  # the original is untouched: it goes on from where it was
    p.feed(text[30:])
    assert p.close("stop") == again.close()


# --- a dialect or text format derived from a built-in (``dataclasses.replace``) pickles with
# the standard ``pickle``: no built-in record holds a lambda or a local function -------------

GOLDENS = Path(__file__).resolve().parent / "goldens"


def _golden_cases(dialect: str) -> List[Dict[str, Any]]:
    out = []
    for path in sorted(GOLDENS.glob("*.json")):
        data = json.loads(path.read_text("utf-8"))
        out += [c for c in data["cases"] if c.get("dialect", data["dialect"]) == dialect]
    return out


def _outcome(fn: Any, *args: Any, **kw: Any) -> Any:
    try:
        return fn(*args, **kw)
    except toolwire.ToolwireError as exc:
        return type(exc), str(exc)


def _behaviour(d: toolwire.Dialect, registry: Optional[toolwire.Registry] = None, rewrite: bool = True) -> List[Any]:
    """What *d* makes of its dialect's golden payloads (written from the provider docs),
    with its own name spelt as the built-in's; *rewrite*: a decoded history written back
    (exact for the dialect it came from, by name: a copy writes it afresh)."""
    name = d.name.removeprefix("copy.")
    cases = [c for c in _golden_cases(name) if c["kind"] != "text"] or [{"kind": "call", "wire": {"name": "f", "arguments": "{}"}},
                                    {"kind": "tool", "wire": {"name": "f"}}, {"kind": "result", "wire": {}}]
    got: List[Any] = []
    for case in cases:
        wire, kind = case["wire"], case["kind"]
        if kind == "call":
            call = _outcome(toolwire.decode, wire, d)
            got += [call, _outcome(toolwire.encode, call if type(call) is ToolCall else CALL, d)]
        elif kind == "tool":
            tool = _outcome(toolwire.decode_tool, wire, d)
            got += [tool, _outcome(toolwire.encode_tool, tool if type(tool) is toolwire.Tool else toolwire.Tool("f"), d)]
        elif kind == "result":
            result = _outcome(toolwire.decode_result, wire, d)
            got += [result, _outcome(toolwire.encode_result, result if type(result) is toolwire.ToolResult
                                     else toolwire.ToolResult("c", content="ok"), d)]
        elif kind == "message":
            calls = _outcome(toolwire.decode_all, wire, d)
            got += [calls, _outcome(toolwire.encode_message, [CALL], d, content="hi")]
            if d.response is not None and registry is not None:
                r = _outcome(toolwire.response.normalize, wire, provider=d.name, registry=registry)
                got.append(r if type(r) is tuple else (r.text, r.reasoning, r.finish_reason, r.tool_calls, r.usage))
        elif kind == "stream":
            got.append(_outcome(toolwire.stream.accumulate, wire, d))
        elif kind == "history":
            conv = _outcome(toolwire.conversation.decode_conversation, wire, d)
            got += [conv] + ([_outcome(toolwire.conversation.encode_conversation, conv, d)] if rewrite else [])
    return [repr(g).replace("copy." + name, name).replace("an " + name, "a " + name) for g in got]  # (its article)


@pytest.mark.parametrize("dialect", list(toolwire.default_registry()), ids=lambda d: d.name)
def test_a_dialect_replaced_from_a_built_in_pickles_and_decodes_as_the_built_in(dialect: toolwire.Dialect) -> None:
    own = replace(dialect, name="copy." + dialect.name, aliases=())
    reg = toolwire.default_registry().copy()
    reg.register(own)
    assert _behaviour(own, reg, rewrite=False) == _behaviour(dialect, toolwire.default_registry(), rewrite=False)
    want, want_read = _behaviour(own), _behaviour(own, reg)
    for p in PROTOCOLS:
        again = pickle.loads(pickle.dumps(own, p))
        assert type(again) is toolwire.Dialect and again.name == own.name and again is not own
        assert _behaviour(again) == want
        back = pickle.loads(pickle.dumps(reg, p))  # a registry holding it: by value
        assert _behaviour(back.get(own.name), back) == want_read
    assert _behaviour(copy.deepcopy(own)) == want
    for case in _golden_cases(dialect.name):  # a stream of the copy checkpointed part-way
        if case["kind"] == "stream":
            whole = _same_at_every_cut(case["wire"], own.name, registry=reg)
            assert repr(whole).replace("copy." + dialect.name, dialect.name) == repr(_read(case["wire"], None, None,
                                                                                         dialect.name))


# a format's machine pickled by value: every protocol (its marker tables are slotted
# objects, which protocols 0 and 1 refuse unless they say how to rebuild them)
BY_VALUE = range(pickle.HIGHEST_PROTOCOL + 1)


def _custom_text_format() -> Any:
    """A text format of one's own from the documented parts: module-level functions and
    ``closed_think_modes``."""
    from toolwire.text._core import BodyMode
    from toolwire.text._format import TextFormat
    from toolwire.text._kit import body, stay
    from toolwire.text._modes import closed_think_modes
    from toolwire.text.hermes import _parse

    call = BodyMode(_parse, ends=("</fn>",), quotes=(('"', '"', True),))
    content, _, start = closed_think_modes({"<fn>": body(call), "</fn>": stay}, "<reason>", "</reason>")
    call.next = content
    return TextFormat(name="acme.text", start=start, encode_calls=_encode_none)


def _encode_none(calls: Any, variant: Optional[str]) -> str:
    return ""


ACME_TEXT = '<reason>Look it up.</reason>Sure.<fn>{"name": "get_weather", "arguments": {"city": "Paris"}}</fn>done'


def test_a_text_format_of_ones_own_pickles_and_its_parser_checkpoints_anywhere() -> None:
    fmt = _custom_text_format()
    whole = fmt.decode(ACME_TEXT)
    assert whole.content == "Sure.\ndone" and whole.reasoning == "Look it up."
    assert [(c.name, c.args) for c in whole.tool_calls] == [("get_weather", {"city": "Paris"})]
    for p in BY_VALUE:
        assert pickle.loads(pickle.dumps(fmt, p)).decode(ACME_TEXT) == whole
    for cut in range(len(ACME_TEXT) + 1):
        for how in [partial(_pickled_text, p) for p in BY_VALUE] + [copy.deepcopy]:
            parser = fmt.parser()
            seen = [parser.feed(ACME_TEXT[:cut])]
            parser = how(parser)
            seen += [parser.feed(ACME_TEXT[cut:]), parser.close(), parser.events()]
            unbroken = fmt.parser()
            assert seen == [unbroken.feed(ACME_TEXT[:cut]), unbroken.feed(ACME_TEXT[cut:]), unbroken.close(),
                            unbroken.events()], (cut, how)


@pytest.mark.parametrize("dialect", [d for d in toolwire.dialect_names() if d.startswith("text.")])
def test_a_text_format_replaced_from_a_built_in_pickles_and_decodes_as_the_built_in(dialect: str) -> None:
    from toolwire.text._table import format_named

    fmt = format_named(dialect)
    own = replace(fmt, name="copy." + dialect)
    texts = [c["wire"] for c in _golden_cases("text") if c.get("dialect") == dialect] + [
        t for d, t in TEXT_OUTPUTS if d == dialect] + ["plain answer <think>a</think> b"]
    want = [repr(fmt.decode(t, finish_reason="stop")) for t in texts]
    for p in BY_VALUE:
        for f in (pickle.loads(pickle.dumps(fmt, p)), pickle.loads(pickle.dumps(own, p))):
            assert [repr(f.decode(t, finish_reason="stop")).replace("copy." + dialect, dialect) for t in texts] == want


def test_a_checkpoint_of_a_text_format_of_ones_own_is_forgotten_with_it() -> None:
    import gc

    from toolwire.text import _checkpoint

    parser = _custom_text_format().parser()
    parser.feed(ACME_TEXT[:20])
    saved = pickle.dumps(parser)
    pickle.loads(saved).close()
    gc.collect()
    known = len(_checkpoint._MACHINES)
    for _ in range(5):  # each load brings a format (and its machine) of its own
        again = pickle.loads(saved)
        again.feed(ACME_TEXT[20:])
        assert [c.name for c in again.close().tool_calls] == ["get_weather"]
    del again
    gc.collect()
    assert len(_checkpoint._MACHINES) == known
