"""Anthropic Messages (``anthropic.messages``).

Follows https://docs.claude.com/en/api/messages,
https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use (checked
2026-11-30), https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool
(checked 2026-12-01) and the anthropic-sdk-python types ``tool_use_block``,
``server_tool_use_block``, ``tool_param``, ``tool_result_block_param``.

- Call: content block ``{"type": "tool_use", "id", "name", "input": {...}}``; other
  fields (``caller``, ``toolset_name``, ``cache_control``) ride along as provider data.
  ``input`` is an object; text (``""`` from a stream, OpenAI-style JSON text) goes
  through the arguments policy and is written back as an object.
- Provider-executed: ``server_tool_use`` (``srvtoolu_…``) and ``mcp_tool_use``
  (``mcptoolu_…``) are server calls, re-encoded with their own type and id.
- Containers: a ``Message`` (``type: "message"``, finish from ``stop_reason``), a
  message ``{"role", "content"}`` and a request ``{"messages": [...]}`` (whose
  content blocks are its items; tool definitions are read with ``decode_tool``).
  Blocks of types this version does not know are passed over; a block without a
  string ``type`` raises (it may be a call). Claims and containers are read in ``sniff``.
- Tool: ``{"name", "description", "input_schema", "strict"}``; server tools
  (``{"type": "web_search_20250305", "name", ...}``, any ``<name>_<yyyymmdd>`` type, digits
  in the name too: ``tool_search_tool_bm25_20251119``) keep their fields as provider data.
- Result: ``{"type": "tool_result", "tool_use_id", "content": text | blocks, "is_error"}``.
- Ids: ``^[a-zA-Z0-9_-]+$`` (the API rejects others, e.g. Kimi's ``functions.f:0``).
- Names: ``^[a-zA-Z0-9_-]{1,128}$`` (the API limit since 2025-08; 64 before).
- ``stop_reason: "max_tokens"``: the API does not say which block was cut, so every
  call of that message counts as cut off (refused unless ``allow_truncated=True``).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from ..._args import DEFAULT_POLICY, Policy, check_object, misplaced, object_arguments, parse_arguments
from ..._dialect import Dialect, EncodeContext
from ..._errors import refuse_server
from ..._types import ToolCall, new_call
from .._common import encode_id, name_of, nameless_result, opt_str, scoped
from . import batch, history, stream, structured
from .named import named
from .response import FINISH, RESPONSE, encode_message, reply
from .sniff import SERVER_BLOCKS, TOP_KEYS, children, finish, gate, sniff
from .tools import IDS, NAME, NAMES, builtin_kind, decode_result, decode_tool, encode_result, encode_tool

__all__ = ["DIALECT"]

_SDK_BLOCK = "anthropic:ToolUseBlock"


def read_object(o: Any) -> Optional[Dict[str, Any]]:
    """The wire dict of an anthropic ``ToolUseBlock``, read by attribute; ``None`` (use
    the generic walk) when it carries anything beyond the plain call."""
    try:
        ident, name, args, kind = o.id, o.name, o.input, o.type
        if o.__pydantic_extra__ or o.caller is not None or o.toolset_name is not None:
            return None
    except AttributeError:
        return None
    if ident is None or name is None or type(args) is not dict or kind != "tool_use":
        return None
    return {"id": ident, "input": args, "name": name, "type": kind}


_PLAIN_CALL = frozenset({"type", "id", "name", "input"})


def decode_call(item: Dict[str, Any], policy: Policy = DEFAULT_POLICY, loc: str = "$") -> ToolCall:
    t = item.get("type")
    name = item.get("name")
    if type(name) is not str or not name or not name.isascii():
        name = name_of(name, loc + ".name", NAME)
    ident = item.get("id")
    if type(ident) is not str or not ident or not ident.isascii():
        ident = opt_str(ident, loc + ".id", NAME)
    inp = item.get("input")
    if not inp:  # none here: under another key they are refused
        misplaced(item, "input", loc, NAME)
    if t != "tool_use":  # a server call: its input is what it is, never cut off for the client
        args, raw, repairs = parse_arguments(inp, policy, loc + ".input", NAME)
        if not args:  # ``"{}"``: under another key they are refused
            misplaced(item, "input", loc, NAME)
        pd = {k: v for k, v in item.items() if k not in _PLAIN_CALL}
        pd["type"] = t
        return new_call(name, args, ident, raw, {NAME: pd}, repairs, server=True)
    if type(inp) is dict and policy.finish_reason is None:
        inp = check_object(inp, policy, loc + ".input", NAME)
        if len(item) == 4 and ident is not None:
            return new_call(name, inp, ident)
        args, raw, repairs = inp, None, ()
    else:
        args, raw, repairs = object_arguments(inp, policy, loc + ".input", NAME)
        if not args:  # ``"{}"``: under another key they are refused
            misplaced(item, "input", loc, NAME)
    pd = {k: v for k, v in item.items() if k not in _PLAIN_CALL}
    return new_call(name, args, ident, raw, {NAME: pd} if pd else None, repairs)


# --- speed only: a plain call in one step (``ONE_STEP``: see ``dialects.ONE_STEP``) ---

# ``decode_call`` itself, its defaults the default policy: ``sniff`` claims every
# ``tool_use`` block as a call, whatever its values
ONE_STEP = (
    (("type", "id", "name", "input", "tool_use"), decode_call),  # as the API sends it
    (("id", "input", "name", "type", "tool_use"), decode_call),  # as the SDK dumps it
)


def encode_call(call: ToolCall, ctx: EncodeContext) -> Dict[str, Any]:
    pd = scoped(call, NAME)
    if call.server:
        if pd.get("type") not in SERVER_BLOCKS:
            refuse_server(call.name, NAME)
        out: Dict[str, Any] = {"type": pd["type"], "id": call.id, "name": call.name, "input": call.args}
        out.update((k, v) for k, v in pd.items() if k != "type")
        return out
    out = {"type": "tool_use", "id": encode_id(call, ctx, IDS), "name": call.name, "input": call.args}
    if pd:
        out.update(pd)
    return out


def peek(item: Dict[str, Any]) -> Tuple[Any, Any]:
    return item.get("name"), item.get("id")


DIALECT = Dialect(
    name=NAME,
    argument_keys=("input",),
    id_placeholders=frozenset({"native_id"}),
    keys=TOP_KEYS,
    gate=gate,
    sniff=named,
    detect=sniff,
    decode_call=decode_call,
    encode_call=encode_call,
    decode_tool=decode_tool,
    encode_tool=encode_tool,
    decode_result=decode_result,
    encode_result=encode_result,
    ids=IDS,
    names=NAMES,
    children=children,
    finish=finish,
    aliases=("anthropic",),
    description="Anthropic Messages API",
    stream=stream.Handler,
    stream_detect=stream.detect,
    stream_events=stream.EVENTS,
    stream_encoder=stream.encode,
    response=RESPONSE,
    finish_reasons=FINISH,
    response_envelope=reply,
    batch_envelope=batch.open_line,
    assistant_message=encode_message,
    history=history.HISTORY,
    builtin_tool=builtin_kind,
    peek=peek,
    sdk_calls={_SDK_BLOCK: read_object},
    structured=(structured.MESSAGES, structured.MESSAGES_BETA, structured.TOOL),
    result_read_back=nameless_result,
    items_in_order=True,
)
