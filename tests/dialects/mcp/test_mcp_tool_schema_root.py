"""An MCP tool whose ``inputSchema`` declares a type other than ``"object"`` is refused
when read, at ``$.inputSchema.type`` (MCP schema.ts ``Tool.inputSchema``: ``{type:
"object", properties?, required?}``), as Anthropic's reader refuses the same at
``$.input_schema.type``; the writer refused it already, so it was read and could not be
written back."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire import DecodeError, decode_tool, encode_tool


@pytest.mark.parametrize("kind", ["string", ["object", "null"], None, "array"])
def test_a_root_of_another_type_is_refused_at_its_place(kind: Any) -> None:
    with pytest.raises(DecodeError) as info:
        decode_tool({"name": "x", "inputSchema": {"type": kind}}, "mcp")
    assert info.value.loc == "$.inputSchema.type"
    assert info.value.message.startswith("Tool inputSchema at $.inputSchema.type must be 'object', got ")


def test_an_object_root_still_round_trips() -> None:
    wire = {"name": "x", "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}}}}
    assert encode_tool(decode_tool(wire, "mcp"), "mcp") == wire
