"""Function declarations and function responses of ``gemini`` (see that module).

Follows https://ai.google.dev/api/caching#FunctionDeclaration and
https://ai.google.dev/api/caching#FunctionResponse.

- Declaration: ``{"name", "description", "parametersJsonSchema" | "parameters",
  "response", "responseJsonSchema", "behavior"}`` (google-genai ``FunctionDeclaration``,
  camelCase on the wire, snake case in a ``model_dump()``, which holds every field,
  ``None`` when unset); alone, or the one declaration of a ``Tool`` entry. An OpenAPI
  ``parameters`` is read as JSON Schema and written back as read; the key that held
  the parameters, the other fields, and a ``description`` or parameters key sent as
  null are provider data, written back to ``gemini`` only.
"""

from __future__ import annotations

import base64
import re
from typing import Any, Dict, List, Optional, Tuple

from ..._dialect import EncodeContext
from ..._errors import DecodeError, EncodeError, an, excerpt
from ..._ids import IdRule
from ..._types import Tool, ToolResult, evolve
from ..._value_checks import check_json_object
from .._common import as_dict, name_of, object_root, opt_str, result_id, result_name, scoped, tool_description
from .._result_media import GEMINI_PARTS, ResultMedia, rewrite_media
from .openapi import json_schema

__all__ = [
    "DECLARATION_KEYS",
    "GEMINI_ONLY_DECLARATION_KEYS",
    "IDS",
    "NAME",
    "NAMES",
    "builtin_kind",
    "decode_result",
    "decode_tool",
    "encode_result",
    "tool_entry",
    "encode_tool",
]

NAME = "gemini"
IDS = IdRule(required=False)
NAMES = re.compile(r"[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}")

_PARAM_KEYS = ("parametersJsonSchema", "parameters_json_schema", "parameters")
DECLARATION_KEYS = frozenset(
    {"name", "description", *_PARAM_KEYS, "response", "responseJsonSchema", "response_json_schema", "behavior"}
)
GEMINI_ONLY_DECLARATION_KEYS = DECLARATION_KEYS - {"name", "description", "parameters"}
_DECL_LISTS = ("functionDeclarations", "function_declarations")


# google-genai ``types.Tool`` fields beside ``function_declarations``, both spellings: tools
# Gemini runs itself (https://ai.google.dev/api/caching#Tool, checked 2026-12-03)
_BUILTIN_TOOLS = frozenset({
    "retrieval", "computer_use", "computerUse", "file_search", "fileSearch", "google_search", "googleSearch",
    "google_maps", "googleMaps", "code_execution", "codeExecution", "enterprise_web_search", "enterpriseWebSearch",
    "google_search_retrieval", "googleSearchRetrieval", "parallel_ai_search", "parallelAiSearch", "url_context",
    "urlContext", "mcp_servers", "mcpServers", "exa_ai_search", "exaAiSearch",
})
_DECLARATION_LISTS = ("functionDeclarations", "function_declarations")


def tool_entry(entry: Dict[str, Any]) -> Optional[List[Tuple[str, Any]]]:
    """A ``Tool`` entry of a request's ``tools`` list: its function declarations (an
    entry of several gives several), none for a tool Gemini runs itself
    (``googleSearch``, ``codeExecution``...); ``None`` for anything else."""
    if not entry:
        return None
    for key in _DECLARATION_LISTS:
        decls = entry.get(key)
        if type(decls) is list and all(k == key or k in _BUILTIN_TOOLS for k in entry):
            return [(f".{key}[{j}]", decl) for j, decl in enumerate(decls)]
    return [] if all(k in _BUILTIN_TOOLS for k in entry) else None


def decode_tool(item: Dict[str, Any], loc: str) -> Tool:
    pd: Dict[str, Any] = {}
    decl = item
    for key in _DECL_LISTS:
        if key in item:
            decls = item[key]
            if not isinstance(decls, (list, tuple)):
                raise DecodeError(
                    f"Function declarations at {loc}.{key} must be a list of one declaration, got "
                    f"{type(decls).__name__} {excerpt(decls)}",
                    dialect=NAME,
                    loc=f"{loc}.{key}",
                )
            if len(decls) != 1:
                raise DecodeError(
                    f"{an(NAME, True)} tool entry at {loc} holds {len(decls)} function declarations, not one; "
                    f"decode each of {loc}.{key}[i]",
                    dialect=NAME,
                    loc=f"{loc}.{key}",
                )
            loc = f"{loc}.{key}[0]"
            decl = as_dict(decls[0], loc, NAME, "a function declaration")
            pd["entry"] = {"key": key, "extra": {k: v for k, v in item.items() if k != key}}
            break
    name = name_of(decl.get("name"), loc + ".name", NAME)
    params = None
    given = [k for k in _PARAM_KEYS if decl.get(k) is not None]  # a model_dump() has them all, as None
    if len(given) > 1:  # "mutually exclusive" (google-genai FunctionDeclaration): one would be lost
        raise DecodeError(
            f"Function declaration at {loc} has both {given[0]!r} and {given[1]!r}; Gemini takes one of them",
            dialect=NAME, loc=f"{loc}.{given[1]}",
        )
    for key in given or _PARAM_KEYS:
        if key in decl:
            params = decl[key]
            if key != "parametersJsonSchema":
                pd["params_key"] = key
            if params is not None and type(params) is not dict:
                raise DecodeError(f"Tool parameters at {loc}.{key} must be an object", dialect=NAME, loc=f"{loc}.{key}")
            if key == "parameters" and params is not None:  # an OpenAPI Schema: the Tool holds JSON Schema
                # the original is kept (written back while the parameters are the ones read)
                pd["openapi"] = params
                params = json_schema(check_json_object(params, f"{loc}.{key}", "Tool parameters"), f"{loc}.{key}",
                                     NAME)
            break
    nulls = [k for k in _PARAM_KEYS if k in decl and decl[k] is None]
    if nulls:  # a model_dump() has them all: written back as null
        pd["null_params"] = nulls
    extra = {k: v for k, v in decl.items() if k not in ("name", "description", *_PARAM_KEYS)}
    if extra:
        pd["declaration"] = extra
    description = tool_description(decl.get("description"), loc + ".description", NAME)
    if description is None and "description" in decl:
        pd["null_description"] = True  # llm-gemini sends "description": null
    return Tool(name=name, description=description, parameters=params, provider_data={NAME: pd} if pd else {})


