"""Only toolwire's errors, and short ones (issue #15 item 10, issue #16 item 6).

Odd mappings (a key whose ``__eq__`` raises, a dict subclass whose ``get`` or
``__iter__`` raises) reach every entry point that reads model output; what they
raise becomes a ``DecodeError``. A stream that is no iterable, and an item that
contains itself, are refused; error messages stay a few hundred characters long
whatever the input."""

from __future__ import annotations

from typing import Any, Callable, Dict, List

import pytest

import toolwire
from toolwire import response, retry
from toolwire.stream import Accumulator, accumulate


class BadEqKey(str):
    """A key equal in hash to a real key whose comparison raises (once armed: the
    payloads below are built first)."""

    armed = False
    __hash__ = str.__hash__

    def __eq__(self, other: object) -> bool:
        if BadEqKey.armed:
            raise RuntimeError("eq")
        return str.__eq__(self, other)


class BadGet(Dict[str, Any]):
    def get(self, *a: Any) -> Any:
        raise RuntimeError("get")

    def __getitem__(self, key: Any) -> Any:
        raise RuntimeError("getitem")


class BadIter(Dict[str, Any]):
    def __iter__(self) -> Any:
        raise RuntimeError("iter")

    def keys(self) -> Any:
        raise RuntimeError("keys")

    def items(self) -> Any:
        raise RuntimeError("items")


CALL = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}

ODD: Dict[str, Any] = {
    "key-eq-raises": {BadEqKey("name"): "f", "args": {}},
    "key-eq-raises-in-a-call": {BadEqKey("id"): "call_1", "type": "function", "function": {"name": "f"}},
    "key-eq-raises-nested": {"role": "assistant", "tool_calls": [{**CALL, BadEqKey("type"): 1}]},
    "get-raises": BadGet(name="f", args={}),
    "get-raises-nested": {"choices": [{"message": BadGet(role="assistant", tool_calls=[CALL])}]},
    "get-raises-in-a-chunk": {"object": "chat.completion.chunk", "choices": [{"delta": BadGet(tool_calls=[])}]},
    "iter-raises": BadIter(name="f", args={}),
    "iter-raises-nested": {"candidates": [BadIter(content={"parts": []})]},
    "args-get-raises": {"name": "f", "args": BadGet(a=1)},
}
BadEqKey.armed = True

STATE = retry.prepare({"model": "m", "messages": [{"role": "user", "content": "?"}]},
                      {"type": "object", "properties": {"a": {"type": "integer"}}}, "openai.chat",
                      mode="native").state

ENTRY_POINTS: Dict[str, Callable[[Any], Any]] = {
    "decode": toolwire.decode,
    "decode-named": lambda x: toolwire.decode(x, "openai.chat"),
    "decode_all": toolwire.decode_all,
    "decode_all-keep": lambda x: toolwire.decode_all(x, invalid="keep", include_server=True),
    "detect": toolwire.detect,
    "explain": toolwire.explain,
    "decode_tool": toolwire.decode_tool,
    "decode_result": toolwire.decode_result,
    "convert": lambda x: toolwire.convert(x, "gemini"),
    "accumulate": lambda x: accumulate([x]),
    "accumulate-named": lambda x: accumulate([x], "openai.chat"),
    "Accumulator.feed": lambda x: Accumulator().feed(x),
    "response.normalize": response.normalize,
    "retry.classify": lambda x: retry.classify(x, STATE),
}


@pytest.mark.parametrize("value", list(ODD.values()), ids=list(ODD))
@pytest.mark.parametrize("entry", list(ENTRY_POINTS.values()), ids=list(ENTRY_POINTS))
def test_odd_mappings_raise_only_toolwire_errors(entry: Callable[[Any], Any], value: Any) -> None:
    try:
        entry(value)
    except toolwire.ToolwireError as exc:
        assert len(str(exc)) <= 400


def test_odd_mappings_name_what_they_raised() -> None:
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode(ODD["key-eq-raises"])
    assert exc.value.message == "Input at $ could not be read: reading it raised RuntimeError: eq"
    with pytest.raises(toolwire.DecodeError) as exc:
        response.normalize(ODD["get-raises-nested"])
    assert exc.value.message == "Input at $ could not be read: reading it raised RuntimeError: get"
    with pytest.raises(ValueError, match="reading it raised RuntimeError: eq"):  # pydantic's ValidationError
        import pydantic

        pydantic.TypeAdapter(toolwire.ToolCalls).validate_python(ODD["key-eq-raises"])


