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
  string ``type`` raises (it may be a call).
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

import json
import re
from typing import Any, Dict, Iterator, Optional, Tuple

from ..._access import to_data
from ..._args import DEFAULT_POLICY, TRUNCATING, Policy, check_object, parse_arguments
from ..._dialect import CALL, CALLS, OTHER, RESULT, SERVER, TOOL, Dialect, EncodeContext
from ..._errors import ArgumentsError, DecodeError, EncodeError, an
from ..._types import ToolCall, new_call
from .._common import as_dict, as_list, encode_id, name_of, opt_str, scoped
from . import batch, history, stream
from .response import FINISH, RESPONSE, encode_message, reply
from .tools import IDS, NAME, NAMES, OTHER_BLOCKS, decode_result, decode_tool, encode_result, encode_tool

__all__ = ["DIALECT", "object_arguments"]

_SERVER = frozenset({"server_tool_use", "mcp_tool_use"})
_OTHER = OTHER_BLOCKS
_STRONG = frozenset({"tool_use", "tool_result", "thinking", "redacted_thinking", *_SERVER})
_NOT_OURS = frozenset({"tool_calls", "function_call", "tool_call_id", "parts", "refusal", "tool_plan"})
_VERSIONED = re.compile(r"[a-z][a-z0-9_]*_\d{8}")  # web_search_20250305, tool_search_tool_bm25_20251119


_KINDS: Dict[str, str] = {
    "tool_use": CALL,
    "server_tool_use": SERVER,
    "mcp_tool_use": SERVER,
    "tool_result": RESULT,
    **{t: OTHER for t in OTHER_BLOCKS},
}
_REASONS = {t: (k, f"a content block of type {t!r}") for t, k in _KINDS.items()}
_TOP = frozenset({"type", "input_schema", "role", "messages"})


def _block_kind(t: Any) -> Optional[str]:
    if type(t) is not str:
        return None
    kind = _KINDS.get(t)
    if kind is None and t.endswith("_tool_result"):
        return OTHER
    return kind


def _strong(content: Any) -> bool:
    if type(content) is not list:
        return False
    for b in content:
        if type(b) is dict:
            t = b.get("type")
            if type(t) is str and (t in _STRONG or t.endswith("_tool_result")):
                return True
    return False


def _plain(content: Any) -> bool:
    """Text, or a list of typed Anthropic blocks: a message any Anthropic reader takes."""
    if type(content) is str:
        return True
    return type(content) is list and all(type(b) is dict and _block_kind(b.get("type")) for b in content)


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


def gate(keys: Tuple[Any, ...], kind: Optional[str]) -> bool:
    """A necessary condition of ``sniff`` on the top-level keys and ``type`` value."""
    if kind is None:  # no "type", or not a string (then sniff declines anyway)
        if _TOP.isdisjoint(keys):
            return False
        if "role" in keys and not _NOT_OURS.isdisjoint(keys):  # another dialect's message...
            return "messages" in keys or ("input_schema" in keys and "name" in keys)  # ...unless role is null
        return True
    return (
        kind in _REASONS
        or kind == "message"
        or kind.endswith("_tool_result")
        or ("name" in keys and ("input_schema" in keys or _VERSIONED.fullmatch(kind) is not None))
    )


_ROLES = ("user", "assistant")
_STRONG_REASONS = {r: (CALLS, f"{an(repr(r))} message with tool_use/tool_result/thinking blocks") for r in _ROLES}
_PLAIN_REASONS = {
    r: (CALLS, f"{an(repr(r))} message of text only (Anthropic and Chat messages look alike)") for r in _ROLES
}


def sniff(data: Any) -> Optional[Tuple[str, str]]:
    if type(data) is not dict or data.keys().isdisjoint(_TOP):
        return None
    t = data.get("type")
    if t is not None:
        if type(t) is not str:
            return None
        hit = _REASONS.get(t)
        if hit is not None:
            return hit
        if t.endswith("_tool_result"):
            return OTHER, f"a content block of type {t!r}"
        if t == "message":
            if "stop_reason" in data or "usage" in data or _strong(data.get("content")):
                return CALLS, "type 'message' with 'stop_reason' (an Anthropic Message)"
            return None
        if "name" in data and ("input_schema" in data or _VERSIONED.fullmatch(t)):
            return TOOL, "a tool definition with 'input_schema' or a versioned server tool type"
        return None
    if "input_schema" in data and "name" in data:
        return TOOL, "'name' and 'input_schema' (an Anthropic tool definition)"
    role = data.get("role")
    if role is not None:
        if role not in _ROLES or not _NOT_OURS.isdisjoint(data.keys()):
            return None
        content = data.get("content")
        known = "user" if role == "user" else "assistant"  # role may be an equal str subclass
        if _strong(content):
            return _STRONG_REASONS[known]
        if _plain(content):
            return _PLAIN_REASONS[known]
        return None
    messages = data.get("messages")
    if type(messages) is list and "toolConfig" not in data and "inferenceConfig" not in data:
        why = _request_signal(data, messages)
        if why:
            return CALLS, f"'messages' with {why} (an Anthropic request)"
    return None


