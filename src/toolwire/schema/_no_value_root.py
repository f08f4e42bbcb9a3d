"""The nodes of no value a schema sent as it is cannot do without: those whose lack of
a value reaches the root (the schema accepts no value at all). A node has none as
written where its ``enum`` is empty, it is ``false`` or ``not`` of a schema accepting
every value, or its ``const`` is none of its ``enum`` values or not of its ``type``, or
no ``enum`` value is (validation §6.1.1-3).

A node of no value leaves its parent none where the parent cannot leave it out (JSON
Schema Draft 2020-12, https://json-schema.org/draft/2020-12, checked 2026-12-06): every
branch of ``anyOf`` / ``oneOf`` (core §10.2.1.2-3), a conjunct of ``allOf`` (§10.2.1.1),
the target of a ``$ref`` (§8.2.3.1, any local pointer), and, on a node of ``type``
object alone (validation §6.5.3-4), a property ``required`` names (with the names
``dependentRequired`` adds), ``additionalProperties`` where a required name is no
property and no ``patternProperties`` regex matches (core §10.3.2.2-3), a ``patternProperties``
entry ``false`` or of no value whose regex matches a required name (§10.3.2.2), ``propertyNames``
where a name is required, ``dependentSchemas`` of a required name; on a node of ``type``
array alone, ``items`` / a ``prefixItems`` entry under ``minItems`` (§10.3.1.1-2,
validation §6.4.2) and ``contains`` unless ``minContains`` is 0 (§10.3.1.3, §6.4.5).
Anything else (``not``, ``if``, an untyped node, a type array) keeps a value. One walk,
each node settled once: linear in the schema.
"""

from __future__ import annotations

from typing import Any, Dict, FrozenSet, List, Optional, Set, Tuple

from .._schema_keywords import DICT_KEYWORDS, LIST_KEYWORDS, SINGLE_KEYWORDS
from ._empty_bounds import _SLACK, NoneMemo, barring, matches_one, untaken
from ._no_value_bounds import contradiction
from ._rewrite_shapes import accepts_all
from ._util import At, json_equal, pointer_of, resolve_local

__all__ = ["no_value_causes", "no_value_nodes"]

_Place = Tuple[Dict[str, Any], str, Any]  # parent, keyword, name (property) or index (list)


def no_value_causes(root: Any) -> Tuple[Set[int], List[Tuple[str, str]]]:
    """The nodes of no value of *root* whose lack of a value leaves the root none (an
    ``unsatisfiable`` error each), none if the root keeps a value: the ids of the empty
    ``enum`` nodes, and the pointer and reason of each other (``false``, ``not: {}``, a
    ``const`` outside the ``enum`` or the ``type``)."""
    dead, why, seeds, ats = _settle(root)
    if id(root) not in dead:
        return set(), []
    enums: Set[int] = set()
    others: List[Tuple[str, str]] = []
    back, gone = [root], {id(root)}
    while back:
        n = back.pop()
        if n.get("enum") == []:
            enums.add(id(n))
        elif id(n) in seeds:
            others.append((pointer_of(ats[id(n)]), seeds[id(n)][1]))
        for sub in why.get(id(n), ()):
            if id(sub) not in gone:
                gone.add(id(sub))
                back.append(sub)
    others.sort()
    return enums, others


def no_value_nodes(root: Any) -> Set[int]:
    """The ids of the dict nodes of *root* that accept no value, by the rules above (a
    ``false`` place is no node here: its parent reads it as ``false``). One walk."""
    dead, _, seeds, _ = _settle(root)
    made = {at for at, (n, _) in seeds.items() if not n}  # (the ``{}`` standing for a ``false`` place)
    return dead - made


