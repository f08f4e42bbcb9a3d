"""pydantic's MockValSer serializer bug (pydantic#7713, pydantic#13647, pydantic-core#1866).

SDK classes built with ``defer_build=True`` keep a placeholder serializer; dumping
their instances nested in another model raises ``TypeError: 'MockValSer' object
cannot be converted to 'SchemaSerializer'`` (pydantic <= 2.12) or ``... is not an
instance of 'SchemaSerializer'`` (2.13), also wrapped in PydanticSerializationError.
toolwire reads such objects without calling any serializer.
"""

from __future__ import annotations

from typing import Any, List

import pytest
from pydantic import BaseModel
from pydantic.errors import PydanticUserError
from pydantic_core import PydanticSerializationError

import toolwire

MSG_OLD = "'MockValSer' object cannot be converted to 'SchemaSerializer'"
MSG_NEW = "'MockValSer' object is not an instance of 'SchemaSerializer'"
# a class whose deferred build cannot finish (a forward reference never defined)
MSG_UNDEFINED = "`Call` is not fully defined; you should define `Later`, then call `Call.model_rebuild()`."
EXPECTED = toolwire.ToolCall(name="get_weather", args={"city": "Paris"}, id="call_1")


class Envelope(BaseModel):
    """Stands in for a framework container (e.g. a LiteLLM ModelResponse) with Any fields."""

    tool_calls: List[Any]


def _poison(cls: type) -> Any:
    mock_mod = pytest.importorskip("pydantic._internal._mock_val_ser")
    old = cls.__dict__.get("__pydantic_serializer__")
    cls.__pydantic_serializer__ = mock_mod.MockValSer(  # type: ignore[attr-defined]
        "simulated deferred build",
        code="class-not-fully-defined",
        val_or_ser="serializer",
        attempt_rebuild=None,
    )
    return old


def test_real_openai_tool_call_with_a_mock_serializer() -> None:
    pytest.importorskip("openai")
    from openai._models import construct_type
    from openai.types.chat import ChatCompletionMessageFunctionToolCall as Cls

    wire = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}
    tc = construct_type(type_=Cls, value=wire)
    old = _poison(Cls)
    try:
        # the genuine failure, as seen by frameworks that dump the SDK object
        with pytest.raises(TypeError, match="SchemaSerializer"):
            Envelope(tool_calls=[tc]).model_dump()
        with pytest.raises(PydanticSerializationError, match="SchemaSerializer"):
            Envelope(tool_calls=[tc]).model_dump_json()
        # toolwire is immune
        assert toolwire.decode(tc) == EXPECTED
        assert toolwire.decode_all(Envelope(tool_calls=[tc])) == [EXPECTED]
        assert toolwire.encode(toolwire.decode(tc), "openai.chat") == wire
    finally:
        Cls.__pydantic_serializer__ = old


class _Fn:
    def __init__(self) -> None:
        self.name = "get_weather"
        self.arguments = '{"city":"Paris"}'


@pytest.mark.parametrize(
    "error",
    [
        TypeError(MSG_OLD),
        TypeError(MSG_NEW),
        PydanticSerializationError(f"Error serializing to JSON: TypeError: {MSG_NEW}"),
        PydanticUserError(MSG_UNDEFINED, code="class-not-fully-defined"),
        TypeError("expected a SchemaSerializer here"),  # each word alone is enough
        TypeError("a MockValSer was met"),
    ],
    ids=["old-wording", "new-wording", "json-wrapped", "not-fully-defined", "serializer-only", "mock-only"],
)
def test_foreign_object_whose_dump_raises_falls_back_to_attributes(error: Exception) -> None:
    class Poisoned:
        """Not a pydantic model; its dump methods raise like the real bug."""

        def __init__(self) -> None:
            self.id = "call_1"
            self.type = "function"
            self.function = _Fn()

        def model_dump(self, *a: Any, **k: Any) -> Any:
            raise error

        def to_dict(self, *a: Any, **k: Any) -> Any:
            raise error

    assert toolwire.decode(Poisoned()) == EXPECTED


def test_other_dump_errors_are_toolwire_errors() -> None:
    class Broken:
        def model_dump(self) -> Any:
            raise RuntimeError("boom")

    with pytest.raises(toolwire.DecodeError, match="boom"):
        toolwire.decode(Broken())


def test_a_class_that_is_not_fully_defined_falls_back_in_a_list_too() -> None:
    """pydantic raises ``PydanticUserError: ... is not fully defined`` (a RuntimeError, not
    the TypeError) when a deferred build cannot finish; every item of a list falls back."""

    class Undefined:
        def __init__(self, ident: str) -> None:
            self.id = ident
            self.type = "function"
            self.function = _Fn()

        def model_dump(self, *a: Any, **k: Any) -> Any:
            raise PydanticUserError(MSG_UNDEFINED, code="class-not-fully-defined")

    calls = toolwire.decode_all([Undefined("call_1"), Undefined("call_2")])
    assert calls == [EXPECTED, EXPECTED.replace(id="call_2")]
