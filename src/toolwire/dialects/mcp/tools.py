"""Tool definitions and tool results of ``mcp`` (see ``calls``), and the JSON-RPC
envelope (``jsonrpc``, ``id``) that requests and responses share.

Follows https://modelcontextprotocol.io/specification/2025-11-25/server/tools and the
schema ``schema/2025-11-25/schema.ts`` (``Tool``, ``CallToolResult``), checked
2026-11-30: a ``Tool`` is ``{"name", "title", "description", "inputSchema", ...}`` (its
other fields, and a ``description`` sent as null, as the python SDK's ``Tool`` dumps an
unset one, are provider data written back to ``mcp`` only); a
result is a ``CallToolResult`` ``{"content": [blocks], "structuredContent", "isError"}``
or the JSON-RPC response holding it, or a JSON-RPC ``error`` response.
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, List, Optional, Tuple

from ..._dialect import EncodeContext
from ..._errors import DecodeError, EncodeError, an, excerpt
from ..._ids import rule
from ..._types import Tool, ToolResult, evolve
from .._common import as_dict, error_flag, name_of, object_schema, opt_str, result_id, scoped, tool_description
from .._result_media import ResultMedia, rewrite_media

__all__ = ["IDS", "NAME", "NAMES", "decode_result", "decode_tool", "encode_result", "encode_tool", "envelope",
           "read_back", "rpc_id"]

NAME = "mcp"
IDS = rule(required=True, prefix="call_", length=24)
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
    rest = {k: v for k, v in item.items() if k not in ("name", "description", "inputSchema")}
    description = tool_description(item.get("description"), loc + ".description", NAME)
    if description is None and "description" in item:  # the python SDK's ``Tool`` dumps an unset one as null
        rest[_NULL_DESCRIPTION] = True
    return Tool(
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


def _text_json(text: Any, value: Any) -> bool:
    try:
        return type(text) is str and bool(json.loads(text) == value)
    except (ValueError, RecursionError):
        return False


def _body_in(body: Dict[str, Any], loc: str) -> Tuple[Any, bool]:
    """Canonical content and error flag of a CallToolResult."""
    blocks = body.get("content")
    if blocks is None:
        blocks = []
    if not isinstance(blocks, list):
        raise DecodeError(
            f"CallToolResult content at {loc}.content must be a list", dialect=NAME, loc=f"{loc}.content"
        )
    parts: List[Dict[str, Any]] = []
    for i, block in enumerate(blocks):
        b = as_dict(block, f"{loc}.content[{i}]", NAME, "a content block")
        if b.get("type") == "text":
            text = b.get("text", "")
            if type(text) is not str:
                raise DecodeError(f"Text block at {loc}.content[{i}].text must hold a string, got {excerpt(text)}",
                                  dialect=NAME, loc=f"{loc}.content[{i}].text")
            b = {"type": "text", "text": text}
        parts.append(b)
    if "structuredContent" in body:
        value = body["structuredContent"]
        for i, p in enumerate(parts):
            if p.get("type") == "text" and _text_json(p["text"], value):
                parts[i] = {"type": "json", "json": value}
                break
        else:
            parts.append({"type": "json", "json": value})
    content: Any = parts if parts else ""
    return content, error_flag(body.get("isError"), loc + ".isError", NAME)


# content blocks (https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool-result):
# each type and the member that says it is in MCP's own shape
_CONTENT = {"text": "text", "image": "mimeType", "audio": "mimeType", "resource": "resource", "resource_link": "uri"}


def _own(part: Dict[str, Any]) -> bool:
    member = _CONTENT.get(part.get("type"))  # type: ignore[arg-type]
    return member is not None and member in part


def _media_part(m: ResultMedia) -> Optional[Dict[str, Any]]:
    """``ImageContent`` (data and MIME type), or an ``EmbeddedResource`` of a document
    with its bytes (``blob``) where its URI is known (MCP requires one), or ``None``."""
    if m.data is None or m.media_type is None:
        return None
    if m.kind == "image":
        return {"type": "image", "data": m.data, "mimeType": m.media_type}
    if m.url is None:
        return None
    return {"type": "resource", "resource": {"uri": m.url, "mimeType": m.media_type, "blob": m.data}}


def _body_out(result: ToolResult) -> Dict[str, Any]:
    parts = [{"type": "text", "text": result.content}] if isinstance(result.content, str) else result.content
    blocks: List[Dict[str, Any]] = []
    out: Dict[str, Any] = {"content": blocks}
    for part in parts:
        # structuredContent is an object (2025-06-18, 2025-11-25 schema): other JSON is text only
        if part.get("type") == "json" and type(part.get("json")) is dict and "structuredContent" not in out:
            out["structuredContent"] = part.get("json")
            blocks.append({"type": "text", "text": json.dumps(part.get("json"), ensure_ascii=False)})
        elif part.get("type") == "json":
            blocks.append({"type": "text", "text": json.dumps(part.get("json"), ensure_ascii=False)})
        elif part.get("type") == "text" and not part.get("text") and isinstance(result.content, str):
            continue
        elif _own(part):
            blocks.append(part)
        else:
            raise EncodeError(f"An {NAME} tool result cannot hold {an(repr(part.get('type')))} part", dialect=NAME)
    if result.is_error:
        out["isError"] = True
    return out


def decode_result(item: Dict[str, Any], loc: str) -> ToolResult:
    pd: Dict[str, Any] = {}
    ident: Optional[str] = None
    if "jsonrpc" in item:
        ident = rpc_id(item, loc, pd)
        pd["rpc"] = True
        if "error" in item:
            err = as_dict(item["error"], loc + ".error", NAME, "a JSON-RPC error")
            pd["error"] = err
            return ToolResult(id=ident, content=str(err.get("message", "")), is_error=True, provider_data={NAME: pd})
        body = as_dict(item.get("result"), loc + ".result", NAME, "a CallToolResult")
        bloc = loc + ".result"
    else:
        body, bloc = item, loc
    content, is_error = _body_in(body, bloc)
    result = ToolResult(id=ident, content=content, is_error=is_error)
    if _body_out(result) != body:
        pd["body"] = body
    return evolve(result, provider_data={NAME: pd}) if pd else result


def read_back(result: ToolResult) -> ToolResult:
    """*result* as ``decode_result`` reads back what ``encode_result`` wrote: a
    ``CallToolResult`` carries no tool name, and its text comes back as a text block."""
    content = result.content
    if isinstance(content, str):
        content = [{"type": "text", "text": content}]
    return ToolResult(result.id, None, content, result.is_error)


def encode_result(result: ToolResult, ctx: EncodeContext) -> Dict[str, Any]:
    result = rewrite_media(result, NAME, _own, _media_part)  # another provider's images and documents
    pd = scoped(result, NAME)
    if "error" in pd and result.is_error:
        body: Dict[str, Any] = {"error": pd["error"]}
    elif "body" in pd and _body_in(pd["body"], "$") == (result.content, result.is_error):
        body = {"result": pd["body"]}
    else:
        body = {"result": _body_out(result)}
    if result.id is None and not pd.get("rpc"):
        plain: Dict[str, Any] = body.get("result", body)
        return plain
    ident = None if result.id is None else result_id(result, ctx, IDS, NAME)
    out = envelope(pd, ident, ctx)
    out.update(body)
    return out