def _request_signal(data: Dict[str, Any], messages: Any) -> str:
    system = data.get("system")
    first = system[0] if type(system) is list and system else None
    if type(system) is str or (type(first) is dict and "type" in first):
        return "a top-level 'system'"
    tools = data.get("tools")
    if type(tools) is list and any(type(x) is dict and "input_schema" in x for x in tools):
        return "'input_schema' tools"
    if any(type(m) is dict and _strong(m.get("content")) for m in messages):
        return "tool_use/tool_result/thinking blocks"
    return ""


def children(data: Dict[str, Any], loc: str) -> Iterator[Tuple[Any, str]]:
    if "messages" in data and "content" not in data:
        for i, m in enumerate(as_list(data["messages"], loc + ".messages", NAME)):
            mloc = f"{loc}.messages[{i}]"
            content = as_dict(m, mloc, NAME, "a message").get("content")
            if content is not None and type(content) is not str:
                yield from _blocks(content, mloc + ".content")
        return
    content = data.get("content")
    if content is not None and type(content) is not str:
        yield from _blocks(content, loc + ".content")


def _blocks(content: Any, loc: str) -> Iterator[Tuple[Any, str]]:
    for j, block in enumerate(as_list(content, loc, NAME)):
        bloc = f"{loc}[{j}]"
        b = to_data(block, bloc)
        if type(b) is not dict:
            yield b, bloc  # (a non-object is reported by the walk)
            continue
        t = b.get("type")
        if type(t) is not str:  # never passed over: a typeless block may be a call
            raise DecodeError(
                f"Content block at {bloc} has no 'type', which every {NAME} block has", dialect=NAME, loc=bloc
            )
        if _block_kind(t) is not None:
            yield b, bloc


def finish(data: Dict[str, Any]) -> Optional[str]:
    reason = data.get("stop_reason")
    return reason if type(reason) is str else None


def object_arguments(value: Any, policy: Policy, loc: str, dialect: str) -> Any:
    """Arguments of an object-argument dialect, marked cut off under a token-limit finish."""
    if type(value) is dict and policy.finish_reason is None:
        check_object(value, policy, loc, dialect)
        return value, None, ()
    args, raw, repairs = parse_arguments(value, policy, loc, dialect)
    if policy.finish_reason in TRUNCATING and "truncated" not in repairs:
        if not policy.allow_truncated:
            raise ArgumentsError(
                f"Arguments at {loc} may be cut off: the reply stopped at its token limit "
                f"({policy.finish_reason}); pass allow_truncated=True to accept them",
                dialect=dialect,
                loc=loc,
                raw=raw if raw is not None else json.dumps(args, ensure_ascii=False, default=str),
                truncated=True,
            )
        repairs = (*repairs, "truncated")
    return args, raw, repairs


_PLAIN_CALL = frozenset({"type", "id", "name", "input"})


def decode_call(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    t = item.get("type")
    name = item.get("name")
    if type(name) is not str or not name:
        name = name_of(name, loc + ".name", NAME)
    ident = item.get("id")
    if type(ident) is not str or not ident:
        ident = opt_str(ident, loc + ".id", NAME)
    inp = item.get("input")
    if t != "tool_use":  # a server call: its input is what it is, never cut off for the client
        args, raw, repairs = parse_arguments(inp, policy, loc + ".input", NAME)
        pd = {k: v for k, v in item.items() if k not in _PLAIN_CALL}
        pd["type"] = t
        return new_call(name, args, ident, raw, {NAME: pd}, repairs, server=True)
    if type(inp) is dict and policy.finish_reason is None:
        check_object(inp, policy, loc + ".input", NAME)
        if len(item) == 4 and ident is not None:
            return new_call(name, inp, ident)
        args, raw, repairs = inp, None, ()
    else:
        args, raw, repairs = object_arguments(inp, policy, loc + ".input", NAME)
    pd = {k: v for k, v in item.items() if k not in _PLAIN_CALL}
    return new_call(name, args, ident, raw, {NAME: pd} if pd else None, repairs)


# --- speed only: a plain call in one step (``ONE_STEP``: see ``dialects.ONE_STEP``) ---

def decode_plain(item: Dict[str, Any]) -> ToolCall:
    """``decode_call`` under the default policy: ``sniff`` claims every ``tool_use``
    block as a call, whatever its values."""
    return decode_call(item, DEFAULT_POLICY, "$")


ONE_STEP = (
    (("type", "id", "name", "input", "tool_use"), decode_plain),  # as the API sends it
    (("id", "input", "name", "type", "tool_use"), decode_plain),  # as the SDK dumps it
)


def encode_call(call: ToolCall, ctx: EncodeContext) -> Dict[str, Any]:
    pd = scoped(call, NAME)
    if call.server:
        if pd.get("type") not in _SERVER:
            raise EncodeError(
                f"Call {call.name!r} is run by another provider; it cannot be replayed to {NAME}",
                dialect=NAME,
            )
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
    keys=_TOP,
    gate=gate,
    sniff=sniff,
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
    peek=peek,
    sdk_calls={_SDK_BLOCK: read_object},
)
