"""Invariants of DESIGN.md, property-tested over every registered dialect (numbers as there)."""

from __future__ import annotations

import contextlib
import json
import math
from typing import Any, Dict, List, Tuple

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire
from toolwire import strategies as tws
from toolwire import stream

DIALECTS = [n for n in toolwire.dialect_names() if not n.startswith("text.")]

args_st = tws.arguments()


@st.composite
def dialect_and_call(draw: Any) -> Any:
    d = toolwire.get_dialect(draw(st.sampled_from(DIALECTS)))
    return d, draw(tws.tool_calls(d))


def _same_json(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@given(dialect_and_call())
def test_round_trip_canonical_side(dc: Any) -> None:
    d, call = dc
    wire = toolwire.encode(call, d.name)
    back = toolwire.decode(wire, d.name)
    assert back.name == call.name
    assert _same_json(back.args, call.args)
    if call.id is None and d.ids.required:  # synthesized: the target's own form (values: test_contracts.py)
        assert back.id is not None and d.ids.valid(back.id) and back.id.startswith(d.ids.prefix)
        assert len(back.id) == len(d.ids.prefix) + d.ids.length
    else:
        assert back.id == call.id
    # the detected dialect decodes it the same way
    assert toolwire.decode(wire).name == call.name


@given(dialect_and_call())
def test_encode_is_stable_through_json(dc: Any) -> None:
    d, call = dc
    wire = toolwire.encode(call, d.name)
    assert json.loads(json.dumps(wire)) == wire
    assert toolwire.encode(toolwire.decode(json.dumps(wire), d.name), d.name) == wire


@given(st.sampled_from(DIALECTS), st.data())
def test_tool_definitions_round_trip(name: str, data: Any) -> None:
    tool = data.draw(tws.tools(name))
    back = toolwire.decode_tool(toolwire.encode_tool(tool, name), name)
    assert (back.name, back.description, back.parameters) == (tool.name, tool.description, tool.parameters)


@given(st.sampled_from(DIALECTS), st.data())
def test_tool_results_round_trip(name: str, data: Any) -> None:
    result = data.draw(tws.tool_results(name))
    back = toolwire.decode_result(toolwire.encode_result(result, name), name)
    assert back.id == result.id
    text = back.content if isinstance(back.content, str) else "".join(
        p.get("text", "") for p in back.content
    )
    assert text == result.content


# --- only toolwire errors escape -------------------------------------------------------

anything = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text() | st.binary(max_size=10),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["id", "type", "function", "name", "arguments", "args", "tool_calls", "choices", "message", "role", "output", "input", "content", "call_id", "custom", "function_call", "messages"]) | st.text(max_size=5), inner, max_size=5),
    max_leaves=20,
)


def _only_toolwire_errors(fn: Any, *args: Any, **kw: Any) -> None:
    with contextlib.suppress(toolwire.ToolwireError):
        fn(*args, **kw)


@given(anything | tws.corrupted(tws.payloads(text=True)))
@example({"function": {"name": "f", "arguments": "{"}, "id": 1})
@example({"tool_calls": [{"function": None}]})
@example({"choices": [{"message": {"tool_calls": "x"}}]})
@example({"type": "function_call", "name": 5, "arguments": "{}", "call_id": "x"})
@example({"role": "assistant", "function_call": {"name": "f", "arguments": 3}})
def test_decoders_raise_only_toolwire_errors(value: Any) -> None:
    for fn in (toolwire.decode, toolwire.decode_all, toolwire.detect, toolwire.decode_tool, toolwire.decode_result):
        _only_toolwire_errors(fn, value)
        _only_toolwire_errors(fn, json.dumps(value, default=str))
    for d in DIALECTS:
        _only_toolwire_errors(toolwire.decode, value, d)
        _only_toolwire_errors(toolwire.decode_all, value, d, invalid="keep")


class _Weird:
    @property
    def function(self) -> Any:
        raise RuntimeError("attribute access fails")


class _Cycle:
    def __init__(self) -> None:
        self.me = self


@pytest.mark.parametrize("value", [_Weird(), _Cycle(), object(), math.pi, b"\xff\xfe", bytearray(b"{}"), {1, 2}])
def test_arbitrary_objects_raise_only_toolwire_errors(value: Any) -> None:
    for fn in (toolwire.decode, toolwire.decode_all, toolwire.detect):
        _only_toolwire_errors(fn, value)


def _roundtrip_args(args: Dict[str, Any]) -> Any:
    return toolwire.decode({"name": "f", "args": json.dumps(args)}).args


