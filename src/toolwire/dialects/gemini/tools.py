"""Function declarations of ``gemini`` (see that module): tool definitions; the
function responses (tool results) are in ``results``.

Follows https://ai.google.dev/api/caching#FunctionDeclaration and
https://ai.google.dev/api/caching#Tool.

- Declaration: ``{"name", "description", "parametersJsonSchema" | "parameters",
  "response", "responseJsonSchema", "behavior"}`` (google-genai ``FunctionDeclaration``,
  camelCase on the wire, snake case in a ``model_dump()``, which holds every field,
  ``None`` when unset); alone, or the one declaration of a ``Tool`` entry. An OpenAPI
  ``parameters`` is read as JSON Schema and written back as read; the key that held
  the parameters, the other fields, and a ``description`` or parameters key sent as
  null are provider data, written back to ``gemini`` only.
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple

from ..._errors import DecodeError, an, excerpt
from ..._ids import IdRule
from ..._json_equality import same
from ..._json_values import MAX_SCHEMA_NODES, check_json_object
from ..._payload_paths import tool_at
from ..._types import Tool
from .._common import as_dict, name_of, object_root, scoped, tool_description
from .dump_enums import enum_words
from .openapi import json_schema

__all__ = [
    "DECLARATION_KEYS",
    "GEMINI_ONLY_DECLARATION_KEYS",
    "IDS",
    "NAME",
    "NAMES",
    "builtin_kind",
    "decode_tool",
    "tool_entry",
    "encode_tool",
]

NAME = "gemini"
IDS = IdRule(required=False)
# FunctionDeclaration.name: "a-z, A-Z, 0-9, or ... underscores, colons, dots, and dashes, with a
# maximum length of 64" (generativelanguage v1beta reference); the API refuses a longer one with
# "Invalid function name. Must start with a letter or an underscore. ... with a maximum length of
# 64" (kaitranntt/ccs#25, google-gemini/gemini-cli#7878). The google-genai docstring and Vertex's
# v1 reference say 128: this dialect serves both APIs, so 64 (checked 2026-12-05).
NAMES = re.compile(r"[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}")

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
    (``googleSearch``, ``codeExecution``...); ``None`` for anything else (both
    spellings of the declarations list: ``decode_tool`` refuses it). A field set to
    ``None`` (a ``model_dump()`` holds every field) is absent."""
    if not entry:
        return None
    live = [k for k, v in entry.items() if v is not None]
    for key in _DECLARATION_LISTS:
        decls = entry.get(key)
        if type(decls) is list and all(k == key or k in _BUILTIN_TOOLS for k in live):
            return [(f".{key}[{j}]", decl) for j, decl in enumerate(decls)]
    if all(k in _BUILTIN_TOOLS for k in live) and all(k in _BUILTIN_TOOLS or k in _DECL_LISTS for k in entry):
        return []
    return None


def decode_tool(item: Dict[str, Any], loc: str) -> Tool:
    """A declaration, alone or the one of a ``Tool`` entry; a python-mode ``model_dump()``
    whose enums failed the reading is read again with them as their words (``enum_words``)."""
    try:
        return _declaration(item, loc)
    except DecodeError:
        plain = enum_words(item, MAX_SCHEMA_NODES)
        if plain is item:
            raise
    return _declaration(plain, loc)


