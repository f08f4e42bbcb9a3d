"""Tool definitions of ``openai.chat`` (see that module); its results: ``chat_results``.

Follows https://platform.openai.com/docs/api-reference/chat/create (``tools``).

- Tool: ``{"type": "function", "function": {"name", "description", "parameters", "strict"}}``
  and ``{"type": "custom", "custom": {"name", "description", "format"}}`` (a Responses
  custom tool, flat, converts to it and back: ``custom_tools``). A ``type`` left out
  (mistralai's, cohere's and ollama's ``Tool`` default it) or other than ``"function"``
  (ollama's is any text or null), and a ``description``, ``parameters`` or ``strict``
  sent as null, are provider data of the dialect read: written back to it, not
  elsewhere. A tool without parameters (not read with them null) is written with the
  empty object schema, which OpenAI reads as ``parameters`` left out and Hugging Face
  TGI and llama.cpp require (``empty_parameters``). A tool with ``strict: true`` is
  written only when its schema meets the rules of OpenAI's strict mode that a schema
  written for another provider most often breaks; else ``EncodeError``
  (``strict_mode``). Chat-shaped dialects (``mistral``, ``cohere.v2``, ``ollama``) read
  and write their tools here.
"""

from __future__ import annotations

import re
from typing import Any, Dict

from ..._errors import DecodeError
from ..._ids import rule
from ..._payload_paths import tool_at
from ..._types import Tool
from .._common import as_dict, name_of, object_root, scoped, tool_description, tool_strict
from .custom_tools import custom_format, input_schema
from .strict_mode import check_strict, empty_parameters

__all__ = ["FUNCTION_FIELDS", "IDS", "NAME", "NAMES", "decode_tool", "encode_tool"]

NAME = "openai.chat"
IDS = rule(max_len=40, required=True, prefix="call_", length=24)
NAMES = re.compile(r"[a-zA-Z0-9_-]{1,64}")
# a call's ``function`` fields (whole and streamed): what else it holds is provider data
FUNCTION_FIELDS = frozenset({"name", "arguments"})
RESPONSES = "openai.responses"  # whose custom tools are Chat's, flat


_NO_EXTRA: Dict[str, Any] = {}
# provider data of a Responses custom tool that are no keys of its ``custom`` object
_RESPONSES_FLAGS = frozenset({"custom", "null_description"})


def decode_tool(item: Dict[str, Any], loc: str, dialect: str = NAME) -> Tool:
    """A Chat tool definition; *dialect*: the dialect its errors name (Chat-shaped
    dialects read their tools here). What the ``Tool`` does not hold is provider data
    (``_NULL``, ``no_type`` / ``type``), for an exact re-encode to the dialect read."""
    if item.get("type") == "custom":
        custom = as_dict(item.get("custom"), loc + ".custom", dialect, "a 'custom' object")
        name = name_of(custom.get("name"), loc + ".custom.name", dialect)
        rest = {k: v for k, v in custom.items() if k not in ("name", "description")}
        pd: Dict[str, Any] = {"custom": rest}
        top = {k: v for k, v in item.items() if k != "type" and k != "custom"}
        if top:
            pd["extra"] = top
        description = tool_description(custom.get("description"), loc + ".custom.description", dialect)
        if description is None and "description" in custom:
            pd["null_description"] = True
        return tool_at(dialect, {"$.description": loc + ".custom.description"}, name=name, description=description,
                       parameters=input_schema(), provider_data={NAME: pd})
    fn = as_dict(item.get("function"), loc + ".function", dialect, "a 'function' object")
    name = name_of(fn.get("name"), loc + ".function.name", dialect)
    params = fn.get("parameters")
    if params is not None and type(params) is not dict:
        where = loc + ".function.parameters"
        raise DecodeError(f"Tool parameters at {where} must be an object", dialect=dialect, loc=where)
    pd = {}
    extra = {k: v for k, v in fn.items() if k not in ("name", "description", "parameters", "strict")}
    if extra:
        pd["function_extra"] = extra
    top = {k: v for k, v in item.items() if k != "type" and k != "function"}
    if top:  # beside ``type`` and ``function`` (a gateway's own field): written back
        pd["extra"] = top
    if "type" not in item:  # mistralai's, cohere's and ollama's ``Tool`` default it
        pd["no_type"] = True
    elif item["type"] != "function":  # (ollama's ``Tool.type`` is any text, or null)
        pd["type"] = item["type"]
    description = tool_description(fn.get("description"), loc + ".function.description", dialect)
    strict = tool_strict(fn.get("strict"), loc + ".function.strict", dialect)
    for key, value in (("description", description), ("parameters", params), ("strict", strict)):
        if value is None and key in fn:  # the key sent as null: written back so
            pd[_NULL[key]] = True
    places = {"$.parameters": loc + ".function.parameters", "$.description": loc + ".function.description"}
    return tool_at(dialect, places, name=name, description=description, parameters=params, strict=strict,
                   provider_data={NAME: pd} if pd else {})


# provider data of a tool read here (beside ``custom``, ``extra``, ``function_extra``):
# ``no_type`` / ``type`` (``type`` absent / not "function"), and a key sent as null
_NULL = {"description": "null_description", "parameters": "null_parameters", "strict": "null_strict"}


def encode_tool(tool: Tool, dialect: str = NAME, schema_required: bool = True) -> Dict[str, Any]:
    """A Chat tool definition; *dialect*: the Chat-shaped dialect it is written for
    (its provider data moved under ``openai.chat``); a Responses custom tool becomes
    a Chat custom tool for ``openai.chat`` only. *schema_required*: a tool without
    parameters (unless read with ``parameters`` null) gets an empty object schema
    (``empty_parameters``: OpenAI reads it as none; Hugging Face TGI, llama.cpp, Mistral
    and Cohere require ``parameters``); Ollama's optional ``parameters`` stay out."""
    pd = scoped(tool, NAME)
    if "custom" in pd or (dialect == NAME and scoped(tool, RESPONSES).get("custom")):
        custom: Dict[str, Any] = {"name": tool.name}
        if tool.description is not None or pd.get("null_description"):
            custom["description"] = tool.description
        if "custom" in pd:
            custom.update(pd["custom"])
        else:  # the Responses custom tool's own keys; its grammar format is flat
            custom.update((k, v) for k, v in scoped(tool, RESPONSES).items() if k not in _RESPONSES_FLAGS)
            if "format" in custom:
                custom["format"] = custom_format(custom["format"], nested=True)
        return {"type": "custom", "custom": custom, **pd.get("extra", _NO_EXTRA)}
    fn: Dict[str, Any] = {"name": tool.name}
    if tool.description is not None or pd.get("null_description"):
        fn["description"] = tool.description
    if tool.parameters is not None or pd.get("null_parameters"):
        object_root(tool.name, tool.parameters, dialect, "parameters")
        fn["parameters"] = tool.parameters
    elif schema_required:  # (Mistral's and Cohere's strict tools as before: the open one)
        fn["parameters"] = empty_parameters(dialect == NAME and tool.strict is True)
    if tool.strict is not None or pd.get("null_strict"):
        fn["strict"] = tool.strict
    fn.update(pd.get("function_extra", ()))
    if dialect == NAME and fn.get("strict") is True:
        check_strict(tool.name, fn.get("parameters"), NAME)
    out: Dict[str, Any] = {} if pd.get("no_type") else {"type": pd.get("type", "function")}
    out["function"] = fn
    out.update(pd.get("extra", ()))
    return out
