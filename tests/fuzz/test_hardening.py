"""Hostile input: only ``ToolwireError`` escapes, for every decoder. Each bug the fuzz
kit found is an ``@example`` here (see docs/fuzzing.md)."""

from __future__ import annotations

import contextlib
import json
from typing import Any, Callable, List

import pydantic
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire
from toolwire import strategies as tws
from toolwire._types import new_call
from toolwire.stream import Accumulator, accumulate


def _cyclic_list() -> List[Any]:
    x: List[Any] = []
    x.append(x)
    return x


def _cyclic_twice() -> List[Any]:
    x: List[Any] = []
    x.extend([x, x])
    return x


def _cyclic_args() -> Any:
    args: Any = {"a": 1}
    args["self"] = args
    return {"name": "f", "args": args}


def _cyclic_response() -> Any:
    resp: Any = {"choices": [{"message": None}]}
    resp["choices"][0]["message"] = resp
    return resp


def _deep(n: int) -> Any:
    root: Any = {}
    cur = root
    for _ in range(n):
        cur["a"] = {}
        cur = cur["a"]
    return root


def _deep_list(n: int) -> Any:
    root: List[Any] = []
    cur = root
    for _ in range(n):
        nxt: List[Any] = []
        cur.append(nxt)
        cur = nxt
    return root


class Boom:
    """Every attribute access raises."""

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError("boom")


class BadDump:
    def model_dump(self, *a: Any, **k: Any) -> Any:
        raise RuntimeError("no dump")


class SelfDump:
    def model_dump(self, *a: Any, **k: Any) -> Any:
        return {"me": self}


class BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class BadGet(dict):  # type: ignore[type-arg]
    """A dict subclass whose ``get`` raises (#16 item 6; more in test_odd_mappings.py)."""

    def get(self, *a: Any) -> Any:
        raise RuntimeError("get")


def _self_content() -> Any:
    msg: Any = {"role": "assistant", "content": []}
    msg["content"].append(msg)
    return msg


class MockValSerModel(pydantic.BaseModel):
    x: int = 1

    def model_dump(self, *a: Any, **k: Any) -> Any:
        raise TypeError("'MockValSer' object cannot be converted to 'SchemaSerializer'")


def _decoders() -> List[Callable[[Any], Any]]:
    return [
        toolwire.decode,
        toolwire.decode_all,
        lambda x: toolwire.decode_all(x, invalid="keep", include_server=True, allow_truncated=True),
        toolwire.detect,
        toolwire.explain,
        toolwire.decode_tool,
        toolwire.decode_result,
        lambda x: toolwire.convert(x, "openai.chat"),
        lambda x: toolwire.convert(x, "gemini"),
        lambda x: accumulate([x]),
        lambda x: accumulate(x if isinstance(x, list) else [x], "anthropic.messages", preview=True),
        lambda x: Accumulator("openai.chat", preview=True).feed(x),
        lambda x: toolwire.decode_text(x, "text.hermes"),
        lambda x: toolwire.ToolCalls.__get_pydantic_core_schema__ and toolwire.decode_all(x, "canonical"),
    ]


def _only_toolwire_errors(value: Any) -> None:
    for fn in _decoders():
        with contextlib.suppress(toolwire.ToolwireError):
            fn(value)


hostile = st.sampled_from(
    [Boom(), BadDump(), SelfDump(), BadRepr(), MockValSerModel(), {1, 2}, 1j, float("nan"), int, len, ...]
) | st.builds(lambda v: {"name": "f", "args": {"v": v}}, st.sampled_from([{1}, b"x", 1j, BadRepr(), 10**5000]))


@given(value=hostile | tws.json_values() | tws.corrupted(tws.payloads(text=True)))
# found by the fuzz kit: raw lone surrogates made pydantic-core raise TypeError
@example(value="\ud800")
@example(value='{"name": "f", "args": {}, "x": "\ud800"}')
@example(value={"name": "f", "args": '{"a": "\ud800"}'})
@example(value=['{"a": "\ud800"}'])
@example(value={"id": "c", "function": {"name": "f", "arguments": '{"a": "\ud800"'}})
# a list or response containing itself: walk looped forever, convert/accumulate recursed
@example(value=_cyclic_list())
@example(value=_cyclic_twice())
@example(value=_cyclic_response())
# an argument object that contains itself / is not JSON: accepted, then encoders crashed
@example(value=_cyclic_args())
@example(value={"name": "f", "args": {"a": {1, 2}}})
@example(value={"name": "f", "args": {"a": 10**5000}})
@example(value={"name": "f", "args": {1: "int key"}})
# attribute access raising inside a stream chunk
@example(value=Boom())
# odd mappings escaped as RuntimeError from decode*, normalize (#16 item 6); a message
# whose content holds itself gave [] (#15 item 10)
@example(value=BadGet(name="f", args={}))
@example(value={"choices": [{"message": BadGet(role="assistant")}]})
@example(value=_self_content())
def test_hostile_values_raise_only_toolwire_errors(value: Any) -> None:
    _only_toolwire_errors(value)


