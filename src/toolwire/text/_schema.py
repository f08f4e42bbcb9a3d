"""Typing argument values written as text, by the tool's JSON schema.

XML-style formats (Qwen3-Coder ``<parameter=…>``, GLM ``<arg_value>``, DeepSeek DSML
``string="false"``) carry each argument value as text. With ``tools=`` the value is
typed by the parameter's schema:

=========================  ==================================================
schema of the parameter    the text becomes
=========================  ==================================================
``string`` only            the text, unchanged
integer/number/boolean/    its JSON value when that fits the schema (``"5"`` → 5,
null/object/array          ``"5.0"`` → 5 for integer); Python spellings ``True``,
(or a union of them)       ``False``, ``None`` are accepted; with repairs allowed,
                           a Python literal object / array (``{'k': 'v'}``,
                           repair ``python-literal``) and a boolean in any case
                           (``TRUE``, repair ``boolean-spelling``) too; otherwise
                           the text (a local ``$ref`` and ``allOf`` are resolved)
unknown (no tools, an      its JSON value when it is a number, boolean, null,
unknown tool or param)     object or array; otherwise the text
=========================  ==================================================

Facts: vLLM ``vllm/tool_parsers/qwen3coder_tool_parser.py`` (``_convert_param_value``)
and ``glm4_moe_tool_parser.py`` type values the same way (checked 2026-11-30), except
that vLLM maps ``null`` / ``None`` to null for any non-string type and reads ints with
``int()`` (``007`` → 7): here a text the schema's types cannot read stays the text
(the call then fails validation showing what the model wrote; ``007`` → 7 would be a
guess). MiniMax M3 (``_m3_values``) types as vLLM's M3 parser does, on purpose.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from .._args import load_json
from .._errors import DecodeError, excerpt
from .._types import Tool
from ._pylit import MISSING as PY_MISSING
from ._pylit import RepeatedKey, python_literal

__all__ = ["schema_types", "tool_index", "type_value"]

_MISSING = object()
_JSON_TYPES = frozenset({"string", "integer", "number", "boolean", "null", "object", "array"})
_MAX_DEPTH = 64
_KEPT = ("properties", "items", "additionalProperties", "enum", "const", "nullable")
_PY = {"True": True, "False": False, "None": None}
_BOOL = {"true": True, "false": False}


def tool_index(tools: Any, dialect: str | None) -> tuple[dict[str, dict[str, Any]], frozenset[str]]:
    """``{tool name: {param name: schema}}`` from tool definitions of any known dialect,
    and the names of the tools whose parameters take no other key than those it lists
    (``additionalProperties: false``, no ``patternProperties``)."""
    if tools is None:
        return {}, frozenset()
    if isinstance(tools, (dict, Tool)):
        tools = [tools]
    if not isinstance(tools, (list, tuple)):
        raise DecodeError(
            f"tools= must be a list of tool definitions, got {type(tools).__name__} {excerpt(tools)}",
            dialect=dialect,
            loc="$.tools",
        )
    out: dict[str, dict[str, Any]] = {}
    closed: set[str] = set()
    for i, item in enumerate(tools):
        name, params = _read_tool(item, f"$.tools[{i}]", dialect)
        props = params.get("properties") if type(params) is dict else None
        out[name] = _resolved(props, params) if type(props) is dict else {}
        if type(params) is dict and params.get("additionalProperties") is False and not params.get("patternProperties"):
            closed.add(name)
    return out, frozenset(closed)


def _resolved(props: dict[str, Any], params: Any) -> dict[str, Any]:
    """*props* with each schema replaced by the types it resolves to (when known)."""
    memo: dict[str, frozenset[str]] = {}
    out = {}
    for key, schema in props.items():
        types = _types(schema, params, memo, 0) if type(schema) is dict else frozenset()
        if not types:
            out[key] = schema
            continue
        out[key] = {"type": _declared(schema, types)}
        for sub in _KEPT:  # kept for formats that write nested values as elements (MiniMax M3)
            if sub in schema:
                out[key][sub] = schema[sub]
    return out


def _declared(schema: dict[str, Any], types: frozenset[str]) -> list[str]:
    """*types* in the order the schema names them (``type``, then ``anyOf`` / ``oneOf``
    alternatives, ``enum`` / ``const`` values), the rest (from a ``$ref``) after them:
    a format that tries a union's types in turn (MiniMax M3) keeps the declared order."""
    order: list[str] = []
    todo = [schema]
    met = {id(schema)}
    i = 0
    while i < len(todo):  # breadth first, each alternative once (a shared one too): linear
        s = todo[i]
        i += 1
        t = s.get("type")
        if type(t) is str:
            order.append(t)
        elif type(t) is list:
            order.extend(x for x in t if type(x) is str)
        for key in ("anyOf", "oneOf"):
            alts = s.get(key)
            for a in alts if type(alts) is list else ():
                if type(a) is dict and id(a) not in met:
                    met.add(id(a))
                    todo.append(a)
        values = s.get("enum")
        order.extend(_type_of(v) for v in (values if type(values) is list else [s["const"]] if "const" in s else []))
    named = [t for t in dict.fromkeys(order) if t in types]
    return named + sorted(types.difference(named))


def _read_tool(item: Any, loc: str, dialect: str | None) -> Any:
    if issubclass(type(item), Tool):
        return item.name, item.parameters
    from .._codec import decode_tool  # lazy: the codec loads the dialects

    try:
        tool = decode_tool(item)
    except DecodeError as exc:
        raise DecodeError(
            f"Tool definition at {loc} could not be read: {exc.message}", dialect=dialect, loc=loc
        ) from None
    return tool.name, tool.parameters