def _settle(root: Any) -> Tuple[Set[int], Dict[int, List[Dict[str, Any]]], Dict[int, Tuple[Dict[str, Any], str]],
                                Dict[int, At]]:
    """The ids of the nodes of no value of *root*, each one's nodes that left it none,
    the nodes of no value as written (with why) and each node's place."""
    places: Dict[int, List[_Place]] = {}
    users: Dict[int, List[Dict[str, Any]]] = {}  # the ``$ref`` nodes naming each node
    left: Dict[int, int] = {}  # the branches of each anyOf / oneOf list not yet of no value
    seeds: Dict[int, Tuple[Dict[str, Any], str]] = {}  # nodes of no value as written: the node, why
    ats: Dict[int, At] = {}  # each node's place, spelled only for a cause reported
    seen: Set[int] = set()
    stack: List[Tuple[Any, Optional[_Place], At]] = [(root, None, None)]
    refs: List[Dict[str, Any]] = []
    memo: Dict[int, Any] = {}  # the types and listed values each node allows (``allowed``)
    nones: NoneMemo = {}  # each subschema's verdict of no value (``none_of_type``)
    while stack:
        n, place, at = stack.pop()
        if n is False and place is not None:  # (one node per place: ``False`` is one object)
            n = {}
            seeds[id(n)] = (n, "the false schema accepts no value")
        if not isinstance(n, dict):
            continue
        if place is not None:
            places.setdefault(id(n), []).append(place)
        if id(n) in seen:
            continue
        seen.add(id(n))
        ats[id(n)] = at
        reason = _why_none(n, memo, root, nones)
        if reason is not None:
            seeds[id(n)] = (n, reason)
        if isinstance(n.get("$ref"), str):
            refs.append(n)
        for k in SINGLE_KEYWORDS:
            if k in n:
                stack.append((n[k], (n, k, None), (at, k)))
        for k in DICT_KEYWORDS:
            if isinstance(n.get(k), dict):
                up = (at, k)
                stack.extend((v, (n, k, name), (up, name)) for name, v in n[k].items())
        for k in LIST_KEYWORDS:
            if isinstance(n.get(k), list):
                left[id(n[k])] = len(n[k])
                up = (at, k)
                stack.extend((v, (n, k, i), (up, str(i))) for i, v in enumerate(n[k]))
    for n in refs:
        target = resolve_local(root, n["$ref"])
        if isinstance(target, dict):
            users.setdefault(id(target), []).append(n)
        elif target is False:  # (``False`` is one object: the reference is the node of no value)
            seeds[id(n)] = (n, "the $ref names the false schema: no value is accepted")
    if not seeds:
        return set(), {}, seeds, ats
    why: Dict[int, List[Dict[str, Any]]] = {}  # each node of no value: the nodes that left it none
    needed: Dict[int, Set[str]] = {}
    barred: Dict[int, FrozenSet[str]] = {}  # each object node: its ``false`` regexes matching a required name
    rooms: Dict[int, List[int]] = {}  # each object node: the budget its regexes of no value share
    branches: Dict[int, List[Dict[str, Any]]] = {}  # each anyOf / oneOf list: its branches of no value
    todo = [n for n, _ in seeds.values()]
    dead: Set[int] = set()
    while todo:
        n = todo.pop()
        if id(n) in dead:
            continue
        dead.add(id(n))
        parents = [(u, "$ref", None) for u in users.get(id(n), ())] + places.get(id(n), [])
        for parent, key, name in parents:
            if key in ("anyOf", "oneOf"):  # (each branch has none: each named)
                branches.setdefault(id(parent[key]), []).append(n)
            if not _leaves_none(parent, key, name, left, needed, barred, rooms):
                continue  # (one left dead already is named again: each cause of the root's is an error)
            if key in ("anyOf", "oneOf"):
                why.setdefault(id(parent), []).extend(branches[id(parent[key])])
            else:
                why.setdefault(id(parent), []).append(n)
            todo.append(parent)
    return dead, why, seeds, ats


