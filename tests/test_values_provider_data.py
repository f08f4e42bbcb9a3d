"""``provider_data`` given as a mapping that is not a plain dict (an ``OrderedDict``, a
read-only ``MappingProxyType``, a caller's own ``Mapping``). The constructors took any
``Mapping`` and held it as given, so

- a mapping that raises while read let its ``RuntimeError`` escape every constructor
  (they raise ``DecodeError`` for what they cannot take: the module's promise);
- ``as_dict()`` handed out the value's own mapping (it copies dicts and lists only), so
  editing the "copy" edited the value (README: "editing them never changes the value");
- pydantic could not write a caller's ``Mapping`` to JSON.

A mapping that is not a plain dict is now copied into one at construction (what
decoders do with a dict subclass in arguments); one that raises while read is a
``DecodeError`` at ``$.provider_data``.
"""

from __future__ import annotations

from collections import OrderedDict
from types import MappingProxyType
from typing import Any, Callable, Dict, Iterator

import pytest
from pydantic import TypeAdapter

from toolwire import DecodeError, InvalidToolCall, Tool, ToolCall, ToolResult


class Mine(Dict[str, Any]):
    """A dict subclass."""


class Raising:
    """A ``Mapping`` whose iteration raises (registered as one below)."""

    def __getitem__(self, key: str) -> Any:
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        raise RuntimeError("iteration failed")

    def __len__(self) -> int:
        return 1

    def keys(self) -> Any:
        raise RuntimeError("iteration failed")

    def items(self) -> Any:
        raise RuntimeError("iteration failed")


class Custom:
    """A read-only ``Mapping`` of the caller's own."""

    def __init__(self, data: Dict[str, Any]) -> None:
        self._data = data

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def keys(self) -> Any:
        return self._data.keys()

    def items(self) -> Any:
        return self._data.items()


from collections.abc import Mapping  # noqa: E402

Mapping.register(Raising)
Mapping.register(Custom)

MAKERS: Dict[str, Callable[[Any], Any]] = {
    "ToolCall": lambda pd: ToolCall("f", {}, "c", provider_data=pd),
    "InvalidToolCall": lambda pd: InvalidToolCall(error="x", provider_data=pd),
    "Tool": lambda pd: Tool("f", provider_data=pd),
    "ToolResult": lambda pd: ToolResult("c", provider_data=pd),
}


@pytest.mark.parametrize("cls", sorted(MAKERS))
def test_a_mapping_that_raises_is_a_decode_error(cls: str) -> None:
    with pytest.raises(DecodeError) as info:
        MAKERS[cls](Raising())
    assert info.value.loc == "$.provider_data"
    assert info.value.message.startswith(
        f"{cls} provider_data at $.provider_data must map dialect ids to objects: reading it raised "
        "RuntimeError: iteration failed"
    )


@pytest.mark.parametrize("cls", sorted(MAKERS))
@pytest.mark.parametrize(
    "make", [OrderedDict, Mine, MappingProxyType, Custom], ids=["OrderedDict", "subclass", "proxy", "custom"]
)
def test_a_mapping_is_held_as_a_plain_dict(cls: str, make: Callable[[Any], Any]) -> None:
    inner = {"item_id": "fc_1"}
    value = MAKERS[cls](make({"openai.responses": inner}))
    assert type(value.provider_data) is dict and value.provider_data == {"openai.responses": inner}
    copied = value.as_dict()["provider_data"]
    assert copied == {"openai.responses": inner} and copied is not value.provider_data
    copied["openai.responses"]["item_id"] = "fc_2"
    copied["gemini"] = {}
    assert value.provider_data == {"openai.responses": {"item_id": "fc_1"}}
    assert b'"provider_data":{"openai.responses":{"item_id":"fc_1"}}' in TypeAdapter(type(value)).dump_json(value)


def test_a_plain_dict_is_held_as_given() -> None:
    pd = {"gemini": {"thoughtSignature": "c2ln"}}
    assert ToolCall("f", provider_data=pd).provider_data is pd
    assert ToolCall("f").replace(id="c").provider_data == {}  # the shared empty one


@pytest.mark.parametrize("bad", [[("gemini", {})], {"gemini": OrderedDict()}, {1: {}}, {"gemini": []}])
def test_what_is_no_mapping_of_objects_is_refused(bad: Any) -> None:
    with pytest.raises(DecodeError) as info:
        ToolCall("f", provider_data=bad)
    assert info.value.loc.startswith("$.provider_data")
