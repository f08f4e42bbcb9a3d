"""Mistral chat completions (``mistral``).

Follows https://docs.mistral.ai/api/#tag/chat and
https://docs.mistral.ai/capabilities/function_calling/ (checked 2026-11-30), the
mistralai client types ``ToolCall``, ``FunctionCall``, ``AssistantMessage``,
``ToolMessage`` and the id validator of mistral-common.

- Call: ``{"id", "type": "function", "function": {"name", "arguments"}, "index"}``,
  OpenAI-like; ``arguments`` is JSON text from the API and may be an object when
  built with the SDK; ``type`` and ``index`` may be missing.
- Ids: exactly 9 characters of ``[a-zA-Z0-9]``; anything else is rejected by the
  API, so foreign ids are mapped (keyed hash, never truncated). The SDK's default
  id is the literal string ``"null"``: it means no id.
- Tool: ``{"type": "function", "function": {"name", "description", "parameters", "strict"}}``.
- Result: ``{"role": "tool", "tool_call_id", "name", "content"}``.
- Tool names: ``^[a-zA-Z0-9_-]{1,64}$``.

Detection (the ``detect`` field) claims only Mistral evidence: an SDK ``"null"``
id, a 9-alphanumeric id together with ``index`` on the call, ``prefix`` on an
assistant message, or a La Plateforme model name on a response. A plain
OpenAI-shaped payload (Groq and Cerebras use 9-character ids too) stays
``openai.chat``; ``decode(x, "mistral")`` reads it as Mistral.

The generic OpenAI-like helpers here (``decode_fn_call``, ``encode_fn_call``) are
shared by ``cohere.v2`` and ``ollama``. Streams: ``stream``; the assistant message and
reply: ``response`` (Mistral responses are read as ``openai.chat``).
"""

from __future__ import annotations

import re
from typing import Any, Dict, Optional, Tuple

from ..._args import Policy, encode_arguments, parse_arguments
from ..._dialect import CALL, CALLS, Dialect, EncodeContext
from ..._errors import DecodeError, excerpt
from ..._ids import IdRule, rule
from ..._types import Tool, ToolCall, ToolResult, evolve, new_call
from .._common import as_dict, check_native, encode_id, name_of, opt_str, result_id, scoped
from ..openai import chat as openai_chat
from ..openai import chat_sniff
from ..openai import chat_tools as chat_parts
from ..openai.chat_history import chat_like
from ..openai.response import CHAT_FINISH
from . import stream
from .response import encode_message, reply

__all__ = ["DIALECT", "chat_tool", "decode_fn_call", "encode_fn_call", "rescoped", "tool_content"]

NAME = "mistral"
IDS = rule(r"[a-zA-Z0-9]{9}", required=True, prefix="", length=9)
NAMES = re.compile(r"[a-zA-Z0-9_-]{1,64}")
_NINE = re.compile(r"[a-zA-Z0-9]{9}")
_MODELS = re.compile(r"(open-)?(mistral|mixtral|pixtral|codestral|ministral|magistral|devstral|voxtral)-")
_NONE_IDS = ("", "null")


# --- shared OpenAI-like pieces ------------------------------------------------------------


