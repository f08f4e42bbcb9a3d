"""Tool definitions of ``openai.responses`` (see that module); their results are in
``responses_results``.

Follows https://platform.openai.com/docs/api-reference/responses/create (``tools``;
checked 2026-12-03).

- Tool: flat ``{"type": "function", "name", "description", "parameters", "strict"}``
  (openai-python ``FunctionToolParam``: ``parameters`` and ``strict`` required and
  nullable; read here without them, or with a null ``description`` or ``strict``, a tool
  is written back so; for a tool read elsewhere, or built in code, the empty object
  schema when it has no ``parameters`` (``empty_parameters``: an OpenAI-compatible
  ``/responses`` refused ``"parameters": null``, rikkahub/rikkahub issue #1453) and
  ``"strict": false`` when its ``strict`` is unset: Responses reads
  an omitted ``strict`` as strict when the schema allows ("If omitted, Responses
  attempts to use strict validation when the schema is compatible", ``strict``'s
  docstring), which no other dialect does) and ``{"type": "custom", "name",
  "description", "format"}`` (a Chat custom tool converts to it and back). A namespace
  ``{"type": "namespace", "name", "description", "tools": [...]}`` of one tool decodes
  to that tool, the namespace kept as provider data and written back around it; one of
  several raises (``tool_entry`` reads each).
- ``server_args``: the arguments of a provider-executed item, one reading for the
  decoder and the stream (here, where both import it without a cycle).
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple

from ..._args import load_json
from ..._errors import DecodeError, an
from ..._ids import rule
from ..._payload_paths import tool_at
from ..._repeats import first_repeat
from ..._types import Tool
from .._common import as_dict, name_of, object_root, scoped, tool_description, tool_strict
from .custom_tools import custom_format, input_schema
from .strict_mode import check_strict, empty_parameters

__all__ = [
    "CONTAINERS", "IDS", "NAME", "NAMES", "client_tool", "decode_tool", "encode_tool", "hosted", "present",
    "server_args", "tool_entry",
]

NAME = "openai.responses"
IDS = rule(max_len=64, required=True, prefix="call_", length=24)
NAMES = re.compile(r"[a-zA-Z0-9_-]{1,64}")
CHAT = "openai.chat"  # whose custom tools are these, nested under "custom"


def tool_entry(entry: Dict[str, Any]) -> Optional[List[Tuple[str, Any]]]:
    """A tool OpenAI runs itself (``{"type": "web_search"}``, ``file_search``,
    ``code_interpreter``, ``mcp``...: a ``type`` other than ``function`` / ``custom``
    and no ``name``; https://platform.openai.com/docs/api-reference/responses/create,
    ``tools``, checked 2026-12-03): no function. A built-in tool the client runs
    (``client_tool``): the tool its calls name. A namespace (``{"type": "namespace",
    "name", "description", "tools": [...]}``, openai-python ``NamespaceToolParam``): its
    tools, each with the namespace's name (a call names it in ``namespace``). ``None``
    for anything else."""
    kind = entry.get("type")
    if kind == "namespace" and type(entry.get("tools")) is list and type(entry.get("name")) is str:
        ns = entry["name"]
        return [(f".tools[{i}]", {**t, "namespace": ns} if type(t) is dict else t)
                for i, t in enumerate(entry["tools"])]
    if type(kind) is str and kind not in ("function", "custom") and "name" not in entry and "function" not in entry:
        tool = client_tool(entry)
        return [] if tool is None else [("", tool)]
    return None


CONTAINERS = frozenset({"container_reference", "container_auto"})  # the provider's ``environment`` types


def hosted(env: Any) -> bool:
    """Whether a ``shell_call`` with the ``environment`` *env* runs in the provider's
    container: an object whose ``type`` is ``container_reference`` or ``container_auto``.
    openai-python ``ResponseFunctionShellToolCall.environment``: ``ResponseLocalEnvironment``
    (``{"type": "local"}``) or ``ResponseContainerReference``, or none;
    ``FunctionShellToolParam.environment`` adds ``container_auto``; hosted shell,
    https://developers.openai.com/api/docs/guides/tools-shell (checked 2026-12-04), runs
    the commands in OpenAI's container and answers them in the same reply. Absent,
    ``null`` or ``local``: the client runs them; any other shape or ``type`` is neither
    (the decoder refuses it: ``responses_calls``)."""
    return type(env) is dict and env.get("type") in CONTAINERS


# the built-in tools the client runs: the name ``decode`` gives their calls (``responses_sniff.CLIENT_TYPES``)
_CLIENT_TOOLS = {"shell": "shell", "apply_patch": "apply_patch", "computer": "computer",
                 "computer_use_preview": "computer", "local_shell": "local_shell", "tool_search": "tool_search"}


def client_tool(entry: Dict[str, Any]) -> Optional[Tool]:
    """The tool a built-in entry the client runs offers, named as ``decode`` names its
    calls: ``{"type": "shell"}`` (openai-python ``FunctionShellToolParam``; not in the
    provider's container, ``hosted``), ``apply_patch``
    (``ApplyPatchToolParam``), ``computer`` / ``computer_use_preview``
    (``ComputerToolParam``, ``ComputerUsePreviewToolParam``), ``local_shell``
    (``tool_param.LocalShell``), ``tool_search`` with ``"execution": "client"``
    (``ToolSearchToolParam``; its ``parameters``, "Parameter schema for a client-executed
    tool search tool", are its schema when given). Its arguments are the provider's
    (``builtin_kind``: ``validate_call`` does not check them); the entry is kept as
    provider data and written back. ``None`` for a tool the provider runs."""
    kind = entry["type"]
    name = _CLIENT_TOOLS.get(kind)
    if name is None or (kind == "shell" and hosted(entry.get("environment"))) or \
            (kind == "tool_search" and entry.get("execution") != "client"):
        return None
    params = entry.get("parameters") if kind == "tool_search" else None
    description = entry.get("description") if kind == "tool_search" else None
    return tool_at(NAME, {"$.parameters": "$.parameters", "$.description": "$.description"}, name=name,
                   description=tool_description(description, "$.description", NAME),
                   parameters=as_dict(params, "$.parameters", NAME, "an object") if params is not None else None,
                   provider_data={NAME: {"client_tool": entry}})


def _namespace(item: Dict[str, Any], loc: str) -> Tool:
    """The one tool of a namespace entry, the namespace kept as provider data (its name
    under ``namespace``, as a call carries it; its other fields under ``namespace_entry``)."""
    tools = item.get("tools")
    ns = name_of(item.get("name"), loc + ".name", NAME)
    if type(tools) is not list or len(tools) != 1:
        got = f"{len(tools)} tools" if type(tools) is list else f"no list of tools ({type(tools).__name__})"
        raise DecodeError(
            f"{an(NAME, True)} namespace at {loc} holds {got}, not one; decode each of {loc}.tools[i]",
            dialect=NAME, loc=loc + ".tools",
        )
    inner = as_dict(tools[0], loc + ".tools[0]", NAME, "a tool")
    if inner.get("type") not in ("function", "custom") or "namespace" in inner:
        raise DecodeError(f"Tool at {loc}.tools[0] must be a function or custom tool", dialect=NAME,
                          loc=loc + ".tools[0].type")
    tool = decode_tool(inner, loc + ".tools[0]")
    pd = {**scoped(tool, NAME), "namespace": ns,
          "namespace_entry": {k: v for k, v in item.items() if k not in ("type", "name", "tools")}}
    return tool.replace(provider_data={**tool.provider_data, NAME: pd})


def decode_tool(item: Dict[str, Any], loc: str) -> Tool:
    if item.get("type") == "namespace":
        return _namespace(item, loc)
    name = name_of(item.get("name"), loc + ".name", NAME)
    params = item.get("parameters")
    if params is not None and type(params) is not dict:
        where = loc + ".parameters"
        raise DecodeError(f"Tool parameters at {where} must be an object", dialect=NAME, loc=where)
    extra = {k: v for k, v in item.items() if k not in ("type", "name", "description", "parameters", "strict")}
    description = tool_description(item.get("description"), loc + ".description", NAME)
    strict = tool_strict(item.get("strict"), loc + ".strict", NAME)
    if description is None and "description" in item:  # what the Tool does not tell: written back here only
        extra["null_description"] = True
    if item.get("type") == "custom":
        extra["custom"] = True
        params = input_schema() if params is None else params
    else:
        if strict is None and "strict" in item:  # (a tool read elsewhere without strict gets false)
            extra["null_strict"] = True
        for key in ("parameters", "strict"):
            if key not in item:
                extra[_ABSENT[key]] = True
        if "parameters" in item and params is None:  # (a tool read elsewhere without any gets the empty schema)
            extra["null_parameters"] = True
    return tool_at(
        NAME,
        {"$.parameters": loc + ".parameters", "$.description": loc + ".description"},
        name=name,
        description=description,
        parameters=params,
        strict=strict,
        provider_data={NAME: extra} if extra else {},
    )


# provider data of a function tool, beside its own fields: a description or strict sent
# as null, and ``parameters`` / ``strict`` left out (the API requires both, nullable, and
# takes a tool without them; a namespace's ``ToolFunction`` makes them optional)
_ABSENT = {"parameters": "no_parameters", "strict": "no_strict"}
_FLAGS = frozenset({"null_description", "null_parameters", "null_strict", *_ABSENT.values()})


def encode_tool(tool: Tool) -> Dict[str, Any]:
    pd = scoped(tool, NAME)
    if type(pd.get("namespace")) is str:  # a tool of a namespace: the namespace entry holding it
        inner = {k: v for k, v in pd.items() if k not in ("namespace", "namespace_entry")}
        one = encode_tool(tool.replace(provider_data={**tool.provider_data, NAME: inner}))
        return {"type": "namespace", "name": pd["namespace"], **pd.get("namespace_entry", {}), "tools": [one]}
    if type(pd.get("client_tool")) is dict:  # a built-in tool the client runs (``client_tool``)
        return dict(pd["client_tool"])
    chat_custom: Any = scoped(tool, CHAT).get("custom")
    if pd.get("custom") or (not pd and type(chat_custom) is dict):
        out: Dict[str, Any] = {"type": "custom", "name": tool.name}
        if tool.description is not None or pd.get("null_description"):
            out["description"] = tool.description
        if pd:
            out.update((k, v) for k, v in pd.items() if k != "custom" and k != "null_description")
        else:  # a Chat custom tool: its ``custom`` object's keys, the grammar format flat
            out.update(chat_custom)
            if "format" in out:
                out["format"] = custom_format(out["format"], nested=False)
        return out
    out = {"type": "function", "name": tool.name}
    if tool.description is not None or pd.get("null_description"):
        out["description"] = tool.description
    # the API requires both keys (left out, or null, where they were); no parameters: the
    # empty object schema (``empty_parameters``; a compatible server refused null)
    if tool.parameters is not None or pd.get("null_parameters"):
        object_root(tool.name, tool.parameters, NAME, "parameters")
        out["parameters"] = tool.parameters
    elif not pd.get("no_parameters"):
        out["parameters"] = empty_parameters(tool.strict is True)
    if tool.strict is not None or pd.get("null_strict"):
        out["strict"] = tool.strict
    elif not pd.get("no_strict"):  # unset elsewhere is non-strict; Responses would make it strict
        out["strict"] = False  # when compatible (openai-python ``FunctionToolParam.strict``)
    out.update((k, v) for k, v in pd.items() if k not in _FLAGS)
    if out.get("strict") is True:
        check_strict(tool.name, out.get("parameters"), NAME)
    return out


def server_args(item: Dict[str, Any], max_bytes: int) -> Dict[str, Any]:
    """The arguments of a provider-executed item (``mcp_call``, ``web_search_call``...):
    its ``arguments`` (an object, or text holding one; other text, including JSON that
    is not an object, gives a key twice or is past the parser's limits or *max_bytes*, is kept under ``"arguments"``:
    an ``mcp_approval_request``'s text, not run yet, is read by the arguments policy instead),
    else its ``action`` / ``query`` / ``queries`` / ``code`` (a ``null`` member of the
    ``action`` object dropped: ``present``). Values given as data are not checked here (the
    decoder and the stream's core check them)."""
    raw = item.get("arguments")
    if type(raw) is str:
        try:
            parsed = load_json(raw) if len(raw) <= max_bytes else None
        except ValueError:
            parsed = None
        # (a key given twice in it: the text kept whole, never one of its values dropped)
        return parsed if type(parsed) is dict and first_repeat(raw, parsed) is None else {"arguments": raw}
    if type(raw) is dict:
        return raw
    return {k: present(item[k]) if k == "action" else item[k] for k in ("action", "query", "queries", "code")
            if k in item}


def present(value: Any) -> Any:
    """An action object (a list of them) of a built-in tool item without its members set to
    ``null``: openai-python's action models give their optional fields (``ActionClick.keys``,
    ``LocalShellCallAction.timeout_ms``, ``ActionSearch.sources``...: none of them means
    anything by ``null`` that its absence does not) as ``None``, which ``model_dump()``
    writes; the item read from the SDK object, its dump or the wire gives one value."""
    if type(value) is dict:
        if None in value.values():
            return {k: v for k, v in value.items() if v is not None}
        return value
    if type(value) is list and any(type(v) is dict and None in v.values() for v in value):
        return [present(v) for v in value]
    return value

