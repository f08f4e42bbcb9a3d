"""The plain MCP call, decoded in one step.

The ``tools/call`` request of the MCP specification (2025-11-25, server/tools,
"Calling Tools"; ``CallToolRequest`` in ``schema/2025-11-25/schema.ts``):
``{"jsonrpc": "2.0", "id", "method": "tools/call", "params": {"name", "arguments"}}``
with an integer, string or null request id (or none), and its bare ``params``.
These decoders give exactly what ``mcp``'s ``decode_call`` gives for it under the
default policy, for an object of arguments or none (``arguments`` is optional),
``_meta`` / ``task`` params included; ``None`` (or an exception, on arguments that
are not JSON) for anything else: the general path then decides and reports.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from ..._args import DEFAULT_POLICY, EMPTY, check_object
from ..._quick_first import QuickFirst
from ..._types import ToolCall, new_call

__all__ = ["BARE", "METHOD", "NAME", "QUICK_FIRST", "quick"]

NAME = "mcp"
METHOD = "tools/call"
BARE = frozenset({"name", "arguments", "_meta", "task"})  # the keys of bare params
_ABSENT: Any = object()
_ARGS = "$.params.arguments"


def _call(params: Any, ident: Optional[str], pd: Dict[str, Any], loc: str) -> Optional[ToolCall]:
    """The call of *params* (``{"name", "arguments"?, ...}``): *pd* is the provider
    data so far (a fresh dict), *loc* the path of the arguments."""
    if type(params) is not dict:
        return None
    name = params.get("name")
    if type(name) is not str or not name:
        return None
    args = params.get("arguments", _ABSENT)
    if type(args) is dict:
        check_object(args, DEFAULT_POLICY, loc, NAME)  # raises (declines) on what is not JSON
        repairs: Tuple[str, ...] = ()
        plain = 2
    elif args is _ABSENT:  # a tool without parameters: the empty table's ``{}``
        args, repairs, plain = {}, EMPTY, 1
        pd["no_arguments"] = True
    else:  # text, null, a list...: the general path
        return None
    if len(params) != plain:  # ``_meta``, ``task``...: kept for the re-encode
        pd["params_extra"] = {k: v for k, v in params.items() if k != "name" and k != "arguments"}
    return new_call(name, args, ident, None, {NAME: pd} if pd else None, repairs)


def _first(item: Dict[str, Any]) -> Optional[ToolCall]:
    """The JSON-RPC request with exactly the keys ``jsonrpc`` (``"2.0"``), ``id``,
    ``method`` and ``params``: a shape only ``mcp`` claims, so nothing to refuse."""
    # ``==`` as ``sniff`` asks; a ``get`` first: other shapes of this size miss the key
    if not (len(item) == 4 and item.get("method") == METHOD):
        return None
    try:  # then subscripts: cheaper than ``get`` when the key is there
        rid, params = item["id"], item["params"]
        if item["jsonrpc"] != "2.0":
            return None
    except KeyError:
        return None
    t = type(rid)
    if t is str:
        ident: Optional[str] = rid or None  # "" is no id, kept for the re-encode
        pd: Optional[Dict[str, Any]] = None if rid else {"id": ""}
    elif t is int:  # kept a number on re-encode
        ident, pd = str(rid), {"int_id": True}
    elif rid is None:
        ident, pd = None, {"id": None}
    else:
        return None
    if type(params) is dict and len(params) == 2:  # ``{name, arguments}``, inline: the hot path
        try:
            name, args = params["name"], params["arguments"]
        except KeyError:  # ``{name, _meta}``...
            return _call(params, ident, pd or {}, _ARGS)
        if type(name) is not str or not name or type(args) is not dict:
            return None
        check_object(args, DEFAULT_POLICY, _ARGS, NAME)  # raises (declines) on what is not JSON
        return new_call(name, args, ident, None, None if pd is None else {NAME: pd})
    return _call(params, ident, pd or {}, _ARGS)


def quick(item: Dict[str, Any]) -> Optional[ToolCall]:
    """``decode_call`` of a plain ``tools/call`` request (with or without an id) or
    of its bare params, in one step; ``None`` for anything else."""
    if "method" not in item:  # bare params: what ``sniff`` claims as a call
        if type(item.get("arguments")) is not dict or not item.keys() <= BARE:
            return None
        return _call(item, None, {"bare": True}, "$.arguments")
    if len(item) == 4:
        return _first(item)
    if not (len(item) == 3 and "id" not in item and item["method"] == METHOD and item.get("jsonrpc") == "2.0"):
        return None
    return _call(item.get("params"), None, {"no_id": True}, _ARGS)


QUICK_FIRST = QuickFirst(_first, frozenset({"jsonrpc", "id", "method", "params"}), None, frozenset())
