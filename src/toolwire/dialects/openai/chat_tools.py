"""Tool definitions and tool results of ``openai.chat`` (see that module).

Follows https://platform.openai.com/docs/api-reference/chat/create (``tools``,
``messages[].role: "tool"``).

- Tool: ``{"type": "function", "function": {"name", "description", "parameters", "strict"}}``
  and ``{"type": "custom", "custom": {"name", "description", "format"}}`` (a Responses
  custom tool, flat, converts to it and back). A ``type`` left out (mistralai's, cohere's
  and ollama's ``Tool`` default it) or other than ``"function"`` (ollama's is any text or
  null), and a ``description``, ``parameters`` or ``strict`` sent as null, are provider
  data of the dialect read: written back to it, not elsewhere. A tool with ``strict: true`` is written
  only when its schema meets the rules of OpenAI's strict mode that a schema written for
  another provider most often breaks (https://platform.openai.com/docs/guides/structured-outputs
  "Supported schemas", checked 2026-12-03: the root is an object, and every object has
  ``additionalProperties: false`` and lists each of its properties in ``required``);
  else ``EncodeError`` names
  the first place that breaks them (``strict_problem``). The schema is not rewritten:
  made optional by a null type, a property would come back as ``null`` in the call's
  arguments, which the tool never asked for.
- Result: ``{"role": "tool", "tool_call_id", "content"}`` (a ``name`` beside them, as
  https://cookbook.openai.com/examples/how_to_call_functions_with_chat_models writes
  it, is written back); legacy ``role: "function"``. Content is text or a list of
  ``{"type": "text", "text"}`` parts; what else a text part holds (OpenRouter's
  ``"cache_control": {"type": "ephemeral", "ttl": "5m"}``) is provider data of the
  result (``part_extra``, by position), written back only to ``openai.chat``.
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Tuple

from ..._dialect import EncodeContext
from ..._errors import DecodeError, EncodeError, an, excerpt
from ..._ids import rule
from ..._types import Tool, ToolResult
from .._common import (
    as_dict,
    check_native,
    name_of,
    required_id,
    result_id,
    result_name,
    scoped,
    tool_description,
    tool_strict,
)

__all__ = [
    "IDS", "NAME", "NAMES", "builtin_kind", "check_strict", "custom_format", "decode_result", "decode_tool",
    "encode_result", "encode_tool", "grammar_kind", "input_schema", "strict_problem", "text_content",
]

NAME = "openai.chat"
IDS = rule(max_len=40, required=True, prefix="call_", length=24)
NAMES = re.compile(r"[a-zA-Z0-9_-]{1,64}")
RESPONSES = "openai.responses"  # whose custom tools are Chat's, flat


_NO_EXTRA: Dict[str, Any] = {}


def decode_tool(item: Dict[str, Any], loc: str, dialect: str = NAME) -> Tool:
    """A Chat tool definition; *dialect*: the dialect its errors name (Chat-shaped
    dialects read their tools here). What the ``Tool`` does not hold is provider data
    (``_FLAGS``), for an exact re-encode to the dialect it was read from."""
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
        return Tool(name=name, description=description, parameters=input_schema(), provider_data={NAME: pd})
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
    return Tool(name=name, description=description, parameters=params, strict=strict,
                provider_data={NAME: pd} if pd else {})


# provider data of a tool read here (beside ``custom``, ``extra``, ``function_extra``):
# ``no_type`` / ``type`` (``type`` absent / not "function"), and a key sent as null
_NULL = {"description": "null_description", "parameters": "null_parameters", "strict": "null_strict"}


def encode_tool(tool: Tool, dialect: str = NAME, schema_required: bool = False) -> Dict[str, Any]:
    """A Chat tool definition; *dialect*: the Chat-shaped dialect it is written for
    (its provider data moved under ``openai.chat``); a Responses custom tool becomes
    a Chat custom tool for ``openai.chat`` only. *schema_required*: a tool without
    parameters gets an empty object schema (Mistral and Cohere require ``parameters``)."""
    pd = scoped(tool, NAME)
    if "custom" in pd or (dialect == NAME and scoped(tool, RESPONSES).get("custom")):
        custom: Dict[str, Any] = {"name": tool.name}
        if tool.description is not None or pd.get("null_description"):
            custom["description"] = tool.description
        if "custom" in pd:
            custom.update(pd["custom"])
        else:  # the Responses custom tool's own keys; its grammar format is flat
            custom.update((k, v) for k, v in scoped(tool, RESPONSES).items() if k != "custom")
            if "format" in custom:
                custom["format"] = custom_format(custom["format"], nested=True)
        return {"type": "custom", "custom": custom, **pd.get("extra", _NO_EXTRA)}
    fn: Dict[str, Any] = {"name": tool.name}
    if tool.description is not None or pd.get("null_description"):
        fn["description"] = tool.description
    if tool.parameters is not None or pd.get("null_parameters"):
        fn["parameters"] = tool.parameters
    elif schema_required:
        fn["parameters"] = {"type": "object", "properties": {}}
    if tool.strict is not None or pd.get("null_strict"):
        fn["strict"] = tool.strict
    fn.update(pd.get("function_extra", ()))
    if dialect == NAME and fn.get("strict") is True:
        check_strict(tool.name, fn.get("parameters"), NAME)
    out: Dict[str, Any] = {} if pd.get("no_type") else {"type": pd.get("type", "function")}
    out["function"] = fn
    out.update(pd.get("extra", ()))
    return out


# keywords whose values are subschemas (one, a list, or a map of them), walked for objects
_ONE = ("items", "not", "if", "then", "else", "additionalProperties", "contains")
_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems", "items")
_MAPS = ("properties", "$defs", "definitions", "patternProperties", "dependentSchemas")


def _step(at: str, key: Any) -> str:
    return f"{at}[{key}]" if type(key) is int else f"{at}.{key}" if _PLAIN.fullmatch(key) else f"{at}[{key!r}]"


_PLAIN = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


def strict_problem(schema: Any, loc: str = "$.parameters") -> Optional[Tuple[str, str]]:
    """The first place (in document order) where *schema* breaks OpenAI strict mode's
    object rules, and what it needs there; ``None`` when it meets them. Iterative,
    linear in the schema (each node once, shared ones too)."""
    if type(schema) is not dict:
        return None
    if schema.get("type") != "object":
        return loc, 'an object at the root ("type": "object")'
    seen = set()
    stack: List[Tuple[Any, str]] = [(schema, loc)]
    while stack:
        node, at = stack.pop()
        if type(node) is not dict or id(node) in seen:
            continue
        seen.add(id(node))
        kind = node.get("type")
        props = node.get("properties")
        if kind == "object" or (type(kind) is list and "object" in kind) or type(props) is dict:
            if node.get("additionalProperties") is not False:
                return at, '"additionalProperties": false on every object'
            required = node.get("required")
            wanted = set(required) if type(required) is list and all(type(r) is str for r in required) else set()
            for name in props if type(props) is dict else ():
                if name not in wanted:
                    return at, f"every property required (add {name!r} to its \"required\")"
        children: List[Tuple[Any, str]] = []
        for key, value in node.items():
            if key in _MAPS and type(value) is dict:
                children.extend((sub, _step(_step(at, key), name)) for name, sub in value.items())
            elif key in _LISTS and type(value) is list:
                children.extend((sub, _step(_step(at, key), i)) for i, sub in enumerate(value))
            elif key in _ONE and type(value) is dict:
                children.append((value, _step(at, key)))
        stack.extend(reversed(children))
    return None


def check_strict(name: str, schema: Any, dialect: str) -> None:
    """``EncodeError`` for a ``strict: true`` tool whose schema OpenAI's strict mode refuses."""
    problem = strict_problem(schema)
    if problem is not None:
        at, needs = problem
        raise EncodeError(
            f"Tool {name!r} is strict, and {dialect}'s strict mode needs {needs}; the schema at {at} does not "
            "meet it: fix the schema, or write the tool with strict false",
            dialect=dialect, loc=at,
        )


