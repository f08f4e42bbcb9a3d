"""MCP calls: ``decode`` gives exactly what ``sniff`` + ``decode_call`` give, named or
detected, for requests, bare params and everything near them."""

from __future__ import annotations

from typing import Any, Dict

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire
from plan_check import agrees
from toolwire._builtin import default_registry
from toolwire._registry import Registry
from toolwire.strategies import corrupted, tool_calls

MCP = toolwire.get_dialect("mcp")
ARGS = {"location": "New York", "days": [1, 2], "opts": {"unit": "c", "hourly": None}}
REQUEST: Dict[str, Any] = {
    "jsonrpc": "2.0",
    "id": 2,
    "method": "tools/call",
    "params": {"name": "get_weather", "arguments": ARGS},
}


def _agrees(item: Any) -> bool:
    """Whether *item* decodes as an MCP call (named); named or detected, ``decode``
    gives what ``sniff`` + ``decode_call`` give (``plan_check``), errors included."""
    agrees(item)
    return agrees(item, "mcp")


# --- generated and corrupted calls


@given(tool_calls("mcp"))
def test_every_encoded_call_decodes(call: Any) -> None:
    item = toolwire.encode(call, "mcp")
    assert _agrees(item)
    assert toolwire.encode(toolwire.decode(item), "mcp") == item


@given(tool_calls("mcp", ids=False))
def test_encoded_bare_params_decode(call: Any) -> None:
    params = toolwire.encode(call, "mcp")["params"]
    assert _agrees(params)
    assert toolwire.detect(params) == "mcp"


@given(st.data())
def test_corrupted_calls_agree(data: Any) -> None:
    item = toolwire.encode(data.draw(tool_calls("mcp")), "mcp")
    _agrees(data.draw(corrupted(st.just(item))))
    _agrees(data.draw(corrupted(st.just(item["params"]))))


KEYS = ["jsonrpc", "id", "method", "params", "name", "arguments", "_meta", "task", "type", "result", "error"]
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.sampled_from(["", "2.0", "1.0", "tools/call", "tools/list", "f", "7"])
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(KEYS + ["a"]), inner, max_size=3),
    max_leaves=8,
)


