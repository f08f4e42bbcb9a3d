"""What a final response's item under fresh ids must share with a call the Responses
stream (``openai.responses``) carried to be that call (``responses_feed_final.settle``):
a function or custom tool call's tool (its ``namespace`` too) and arguments, read by the
stream's arguments policy; a built-in item's type and every field but its ids, and at its
place every field but its ids and ``status`` (the final ``status`` then the call's). Under
the call's ids, an item that asks another run is another call (``contradicts``,
``runs_other``). Values compare as JSON values (RFC 8259 §6: one number type, so ``1.0``
is ``1`` and ``1e2`` is ``100``; ``true`` is no number: ``_json_equality``).

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
from ..._json_equality import json_identity
from ..._types import ToolCall, new_call
from ...stream._call import Call
from ...stream._core import Core
from .responses_calls import client_args, client_fault
from .responses_sniff import client_name
from .responses_tools import NAME

__all__ = ["CALL_TYPES", "call_key", "contradicts", "given_namespace", "item_key", "loose_key", "none_given",
           "other_namespace", "restate", "retake", "runs_other"]

#: The call items a ``function_call_arguments`` / ``custom_tool_call_input`` stream carries
CALL_TYPES = frozenset({"function_call", "custom_tool_call"})


def _canonical(args: Any) -> Optional[Tuple[Any, ...]]:
    """Parsed arguments as one hashable value, equal for JSON-equal ones whatever their
    key order and number spelling (``json_identity``), or ``None`` (no JSON value, or one
    holding itself: ``json.dumps`` refuses it)."""
    try:
        json.dumps(args, check_circular=True)
    except (TypeError, ValueError, RecursionError):
        return None
    return json_identity(args)


def other_namespace(streamed: Dict[str, Any], item: Dict[str, Any]) -> bool:
    """Whether two function call items give each a ``namespace``, and not the same (one
    left out, ``null`` or ``""``: not given, as the SDK's default ``None``)."""
    mine, its = given_namespace(streamed), given_namespace(item)
    return mine is not None and its is not None and mine != its


def given_namespace(item: Dict[str, Any]) -> Optional[str]:
    """A function call item's ``namespace`` (openai-python ``ResponseFunctionToolCall``:
    the API matches it with ``name``), ``None`` when not given."""
    ns = item.get("namespace")
    return ns if type(ns) is str and ns else None


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
    another type, tool or ``namespace`` (both given), or other arguments, read by the stream's policy
    and compared as JSON values (text that cannot be read and is not the streamed text: not
    the same, never guessed). An empty or missing text gives none (gateways send
    ``"arguments": ""``, farion1231/cc-switch#6481): no contradiction; nor for a call
    invalid already."""
    kind = item.get("type")
    if kind != streamed.get("type"):
        return True
    name = item.get("name")
    if type(name) is str and name and c.name is not None and name != c.name:
        return True
    if other_namespace(streamed, item):
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


def runs_other(core: Core, streamed: Dict[str, Any], item: Dict[str, Any]) -> bool:
    """Whether the final built-in *item* (of the type of *streamed*, the item that ended
    the call under its ids or at its place) asks another run than it: a client-run
    tool's other name or arguments (``client_args``: an action, commands, an operation;
    a field ``null`` is none), an ``mcp_approval_request``'s other tool, server or
    arguments (read by the stream's policy; empty: not given). Arguments either item
    cannot give (``client_fault``: the call is invalid, or the final gives none) contradict
    nothing; nor does a provider-run item (the client runs nothing)."""
    if item.get("type") == "mcp_approval_request":
        for field in ("name", "server_label"):
            v = item.get(field)
            if v is not None and v != streamed.get(field):
                return True
        text = item.get("arguments")
        if text is None or text == "" or text == streamed.get("arguments"):
            return False
        mine = _policed(core, streamed.get("arguments"))
        return mine is not None and _policed(core, text) != mine
    name = client_name(item)
    if name is None:
        return False
    if name != client_name(streamed):
        return True
    if client_fault(item) is not None or client_fault(streamed) is not None:
        return False
    try:  # (an empty object or list is none, as ``null`` is: Go's ``omitempty`` drops them)
        return _canonical(_no_empties(client_args(item))) != _canonical(_no_empties(client_args(streamed)))
    except RecursionError:  # (nested past Python's stack: not compared, no contradiction)
        return False


def _no_empties(value: Any) -> Any:
    """*value* with the members of its objects that are ``null``, ``{}`` or ``[]`` left out."""
    if type(value) is dict:
        kept = {k: _no_empties(v) for k, v in value.items()}
        return {k: v for k, v in kept.items() if v is not None and v != {} and v != []}
    if type(value) is list:
        return [_no_empties(v) for v in value]
    return value


def _policed(core: Core, text: Any) -> Optional[Tuple[Any, ...]]:
    """Argument text read by the stream's policy, as ``_canonical`` gives it (``None``:
    none, or not readable)."""
    if type(text) is not str or not text:
        return None
    try:
        return _canonical(parse_arguments(text, core.policy, "$.arguments", NAME)[0])
    except ArgumentsError:
        return None


def none_given(c: Call, streamed: Dict[str, Any]) -> bool:
    """Whether the function call *c* that *streamed* ended got no arguments (no delta, an
    empty or missing done text: ``empty-arguments``): the final item's are then its own."""
    r = c.result
    return (streamed.get("type") == "function_call" and not streamed.get("arguments") and type(r) is ToolCall
            and "empty-arguments" in r.repairs and not r.raw)


def retake(core: Core, c: Call, item: Dict[str, Any]) -> None:
    """The function call *c*, that got no arguments (``none_given``), takes the final
    *item*'s: read by the stream's policy, as its done item's would have been."""
    text = item.get("arguments")
    if type(text) is not str:  # (an object: read as the done item's would be)
        c.full = None
        c.obj = text
        c.result = core._parsed(c, None)
    else:
        c.full = text
        c.result = core._parsed(c, text)


def loose_key(item: Dict[str, Any]) -> Optional[Tuple[Any, ...]]:
    """A built-in item's fields but its ids and ``status``, as one value (``None``: unknown)."""
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
