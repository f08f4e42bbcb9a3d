"""Tool definitions and tool results of ``anthropic.messages`` (see that module).

Follows https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use
and https://docs.anthropic.com/en/api/messages (``tools``, ``tool_result`` blocks).

- Tool: ``{"name", "description", "input_schema", "strict", ...}`` (anthropic-sdk-python
  ``ToolParam``); its other fields (``type``, ``cache_control``, ``defer_loading``...) are
  provider data, and so is a ``description`` or ``strict`` sent as null (written back
  as null to ``anthropic.messages`` only). A ``strict: true`` tool is written only with a
  schema the strict grammar takes (``strict_tools.py``), else ``EncodeError``.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Optional, Tuple

from ..._dialect import EncodeContext
from ..._errors import DecodeError, EncodeError, an, excerpt
from ..._ids import rule
from ..._payload_paths import result_at, tool_at
from ..._types import Tool, ToolResult
from .._common import (
    as_dict,
    error_flag,
    json_text,
    name_of,
    object_schema,
    required_id,
    result_id,
    scoped,
    tool_description,
    tool_strict,
)
from .._image_types import NOT_BASE64, checked_type, image_media_type, no_base64, refusal
from .._result_media import ResultMedia, blank_text, rewrite_media, text_of, web
from .strict_tools import check_strict_tool

__all__ = [
    "IDS", "IMAGE_TYPES", "NAME", "NAMES", "OTHER_BLOCKS", "decode_result", "decode_tool", "encode_result",
    "encode_tool", "relabelled", "sent_as",
]

NAME = "anthropic.messages"
IDS = rule(r"[a-zA-Z0-9_-]+", required=True, prefix="toolu_", length=24)
NAMES = re.compile(r"[a-zA-Z0-9_-]{1,128}")
OTHER_BLOCKS = frozenset(
    {"text", "thinking", "redacted_thinking", "image", "document", "search_result",
     "container_upload", "tool_reference"}
)


# Base64ImageSourceParam ``media_type`` (anthropic-sdk-python ``types/base64_image_source_param.py``)
IMAGE_TYPES = ("image/jpeg", "image/png", "image/gif", "image/webp")
_PLAIN_TOOL = frozenset({"name", "description", "input_schema", "strict"})
_EMPTY_SCHEMA = {"type": "object", "properties": {}}
_CLOSED_SCHEMA = {"type": "object", "properties": {}, "additionalProperties": False}


def decode_tool(item: Dict[str, Any], loc: str) -> Tool:
    name = name_of(item.get("name"), loc + ".name", NAME)
    params = item.get("input_schema")
    if params is not None and type(params) is not dict:
        where = loc + ".input_schema"
        raise DecodeError(f"Tool input_schema at {where} must be an object", dialect=NAME, loc=where)
    if params is not None and params.get("type") != "object":  # the API: "type" must be "object"
        where = loc + ".input_schema.type"
        raise DecodeError(f"Tool input_schema at {where} must be 'object', got {excerpt(params.get('type'))}",
                          dialect=NAME, loc=where)
    description = tool_description(item.get("description"), loc + ".description", NAME)
    strict = tool_strict(item.get("strict"), loc + ".strict", NAME)
    extra = {k: v for k, v in item.items() if k not in _PLAIN_TOOL}
    for key, value in (("description", description), ("strict", strict)):
        if value is None and key in item:  # sent as null: written back so, to this dialect only
            extra[_NULL[key]] = True
    return tool_at(
        NAME,
        {"$.parameters": loc + ".input_schema", "$.description": loc + ".description"},
        name=name,
        description=description,
        parameters=params,
        strict=strict,
        provider_data={NAME: extra} if extra else {},
    )


# provider data beside the tool's own other fields: a ``description`` or ``strict`` sent as null
_NULL = {"description": "null_description", "strict": "null_strict"}
_FLAGS = frozenset(_NULL.values())


def builtin_kind(pd: Dict[str, Any]) -> Optional[str]:
    """The kind of a tool Anthropic defines itself: a ``type`` other than ``"custom"``
    (versioned server and built-in tools: ``web_search_20250305``, ``bash_20250124``,
    ``text_editor_20250728``...; https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview,
    checked 2026-12-01), kept in the provider data ``decode_tool`` writes."""
    kind = pd.get("type")
    return kind if type(kind) is str and kind != "custom" else None


def encode_tool(tool: Tool) -> Dict[str, Any]:
    pd = scoped(tool, NAME)
    out: Dict[str, Any] = {"name": tool.name}
    if tool.description is not None or pd.get("null_description"):
        out["description"] = tool.description
    server = type(pd.get("type")) is str and pd["type"] != "custom"
    if tool.parameters is not None or not server:
        # the API requires a schema for a client tool; a strict one closes its objects
        out["input_schema"] = object_schema(tool.name, tool.parameters, NAME, "input_schema") \
            if tool.parameters is not None else dict(_CLOSED_SCHEMA if tool.strict else _EMPTY_SCHEMA)
    if tool.strict is not None or pd.get("null_strict"):
        out["strict"] = tool.strict
    if tool.strict is True and "input_schema" in out:
        check_strict_tool(tool.name, out["input_schema"], NAME, "$.input_schema")
    out.update((k, v) for k, v in pd.items() if k not in _FLAGS)
    return out


_PLAIN_RESULT = frozenset({"type", "tool_use_id", "content", "is_error"})


def decode_result(item: Dict[str, Any], loc: str) -> ToolResult:
    ident = required_id(item.get("tool_use_id"), loc + ".tool_use_id", NAME)
    content = item.get("content")
    pd = {k: v for k, v in item.items() if k not in _PLAIN_RESULT}
    if content is None:
        content = ""
        pd["no_content"] = True
    elif type(content) is list:
        content = [as_dict(b, f"{loc}.content[{i}]", NAME, "a content block") for i, b in enumerate(content)]
        for i, b in enumerate(content):
            if type(b.get("type")) is not str:
                where = f"{loc}.content[{i}]"
                raise DecodeError(f"Content block at {where} has no 'type'", dialect=NAME, loc=where)
    elif type(content) is not str:
        where = loc + ".content"
        raise DecodeError(f"Tool result content at {where} must be text or a list of blocks", dialect=NAME, loc=where)
    is_error = item.get("is_error")
    if is_error is False:
        pd["is_error"] = False
    return result_at(
        NAME, {"$.content": loc + ".content"},
        id=ident, content=content, is_error=error_flag(is_error, loc + ".is_error", NAME),
        provider_data={NAME: pd} if pd else {}
    )


def encode_result(result: ToolResult, ctx: EncodeContext) -> Dict[str, Any]:
    # another provider's images and documents
    result = rewrite_media(result, NAME, _own_media, lambda m: _media_block(m, ctx), ctx)
    pd = scoped(result, NAME)
    out: Dict[str, Any] = {"type": "tool_result", "tool_use_id": result_id(result, ctx, IDS, NAME)}
    content = result.content
    if isinstance(content, str) and content and not content.strip():
        raise _refused(result, *_BLANK)
    if not isinstance(content, str):
        # "text content blocks must be non-empty" / "... must contain non-whitespace text":
        # a blank text part is left out (a whitespace one beside other parts is taken, and
        # says nothing); a result of blank text only is refused, no placeholder made up
        kept = [p for p in content if not blank_text(p)]
        if not kept and content:
            raise _refused(result, *_BLANK)
        if len(kept) < len(content):
            ctx.note("dropped", f"{len(content) - len(kept)} blank text part(s) in",
                     f"are left out: {ctx.named(NAME)} refuses blank text")
        content = kept
    if result.is_error and not content:  # "content cannot be empty if `is_error` is true"
        raise _refused(result, *_EMPTY_ERROR)
    if not (content == "" and pd.get("no_content")):
        out["content"] = content if isinstance(content, str) else [_block(p, ctx) for p in content]
    if result.is_error:
        out["is_error"] = True
    elif "is_error" in pd:
        out["is_error"] = False
    out.update((k, v) for k, v in pd.items() if k not in ("no_content", "is_error"))
    return out


# what Anthropic refuses in a result: (what it cannot be, Anthropic's words, what the
# result holds instead, what to give it)
_BLANK = ("tool result cannot be blank", "text content blocks must contain non-whitespace text",
          "holds only empty or whitespace text", "the tool's answer")
_EMPTY_ERROR = ("error result cannot be empty", "content cannot be empty if `is_error` is true",
                "has no content", "the error message")


def _refused(result: ToolResult, what: str, words: str, holds: str, give: str) -> EncodeError:
    """The error for a *result* Anthropic refuses (``_BLANK``, ``_EMPTY_ERROR``), no
    placeholder made up for it."""
    return EncodeError(
        f"{an(NAME, True)} {what} (Anthropic: \"{words}\"): the result for {result.id or result.name!r} {holds}; "
        f"give it some text ({give}, or a word saying there was none)",
        dialect=NAME,
    )


def _own_media(part: Dict[str, Any]) -> bool:
    return "source" in part


def _media_block(m: ResultMedia, ctx: EncodeContext) -> Optional[Dict[str, Any]]:
    """An ``image`` or ``document`` block (base64 or URL source; a PDF, or plain text as a
    ``text`` source: Anthropic's document sources), or ``None``; a base64 image of the
    type its bytes show where they show another (Anthropic checks them), noted."""
    if m.kind == "image":
        if m.data is not None:
            if no_base64(m.data):  # (Anthropic's decoder refuses it)
                raise EncodeError(f"An image as data in a tool result cannot be written for {NAME} ({NOT_BASE64})",
                                  dialect=NAME)
            mt = checked_type(m.media_type, m.data)
            if mt not in IMAGE_TYPES:  # (bytes of another type: never sent mislabelled)
                raise EncodeError(refusal("An image as data in a tool result", NAME, m.media_type, mt), dialect=NAME)
            if m.media_type is not None and mt != image_media_type(m.media_type):
                ctx.note("converted", f"The image labelled {m.media_type!r} in",
                         f"is sent as {mt!r}, the type its bytes show: {ctx.named(NAME)} checks them")
            return {"type": "image", "source": {"type": "base64", "media_type": mt, "data": m.data}}
        return {"type": "image", "source": {"type": "url", "url": m.url}} if web(m.url) else None
    src: Optional[Dict[str, Any]] = None
    if m.media_type == "application/pdf":
        if m.data is not None:
            src = {"type": "base64", "media_type": m.media_type, "data": m.data}
        elif web(m.url):
            src = {"type": "url", "url": m.url}
    elif m.media_type == "text/plain" and m.data is not None:
        text = text_of(m.data)
        src = None if text is None else {"type": "text", "media_type": m.media_type, "data": text}
    if src is None:
        return None
    block: Dict[str, Any] = {"type": "document", "source": src}
    if m.name is not None:
        block["title"] = m.name
    return block


def sent_as(block: Any) -> Optional[Tuple[Any, Optional[str]]]:
    """The label of the base64 ``image`` block *block* as it came and the type to send it
    as: the one its bytes show (``checked_type``; Anthropic checks them), else its label's;
    ``None`` for another block. One ``shown_type``."""
    src = block.get("source") if type(block) is dict and block.get("type") == "image" else None
    if type(src) is not dict or src.get("type") != "base64" or type(src.get("data")) is not str:
        return None
    mt = src.get("media_type")
    return mt, checked_type(mt if type(mt) is str else None, src["data"])


def relabelled(block: Any) -> Optional[str]:
    """The type to send the base64 ``image`` block *block* as where its label is not it
    (``sent_as``; Anthropic takes only ``IMAGE_TYPES``, exactly: one of another type is
    refused by the writers), else ``None``."""
    got = sent_as(block)
    return got[1] if got is not None and got[1] != got[0] and got[1] is not None else None


def _block(part: Dict[str, Any], ctx: EncodeContext) -> Dict[str, Any]:
    kind = part.get("type")
    src = part.get("source")
    if kind == "image" and type(src) is dict and no_base64(src.get("data")):
        raise EncodeError(f"An image as data in a tool result cannot be written for {NAME} ({NOT_BASE64})",
                          dialect=NAME)
    got = sent_as(part)
    if got is not None:
        label, mt = got
        # of a type Anthropic does not take, by its bytes or its label (its media_type is an enum): never sent
        # as it came, as a top-level image is not (``history._block``; ``history._refused`` says so)
        if mt not in IMAGE_TYPES and (mt is not None or type(label) is str):
            raise EncodeError(refusal("An image as data in a tool result", NAME, label if type(label) is str else None,
                                      mt), dialect=NAME)
        if mt is not None and mt != label:  # its own image labelled other than its bytes show (or ``image/jpg``)
            ctx.note("converted", f"The image labelled {label!r} in",
                     f"is sent as {mt!r}, the type its bytes show: {ctx.named(NAME)} checks them")
            return {**part, "source": {**part["source"], "media_type": mt}}
    if kind == "json":
        return {"type": "text", "text": json_text(part.get("json"), ctx, NAME, "its tool results hold no JSON block")}
    if type(kind) is str and kind in OTHER_BLOCKS and (kind != "document" or _own_media(part)):
        return part  # (a Bedrock or Cohere document holds ``document``, not Anthropic's ``source``)
    raise EncodeError(f"{an(NAME, True)} tool result cannot hold {an(repr(kind))} part", dialect=NAME)


