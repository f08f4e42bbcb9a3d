"""Nodes whose own keywords contradict each other: they accept no value as written
(JSON Schema Draft 2020-12, https://json-schema.org/draft/2020-12, checked 2026-12-06):
the ``type`` names only types the node's bounds leave none (``_empty_bounds.py``); no
``enum`` value (the ``const``) is of the ``type`` within its bounds (validation
§6.1.2-3 beside §6.1.1; no ``type``: within the bounds of the value's own type, §6.2-3
applying to their own type alone); the ``type`` of the node and of its ``allOf``
conjuncts and ``$ref`` targets, nested, share none (no ``type``: the types its bounds
leave a value) (core §10.2.1.1, §8.2.3.1: a ``$ref`` is one more
conjunct; an integer is a number); ``oneOf`` holds two branches accepting every value
(§10.2.1.3: exactly one must match). Each read looks at the node and its lists' entries
once, each ``$ref`` resolved once per walk: linear.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple

from ._empty_bounds import none_of_type, outside
from ._rewrite_shapes import accepts_all
from ._util import json_type, resolve_local

__all__ = ["contradiction"]

_TYPES = {"string", "integer", "number", "boolean", "null", "object", "array"}
_Memo = Dict[int, Tuple[Dict[str, Any], Optional[Set[str]]]]


def contradiction(n: Dict[str, Any], closed: bool = True, memo: Optional[_Memo] = None,
                  root: Any = None) -> Optional[str]:
    """Why *n*'s own keywords leave it no value, else None. *closed*: a required name
    that ``additionalProperties: false`` refuses counts too (the walk of
    ``_no_value_root.py`` reaches it through ``additionalProperties`` itself). *memo*:
    the types each node allows, shared by one walk (``allowed_types``); *root*: the
    schema its local ``$ref`` values name nodes of."""
    kinds = _types(n.get("type")) if n.get("nullable") is not True else None  # (OpenAPI: null as well)
    if kinds is not None and kinds and all(none_of_type(n, k, closed) for k in kinds):
        return "the bounds of the node contradict each other: no value is accepted"
    if kinds or ("type" not in n and n.get("nullable") is not True):
        why = _values_outside(n, kinds or None)  # (no type: each value held to the bounds of its own)
        if why is not None:
            return why
    if isinstance(n.get("allOf"), list) or (isinstance(n.get("$ref"), str) and root is not None):
        common = allowed_types(n, {} if memo is None else memo, root, closed)
        if common is not None and not common:
            return "allOf of types no value has at once: no value is accepted"
    branches = n.get("oneOf")
    if isinstance(branches, list) and sum(1 for b in branches if accepts_all(b)) >= 2:
        return "oneOf with two branches accepting every value: no value matches exactly one"
    return None


def allowed_types(n: Dict[str, Any], memo: _Memo, root: Any = None, closed: bool = True) -> Optional[Set[str]]:
    """The types a value of *n* may have: those its ``type`` names that its bounds leave
    a value, of its ``const`` / ``enum`` values within them, shared by its ``allOf``
    conjuncts and local ``$ref`` targets in *root*, nested (``None``: any; ``number``
    holding ``integer``; OpenAPI ``nullable``: any). Each node is read once per *memo*
    (which holds the node too, so that its id stays its own), each ``$ref`` resolved
    once."""
    stack: List[Tuple[Any, bool]] = [(n, False)]
    targets: Dict[int, Any] = {}  # each node's ``$ref`` target, resolved once
    while stack:
        node, ready = stack.pop()
        if not isinstance(node, dict) or (id(node) in memo and not ready):
            continue
        conj = node.get("allOf")
        conj = [c for c in conj if isinstance(c, dict)] if isinstance(conj, list) else []
        ref = node.get("$ref")
        if isinstance(ref, str) and root is not None:
            if id(node) not in targets:
                targets[id(node)] = resolve_local(root, ref)
            if isinstance(targets[id(node)], dict):
                conj = [*conj, targets[id(node)]]
        if not ready:
            memo[id(node)] = (node, None)  # (a cycle through allOf reads as any type)
            stack.append((node, True))
            stack.extend((c, False) for c in conj)
            continue
        common = _own_types(node, closed)
        for c in conj:
            more = memo[id(c)][1] if id(c) in memo else None
            if more is not None:
                common = set(more) if common is None else common & more
        memo[id(node)] = (node, common)
    return memo[id(n)][1]


def _own_types(node: Dict[str, Any], closed: bool) -> Optional[Set[str]]:
    """The types *node*'s own ``type``, bounds and ``const`` / ``enum`` leave a value
    (``None``: any; no ``type``: each type its bounds leave a value, object keywords
    that refuse every object leaving every type but object)."""
    if node.get("nullable") is True:
        return None
    kinds = _types(node.get("type"))
    if kinds is None and "type" not in node:
        # (closed whatever *closed* says: the walk of ``_no_value_root.py`` reads no
        # ``additionalProperties`` of a node of no ``type``)
        kinds = [k for k in _TYPES if not none_of_type(node, k, True)]
        kinds = None if len(kinds) == len(_TYPES) else kinds
    common = {k for k in _widen(kinds) if not none_of_type(node, k, closed)} if kinds else None
    values = [node["const"]] if "const" in node else node.get("enum")
    if isinstance(values, list):
        found = {json_type(v) for v in values if (common is None or json_type(v) in common) and not outside(node, v)}
        common = found if common is None else common & found
    return common


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


def _values_outside(n: Dict[str, Any], kinds: Optional[List[str]]) -> Optional[str]:
    """Why no value *n* lists (its ``const``, else its ``enum``) is one of its ``type``
    (*kinds*; ``None``: no ``type``, any) within its bounds of that value's own type,
    else None (nothing listed, or one fits)."""
    if "const" in n:
        values, what = [n["const"]], "the const"
    elif isinstance(n.get("enum"), list) and n["enum"]:
        values, what = n["enum"], "no enum value"
    else:
        return None
    allowed = _widen(kinds) if kinds is not None else None
    typed = [v for v in values if allowed is None or json_type(v) in allowed]
    if not typed:
        return ("the const is not of the type" if what == "the const" else "no enum value is of the type") + \
            ": no value is accepted"
    if all(outside(n, v) for v in typed):
        return ("the const is not" if what == "the const" else "no enum value is") + \
            " within the bounds of the node: no value is accepted"
    return None
