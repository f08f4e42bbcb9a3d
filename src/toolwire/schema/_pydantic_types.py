"""Small type builders for ``to_pydantic``: literals, unions, exact enum members,
numbers with their bounds, integral floats, field names and aliases, and the keyword
tables the builder reads.

Followed: pydantic 2 "Fields" (aliases) and "JSON Schema" customisation
(https://docs.pydantic.dev/latest/concepts/, checked 2026-11-30).
"""

from __future__ import annotations

import keyword
import math
import re
from typing import Any, Callable, Dict, List, Optional, Set, Tuple, Union

from pydantic import BaseModel, BeforeValidator, Field, Strict
from typing_extensions import Annotated, Literal

from ._report import Change
from ._util import json_equal, json_type

__all__ = [
    "ASSERTIONS",
    "BOUNDS",
    "NEEDS",
    "NON_OBJECT",
    "OBJECT_KEYS",
    "SAFE_INT",
    "UNEVALUATED",
    "assertions",
    "drop_defaults",
    "enum_type",
    "field_name",
    "fits_pydantic",
    "identifier",
    "int_bound",
    "int_from_float",
    "is_model_node",
    "literal",
    "literal_member",
    "member_of",
    "number_type",
    "union",
    "unique_name",
]

#: Names a field cannot take: the model's own attributes, its metaclass's (``register``,
#: ``mro``: shadowed with a warning) and ``Config`` (pydantic 2 reads a class named so as
#: the v1 configuration and refuses it next to ``model_config``).
_RESERVED = frozenset(dir(BaseModel)) | frozenset(dir(type(BaseModel))) | {
    "model_config", "model_fields", "root", "Config",
}


def identifier(text: str) -> str:
    ident = re.sub(r"\W+", "_", text).strip("_")
    if ident and ident[0].isdigit():
        ident = "M" + ident
    return ident


def literal(values: List[Any]) -> Any:
    return Literal.__getitem__(tuple(values))


def union(types: List[Any]) -> Any:
    unique: List[Any] = []
    seen: Set[int] = set()
    for t in types:
        if id(t) not in seen:  # the types outlive the loop: their ids stay theirs
            seen.add(id(t))
            unique.append(t)
    # subscripted: on CPython 3.14 ``Union`` is a class, its ``__getitem__`` no bound method
    return unique[0] if len(unique) == 1 else Union[tuple(unique)]


