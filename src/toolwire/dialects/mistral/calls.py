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
- Tool: ``{"type": "function", "function": {"name", "description", "parameters", "strict"}}``;
  ``type`` may be left out (mistralai's ``Tool`` defaults it), and ``description`` and
  ``strict`` may be null (``Function``): read from Mistral, a tool is written back so.
- Result: ``{"role": "tool", "tool_call_id", "name", "content"}``; ``content`` is text
  or a list of chunks (``ToolMessage.content``: ``ContentChunk``), so another
  provider's result image is written as an ``image_url`` chunk (a data URL or an
  http(s) URL) and a document by URL as a ``document_url`` chunk.
- Tool names: ``^[a-zA-Z0-9_-]{1,64}$``.

Detection (the ``detect`` field) claims only Mistral evidence: an SDK ``"null"``
id, a 9-alphanumeric id together with ``index`` on the call, ``prefix`` on an
assistant message, a ``ThinkChunk`` (``{"type": "thinking", "thinking": [chunks]}``,
mistralai's ``ThinkChunk.thinking`` is a list; Anthropic's and Cohere's hold a string;
or mistral-common's ``{"type": "thinking", "thinking": "<text>", "closed": true}``, which
its ``to_openai()`` writes: no other provider's block has ``closed``) in an assistant
message's content, or a La Plateforme model name on a request or response. A plain
OpenAI-shaped payload (Groq and Cerebras use 9-character ids too) stays
``openai.chat``; ``decode(x, "mistral")`` reads it as Mistral.

The generic OpenAI-like helpers (``decode_fn_call``, ``encode_fn_call``), shared with
``cohere.v2`` and ``ollama``: ``openai_like``. Streams: ``stream``; the assistant message
and reply: ``response`` (Mistral responses are read with Chat's reader).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Dict, Optional, Tuple

from ..._args import Policy
from ..._dialect import CALL, CALLS, Dialect, EncodeContext
from ..._history_codec import Refusals
from ..._ids import rule
from ..._payload_paths import result_at
from ..._types import Tool, ToolCall, ToolResult
from .._common import check_native, name_of, opt_str, result_id, result_name, scoped
from .._image_types import OPENAI_IMAGE_TYPES, sent_type
from .._result_media import ResultMedia, rewrite_media, web
from .._result_resources import text_resources
from ..openai import chat as openai_chat
from ..openai import chat_results, chat_sniff
from ..openai import chat_tools as chat_parts
from ..openai.chat_history import chat_like
from ..openai.chat_refused import mistral_refused
from ..openai.chat_response import CHAT_FINISH, CHAT_UNFINISHED
from ..openai.media import DETAILS
from . import stream
from .openai_like import chat_tool, decode_fn_call, encode_fn_call, rescoped, tool_content
from .response import RESPONSE, encode_message, reply

__all__ = ["DIALECT"]

NAME = "mistral"
IDS = rule(r"[a-zA-Z0-9]{9}", required=True, prefix="", length=9)
NAMES = re.compile(r"[a-zA-Z0-9_-]{1,64}")
_NINE = re.compile(r"[a-zA-Z0-9]{9}")
_MODELS = re.compile(r"(open-)?(mistral|mixtral|pixtral|codestral|ministral|magistral|devstral|voxtral)-")
_STARTS = "ompcdv"  # the first letters _MODELS can match
_NONE_IDS = ("", "null")


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
    if data.get("role") == "assistant":
        if "prefix" in data and "tool_calls" in data:
            return CALLS, "an assistant message with 'prefix'"
        content = data.get("content")
        if type(content) is list and any(type(c) is dict and c.get("type") == "thinking"
                                         and (type(c.get("thinking")) is list or "closed" in c) for c in content):
            return CALLS, "an assistant message with a ThinkChunk (a list of chunks under 'thinking', or 'closed')"
    model = data.get("model")
    # (the first letter first: every reply of another provider's model skips the pattern)
    if type(model) is str and model[:1] in _STARTS and _MODELS.match(model) and (
        "choices" in data or "messages" in data
    ):
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
    # ``parameters`` is required (https://docs.mistral.ai/api/#tag/chat: ``Function``)
    return chat_parts.encode_tool(rescoped(tool, NAME, chat_parts.NAME), NAME, schema_required=True)


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
    check_native(ident, IDS, pd)
    return result_at(NAME, {"$.content": loc + ".content"}, id=ident, name=name, content=content,
                     provider_data={NAME: pd} if pd else {})


_CHUNKS = frozenset({"image_url", "document_url"})  # the media chunks a tool message takes
_HOLDS = "only text, image_url and document_url chunks"


def _own_media(part: Dict[str, Any]) -> bool:
    """A chunk Mistral takes as it is; an ``image_url`` of a ``detail`` it does not
    list (OpenAI's ``"original"``) is written anew, without it."""
    if part.get("type") not in _CHUNKS:
        return False
    iu = part.get("image_url")
    return not (isinstance(iu, dict) and "detail" in iu and iu["detail"] not in DETAILS)


def _media_chunk(m: ResultMedia, ctx: EncodeContext) -> Optional[Dict[str, Any]]:
    """An ``image_url`` chunk (a data URL or an http(s) URL) or a ``document_url`` chunk
    (an http(s) URL, with its name), or ``None``; an image as data of the type its bytes
    show (``sent_type``; Mistral vision: PNG, JPEG, WEBP, GIF)."""
    if m.kind == "image":
        if m.data is not None:
            url: Optional[str] = f"data:{sent_type(m, OPENAI_IMAGE_TYPES, NAME, ctx)};base64,{m.data}"
        else:
            url = m.url if web(m.url) else None
        if url is None:
            return None
        iu = {"url": url} if m.detail not in DETAILS else {"url": url, "detail": m.detail}
        return {"type": "image_url", "image_url": iu}
    if not web(m.url):
        return None
    out: Dict[str, Any] = {"type": "document_url", "document_url": m.url}
    if m.name is not None:
        out["document_name"] = m.name
    return out


def encode_result(result: ToolResult, ctx: EncodeContext) -> Dict[str, Any]:
    pd = scoped(result, NAME)
    if result.id is None and "id" in pd:
        ident: Any = pd["id"]
    else:
        ident = result_id(result, ctx, IDS, NAME)
    result = text_resources(result, NAME, ctx, by_url=True)  # an MCP embedded text resource: text
    # another provider's images and documents
    result = rewrite_media(result, NAME, _own_media, lambda m: _media_chunk(m, ctx), ctx)
    content: Any = chat_results.text_content(result, NAME, keep=_CHUNKS, holds=_HOLDS, ctx=ctx)
    if content == "" and "content" in pd:
        content = pd["content"]
    out: Dict[str, Any] = {"role": "tool", "tool_call_id": ident}
    if result.name is not None or pd.get("null_name"):
        out["name"] = result_name(result.name, NAMES, NAME)
    out["content"] = content
    out.update(pd.get("extra", ()))
    return out


DIALECT = Dialect(
    history=replace(chat_like(NAME, bridge="OK", thinking=True, details=DETAILS, evidence=detect),
                    refusals=Refusals(mistral_refused, frozenset({"assistant", "tool", "user"}))),
    name=NAME,
    argument_keys=("arguments",),
    id_placeholders=frozenset({"no_id", "id", "native_id"}),
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
    children=chat_sniff.named(chat_sniff.children, NAME),
    finish=chat_sniff.finish,
    choices=chat_sniff.named(chat_sniff.choices, NAME),
    description="Mistral chat completions (9-alphanumeric call ids)",
    stream=stream.Handler,
    stream_encoder=stream.encode,
    stream_options=stream.options,
    sdk_stream_events=stream.SDK_EVENTS,
    finish_reasons=CHAT_FINISH,
    unfinished_reasons=CHAT_UNFINISHED,
    response=RESPONSE,
    response_envelope=reply,
    peek=openai_chat.peek,
    detect=detect,
    assistant_message=encode_message,
)
