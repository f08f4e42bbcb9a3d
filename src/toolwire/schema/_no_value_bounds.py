"""Nodes whose own keywords contradict each other: they accept no value as written
(JSON Schema Draft 2020-12, https://json-schema.org/draft/2020-12, checked 2026-12-06):
the ``type`` names only types the node's bounds leave none (``_empty_bounds.py``); the
``type`` of the node and of its ``allOf`` conjuncts, nested, share none (core
§10.2.1.1; an integer is a number); ``oneOf`` holds two branches accepting every value (§10.2.1.3:
exactly one must match). Each read looks at the node and its lists' entries once: linear.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple

from ._empty_bounds import none_of_type
from ._rewrite_shapes import accepts_all

__all__ = ["contradiction"]

_TYPES = {"string", "integer", "number", "boolean", "null", "object", "array"}
_Memo = Dict[int, Tuple[Dict[str, Any], Optional[Set[str]]]]


def contradiction(n: Dict[str, Any], closed: bool = True, memo: Optional[_Memo] = None) -> Optional[str]:
    """Why *n*'s own keywords leave it no value, else None. *closed*: a required name
    that ``additionalProperties: false`` refuses counts too (the walk of
    ``_no_value_root.py`` reaches it through ``additionalProperties`` itself). *memo*:
    the types each node allows, shared by one walk (``allowed_types``)."""
    kinds = _types(n.get("type"))
    if kinds is not None and kinds and all(none_of_type(n, k, closed) for k in kinds):
        return "the bounds of the node contradict each other: no value is accepted"
    if isinstance(n.get("allOf"), list):
        common = allowed_types(n, {} if memo is None else memo)
        if common is not None and not common:
            return "allOf of types no value has at once: no value is accepted"
    branches = n.get("oneOf")
    if isinstance(branches, list) and sum(1 for b in branches if accepts_all(b)) >= 2:
        return "oneOf with two branches accepting every value: no value matches exactly one"
    return None


def allowed_types(n: Dict[str, Any], memo: _Memo) -> Optional[Set[str]]:
    """The types a value of *n* may have as its ``type`` and those of its ``allOf``
    conjuncts, nested, say (``None``: any; ``number`` holding ``integer``). Each node
    is read once per *memo* (which holds the node too, so that its id stays its own)."""
    stack: List[Tuple[Any, bool]] = [(n, False)]
    while stack:
        node, ready = stack.pop()
        if not isinstance(node, dict) or (id(node) in memo and not ready):
            continue
        conj = node.get("allOf")
        conj = [c for c in conj if isinstance(c, dict)] if isinstance(conj, list) else []
        if not ready:
            memo[id(node)] = (node, None)  # (a cycle through allOf reads as any type)
            stack.append((node, True))
            stack.extend((c, False) for c in conj)
            continue
        kinds = _types(node.get("type"))
        common = _widen(kinds) if kinds else None
        for c in conj:
            more = memo[id(c)][1]
            if more is not None:
                common = set(more) if common is None else common & more
        memo[id(node)] = (node, common)
    return memo[id(n)][1]


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
