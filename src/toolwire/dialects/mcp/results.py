"""Tool results of ``mcp`` (see ``calls``): a ``CallToolResult`` ``{"content": [blocks],
"structuredContent", "isError"}``, the JSON-RPC response holding it, or a JSON-RPC
``error`` response.

Follows the schema ``schema/2025-11-25/schema.ts`` (``CallToolResult``, ``ContentBlock``
and the results of the other requests) and https://www.jsonrpc.org/specification
("Response object", "Error object"), checked 2026-11-30. ``content`` is required: a
JSON-RPC result without it (a ``tools/list`` result, an empty result...) is refused with
a ``DecodeError`` that names what it is, never read as an empty tool result; so is a
block of no MCP type, or one without the member its type requires.

``schema/2026-07-28/schema.ts`` (checked 2026-12-05) tags every result with ``resultType``
("Servers implementing this protocol version MUST include this field"; absent is
``"complete"``), which the python SDK (mcp 2.3.0) always writes: ``"complete"`` is a
CallToolResult, another value (``"input_required"``: an ``InputRequiredResult``, "returned
in place of the normal result" of ``tools/call``) is refused at ``$.resultType``, named.
``structuredContent`` may be any JSON value there; a ``null`` one is read as none unless a
text block serialises it (the SDK dumps an unset one as ``null``).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Tuple

from ..._dialect import EncodeContext
from ..._errors import DecodeError, EncodeError, an, excerpt
from ..._json_equality import same
from ..._json_ints import read_int, write_json
from ..._payload_paths import result_at
from ..._types import ToolResult, evolve
from ..._value_checks import part_member
from .._common import QUIET, as_dict, error_flag, json_text, result_id, scoped
from .._result_media import ResultMedia, rewrite_media
from .tools import IDS, NAME, envelope, rpc_id

__all__ = ["decode_result", "encode_result", "read_back"]


def _text_json(text: Any, value: Any) -> bool:
    """Whether *text* is JSON that *value* equals (``true`` is not ``1``)."""
    try:
        return type(text) is str and same(json.loads(text, parse_int=read_int), value)
    except (ValueError, RecursionError):
        return False


# content blocks (https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-result):
# each type and the member that says it is in MCP's own shape
_CONTENT = {"text": "text", "image": "mimeType", "audio": "mimeType", "resource": "resource", "resource_link": "uri"}
_TOOL_ONLY = ("resource", "resource_link")  # (no ``SamplingMessageContentBlock`` type)
_TEXT = ("type", "text", "annotations", "_meta")  # the members of a TextContent

_INPUT_REQUIRED = ("input-required answer to tools/call (InputRequiredResult): fulfil its inputRequests and retry "
                   "the call with its requestState")
# the results of the other requests (schema.ts, 2025-11-25; 2026-07-28 for InputRequiredResult), by a member each
# requires
_OTHER = (
    ("tools", "tools/list result (ListToolsResult), whose tools decode_tool reads one by one "
              "(decode_tool(t, 'mcp') for t in its 'tools')"),
    ("task", "task-augmented tools/call answer (CreateTaskResult)"),
    ("tasks", "tasks/list result (ListTasksResult)"),
    ("resources", "resources/list result (ListResourcesResult)"),
    ("resourceTemplates", "resources/templates/list result (ListResourceTemplatesResult)"),
    ("contents", "resources/read result (ReadResourceResult)"),
    ("prompts", "prompts/list result (ListPromptsResult)"),
    ("messages", "prompts/get result (GetPromptResult)"),
    ("protocolVersion", "initialize result (InitializeResult)"),
    ("completion", "completion/complete result (CompleteResult)"),
    ("roots", "roots/list result (ListRootsResult)"),
    ("action", "elicitation/create result (ElicitResult)"),
    ("inputRequests", _INPUT_REQUIRED),
    ("requestState", _INPUT_REQUIRED),
)
_SAMPLING = "sampling/createMessage result (CreateMessageResult)"
_ROLES = ("assistant", "user")
# ``resultType`` values of no CallToolResult (2026-07-28; "task": the tasks extension, mcp 2.3.0 ``ResultType``)
_RESULT_TYPES = {
    "input_required": f"it is {an(_INPUT_REQUIRED)}",
    "task": "it is a task answer to tools/call (the tasks extension)",
}


def _not_a_result(body: Dict[str, Any], loc: str) -> DecodeError:
    """The error for a JSON-RPC result without the ``content`` a CallToolResult requires."""
    what = next((f"it is {an(w)}" for k, w in _OTHER if k in body), None)
    if what is None:
        what = "it is an empty result (EmptyResult, e.g. the answer to ping)" if body.keys() <= {"_meta"} \
            else "it is no result of tools/call"
    return DecodeError(f"Result at {loc} is not a CallToolResult (it has no 'content'): {what}; got {excerpt(body)}",
                       dialect=NAME, loc=loc)


def _sampling(body: Dict[str, Any], loc: str) -> Optional[DecodeError]:
    """The error for *body* with ``role`` and ``model`` where it is a ``CreateMessageResult``
    (schema.ts 2025-11-25: ``role``, ``content``, ``model`` required, ``stopReason`` optional;
    ``content`` one block, or a list of ``SamplingMessageContentBlock``: text, image, audio,
    ``tool_use``, ``tool_result``) or may be one; ``None`` for a CallToolResult with members
    beside (``Result`` allows them), told by what no sampling result carries: an ``isError``
    or ``structuredContent``, or a ``resource`` or ``resource_link`` block (``ContentBlock``
    only). Blocks both take, and nothing else, are refused naming both readings."""
    if type(body.get("model")) is not str or body.get("role") not in _ROLES:
        return None
    blocks = body.get("content")
    if type(blocks) is list:
        if "isError" in body or "structuredContent" in body:
            return None
        if "stopReason" not in body and all(type(b) is not dict or b.get("type") in _CONTENT for b in blocks):
            if any(type(b) is dict and b.get("type") in _TOOL_ONLY for b in blocks):
                return None
            return DecodeError(
                f"Result at {loc} has 'role' and 'model' beside blocks both take: it is {an(_SAMPLING)}, a client's "
                "answer to a server, or a CallToolResult with members beside, and nothing tells which (a "
                "CallToolResult's 'isError', 'structuredContent' or resource block; a sampling result's "
                "'stopReason' or tool_use block); to read it as a CallToolResult, give it without its 'role' and "
                f"'model'; got {excerpt(body)}", dialect=NAME, loc=loc)
    return DecodeError(f"Result at {loc} is not a CallToolResult (it has 'role' and 'model'): it is "
                       f"{an(_SAMPLING)}, a client's answer to a server; got {excerpt(body)}", dialect=NAME, loc=loc)


def _block(block: Any, loc: str) -> Dict[str, Any]:
    """A content block (schema.ts ``ContentBlock``) as a canonical part: text as a text
    part, the others as they came; a block of no MCP type, or without the member its
    type requires, raises at *loc*."""
    b = as_dict(block, loc, NAME, "a content block")
    kind = b.get("type")
    if kind == "text":
        text = b.get("text")
        if type(text) is not str:  # (``TextContent.text`` is required)
            raise DecodeError(f"Text block at {loc}.text {part_member(b, 'text')}", dialect=NAME, loc=f"{loc}.text")
        return {"type": "text", "text": text}
    member = _CONTENT.get(kind) if type(kind) is str else None
    if member is None:
        raise DecodeError(f"Content block at {loc}.type must be one of {', '.join(_CONTENT)}, got {excerpt(kind)}",
                          dialect=NAME, loc=f"{loc}.type")
    if member not in b:
        raise DecodeError(f"Content block at {loc} is {an(str(kind))} block without its '{member}'", dialect=NAME,
                          loc=f"{loc}.{member}")
    return b


def _wrapped(parts: List[Dict[str, Any]], value: Any) -> bool:
    """Whether *value* is ``{"result": X}`` beside a text block that is X (a string) or its
    JSON: how the python SDK and fastmcp wrap a tool's value that is no object
    (``func_metadata.wrap_output``). The text says it all; a JSON part would send it twice.
    A blank text too: the result is that text, which each target writes as any blank result
    (``""`` for Chat, refused by Anthropic's and Bedrock's ``encode_result``, ``"(no output)"``
    in their histories), never the wrapper's ``{"result": ""}``."""
    if type(value) is not dict or len(value) != 1 or "result" not in value:
        return False
    x = value["result"]
    return any(p.get("type") == "text" and ((type(x) is str and p["text"] == x) or _text_json(p["text"], x))
               for p in parts)


