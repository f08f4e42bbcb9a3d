"""The canonical form (``canonical``): ``{"name", "args", "id"}``.

What DSPy-style code holds and what ``toolwire`` prints. A tool definition is
``{"name", "description", "parameters", "strict"}`` (the ``Tool`` fields; ``parameters``
always, null when there are none; ``description`` and ``strict`` left out when none,
unless the tool was read here with them null: provider data of ``canonical``); a tool
result is ``{"id", "name", "content", "is_error"}``. ``args`` may also be JSON
text; the arguments policy applies. A call its provider runs itself carries
``"server": true`` (``ToolCall.server``).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from .._args import DEFAULT_POLICY, Policy, check_object, parse_arguments
from .._dialect import CALL, RESULT, TOOL, Dialect, EncodeContext
from .._errors import DecodeError, excerpt
from .._ids import IdRule
from .._types import Tool, ToolCall, ToolResult, new_call
from ._common import error_flag, name_of, opt_str, scoped

__all__ = ["DIALECT"]

NAME = "canonical"
IDS = IdRule(required=False)
_CALL_KEYS = frozenset({"name", "args", "id", "server"})
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


def decode_call(item: Dict[str, Any], policy: Policy = DEFAULT_POLICY, loc: str = "$") -> ToolCall:
    name = item.get("name")
    if type(name) is not str or not name:
        name = name_of(name, loc + ".name", NAME)
    args = item.get("args")
    if type(args) is dict:  # the common case: an object, checked as parse_arguments checks one
        args = check_object(args, policy, loc + ".args", NAME)
        raw: Optional[str] = None
        repairs: Tuple[str, ...] = ()
    else:
        args, raw, repairs = parse_arguments(args, policy, loc + ".args", NAME)
    ident = item.get("id")
    if type(ident) is not str or not ident:
        ident = opt_str(ident, loc + ".id", NAME)
    server = item.get("server", False)
    if server is not True and server is not False:
        raise DecodeError(f"Server flag at {loc}.server must be true or false, got {excerpt(server)}",
                          dialect=NAME, loc=loc + ".server")
    return new_call(name, args, ident, raw, None, repairs, server)


# --- speed only: a plain call in one step (``ONE_STEP``: see ``dialects.ONE_STEP``) ---

# ``decode_call`` itself, its defaults the default policy: ``sniff`` claims every dict of
# these keys as a call, and the dialects detection asks before (Gemini, Chat, MCP) claim
# none of them (their claims need other keys)
ONE_STEP = ((("name", "args", "id", None), decode_call), (("name", "args", None), decode_call))


def encode_call(call: ToolCall, ctx: EncodeContext) -> Dict[str, Any]:
    if call.server:
        return {"name": call.name, "args": call.args, "id": call.id, "server": True}
    return {"name": call.name, "args": call.args, "id": call.id}


def decode_tool(item: Dict[str, Any], loc: str) -> Tool:
    params = item.get("parameters")
    if params is not None and type(params) is not dict:
        raise DecodeError(f"Tool parameters at {loc}.parameters must be an object", dialect=NAME, loc=loc)
    pd = {f"null_{k}": True for k in ("description", "strict") if k in item and item[k] is None}
    return Tool(
        name=name_of(item.get("name"), loc + ".name", NAME),
        description=item.get("description"),
        parameters=params,
        strict=item.get("strict"),
        provider_data={NAME: pd} if pd else None,
    )


def encode_tool(tool: Tool) -> Dict[str, Any]:
    pd = scoped(tool, NAME)
    out: Dict[str, Any] = {"name": tool.name, "parameters": tool.parameters}
    if tool.description is not None or pd.get("null_description"):
        out["description"] = tool.description
    if tool.strict is not None or pd.get("null_strict"):
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
        is_error=error_flag(item.get("is_error"), loc + ".is_error", NAME),
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
)