def _why_none(n: Dict[str, Any], memo: Dict[int, Any], root: Any, nones: NoneMemo) -> Optional[str]:
    """Why *n* accepts no value as written, else None: an empty ``enum``, ``not`` of a
    schema accepting every value, a ``const`` none of the ``enum`` values equals
    (validation §6.1.1-3), keywords contradicting each other, an ``enum`` or ``const``
    of no value of the ``type`` (``contradiction``, its ``$ref`` values into *root*)."""
    values = n.get("enum")
    if values == []:
        return "an empty enum accepts no value"
    if "not" in n and accepts_all(n["not"]):
        return "not of a schema accepting every value: no value is accepted"
    if isinstance(values, list) and "const" in n and not any(json_equal(v, n["const"]) for v in values):
        return "the const is not one of the enum values: no value is accepted"
    return contradiction(n, closed=False, memo=memo, root=root, nones=nones)  # (_no_value_bounds.py)


def _leaves_none(parent: Dict[str, Any], key: str, name: Any, left: Dict[int, int],
                 needed: Dict[int, Set[str]], barred: Dict[int, FrozenSet[str]],
                 rooms: Dict[int, List[int]]) -> bool:
    """Whether a node of no value at *parent*'s *key* (entry *name*) leaves *parent*
    none (counting down the branches of ``anyOf`` / ``oneOf`` left); a ``patternProperties``
    entry: where its regex, of subschema ``false`` or of no value, matches a required name
    (the ``false`` regexes read once per object node, the others each once, within a budget
    of four characters per character of the names and regexes, and a constant)."""
    if key in ("$ref", "allOf"):
        return True
    if key in ("anyOf", "oneOf"):
        left[id(parent[key])] -= 1
        return not left[id(parent[key])]
    kind = parent.get("type")
    if kind == "array":
        low = parent.get("minItems", 0)
        low = low if isinstance(low, (int, float)) and not isinstance(low, bool) else 0
        prefix = parent.get("prefixItems")
        if key == "prefixItems":
            return bool(low > name)
        if key == "items":
            return bool(low > (len(prefix) if isinstance(prefix, list) else 0))
        if key == "contains":
            least = parent.get("minContains", 1)
            return not (isinstance(least, (int, float)) and not isinstance(least, bool) and least <= 0)
        return False
    if kind != "object":
        return False
    if id(parent) not in needed:
        needed[id(parent)] = _required(parent)
    names = needed[id(parent)]
    if key in ("properties", "dependentSchemas"):
        return name in names
    if key == "propertyNames":
        return bool(names)
    if key == "additionalProperties":  # (a name a ``false`` regex matches is that regex's: below)
        return untaken(parent, names, barred=False) is True
    if key == "patternProperties":  # (a regex of subschema ``false`` matching a required name)
        if id(parent) not in barred:
            barred[id(parent)] = barring(parent, names) or frozenset()
        if name in barred[id(parent)]:
            return True
        if not isinstance(name, str) or parent["patternProperties"].get(name) is False or not names:
            return False
        if id(parent) not in rooms:
            keys = parent["patternProperties"]
            rooms[id(parent)] = [_SLACK + 4 * (sum(len(r) + 1 for r in names) + sum(len(p) + 1 for p in keys))]
        return matches_one(name, names, rooms[id(parent)]) is True
    return False


def _required(n: Dict[str, Any]) -> Set[str]:
    """The names every object value of *n* holds: ``required`` and, through them,
    ``dependentRequired`` (each name's list read once)."""
    req = n.get("required")
    todo = [r for r in req if isinstance(r, str)] if isinstance(req, list) else []
    deps = n.get("dependentRequired")
    deps = deps if isinstance(deps, dict) else {}
    out: Set[str] = set()
    while todo:
        r = todo.pop()
        if r in out:
            continue
        out.add(r)
        more = deps.get(r)
        if isinstance(more, list):
            todo.extend(m for m in more if isinstance(m, str))
    return out