def test_lone_surrogates_are_toolwire_errors() -> None:
    """Raw lone surrogates made pydantic-core raise ``TypeError``; they are refused as no
    UTF-8 text can carry them (an HTTP client failed on them when the history was sent)."""
    raw = {"id": "c", "function": {"name": "f", "arguments": '{"a": "\ud800"}'}}
    with pytest.raises(toolwire.ArgumentsError, match="lone UTF-16 surrogate"):
        toolwire.decode(raw)
    [cut] = accumulate([json.dumps({"type": "message_start", "message": {}})])  # no stop_reason came: unfinished
    assert cut.name is None and "ended before the reply finished" in cut.error
    with pytest.raises(toolwire.EncodeError):
        toolwire.encode(new_call("f", {"a": "\ud800x"}, "c"), "openai.chat")
    with pytest.raises(toolwire.ToolwireError):
        list(toolwire.stream.encode_stream([new_call("f", {"a": "\ud800x"}, "c")],
                                           "openai.chat", split=3))


@pytest.mark.parametrize("make", [_cyclic_list, _cyclic_twice, _cyclic_response])
def test_containers_that_contain_themselves(make: Callable[[], Any]) -> None:
    with pytest.raises(toolwire.DecodeError, match="a cycle"):
        toolwire.decode_all(make())


def test_argument_objects_must_be_json() -> None:
    with pytest.raises(toolwire.ArgumentsError, match="nested deeper than the limit of 200 .or contain themselves"):
        toolwire.decode(_cyclic_args())
    with pytest.raises(toolwire.ArgumentsError, match="hold a set value, which is not JSON"):
        toolwire.decode({"type": "tool_use", "id": "t", "name": "f", "input": {"a": {1}}})
    with pytest.raises(toolwire.ArgumentsError, match="key that is not a string"):
        toolwire.decode({"functionCall": {"name": "f", "args": {"a": {2: 1}}}})
    for bad in (float("nan"), float("inf"), -float("inf")):  # refused in text too: the same rule
        with pytest.raises(toolwire.ArgumentsError, match="which is not JSON .NaN and infinity") as exc:
            toolwire.decode({"type": "tool_use", "id": "t", "name": "f", "input": {"a": bad}})
        assert exc.value.loc == "$.input"
        with pytest.raises(toolwire.ArgumentsError, match="which is not JSON"):
            toolwire.decode({"name": "f", "args": {"a": [1.5, {"b": bad}]}})
        with pytest.raises(toolwire.ArgumentsError, match="which is not JSON"):
            toolwire.decode({"function": {"name": "f", "arguments": {"a": bad}}}, "ollama")
    with pytest.raises(toolwire.ArgumentsError):
        toolwire.decode({"id": "c", "function": {"name": "f", "arguments": '{"a": NaN}'}})
    assert toolwire.decode({"name": "f", "args": {"a": 1.5, "b": [-0.0, 1e308]}}).args == {"a": 1.5, "b": [-0.0, 1e308]}
    assert toolwire.decode({"name": "f", "args": {"a": (1, 2)}}).args == {"a": [1, 2]}  # an array: a list
    assert toolwire.decode({"name": "f", "args": {"a": 1}}, max_depth=1).args == {"a": 1}
    with pytest.raises(toolwire.ArgumentsError):
        toolwire.decode({"name": "f", "args": {"a": {"b": 1}}}, max_depth=1)


def _not_json_args() -> List[Any]:
    cyclic: Any = {}
    cyclic["me"] = cyclic
    return [
        ({"a": {1}}, "$.args.a"),
        ({"a": float("nan")}, "$.args.a"),
        ({"a": [1, {"b": float("inf")}]}, "$.args.a[1].b"),
        ({"a": object()}, "$.args.a"),
        ({1: 2}, "$.args"),
        (cyclic, "$.args.me"),
    ]


