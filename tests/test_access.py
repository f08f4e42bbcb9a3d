"""Foreign objects read as plain data (``_access.to_data``): each kind of object, with
literal expectations (SDK objects of every provider are in tests/dialects)."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import sys
import uuid
from typing import Any, Dict, Optional

import pytest
from pydantic import BaseModel, ConfigDict, Field
from pydantic.fields import FieldInfo

import toolwire
from toolwire._access import MAX_OBJECT_DEPTH, to_data


class Color(enum.Enum):
    RED = "red"


class Level(int, enum.Enum):
    HIGH = 3


class Inner(BaseModel):
    value: int
    note: Optional[str] = None


class Outer(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    function_call: Inner = Field(alias="functionCall")
    thought: Optional[str] = Field(default=None, serialization_alias="thoughtText")
    items: list = []


@dataclasses.dataclass
class Point:
    x: int
    y: Optional[int]


class Plain:
    def __init__(self) -> None:
        self.name = "f"
        self.args = {"a": 1}
        self._private = "hidden"
        self.missing = None


def test_plain_values_are_returned_as_they_are() -> None:
    """Top-level dicts and lists are the caller's own data: handed back, not walked."""
    d: Dict[str, Any] = {"a": [1]}
    assert to_data(d) is d
    assert to_data(d["a"]) is d["a"]
    for v in ("s", 1, 1.5, True, None):
        assert to_data(v) is v


def test_containers_and_scalars_of_other_types() -> None:
    class D(dict):  # type: ignore[type-arg]
        pass

    assert to_data(D(a=(1, 2))) == {"a": [1, 2]}
    assert to_data((1, [2, (3,)])) == [1, [2, [3]]]
    assert to_data(bytearray(b"ab")) == b"ab" and type(to_data(bytearray(b"ab"))) is bytes
    assert to_data((datetime.datetime(2025, 3, 27, 10, 0, 5),)) == ["2025-03-27T10:00:05"]
    assert to_data((datetime.date(2025, 3, 27), datetime.time(10, 0))) == ["2025-03-27", "10:00:00"]
    assert to_data((Color.RED, Level.HIGH)) == ["red", 3]
    assert to_data((uuid.UUID("12345678-1234-5678-1234-567812345678"),)) == ["12345678-1234-5678-1234-567812345678"]
    assert to_data(Point(1, None)) == {"x": 1, "y": None}


def test_pydantic_models_come_out_keyed_as_on_the_wire() -> None:
    m = Outer(functionCall=Inner(value=1), thought="hmm", extra_field={"k": Color.RED}, gone=None)
    assert to_data(m) == {"functionCall": {"value": 1}, "thoughtText": "hmm", "items": [], "extra_field": {"k": "red"}}
    again = Outer(function_call=Inner(value=2, note="n"), items=[Inner(value=3)])
    assert to_data(again) == {"functionCall": {"value": 2, "note": "n"}, "items": [{"value": 3}]}


def test_objects_with_a_dump_method_or_attributes() -> None:
    class ToDict:
        def to_dict(self) -> Dict[str, Any]:
            return {"name": "f", "when": datetime.date(2025, 1, 2)}

    class BadFirst:
        model_dump = "not callable"

        def dict(self) -> Any:
            return {"name": "g"}

    class NotADict:
        def model_dump(self) -> Any:
            return ["not", "a", "dict"]

        def __init__(self) -> None:
            self.name = "h"

    assert to_data(ToDict()) == {"name": "f", "when": "2025-01-02"}
    assert to_data(BadFirst()) == {"name": "g"}
    assert to_data(NotADict()) == {"name": "h"}
    assert to_data(Plain()) == {"name": "f", "args": {"a": 1}}


def test_subclasses_of_str_and_int_are_their_values() -> None:
    class Name(str):
        pass

    class Valued(int):
        value = "seven"

    assert to_data((Name("f"),)) == ["f"] and type(to_data((Name("f"),))[0]) is str
    assert to_data((Valued(7),)) == ["seven"]
    assert to_data([Name("f")])[0] is not None  # a plain list is handed back as it is


def test_what_cannot_be_read_is_a_decode_error_at_its_place() -> None:
    with pytest.raises(toolwire.DecodeError) as exc:
        to_data((int,), "$.tool_calls")
    assert exc.value.message == "Cannot read a type value at $.tool_calls: <class 'int'>"
    assert exc.value.loc == "$.tool_calls"

    class Raises:
        @property
        def __dict__(self) -> Any:  # type: ignore[override]
            raise ValueError("boom")

    with pytest.raises(toolwire.DecodeError) as exc:
        to_data(Raises(), "$.x")
    assert exc.value.message == "Could not read the Raises object at $.x: ValueError: boom"
    assert exc.value.loc == "$.x"