def _other_type(kind: Any, loc: str) -> DecodeError:
    """The error for a result whose ``resultType`` is not ``"complete"``."""
    where = loc + ".resultType"
    if type(kind) is not str:  # (schema.ts 2026-07-28: ``ResultType`` is a string)
        return DecodeError(f"Result type at {where} must be a string, got {excerpt(kind)}", dialect=NAME, loc=where)
    what = _RESULT_TYPES.get(kind, "a CallToolResult is 'complete' (or has no resultType)")
    return DecodeError(f"Result at {loc} is not a CallToolResult (its resultType is {excerpt(kind)}): {what}",
                       dialect=NAME, loc=where)


def _body_in(body: Dict[str, Any], loc: str) -> Tuple[Any, bool]:
    """Canonical content and error flag of a CallToolResult."""
    kind = body.get("resultType")
    if kind is not None and kind != "complete":  # (absent, or the SDK's unset ``null``: "complete")
        raise _other_type(kind, loc)
    if "content" not in body:  # required (schema.ts ``CallToolResult``)
        raise _not_a_result(body, loc)
    sampling = _sampling(body, loc)
    if sampling is not None:
        raise sampling
    blocks = body.get("content")
    if blocks is None:
        blocks = []
    if not isinstance(blocks, list):
        raise DecodeError(
            f"CallToolResult content at {loc}.content must be a list", dialect=NAME, loc=f"{loc}.content"
        )
    parts = [_block(block, f"{loc}.content[{i}]") for i, block in enumerate(blocks)]
    if "structuredContent" in body:
        value = body["structuredContent"]
        for i, p in enumerate(parts):
            if p.get("type") == "text" and _text_json(p["text"], value):
                parts[i] = {"type": "json", "json": value}
                break
        else:
            if value is not None and not _wrapped(parts, value):  # ``null`` and no text block "null": none (the
                parts.append({"type": "json", "json": value})  # SDK dumps an unset one so)
    content: Any = parts if parts else ""
    return content, error_flag(body.get("isError"), loc + ".isError", NAME)



