"""Nodes whose own keywords contradict each other: they accept no value as written
(JSON Schema Draft 2020-12, https://json-schema.org/draft/2020-12, checked 2026-12-06):
the ``type`` names only types the node's bounds leave none (``_empty_bounds.py``); the
``type`` of the node and of its ``allOf`` conjuncts share none (core §10.2.1.1; an
integer is a number); ``oneOf`` holds two branches accepting every value (§10.2.1.3:
exactly one must match). Each read looks at the node and its lists' entries once: linear.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set

from ._empty_bounds import none_of_type
from ._rewrite_shapes import accepts_all

__all__ = ["contradiction"]

_TYPES = {"string", "integer", "number", "boolean", "null", "object", "array"}


def contradiction(n: Dict[str, Any], closed: bool = True) -> Optional[str]:
    """Why *n*'s own keywords leave it no value, else None. *closed*: a required name
    that ``additionalProperties: false`` refuses counts too (the walk of
    ``_no_value_root.py`` reaches it through ``additionalProperties`` itself)."""
    kinds = _types(n.get("type"))
    if kinds is not None and kinds and all(none_of_type(n, k, closed) for k in kinds):
        return "the bounds of the node contradict each other: no value is accepted"
    conj = n.get("allOf")
    if isinstance(conj, list) and conj:
        common = _widen(kinds) if kinds else None
        for c in conj:
            more = _types(c.get("type")) if isinstance(c, dict) else None
            if more:
                wide = _widen(more)
                common = wide if common is None else common & wide
        if common is not None and not common:
            return "allOf of types no value has at once: no value is accepted"
    branches = n.get("oneOf")
    if isinstance(branches, list) and sum(1 for b in branches if accepts_all(b)) >= 2:
        return "oneOf with two branches accepting every value: no value matches exactly one"
    return None


def _types(kind: Any) -> Optional[List[str]]:
    """The types *kind* names, else None (no ``type``, or one this reading does not know)."""
    kinds = [kind] if isinstance(kind, str) else kind if isinstance(kind, list) else None
    if kinds is None or not all(isinstance(k, str) and k in _TYPES for k in kinds):
        return None
    return kinds


def _widen(kinds: List[str]) -> Set[str]:
    """*kinds* as a set, ``number`` holding ``integer``."""
    out = set(kinds)
    if "number" in out:
        out.add("integer")
    return out
