"""``ToolCalls`` reads its items as the ``ToolCall`` field reads them.

The ``ToolCall`` field's dict form (README "Canonical values": "validated from and
dumped to the dict form"; its JSON schema requires only ``name``) reads
``{"name": "get_time"}`` as a call without arguments, and ``as_dict()`` /
``model_dump()`` as the call dumped. Before, ``ToolCalls`` gave ``[]`` for the first
(Gemini claims it as a function declaration, and a list of calls passed it over) and
"matches no known dialect" for the second: one value was a call in one field and
vanished, or failed, in the other. A tool definition among its items raises at its path.
"""

from __future__ import annotations

from typing import Any, Dict

import pydantic
import pytest

from toolwire import DecodeError, ToolCall, ToolCalls

CALL_F = {"name": "f", "args": {}}
WEATHER_PARAMS = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
# https://platform.openai.com/docs/api-reference/chat/create (``tools``)
CHAT_TOOLS = [
    {"type": "function", "function": {"name": "get_weather", "description": "Weather of a city.",
                                      "parameters": WEATHER_PARAMS}},
    {"type": "function", "function": {"name": "get_time"}},
]
# items detection claims as tool definitions (none is in the ``ToolCall`` dict form)
DEFINITIONS = [
    {"name": "get_weather", "parameters": {"city": "Paris"}},
    {"type": "function", "name": "get_time", "arguments": "{}"},
    {"name": "get_time", "args": {}, "type": "function"},
    {"type": "function", "function": {"name": "get_time"}},
    {"function": {"name": "get_time"}},
]


class Reply(pydantic.BaseModel):
    call: ToolCall
    calls: ToolCalls


def test_the_field_and_the_list_agree() -> None:
    r = Reply.model_validate({"call": {"name": "get_time"}, "calls": [{"name": "get_time"}]})
    assert r.call == ToolCall("get_time")
    assert r.calls == [ToolCall("get_time")]


@pytest.mark.parametrize("value", [
    [{"name": "get_time"}],
    '[{"name": "get_time"}]',
    {"name": "get_time"},
    '{"name": "get_time"}',
    [{"name": "get_time", "id": "c1"}],
    [ToolCall("get_time", {}, "c1").as_dict()],
])
def test_tool_calls_reads_the_dict_form(value: Any) -> None:
    got = ToolCalls(value)
    assert [(c.name, c.args) for c in got] == [("get_time", {})]


def test_tool_calls_reads_the_dict_form_beside_calls() -> None:
    got = ToolCalls([{"name": "get_time"}, {"name": "f", "args": {"a": 1}}])
    assert got == [ToolCall("get_time"), ToolCall("f", {"a": 1})]


def test_a_model_dump_reads_back() -> None:
    class A(pydantic.BaseModel):
        calls: list[ToolCall]

    class B(pydantic.BaseModel):
        calls: ToolCalls

    c = ToolCall("f", {"a": 1}, "c1")
    assert B.model_validate(A(calls=[c]).model_dump()).calls == [c]


@pytest.mark.parametrize("item", DEFINITIONS)
def test_tool_calls_refuses_a_definition(item: Dict[str, Any]) -> None:
    with pytest.raises(DecodeError) as exc:
        ToolCalls([item])
    assert exc.value.loc == "$[0]"
    with pytest.raises(pydantic.ValidationError, match=r"\$\[0\]"):
        Reply.model_validate({"call": {"name": "x"}, "calls": [item]})


def test_tool_calls_refuses_a_list_of_definitions() -> None:
    with pytest.raises(DecodeError) as exc:
        ToolCalls(CHAT_TOOLS)
    assert exc.value.loc == "$[0]"


def test_a_bad_dict_form_is_placed() -> None:
    with pytest.raises(DecodeError) as exc:
        ToolCalls([CALL_F, {"name": "", "id": "c1"}])
    assert exc.value.loc == "$[1].name"
    assert "name at $[1].name must be a non-empty string" in str(exc.value)
