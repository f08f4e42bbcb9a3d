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
``example`` as ``examples: [example]``. Every schema-valued field of google-genai's
``types.Schema`` (3.6: ``properties``, ``items``, ``anyOf``, ``additionalProperties``
when it is a schema, ``defs``) is converted the same way, inside. ``ref`` ("a valid
reference to a child of the root ``defs``", ``#/defs/Pet``) becomes ``$ref:
"#/$defs/Pet"`` and ``defs`` becomes ``$defs``; a ``ref`` of another form, or to no
definition of the root ``defs``, is refused. The proto field names (``any_of``,
``additional_properties``, ``max_items``..., which the API takes too) are read as their
JSON names; a schema holding both spellings of one field is refused. A field set to
``None`` is unset (a ``model_dump()`` holds every field) and left out. Everything else
(``format``, ``enum``, ``propertyOrdering``...) is kept as it is.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from ..._errors import DecodeError, excerpt
from ..._path_steps import key_step

__all__ = ["json_schema"]

_TYPES = {
    "STRING": "string", "NUMBER": "number", "INTEGER": "integer", "BOOLEAN": "boolean", "ARRAY": "array",
    "OBJECT": "object", "NULL": "null",
}
_LOWER = frozenset(_TYPES.values())
_COUNTS = frozenset({"minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"})
_INT64_MAX = 2**63 - 1  # the counts are int64 (written as decimal strings in JSON)
_KEPT_OUT = ("title", "description", "default")  # what stays beside ``anyOf`` for a typeless nullable
# google-genai ``types.Schema`` fields of two words: proto (snake_case) name -> JSON name
_SNAKE = {
    "any_of": "anyOf", "additional_properties": "additionalProperties", "max_items": "maxItems",
    "max_length": "maxLength", "max_properties": "maxProperties", "min_items": "minItems",
    "min_length": "minLength", "min_properties": "minProperties", "property_ordering": "propertyOrdering",
}
_REF = "#/defs/"


def _type(value: Any, at: Any, last: str, loc: str, dialect: str) -> Any:
    if type(value) is str:
        if value in _LOWER:
            return value
        if value in _TYPES:
            return _TYPES[value]
    where = _where(loc, at, last)
    raise DecodeError(f"Schema type at {where} must be a Gemini type such as 'OBJECT', got {excerpt(value)}",
                      dialect=dialect, loc=where)


# a node's place: ``None`` (the root) or ``(its parent's place, the step: ".items", "[2]"...)``,
# spelled as a ``$.path`` only for an error (a path string per node is quadratic in the depth)
_Place = Optional[Tuple[Any, str]]


def _where(loc: str, place: _Place, last: str = "") -> str:
    steps = [last]
    while place is not None:
        place, step = place
        steps.append(step)
    return loc + "".join(reversed(steps))


def json_schema(schema: Dict[str, Any], loc: str, dialect: str) -> Dict[str, Any]:
    """*schema* (a JSON object, checked by the caller: no cycles) as JSON Schema; a new
    dict, the input untouched. Iterative, linear in the schema."""
    out: Dict[str, Any] = {}
    stack: List[Tuple[Dict[str, Any], Dict[str, Any], _Place]] = [(schema, out, None)]
    refs: List[Tuple[str, _Place]] = []  # (definition name, the place of the schema holding its ref)
    while stack:
        src, dst, at = stack.pop()
        for key, value in src.items():
            if value is None:  # unset (a ``model_dump()`` of ``types.Schema`` holds every field)
                continue
            if key in _SNAKE:
                if src.get(_SNAKE[key]) is not None:
                    where = _where(loc, at)
                    raise DecodeError(f"Schema at {where} has both {key!r} and {_SNAKE[key]!r}: one field in two "
                                      "spellings", dialect=dialect, loc=f"{where}.{key}")
                key = _SNAKE[key]
            if key == "type":
                if value == "TYPE_UNSPECIFIED":
                    continue
                dst[key] = [_type(t, at, f".type[{i}]", loc, dialect) for i, t in enumerate(value)] \
                    if type(value) is list else _type(value, at, ".type", loc, dialect)
            elif key == "nullable":
                if type(value) is not bool:
                    where = _where(loc, at, ".nullable")
                    raise DecodeError(f"Schema nullable at {where} must be a bool, got {excerpt(value)}",
                                      dialect=dialect, loc=where)
            elif key in _COUNTS and type(value) is str and value.isascii() and value.isdigit():
                if len(value) > 19 or int(value) > _INT64_MAX:  # never a 5,000-digit int()
                    where = _where(loc, at, f".{key}")
                    raise DecodeError(f"Schema {key} at {where} must be an int64 count, got {excerpt(value)}",
                                      dialect=dialect, loc=where)
                dst[key] = int(value)
            elif key == "example" and src.get("examples") is None:
                dst["examples"] = [value]
            elif key == "properties" and type(value) is dict:
                props: Dict[str, Any] = {}
                group = (at, ".properties")
                for name, sub in value.items():
                    props[name] = _child(sub, (group, key_step(name)), stack)
                dst[key] = props
            elif key == "items" and type(value) is dict:
                dst[key] = _child(value, (at, ".items"), stack)
            elif key == "anyOf" and type(value) is list:
                dst[key] = [_child(sub, (at, f".anyOf[{i}]"), stack) for i, sub in enumerate(value)]
            elif key == "additionalProperties" and type(value) is dict:
                dst[key] = _child(value, (at, ".additionalProperties"), stack)
            elif key == "defs":
                if type(value) is not dict or src.get("$defs") is not None:
                    where = _where(loc, at, ".defs")
                    raise DecodeError(f"Schema defs at {where} must be an object of schemas (and no '$defs' "
                                      f"beside it), got {excerpt(value)}", dialect=dialect, loc=where)
                group = (at, ".defs")
                dst["$defs"] = {name: _child(sub, (group, key_step(name)), stack) for name, sub in value.items()}
            elif key == "ref":
                name = value[len(_REF):] if type(value) is str and value.startswith(_REF) else ""
                if not name or name.find("/") >= 0 or src.get("$ref") is not None:
                    where = _where(loc, at, ".ref")
                    raise DecodeError(f"Schema ref at {where} must name a child of the root defs "
                                      f"('#/defs/<name>'), got {excerpt(value)}", dialect=dialect, loc=where)
                dst["$ref"] = "#/$defs/" + name
                refs.append((name.replace("~1", "/").replace("~0", "~"), at))
            else:
                dst[key] = value
        if src.get("nullable") is True:
            _nullable(dst)
    defs = schema.get("defs")
    for name, at in refs:
        if type(defs) is not dict or name not in defs:
            where = _where(loc, at, ".ref")
            raise DecodeError(f"Schema ref at {where} names {name!r}, which is no child of the root defs",
                              dialect=dialect, loc=where)
    return out


def _child(sub: Any, at: _Place, stack: List[Tuple[Dict[str, Any], Dict[str, Any], _Place]]) -> Any:
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
