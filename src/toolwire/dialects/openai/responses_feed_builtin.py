"""The built-in tool items of the Responses stream (``openai.responses``), done: a
provider-executed item (a server call, whole) and a built-in tool the client runs (a
call: ``computer_call``, ``shell_call``, ``apply_patch_call``, ``local_shell_call``, a
client ``tool_search_call``), read as ``responses_calls.decode_call`` reads them.

Follows https://platform.openai.com/docs/api-reference/responses-streaming (checked
2026-12-04) and the openai-python types ``ResponseOutputItemDoneEvent``,
``ResponseFunctionShellToolCall``, ``ResponseToolSearchCall``, ``McpApprovalRequest``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from ..._errors import excerpt
from ...stream._call import Call, nonempty_str
from ...stream._core import Core
from .responses_tools import NAME, server_args

__all__ = ["client_done", "server_done"]


def server_done(core: Core, item: Dict[str, Any], kind: str) -> None:
    """A provider-executed item: a server call, its whole item kept as provider data
    (``encode`` writes it back), named by its ``name`` or its kind (``web_search``)."""
    name = nonempty_str(item.get("name")) or (kind[:-5] if kind.endswith("_call") else kind)
    args = server_args(item, core.max_bytes)
    core.whole(name, args, nonempty_str(item.get("id")), server=True, provider_data={NAME: {"item": item}})


def client_done(core: Core, c: Optional[Call], item: Dict[str, Any], name: str) -> None:
    """A built-in tool call the client runs, done: it ends *c* (the call its
    ``output_item.added`` opened), else a new call. Keyed by ``call_id``; its
    ``action`` / ``operation`` (a tool search's ``arguments``, an object) as
    arguments, its whole item as provider data."""
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
    if item["type"] == "tool_search_call":
        args = item.get("arguments")
        if type(args) is not dict:
            core.fail(c, f"Tool search arguments must be an object, got {excerpt(args)}")
            args = {}
    else:
        args = {k: item[k] for k in ("action", "operation") if k in item}
    c.obj = args
    c.ended = True
    if item.get("status") == "incomplete" and not core.policy.allow_truncated:
        core.fail(c, "Built-in tool call may be cut off: its item is incomplete; "
                     "pass allow_truncated=True to accept it", cut=True)
    core.finalize(c)