@given(st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=5))
@example({"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "f", "arguments": {}, "a": None}})
@example({"jsonrpc": "2.0", "id": 0, "method": "tools/call", "params": {"name": "f"}})
def test_generated_shapes_agree(item: Any) -> None:
    _agrees(item)


# --- targeted cases

TAKEN = [
    pytest.param(REQUEST, id="int-id"),
    pytest.param({**REQUEST, "id": 0}, id="zero-id"),
    pytest.param({**REQUEST, "id": -3}, id="negative-id"),
    pytest.param({**REQUEST, "id": "req-7"}, id="str-id"),
    pytest.param({**REQUEST, "id": "12"}, id="numeric-str-id"),
    pytest.param({**REQUEST, "id": ""}, id="empty-str-id"),
    pytest.param({**REQUEST, "params": {"name": "f", "arguments": {}}}, id="empty-arguments"),
    pytest.param({**REQUEST, "params": {"name": "f"}}, id="no-arguments"),
    pytest.param({**REQUEST, "params": {"name": "f", "_meta": {"progressToken": 1}}}, id="no-arguments-meta"),
    pytest.param({**REQUEST, "params": {"name": "f", "arguments": ARGS, "_meta": {"progressToken": "t"}}}, id="meta"),
    pytest.param({**REQUEST, "params": {"name": "f", "arguments": ARGS, "task": {"ttl": 60}}}, id="task"),
    pytest.param({**REQUEST, "params": {"name": "f", "arguments": ARGS, "zzz": 1}}, id="unknown-params-key"),
    pytest.param({"name": "f", "arguments": ARGS}, id="bare"),
    pytest.param({"name": "f", "arguments": {}, "_meta": {"progressToken": 1}}, id="bare-meta"),
    pytest.param({"name": "f", "arguments": ARGS, "task": {}, "_meta": {}}, id="bare-task-meta"),
]


@pytest.mark.parametrize("item", TAKEN)
def test_plain_calls_decode_and_encode_back(item: Any) -> None:
    assert _agrees(item)
    call = toolwire.decode(item)
    assert toolwire.encode(call, "mcp") == item  # a "" id included: kept, not made up (no id, null: no call)


def test_each_id_form() -> None:
    def ident(rid: Any) -> Any:
        call = toolwire.decode({**REQUEST, "id": rid})
        assert call is not None
        return call.id, call.provider_data

    assert ident(2) == ("2", {"mcp": {"int_id": True}})
    assert ident("2") == ("2", {})
    assert ident("") == (None, {"mcp": {"id": ""}})  # no canonical id; the wire value kept for the re-encode
    for notification in ({**REQUEST, "id": None}, {k: v for k, v in REQUEST.items() if k != "id"}):
        with pytest.raises(toolwire.DecodeError):  # (test_mcp_errors: a notification, no call)
            toolwire.decode(notification)
    call = toolwire.decode({"name": "f", "arguments": {}})
    assert call is not None and (call.id, call.provider_data) == (None, {"mcp": {"bare": True}})


def test_no_arguments_is_the_empty_table() -> None:
    call = toolwire.decode({**REQUEST, "params": {"name": "f"}})
    assert call is not None
    assert (call.args, call.repairs, call.provider_data) == (
        {},
        ("empty-arguments",),
        {"mcp": {"int_id": True, "no_arguments": True}},
    )


class Weird:
    pass


cyclic: Dict[str, Any] = {"a": 1}
cyclic["self"] = cyclic
deep: Dict[str, Any] = {}
node = deep
for _ in range(250):
    node["x"] = {}
    node = node["x"]

NEAR = [
    pytest.param({**REQUEST, "method": "tools/list"}, id="wrong-method"),
    pytest.param({**REQUEST, "method": "TOOLS/CALL"}, id="method-case"),
    pytest.param({**REQUEST, "jsonrpc": "1.0"}, id="jsonrpc-1.0"),
    pytest.param({k: v for k, v in REQUEST.items() if k != "jsonrpc"}, id="no-jsonrpc"),
    pytest.param({**REQUEST, "extra": 1}, id="extra-top-level-key"),
    pytest.param({**REQUEST, "id": True}, id="bool-id"),
    pytest.param({**REQUEST, "id": 2.0}, id="float-id"),
    pytest.param({**REQUEST, "id": [2]}, id="list-id"),
    pytest.param({**REQUEST, "id": 10**5000}, id="int-id-too-long-for-str"),
    pytest.param({**REQUEST, "params": None}, id="null-params"),
    pytest.param({**REQUEST, "params": []}, id="list-params"),
    pytest.param({**REQUEST, "params": {"arguments": {}}}, id="no-name"),
    pytest.param({**REQUEST, "params": {"name": "", "arguments": {}}}, id="empty-name"),
    pytest.param({**REQUEST, "params": {"name": 3, "arguments": {}}}, id="int-name"),
    pytest.param({**REQUEST, "params": {"name": "f", "arguments": '{"a": 1}'}}, id="text-arguments"),
    pytest.param({**REQUEST, "params": {"name": "f", "arguments": None}}, id="null-arguments"),
    pytest.param({**REQUEST, "params": {"name": "f", "arguments": [1]}}, id="list-arguments"),
    pytest.param({**REQUEST, "params": {"name": "f", "arguments": {"a": Weird()}}}, id="not-json-value"),
    pytest.param({**REQUEST, "params": {"name": "f", "arguments": {1: "a"}}}, id="not-str-key"),
    pytest.param({**REQUEST, "params": {"name": "f", "arguments": cyclic}}, id="cyclic-arguments"),
    pytest.param({**REQUEST, "params": {"name": "f", "arguments": deep}}, id="too-deep-arguments"),
    pytest.param({**REQUEST, "params": {"name": "f", "arguments": "{}", "_meta": {}}}, id="meta-text-arguments"),
    pytest.param({**REQUEST, "params": {"name": "f", "arguments": {1: "a"}, "_meta": {}}}, id="meta-not-str-key"),
    pytest.param({"name": "f", "arguments": {"a": {Weird()}}}, id="bare-not-json-value"),
    pytest.param({"name": "f", "arguments": {}, "id": "c"}, id="bare-extra-key"),
    pytest.param({"name": "f", "arguments": "{}"}, id="bare-text-arguments"),
    pytest.param({"name": "f"}, id="bare-no-arguments"),
]


@pytest.mark.parametrize("item", NEAR)
def test_items_near_the_plain_call_agree(item: Any) -> None:
    _agrees(item)


def test_a_dialect_claiming_the_request_ahead_of_mcp_takes_it() -> None:
    seen = []

    def decode_call(item: Any, policy: Any, loc: str) -> Any:
        seen.append(item)
        return MCP.decode_call(item, policy, loc)

    ahead = toolwire.Dialect(**{**{f: getattr(MCP, f) for f in MCP.__dataclass_fields__}, "name": "rpc", "decode_call": decode_call})
    reg = Registry(tuple(default_registry()))
    assert toolwire.decode(REQUEST, registry=reg).id == "2" and seen == []
    reg.register(ahead, first=True)  # the plan of the request's shape is rebuilt
    assert toolwire.detect(REQUEST, registry=reg) == "rpc"
    assert toolwire.decode(REQUEST, registry=reg).id == "2" and seen == [REQUEST]
    assert agrees(REQUEST, registry=reg)