def _declaration(item: Dict[str, Any], loc: str) -> Tool:
    pd: Dict[str, Any] = {}
    decl = item
    lists = [k for k in _DECL_LISTS if item.get(k) is not None]  # null: unset (a ``model_dump()``)
    if len(lists) > 1:  # one list would be dropped: refused, as ``json_schema`` refuses a field in two spellings
        raise DecodeError(f"Tool entry at {loc} has both {lists[0]!r} and {lists[1]!r}: one field in two spellings",
                          dialect=NAME, loc=f"{loc}.{lists[1]}")
    keys = lists or [k for k in _DECL_LISTS if k in item]
    if keys:
        key = keys[0]
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
    name = name_of(decl.get("name"), loc + ".name", NAME)
    params = None
    where = loc + ".parameters"
    given = [k for k in _PARAM_KEYS if decl.get(k) is not None]  # a model_dump() has them all, as None
    if len(given) > 1:  # "mutually exclusive" (google-genai FunctionDeclaration): one would be lost
        raise DecodeError(
            f"Function declaration at {loc} has both {given[0]!r} and {given[1]!r}; Gemini takes one of them",
            dialect=NAME, loc=f"{loc}.{given[1]}",
        )
    for key in given or _PARAM_KEYS:
        if key in decl:
            params, where = decl[key], f"{loc}.{key}"
            if key != "parametersJsonSchema":
                pd["params_key"] = key
            if params is not None and type(params) is not dict:
                raise DecodeError(f"Tool parameters at {loc}.{key} must be an object", dialect=NAME, loc=f"{loc}.{key}")
            if key == "parameters" and params is not None:  # an OpenAPI Schema: the Tool holds JSON Schema
                # the original is kept (written back while the parameters are the ones read)
                pd["openapi"] = params
                try:  # said at the payload's place already: in this dialect
                    checked = check_json_object(params, f"{loc}.{key}", "Tool parameters", limit=MAX_SCHEMA_NODES)
                except DecodeError as exc:
                    raise DecodeError(exc.message, dialect=NAME, loc=exc.loc) from None
                params = json_schema(checked, f"{loc}.{key}", NAME)
            break
    if type(params) is dict and "type" in params and params["type"] != "object":
        _not_object(params, decl, where)
    nulls = [k for k in _PARAM_KEYS if k in decl and decl[k] is None]
    if nulls:  # a model_dump() has them all: written back as null
        pd["null_params"] = nulls
    extra = {k: v for k, v in decl.items() if k not in ("name", "description", *_PARAM_KEYS)}
    if extra:
        pd["declaration"] = extra
    description = tool_description(decl.get("description"), loc + ".description", NAME)
    if description is None and "description" in decl:
        pd["null_description"] = True  # llm-gemini sends "description": null
    return tool_at(NAME, {"$.parameters": where, "$.description": loc + ".description"}, name=name,
                   description=description, parameters=params, provider_data={NAME: pd} if pd else {})


def _not_object(params: Dict[str, Any], decl: Dict[str, Any], where: str) -> None:
    """``DecodeError``: the parameters read at *where* are of a type other than
    ``"object"`` (google-genai ``parameters_json_schema``: "The schema must describe an
    object"; every writer refuses them: ``object_root``), at the OpenAPI ``nullable``
    that admitted null where the type is ``OBJECT``."""
    openapi = decl.get("parameters") if where.endswith(".parameters") else None
    at = where + ".nullable" if type(openapi) is dict and openapi.get("nullable") is True and \
        params.get("type") == ["object", "null"] else where + ".type"
    raise DecodeError(f"Tool parameters at {where} must be of type 'object' (a function's arguments are an "
                      f"object), got type {excerpt(params['type'])} (from {at})", dialect=NAME, loc=at)


def builtin_kind(pd: Dict[str, Any]) -> Optional[str]:
    """The tools Gemini runs itself that share the decoded declaration's tools entry
    (``{"functionDeclarations": [...], "googleSearch": {}}``), kept in the provider data
    ``decode_tool`` writes: another dialect has no place for them, so ``encode_tool``
    to it refuses the tool rather than drop them. A field set to ``None`` (a
    ``model_dump()`` holds every field) is none."""
    entry = pd.get("entry")
    extra = entry.get("extra") if type(entry) is dict else None
    kinds = [k for k, v in extra.items() if k in _BUILTIN_TOOLS and v is not None] if type(extra) is dict else []
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
        # (``same``: a dict ``==`` recurses, and raised RecursionError on ~500 levels the decoder read)
        if key == "parameters" and not (type(openapi) is dict and same(json_schema(openapi, "$.parameters", NAME),
                                                                       tool.parameters)):
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

