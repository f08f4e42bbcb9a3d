"""Tool definitions and tool results of ``bedrock.converse`` (see that module).

Follows https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html
and https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultBlock.html.
A ``strict: true`` tool is written only with a schema the strict grammar takes (the
structured-outputs limits, Claude's: ``anthropic/strict_tools.py``), else ``EncodeError``.
"""

from __future__ import annotations

import base64
from typing import Any, Dict, List, Optional, Tuple

from ..._dialect import EncodeContext
from ..._errors import DecodeError, EncodeError, an, excerpt
from ..._ids import rule
from ..._payload_paths import result_at, tool_at
from ..._types import Tool, ToolResult
from .._common import (
    as_dict,
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
from .._result_media import DOCUMENT_TYPES, ResultMedia, blank_text, extension, rewrite_media
from ..anthropic.strict_tools import check_strict_tool
from .document_names import distinct_in_blocks
from .refused import mislabelled, untaken_format

__all__ = ["IDS", "NAME", "decode_result", "decode_tool", "encode_result", "encode_tool", "tool_entry"]

NAME = "bedrock.converse"
IDS = rule(r"[a-zA-Z0-9_.:-]+", max_len=64, required=True, prefix="tooluse_", length=22)
_EMPTY_SCHEMA = {"type": "object", "properties": {}}
_CLOSED_SCHEMA = {"type": "object", "properties": {}, "additionalProperties": False}
_PLAIN_SPEC = frozenset({"name", "description", "inputSchema", "strict"})


def decode_tool(item: Dict[str, Any], loc: str) -> Tool:
    if "systemTool" in item:
        sys_tool = as_dict(item["systemTool"], loc + ".systemTool", NAME, "a 'systemTool' object")
        name = name_of(sys_tool.get("name"), loc + ".systemTool.name", NAME)
        return Tool(name=name, provider_data={NAME: {"system_tool": item}})
    bare = "toolSpec" not in item
    spec = item if bare else as_dict(item["toolSpec"], loc + ".toolSpec", NAME, "a 'toolSpec' object")
    sloc = loc if bare else loc + ".toolSpec"
    name = name_of(spec.get("name"), sloc + ".name", NAME)
    schema = spec.get("inputSchema")
    params = None
    extra: Dict[str, Any] = {k: v for k, v in spec.items() if k not in _PLAIN_SPEC}
    if schema is not None:
        schema = as_dict(schema, sloc + ".inputSchema", NAME, "an 'inputSchema' object")
        params = schema.get("json")
        if params is not None and type(params) is not dict:
            where = sloc + ".inputSchema.json"
            raise DecodeError(f"Tool input schema at {where} must be an object", dialect=NAME, loc=where)
        if set(schema) != {"json"}:
            extra["input_schema"] = {k: v for k, v in schema.items() if k != "json"}
    if params is None:  # required (a union whose one member is ``json``): never made up on the way back
        where = sloc + ".inputSchema" + ("" if schema is None else ".json")
        raise DecodeError(f"Tool input schema at {where} is missing: {NAME} requires one", dialect=NAME, loc=where)
    strict = tool_strict(spec.get("strict"), sloc + ".strict", NAME)
    if bare:
        extra["bare"] = True
    if not bare and len(item) > 1:
        extra["entry"] = {k: v for k, v in item.items() if k != "toolSpec"}
    return tool_at(
        NAME,
        {"$.parameters": sloc + ".inputSchema.json", "$.description": sloc + ".description"},
        name=name,
        description=tool_description(spec.get("description"), sloc + ".description", NAME),
        parameters=params,
        strict=strict,
        provider_data={NAME: extra} if extra else {},
    )


def tool_entry(entry: Dict[str, Any]) -> Optional[List[Tuple[str, Any]]]:
    """A ``cachePoint`` among ``toolConfig.tools`` (a cache marker, no tool;
    https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Tool.html): none.
    ``None`` for anything else."""
    return [] if len(entry) == 1 and type(entry.get("cachePoint")) is dict else None


def builtin_kind(pd: Dict[str, Any]) -> Optional[str]:
    """``"systemTool"`` for a ``systemTool`` entry (Nova's built-in tools;
    https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Tool.html), kept
    in the provider data ``decode_tool`` writes."""
    return "systemTool" if "system_tool" in pd else None


def encode_tool(tool: Tool) -> Dict[str, Any]:
    pd = scoped(tool, NAME)
    if "system_tool" in pd:
        entry: Dict[str, Any] = pd["system_tool"]
        return {**entry, "systemTool": {**entry["systemTool"], "name": tool.name}}
    params = object_schema(tool.name, tool.parameters, NAME, "inputSchema.json") if tool.parameters is not None \
        else dict(_CLOSED_SCHEMA if tool.strict else _EMPTY_SCHEMA)
    if tool.strict is True:  # Claude's strict-tool rules (reference/structured-output.md §C.3)
        where = "$.inputSchema.json" if pd.get("bare") else "$.toolSpec.inputSchema.json"
        check_strict_tool(tool.name, params, NAME, where)
    schema: Dict[str, Any] = {"json": params}
    schema.update(pd.get("input_schema", ()))
    spec: Dict[str, Any] = {"name": tool.name}
    if tool.description:  # a ToolSpecification's description is 1 character or more: "" is none
        spec["description"] = tool.description
    spec["inputSchema"] = schema
    if tool.strict is not None:
        spec["strict"] = tool.strict
    spec.update((k, v) for k, v in pd.items() if k not in ("bare", "entry", "input_schema"))
    if pd.get("bare"):
        return spec
    out: Dict[str, Any] = {"toolSpec": spec}
    out.update(pd.get("entry", ()))
    return out


_PLAIN_RESULT = frozenset({"toolUseId", "content", "status"})


def decode_result(item: Dict[str, Any], loc: str) -> ToolResult:
    tr = as_dict(item.get("toolResult"), loc + ".toolResult", NAME, "a 'toolResult' object")
    rloc = loc + ".toolResult"
    ident = required_id(tr.get("toolUseId"), rloc + ".toolUseId", NAME)
    pd: Dict[str, Any] = {k: v for k, v in tr.items() if k not in _PLAIN_RESULT}
    raw = tr.get("content")
    content: Any
    if raw is None:
        content, pd["no_content"] = "", True
    elif isinstance(raw, (list, tuple)):
        content = [_part(b, f"{rloc}.content[{i}]") for i, b in enumerate(raw)]
        if len(content) == 1 and content[0]["type"] == "text" and type(content[0].get("text")) is str:
            content = content[0]["text"]
    else:
        where = rloc + ".content"
        raise DecodeError(f"Tool result content at {where} must be a list of blocks", dialect=NAME, loc=where)
    status = tr.get("status")
    if status is not None and status != "error" and status != "success":  # (only these two, the API reference)
        where = rloc + ".status"
        raise DecodeError(f"Tool result status at {where} must be 'success' or 'error', got {excerpt(status)}",
                          dialect=NAME, loc=where)
    if status is not None and status != "error":
        pd["status"] = status
    if len(item) > 1:
        pd["block"] = {k: v for k, v in item.items() if k != "toolResult"}
    places = {"$.content": rloc + (".content[0].text" if type(content) is str and raw else ".content")}
    return result_at(NAME, places, id=ident, content=content, is_error=status == "error",
                     provider_data={NAME: pd} if pd else {})


def _part(block: Any, loc: str) -> Dict[str, Any]:
    b = as_dict(block, loc, NAME, "a content block")
    if len(b) != 1:
        raise DecodeError(
            f"Content block at {loc} must have exactly one member, got {sorted(b, key=str)}", dialect=NAME, loc=loc
        )
    key, value = next(iter(b.items()))
    if key == "text":
        if type(value) is not str:
            raise DecodeError(f"Text block at {loc}.text must hold a string, got {excerpt(value)}", dialect=NAME,
                              loc=loc + ".text")
        return {"type": "text", "text": value}
    if key == "type":  # the canonical part shape, not a ToolResultContentBlock
        raise DecodeError(f"Content block at {loc} has a 'type' key, which {NAME} blocks do not have", dialect=NAME,
                          loc=loc)
    if key == "json":
        return {"type": "json", "json": value}
    source = value.get("source") if type(value) is dict else None
    if type(source) is dict and type(source.get("bytes")) is bytes:  # boto3 gives bytes; base64 in JSON
        value = {**value, "source": {**source, "bytes": base64.b64encode(source["bytes"]).decode("ascii")}}
    return {"type": key, key: value}


def encode_result(result: ToolResult, ctx: EncodeContext) -> Dict[str, Any]:
    """A ``toolResult`` block in Converse's HTTP JSON form: the ``source.bytes`` of an
    image, document or video is base64 *text*. boto3's ``converse()`` takes raw bytes
    there and base64-encodes them itself (text given is encoded twice: a corrupt image,
    no error); decode them for boto3 (docs/dialects/bedrock.md shows how)."""
    # another provider's images and documents
    result = rewrite_media(result, NAME, _own_media, lambda m: _media_block(m, ctx), ctx)
    pd = scoped(result, NAME)
    tr: Dict[str, Any] = {"toolUseId": result_id(result, ctx, IDS, NAME)}
    content = result.content
    if not (content == "" and pd.get("no_content")):
        blocks = ([{"text": content}] if content.strip() else []) if isinstance(content, str) else _blocks(content, ctx)
        if not blocks and (content != [] or result.is_error):
            # Converse: "text content blocks must be non-empty", "The text field in the ContentBlock
            # object ... is blank", and an error result needs content; no placeholder is made up
            # here (an empty list given is written as it is)
            raise EncodeError(
                f"{an(NAME, True)} tool result needs content (Converse refuses empty and blank text blocks, and error "
                f"results without content): the result for {result.id or result.name!r} holds none; give it some text "
                "(the tool's answer, or a word saying there was none)",
                dialect=NAME,
            )
        # "Messages can't contain duplicate document names"
        tr["content"] = distinct_in_blocks(blocks, lambda _, old, new: ctx.note(
            "converted", f"The document named {old!r} in",
            f"is named {new!r}: {ctx.named(NAME)} refuses two of one name"))
    if result.is_error:
        tr["status"] = "error"
    elif "status" in pd:
        tr["status"] = pd["status"]
    tr.update((k, v) for k, v in pd.items() if k not in ("no_content", "status", "block"))
    out: Dict[str, Any] = {"toolResult": tr}
    out.update(pd.get("block", ()))
    return out


# ToolResultContentBlock members besides text and json
# (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultContentBlock.html)
_MEDIA = frozenset({"image", "document", "video"})


_IMAGE_FORMATS = frozenset({"png", "jpeg", "gif", "webp"})  # ImageBlock ``format``
_DOCUMENT_FORMATS = frozenset({"pdf", "csv", "doc", "docx", "xls", "xlsx", "html", "txt", "md"})  # DocumentBlock
# DocumentBlock ``name``: "only alphanumeric characters, whitespace characters (no more than
# one in a row), hyphens, parentheses, and square brackets"
_NAME_OK = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-()[] ")


def _own_media(part: Dict[str, Any]) -> bool:
    """A Bedrock media member, kept as it is; not an image whose bytes show another
    format than its own, or of a format Converse does not take (``jpg``, ``svg+xml``:
    ``refused``): that one is written as they show, as Converse names it, or refused."""
    kind = part.get("type")
    return (type(kind) is str and kind in _MEDIA and type(part.get(kind)) is dict and "source" in part[kind]
            and not (kind == "image" and (mislabelled(part[kind]) or untaken_format(part[kind]) is not None)))


def _document_name(name: Optional[str]) -> str:
    """A ``DocumentBlock`` name from a title or file name (required): a document file
    extension dropped, other characters Bedrock refuses as ``-``, whitespace runs as one
    space."""
    if not name:
        return "document"
    stem, dot, ext = name.rpartition(".")
    stem = stem if dot and stem and ext.lower() in DOCUMENT_TYPES else name
    text = "".join(ch if ch in _NAME_OK else " " if ch.isspace() else "-" for ch in stem)
    return " ".join(text.split())[:200] or "document"


def _media_block(m: ResultMedia, ctx: EncodeContext) -> Optional[Dict[str, Any]]:
    """An ``image`` or ``document`` member (bytes, or an S3 location), or ``None``; an
    image of the type its bytes show where they show another (Bedrock checks them), noted."""
    source: Optional[Dict[str, Any]] = None
    if m.data is not None:
        source = {"bytes": m.data}
    elif m.url is not None and m.url.startswith("s3://"):  # (lower case only: the API's ``S3Uri`` pattern)
        source = {"s3Location": {"uri": m.url}}
    if source is None:
        return None
    if m.kind == "image":
        if no_base64(m.data):  # (Converse's decoder refuses it)
            raise EncodeError(f"An image as data in a tool result cannot be written for {NAME} ({NOT_BASE64})",
                              dialect=NAME)
        mt = checked_type(m.media_type, m.data)
        if m.media_type is not None and mt != image_media_type(m.media_type):
            ctx.note("converted", f"The image labelled {m.media_type!r} in",
                     f"is sent as {mt!r}, the type its bytes show: {ctx.named(NAME)} checks them")
        fmt = (mt or "").partition("/")[2]
        if fmt not in _IMAGE_FORMATS and mt is not None:  # never sent mislabelled, nor of a type not taken
            raise EncodeError(refusal("An image as data in a tool result", NAME, m.media_type, mt), dialect=NAME)
        return {"type": "image", "image": {"format": fmt, "source": source}} if fmt in _IMAGE_FORMATS else None
    doc_format = extension(m.media_type)
    if doc_format not in _DOCUMENT_FORMATS:
        return None
    return {"type": "document", "document": {"format": doc_format, "name": _document_name(m.name), "source": source}}


def _blocks(parts: List[Dict[str, Any]], ctx: EncodeContext) -> List[Dict[str, Any]]:
    out = []
    for part in parts:
        kind = part.get("type")
        if kind == "text":
            if not blank_text(part):  # an empty or blank text block is refused by Converse, and holds nothing
                out.append({"text": part.get("text")})
            else:
                ctx.note("dropped", "A blank text part in", f"is left out: {ctx.named(NAME)} refuses blank text")
        elif kind == "json":
            value = part.get("json")
            # Converse: "... toolResult.content.0.json is invalid. Provide a json object for the field"
            # (sigoden/aichat#1550): other JSON goes as its text, as the MCP writer writes it
            out.append({"json": value} if type(value) is dict else
                       {"text": json_text(value, ctx, NAME, "a Converse json block holds an object")})
        elif _own_media(part):  # in Bedrock's own shape (not an MCP ``resource``, say)
            out.append({part["type"]: part[part["type"]]})
        elif kind == "searchResult" and type(part.get(kind)) is dict:
            out.append({kind: part[kind]})
        else:
            raise EncodeError(f"{an(NAME, True)} tool result cannot hold {an(repr(kind))} part", dialect=NAME)
    return out
