"""Tool definitions and tool results of ``ollama`` (see ``calls``).

Follows https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion
and https://docs.ollama.com/capabilities/tool-calling (checked 2026-11-30): a tool is
Chat-shaped without ``strict`` (ollama-python 0.6 ``Tool``: ``type``, any text or null,
defaults to "function"; each field of ``Tool.Function`` is optional: an absent or null
one, or a ``strict`` sent anyway, is written back as read to ``ollama``); a result is
``{"role": "tool", "tool_name"?, "content", "tool_call_id"?}`` whose content is one
string (text parts joined with newlines, JSON parts serialised). Ids (``call_`` + 8
characters) and names are optional (``api.Message``: ``tool_name`` and ``tool_call_id``
are ``omitempty``; ollama-python ``Message.tool_name: Optional[str]``): a result with
neither is written as ``{"role": "tool", "content"}``, which older clients send and
``calls.sniff`` reads back with ``ollama`` named.
"""

from __future__ import annotations

import string
from typing import Any, Dict, Optional

from ..._dialect import EncodeContext
from ..._errors import EncodeError, an
from ..._ids import IdRule
from ..._payload_paths import result_at
from ..._types import Tool, ToolResult, evolve
from .._common import json_text, name_of, opt_str, result_id, scoped
from .._image_types import OLLAMA_IMAGE_TYPES, sent_type
from .._result_media import ResultMedia, rewrite_media
from .._result_resources import text_resources
from ..mistral.openai_like import chat_tool, rescoped, text_of, tool_content
from ..openai import chat_tools as chat_parts
from ..openai.chat_history import read_images
from ..openai.chat_results import lines

__all__ = ["IDS", "NAME", "decode_result", "decode_tool", "encode_result", "encode_tool"]

NAME = "ollama"
IDS = IdRule(required=False, prefix="call_", length=8, alphabet=string.digits + string.ascii_lowercase)


def decode_tool(item: Dict[str, Any], loc: str) -> Tool:
    tool = chat_tool(item, loc, NAME)
    if tool.strict is None:
        return tool
    # a ``strict`` flag sent anyway (a Chat-shaped tool): written back here, nowhere else
    return evolve(tool, provider_data={**tool.provider_data, NAME: {**scoped(tool, NAME), "own_strict": True}})


def encode_tool(tool: Tool) -> Dict[str, Any]:
    plain = rescoped(tool, NAME, chat_parts.NAME)
    if not scoped(tool, NAME).get("own_strict"):  # no ``strict`` in Ollama's tools
        plain = evolve(plain, strict=None)
    return chat_parts.encode_tool(plain, NAME, schema_required=False)  # ``Tool.Function.parameters`` optional


def decode_result(item: Dict[str, Any], loc: str) -> ToolResult:
    content = item.get("content")
    pd: Dict[str, Any] = {}
    if content is None:
        content = ""
        if "content" in item:
            pd["content"] = None
    else:
        content = tool_content(content, loc, NAME)
    images = item.get("images")
    if type(images) is list and images:  # Message.images (base64, or the SDK's bytes): parts after the text
        images = read_images(images, loc + ".images", NAME)
        parts = [{"type": "text", "text": content}] if isinstance(content, str) and content else \
            ([] if isinstance(content, str) else list(content))
        content = [*parts, *({"type": "image", "image": i} for i in images)]
        item = {k: v for k, v in item.items() if k != "images"}
    ident = opt_str(item.get("tool_call_id"), loc + ".tool_call_id", NAME)
    if ident is None and "tool_call_id" in item:
        pd["id"] = item["tool_call_id"]
    extra = {k: v for k, v in item.items() if k not in ("role", "tool_call_id", "content", "tool_name")}
    if extra:
        pd["extra"] = extra
    name = item.get("tool_name")
    if name is not None:
        name = name_of(name, loc + ".tool_name", NAME)
    return result_at(NAME, {"$.content": loc + ".content"}, id=ident, name=name, content=content,
                     provider_data={NAME: pd} if pd else {})


def _text(result: ToolResult, ctx: EncodeContext) -> str:
    if isinstance(result.content, str):
        return result.content
    texts = []
    for i, part in enumerate(result.content):
        kind = part.get("type")
        if kind == "text":
            texts.append(text_of(part, i, NAME))
        elif kind == "json":
            texts.append(json_text(part.get("json"), ctx, NAME, "a tool message's content is a string"))
        else:
            raise EncodeError(f"An {NAME} tool result holds only text; got {an(repr(kind))} part", dialect=NAME)
    return lines(texts, NAME, ctx)


def _own_media(part: Dict[str, Any]) -> bool:
    return type(part.get("image")) is str


def _media_part(m: ResultMedia) -> Optional[Dict[str, Any]]:
    """An image of ``images`` (base64 data only: Ollama takes no URL, nor a type; PNG, JPEG,
    GIF, WebP or BMP by its bytes, else its stated type: ``sent_type``), or ``None``."""
    if m.kind != "image" or m.data is None:
        return None
    sent_type(m, OLLAMA_IMAGE_TYPES, NAME)
    return {"type": "image", "image": m.data}


def encode_result(result: ToolResult, ctx: EncodeContext) -> Dict[str, Any]:
    result = rewrite_media(text_resources(result, NAME, ctx), NAME, _own_media, _media_part, ctx)  # another
    # provider's images (an MCP text resource: text)
    images = []
    if not isinstance(result.content, str) and any(p.get("type") == "image" and _own_media(p) for p in result.content):
        images = [p["image"] for p in result.content if p.get("type") == "image" and _own_media(p)]
        result = evolve(result, content=[p for p in result.content if not (p.get("type") == "image" and _own_media(p))])
    pd = scoped(result, NAME)
    content: Any = _text(result, ctx)
    if content == "" and "content" in pd:
        content = pd["content"]
    out: Dict[str, Any] = {"role": "tool"}
    if result.name is not None:
        out["tool_name"] = result.name
    out["content"] = content
    if result.id is not None:
        out["tool_call_id"] = result_id(result, ctx, IDS, NAME)
    elif "id" in pd:
        out["tool_call_id"] = pd["id"]
    if images:
        out["images"] = images
    out.update(pd.get("extra", ()))
    return out
