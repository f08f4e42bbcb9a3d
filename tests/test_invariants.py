"""Invariants of DESIGN.md, property-tested over every registered dialect."""

from __future__ import annotations

import contextlib
import json
import math
from typing import Any, Dict

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire
from toolwire import strategies as tws

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
