"""Values pickle (every protocol), copy and deepcopy, equal and of the same types: the
README's "toolwire's functions, values and errors pickle" (Dask, PySpark, process pools).
The call values themselves: ``test_values``."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from typing import Any, List

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire
from toolwire import InvalidToolCall, ToolCall
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