def builtin_kind(pd: Dict[str, Any]) -> Optional[str]:
    """The tools Gemini runs itself that share the decoded declaration's tools entry
    (``{"functionDeclarations": [...], "googleSearch": {}}``), kept in the provider data
    ``decode_tool`` writes: another dialect has no place for them, so ``encode_tool``
    to it refuses the tool rather than drop them."""
    entry = pd.get("entry")
    extra = entry.get("extra") if type(entry) is dict else None
    kinds = [k for k in extra if k in _BUILTIN_TOOLS] if type(extra) is dict else []
    return f"{_DECL_LISTS[0]} + {' + '.join(kinds)}" if kinds else None


def encode_tool(tool: Tool) -> Dict[str, Any]:
    pd = scoped(tool, NAME)
    decl: Dict[str, Any] = {"name": tool.name}
    if tool.description is not None or pd.get("null_description"):
        decl["description"] = tool.description
    if tool.parameters is not None:
        object_root(tool.name, tool.parameters, NAME, "parameters")
        openapi = pd.get("openapi")
        key = pd.get("params_key", "parametersJsonSchema")
        if key == "parameters" and not (type(openapi) is dict and json_schema(openapi, "$.parameters", NAME)
                                        == tool.parameters):
            key = "parametersJsonSchema"  # not the OpenAPI schema read: JSON Schema has its own field
        decl[key] = openapi if key == "parameters" else tool.parameters
    for key in pd.get("null_params", ()):
        decl.setdefault(key, None)
    decl.update(pd.get("declaration", ()))
    entry = pd.get("entry")
    if entry is None:
        return decl
    out: Dict[str, Any] = {entry["key"]: [decl]}
    out.update(entry["extra"])
    return out


_KEYS = ("output", "result", "error")


def decode_result(part: Dict[str, Any], loc: str) -> ToolResult:
    key = "functionResponse" if "functionResponse" in part else "function_response"
    fr = as_dict(part.get(key), f"{loc}.{key}", NAME, "a function response object")
    floc = f"{loc}.{key}"
    pd: Dict[str, Any] = {}
    if key != "functionResponse":
        pd["snake"] = True
    ident = opt_str(fr.get("id"), floc + ".id", NAME)
    if fr.get("id") == "":
        pd["id"] = ""
    name = fr.get("name")
    if name is not None and type(name) is not str:
        raise DecodeError(f"Tool name at {floc}.name must be text", dialect=NAME, loc=floc + ".name")
    response = fr.get("response")
    content: Any = ""
    is_error = False
    if response is None:
        pd["no_response"] = True
    elif type(response) is not dict:
        raise DecodeError(
            f"Function response at {floc}.response must be an object", dialect=NAME, loc=floc + ".response"
        )
    elif len(response) == 1 and next(iter(response)) in _KEYS:
        k, value = next(iter(response.items()))
        is_error = k == "error"
        content = value if type(value) is str else [{"type": "json", "json": value}]
        if k == "result" or (k == "output" and type(value) is not str):
            pd["key"] = k
    else:  # the whole response is the output, or error details when it has an "error" key
        content = [{"type": "json", "json": response}]
        if "error" in response:
            is_error = True
            pd["whole"] = True
    media = _media(fr.get("parts"))
    if media:  # Gemini 3 multimodal responses: content like any other provider's images
        content = [*([{"type": "text", "text": content}] if content else []), *media] \
            if isinstance(content, str) else [*content, *media]
    extra = {k: v for k, v in fr.items() if k not in ("name", "id", "response") and not (k == "parts" and media)}
    if extra:
        pd["response_extra"] = extra
    if len(part) > 1:
        pd["part"] = {k: v for k, v in part.items() if k != key}
    return ToolResult(
        id=ident, name=name, content=content, is_error=is_error, provider_data={NAME: pd} if pd else {}
    )