@given(args_st)
def test_argument_text_parses_like_json(args: Dict[str, Any]) -> None:
    assert _same_json(_roundtrip_args(args), args)


# --- 3. round trip, wire side: generated containers, results, tools and histories -----


def _dicts_in_order(value: Any) -> List[Dict[str, Any]]:
    """Every mapping inside *value*, in document order."""
    out: List[Dict[str, Any]] = []
    stack = [value]
    while stack:
        cur = stack.pop()
        if type(cur) is dict:
            out.append(cur)
            stack.extend(reversed(list(cur.values())))
        elif type(cur) is list:
            stack.extend(reversed(cur))
    return out


def _in_order(items: List[Any], seq: List[Any]) -> bool:
    rest = iter(seq)
    return all(any(x == y for y in rest) for x in items)


@given(tws.payloads(kind=("message", "response"), expected=True))
def test_calls_of_messages_and_responses_re_encode_exactly(p: Any) -> None:
    # DESIGN 3: encode(decode(p), d) gives p's call items back (ids, item ids, status,
    # thought signatures, argument text byte for byte), in the order p holds them
    calls = toolwire.decode_all(p.value, p.dialect)
    again = [toolwire.encode(c, p.dialect, position=i) for i, c in enumerate(calls)]
    assert _in_order(again, _dicts_in_order(p.value))


@given(tws.payloads(kind=("tool", "result"), expected=True))
def test_tool_and_result_payloads_re_encode_exactly(p: Any) -> None:
    if p.kind == "tool":
        assert toolwire.encode_tool(toolwire.decode_tool(p.value, p.dialect), p.dialect) == p.value
    else:
        assert toolwire.encode_result(toolwire.decode_result(p.value, p.dialect), p.dialect) == p.value


HISTORIES = [n for n in DIALECTS if toolwire.get_dialect(n).history is not None]


@given(st.sampled_from(HISTORIES), tws.conversations())
def test_histories_re_encode_exactly(dialect: str, conv: Any) -> None:
    wire = toolwire.encode_conversation(conv, dialect)
    assert toolwire.encode_conversation(toolwire.decode_conversation(wire, dialect), dialect) == wire


# --- 6. nothing silent ------------------------------------------------------------------


def _argument_texts(value: Any, calls: List[toolwire.ToolCall]) -> List[Tuple[Any, Any]]:
    """The (container, key) of each call's argument text inside *value*, in call order
    (``[]`` where the dialect writes arguments as an object)."""
    slots: List[Tuple[Any, Any]] = []
    stack: List[Tuple[Any, Any, Any]] = [(None, None, value)]
    while stack and len(slots) < len(calls):
        c, k, cur = stack.pop()
        if type(cur) is str and cur.startswith("{"):
            with contextlib.suppress(ValueError):
                if json.loads(cur) == calls[len(slots)].args:
                    slots.append((c, k))
        elif type(cur) is dict:
            stack.extend(reversed([(cur, key, v) for key, v in cur.items()]))
        elif type(cur) is list:
            stack.extend(reversed([(cur, i, v) for i, v in enumerate(cur)]))
    return slots if len(slots) == len(calls) else []


def _text_args(d: str) -> bool:
    probe = toolwire.ToolCall("f", {"a": 1}, "call_1")
    return bool(_argument_texts(toolwire.encode(probe, d), [probe]))


TEXT_ARGS = [n for n in DIALECTS if _text_args(n)]  # Chat, Responses, Mistral, Cohere


@given(tws.payloads(TEXT_ARGS, kind=tws.CALL_KINDS, expected=True), st.data())
def test_a_call_whose_arguments_were_cut_is_never_handed_over(p: Any, data: Any) -> None:
    slots = _argument_texts(p.value, p.expected)
    j = data.draw(st.integers(0, len(slots) - 1))
    c, k = slots[j]
    whole = c[k]
    c[k] = whole[: data.draw(st.integers(1, len(whole) - 1))]  # any proper prefix: no JSON object
    got = toolwire.decode_all(p.value, p.dialect, invalid="keep")
    assert [type(x) for x in got] == [toolwire.InvalidToolCall if i == j else toolwire.ToolCall
                                      for i in range(len(p.expected))]
    assert got[j].truncated and got[j].raw == c[k]
    assert [x for i, x in enumerate(got) if i != j] == [x for i, x in enumerate(p.expected) if i != j]
    with pytest.raises(toolwire.ArgumentsError) as raised:
        toolwire.decode_all(p.value, p.dialect)
    assert raised.value.truncated
    # allow_truncated keeps the complete prefix, says so, invents nothing
    kept = toolwire.decode_all(p.value, p.dialect, allow_truncated=True)[j]
    assert "truncated" in kept.repairs
    keys = list(kept.args)
    assert set(keys) <= set(p.expected[j].args)
    assert all(kept.args[key] == p.expected[j].args[key] for key in keys[:-1])


