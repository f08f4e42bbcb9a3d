"""Responses ``namespace`` tools (openai-python ``NamespaceToolParam``: ``{"type":
"namespace", "name", "description", "tools": [function | custom]}``): ``decode_tool``
reads a namespace of one tool (and writes it back whole), ``validate_call`` reads every
tool of one and matches a ``function_call`` by its ``namespace`` and ``name``, as the API
names the function to run (``ResponseFunctionToolCall.namespace``)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import InvalidToolCall, ToolCall, validate_call

R = "openai.responses"
CRM: Dict[str, Any] = {"type": "namespace", "name": "crm", "description": "CRM tools", "tools": [
    {"type": "function", "name": "get_customer", "description": "A customer by id",
     "parameters": {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]},
     "strict": None}]}
ERP: Dict[str, Any] = {"type": "namespace", "name": "erp", "description": "ERP tools", "tools": [
    {"type": "function", "name": "get_customer", "parameters": {"type": "object", "properties": {
        "id": {"type": "string"}}, "required": ["id"]}, "strict": None},
    {"type": "custom", "name": "run_sql"}]}


def _call(namespace: Any, args: str) -> Dict[str, Any]:
    call = {"type": "function_call", "call_id": "call_1", "name": "get_customer", "arguments": args}
    if namespace is not None:
        call["namespace"] = namespace
    return call


def test_the_sdk_takes_the_shapes() -> None:
    from openai.types.responses import ResponseFunctionToolCall, ToolParam
    from pydantic import TypeAdapter

    TypeAdapter(ToolParam).validate_python(CRM)
    TypeAdapter(ToolParam).validate_python(ERP)
    assert ResponseFunctionToolCall.model_validate(_call("crm", "{}")).namespace == "crm"


def test_decode_tool_reads_a_namespace_of_one_tool_and_writes_it_back() -> None:
    assert toolwire.detect(CRM) == R
    tool = toolwire.decode_tool(CRM)
    assert (tool.name, tool.description, tool.parameters) == (
        "get_customer", "A customer by id", CRM["tools"][0]["parameters"])
    assert toolwire.encode_tool(tool, R) == CRM


def test_decode_tool_refuses_a_namespace_of_several_tools() -> None:
    with pytest.raises(toolwire.DecodeError) as err:
        toolwire.decode_tool(ERP, R)
    assert str(err.value).startswith(
        "An openai.responses namespace at $ holds 2 tools, not one; decode each of $.tools[i]")
    assert err.value.loc == "$.tools"


def test_validate_call_matches_namespace_and_name() -> None:
    tools = [CRM, ERP, {"type": "web_search"}]
    bad = validate_call(_call("crm", '{"id": "c-7"}'), tools)
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == "Arguments of 'get_customer' do not match its schema: $.id: \"c-7\" is not of type integer (type)."
    ok = validate_call(_call("erp", '{"id": "c-7"}'), tools)
    assert type(ok) is ToolCall and ok.args == {"id": "c-7"}
    run = validate_call({"type": "custom_tool_call", "call_id": "call_2", "namespace": "erp", "name": "run_sql",
                         "input": "select 1"}, tools)
    assert type(run) is ToolCall


@pytest.mark.parametrize(("namespace", "shown"), [(None, "'get_customer'"), ("hr", "'get_customer' in 'hr'")])
def test_a_call_outside_the_namespaces_is_an_unknown_tool(namespace: Any, shown: str) -> None:
    bad = validate_call(_call(namespace, '{"id": 1}'), [CRM, ERP])
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == (f"Unknown tool {shown}; the tools offered are: crm.get_customer, erp.get_customer, "
                         "erp.run_sql.")


def test_a_name_twice_in_one_namespace_raises() -> None:
    twice = {**CRM, "tools": [CRM["tools"][0], CRM["tools"][0]]}
    with pytest.raises(toolwire.DecodeError, match=r"both named 'get_customer' in 'crm'"):
        validate_call(_call("crm", "{}"), [twice])
