"""Small type builders for ``to_pydantic``: literals, unions, exact enum members,
integral floats, field names and aliases.

Followed: pydantic 2 "Fields" (aliases) and "JSON Schema" customisation
(https://docs.pydantic.dev/latest/concepts/, checked 2026-11-30).
"""

from __future__ import annotations

import keyword
import re
from typing import Any, Callable, Dict, List, Set, Union

from pydantic import BaseModel
from typing_extensions import Literal

from ._util import json_equal

__all__ = ["drop_defaults", "field_name", "identifier", "int_from_float", "literal", "member_of", "union"]

_RESERVED = frozenset(dir(BaseModel)) | {"model_config", "model_fields", "root"}


def identifier(text: str) -> str:
    ident = re.sub(r"\W+", "_", text).strip("_")
    if ident and ident[0].isdigit():
        ident = "M" + ident
    return ident


def literal(values: List[Any]) -> Any:
    return Literal.__getitem__(tuple(values))


def union(types: List[Any]) -> Any:
    unique: List[Any] = []
    for t in types:
        if not any(t is u for u in unique):
            unique.append(t)
    return unique[0] if len(unique) == 1 else Union.__getitem__(tuple(unique))


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


def field_name(prop: str, used: Set[str]) -> str:
    """A Python field name for *prop* (which then becomes the alias), unique in *used*."""
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
    base, n = ident, 2
    while ident in used:
        ident, n = f"{base}_{n}", n + 1
    used.add(ident)
    return ident


def drop_defaults(names: Set[str]) -> Callable[[Dict[str, Any]], None]:
    """Optional properties without a default get ``None`` in Python only: keep the
    model's JSON schema free of a ``default: null`` the original never had."""

    def fix(schema: Dict[str, Any]) -> None:
        for name, sub in (schema.get("properties") or {}).items():
            if name in names and isinstance(sub, dict) and sub.get("default", 0) is None:
                del sub["default"]

    return fix
