"""Cohere v2 chat (``cohere.v2``).

Follows https://docs.cohere.com/reference/chat and
https://docs.cohere.com/docs/tool-use (checked 2026-11-30) and the cohere-python
types ``ToolCallV2``, ``AssistantMessageResponse``, ``ToolMessageV2``, ``ToolV2``,
``Document``.

- Response: ``{"id", "finish_reason", "message": {"role": "assistant", "tool_plan",
  "tool_calls": [...]}, "usage"}``; ``finish_reason`` is upper case (``TOOL_CALL``,
  ``COMPLETE``, ``MAX_TOKENS`` — the last marks cut-off calls as truncated).
- Call: ``{"id", "type": "function", "function": {"name", "arguments": "<JSON>"}}``;
  ``arguments`` may be ``"null"`` or ``""`` for a call without arguments (``{}``).
- Ids: required, any string; Cohere writes ``<tool name>_<12 characters>``.
- Tool: ``{"type": "function", "function": {"name", "description", "parameters"}}``
  (``type`` may be left out: ``ToolV2`` defaults it, and so it is written back);
  there is no per-tool ``strict`` flag (the request's ``strict_tools`` is), so
  ``strict`` is not written, unless the tool was read here with one.
- Result: ``{"role": "tool", "tool_call_id", "content"}``, content text or parts
  ``{"type": "text", "text"}`` / ``{"type": "document", "document": {"data": {...}}}``;
  a document is the canonical ``{"type": "json", "json": data}`` part (a text part when
  its data is text, as the guide's ``json.dumps(result)``). No error flag.

Detection (the ``detect`` field) claims Cohere evidence only: a response with a
``message`` and an upper-case ``finish_reason`` (one of Cohere's when the ``message`` is
no object: its reading raises at ``$.message``), ``tool_plan`` on a message, a call
id of the form ``<name>_<12 lowercase alphanumerics>``, document result parts, a
request for a ``command`` model or with ``strict_tools``. A tool-result history
without any of these is an OpenAI-shaped payload (``openai.chat``).
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple

from ..._args import Policy
from ..._dialect import CALL, CALLS, RESULT, Dialect, EncodeContext
from ..._errors import DecodeError, EncodeError, an, excerpt
from ..._ids import rule
from ..._payload_paths import result_at
from ..._policy import UNFINISHED
from ..._types import Tool, ToolCall, ToolResult, evolve
from .._common import QUIET, as_dict, check_native, json_text, nameless_result, opt_str, result_id, scoped
from .._result_resources import text_resources
from ..mistral.openai_like import chat_tool, decode_fn_call, encode_fn_call, rescoped, text_part, tool_content
from ..openai import chat as openai_chat
from ..openai import chat_sniff
from ..openai import chat_tools as chat_parts
from ..openai.chat_history import chat_like
from ..openai.media import DETAILS
from . import stream
from .response import FINISH, NOT_FINISHED, RESPONSE, encode_message, reply

__all__ = ["DIALECT"]

NAME = "cohere.v2"
IDS = rule(required=True, prefix="call_", length=24)
_FINISH = frozenset(FINISH)  # every finish reason cohere sends names a reply, ERROR_LIMIT too
_SUFFIX = re.compile(r"[a-z0-9]{12}")


def detect(data: Any) -> Optional[Tuple[str, str]]:
    """Cohere evidence only (see the module docstring)."""
    if type(data) is not dict:
        return None
    fn = data.get("function")
    if type(fn) is dict:
        ident, name = data.get("id"), fn.get("name")
        if (
            type(ident) is str
            and type(name) is str
            and name
            and len(ident) == len(name) + 13
            and ident[-13] == "_"
            and ident.startswith(name)
            and _SUFFIX.fullmatch(ident, len(name) + 1)
        ):
            return CALL, "a call whose id is '<name>_' and 12 lowercase alphanumerics"
        return None
    msg = data.get("message")
    if type(msg) is dict:
        reason = data.get("finish_reason")
        if type(reason) is str and reason in _FINISH:
            return CALLS, "'message' with an upper-case 'finish_reason' (a Cohere v2 response)"
        if reason is not None and type(reason) is not str:  # read: ``finish`` names its place
            return CALLS, "'message' with a 'finish_reason' that is no string (a Cohere v2 response)"
        if "tool_plan" in msg:
            return CALLS, "'message' with 'tool_plan' (a Cohere v2 response)"
    elif msg is not None and "messages" not in data:
        reason = data.get("finish_reason")
        if type(reason) is str and reason in _FINISH:  # read: its 'message' is no object
            return CALLS, "'message' with an upper-case 'finish_reason' (a Cohere v2 response)"
    role = data.get("role")
    if role == "assistant" and "tool_plan" in data:
        return CALLS, "an assistant message with 'tool_plan'"
    if role == "tool" and "tool_call_id" in data and _has_document(data.get("content")):
        return RESULT, "a tool message with 'document' content"
    if type(data.get("messages")) is list:
        model = data.get("model")
        if "strict_tools" in data or (type(model) is str and model.startswith("command")):
            return CALLS, "a chat request for a Command model"
    return None


def _has_document(content: Any) -> bool:
    return type(content) is list and any(type(p) is dict and p.get("type") == "document" for p in content)


def sniff(data: Any) -> Optional[Tuple[str, str]]:
    return detect(data) or chat_sniff.sniff(data)


def finish(data: Dict[str, Any]) -> Optional[str]:
    """``finish_reason``; ``unfinished`` (``UNFINISHED``) for a reply the user cancelled or
    that timed out (``USER_CANCEL``, ``TIMEOUT``: it did not finish)."""
    reason = data.get("finish_reason")
    if type(reason) is not str and reason is not None:
        raise DecodeError(f"'finish_reason' must be a string at $.finish_reason, got {type(reason).__name__} "
                          f"{excerpt(reason)}", dialect=NAME, loc="$.finish_reason")
    if reason in NOT_FINISHED:
        return UNFINISHED
    return reason if type(reason) is str and reason else None



def decode_call(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    return decode_fn_call(item, policy, loc, NAME, IDS)


def encode_call(call: ToolCall, ctx: EncodeContext) -> Dict[str, Any]:
    return encode_fn_call(call, ctx, NAME, IDS)


def decode_tool(item: Dict[str, Any], loc: str) -> Tool:
    tool = chat_tool(item, loc, NAME)
    if tool.strict is None:
        return tool
    # a ``strict`` flag sent anyway (a Chat-shaped tool): written back here, nowhere else
    return evolve(tool, provider_data={**tool.provider_data, NAME: {**scoped(tool, NAME), "own_strict": True}})


def encode_tool(tool: Tool) -> Dict[str, Any]:
    plain = rescoped(tool, NAME, chat_parts.NAME)
    if not scoped(tool, NAME).get("own_strict"):  # no per-tool strict (``ToolV2Function``)
        plain = evolve(plain, strict=None)
    return chat_parts.encode_tool(plain, NAME, schema_required=True)  # ``parameters`` is required (``ToolV2Function``)


def _parts_in(content: List[Any], loc: str) -> List[Dict[str, Any]]:
    out: List[Dict[str, Any]] = []
    for i, part in enumerate(content):
        p = as_dict(part, f"{loc}[{i}]", NAME, "a content part")
        if p.get("type") == "document":
            doc = as_dict(p.get("document"), f"{loc}[{i}].document", NAME, "a document")
            data = doc.get("data")  # the guide sends json.dumps(result): text stays text
            out.append({"type": "text", "text": data} if type(data) is str else {"type": "json", "json": data})
        elif p.get("type") == "text":
            text_part(p, f"{loc}[{i}]", NAME)
            out.append({"type": "text", "text": p.get("text", "")})
        else:
            out.append(p)
    return out


def _parts_out(content: List[Dict[str, Any]], ctx: EncodeContext = QUIET) -> List[Dict[str, Any]]:
    out: List[Dict[str, Any]] = []
    for part in content:
        kind = part.get("type")
        if kind == "text":
            out.append({"type": "text", "text": part.get("text", "")})
        elif kind == "json" and type(part.get("json")) is dict:
            out.append({"type": "document", "document": {"data": part["json"]}})
        elif kind == "json":
            said = json_text(part.get("json"), ctx, NAME, "a document's data is an object")
            out.append({"type": "text", "text": said})
        else:
            raise EncodeError(f"{an(NAME, True)} tool result holds text and documents; got {an(repr(kind))} part",
                              dialect=NAME)
    return out


def decode_result(item: Dict[str, Any], loc: str) -> ToolResult:
    wire = item.get("content")
    pd: Dict[str, Any] = {}
    if type(wire) is list:
        content: Any = _parts_in(wire, loc + ".content")
        try:
            if _parts_out(content) != wire:
                pd["content"] = wire
        except EncodeError:
            pd["content"] = wire
    elif wire is None:
        content = ""
        if "content" in item:
            pd["content"] = None  # written back as null
    else:
        content = tool_content(wire, loc, NAME)
    extra = {k: v for k, v in item.items() if k not in ("role", "tool_call_id", "content")}
    if extra:
        pd["extra"] = extra
    ident = opt_str(item.get("tool_call_id"), loc + ".tool_call_id", NAME)
    check_native(ident, IDS, pd)
    return result_at(NAME, {"$.content": loc + ".content"}, id=ident, content=content,
                     provider_data={NAME: pd} if pd else {})


def encode_result(result: ToolResult, ctx: EncodeContext) -> Dict[str, Any]:
    result = text_resources(result, NAME, ctx)  # an MCP embedded text resource: text
    pd = scoped(result, NAME)
    content: Any = result.content
    kept = pd.get("content", "")
    if kept is None and content == "":
        content = None
    elif type(kept) is list and _parts_in(kept, "$") == content:
        content = kept
    elif type(content) is list:
        content = _parts_out(content, ctx)
    out: Dict[str, Any] = {
        "role": "tool",
        "tool_call_id": result_id(result, ctx, IDS, NAME),
        "content": content,
    }
    out.update(pd.get("extra", ()))
    return out


DIALECT = Dialect(
    history=chat_like(NAME, plan="tool_plan", thinking=True, details=DETAILS, evidence=detect),
    name=NAME,
    argument_keys=("arguments",),
    id_placeholders=frozenset({"native_id"}),
    keys=frozenset({"function", "message", "role", "messages"}),
    sniff=sniff,
    decode_call=decode_call,
    encode_call=encode_call,
    decode_tool=decode_tool,
    encode_tool=encode_tool,
    decode_result=decode_result,
    encode_result=encode_result,
    ids=IDS,
    children=chat_sniff.named(chat_sniff.message_children, NAME),
    finish=finish,
    aliases=("cohere",),
    description="Cohere v2 chat (tool_plan, upper-case finish reasons)",
    stream=stream.Handler,
    stream_detect=stream.detect,
    stream_events=stream.EVENTS,
    stream_encoder=stream.encode,
    response=RESPONSE,
    finish_reasons=FINISH,
    unfinished_reasons=NOT_FINISHED,
    response_envelope=reply,
    peek=openai_chat.peek,
    detect=detect,
    assistant_message=encode_message,
    result_read_back=nameless_result,
)