@pytest.mark.parametrize("dialect", toolwire.dialect_names())
def test_encoders_raise_encode_errors_for_values_that_are_not_json(dialect: str) -> None:
    """Args are held as given, so a call changed after it was built (or built unchecked)
    can hold what JSON cannot: every dialect raises an EncodeError at the place, never
    returns a payload that is not JSON (anthropic.messages, gemini, mcp, bedrock.converse,
    ollama and canonical returned the set / NaN / object as it was)."""
    for bad, loc in _not_json_args():
        with pytest.raises(toolwire.DecodeError) as refused:  # the checked constructor refuses it
            toolwire.ToolCall("f", bad, "call_1")
        assert refused.value.loc == loc
        changed = toolwire.ToolCall("f", {}, "call_1")
        changed.args.update(bad)  # the public way in: args are not copied
        for call in (changed, new_call("f", bad, "call_1")):
            with pytest.raises(toolwire.EncodeError) as exc:
                toolwire.encode(call, dialect)
            assert exc.value.loc == (loc.replace("$.args.me", "$.args.me.me") if call is changed else loc)
            assert exc.value.dialect == dialect
            assert exc.value.message.startswith("Cannot encode ToolCall(name='f', ")
            assert f" as {dialect}: ToolCall args at {exc.value.loc} " in exc.value.message


def test_encode_error_messages_are_pinned() -> None:
    with pytest.raises(toolwire.EncodeError) as exc:
        toolwire.encode(new_call("f", {"a": {1}}, "toolu_1"), "anthropic.messages")
    assert exc.value.message == (
        "Cannot encode ToolCall(name='f', args={'a': {1}}, id='toolu_1') as anthropic.messages: "
        "ToolCall args at $.args.a holds {1} (set), which is not JSON"
    )
    assert exc.value.loc == "$.args.a"
    with pytest.raises(toolwire.EncodeError) as exc:
        toolwire.encode(new_call("f", {"a": float("nan")}, None), "gemini")
    assert exc.value.message == (
        "Cannot encode ToolCall(name='f', args={'a': nan}, id=None) as gemini: "
        "ToolCall args at $.args.a holds nan, which JSON cannot carry"
    )


def test_encoders_raise_encode_errors_for_an_int_too_long_to_write() -> None:
    call = new_call("f", {"a": 10**5000}, None)
    for d in ("openai.chat", "openai.responses", "mistral", "cohere.v2", "text.hermes"):
        with pytest.raises(toolwire.EncodeError):
            toolwire.encode(call, d)


def test_encode_keeps_json_args_that_are_not_flat() -> None:
    call = toolwire.ToolCall("f", {"a": [1.5, {"b": None, "c": [True, "x"]}], "t": -0.0}, "toolu_1")
    assert toolwire.encode(call, "anthropic.messages") == {
        "type": "tool_use",
        "id": "toolu_1",
        "name": "f",
        "input": {"a": [1.5, {"b": None, "c": [True, "x"]}], "t": -0.0},
    }
    tupled = new_call("f", {"a": (1, 2)}, None)  # decode keeps a tuple given as data; JSON writes it as an array
    assert toolwire.encode(tupled, "openai.chat")["function"]["arguments"] == '{"a":[1,2]}'
    assert toolwire.encode(tupled, "gemini") == {"functionCall": {"name": "f", "args": {"a": (1, 2)}}}


# --- size and depth: a few big cases each -------------------------------------------

DEEP = 10_000


@pytest.mark.parametrize(
    "value",
    [
        _deep(DEEP),
        _deep_list(DEEP),
        {"tool_calls": _deep_list(DEEP)},
        {"name": "f", "args": _deep(DEEP)},
        {"type": "tool_use", "id": "t", "name": "f", "input": _deep(DEEP)},
        {"functionCall": {"name": "f", "args": _deep(DEEP)}},
        {"toolUse": {"toolUseId": "t", "name": "f", "input": _deep(DEEP)}},
        {"name": "f", "args": '{"a":' * DEEP + "1" + "}" * DEEP},
        {"name": "f", "args": '{"a":' * DEEP},
        {"name": "f", "args": "[" * DEEP + "]" * DEEP},
        '{"a":' * DEEP + "1" + "}" * DEEP,
        "[" * DEEP + "]" * DEEP,
        {"id": "c", "function": {"name": "f", "arguments": json.dumps(json.dumps({"a": 1}))[:-1] + "[" * DEEP}},
    ],
    ids=lambda v: "deep",
)
def test_nesting_depth_10000(value: Any) -> None:
    _only_toolwire_errors(value)


