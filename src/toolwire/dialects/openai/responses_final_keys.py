"""What a final response's item under fresh ids must share with a call the Responses
stream (``openai.responses``) carried to be that call (``responses_feed_final.settle``):
a function or custom tool call's tool and arguments, read by the stream's arguments
policy; a built-in item's type and every field but its ids, and at its place every field
but its ids and ``status`` (the final ``status`` then the call's).

Follows vLLM's gpt-oss Responses stream (``vllm/entrypoints/openai/responses/harmony.py``,
checked 2026-12-06: the final response holds the reply parsed again, fresh ``fc_…`` /
``call_…`` / ``ws_…`` ids) and openai-python 3.63's built-in item types (the ``status`` of
``ResponseComputerToolCall``: ``in_progress``, ``completed``, ``incomplete``; of
``ResponseFunctionWebSearch``: ``searching`` and ``failed`` too).
"""

from __future__ import annotations

import json
from typing import Any, Dict, Optional, Tuple

from ..._args import parse_arguments
from ..._errors import ArgumentsError
from ..._types import ToolCall, new_call
from ...stream._call import Call
from ...stream._core import Core
from .responses_tools import NAME

__all__ = ["CALL_TYPES", "call_key", "contradicts", "item_key", "loose_key", "restate"]

#: The call items a ``function_call_arguments`` / ``custom_tool_call_input`` stream carries
CALL_TYPES = frozenset({"function_call", "custom_tool_call"})


def _canonical(args: Any) -> Optional[str]:
    """Parsed arguments as one text whatever their spacing and key order, or ``None``."""
    try:
        return json.dumps(args, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return None


def item_key(core: Core, item: Dict[str, Any], server: bool, name: Optional[str]) -> Optional[Tuple[Any, ...]]:
    """What an item under fresh ids must share with a streamed call to be it, or ``None``
    (unknown: it claims nothing by content). A function or custom tool call: its tool and
    arguments, read by the stream's own arguments policy (``parse_arguments``: the text a
    streamed call's is read from, repaired alike); a built-in item (a provider-run
    ``web_search_call``, a built-in tool the client runs): its type and every field but
    its ids (vLLM makes a ``ws_…`` id afresh when it parses the reply again)."""
    if server or name is not None:
        rest = {k: v for k, v in item.items() if k != "id" and k != "call_id"}
        canonical = _canonical(rest)
        return None if canonical is None else ("item", canonical)
    if item.get("type") == "custom_tool_call":
        text = item.get("input")
        if type(text) is not str or not text:  # (empty: not given, as gateways send it)
            return None
        args: Any = {"input": text}
    else:
        value = item.get("arguments")
        if type(value) is not str and type(value) is not dict or value == "":
            return None
        try:
            args = parse_arguments(value, core.policy, "$.arguments", NAME)[0]
        except ArgumentsError:
            return None
    canonical = _canonical(args)
    return None if canonical is None else ("call", item.get("name"), canonical)


def contradicts(core: Core, c: Call, streamed: Dict[str, Any], item: Dict[str, Any]) -> bool:
    """Whether the final *item* (a function or custom tool call), under the ids of the
    call *c* that *streamed* ended (or at its place, either without ids), is another call:
    another type or tool, or other arguments, read by the stream's policy (text that
    cannot be read and is not the streamed text: not the same, never guessed). An empty or
    missing text gives none (gateways send ``"arguments": ""``,
    farion1231/cc-switch#6481): no contradiction; nor for a call invalid already."""
    kind = item.get("type")
    if kind != streamed.get("type"):
        return True
    name = item.get("name")
    if type(name) is str and name and c.name is not None and name != c.name:
        return True
    field = "input" if kind == "custom_tool_call" else "arguments"
    text = item.get(field)
    if text is None or text == "" or text == streamed.get(field):
        return False
    mine = call_key(c, streamed)
    if mine is None:
        return False
    key = item_key(core, item, False, None)
    return key is None or key[2] != mine[2]


def loose_key(item: Dict[str, Any]) -> Optional[str]:
    """A built-in item's fields but its ids and ``status``, as one text (``None``: unknown)."""
    return _canonical({k: v for k, v in item.items() if k != "id" and k != "call_id" and k != "status"})


def restate(core: Core, c: Call, streamed: Dict[str, Any], item: Dict[str, Any], server: bool) -> None:
    """The final *item* is the built-in call *c* (ended by *streamed*) with another
    ``status``: its status is the call's (its item as provider data, the ids it was
    streamed under kept); an ``incomplete`` one the client runs is cut off, as its done
    item would make it (``client_done``), unless ``allow_truncated``."""
    kept = {**streamed, "status": item.get("status")} if "status" in item else {
        k: v for k, v in streamed.items() if k != "status"}
    c.pd = {NAME: {"item": kept}}
    r = c.result
    if type(r) is ToolCall:
        c.result = new_call(r.name, r.args, r.id, r.raw, c.pd, r.repairs, r.server)
        if not server and item.get("status") == "incomplete" and not core.policy.allow_truncated:
            core.unrun(c, "Built-in tool call may be cut off: the final response's item is incomplete; "
                          "pass allow_truncated=True to accept it", cut=True)


def call_key(c: Call, item: Dict[str, Any]) -> Optional[Tuple[Any, ...]]:
    """``item_key`` of the streamed call *c*, ended by *item* (none for an invalid call)."""
    if item.get("type") not in CALL_TYPES:
        rest = {k: v for k, v in item.items() if k != "id" and k != "call_id"}
        canonical = _canonical(rest)
        return None if canonical is None else ("item", canonical)
    r = c.result
    if type(r) is not ToolCall:
        return None
    canonical = _canonical(r.args)
    return None if canonical is None else ("call", c.name, canonical)