def int_from_float(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def member_of(values: List[Any]) -> Callable[[Any], Any]:
    def pick(value: Any) -> Any:
        for member in values:
            if json_equal(value, member):
                return member
        raise ValueError(f"{value!r} is not one of {values!r}")

    return pick


def field_name(prop: str, used: Dict[str, int]) -> str:
    """A Python field name for *prop* (which then becomes the alias), unique in *used*:
    the names taken, each with the next suffix to try when it is wanted again."""
    ident = prop
    if (
        not prop.isidentifier()
        or keyword.iskeyword(prop)
        or prop.startswith("_")
        or prop in _RESERVED
        or prop.startswith("model_")
    ):
        ident = re.sub(r"\W", "_", prop).strip("_") or "field"
        if ident[0].isdigit():
            ident = "f_" + ident
        if keyword.iskeyword(ident) or ident in _RESERVED or ident.startswith("model_"):
            ident = ident + "_"
        if ident.startswith("model_"):
            ident = "f_" + ident
    return unique_name(ident, used, "_")


def unique_name(base: str, used: Dict[str, int], sep: str) -> str:
    """*base*, else ``base{sep}2``, ``base{sep}3``... (the first not in *used*), added to
    *used*. Each base keeps its next suffix, so n names of one base take linear time
    (the suffixes below it are all taken: *used* only grows)."""
    if base not in used:
        used[base] = 2
        return base
    n = used[base]
    name = f"{base}{sep}{n}"
    while name in used:
        n += 1
        name = f"{base}{sep}{n}"
    used[base] = n + 1
    used[name] = 2
    return name


def drop_defaults(names: Set[str]) -> Callable[[Dict[str, Any]], None]:
    """Optional properties without a default get ``None`` in Python only: keep the
    model's JSON schema free of a ``default: null`` the original never had."""

    def fix(schema: Dict[str, Any]) -> None:
        for name, sub in (schema.get("properties") or {}).items():
            if name in names and isinstance(sub, dict) and sub.get("default", 0) is None:
                del sub["default"]

    return fix


#: The assertion and applicator keywords of Draft 2020-12 (after ``normalize``); any other
#: keyword is an annotation (or unknown, which JSON Schema ignores).
ASSERTIONS = frozenset(
    {
        "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
        "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
        "maxProperties", "minProperties", "required", "dependentRequired", "allOf", "anyOf", "oneOf", "not", "if",
        "then", "else", "dependentSchemas", "prefixItems", "items", "contains", "properties", "patternProperties",
        "additionalProperties", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "$ref",
    }
)  # fmt: skip
UNEVALUATED = ("unevaluatedProperties", "unevaluatedItems")
#: A keyword checked alone needs these siblings to mean the same.
NEEDS = {
    "additionalProperties": ("properties", "patternProperties"),
    "items": ("prefixItems",),
    "then": ("if",),
    "else": ("if",),
    "contains": ("minContains", "maxContains"),
    "minContains": ("contains",),
    "maxContains": ("contains",),
}
OBJECT_KEYS = frozenset(
    {
        "properties", "patternProperties", "additionalProperties", "required", "minProperties", "maxProperties",
        "propertyNames", "dependentRequired", "dependentSchemas",
    }
)  # fmt: skip
SAFE_INT = 2**63 - 1


def fits_pydantic(value: Any) -> bool:
    """A length or count pydantic-core can hold (a machine integer); a larger one is
    left to the checker (pydantic-core refused to build: ``OverflowError``)."""
    return not isinstance(value, int) or value <= SAFE_INT


BOUNDS = {"minimum": "ge", "maximum": "le", "exclusiveMinimum": "gt", "exclusiveMaximum": "lt"}
NON_OBJECT = union(
    [
        type(None),
        Annotated[bool, Strict()],
        Annotated[int, Strict()],
        Annotated[float, Strict()],
        Annotated[str, Strict()],
        List[Any],
    ]
)


def assertions(node: Dict[str, Any]) -> List[str]:
    return [k for k in node if k in ASSERTIONS]


def is_model_node(node: Any) -> bool:
    return isinstance(node, dict) and "properties" in node and node.get("type", "object") == "object"


def literal_member(value: Any) -> bool:
    """A value a ``Literal`` holds exactly (pydantic-core compares ints in 64 bits)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return abs(value) <= SAFE_INT
    return value is None or isinstance(value, (str, float, bool))


def int_bound(bound: Any, arg: str) -> Any:
    """(constraint, value) for an integer instance: a fractional bound rounds inward
    (``x >= 0.5`` is ``x >= 1`` for integers); ``None`` when too large to type."""
    if isinstance(bound, float):
        if arg in ("ge", "gt") and not bound.is_integer():
            return ("ge", math.ceil(bound)) if abs(bound) <= SAFE_INT else None
        if arg in ("le", "lt") and not bound.is_integer():
            return ("le", math.floor(bound)) if abs(bound) <= SAFE_INT else None
        bound = int(bound)
    return (arg, bound) if abs(bound) <= SAFE_INT else None


def enum_type(node: Dict[str, Any], ptr: str, report: List[Change]) -> Optional[Tuple[Any, Set[str]]]:
    """``enum``/``const`` (with ``type``) as a ``Literal`` that admits exactly its
    members, or ``None`` when a member is no literal (the node is checked then)."""
    values = [node["const"]] if "const" in node else list(node["enum"])
    consumed = {"const"} if "const" in node else {"enum"}
    if "const" in node and "enum" in node:
        values = [v for v in values if any(json_equal(v, e) for e in node["enum"])]
        consumed.add("enum")
    types = node.get("type")
    if types is not None:
        allowed = types if isinstance(types, list) else [types]
        values = [
            v for v in values if json_type(v) in allowed or (json_type(v) == "integer" and "number" in allowed)
        ]
        consumed.add("type")
    if not values or not all(literal_member(v) for v in values):
        return None
    for key in sorted(consumed):
        report.append(Change(ptr, key, "kept", "a Literal"))
    return Annotated[literal(values), BeforeValidator(member_of(values))], consumed


def number_type(node: Dict[str, Any], t: str, ptr: str, report: List[Change]) -> Tuple[Any, Set[str]]:
    """An ``integer`` or ``number`` node with its bounds and ``multipleOf`` as field
    constraints, and the keywords it took."""
    ints: Dict[str, Any] = {}
    floats: Dict[str, Any] = {}
    used: Set[str] = set()
    for k, arg in BOUNDS.items():
        bound = node.get(k)
        if bound is None:
            continue
        as_int = int_bound(bound, arg)
        as_float = float(bound) if isinstance(bound, float) or abs(bound) <= 2**53 else None
        if as_int is None or (t == "number" and as_float is None):
            continue
        arg_i, value_i = as_int
        if arg_i in ints:  # two bounds rounded onto one constraint: keep the tighter
            value_i = max(ints[arg_i], value_i) if arg_i in ("ge", "gt") else min(ints[arg_i], value_i)
        ints[arg_i] = value_i
        if as_float is not None:
            floats[arg] = as_float
        used.add(k)
        report.append(Change(ptr, k, "kept"))
    m = node.get("multipleOf")
    if t == "integer" and isinstance(m, int) and m <= SAFE_INT:
        ints["multiple_of"] = m
        used.add("multipleOf")
        report.append(Change(ptr, "multipleOf", "kept"))
    # the before-validator last: it still runs first, and the JSON schema says
    # "minimum" (placed before the constraints, pydantic would write "ge")
    int_type: Any = Annotated[int, Strict(), Field(**ints), BeforeValidator(int_from_float)]
    if t == "integer":
        return int_type, used
    int_type = Annotated[int, Strict(), Field(**ints)]
    return union([int_type, Annotated[float, Strict(), Field(**floats)]]), used