def _own(part: Dict[str, Any]) -> bool:
    member = _CONTENT.get(part.get("type"))  # type: ignore[arg-type]
    return member is not None and member in part


def _media_part(m: ResultMedia) -> Optional[Dict[str, Any]]:
    """``ImageContent`` (data and MIME type), or an ``EmbeddedResource`` of a document
    with its bytes (``blob``) where its URI is known (MCP requires one), or ``None``."""
    if m.data is None or m.media_type is None:
        return None
    if m.kind == "image":
        return {"type": "image", "data": m.data, "mimeType": m.media_type}
    if m.url is None:
        return None
    return {"type": "resource", "resource": {"uri": m.url, "mimeType": m.media_type, "blob": m.data}}


def _body_out(result: ToolResult, ctx: EncodeContext = QUIET) -> Dict[str, Any]:
    parts = [{"type": "text", "text": result.content}] if isinstance(result.content, str) else result.content
    blocks: List[Dict[str, Any]] = []
    out: Dict[str, Any] = {"content": blocks}
    for i, part in enumerate(parts):
        # structuredContent is an object (2025-06-18, 2025-11-25 schema): other JSON is text only
        if part.get("type") == "json" and type(part.get("json")) is dict and "structuredContent" not in out:
            out["structuredContent"] = part.get("json")
            blocks.append({"type": "text", "text": write_json(part.get("json"), ensure_ascii=False)})
        elif part.get("type") == "json":  # (one structuredContent: a second object is text too)
            why = "structuredContent is one object" if type(part.get("json")) is dict else \
                "structuredContent is an object"
            blocks.append({"type": "text", "text": json_text(part.get("json"), ctx, NAME, why)})
        elif part.get("type") == "text" and not part.get("text") and isinstance(result.content, str):
            continue
        elif part.get("type") == "text" and "text" in part:  # TextContent's members only (no cache_control)
            blocks.append({k: v for k, v in part.items() if k in _TEXT})
        elif _own(part):
            blocks.append(part)
        else:
            raise EncodeError(f"An {NAME} tool result cannot hold {an(repr(part.get('type')))} part", dialect=NAME,
                              loc=f"$.content[{i}]")
    if result.is_error:
        out["isError"] = True
    return out


