"""The wire round trip of tool definitions (tests/dialects/test_tool_definitions_round_trip*.py):
a definition read from its own dialect is written back exactly (DESIGN.md invariant 3),
one documented exception aside (``as_written``)."""

from __future__ import annotations

from typing import Any, Dict

import toolwire
from toolwire import Tool

C, R, A, G, B = "openai.chat", "openai.responses", "anthropic.messages", "gemini", "bedrock.converse"
M, CO, OL, MCP, CAN = "mistral", "cohere.v2", "ollama", "mcp", "canonical"
DIALECTS = (C, R, A, G, B, M, CO, OL, MCP, CAN)


def _written(tool: Tool, dialect: str) -> Any:
    try:
        return toolwire.encode_tool(tool, dialect)
    except toolwire.ToolwireError as e:
        return type(e), str(e)


EMPTY = {"type": "object", "properties": {}}


def as_written(wire: Dict[str, Any], dialect: str) -> Dict[str, Any]:
    """*wire* as it is written back: itself, but for an OpenAI Chat function without
    ``parameters``, which gets the empty object schema (the documented equivalent;
    a strict one's closed, as strict mode needs)."""
    fn = wire.get("function")
    if dialect != C or wire.get("type") != "function" or type(fn) is not dict or "parameters" in fn:
        return wire
    params = {**EMPTY, "additionalProperties": False} if fn.get("strict") is True else EMPTY
    return {**wire, "function": {**fn, "parameters": params}}


def check_round_trip(wire: Dict[str, Any], dialect: str, function: bool = True) -> None:
    """*wire* written back exactly (``as_written``); *function*: a plain function tool
    (not a custom tool, a namespace or a provider's built-in, whose provider data other
    dialects read to convert or refuse it), written to every other dialect as if it held
    no provider data of *dialect*."""
    tool = toolwire.decode_tool(wire, dialect)
    written = as_written(wire, dialect)
    assert toolwire.encode_tool(tool, dialect) == written
    if written is not wire:  # the equivalent written form is itself written back exactly
        assert toolwire.encode_tool(toolwire.decode_tool(written, dialect), dialect) == written
    bare = Tool(tool.name, tool.description, tool.parameters, tool.strict)
    assert tool == bare and hash(tool) == hash(bare)  # provider data is fidelity data
    for other in DIALECTS if function else ():  # what rides along is this dialect's only
        if other != dialect:
            kept = {k: v for k, v in tool.provider_data.items() if k != dialect}
            assert _written(tool, other) == _written(tool.replace(provider_data=kept), other), other