def input_schema() -> Dict[str, Any]:
    """The parameters of a custom tool as a function tool: its calls carry free text,
    read as ``{"input": text}`` (a new dict each time: a ``Tool`` keeps it)."""
    return {"type": "object", "properties": {"input": {"type": "string"}}, "required": ["input"],
            "additionalProperties": False}


def grammar_kind(custom: Any) -> Optional[str]:
    """The kind of a custom tool whose input follows a grammar (``"custom (lark
    grammar)"``), which no function tool can hold: a target outside OpenAI refuses
    it. ``None`` for free text (``{"type": "text"}`` or no format), which a function
    tool with ``input_schema()`` holds exactly."""
    fmt = custom.get("format") if type(custom) is dict else None
    kind = fmt.get("type") if type(fmt) is dict else None
    if fmt is None or kind == "text":
        return None
    grammar = fmt.get("grammar") if type(fmt.get("grammar")) is dict else fmt
    syntax = grammar.get("syntax")
    return f"custom ({syntax} grammar)" if kind == "grammar" and type(syntax) is str else f"custom ({excerpt(fmt)})"


def builtin_kind(pd: Dict[str, Any]) -> Optional[str]:
    """A tool only OpenAI's APIs take: a custom tool with a grammar, from the provider
    data of a Chat tool (``{"custom": {...}}``) or a Responses one (``{"custom": True,
    "format": ...}``). Chat and Responses share this function, so each writes the
    other's (``encode_tool``'s rule)."""
    custom = pd.get("custom")
    if custom is True:
        return grammar_kind(pd)
    return grammar_kind(custom) if type(custom) is dict else None