_SLIPS = {  # the arguments policy table of the README: the slip and what it records
    "code-fence": lambda t: f"```json\n{t}\n```",
    "double-encoded": json.dumps,
    "leading-empty-object": lambda t: "{}" + t,
    "json-repair": lambda t: t[:-1] + ",}",  # a trailing comma
}


@given(tws.payloads(TEXT_ARGS, kind="item", expected=True), st.sampled_from([*_SLIPS, "empty-arguments"]),
       st.sampled_from(["", " ", "null", "\n"]))
def test_a_repair_is_recorded_and_changes_no_value(p: Any, slip: str, empty: str) -> None:
    (c, k), = _argument_texts(p.value, p.expected)
    want = p.expected[0].args
    if slip == "empty-arguments":
        c[k], want = empty, {}
    elif slip in ("leading-empty-object", "json-repair") and not want:
        return  # "{}{}" is two objects, "{,}" no slip
    else:
        c[k] = _SLIPS[slip](c[k])
    try:
        got = toolwire.decode(p.value, p.dialect)
    except toolwire.ArgumentsError:  # json-repair is taken only when it changes nothing
        assert slip == "json-repair"
    else:
        assert got.args == want and slip in got.repairs
    if slip != "double-encoded":  # under a token limit a slip is a cut, never a runnable call
        with pytest.raises(toolwire.ArgumentsError) as raised:
            toolwire.decode(p.value, p.dialect, finish_reason="length")
        assert raised.value.truncated


@given(tws.streams(expected=True, transport="dict"), st.data())
def test_a_cut_stream_never_hands_over_a_partial_call(s: Any, data: Any) -> None:
    cut = s.chunks[: data.draw(st.integers(min(1, len(s.chunks) - 1), len(s.chunks) - 1))]
    with contextlib.suppress(toolwire.ToolwireError):
        for c in stream.accumulate(cut, s.dialect):
            assert isinstance(c, toolwire.InvalidToolCall) or c in s.calls
    for c in stream.accumulate(cut, s.dialect, allow_truncated=True):
        assert isinstance(c, toolwire.InvalidToolCall) or c in s.calls or "truncated" in c.repairs


@given(st.sampled_from(DIALECTS), st.sampled_from(DIALECTS), st.data())
def test_a_made_or_mapped_id_is_recorded(source: str, target: str, data: Any) -> None:
    call = data.draw(tws.tool_calls(source, names=st.just("get_weather")))  # ids of the source's rule, or none
    rule = toolwire.get_dialect(target).ids
    ids = toolwire.IdMap(rule, dialect=target)
    back = toolwire.decode(toolwire.encode(call, target, ids=ids), target)
    if call.id is None:
        assert back.id == (ids.id_of(call) if rule.required else None)
    elif rule.valid(call.id):
        assert back.id == call.id
    else:
        assert back.id != call.id and ids.mapping[call.id] == back.id and ids.original(back.id) == call.id


# --- 7. no wrong answer is an empty answer ----------------------------------------------


def _same_calls(got: List[Any], expected: List[toolwire.ToolCall]) -> bool:
    return [(c.name, getattr(c, "args", None)) for c in got] == [(c.name, c.args) for c in expected]


@st.composite
def _two(draw: Any, names: Tuple[str, ...]) -> Tuple[str, str]:
    d1 = draw(st.sampled_from(names))
    return d1, draw(st.sampled_from([n for n in names if n != d1]))


@given(_two(tws.WIRE_DIALECTS), st.data())
def test_a_payload_named_as_another_dialect_raises_or_reads_the_same(pair: Tuple[str, str], data: Any) -> None:
    d1, d2 = pair
    p = data.draw(tws.payloads(d1, expected=True, text=True))
    try:
        got = toolwire.decode_all(p.value, d2)
    except toolwire.ToolwireError:
        return
    assert _same_calls(got, p.expected)


@given(_two(tws.STREAM_DIALECTS), st.data())
def test_a_stream_named_as_another_dialect_raises_or_reads_the_same(pair: Tuple[str, str], data: Any) -> None:
    d1, d2 = pair
    s = data.draw(tws.streams(d1, expected=True))
    try:
        got = stream.accumulate(s.chunks, d2)
    except toolwire.ToolwireError:
        return
    assert _same_calls(got, s.calls)
