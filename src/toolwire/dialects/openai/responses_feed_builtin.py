"""The built-in tool items of the Responses stream (``openai.responses``): a
provider-executed item (a server call: open from its ``output_item.added``, ended by its
item done) and a built-in tool the client runs (a call: ``computer_call``,
``shell_call``, ``apply_patch_call``, ``local_shell_call``, a client
``tool_search_call``) done, read as ``responses_calls.decode_call`` reads them.

Follows https://platform.openai.com/docs/api-reference/responses-streaming (checked
2026-12-04) and the openai-python types ``ResponseOutputItemDoneEvent``,
``ResponseFunctionShellToolCall``, ``ResponseToolSearchCall``, ``McpApprovalRequest``.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional

from ...stream._call import Call, nonempty_str
from ...stream._core import Core
from .responses_calls import client_args, client_fault
from .responses_sniff import SERVER_TYPES, hosted
from .responses_tools import NAME, server_args

__all__ = ["client_done", "is_server", "server_added", "server_done"]


def is_server(item: Dict[str, Any], kind: Any) -> bool:
    """Whether *item* (of type *kind*, not a built-in tool the client runs) is one the
    provider runs: a ``tool_search_call`` with ``"execution": "client"`` and no ``id``
    is a search a history replays, neither a call nor a server call; a ``shell_call``
    in the provider's container (``responses_sniff.hosted``) is one."""
    if kind == "shell_call":
        return hosted(item.get("environment"))
    return kind in SERVER_TYPES and not (kind == "tool_search_call" and item.get("execution") == "client")


def _server_name(item: Dict[str, Any]) -> str:
    kind: str = item["type"]  # (one of ``SERVER_TYPES``, or a hosted ``shell_call``)
    return nonempty_str(item.get("name")) or (kind[:-5] if kind.endswith("_call") else kind)


def server_added(core: Core, key: Optional[int], item: Dict[str, Any]) -> None:
    """A provider-executed item started (``output_item.added``, ``in_progress``): a
    server call open at *key* until its item is done. A stream that ends first leaves
    it as this item gives it, as ``decode_all`` reads a response holding the item as it
    stood (its ``status`` says it did not finish): never nothing."""
    c = core.open(key, nonempty_str(item.get("id")), _server_name(item), server=True,
                  provider_data={NAME: {"item": item}}, needs_end=False)
    c.obj = server_args(item, core.max_bytes)


def server_done(core: Core, c: Optional[Call], item: Dict[str, Any]) -> None:
    """A provider-executed item done (or the final response's item): it ends *c*, the
    server call its ``output_item.added`` opened (the same item ``id``), else it is a
    server call of its own; its whole item kept as provider data (``encode`` writes it
    back), named by its ``name`` or its kind (``web_search``)."""
    name = _server_name(item)
    text = item.get("arguments")
    # an approval request (not run yet): its text read by the arguments policy, as a call's
    policed = type(text) is str and item.get("type") == "mcp_approval_request"
    args = None if policed else server_args(item, core.max_bytes)
    ident = nonempty_str(item.get("id"))
    if c is None or c.done or not c.server or c.id != ident:
        if not policed:
            core.whole(name, args, ident, server=True, provider_data={NAME: {"item": item}})
            return
        c = core.new(None, None, ident, name, False)
        c.server = True
    c.name = name
    c.pd = {NAME: {"item": item}}
    c.parts = []  # (argument deltas sent to its index are not its arguments: its item gives them)
    c.full = text if policed else None
    c.obj = args
    c.ended = True
    core.finalize(c)


def client_done(core: Core, c: Optional[Call], item: Dict[str, Any], name: str,
                check: Optional[Callable[[Call], None]] = None) -> None:
    """A built-in tool call the client runs, done: it ends *c* (the call its
    ``output_item.added`` opened), else a new call. Keyed by ``call_id``; its
    arguments as ``responses_calls.client_args`` reads them (what ``client_fault``
    finds makes it invalid), its whole item as provider data; *check* sees it
    before it ends (``responses_once``)."""
    ident = nonempty_str(item.get("call_id"))
    if c is not None and (c.id is not None and ident is not None and c.id != ident
                          or c.name is not None and c.name != name):
        c = None  # another call (left open: it says so at the end)
    if c is None:
        c = core.new(None, None, ident, name, False)
    if c.name is None:
        c.name = name
    if c.id is None:
        c.id = ident
    c.pd = {NAME: {"item": item}}
    c.ended = True
    if item.get("status") == "incomplete" and not core.policy.allow_truncated:
        core.fail(c, "Built-in tool call may be cut off: its item is incomplete; "
                     "pass allow_truncated=True to accept it", cut=True)
    fault = client_fault(item)
    if fault is not None:
        core.fail(c, fault[1].replace("{at}", "", 1))
        c.obj = {}
    else:
        c.obj = client_args(item)
    if check is not None:
        check(c)
    core.finalize(c)
