"""The ``canonical`` dialect reads what toolwire's own values write: its wire form
(``{"name", "args", "id"}``, ``"server": true`` for a call its provider runs) and the
dict forms of the values (``as_dict()``, pydantic ``model_dump()`` in python and JSON
mode), and claims no shape another dialect's detection takes first."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pydantic
import pytest
from hypothesis import given
from hypothesis import strategies as st

import toolwire
from toolwire import DecodeError, Tool, ToolCall, ToolCalls, ToolResult
from toolwire import strategies as tws
from toolwire._builtin import default_registry

# what ``convert(..., to="canonical")`` wrote for an Anthropic ``server_tool_use`` block
SERVER_WIRE = {"name": "web_search", "args": {"q": "x"}, "id": "srvtoolu_1", "server": True}


def _same(a: Any, b: Any) -> bool:
    """Equal with every field, the fidelity data too (``==`` sees name, args and id)."""
    return type(a) is type(b) and a.as_dict() == b.as_dict()


# --- a call the provider runs: returned only when asked for -----------------------------------


def test_server_call_in_canonical_form_is_left_out_by_decode_all() -> None:
    assert toolwire.decode_all(SERVER_WIRE) == []
    assert toolwire.decode_all([SERVER_WIRE]) == []
    assert toolwire.decode_all(json.dumps([SERVER_WIRE])) == []
    assert toolwire.decode_all(SERVER_WIRE, "canonical") == []
    assert toolwire.decode_all([SERVER_WIRE, {"name": "g", "args": {}}]) == [ToolCall("g")]
    [got] = toolwire.decode_all(SERVER_WIRE, include_server=True)
    assert got.server and got == ToolCall("web_search", {"q": "x"}, "srvtoolu_1")


def test_server_call_in_canonical_form_is_explained_as_server() -> None:
    assert toolwire.explain(SERVER_WIRE)[:2] == ("canonical", "server")
    assert toolwire.explain({"name": "f", "args": {}, "id": "c", "server": False})[:2] == ("canonical", "call")


def test_server_call_from_anthropic_through_canonical_stays_a_server_call() -> None:
    srv = toolwire.decode_all({"role": "assistant", "content": [
        {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"q": "x"}}]},
        include_server=True)
    wire = toolwire.convert(srv, to="canonical")
    assert wire == [SERVER_WIRE]
    assert toolwire.decode_all(wire) == []
    assert ToolCalls(wire) == []


# --- the values' own dict forms --------------------------------------------------------------


def test_tool_call_as_dict_is_read_back() -> None:
    c = ToolCall("f", {"a": 1}, "c1")
    assert c.as_dict() == {"name": "f", "args": {"a": 1}, "id": "c1", "raw": None, "provider_data": {},
                           "repairs": [], "server": False}
    assert toolwire.decode_all(c.as_dict()) == [c]
    assert toolwire.decode(c.as_dict()) == c
    assert ToolCalls([c.as_dict()]) == [c]
    assert toolwire.explain(c.as_dict())[:2] == ("canonical", "call")


def test_tool_call_name_and_id_is_a_call() -> None:
    assert toolwire.decode_all({"name": "f", "id": "c1"}) == [ToolCall("f", {}, "c1")]
    assert toolwire.decode({"name": "f", "id": "c1"}).repairs == ("empty-arguments",)
    assert toolwire.decode({"name": "f"}, "canonical") == ToolCall("f")


def test_tool_call_pydantic_dump_is_read_by_tool_calls() -> None:
    class A(pydantic.BaseModel):
        calls: List[ToolCall]

    class B(pydantic.BaseModel):
        calls: ToolCalls

    c = ToolCall("f", {"a": 1}, "c1", raw='{"a": 1}', provider_data={"openai.responses": {"id": "fc_1"}},
                 repairs=("double-encoded",))
    for dumped in (A(calls=[c]).model_dump(), json.loads(A(calls=[c]).model_dump_json())):
        [got] = B.model_validate(dumped).calls
        assert _same(got, c)


def test_fidelity_fields_of_the_dict_form_are_checked_with_their_path() -> None:
    cases = [
        ({"name": "f", "args": {}, "raw": 5}, "$.raw"),
        ({"name": "f", "args": {}, "repairs": "json-repair"}, "$.repairs"),
        ({"name": "f", "args": {}, "repairs": [1]}, "$.repairs[0]"),
        ({"name": "f", "args": {}, "provider_data": []}, "$.provider_data"),
        ({"name": "f", "args": {}, "provider_data": {"gemini": 1}}, "$.provider_data.gemini"),
        ({"name": "f", "args": {}, "provider_data": {"gemini": {"x": float("nan")}}}, "$.provider_data.gemini.x"),
        ({"name": "f", "args": "{}", "raw": "{ }"}, "$.raw"),
    ]
    for item, loc in cases:
        with pytest.raises(DecodeError) as info:
            toolwire.decode(item, "canonical")
        assert (info.value.loc, info.value.dialect) == (loc, "canonical"), item


def test_tool_and_result_as_dict_are_read_back() -> None:
    t = Tool("f", "Does f", {"type": "object"}, provider_data={"gemini": {"behavior": "BLOCKING"}})
    assert _same(toolwire.decode_tool(t.as_dict()), t)
    r = ToolResult(id="c1", name="f", content="ok", provider_data={"anthropic.messages": {"cache_control": {}}})
    assert _same(toolwire.decode_result(r.as_dict()), r)
    assert _same(toolwire.decode_tool(Tool("g").as_dict()), Tool("g"))
    assert _same(toolwire.decode_result(ToolResult(id="x", content=[]).as_dict()), ToolResult(id="x", content=[]))


def _claims(item: Dict[str, Any]) -> List[str]:
    """Every registered dialect whose claim (``detect``, else ``sniff``) takes *item*."""
    out = []
    for d in default_registry():
        claim = d.detect or d.sniff
        try:
            hit = claim(item)
        except Exception:
            hit = None
        if hit is not None:
            out.append(d.name)
    return out


_calls = st.one_of(
    st.builds(lambda c, server: c.replace(server=server), tws.tool_calls(), st.booleans()),
    tws.payloads(expected=True).map(lambda p: toolwire.decode_all(p.value, include_server=True)).filter(bool)
    .flatmap(st.sampled_from),
)


@given(_calls, st.sampled_from(["as_dict", "python", "json"]))
def test_every_dict_form_of_a_call_is_read_back_by_canonical_only(call: ToolCall, mode: str) -> None:
    form = call.as_dict() if mode == "as_dict" else pydantic.TypeAdapter(ToolCall).dump_python(call, mode=mode)
    assert _claims(form) == ["canonical"]
    assert toolwire.detect(form) == "canonical"
    kind = "server" if call.server else "call"
    assert toolwire.explain(form)[:2] == ("canonical", kind)
    [got] = toolwire.decode_all(form, include_server=True)
    assert _same(got, call)
    assert toolwire.decode_all(form) == ([] if call.server else [call])
    assert _same(toolwire.decode(form, "canonical"), call)
    assert _same(pydantic.TypeAdapter(ToolCall).validate_python(form), call)  # the field reads it alike


@given(st.one_of(tws.tools(), tws.tool_results()), st.sampled_from(["as_dict", "python", "json"]))
def test_every_dict_form_of_a_tool_or_result_is_read_back_by_canonical_only(value: Any, mode: str) -> None:
    form = value.as_dict() if mode == "as_dict" else pydantic.TypeAdapter(type(value)).dump_python(value, mode=mode)
    assert _claims(form) == ["canonical"]
    read = toolwire.decode_tool if type(value) is Tool else toolwire.decode_result
    assert _same(read(form), value)
    assert _same(read(form, "canonical"), value)