def test_nesting_deeper_than_the_limit_is_refused() -> None:
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 5000))  # room for wrapped frames (tools/mutation.py)
    try:
        ok: Any = Point(0, None)
        for _ in range(MAX_OBJECT_DEPTH - 2):
            ok = Point(0, ok)
        assert to_data(ok)["x"] == 0
        deep: Any = Point(0, None)
        for _ in range(MAX_OBJECT_DEPTH + 5):
            deep = Point(0, deep)
        with pytest.raises(toolwire.DecodeError) as exc:
            to_data(deep, "$.calls")
    finally:
        sys.setrecursionlimit(old)
    assert exc.value.message == f"Object nesting at $.calls is deeper than {MAX_OBJECT_DEPTH} (a cycle?)"
    assert exc.value.loc == "$.calls"
    assert MAX_OBJECT_DEPTH == 256


def test_a_cycle_is_too_deep_never_a_crash() -> None:
    node: Any = Point(0, None)
    node.y = node
    with pytest.raises(toolwire.DecodeError) as exc:
        to_data(node, "$.x")
    assert exc.value.loc == "$.x"
    assert exc.value.message.startswith("Object nesting at $.x is ")


def _fresh_models() -> Any:
    """New classes per call: ``_access`` caches per class, so a test on a class seen
    before would not reach the code that builds the cache."""

    class Inner(BaseModel):
        value: int
        note: Optional[str] = None

    class Outer(BaseModel):
        model_config = ConfigDict(extra="allow", populate_by_name=True)

        function_call: Inner = Field(alias="functionCall")
        thought: Optional[str] = Field(default=None, serialization_alias="thoughtText")
        same: Optional[str] = Field(default=None, alias="same")
        items: list = []

    return Inner, Outer


def test_aliases_of_a_class_met_for_the_first_time() -> None:
    for _ in range(2):  # the first read builds the alias table, the second uses it
        inner, outer = _fresh_models()
        m = outer(functionCall=inner(value=1), thought="t", same="s", extra_field=None)
        assert to_data(m) == {"functionCall": {"value": 1}, "thoughtText": "t", "same": "s", "items": []}
        assert to_data(m) == {"functionCall": {"value": 1}, "thoughtText": "t", "same": "s", "items": []}


class _Model(BaseModel):
    y: Any = None


class _Vars:
    def __init__(self, y: Any) -> None:
        self.y = y


@pytest.mark.parametrize("make", [lambda y: Point(0, y), lambda y: _Model(y=y), lambda y: _Vars(y)], ids=["dataclass", "model", "object"])
def test_the_depth_limit_is_exact(make: Any) -> None:
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 8000))
    try:
        ok = make(1)
        for _ in range(MAX_OBJECT_DEPTH):  # 256 objects around the innermost: read
            ok = make(ok)
        assert to_data(ok) is not None
        with pytest.raises(toolwire.DecodeError) as exc:
            to_data(make(ok), "$.d")  # one more: refused
        assert exc.value.message == f"Object nesting at $.d is deeper than {MAX_OBJECT_DEPTH} (a cycle?)"
    finally:
        sys.setrecursionlimit(old)


def test_errors_inside_objects_keep_the_place() -> None:
    class Holder(BaseModel):
        model_config = ConfigDict(extra="allow", arbitrary_types_allowed=True)

        field: Any = None

    for obj in (Holder(field=int), Holder(other=int), _Vars(int), _Model(y=(int,))):
        for _ in range(2):  # a model class seen before takes the cached path
            with pytest.raises(toolwire.DecodeError) as exc:
                to_data(obj, "$.tool_calls[0]")
            assert exc.value.message == "Cannot read a type value at $.tool_calls[0]: <class 'int'>"
            assert exc.value.loc == "$.tool_calls[0]"


class _D(dict):  # type: ignore[type-arg]
    pass


class _Dump:
    def __init__(self, y: Any) -> None:
        self._y = y

    def to_dict(self) -> Any:
        return {"y": self._y}


class _Extra(BaseModel):
    model_config = ConfigDict(extra="allow")