def test_deep_arguments_are_refused_with_a_clear_error() -> None:
    with pytest.raises(toolwire.ArgumentsError, match="nested deeper than the limit of 200"):
        toolwire.decode({"type": "tool_use", "id": "t", "name": "f", "input": _deep(DEEP)})
    with pytest.raises(toolwire.ArgumentsError, match="nested deeper than the limit of 200"):
        toolwire.decode({"name": "f", "args": '{"a":' * DEEP + "1" + "}" * DEEP})


BIG = "x" * (10 * 1024 * 1024)


@pytest.mark.parametrize(
    "args",
    [json.dumps({"a": BIG}), "{'a': '" + BIG, '{"a": "' + BIG + '"},', "{" + BIG, BIG],
    ids=["valid", "unclosed", "trailing", "garbage", "bare"],
)
def test_ten_megabyte_argument_strings(args: str) -> None:
    try:
        call = toolwire.decode({"id": "c", "function": {"name": "f", "arguments": args}})
    except toolwire.ArgumentsError as exc:
        assert len(exc.message) < 400  # the message quotes an excerpt, not the input
    else:
        assert call.args == {"a": BIG}


def test_repair_input_is_bounded() -> None:
    text = "{" + "".join(f"'a{i}': 1, " for i in range(20_000)) + "'z': 1}"  # repairable, over max_repair_bytes
    with pytest.raises(toolwire.ArgumentsError, match="too long to repair"):
        toolwire.decode({"name": "f", "args": text})
    assert toolwire.decode({"name": "f", "args": "{'a': 1,}"}).repairs == ("json-repair",)


def test_hundred_thousand_parallel_calls() -> None:
    n = 100_000
    calls = [{"id": f"call_{i}", "type": "function", "function": {"name": "f", "arguments": "{}"}} for i in range(n)]
    got = toolwire.decode_all({"role": "assistant", "content": None, "tool_calls": calls})
    assert len(got) == n and got[-1].id == f"call_{n - 1}"


def test_walk_opens_each_container_once() -> None:
    """Linear: the walk sniffs each item a bounded number of times (counted, not timed)."""
    seen = {"n": 0}
    base = toolwire.get_dialect("openai.chat")

    def counting(data: Any) -> Any:
        seen["n"] += 1
        return base.sniff(data)

    reg = toolwire.Registry((toolwire.Dialect(**{**base.__dict__, "sniff": counting}),))
    for n in (100, 1000):
        seen["n"] = 0
        msg = {"role": "assistant", "tool_calls": [
            {"id": f"c{i}", "type": "function", "function": {"name": "f", "arguments": "{}"}} for i in range(n)]}
        assert len(toolwire.decode_all(msg, registry=reg)) == n
        assert seen["n"] <= 2 * n + 2


def test_self_containing_and_shared_argument_objects_stay_linear() -> None:
    # a list holding itself twice: a naive depth walk doubles at every level (2**200)
    wide: list = []
    wide.append(wide)
    wide.append(wide)
    with pytest.raises(toolwire.ArgumentsError, match="contain themselves"):
        toolwire.decode({"type": "tool_use", "id": "t", "name": "f", "input": {"a": wide}})
    # a value shared 30 levels deep (2**30 paths, 30 distinct lists) is checked once each
    shared: list = [1]
    for _ in range(30):
        shared = [shared, shared]
    call = toolwire.decode({"type": "tool_use", "id": "t", "name": "f", "input": {"a": shared}})
    assert call.args["a"] is shared


def test_wide_hostile_dicts_leave_no_memory_behind() -> None:
    """The plan remembers shapes; a dict with thousands of free-form keys is planned
    but not remembered, so memory stays bounded whatever the payloads (#16 item 4)."""
    import gc
    import tracemalloc

    toolwire.decode({"id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}})  # warm up
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for i in range(20):
        wide = {f"k{i}_{j}": j for j in range(5_000)}
        with pytest.raises(toolwire.DecodeError, match="matches no known dialect"):
            toolwire.decode(wide)
        del wide
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert kept < 200_000, kept  # each remembered shape would keep ~40 KB