def test_odd_mappings_do_not_hide_plain_ones() -> None:
    assert toolwire.decode(CALL).id == "call_1"
    assert toolwire.decode_all({"role": "assistant", "tool_calls": [CALL]})[0].id == "call_1"


# --- stream entry: no iterable ---------------------------------------------------------------


@pytest.mark.parametrize("value, shown", [(None, "None"), (42, "42"), (1.5, "1.5"), (True, "True")])
def test_only_toolwire_errors_stream_of_no_iterable(value: Any, shown: str) -> None:
    with pytest.raises(toolwire.DecodeError) as exc:
        accumulate(value)
    assert exc.value.message == f"A stream at $ is an iterable of chunks or one SSE / NDJSON body, got {shown}"


# --- an item that contains itself is the cycle error, never [] -------------------------------


def _self_content() -> Any:
    msg: Dict[str, Any] = {"role": "assistant", "content": []}
    msg["content"].append(msg)
    return msg


def _self_content_dict() -> Any:
    msg: Dict[str, Any] = {"role": "assistant", "content": None}
    msg["content"] = msg
    return msg


def _self_block() -> Any:
    msg: Dict[str, Any] = {"role": "assistant", "content": [{"type": "text", "text": "hi"}]}
    msg["content"][0]["me"] = msg
    return msg


def _self_in_response() -> Any:
    resp: Dict[str, Any] = {"output": [{"type": "message", "role": "assistant", "content": []}]}
    resp["output"][0]["content"].append({"type": "output_text", "text": "x", "loop": resp["output"]})
    return resp


CYCLE = "Item at {} contains itself or is nested deeper than 256 (a cycle?)"
# (a message among its own blocks is a block without 'type': refused there before the cycle is met)
TYPELESS = "Content block at $.content[0] has no 'type', which every openai.responses block has"


@pytest.mark.parametrize(
    "make, message",
    [(_self_content, TYPELESS), (_self_content_dict, CYCLE.format("$")), (_self_block, CYCLE.format("$.content[0]")),
     (_self_in_response, CYCLE.format("$.output[0]"))],
    ids=["content-list", "content-dict", "in-a-block", "in-a-response"],
)
def test_only_toolwire_errors_items_that_contain_themselves(make: Callable[[], Any], message: str) -> None:
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_all(make())
    assert exc.value.message == message


def test_shared_values_in_an_item_are_no_cycle() -> None:
    shared: List[Any] = [1]
    for _ in range(40):  # 2**40 paths, 40 lists: each is entered once
        shared = [shared, shared]
    assert toolwire.decode_all({"role": "user", "content": [{"type": "text", "text": "x", "s": shared}]}) == []


# --- messages stay short -------------------------------------------------------------------


def _cyclic_list() -> Any:
    x: List[Any] = []
    x.append(x)
    return x


def test_only_toolwire_errors_short_messages() -> None:
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_all(_cyclic_list())
    assert exc.value.message == (
        "Containers at $[0][0][0][0][0][0][0][0…[0][0][0][0][0][0][0][0] are nested deeper than 256 (a cycle?)")
    assert exc.value.loc == "$" + "[0]" * 257  # the attribute keeps the whole path


@pytest.mark.parametrize(
    "message, expected",
    [
        ("Short at $.a.b", "Short at $.a.b"),
        ("At $." + "a." * 40 + "b, bad", "At $." + "a." * 40 + "b, bad"),  # a path said whole
        ("At $." + "a." * 40 + "b, bad: " + "x" * 400,  # in a message too long: elided first
         "At $.a.a.a.a.a.a.a.a.a.a.a.….a.a.a.a.a.a.a.a.a.a.a.b, bad: " + "x" * 207 + " … " + "x" * 131),
        ("x" * 1000, "x" * 266 + " … " + "x" * 131),
    ],
    ids=["short", "long-path", "long-path-long-message", "long-message"],
)
def test_only_toolwire_errors_short_message_rules(message: str, expected: str) -> None:
    assert toolwire.DecodeError(message).message == expected
    assert str(toolwire.DecodeError(message)) == expected