def decode_fn_call(
    item: Dict[str, Any], policy: Policy, loc: str, dialect: str, ids: IdRule, none_ids: Tuple[str, ...] = ("",)
) -> ToolCall:
    """A ``{"id", "type", "function": {"name", "arguments"}}`` item of *dialect*.

    Everything the canonical value does not hold (missing keys, extra keys, object
    arguments, a placeholder id) is kept as provider data for a lossless re-encode.
    """
    fn = item.get("function")
    if type(fn) is not dict:
        fn = as_dict(fn, loc + ".function", dialect, "a 'function' object")
    name = name_of(fn.get("name"), loc + ".function.name", dialect)
    wire_args = fn.get("arguments")
    args, raw, repairs = parse_arguments(wire_args, policy, loc + ".function.arguments", dialect)
    wire_id = item.get("id")
    if type(wire_id) is str and wire_id not in none_ids:
        ident: Optional[str] = wire_id
    else:
        ident = None if wire_id in none_ids else opt_str(wire_id, loc + ".id", dialect)
    if (
        len(item) == 3
        and item.get("type") == "function"
        and len(fn) == 2
        and raw is not None
        and not repairs
        and ident is not None
        and ids.valid(ident)
    ):
        return new_call(name, args, ident, raw)
    pd: Dict[str, Any] = {}
    extra = {k: v for k, v in item.items() if k not in ("id", "type", "function")}
    if extra:
        pd["extra"] = extra
    fextra = {k: v for k, v in fn.items() if k not in ("name", "arguments")}
    if fextra:
        pd["function_extra"] = fextra
    if "type" not in item:
        pd["no_type"] = True
    elif item["type"] != "function":
        pd["type"] = item["type"]
    if "id" not in item:
        pd["no_id"] = True
    elif ident is None:
        pd["id"] = wire_id
    if type(wire_args) is dict:
        pd["object_args"] = True
    if repairs and repairs[0] == "empty-arguments":
        pd["arguments"] = wire_args
        if "arguments" not in fn:
            pd["no_arguments"] = True
    check_native(ident, ids, pd)
    return new_call(name, args, ident, raw, {dialect: pd} if pd else None, repairs)


def encode_fn_call(
    call: ToolCall, ctx: EncodeContext, dialect: str, ids: IdRule, object_args: bool = False
) -> Dict[str, Any]:
    """The item for *call*; provider data of *dialect* restores what decoding kept."""
    pd = scoped(call, dialect)
    if not pd:
        ident = encode_id(call, ctx, ids, pd)
        args: Any = call.args if object_args else encode_arguments(call.args, call.raw)
        return {"id": ident, "type": "function", "function": {"name": call.name, "arguments": args}}
    fn: Dict[str, Any] = {"name": call.name}
    if pd.get("object_args", object_args):
        fn["arguments"] = call.args
    else:
        fn["arguments"] = encode_arguments(call.args, call.raw)
    fn.update(pd.get("function_extra", ()))
    out: Dict[str, Any] = {}
    if not pd.get("no_id"):
        out["id"] = pd["id"] if call.id is None and "id" in pd else encode_id(call, ctx, ids, pd)
    if not pd.get("no_type"):
        out["type"] = pd.get("type", "function")
    out["function"] = fn
    out.update(pd.get("extra", ()))
    return out


def rescoped(obj: Any, src: str, dst: str) -> Any:
    """*obj* with the provider data of *src* moved under *dst* (a model copy)."""
    pd = dict(obj.provider_data)
    moved = pd.pop(src, None)
    if moved:
        pd[dst] = moved
    else:
        pd.pop(dst, None)
    return evolve(obj, provider_data=pd)


def chat_tool(item: Dict[str, Any], loc: str, dialect: str) -> Tool:
    """A Chat-shaped tool definition read for *dialect*: its errors and its provider
    data are *dialect*'s, not ``openai.chat``'s."""
    out: Tool = rescoped(chat_parts.decode_tool(item, loc, dialect), chat_parts.NAME, dialect)
    return out


def tool_content(content: Any, loc: str, dialect: str) -> Any:
    """A tool message's ``content`` (not ``None``): text, or a list of objects; anything
    else is a ``DecodeError`` at ``.content`` (never turned into text silently)."""
    if type(content) is str:
        return content
    if type(content) is not list:
        raise DecodeError(
            f"Tool result content at {loc}.content must be text or a list of parts, got {excerpt(content)}",
            dialect=dialect,
            loc=loc + ".content",
        )
    return [as_dict(p, f"{loc}.content[{i}]", dialect, "a content part") for i, p in enumerate(content)]


# --- Mistral ------------------------------------------------------------------------------


