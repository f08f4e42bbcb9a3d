"""Model Context Protocol tools (``mcp``).

Follows https://modelcontextprotocol.io/specification/2025-11-25/server/tools and
the schema ``schema/2025-11-25/schema.ts`` (``CallToolRequest``, ``Tool``,
``CallToolResult``), checked 2026-11-30, and what ``schema/2026-07-28/schema.ts`` adds
(checked 2026-12-05): params ``requestState`` / ``inputResponses``, a result's
``resultType``.

- Call: the JSON-RPC request ``{"jsonrpc": "2.0", "id", "method": "tools/call",
  "params": {"name", "arguments": {...}}}``, or its bare ``params``. MCP has no
  call id: the JSON-RPC request id is the only one, so it is the canonical id (a
  numeric id is kept as a number on re-encode); bare params have none. A request
  without an id or with a null one is a notification, no call ("Requests MUST include
  a string or integer ID"): refused, and never written. A call without an id is
  written with a stable synthesized request id. Params beside
  ``name`` and ``arguments`` (``_meta``, ``task``; since 2026-07-28 ``requestState``
  and ``inputResponses``, a retry after an ``InputRequiredResult``) are kept.
- Tool: ``{"name", "title", "description", "inputSchema", "outputSchema",
  "annotations", ...}``; ``inputSchema`` is the parameters (``{"type": "object"}``
  when there are none), the rest is kept as provider data. No ``strict`` flag.
- Result: ``CallToolResult {"content": [blocks], "structuredContent", "isError"}``,
  or the JSON-RPC response holding it (``{"jsonrpc", "id", "result"}``), whose id
  is the result's id. Text blocks are text parts; ``structuredContent`` is a
  ``{"type": "json"}`` part (in place of the text block that serialises it, when
  there is one; a ``null`` one without such a block is none: the SDK's unset one; a
  ``{"result": X}`` beside a text block that is X or its JSON is none: the SDK's wrapper);
  image, audio and resource blocks are kept as they are. A JSON-RPC ``error``
  response is an error result. A ``resultType`` other than ``"complete"`` (absent
  means ``"complete"``) is no CallToolResult (an ``InputRequiredResult``...): refused.
- Tool names: ``^[A-Za-z0-9_.-]{1,128}$`` is a SHOULD (2025-11-25), which the python SDK
  only warns about: any name read is written back (no ``names`` rule).

Tools and the JSON-RPC envelope are read and written in ``tools``, results in ``results``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from ..._args import DEFAULT_POLICY, Policy, check_object, misplaced, parse_arguments
from ..._dialect import CALL, RESULT, TOOL, Dialect, EncodeContext
from ..._errors import DecodeError, EncodeError, refuse_server
from ..._types import ToolCall, new_call
from .._common import as_dict, encode_id, name_of, scoped
from .results import decode_result, encode_result, read_back
from .tools import IDS, NAME, decode_tool, encode_tool, envelope, rpc_id

__all__ = ["DIALECT"]

METHOD = "tools/call"
# the keys of bare params (``CallToolRequestParams``; ``requestState`` and ``inputResponses``
# from ``InputResponseRequestParams``, 2026-07-28)
BARE = frozenset({"name", "arguments", "_meta", "task", "requestState", "inputResponses"})
_RESULT = frozenset({"content", "structuredContent", "isError", "_meta", "resultType"})  # (resultType: 2026-07-28)
# the members of a result of another ``resultType`` answering tools/call (``InputRequiredResult``, 2026-07-28)
_ANSWER = _RESULT | {"inputRequests", "requestState"}
_RPC = ("jsonrpc", "id", "method", "params")
# the members of a ``Tool`` (schema.ts, 2025-11-25) other than ``inputSchema``
_TOOL = frozenset({"name", "title", "description", "outputSchema", "annotations", "icons", "execution", "_meta"})


def sniff(data: Any) -> Optional[Tuple[str, str]]:
    if type(data) is not dict:
        return None
    if data.get("method") == METHOD:
        return CALL, "a JSON-RPC 'tools/call' request"
    if "jsonrpc" in data and (type(data.get("result")) is dict or "error" in data):
        return RESULT, "a JSON-RPC response (a CallToolResult)"
    if "inputSchema" in data and "name" in data:
        return TOOL, "'name' and 'inputSchema' (an MCP Tool)"
    if type(data.get("name")) is str and type(data.get("arguments")) is dict and data.keys() <= BARE:
        return CALL, "'name' and object 'arguments' only (tools/call params)"
    if type(data.get("content")) is list and data.keys() <= _RESULT:
        return RESULT, "'content' blocks with MCP result fields (a CallToolResult)"
    return None


def sniff_named(data: Any) -> Optional[Tuple[str, str]]:
    """``sniff`` for a payload named ``mcp``: also a ``Tool`` without its required
    ``inputSchema``, so that ``decode_tool`` says it is missing, and a bare result of
    another ``resultType`` (an ``InputRequiredResult``), so that ``decode_result`` says
    what it is (detection claims neither: ``detect`` is ``sniff``)."""
    hit = sniff(data)
    if hit is None and type(data) is dict:
        if "name" in data and data.keys() <= _TOOL:
            return TOOL, "'name' and MCP Tool fields (an MCP Tool without its 'inputSchema')"
        if type(data.get("resultType")) is str and data.keys() <= _ANSWER:
            return RESULT, "'resultType' and MCP result fields (an answer to tools/call)"
    return hit


def decode_call(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    if len(item) == 4 and "method" in item and item.get("jsonrpc") == "2.0":  # the common request
        params, rid = item.get("params"), item.get("id")
        if type(params) is dict and len(params) == 2 and type(rid) is str and rid and rid.isascii():
            name, args = params.get("name"), params.get("arguments")
            if type(name) is str and name and name.isascii() and type(args) is dict:
                args = check_object(args, policy, loc + ".params.arguments", NAME)
                return new_call(name, args, rid)
    pd: Dict[str, Any] = {}
    if "method" in item:
        params = as_dict(item.get("params"), loc + ".params", NAME, "a 'params' object")
        ploc = loc + ".params"
        if item.get("id") is None:
            raise _notification(item, loc)
        ident = rpc_id(item, loc, pd)
        extra = {k: v for k, v in item.items() if k not in _RPC}
        if extra:
            pd["extra"] = extra
    else:
        params, ploc, ident = item, loc, None
        pd["bare"] = True
    name = name_of(params.get("name"), ploc + ".name", NAME)
    if params.get("arguments") is None:  # none here: under another key they are refused
        misplaced(params, "arguments", ploc, NAME)
    args, raw, repairs = parse_arguments(params.get("arguments"), policy, ploc + ".arguments", NAME)
    if not args:  # empty (``{}``, ``""``): under another key they are refused too
        misplaced(params, "arguments", ploc, NAME)
    if "arguments" not in params:
        pd["no_arguments"] = True
    elif type(params["arguments"]) is not dict:
        pd["arguments"] = params["arguments"]
    rest = {k: v for k, v in params.items() if k not in ("name", "arguments")}
    if rest:
        pd["params_extra"] = rest
    return new_call(name, args, ident, raw, {NAME: pd} if pd else None, repairs)


def _notification(item: Dict[str, Any], loc: str) -> DecodeError:
    """The error for a tools/call without an id or with a null one: a notification, which
    no server runs (MCP: "Requests MUST include a string or integer ID. Unlike base
    JSON-RPC, the ID MUST NOT be null"; the python SDK reads both as notifications)."""
    what = "a null 'id'" if "id" in item else "no 'id'"
    return DecodeError(f"Request at {loc} has {what}: a tools/call without an id is a notification, which no MCP "
                       "server runs (\"Requests MUST include a string or integer ID\"); it is no call",
                       dialect=NAME, loc=f"{loc}.id")


# --- speed only: a plain call in one step (``ONE_STEP``: see ``dialects.ONE_STEP``) ---

def decode_plain(item: Dict[str, Any]) -> Optional[ToolCall]:
    """``decode_call`` under the default policy of a request ``sniff`` claims as a call."""
    return decode_call(item, DEFAULT_POLICY, "$") if item["method"] == METHOD else None


ONE_STEP = ((("jsonrpc", "id", "method", "params", None), decode_plain),)


def encode_call(call: ToolCall, ctx: EncodeContext) -> Dict[str, Any]:
    if call.server:
        refuse_server(call.name, NAME)
    pd = scoped(call, NAME)
    params: Dict[str, Any] = {"name": call.name}
    if call.args or not pd.get("no_arguments"):
        params["arguments"] = pd["arguments"] if "arguments" in pd and not call.args else call.args
    params.update(pd.get("params_extra", ()))
    if pd.get("bare"):
        return params
    if call.id is None and (pd.get("no_id") or ("id" in pd and pd["id"] is None)):
        raise EncodeError(
            f"The call {call.name!r} cannot be written as an {NAME} request without an id: a tools/call without one, "
            "or with a null one, is a notification, which no server runs (MCP: \"Requests MUST include a string or "
            "integer ID\"); give the call an id (call.replace(id=...); an IdMap's id_of(call) makes one)",
            dialect=NAME, loc="$.id")
    if pd.get("no_id"):  # (the call was given an id since: the request carries it)
        pd = {k: v for k, v in pd.items() if k != "no_id"}
    kept = call.id is None and "id" in pd  # the request's own "" id
    if kept and type(pd["id"]) is str and ctx.ids is not None:
        ctx.ids.wait(call.name, pd["id"])  # the response answering it carries it (JSON-RPC 2.0 §5)
    ident = None if kept else encode_id(call, ctx, IDS, pd)
    out = envelope(pd, ident, ctx)
    out["method"] = METHOD
    out["params"] = params
    out.update(pd.get("extra", ()))
    return out



def _peek(item: Dict[str, Any]) -> Tuple[Any, Any]:
    """The name and id of a call item (a module-level function: the record pickles)."""
    return (item.get("params") or item).get("name"), item.get("id")


DIALECT = Dialect(
    name=NAME,
    argument_keys=("arguments", "params"),
    id_placeholders=frozenset({"no_id", "id", "int_id", "native_id"}),
    keys=frozenset({"method", "jsonrpc", "inputSchema", "name", "content"}),
    sniff=sniff_named,
    detect=sniff,
    decode_call=decode_call,
    encode_call=encode_call,
    decode_tool=decode_tool,
    encode_tool=encode_tool,
    decode_result=decode_result,
    encode_result=encode_result,
    ids=IDS,
    names=None,  # (``tools.NAMES`` is a SHOULD: a name read is written back)
    description="Model Context Protocol tools/call, Tool and CallToolResult",
    peek=_peek,
    result_read_back=read_back,
)
