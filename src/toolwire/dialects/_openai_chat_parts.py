"""Tool definitions and tool results of ``openai.chat`` (see that module).

- Tool: ``{"type": "function", "function": {"name", "description", "parameters", "strict"}}``
  and ``{"type": "custom", "custom": {"name", "description", "format"}}``.
- Result: ``{"role": "tool", "tool_call_id", "content"}``; legacy ``role: "function"``.
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict

from .._errors import DecodeError, EncodeError
from .._ids import rule
from .._registry import EncodeContext
from .._types import Tool, ToolResult
from ._common import as_dict, name_of, opt_str, result_id, scoped

__all__ = ["IDS", "NAME", "NAMES", "decode_result", "decode_tool", "encode_result", "encode_tool", "text_content"]

NAME = "openai.chat"
IDS = rule(max_len=40, required=True, prefix="call_", length=24)
NAMES = re.compile(r"[a-zA-Z0-9_-]{1,64}")


def decode_tool(item: Dict[str, Any], loc: str) -> Tool:
    if item.get("type") == "custom":
        custom = as_dict(item["custom"], loc + ".custom", NAME, "a 'custom' object")
        name = name_of(custom.get("name"), loc + ".custom.name", NAME)
        rest = {k: v for k, v in custom.items() if k not in ("name", "description")}
        return Tool(name=name, description=custom.get("description"), provider_data={NAME: {"custom": rest}})
    fn = as_dict(item["function"], loc + ".function", NAME, "a 'function' object")
    name = name_of(fn.get("name"), loc + ".function.name", NAME)
    params = fn.get("parameters")
    if params is not None and type(params) is not dict:
        raise DecodeError(f"Tool parameters at {loc}.function.parameters must be an object", dialect=NAME, loc=loc)
    extra = {k: v for k, v in fn.items() if k not in ("name", "description", "parameters", "strict")}
    return Tool(
        name=name,
        description=fn.get("description"),
        parameters=params,
        strict=fn.get("strict"),
        provider_data={NAME: {"function_extra": extra}} if extra else {},
    )


def encode_tool(tool: Tool) -> Dict[str, Any]:
    pd = scoped(tool, NAME)
    if "custom" in pd:
        custom: Dict[str, Any] = {"name": tool.name}
        if tool.description is not None:
            custom["description"] = tool.description
        custom.update(pd["custom"])
        return {"type": "custom", "custom": custom}
    fn: Dict[str, Any] = {"name": tool.name}
    if tool.description is not None:
        fn["description"] = tool.description
    if tool.parameters is not None:
        fn["parameters"] = tool.parameters
    if tool.strict is not None:
        fn["strict"] = tool.strict
    fn.update(pd.get("function_extra", ()))
    return {"type": "function", "function": fn}


def decode_result(item: Dict[str, Any], loc: str) -> ToolResult:
    content = item.get("content")
    if content is None:
        content = ""
    if not isinstance(content, (str, list)):
        raise DecodeError(
            f"Tool result content at {loc}.content must be text or a list of parts", dialect=NAME, loc=loc
        )
    if item.get("role") == "function":
        legacy = {NAME: {"legacy": True}}
        return ToolResult(id=None, name=item.get("name"), content=content, provider_data=legacy)
    ident = opt_str(item.get("tool_call_id"), loc + ".tool_call_id", NAME)
    extra = {k: v for k, v in item.items() if k not in ("role", "tool_call_id", "content", "name")}
    return ToolResult(
        id=ident,
        name=item.get("name"),
        content=content,
        provider_data={NAME: {"extra": extra}} if extra else {},
    )


def text_content(result: ToolResult, dialect: str) -> Any:
    """Result content as Chat accepts it: text, or a list of text parts."""
    content = result.content
    if isinstance(content, str):
        return content
    parts = []
    for part in content:
        kind = part.get("type")
        if kind == "text":
            parts.append({"type": "text", "text": part.get("text", "")})
        elif kind == "json":
            parts.append({"type": "text", "text": json.dumps(part.get("json"), ensure_ascii=False)})
        else:
            raise EncodeError(
                f"A {dialect} tool result holds only text; got a {kind!r} part", dialect=dialect
            )
    return parts


def encode_result(result: ToolResult, ctx: EncodeContext) -> Dict[str, Any]:
    pd = scoped(result, NAME)
    if pd.get("legacy"):
        return {"role": "function", "name": result.name, "content": text_content(result, NAME)}
    out: Dict[str, Any] = {
        "role": "tool",
        "tool_call_id": result_id(result, ctx, IDS, NAME),
        "content": text_content(result, NAME),
    }
    out.update(pd.get("extra", ()))
    return out