def custom_format(fmt: Any, nested: bool) -> Any:
    """A custom tool's ``format`` for the other OpenAI API: a grammar is nested under
    ``grammar`` in Chat (``{"type": "grammar", "grammar": {"definition", "syntax"}}``,
    openai-python ``chat_completion_custom_tool_param``) and flat in Responses
    (``{"type": "grammar", "definition", "syntax"}``, ``shared_params/custom_tool_input_format``);
    ``{"type": "text"}`` is the same in both. *nested*: the Chat shape is wanted."""
    kind = fmt.get("type") if type(fmt) is dict else None
    if kind == "text":
        return fmt
    if kind == "grammar":
        grammar = fmt.get("grammar")
        if nested and "grammar" not in fmt:
            return {"type": "grammar", "grammar": {k: v for k, v in fmt.items() if k != "type"}}
        if not nested and type(grammar) is dict and "type" not in grammar and len(fmt) == 2:
            return {"type": "grammar", **grammar}
    raise EncodeError(
        f"The custom tool format {excerpt(fmt)} has no {'Chat' if nested else 'Responses'} equivalent known",
        dialect=NAME if nested else RESPONSES,
    )


def decode_result(item: Dict[str, Any], loc: str) -> ToolResult:
    content = item.get("content")
    if content is None:
        content = ""
    if not isinstance(content, (str, list)):
        raise DecodeError(
            f"Tool result content at {loc}.content must be text or a list of parts", dialect=NAME, loc=loc + ".content"
        )
    pd: Dict[str, Any] = {}
    if isinstance(content, list):
        content, part_extra = _split_parts(content, loc + ".content")
        if part_extra is not None:
            pd["part_extra"] = part_extra
    if item.get("role") == "function":
        pd["legacy"] = True
        return ToolResult(id=None, name=item.get("name"), content=content, provider_data={NAME: pd})
    ident = required_id(item.get("tool_call_id"), loc + ".tool_call_id", NAME)
    extra = {k: v for k, v in item.items() if k not in ("role", "tool_call_id", "content", "name")}
    if extra:
        pd["extra"] = extra
    if "name" in item:  # not in the reference, but servers and cookbook examples send it: written back
        pd["named"] = True
    check_native(ident, IDS, pd)
    return ToolResult(id=ident, name=item.get("name"), content=content, provider_data={NAME: pd} if pd else {})


def _split_parts(parts: List[Any], loc: str) -> Tuple[List[Any], Optional[List[Dict[str, Any]]]]:
    """Text parts as canonical ``{"type": "text", "text"}``, and what else each part
    held (OpenRouter's ``cache_control``), by position, for the re-encode; ``None``
    when no part held more. Other parts stay as they are."""
    out: List[Any] = []
    part_extra: List[Dict[str, Any]] = []
    for i, part in enumerate(parts):
        p = as_dict(part, f"{loc}[{i}]", NAME, "a content part")
        rest: Dict[str, Any] = {}
        if p.get("type") == "text" and type(p.get("text")) is str and len(p) > 2:
            rest = {k: v for k, v in p.items() if k not in ("type", "text")}
            p = {"type": "text", "text": p["text"]}
        out.append(p)
        part_extra.append(rest)
    return out, (part_extra if any(part_extra) else None)


def text_content(
    result: ToolResult,
    dialect: str,
    part_extra: Sequence[Any] = (),
    keep: FrozenSet[str] = frozenset({"image_url"}),
    holds: str = "only text",
) -> Any:
    """Result content as Chat accepts it: text, or a list of text parts; *part_extra*:
    what the text part at each position held beyond its type and text. Parts of a type
    in *keep* are the dialect's own and written as they are (an ``image_url`` part that
    a gateway took in a tool message is written back; OpenAI's own API takes text)."""
    content = result.content
    if isinstance(content, str):
        return content
    if not content:  # a list of parts has at least one (the API's minItems): no parts is no text
        return ""
    parts = []
    for i, part in enumerate(content):
        kind = part.get("type")
        if kind == "text":
            out = {"type": "text", "text": part.get("text", "")}
            rest = part_extra[i] if i < len(part_extra) else None
            if type(rest) is dict:
                out.update(rest)
            parts.append(out)
        elif kind == "json":
            parts.append({"type": "text", "text": json.dumps(part.get("json"), ensure_ascii=False)})
        elif kind in keep:
            parts.append(part)
        else:
            raise EncodeError(
                f"{an(dialect, True)} tool result holds {holds}; got {an(repr(kind))} part", dialect=dialect
            )
    return parts


def encode_result(result: ToolResult, ctx: EncodeContext) -> Dict[str, Any]:
    pd = scoped(result, NAME)
    if pd.get("legacy"):
        content = text_content(result, NAME, pd.get("part_extra", ()))
        return {"role": "function", "name": result_name(result.name, NAMES, NAME), "content": content}
    out: Dict[str, Any] = {"role": "tool", "tool_call_id": result_id(result, ctx, IDS, NAME)}
    if pd.get("named"):
        out["name"] = result_name(result.name, NAMES, NAME)
    out["content"] = text_content(result, NAME, pd.get("part_extra", ()))
    out.update(pd.get("extra", ()))
    return out
