"""AWS Bedrock Converse (``bedrock.converse``).

Follows https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html,
https://docs.aws.amazon.com/bedrock/latest/userguide/tool-use-inference-call.html
(checked 2026-11-30), https://docs.aws.amazon.com/nova/latest/userguide/tool-built-in.html
(checked 2026-12-01) and botocore's ``bedrock-runtime`` service model
(``ToolUseBlock``, ``ToolResultBlock``, ``ToolSpecification``, ``ToolUseId``).

- Call: content block ``{"toolUse": {"toolUseId", "name", "input": {...}}}``; newer
  responses add ``"type": "tool_use"`` (kept for a lossless re-encode);
  ``"type": "server_tool_use"`` (Nova's built-in tools) is a server call. Its result,
  a ``toolResult`` with a ``type`` (``nova_code_interpreter_result``) in the same
  assistant message, is an other item, not a client tool result: it stays in place as is.
- Containers: a response ``{"output": {"message": {...}}, "stopReason"}`` (finish from
  ``stopReason``; ``max_tokens`` marks the message's calls as cut off), a message
  ``{"role", "content": [blocks]}`` (named as Converse, one with no blocks is no calls)
  and a request ``{"messages": [...], "toolConfig"}``. A ``system``-role message (botocore's
  ``ConversationRole``: ``user | assistant | system``) holds ``toolAddition`` /
  ``toolRemoval`` blocks (a tool added to or removed from the tool set mid-conversation):
  no calls, other items.
  Content blocks are unions with one key each; blocks of unknown kinds are passed over,
  but for one whose key names a call or a tool (``tool_call``: Haystack's serialized
  ``ChatMessage``), refused rather than read as a message with no call.
- Tool: ``{"toolSpec": {"name", "description", "inputSchema": {"json": schema}, "strict"}}``
  (a bare spec is read too); ``{"systemTool": {"name"}}`` keeps its shape. A
  ``{"cachePoint": {...}}`` among ``toolConfig.tools`` is a cache marker, not a tool: an
  other item (``explain(x).kind``), left in its place.
- Result: ``{"toolResult": {"toolUseId", "content": [{"text"} | {"json"} | ...], "status"}}``:
  ``status: "error"`` is ``is_error``; ``{"json": x}`` is a ``{"type": "json"}`` part, a
  single ``{"text"}`` block is plain text. Encoding writes text as ``{"text"}`` and
  a JSON object as ``{"json"}``; other JSON (an array, a string, a number, ``null``) as
  the ``{"text"}`` of its JSON, since Converse refuses it there ("Provide a json object
  for the field"). Text is never written as JSON.
- Ids: 1–64 characters of ``[a-zA-Z0-9_.:-]`` (botocore since 2026-04; Kimi K2 on
  Bedrock returns ``functions.get_temperature:0``); required. Mapped ids are
  ``tooluse_`` + 22 characters.
- Names: ``^[a-zA-Z0-9_-]{1,64}$``.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Iterator, Optional, Tuple

from ..._access import to_data
from ..._args import DEFAULT_POLICY, Policy, check_object, misplaced, object_arguments, parse_arguments
from ..._dialect import CALL, CALLS, OTHER, RESULT, SERVER, TOOL, Dialect, EncodeContext
from ..._errors import an, refuse_server
from ..._types import ToolCall, new_call
from .._common import as_dict, as_list, encode_id, name_of, nameless_result, opt_str, scoped
from . import history, stream, structured
from .response import FINISH, RESPONSE, encode_message, reply
from .tools import IDS, NAME, builtin_kind, decode_result, decode_tool, encode_result, encode_tool, tool_entry
from .unknown_blocks import callish

__all__ = ["DIALECT"]

NAMES = re.compile(r"[a-zA-Z0-9_-]{1,64}")

_BLOCKS = frozenset(
    {"text", "image", "document", "video", "audio", "toolUse", "toolResult", "guardContent",
     "cachePoint", "reasoningContent", "citationsContent", "searchResult", "toolAddition", "toolRemoval"}
)
_REQUEST_KEYS = ("toolConfig", "inferenceConfig", "additionalModelRequestFields", "guardrailConfig")


def _untyped_blocks(content: Any) -> bool:
    """A content list of Converse union blocks (no ``type`` key, one known member)."""
    if type(content) is not list:
        return False
    return any(type(b) is dict and "type" not in b and not b.keys().isdisjoint(_BLOCKS) for b in content)


_TOP = _BLOCKS | {"toolSpec", "systemTool", "output", "role", "messages", "inputSchema"}


_ROLE_REASONS = {r: (CALLS, f"{an(repr(r))} message of Converse content blocks") for r in ("user", "assistant",
                                                                                            "system")}
_EMPTY_REASONS = {r: (CALLS, f"{an(repr(r))} message with no content blocks") for r in ("user", "assistant")}


def sniff(data: Any) -> Optional[Tuple[str, str]]:
    if type(data) is not dict or data.keys().isdisjoint(_TOP):
        return None
    if "role" not in data:  # a member that is set but no object is claimed, so decoding reports it
        tu = data.get("toolUse")
        if tu is not None:
            if type(tu) is dict and tu.get("type") == "server_tool_use":
                return SERVER, "a 'toolUse' block of type 'server_tool_use' (a tool Bedrock runs)"
            return CALL, "a 'toolUse' block (a Converse content block)"
        tr = data.get("toolResult")
        if tr is not None:
            kind = tr.get("type") if type(tr) is dict else None
            if type(kind) is str and kind != "tool_result":  # Nova: nova_code_interpreter_result
                return OTHER, f"a 'toolResult' block of type {kind!r} (the result of a tool Bedrock runs)"
            return RESULT, "a 'toolResult' block"
        if data.get("toolSpec") is not None or data.get("systemTool") is not None:
            return TOOL, "a 'toolSpec' (a Converse tool definition)"
        if len(data) == 1 and next(iter(data)) in _BLOCKS:
            key = next(iter(data))
            if key == "cachePoint":
                return OTHER, "a 'cachePoint' block (a cache marker in content, system or toolConfig.tools)"
            return OTHER, f"{an(repr(key))} content block"
    output = data.get("output")
    if type(output) is dict and "message" in output:
        return CALLS, "'output.message' (a Converse response)"
    role = data.get("role")
    if role is not None:
        content = data.get("content")
        if _untyped_blocks(content):
            hit = _ROLE_REASONS.get(role) if type(role) is str else None
            return hit or (CALLS, f"{an(repr(role))} message of Converse content blocks")
        if type(content) is list and not content and len(data) == 2 and isinstance(role, str):
            # exactly an empty Message, ``{role, content}`` (Anthropic, asked first, claims it too)
            return _EMPTY_REASONS.get(role)
        return None
    messages = data.get("messages")
    if type(messages) is list:
        if any(k in data for k in _REQUEST_KEYS) or any(
            type(m) is dict and _untyped_blocks(m.get("content")) for m in messages
        ):
            return CALLS, "'messages' with Converse content blocks or 'toolConfig' (a Converse request)"
        return None
    schema = data.get("inputSchema")
    if "name" in data and type(schema) is dict and "json" in schema and "type" not in schema:
        return TOOL, "'name' and 'inputSchema.json' (a Converse tool specification)"
    return None


def children(data: Dict[str, Any], loc: str) -> Iterator[Tuple[Any, str]]:
    output = data.get("output")
    if type(output) is dict:
        msg = as_dict(output.get("message"), loc + ".output.message", NAME, "a message")
        yield from _blocks(msg.get("content"), loc + ".output.message.content")
    elif "messages" in data and "content" not in data:
        for i, m in enumerate(as_list(data["messages"], loc + ".messages", NAME)):
            mloc = f"{loc}.messages[{i}]"
            yield from _blocks(as_dict(m, mloc, NAME, "a message").get("content"), mloc + ".content")
    else:
        yield from _blocks(data.get("content"), loc + ".content")


def _blocks(content: Any, loc: str) -> Iterator[Tuple[Any, str]]:
    if content is None:
        return
    for j, block in enumerate(as_list(content, loc, NAME)):
        bloc = f"{loc}[{j}]"
        b = to_data(block, bloc)
        if type(b) is dict:  # a result member that is no object: never passed over
            tr = b.get("toolResult")
            if tr is not None and type(tr) is not dict:
                as_dict(tr, bloc + ".toolResult", NAME, "a 'toolResult' object")
        if type(b) is not dict or not b.keys().isdisjoint(_BLOCKS):
            yield b, bloc  # a non-object is reported by the walk; unknown members are passed over
        else:
            callish(b, bloc)


def finish(data: Dict[str, Any]) -> Optional[str]:
    reason = data.get("stopReason")
    return reason if type(reason) is str else None


_PLAIN = frozenset({"toolUseId", "name", "input"})


def decode_call(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    tu = item.get("toolUse")
    if type(tu) is not dict:
        tu = as_dict(tu, loc + ".toolUse", NAME, "a 'toolUse' object")
    name = tu.get("name")
    if type(name) is not str or not name or not name.isascii():
        name = name_of(name, loc + ".toolUse.name", NAME)
    ident = tu.get("toolUseId")
    if type(ident) is not str or not ident or not ident.isascii():
        ident = opt_str(ident, loc + ".toolUse.toolUseId", NAME)
    inp = tu.get("input")
    if not inp:  # none here: under another key they are refused
        misplaced(tu, "input", loc + ".toolUse", NAME)
    server = tu.get("type") == "server_tool_use"
    if server:
        args, raw, repairs = parse_arguments(inp, policy, loc + ".toolUse.input", NAME)
        if not args:  # ``"{}"``: under another key they are refused
            misplaced(tu, "input", loc + ".toolUse", NAME)
    elif type(inp) is dict and policy.finish_reason is None:
        inp = check_object(inp, policy, loc + ".toolUse.input", NAME)
        if len(tu) == 3 and len(item) == 1 and ident is not None:
            return new_call(name, inp, ident)
        args, raw, repairs = inp, None, ()
    else:
        args, raw, repairs = object_arguments(inp, policy, loc + ".toolUse.input", NAME)
        if not args:  # ``"{}"``: under another key they are refused
            misplaced(tu, "input", loc + ".toolUse", NAME)
    pd = {k: v for k, v in tu.items() if k not in _PLAIN}
    if len(item) > 1:
        pd["block"] = {k: v for k, v in item.items() if k != "toolUse"}
    return new_call(name, args, ident, raw, {NAME: pd} if pd else None, repairs, server)


# --- speed only: a plain call in one step (``ONE_STEP``: see ``dialects.ONE_STEP``) ---

def decode_plain(item: Dict[str, Any]) -> Optional[ToolCall]:
    """``decode_call`` under the default policy of a block ``sniff`` claims as a call."""
    tu = item["toolUse"]
    if type(tu) is not dict or tu.get("type") == "server_tool_use":
        return None
    return decode_call(item, DEFAULT_POLICY, "$")


ONE_STEP = ((("toolUse", None), decode_plain),)


def encode_call(call: ToolCall, ctx: EncodeContext) -> Dict[str, Any]:
    pd = scoped(call, NAME)
    if call.server:
        if pd.get("type") != "server_tool_use":
            refuse_server(call.name, NAME)
        ident = call.id
    else:
        ident = encode_id(call, ctx, IDS)
    tu: Dict[str, Any] = {"toolUseId": ident, "name": call.name, "input": call.args}
    if not pd:
        return {"toolUse": tu}
    tu.update((k, v) for k, v in pd.items() if k != "block")
    out: Dict[str, Any] = {"toolUse": tu}
    out.update(pd.get("block", ()))
    return out


def peek(item: Dict[str, Any]) -> Tuple[Any, Any]:
    tu = item.get("toolUse")
    return (tu.get("name"), tu.get("toolUseId")) if type(tu) is dict else (None, None)


DIALECT = Dialect(
    history=history.HISTORY,
    builtin_tool=builtin_kind,
    name=NAME,
    argument_keys=("input",),
    id_placeholders=frozenset({"native_id"}),
    keys=_TOP,
    sniff=sniff,
    decode_call=decode_call,
    encode_call=encode_call,
    decode_tool=decode_tool,
    tool_entry=tool_entry,
    encode_tool=encode_tool,
    decode_result=decode_result,
    encode_result=encode_result,
    ids=IDS,
    names=NAMES,
    children=children,
    finish=finish,
    aliases=("bedrock",),
    description="AWS Bedrock Converse / ConverseStream",
    stream=stream.Handler,
    stream_detect=stream.detect,
    stream_encoder=stream.encode,
    stream_misfed=stream.misfed,
    response=RESPONSE,
    finish_reasons=FINISH,
    response_envelope=reply,
    assistant_message=encode_message,
    peek=peek,
    structured=(structured.CONVERSE,),
    result_read_back=nameless_result,
    items_in_order=True,
)
