"""Nodes whose own keywords contradict each other: they accept no value as written
(JSON Schema Draft 2020-12, https://json-schema.org/draft/2020-12, checked 2026-12-06):
the ``type`` names only types the node's bounds leave none (``_empty_bounds.py``); no
``enum`` value (the ``const``) is of the ``type`` within its bounds (validation
§6.1.2-3 beside §6.1.1; no ``type``: within the bounds of the value's own type, §6.2-3
applying to their own type alone); the ``type`` of the node and of its ``allOf``
conjuncts and ``$ref`` targets, nested, share none (no ``type``: the types its bounds
leave a value) (core §10.2.1.1, §8.2.3.1: a ``$ref`` is one more
conjunct; an integer is a number), an ``anyOf`` / ``oneOf`` of any of them holding to the
types of its branches (§10.2.1.2-3); the values their ``enum`` / ``const`` list (an ``anyOf``
/ ``oneOf`` whose branches each list values or allow null alone: those) share
none that the type and bounds of each allow, a value beside an ``anyOf`` / ``oneOf``
held to some branch's ``type``, listed values and bounds (§10.2.1.2-3); ``oneOf`` holds
two branches accepting every value (§10.2.1.3: exactly one must match). Each read looks
at the node and its lists' entries once, each ``$ref`` resolved once per walk: linear.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple

from ._empty_bounds import NoneMemo, none_of_type, outside
from ._rewrite_shapes import accepts_all
from ._util import canonical_text, json_type, resolve_local

__all__ = ["allowed", "contradiction"]

_TYPES = {"string", "integer", "number", "boolean", "null", "object", "array"}
_Values = Optional[Dict[str, Any]]  # the values a node allows when it lists them: canonical text -> value
_Memo = Dict[int, Tuple[Dict[str, Any], Optional[Set[str]], _Values]]
_UNIONS = ("anyOf", "oneOf")
_SLACK = 64  # the work on listed values each read may do beyond four per value it lists


def contradiction(n: Dict[str, Any], closed: bool = True, memo: Optional[_Memo] = None,
                  root: Any = None, nones: Optional[NoneMemo] = None) -> Optional[str]:
    """Why *n*'s own keywords leave it no value, else None. *closed*: a required name
    that ``additionalProperties: false`` refuses counts too (the walk of
    ``_no_value_root.py`` reaches it through ``additionalProperties`` itself). *memo*:
    the types and listed values each node allows, shared by one walk (``allowed``);
    *root*: the schema its local ``$ref`` values name nodes of; *nones*: the subschemas'
    verdicts of no value (``none_of_type``), shared alike."""
    nones = {} if nones is None else nones
    kinds = _types(n.get("type")) if n.get("nullable") is not True else None  # (OpenAPI: null as well)
    if kinds is not None and kinds and all(none_of_type(n, k, closed, nones) for k in kinds):
        return "the bounds of the node contradict each other: no value is accepted"
    if kinds or ("type" not in n and n.get("nullable") is not True):
        why = _values_outside(n, kinds or None)  # (no type: each value held to the bounds of its own)
        if why is not None:
            return why
    if isinstance(n.get("allOf"), list) or (isinstance(n.get("$ref"), str) and root is not None) or \
            any(isinstance(n.get(k), list) for k in _UNIONS):
        common, values = allowed(n, {} if memo is None else memo, root, closed, nones)
        if common is not None and not common:
            if "allOf" in n or "$ref" in n:
                return "allOf of types no value has at once: no value is accepted"
            return "anyOf or oneOf whose branches have none of the types of the node: no value is accepted"
        if values is not None and not values:
            if "allOf" in n or "$ref" in n:
                return "allOf of listed values (enum, const) no value of which all allow: no value is accepted"
            return "listed values (enum, const) no anyOf or oneOf branch takes: no value is accepted"
    branches = n.get("oneOf")
    if isinstance(branches, list) and sum(1 for b in branches if accepts_all(b)) >= 2:
        return "oneOf with two branches accepting every value: no value matches exactly one"
    return None


def allowed(n: Dict[str, Any], memo: _Memo, root: Any = None, closed: bool = True,
            nones: Optional[NoneMemo] = None) -> Tuple[Optional[Set[str]], _Values]:
    """The types a value of *n* may have and the values it may be when they are listed:
    those its ``type`` names that its bounds leave a value, of its ``const`` / ``enum``
    values within them, shared by its ``allOf`` conjuncts and local ``$ref`` targets in
    *root*, nested, and of the types of some ``anyOf`` / ``oneOf`` branch (``None``:
    any, or values not listed; ``number`` holding ``integer``; OpenAPI ``nullable``:
    any). A listed value is kept where each conjunct's type and bounds allow it. Each
    node is read once per *memo* (which holds the node too, so that its id stays its
    own), each ``$ref`` resolved once; the work on listed values is at most four times
    the values listed, plus a constant (past it, values are not listed: ``None``)."""
    stack: List[Tuple[Any, bool]] = [(n, False)]
    targets: Dict[int, Any] = {}  # each node's ``$ref`` target, resolved once
    budget = _SLACK
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
        unions = [b for b in (node.get(k) for k in _UNIONS) if isinstance(b, list)]
        if not ready:
            memo[id(node)] = (node, None, None)  # (a cycle through allOf reads as any type)
            stack.append((node, True))
            stack.extend((c, False) for c in conj)
            stack.extend((b, False) for branches in unions for b in branches)
            continue
        common, values = _own(node, closed, nones)
        budget += 4 * len(values) if values is not None else 0
        for c in conj:
            _, more, listed = memo.get(id(c), (c, None, None))
            if more is not None:
                common = set(more) if common is None else common & more
            if listed is not None and budget >= 0:
                if values is None:
                    values = listed
                elif values is not listed:
                    small, big = (values, listed) if len(values) <= len(listed) else (listed, values)
                    budget -= len(small)  # (spent only within the budget: checked first)
                    values = {k: v for k, v in small.items() if k in big} if budget >= 0 else None
        for branches in unions:
            some = _union(branches, memo)
            if some is not None:
                common = set(some) if common is None else common & some
            if budget >= 0:  # (the values some branch lists, each branch's counted: within the budget)
                budget -= sum(len(memo[id(b)][2] or ()) + 1 for b in branches if isinstance(b, dict) and id(b) in memo)
                listed = _union_values(branches, memo, common) if budget >= 0 else None
                if listed is not None:
                    small, big = (values, listed) if values is not None and len(values) <= len(listed) else \
                        (listed, values)
                    budget -= len(small)
                    values = small if big is None else {k: v for k, v in small.items() if k in big}
            if values is not None and budget >= 0 and \
                    len(values) * len(branches) <= _SLACK + 4 * (len(values) + len(branches)):
                # (each value held to some branch's type, values and bounds: within its own budget,
                # linear in the values and branches, so the reads above conclude as before)
                values = {k: v for k, v in values.items() if _some_takes(branches, k, v, memo)}
        if values is not None and budget >= 0 and (common is not None or conj):
            budget -= len(values) * (1 + len(conj))
            values = {k: v for k, v in values.items() if (common is None or json_type(v) in common)
                      and not any(outside(c, v) for c in conj)} if budget >= 0 else None
        memo[id(node)] = (node, common, values if budget >= 0 else None)
    _, types, listed = memo[id(n)]
    return types, listed


def _union(branches: List[Any], memo: _Memo) -> Optional[Set[str]]:
    """The types some of *branches* (of ``anyOf`` / ``oneOf``, read) allows a value of,
    ``None`` for any; a branch of no type (of no value) adds none, and if all are such
    this reading says nothing (``None``: the walk of ``_no_value_root.py`` names them)."""
    out: Set[str] = set()
    for b in branches:
        if b is False:
            continue
        types = memo[id(b)][1] if isinstance(b, dict) and id(b) in memo else None
        if types is None:
            return None
        out |= types
    return out or None


def _union_values(branches: List[Any], memo: _Memo, kinds: Optional[Set[str]] = None) -> _Values:
    """The values some of *branches* (of ``anyOf`` / ``oneOf``, read) allows when each
    lists its values or allows null alone (OpenAPI ``nullable`` merged, ``{"type": "null"}``),
    else ``None``; a ``false`` branch adds none, nor one none of whose types is of *kinds*
    (the node's types: a value of the node is none of that branch's), and if no branch adds
    one, ``None``."""
    out: Dict[str, Any] = {}
    for b in branches:
        if b is False:
            continue
        if not isinstance(b, dict) or id(b) not in memo:
            return None
        _, types, listed = memo[id(b)]
        if types is not None and kinds is not None and not types & kinds:
            continue  # (of other types than the node's: no value of the node is one of it)
        if listed is not None:
            out.update(listed)
        elif types == {"null"}:
            out[canonical_text(None)] = None
        else:
            return None
    return out or None  # (no branch of a value: said by the walk of ``_no_value_root.py``, as ``_union``)


def _some_takes(branches: List[Any], text: str, value: Any, memo: _Memo) -> bool:
    """Whether some of *branches* (of ``anyOf`` / ``oneOf``, read) may take *value* (of
    canonical text *text*, made once, not per branch): not ``false``, of the value's type,
    the value among those it lists and within its own bounds (validation §6.2-3:
    ``{"type": ["boolean", "string"], "maxLength": 2}`` takes no ``"abc"``)."""
    for b in branches:
        if not isinstance(b, dict):
            if b is not False:
                return True
            continue
        _, types, listed = memo.get(id(b), (b, None, None))
        if types is not None and json_type(value) not in types:
            continue
        if listed is not None and text not in listed:
            continue
        if not outside(b, value):
            return True
    return False


def _own(node: Dict[str, Any], closed: bool, nones: Optional[NoneMemo]) -> Tuple[Optional[Set[str]], _Values]:
    """The types *node*'s own ``type``, bounds and ``const`` / ``enum`` leave a value
    (``None``: any; no ``type``: each type its bounds leave a value, object keywords
    that refuse every object leaving every type but object), and the values it lists
    within them (``None``: none listed)."""
    listed = [node["const"]] if "const" in node else node.get("enum")
    if node.get("nullable") is True:  # (OpenAPI: null as well; its values or null, at most)
        return None, ({canonical_text(v): v for v in [*listed, None]} if isinstance(listed, list) else None)
    kinds = _types(node.get("type"))
    if kinds is None and "type" not in node:
        # (closed whatever *closed* says: the walk of ``_no_value_root.py`` reads no
        # ``additionalProperties`` of a node of no ``type``)
        kinds = [k for k in _TYPES if not none_of_type(node, k, True, nones)]
        kinds = None if len(kinds) == len(_TYPES) else kinds
    common = {k for k in _widen(kinds) if not none_of_type(node, k, closed, nones)} if kinds else None
    if not isinstance(listed, list):
        return common, None
    kept = [v for v in listed if (common is None or json_type(v) in common) and not outside(node, v)]
    found = {json_type(v) for v in kept}
    values = {canonical_text(v): v for v in kept}
    if "const" in node and isinstance(node.get("enum"), list):  # (both: what they share)
        enum = {canonical_text(e) for e in node["enum"]}
        values = {k: v for k, v in values.items() if k in enum}
    return (found if common is None else common & found), values


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
