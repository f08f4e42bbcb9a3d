"""The Chat-shaped calls of ``mistral``, ``cohere.v2`` and ``ollama``: ``decode``
gives exactly what the claiming dialect's ``decode_call`` gives (``plan_check``),
named or detected, with or without policy keywords.

Differential: encoded and corrupted calls of each dialect, and one targeted item for
each rule their decoders follow (id forms, placeholder ids, empty arguments, extra
keys, ``index``), errors included.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire
from plan_check import agrees
from toolwire.strategies import corrupted, tool_calls

DIALECTS = ["cohere.v2", "mistral", "ollama"]


def _agrees(dialect: str, item: Any) -> bool:
    """Whether *dialect* decoded *item* as a call (named); detected or named, ``decode``
    agrees with the reference either way."""
    agrees(item)
    return agrees(item, dialect)


@pytest.mark.parametrize("dialect", DIALECTS)
@given(data=st.data())
def test_encoded_calls_decode_as_their_dialect_decodes_them(dialect: str, data: Any) -> None:
    item = toolwire.encode(data.draw(tool_calls(dialect)), dialect)
    assert _agrees(dialect, item)


@pytest.mark.parametrize("dialect", DIALECTS)
@given(data=st.data())
def test_corrupted_calls_agree_with_the_reference(dialect: str, data: Any) -> None:
    item = toolwire.encode(data.draw(tool_calls(dialect)), dialect)
    _agrees(dialect, data.draw(corrupted(st.just(item))))


@given(st.text(max_size=12))
@example("١٢٣٤٥٦٧٨٩")  # nine Arabic-Indic digits: alphanumeric, but not ASCII
@example("abcdefgh\n")
def test_mistral_id_check_is_the_id_rule(ident: str) -> None:
    item = {"id": ident, "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}
    _agrees("mistral", item)
    for index in (0, None):
        _agrees("mistral", {**item, "index": index})


def _fn(name: Any = "get_weather", arguments: Any = '{"city": "Paris"}', **more: Any) -> Dict[str, Any]:
    return {"name": name, "arguments": arguments, **more}


def _item(ident: Any = "KikbB849t", **more: Any) -> Dict[str, Any]:
    out: Dict[str, Any] = {"id": ident, "type": "function", "function": _fn()}
    out.update(more)
    return {k: v for k, v in out.items() if v is not _DROP}


_DROP: Any = object()

# (item, plain): the Chat-shaped items of Mistral and Cohere; plain: the shape their SDKs send
FN_ITEMS: List[Any] = [
    (_item(), True),
    (_item("get_weather_9gpb31r7h7mj"), True),  # Cohere's '<name>_' + 12 characters
    (_item("KikbB849"), True),  # 8 characters: not a Mistral id (kept as native)
    (_item("KikbB849tt"), True),
    (_item("KikbB-49t"), True),
    (_item("x" * 100), True),
    (_item("null"), True),  # Mistral's SDK placeholder: no id
    (_item(""), True),  # no id
    (_item(7), False),  # ids that are not text
    (_item(None), False),
    (_item(_DROP), False),
    (_item(function=_fn(arguments="")), True),  # a tool without parameters
    (_item("null", function=_fn(arguments="")), True),
    (_item(function=_fn(arguments="{}")), True),
    (_item(function=_fn(arguments="null")), False),  # empty-equivalents other than ""
    (_item(function=_fn(arguments="  ")), False),
    (_item(function=_fn(arguments=None)), False),
    (_item(function=_fn(arguments={"city": "Paris"})), False),  # an SDK-built object
    (_item(function=_fn(arguments="[1]")), False),
    (_item(function=_fn(arguments='"{\\"a\\": 1}"')), False),  # double-encoded
    (_item(function=_fn(arguments='{"a": 1')), False),  # truncated
    (_item(function=_fn(arguments="{'a': 1}")), False),  # needs a repair
    (_item(function=_fn(arguments='{"a": NaN}')), False),
    (_item(function=_fn(arguments='{"a": "\\ud800"}')), False),  # a lone surrogate
    (_item(function=_fn(name="")), False),
    (_item(function=_fn(name=None)), False),
    (_item(function=_fn(index=0)), False),  # keys beyond name and arguments
    (_item(function={"name": "f"}), False),
    (_item(function="f"), False),
    (_item(index=0), True),  # Mistral's response item
    (_item(index=0, type=_DROP), True),
    (_item("null", index=3, type=_DROP), True),
    (_item(type=_DROP), True),
    (_item(type=None), False),
    (_item(type="custom"), False),
    (_item(extra=1), False),
    (_item(index=0, extra=1), False),
    (_item(index=0, type=_DROP, extra=1), False),
]


@pytest.mark.parametrize("dialect", ["mistral", "cohere.v2"])
@pytest.mark.parametrize(("item", "plain"), FN_ITEMS)
def test_fn_items(dialect: str, item: Any, plain: bool) -> None:
    decoded = _agrees(dialect, item)
    if plain:
        assert decoded


@pytest.mark.parametrize(
    ("ident", "want", "pd"),
    [
        ("KikbB849t", "KikbB849t", None),
        ("null", None, {"id": "null"}),
        ("", None, {"id": ""}),
        ("call_1", "call_1", {"native_id": True}),
    ],
)
def test_mistral_ids(ident: str, want: Optional[str], pd: Any) -> None:
    call = toolwire.decode(_item(ident), "mistral")
    assert call is not None and call.id == want
    assert call.provider_data == ({} if pd is None else {"mistral": pd})


@pytest.mark.parametrize(("ident", "want"), [("get_weather_9gpb31r7h7mj", "get_weather_9gpb31r7h7mj"), ("null", "null")])
def test_cohere_ids(ident: str, want: str) -> None:
    call = toolwire.decode(_item(ident), "cohere.v2")
    assert call is not None and call.id == want and call.provider_data == {}


def _deep(n: int) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for _ in range(n):
        out = {"a": out}
    return out


_LOOP: Dict[str, Any] = {}
_LOOP["self"] = _LOOP


def _oitem(args: Any = None, **more: Any) -> Dict[str, Any]:
    fn = {"index": 0, "name": "get_weather", "arguments": {"city": "Tokyo"} if args is None else args}
    out: Dict[str, Any] = {"function": fn}
    out.update(more)
    return out


OLLAMA_ITEMS: List[Any] = [
    (_oitem(), True),
    (_oitem(id="call_k3x9a0ze"), True),
    (_oitem(id=""), True),
    (_oitem(id=None), True),
    (_oitem(id=7), False),
    ({"function": {"name": "f", "arguments": {}}}, True),  # no index (the Python SDK)
    ({"id": "c", "function": {"name": "f", "arguments": {"a": [1, {"b": None}]}}}, True),
    ({"function": {"index": 0, "name": "f", "arguments": {}, "extra": 1}}, False),
    ({"function": {"name": "f", "arguments": {}, "extra": 1}}, False),
    ({"function": {"index": 0, "name": "f"}}, False),
    ({"function": {"index": 0, "arguments": {}}}, False),
    ({"function": {"index": 0, "name": "", "arguments": {}}}, False),
    ({"function": "f"}, False),
    ({"id": "c"}, False),
    (_oitem(type="function"), False),
    (_oitem(id="c", extra=1), False),
    (_oitem('{"city": "Tokyo"}'), False),  # text from an OpenAI-compatible relay
    (_oitem(""), False),
    (_oitem(_deep(150)), True),
    (_oitem(_deep(250)), False),  # deeper than the limit
    (_oitem(_LOOP), False),  # contains itself
    (_oitem({1: "a"}), False),  # a key that is not text
    (_oitem({"a": {1, 2}}), False),  # a value that is not JSON
    (_oitem({"a": float("nan")}), False),  # not JSON: refused, by the general path too
]


@pytest.mark.parametrize(("item", "plain"), OLLAMA_ITEMS)
def test_ollama_items(item: Any, plain: bool) -> None:
    decoded = _agrees("ollama", item)
    if plain:
        assert decoded


def test_ollama_keeps_the_argument_object() -> None:
    item = _oitem()
    call = toolwire.decode(item, "ollama")
    assert call is not None and call.args is item["function"]["arguments"]
    assert call.provider_data == {"ollama": {"function_extra": {"index": 0}}}
    assert toolwire.encode(call, "ollama") == item


@pytest.mark.parametrize("dialect", ["openai.chat", "mistral"])
def test_a_call_item_type_other_than_function_is_written_back(dialect: str) -> None:
    """An item whose ``type`` is not ``"function"`` (``None``, a gateway's own word): read
    as a function call, written back with the type it came with (Chat dropped it)."""
    for kind in ("tool", None):
        item = {"id": "abcdefghi", "type": kind, "function": {"name": "f", "arguments": "{}"}}
        call = toolwire.decode(item, dialect)
        assert (call.name, call.args, call.id) == ("f", {}, "abcdefghi")
        assert toolwire.encode(call, dialect) == item
