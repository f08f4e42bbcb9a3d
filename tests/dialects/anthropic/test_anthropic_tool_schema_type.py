"""A tool's schema written where the API wants ``"type": "object"`` at its top
(Anthropic ``input_schema``: anthropic-sdk-python ``InputSchemaTyped.type:
Required[Literal["object"]]``; Converse ``inputSchema.json``: "top-level schema type
must be object"; MCP ``inputSchema``: ``type: "object"``, MCP ``schema.ts`` ``Tool``):
``"type": "object"`` added to a schema with no type, any other type refused."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import EncodeError, Tool

CHAT_EMPTY = {"type": "function", "function": {"name": "f", "parameters": {}}}
WHERE = {
    "anthropic.messages": lambda out: out["input_schema"],
    "bedrock.converse": lambda out: out["toolSpec"]["inputSchema"]["json"],
    "mcp": lambda out: out["inputSchema"],
}
FIELD = {"anthropic.messages": "input_schema", "bedrock.converse": "inputSchema.json", "mcp": "inputSchema"}


@pytest.mark.parametrize("target", list(WHERE))
def test_a_schema_without_a_type_is_written_as_an_object(target: str) -> None:
    out = toolwire.convert(CHAT_EMPTY, target)
    assert WHERE[target](out) == {"type": "object"}
    assert toolwire.decode_tool(out, target).name == "f"  # toolwire's own decoder took no "{}" (anthropic)
    props: Dict[str, Any] = {"properties": {"a": {"type": "string"}}, "required": ["a"]}
    out = toolwire.encode_tool(Tool("f", parameters=props), target)
    assert WHERE[target](out) == {"type": "object", **props}
    assert props == {"properties": {"a": {"type": "string"}}, "required": ["a"]}  # the Tool's own is left alone


def test_the_anthropic_sdk_takes_the_written_schema() -> None:
    from anthropic.types.tool_param import InputSchemaTyped
    from pydantic import TypeAdapter

    out = toolwire.convert(CHAT_EMPTY, "anthropic.messages")
    TypeAdapter(InputSchemaTyped).validate_python(out["input_schema"])  # type is Required[Literal["object"]]


@pytest.mark.parametrize("target", list(WHERE))
@pytest.mark.parametrize("kind", ["string", ["object", "null"]], ids=["string", "object-or-null"])
def test_a_schema_of_another_type_is_refused(target: str, kind: Any) -> None:
    with pytest.raises(EncodeError) as err:
        toolwire.encode_tool(Tool("f", parameters={"type": kind}), target)
    shown = "'string'" if kind == "string" else "['object', 'null']"
    assert str(err.value) == (
        f"Tool 'f' cannot be written as {target}: its {FIELD[target]} must be of type 'object', and its "
        f"parameters are of type {shown}"
    )