def schema_types(schema: Any, root: Any = None) -> frozenset[str]:
    """The JSON types a schema allows (empty when unknown). ``allOf`` branches and a
    local ``$ref`` (a JSON pointer into *root*, the tool's parameters: ``#/$defs/…``,
    ``#/definitions/…``) narrow the types; each ref is resolved once, a cycle or a
    nesting deeper than 64 is unknown."""
    return _types(schema, root, {}, 0)


def _types(schema: Any, root: Any, memo: dict[str, frozenset[str]], depth: int) -> frozenset[str]:
    if type(schema) is not dict or depth > _MAX_DEPTH:
        return frozenset()
    t = schema.get("type")
    found = set()
    if type(t) is str:
        found.add(t)
    elif type(t) is list:
        found.update(x for x in t if type(x) is str)
    for key in ("anyOf", "oneOf"):
        alts = schema.get(key)
        if type(alts) is list:
            for alt in alts:
                sub = _types(alt, root, memo, depth + 1)
                if not sub:
                    return frozenset()
                found.update(sub)
    for v in schema.get("enum", ()) if type(schema.get("enum")) is list else ():
        found.add(_type_of(v))
    if "const" in schema:
        found.add(_type_of(schema["const"]))
    if not found and type(schema.get("properties")) is dict:
        found.add("object")
    if not found and "items" in schema:
        found.add("array")
    if found - _JSON_TYPES:
        return frozenset()
    out = frozenset(found)
    ref = schema.get("$ref")
    parts = [_ref_types(ref, root, memo, depth + 1)] if type(ref) is str and root is not None else []
    every = schema.get("allOf")
    if type(every) is list:
        parts.extend(_types(b, root, memo, depth + 1) for b in every)
    for part in parts:  # every branch holds: a branch that says nothing leaves the types as they are
        if part:
            out = _meet(out, part) if out else part
            if not out:
                return out  # contradictory
    return out


def _meet(a: frozenset[str], b: frozenset[str]) -> frozenset[str]:
    out = a & b
    if ("integer" in a and "number" in b) or ("number" in a and "integer" in b):
        out |= {"integer"}
    return out


def _ref_types(ref: str, root: Any, memo: dict[str, frozenset[str]], depth: int) -> frozenset[str]:
    if ref in memo:  # resolved, or being resolved (a cycle: unknown)
        return memo[ref]
    memo[ref] = frozenset()
    if not ref.startswith("#"):
        return memo[ref]  # a remote schema is not fetched
    from ..schema._util import array_index  # the schema package loads with a $ref, not with the text formats

    node = root
    for part in ref[1:].split("/")[1:] if ref != "#" else ():
        key = unquote(part).replace("~1", "/").replace("~0", "~")
        if type(node) is dict:
            node = node.get(key)
        elif type(node) is list and (index := array_index(key, len(node))) is not None:
            node = node[index]
        else:  # a token that names no item ("007", "²"): resolves to nothing, as a missing key
            return memo[ref]
    memo[ref] = _types(node, root, memo, depth)
    return memo[ref]


def _type_of(v: Any) -> str:
    if v is None:
        return "null"
    if type(v) is bool:
        return "boolean"
    if type(v) is int:
        return "integer"
    if type(v) is float:
        return "number"
    if type(v) is str:
        return "string"
    if type(v) is list:
        return "array"
    return "object"


def _json(text: str) -> Any:
    try:
        return load_json(text)  # reads lone surrogates too (pydantic-core raises TypeError)
    except (ValueError, TypeError):
        return _MISSING


def _fits(v: Any, types: frozenset[str]) -> Any:
    t = type(v)
    if t is bool:
        return v if "boolean" in types else _MISSING
    if t is int:
        return v if ("integer" in types or "number" in types) else _MISSING
    if t is float:
        if "number" in types:
            return v
        if "integer" in types and v.is_integer():
            return int(v)
        return _MISSING
    if v is None:
        return v if "null" in types else _MISSING
    if t is dict:
        return v if "object" in types else _MISSING
    if t is list:
        return v if "array" in types else _MISSING
    return _MISSING


def type_value(text: str, schema: Any, repairs: list[str] | None = None, max_depth: int = 64) -> Any:
    """The value of an argument written as *text*, typed by its *schema* (see the table).
    With *repairs* (a list, when the policy allows repairs) a schema type also admits
    a Python literal object / array (``{'k': 'v'}``) and a boolean in any case
    (``TRUE``), the repair named in *repairs*, as vLLM's Qwen3-Coder and GLM parsers
    read them (their ``ast.literal_eval``; here the bounded ``_pylit`` reader); such a
    literal taken that gives a key twice in one dict raises ``_pylit.RepeatedKey`` (the
    caller refuses the call, naming the key: a value would be lost)."""
    types = schema_types(schema)
    if not types:
        v = _json(text)
        return text if v is _MISSING or type(v) is str else v
    if types == {"string"}:
        return text
    stripped = text.strip()
    v = _json(stripped)
    if v is not _MISSING:
        fit = _fits(v, types)
        if fit is not _MISSING:
            return fit
    if stripped in _PY:
        fit = _fits(_PY[stripped], types)
        if fit is not _MISSING:
            return fit
    if repairs is None or "string" in types:  # a string that reads as the text is no slip
        return text
    if "boolean" in types and stripped.lower() in _BOOL:
        repairs.append("boolean-spelling")
        return _BOOL[stripped.lower()]
    if stripped[:1] in ("{", "[") and ("object" in types or "array" in types):
        again: list[str] = []
        v = python_literal(stripped, max_depth, again)
        if v is not PY_MISSING and _fits(v, types) is not _MISSING:
            if again:  # a value would be lost: refused (``_repeats``)
                raise RepeatedKey(again[0])
            repairs.append("python-literal")
            return v
    return text
