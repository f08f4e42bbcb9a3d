"""The canonical form (``canonical``): ``{"name", "args", "id"}``.

What DSPy-style code holds and what ``toolwire`` prints. A tool definition is
``{"name", "description", "parameters", "strict"}`` (the ``Tool`` fields); a tool
result is ``{"id", "name", "content", "is_error"}``. ``args`` may also be JSON
text; the arguments policy applies.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from .._args import DEFAULT_POLICY, Policy, check_object, parse_arguments
from .._dialect import CALL, RESULT, TOOL, Dialect, EncodeContext
from .._errors import DecodeError
from .._ids import IdRule
from .._quick_first import QuickFirst
from .._types import Tool, ToolCall, ToolResult, new_call
from ._common import name_of, opt_str

__all__ = ["DIALECT"]

NAME = "canonical"
IDS = IdRule(required=False)
_CALL_KEYS = frozenset({"name", "args", "id"})
_TOOL_KEYS = frozenset({"name", "description", "parameters", "strict"})
_RESULT_KEYS = frozenset({"id", "name", "content", "is_error"})


def sniff(data: Any) -> Optional[Tuple[str, str]]:
    if type(data) is not dict:
        return None
    keys = data.keys()
    if "name" in data and "args" in data and keys <= _CALL_KEYS:
        return CALL, "only 'name', 'args' and 'id' (the canonical form)"
    if "name" in data and "parameters" in data and keys <= _TOOL_KEYS:
        return TOOL, "only 'name', 'description', 'parameters', 'strict'"
    if "content" in data and "id" in data and keys <= _RESULT_KEYS:
        return RESULT, "only 'id', 'name', 'content', 'is_error'"
    return None


def decode_call(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    name = name_of(item.get("name"), loc + ".name", NAME)
    args, raw, repairs = parse_arguments(item.get("args"), policy, loc + ".args", NAME)
    return new_call(name, args, opt_str(item.get("id"), loc + ".id", NAME), raw, None, repairs)


def _call(item: Dict[str, Any], ident: Optional[str]) -> Optional[ToolCall]:
    """``decode_call`` of a canonical call with object ``args``, in one step (no
    dialect ahead claims an item with ``args``: Gemini's parts, Chat's and MCP's
    calls use other keys)."""
    name, args = item.get("name"), item.get("args")
    if type(name) is not str or not name or type(args) is not dict:
        return None
    check_object(args, DEFAULT_POLICY, "$.args", NAME)  # raises (declines) on what is not JSON
    return new_call(name, args, ident)


def _first_with_id(item: Dict[str, Any]) -> Optional[ToolCall]:
    ident = item.get("id")
    if len(item) != 3 or "id" not in item or (ident is not None and type(ident) is not str):
        return None
    return _call(item, ident or None)  # "" is no id


def _first_without_id(item: Dict[str, Any]) -> Optional[ToolCall]:
    return _call(item, None) if len(item) == 2 else None


def quick(item: Dict[str, Any]) -> Optional[ToolCall]:
    """``decode_call`` of a call with object ``args`` and a text id, in one step."""
    return _first_with_id(item) if len(item) == 3 else _first_without_id(item)


_COVERS = frozenset({"gemini", "openai.chat", "mcp"})
QUICK_FIRST = (
    QuickFirst(_first_with_id, frozenset({"name", "args", "id"}), None, _COVERS),
    QuickFirst(_first_without_id, frozenset({"name", "args"}), None, _COVERS),
)


def encode_call(call: ToolCall, ctx: EncodeContext) -> Dict[str, Any]:
    return {"name": call.name, "args": call.args, "id": call.id}


def decode_tool(item: Dict[str, Any], loc: str) -> Tool:
    params = item.get("parameters")
    if params is not None and type(params) is not dict:
        raise DecodeError(f"Tool parameters at {loc}.parameters must be an object", dialect=NAME, loc=loc)
    return Tool(
        name=name_of(item.get("name"), loc + ".name", NAME),
        description=item.get("description"),
        parameters=params,
        strict=item.get("strict"),
    )


def encode_tool(tool: Tool) -> Dict[str, Any]:
    out: Dict[str, Any] = {"name": tool.name, "parameters": tool.parameters}
    if tool.description is not None:
        out["description"] = tool.description
    if tool.strict is not None:
        out["strict"] = tool.strict
    return out


def decode_result(item: Dict[str, Any], loc: str) -> ToolResult:
    content = item.get("content")
    if not isinstance(content, (str, list)):
        raise DecodeError(f"Result content at {loc}.content must be text or a list of parts", dialect=NAME, loc=loc)
    return ToolResult(
        id=opt_str(item.get("id"), loc + ".id", NAME),
        name=item.get("name"),
        content=content,
        is_error=bool(item.get("is_error", False)),
    )


def encode_result(result: ToolResult, ctx: EncodeContext) -> Dict[str, Any]:
    out: Dict[str, Any] = {"id": result.id, "content": result.content}
    if result.name is not None:
        out["name"] = result.name
    if result.is_error:
        out["is_error"] = True
    return out


DIALECT = Dialect(
    name=NAME,
    keys=frozenset({"name", "content"}),
    sniff=sniff,
    decode_call=decode_call,
    encode_call=encode_call,
    decode_tool=decode_tool,
    encode_tool=encode_tool,
    decode_result=decode_result,
    encode_result=encode_result,
    ids=IDS,
    description="The canonical {name, args, id} form",
    peek=lambda item: (item.get("name"), item.get("id")),
    quick=quick,
    quick_first=QUICK_FIRST,
)