@pytest.mark.parametrize(
    ("make", "most"),
    [(lambda y: _D(y=y), 257), (lambda y: (y,), 257), (lambda y: _Dump(y), 128), (lambda y: _Extra(y=y), 257)],
    ids=["dict-subclass", "tuple", "dump", "model-extra"],
)
def test_the_depth_limit_is_exact_in_every_branch(make: Any, most: int) -> None:
    """*most* levels around a plain value are read, one more is refused (a dump counts
    twice: the object, then the dict it gave)."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 8000))
    try:
        ok: Any = 1
        for _ in range(most):
            ok = make(ok)
        to_data(ok)
        with pytest.raises(toolwire.DecodeError) as exc:
            to_data(make(ok), "$.d")
        assert exc.value.loc == "$.d"
    finally:
        sys.setrecursionlimit(old)


def test_errors_in_containers_enums_and_dumps_keep_the_place() -> None:
    class Wrapped(enum.Enum):
        BAD = (int,)

    for obj in (_D(a=int), (1, int), _Dump(int), (Wrapped.BAD,)):
        with pytest.raises(toolwire.DecodeError) as exc:
            to_data(obj, "$.p")
        assert exc.value.loc == "$.p"
        assert exc.value.message == "Cannot read a type value at $.p: <class 'int'>"
    with pytest.raises(toolwire.DecodeError) as exc:
        to_data((int,))
    assert exc.value.loc == "$"


def _enum_around(value: Any) -> Any:
    """A member of a fresh enum whose value is a one-element tuple holding *value*."""
    return enum.Enum("Wrap", [("V", (value,))]).V


def test_the_depth_limit_is_exact_through_enums_whose_values_nest() -> None:
    """An enum counts one level and its value another (here a tuple): 128 enums around a
    plain value are 256 levels, read; one more is refused with the depth message."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 8000))
    try:
        ok: Any = "x"
        for _ in range(128):
            ok = _enum_around(ok)
        inner = to_data(ok)
        for _ in range(128):
            assert type(inner) is list and len(inner) == 1
            inner = inner[0]
        assert inner == "x"
        with pytest.raises(toolwire.DecodeError) as exc:
            to_data(_enum_around(ok), "$.e")
        assert exc.value.message == f"Object nesting at $.e is deeper than {MAX_OBJECT_DEPTH} (a cycle?)"
        assert exc.value.loc == "$.e"
    finally:
        sys.setrecursionlimit(old)


def test_a_null_the_object_was_given_is_kept_a_default_is_not() -> None:
    """A field set to ``None`` (in ``model_fields_set``: the wire said null, as Vertex's
    ``partialArgs[].nullValue`` does) is data; a field left at its default ``None`` is
    no value and is skipped, as before (extra fields given ``None`` too)."""
    inner, outer = _fresh_models()
    assert to_data(inner(value=1)) == {"value": 1}
    assert to_data(inner(value=1, note=None)) == {"value": 1, "note": None}
    assert to_data(inner.model_validate({"value": 1, "note": None})) == {"value": 1, "note": None}
    m = outer(functionCall=inner(value=1), extra_field=None)
    assert to_data(m) == {"functionCall": {"value": 1}, "items": []}
    m = outer(functionCall=inner(value=1), thought=None)
    assert to_data(m) == {"functionCall": {"value": 1}, "thoughtText": None, "items": []}


def test_google_genai_partial_arg_null_value() -> None:
    """google-genai ``PartialArg(json_path, null_value=None)`` read from the wire's
    ``{"jsonPath": "$.z", "nullValue": null}`` (protobuf's ``NullValue`` is JSON null):
    the null is the value; the unset ``stringValue`` etc. are not read."""
    types = pytest.importorskip("google.genai.types")
    pa = types.PartialArg.model_validate({"jsonPath": "$.z", "nullValue": None})
    assert to_data(pa) == {"jsonPath": "$.z", "nullValue": None}
    assert to_data(types.PartialArg.model_validate({"jsonPath": "$.a", "stringValue": "x"})) == {
        "jsonPath": "$.a", "stringValue": "x"}


def test_mistralai_unset_fields_are_left_out_not_read_as_empty_objects() -> None:
    # mistralai marks a field the wire did not send with UNSET (a falsy pydantic model of
    # no fields): read as ``{}`` it made ``delta.tool_calls: {}``, which a stricter stream
    # reader refuses as a malformed container
    try:
        from mistralai.client import models as mm
    except ImportError:  # mistralai before 2.0
        from mistralai import models as mm  # type: ignore[no-redef]

    chunk = {"id": "c", "model": "m", "object": "chat.completion.chunk", "created": 1,
             "choices": [{"index": 0, "delta": {"content": "hi"}, "finish_reason": None}]}
    data = to_data(mm.CompletionChunk.model_validate(chunk))
    assert data["choices"][0]["delta"] == {"content": "hi"}
    assert "usage" not in data