def decode_result(item: Dict[str, Any], loc: str) -> ToolResult:
    pd: Dict[str, Any] = {}
    ident: Optional[str] = None
    if "jsonrpc" in item:
        ident = rpc_id(item, loc, pd)
        pd["rpc"] = True
        if "error" in item:
            err = as_dict(item["error"], loc + ".error", NAME, "a JSON-RPC error")
            pd["error"] = err
            message = err.get("message", "")
            if type(message) is not str:  # required, a string (JSON-RPC 2.0, "Error object")
                raise DecodeError(f"Error message at {loc}.error.message must be a string, got {excerpt(message)}",
                                  dialect=NAME, loc=f"{loc}.error.message")
            return ToolResult(id=ident, content=message, is_error=True, provider_data={NAME: pd})
        body = as_dict(item.get("result"), loc + ".result", NAME, "a CallToolResult")
        bloc = loc + ".result"
    else:
        body, bloc = item, loc
    content, is_error = _body_in(body, bloc)
    result = result_at(NAME, _places(body, bloc, content), id=ident, content=content, is_error=is_error)
    if _body_out(result) != body:
        pd["body"] = body
    return evolve(result, provider_data={NAME: pd}) if pd else result


def _places(body: Dict[str, Any], loc: str, content: Any) -> Dict[str, str]:
    """Where the result's parts come from in the CallToolResult at *loc*: part *i* from its
    ``content[i]``, the JSON part made of ``structuredContent`` from that (``result_at``)."""
    places = {"$.content": loc + ".content"}
    if "structuredContent" in body and type(content) is list:
        value = body["structuredContent"]
        for i, p in enumerate(content):
            if p.get("type") == "json" and p.get("json") is value:
                places[f"$.content[{i}]"] = places[f"$.content[{i}].json"] = loc + ".structuredContent"
                break
    return places


def read_back(result: ToolResult) -> ToolResult:
    """*result* as ``decode_result`` reads back what ``encode_result`` wrote: a
    ``CallToolResult`` carries no tool name, and its text comes back as a text block."""
    content = result.content
    if isinstance(content, str):
        content = [{"type": "text", "text": content}]
    return ToolResult(result.id, None, content, result.is_error)


def encode_result(result: ToolResult, ctx: EncodeContext) -> Dict[str, Any]:
    result = rewrite_media(result, NAME, _own, _media_part, ctx)  # another provider's images and documents
    pd = scoped(result, NAME)
    if "error" in pd and result.is_error:
        body: Dict[str, Any] = {"error": pd["error"]}
    elif "body" in pd and same(_body_in(pd["body"], "$"), (result.content, result.is_error)):
        body = {"result": pd["body"]}
    else:
        body = {"result": _body_out(result, ctx)}
    ident: Optional[str] = None
    if result.id is not None:
        ident = result_id(result, ctx, IDS, NAME)
    elif ctx.ids is not None and not pd.get("rpc"):
        # the id the ``IdMap`` gave the id-less call it answers (first in, first out per
        # tool, as ``convert`` pairs them): a JSON-RPC response carries its request's id
        ident = ctx.ids.answer(result.name)
    if ident is None and not pd.get("rpc"):  # nothing to pair it with: the bare CallToolResult
        plain: Dict[str, Any] = body.get("result", body)
        return plain
    out = envelope(pd, ident, ctx)
    out.update(body)
    return out
