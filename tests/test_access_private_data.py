"""Objects whose data is not in public instance attributes: a ``collections.abc.Mapping``
that is not a ``dict`` (``immutabledict`` keeps its items in ``self._dict``) is read as
the mapping it is; any other object that shows no public attribute (fields behind
``@property`` over a private raw value) is refused with a ``DecodeError`` naming its
type, never read as ``{}`` (which decodes to ``[]``, a wrong answer: DESIGN invariant 7)."""

from __future__ import annotations

import json
import types
from collections import UserDict
from collections.abc import Mapping
from typing import Any, Dict, Iterator

import pydantic
import pytest

import toolwire
from corpus_data import CORPUS, SKIP_REASON
from toolwire import DecodeError
from toolwire._access import to_data
from toolwire.stream import Accumulator, accumulate

needs_corpus = pytest.mark.skipif(CORPUS is None, reason=SKIP_REASON)


class FrozenMap(Mapping):  # type: ignore[type-arg]
    """As ``immutabledict.immutabledict``: the items in a private ``_dict``."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self._dict = d

    def __getitem__(self, k: str) -> Any:
        return self._dict[k]

    def __iter__(self) -> Iterator[str]:
        return iter(self._dict)

    def __len__(self) -> int:
        return len(self._dict)


class Wrapper:
    """As vertexai's ``GenerationResponse``: properties over a private raw value."""

    def __init__(self, raw: Dict[str, Any]) -> None:
        self._raw = raw

    @property
    def choices(self) -> Any:
        return self._raw["choices"]


class Bare:
    pass


def _payload(rel: str) -> Any:
    assert CORPUS is not None
    return json.loads((CORPUS / rel).read_text())


def test_a_mapping_that_is_not_a_dict_is_read_as_its_items() -> None:
    assert to_data(FrozenMap({"a": (1,), "b": FrozenMap({"c": None})})) == {"a": [1], "b": {"c": None}}
    assert to_data(types.MappingProxyType({"a": 1})) == {"a": 1}
    assert to_data(UserDict({"a": 1})) == {"a": 1}
    assert to_data([FrozenMap({})]) == [FrozenMap({})]  # a plain list is handed back as it is
    assert to_data((FrozenMap({}),)) == [{}]


@pytest.mark.parametrize("obj", [Wrapper({"choices": []}), Bare()], ids=["properties", "no-attributes"])
def test_an_object_showing_no_public_attribute_is_refused_at_its_place(obj: Any) -> None:
    name = type(obj).__name__
    for where in ("$", "$.choices[0]"):
        with pytest.raises(DecodeError) as info:
            to_data(obj, where)
        assert info.value.loc == where
        assert info.value.message.startswith(
            f"Cannot read a {name} value at {where}: it holds no public attribute (its data is private or "
            "behind properties); pass it as a dict"
        )


class NotGiven:
    """As openai's ``NOT_GIVEN``: a falsy sentinel of no fields."""

    def __bool__(self) -> bool:
        return False


def test_a_falsy_sentinel_of_no_fields_is_no_value() -> None:
    from pydantic import BaseModel, ConfigDict

    class Holder(BaseModel):
        model_config = ConfigDict(arbitrary_types_allowed=True)

        name: str = "f"
        extra: Any = None

    assert to_data(NotGiven()) == {}
    assert to_data(Holder(extra=NotGiven())) == {"name": "f"}


def test_an_object_whose_public_attributes_are_none_is_still_read() -> None:
    class Nulls:
        def __init__(self) -> None:
            self.tool_calls = None
            self._raw = {"x": 1}

    assert to_data(Nulls()) == {}


@needs_corpus
@pytest.mark.parametrize("dialect", [None, "openai.chat"])
def test_a_response_in_a_mapping_decodes_as_the_dict(dialect: Any) -> None:
    p = _payload("openai-chat/pai-gpt-4o-parallel-two-calls.json")["payload"]
    calls = toolwire.decode_all(FrozenMap(p), dialect)
    assert [c.name for c in calls] == ["delete_file", "create_file"]
    assert calls == toolwire.decode_all(p, dialect)
    assert toolwire.decode_all(FrozenMap(p), include_server=True) == calls
    assert toolwire.decode_all({**p, "choices": [FrozenMap(p["choices"][0])]}) == calls
    assert pydantic.TypeAdapter(toolwire.ToolCalls).validate_python(FrozenMap(p)) == calls
    assert toolwire.detect(FrozenMap(p)) == "openai.chat"
    one = p["choices"][0]["message"]["tool_calls"][0]
    assert toolwire.decode(FrozenMap(one)) == calls[0]
    assert toolwire.convert(FrozenMap(p), "anthropic") == toolwire.convert(p, "anthropic")


@needs_corpus
@pytest.mark.parametrize("dialect", [None, "openai.chat"])
def test_a_response_behind_properties_is_refused_never_empty(dialect: Any) -> None:
    p = _payload("openai-chat/pai-gpt-4o-parallel-two-calls.json")["payload"]
    for run in (lambda: toolwire.decode_all(Wrapper(p), dialect),
                lambda: pydantic.TypeAdapter(toolwire.ToolCalls).validate_python(Wrapper(p)),
                lambda: toolwire.convert(Wrapper(p), "anthropic")):
        with pytest.raises((DecodeError, pydantic.ValidationError)) as info:
            run()
        assert "Cannot read a Wrapper value at $" in str(info.value)


STREAM = "openai-compatible/magentic-ollama-llama3.1-stream-list-args.json"


@needs_corpus
@pytest.mark.parametrize("dialect", [None, "openai.chat"])
def test_a_stream_chunk_in_a_mapping_is_read_one_behind_properties_refused(dialect: Any) -> None:
    events = _payload(STREAM)["events"]
    whole = accumulate(events, dialect)
    assert [c.name for c in whole] == ["return_list_of_int"]
    assert accumulate([FrozenMap(events[0])] + events[1:], dialect) == whole
    with pytest.raises(DecodeError) as info:
        accumulate([Wrapper(events[0])] + events[1:], dialect)
    assert "Cannot read a Wrapper value at $" in str(info.value)
    acc = Accumulator(dialect)
    with pytest.raises(DecodeError):
        acc.feed(Wrapper(events[0]))
