"""Tool definitions of ``mcp`` (see ``calls``), and the JSON-RPC envelope (``jsonrpc``,
``id``) that requests and responses share (results: ``results``).

Follows https://modelcontextprotocol.io/specification/2025-11-25/server/tools and the
schema ``schema/2025-11-25/schema.ts`` (``Tool``), checked 2026-11-30: a ``Tool`` is
``{"name", "title", "description", "inputSchema", ...}`` (its other fields, and a
``description`` sent as null, as the python SDK's ``Tool`` dumps an unset one, are
provider data written back to ``mcp`` only).
"""

from __future__ import annotations

import re
from typing import Any, Dict, Optional

from ..._dialect import EncodeContext
from ..._errors import DecodeError, excerpt
from ..._ids import rule
from ..._payload_paths import tool_at
from ..._types import Tool
from .._common import name_of, object_schema, opt_str, scoped, tool_description

__all__ = ["IDS", "NAME", "NAMES", "decode_tool", "encode_tool", "envelope", "rpc_id"]

NAME = "mcp"
IDS = rule(required=True, prefix="call_", length=24)
# the names MCP recommends (2025-11-25: "Tool names SHOULD be between 1 and 128 characters",
# "SHOULD NOT contain spaces..."): a SHOULD, which the python SDK only warns about and
# serves; the dialect writes back any name it reads, so this is no rule of it (``names``)
NAMES = re.compile(r"[A-Za-z0-9_.-]{1,128}")


def rpc_id(item: Dict[str, Any], loc: str, pd: Dict[str, Any]) -> Optional[str]:
    rid = item.get("id")
    if type(rid) is int and not isinstance(rid, bool):
        pd["int_id"] = True
    if "id" not in item:
        pd["no_id"] = True
    elif rid is None or rid == "":  # no canonical id, but the wire value is kept
        pd["id"] = rid
    if item.get("jsonrpc") != "2.0":
        pd["jsonrpc"] = item.get("jsonrpc")
    return opt_str(rid, loc + ".id", NAME, ints=True)


def _wire_id(ident: Optional[str], pd: Dict[str, Any]) -> Any:
    if ident is not None and pd.get("int_id") and re.fullmatch(r"-?[0-9]+", ident):
        return int(ident)
    return ident


def envelope(pd: Dict[str, Any], ident: Optional[str], ctx: Optional[EncodeContext] = None) -> Dict[str, Any]:
    """``jsonrpc`` and ``id``; a numeric id is written as a number, and an ``IdMap`` in
    *ctx* records it (``numbers``), so that the result answering the call keeps it one."""
    out: Dict[str, Any] = {}
    if pd.get("jsonrpc", "2.0") is not None:
        out["jsonrpc"] = pd.get("jsonrpc", "2.0")
    if not pd.get("no_id"):
        numbers = ctx.ids.numbers if ctx is not None and ctx.ids is not None else None
        wire = pd["id"] if ident is None and "id" in pd else _wire_id(ident, pd)
        if type(wire) is int and numbers is not None and ident is not None:
            numbers.add(ident)
        elif numbers and ident is not None and ident in numbers and type(wire) is str:
            wire = int(ident)
        out["id"] = wire
    return out


def decode_tool(item: Dict[str, Any], loc: str) -> Tool:
    schema = item.get("inputSchema")
    if schema is None:  # required (schema.ts ``Tool``): never made up on the way back
        raise DecodeError(f"Tool inputSchema at {loc}.inputSchema is missing: {NAME} requires one", dialect=NAME,
                          loc=f"{loc}.inputSchema")
    if type(schema) is not dict:
        raise DecodeError(
            f"Tool inputSchema at {loc}.inputSchema must be an object", dialect=NAME, loc=f"{loc}.inputSchema"
        )
    if "type" in schema and schema["type"] != "object":  # schema.ts ``inputSchema: {type: "object", ...}``
        where = f"{loc}.inputSchema.type"  # (as the writer says, ``object_schema``; no type: it adds one)
        raise DecodeError(f"Tool inputSchema at {where} must be 'object', got {excerpt(schema['type'])}",
                          dialect=NAME, loc=where)
    rest = {k: v for k, v in item.items() if k not in ("name", "description", "inputSchema")}
    description = tool_description(item.get("description"), loc + ".description", NAME)
    if description is None and "description" in item:  # the python SDK's ``Tool`` dumps an unset one as null
        rest[_NULL_DESCRIPTION] = True
    return tool_at(
        NAME,
        {"$.parameters": loc + ".inputSchema", "$.description": loc + ".description"},
        name=name_of(item.get("name"), loc + ".name", NAME),
        description=description,
        parameters=schema,
        provider_data={NAME: rest} if rest else {},
    )


_NULL_DESCRIPTION = "null_description"  # provider data beside the tool's other fields (title, annotations...)


def encode_tool(tool: Tool) -> Dict[str, Any]:
    pd = scoped(tool, NAME)
    out: Dict[str, Any] = {"name": tool.name}
    if tool.description is not None or pd.get(_NULL_DESCRIPTION):
        out["description"] = tool.description
    out["inputSchema"] = object_schema(tool.name, tool.parameters, NAME, "inputSchema") \
        if tool.parameters is not None else {"type": "object"}
    out.update((k, v) for k, v in pd.items() if k != _NULL_DESCRIPTION)
    return out