def detect(data: Any) -> Optional[Tuple[str, str]]:
    """Mistral evidence only (see the module docstring)."""
    if type(data) is not dict:
        return None
    fn = data.get("function")
    if type(fn) is dict and "arguments" in fn:
        ident = data.get("id")
        if ident == "null":
            return CALL, "a call with the SDK's placeholder id 'null'"
        if "index" in data and type(ident) is str and _NINE.fullmatch(ident):
            return CALL, "a call with a 9-alphanumeric id and 'index'"
        return None
    if data.get("role") == "assistant" and "prefix" in data and "tool_calls" in data:
        return CALLS, "an assistant message with 'prefix'"
    model = data.get("model")
    if type(model) is str and _MODELS.match(model) and ("choices" in data or "messages" in data):
        return CALLS, f"a chat payload of the Mistral model {model!r}"
    return None


def sniff(data: Any) -> Optional[Tuple[str, str]]:
    return detect(data) or chat_sniff.sniff(data)


def decode_call(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    return decode_fn_call(item, policy, loc, NAME, IDS, _NONE_IDS)


def encode_call(call: ToolCall, ctx: EncodeContext) -> Dict[str, Any]:
    return encode_fn_call(call, ctx, NAME, IDS)


def decode_tool(item: Dict[str, Any], loc: str) -> Tool:
    return chat_tool(item, loc, NAME)


def encode_tool(tool: Tool) -> Dict[str, Any]:
    return chat_parts.encode_tool(rescoped(tool, NAME, chat_parts.NAME))


def decode_result(item: Dict[str, Any], loc: str) -> ToolResult:
    content = item.get("content")
    pd: Dict[str, Any] = {}
    if content is None:
        content = ""
        pd["content"] = None
    else:
        content = tool_content(content, loc, NAME)
    wire_id = item.get("tool_call_id")
    ident = None if wire_id in _NONE_IDS else opt_str(wire_id, loc + ".tool_call_id", NAME)
    if ident is None and wire_id is not None:
        pd["id"] = wire_id
    extra = {k: v for k, v in item.items() if k not in ("role", "tool_call_id", "content", "name")}
    if extra:
        pd["extra"] = extra
    name = item.get("name")
    if name is not None:
        name = name_of(name, loc + ".name", NAME)
    elif "name" in item:
        pd["null_name"] = True
    return ToolResult(id=ident, name=name, content=content, provider_data={NAME: pd} if pd else {})


def encode_result(result: ToolResult, ctx: EncodeContext) -> Dict[str, Any]:
    pd = scoped(result, NAME)
    if result.id is None and "id" in pd:
        ident: Any = pd["id"]
    else:
        ident = result_id(result, ctx, IDS, NAME)
    content: Any = chat_parts.text_content(result, NAME)
    if content == "" and "content" in pd:
        content = pd["content"]
    out: Dict[str, Any] = {"role": "tool", "tool_call_id": ident}
    if result.name is not None or pd.get("null_name"):
        out["name"] = result.name
    out["content"] = content
    out.update(pd.get("extra", ()))
    return out


DIALECT = Dialect(
    history=chat_like(NAME, bridge="OK"),
    name=NAME,
    keys=frozenset({"function", "role", "model"}),
    sniff=sniff,
    decode_call=decode_call,
    encode_call=encode_call,
    decode_tool=decode_tool,
    encode_tool=encode_tool,
    decode_result=decode_result,
    encode_result=encode_result,
    ids=IDS,
    names=NAMES,
    children=chat_sniff.children,
    finish=chat_sniff.finish,
    choices=chat_sniff.choices,
    description="Mistral chat completions (9-alphanumeric call ids)",
    stream=stream.Handler,
    stream_encoder=stream.encode,
    finish_reasons=CHAT_FINISH,
    response_envelope=reply,
    peek=openai_chat.peek,
    detect=detect,
    assistant_message=encode_message,
)