def test_fields_model_dump_leaves_out_are_left_out() -> None:
    """``Field(exclude=True)`` (anthropic ``ParsedTextBlock.parsed_output``: the caller's
    parsed model, which ``messages.parse()`` sets and the wire never held) is left out,
    as ``model_dump`` leaves it out."""

    class Block(BaseModel):
        text: str
        parsed: Optional[Dict[str, Any]] = Field(default=None, exclude=True)

    b = Block(text="x", parsed={"a": 1})
    assert to_data(b) == b.model_dump(by_alias=True) == {"text": "x"}


@pytest.mark.skipif(
    "exclude_if" not in getattr(FieldInfo, "__slots__", ()), reason="this pydantic has no Field(exclude_if=)"
)
def test_fields_excluded_by_their_value_are_left_out() -> None:
    class Block(BaseModel):
        text: str
        note: Optional[str] = Field(default=None, alias="noteText", exclude_if=lambda v: v == "")

    b = Block(text="x", noteText="")
    assert to_data(b) == b.model_dump(by_alias=True) == {"text": "x"}
    b = Block(text="x", noteText="n")
    assert to_data(b) == b.model_dump(by_alias=True) == {"text": "x", "noteText": "n"}


def test_anthropic_parsed_output_is_not_read() -> None:
    pytest.importorskip("anthropic")
    from anthropic._models import construct_type
    from anthropic.types import ParsedMessage

    class Out(BaseModel):
        a: int

    msg = construct_type(type_=ParsedMessage[Out], value={
        "id": "m", "type": "message", "role": "assistant", "model": "c", "stop_reason": "end_turn",
        "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1},
        "content": [{"type": "text", "text": '{"a":1}'}]})
    msg.content[0].parsed_output = Out(a=1)  # what ``messages.parse()`` sets
    assert to_data(msg)["content"] == [{"type": "text", "text": '{"a":1}'}]
    conv = toolwire.decode_conversation([{"role": "user", "content": "x"}, msg])
    assert toolwire.encode_conversation(conv, "anthropic.messages")["messages"][1] == {
        "role": "assistant", "content": [{"type": "text", "text": '{"a":1}'}]}


def test_model_classes_made_per_request_are_freed() -> None:
    """A class made per request (``pydantic.create_model``: dynamic output models,
    generic parametrisations) is not kept alive by having been read, on any registry."""
    import gc
    import weakref

    from pydantic import create_model

    from toolwire import _access

    reg = toolwire.default_registry().copy()
    refs = []
    for i in range(60):
        call = create_model(f"Call{i}", name=(str, ...), args=(dict, ...), id=(str, ...))
        reply = create_model(f"Reply{i}", tool_calls=(list, ...))
        aliased = create_model(f"Aliased{i}", extra=(Optional[Dict[str, Any]], Field(None, alias="xExtra")))
        item = call(name="f", args={"a": i}, id=f"call_{i}")
        assert toolwire.decode(item, registry=reg if i % 2 else None) == toolwire.ToolCall("f", {"a": i}, f"call_{i}")
        assert len(toolwire.decode_all(reply(tool_calls=[item]))) == 1
        assert to_data(aliased(xExtra={"k": i})) == {"xExtra": {"k": i}}
        refs += [weakref.ref(call), weakref.ref(reply), weakref.ref(aliased)]
        del call, reply, aliased, item
    gc.collect()
    assert sum(r() is not None for r in refs) == 0
    assert all(e[0]() is not None for e in _access._SEEN.values())  # their entries went with them


def test_a_freed_class_leaves_no_entry_to_answer_for_a_class_given_its_id() -> None:
    """Entries are keyed by the class's id: a freed class's entry goes with it (before
    its id can be reused), so it never answers for another class."""
    import gc

    from pydantic import create_model

    from toolwire import _access

    plain = create_model("Item", name=(str, ...))
    assert to_data(plain(name="x")) == {"name": "x"}
    key = id(plain)
    assert key in _access._SEEN
    del plain
    gc.collect()
    assert key not in _access._SEEN
    aliased = create_model("Item", name=(str, Field(..., alias="theName")))
    assert to_data(aliased(theName="x")) == {"theName": "x"}