def _media(parts: Any) -> List[Dict[str, Any]]:
    """``functionResponse.parts`` as content parts (``{"type": "image" | "file", <the part
    as sent>}``), or ``[]`` when it is absent or holds a part of no known kind (then it
    stays provider data, as before)."""
    if type(parts) is not list or not parts:
        return []
    out = []
    for part in parts:
        key = next((k for k in GEMINI_PARTS if k in part), None) if type(part) is dict and len(part) == 1 else None
        body = part[key] if key is not None else None
        if type(body) is not dict:
            return []
        if type(body.get("data")) is bytes:  # google-genai's ``FunctionResponseBlob``: base64 on the wire
            body = {**body, "data": base64.b64encode(body["data"]).decode("ascii")}
            part = {key: body}
        mime = body.get("mimeType", body.get("mime_type"))
        out.append({"type": "image" if type(mime) is str and mime.startswith("image/") else "file", **part})
    return out


# the document types a function response part takes, beside images (Gemini docs,
# "Multimodal function responses")
_DOCUMENTS = frozenset({"application/pdf", "text/plain"})


def _own_media(part: Dict[str, Any]) -> bool:
    return any(type(part.get(k)) is dict for k in GEMINI_PARTS)  # (a Responses ``file_data`` is text)


def _media_part(m: ResultMedia) -> Optional[Dict[str, Any]]:
    """A ``FunctionResponsePart`` blob (inline data only: a URI is an upload), or ``None``."""
    if m.data is None or m.media_type is None or (m.kind != "image" and m.media_type not in _DOCUMENTS):
        return None
    return {"type": "image" if m.kind == "image" else "file", "inlineData": {"mimeType": m.media_type, "data": m.data}}


def _is_media(part: Dict[str, Any]) -> bool:
    return part.get("type") in ("image", "file") and len(part) == 2 and _own_media(part)


def _response(result: ToolResult, pd: Dict[str, Any]) -> Any:
    content = result.content
    key = "error" if result.is_error else pd.get("key", "output")
    value: Any
    if isinstance(content, str):
        value = content
    elif len(content) == 1 and content[0].get("type") == "json":
        value = content[0].get("json")
        whole = type(value) is dict and not (len(value) == 1 and next(iter(value)) in _KEYS)
        if whole and not result.is_error and "key" not in pd and "error" not in value:
            return value  # the whole object is the output
        if whole and result.is_error and pd.get("whole") and "error" in value:
            return value  # the whole object, its "error" key beside others
    elif all(p.get("type") == "text" for p in content):
        value = "\n".join(_text(p, i) for i, p in enumerate(content))  # the parts kept apart, as Ollama does
    else:  # text and JSON parts: one array, each part's value in order (reads back as one JSON part)
        value = []
        for p in content:
            kind = p.get("type")
            if kind not in ("text", "json"):
                raise EncodeError(f"{an(NAME, True)} function response cannot hold {an(repr(kind))} part", dialect=NAME)
            value.append(p.get(kind))
    return {key: value}


def _text(part: Dict[str, Any], i: int) -> str:
    """The text of text part *i* of a result being written: a string, else an
    ``EncodeError`` at its ``.text`` (never its ``str()``)."""
    text = part.get("text", "")
    if type(text) is not str:
        raise EncodeError(f"Text part at $.content[{i}].text must hold a string, got {excerpt(text)}", dialect=NAME,
                          loc=f"$.content[{i}].text")
    return text


def encode_result(result: ToolResult, ctx: EncodeContext) -> Dict[str, Any]:
    result = rewrite_media(result, NAME, _own_media, _media_part)  # another provider's images and documents
    pd = scoped(result, NAME)
    media: List[Dict[str, Any]] = []
    if not isinstance(result.content, str) and any(_is_media(p) for p in result.content):
        media = [{k: v for k, v in p.items() if k != "type"} for p in result.content if _is_media(p)]
        rest = [p for p in result.content if not _is_media(p)]
        text = rest[0].get("text") if len(rest) == 1 and rest[0].get("type") == "text" else None
        result = evolve(result, content=text if type(text) is str else rest or "")
    if not result.name:
        raise EncodeError(
            f"{an(NAME, True)} function response needs the tool name (Gemini rejects an empty one); this result "
            "has none: set its name from its call",
            dialect=NAME,
        )
    fr: Dict[str, Any] = {"name": result_name(result.name, NAMES, NAME)}
    ident = result_id(result, ctx, IDS, NAME)
    if ident is not None:
        fr["id"] = ident
    elif "id" in pd:
        fr["id"] = pd["id"]
    if not (pd.get("no_response") and result.content == "" and not result.is_error):
        fr["response"] = _response(result, pd)
    fr.update(pd.get("response_extra", ()))
    if media:
        fr["parts"] = media
    out: Dict[str, Any] = {"function_response" if pd.get("snake") else "functionResponse": fr}
    out.update(pd.get("part", ()))
    return out
