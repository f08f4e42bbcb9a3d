"""Gemini's OpenAPI-subset ``Schema`` (a declaration's ``parameters``) as JSON Schema.

Follows https://ai.google.dev/api/caching#Schema (checked 2026-12-03): ``type`` is an
upper-case enum (``STRING``, ``NUMBER``, ``INTEGER``, ``BOOLEAN``, ``ARRAY``,
``OBJECT``, ``NULL``; ``TYPE_UNSPECIFIED`` names none), ``nullable: true`` admits null,
the counts (``minItems``, ``maxLength``...) are int64, written as strings in JSON, and
``example`` is one example. google-genai's ``types.Schema`` gives the same shape.
``parametersJsonSchema`` is JSON Schema already and is not read here.

The JSON Schema: types in lower case, ``nullable: true`` as ``"null"`` added to ``type``
(and to an ``enum`` beside it), or ``anyOf: [schema, {"type": "null"}]`` where there is
no type (as ``toolwire.schema.normalize`` reads ``nullable``), counts as integers,
``example`` as ``examples: [example]``. Everything else (``format``, ``enum``,
``propertyOrdering``...) is kept as it is.
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

from ..._errors import DecodeError, excerpt

__all__ = ["json_schema"]

_TYPES = {
    "STRING": "string", "NUMBER": "number", "INTEGER": "integer", "BOOLEAN": "boolean", "ARRAY": "array",
    "OBJECT": "object", "NULL": "null",
}
_LOWER = frozenset(_TYPES.values())
_COUNTS = frozenset({"minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"})
_KEPT_OUT = ("title", "description", "default")  # what stays beside ``anyOf`` for a typeless nullable


def _type(value: Any, loc: str, dialect: str) -> Any:
    if type(value) is str:
        if value in _LOWER:
            return value
        if value in _TYPES:
            return _TYPES[value]
    raise DecodeError(f"Schema type at {loc} must be a Gemini type such as 'OBJECT', got {excerpt(value)}",
                      dialect=dialect, loc=loc)


def json_schema(schema: Dict[str, Any], loc: str, dialect: str) -> Dict[str, Any]:
    """*schema* (a JSON object, checked by the caller: no cycles) as JSON Schema; a new
    dict, the input untouched. Iterative, linear in the schema."""
    out: Dict[str, Any] = {}
    stack: List[Tuple[Dict[str, Any], Dict[str, Any], str]] = [(schema, out, loc)]
    while stack:
        src, dst, at = stack.pop()
        for key, value in src.items():
            if key == "type":
                if value == "TYPE_UNSPECIFIED":
                    continue
                dst[key] = [_type(t, f"{at}.type[{i}]", dialect) for i, t in enumerate(value)] \
                    if type(value) is list else _type(value, at + ".type", dialect)
            elif key == "nullable":
                if type(value) is not bool:
                    raise DecodeError(f"Schema nullable at {at}.nullable must be a bool, got {excerpt(value)}",
                                      dialect=dialect, loc=at + ".nullable")
            elif key in _COUNTS and type(value) is str and value.isdigit() and value.isascii():
                dst[key] = int(value)
            elif key == "example" and "examples" not in src:
                dst["examples"] = [value]
            elif key == "properties" and type(value) is dict:
                props: Dict[str, Any] = {}
                for name, sub in value.items():
                    props[name] = _child(sub, f"{at}.properties.{name}", stack)
                dst[key] = props
            elif key == "items" and type(value) is dict:
                dst[key] = _child(value, at + ".items", stack)
            elif key == "anyOf" and type(value) is list:
                dst[key] = [_child(sub, f"{at}.anyOf[{i}]", stack) for i, sub in enumerate(value)]
            else:
                dst[key] = value
        if src.get("nullable") is True:
            _nullable(dst)
    return out


def _child(sub: Any, at: str, stack: List[Tuple[Dict[str, Any], Dict[str, Any], str]]) -> Any:
    if type(sub) is not dict:
        return sub
    new: Dict[str, Any] = {}
    stack.append((sub, new, at))
    return new


def _nullable(node: Dict[str, Any]) -> None:
    """*node* admits null: ``"null"`` joins its ``type`` (and its ``enum``)."""
    if "type" in node:
        types = node["type"] if type(node["type"]) is list else [node["type"]]
        if "null" not in types:
            node["type"] = [*types, "null"]
            if type(node.get("enum")) is list and None not in node["enum"]:
                node["enum"] = [*node["enum"], None]
        return
    inner = {k: node.pop(k) for k in list(node) if k not in _KEPT_OUT}
    node["anyOf"] = [inner, {"type": "null"}]
