"""The empty ``enum`` nodes a schema sent as it is cannot do without: those whose lack
of a value reaches the root (the schema accepts no value at all).

A node of no value leaves its parent none where the parent cannot leave it out (JSON
Schema Draft 2020-12, https://json-schema.org/draft/2020-12, checked 2026-12-06): every
branch of ``anyOf`` / ``oneOf`` (core §10.2.1.2-3), a conjunct of ``allOf`` (§10.2.1.1),
the target of a ``$ref`` (§8.2.3.1, any local pointer), and, on a node of ``type``
object alone (validation §6.5.3-4), a property ``required`` names (with the names
``dependentRequired`` adds), ``additionalProperties`` where a required name is no
property and no ``patternProperties`` may take it (core §10.3.2.3), ``propertyNames``
where a name is required, ``dependentSchemas`` of a required name; on a node of ``type``
array alone, ``items`` / a ``prefixItems`` entry under ``minItems`` (§10.3.1.1-2,
validation §6.4.2) and ``contains`` unless ``minContains`` is 0 (§10.3.1.3, §6.4.5).
Anything else (``not``, ``if``, an untyped node, a type array) keeps a value. One walk,
each node settled once: linear in the schema.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple

from .._schema_keywords import DICT_KEYWORDS, LIST_KEYWORDS, SINGLE_KEYWORDS
from ._util import array_index, decode_pointer

__all__ = ["forced_empty_enums"]

_Place = Tuple[Dict[str, Any], str, Any]  # parent, keyword, name (property) or index (list)


def forced_empty_enums(root: Any) -> Set[int]:
    """The ids of the empty-``enum`` nodes of *root* whose lack of a value leaves the
    root none (an ``unsatisfiable`` error there); empty if the root keeps a value."""
    places: Dict[int, List[_Place]] = {}
    users: Dict[int, List[Dict[str, Any]]] = {}  # the ``$ref`` nodes naming each node
    left: Dict[int, int] = {}  # the branches of each anyOf / oneOf list not yet of no value
    seeds: List[Dict[str, Any]] = []
    seen: Set[int] = set()
    stack: List[Tuple[Any, Optional[_Place]]] = [(root, None)]
    refs: List[Dict[str, Any]] = []
    while stack:
        n, place = stack.pop()
        if not isinstance(n, dict):
            continue
        if place is not None:
            places.setdefault(id(n), []).append(place)
        if id(n) in seen:
            continue
        seen.add(id(n))
        if n.get("enum") == []:
            seeds.append(n)
        if isinstance(n.get("$ref"), str):
            refs.append(n)
        for k in SINGLE_KEYWORDS:
            if k in n:
                stack.append((n[k], (n, k, None)))
        for k in DICT_KEYWORDS:
            if isinstance(n.get(k), dict):
                stack.extend((v, (n, k, name)) for name, v in n[k].items())
        for k in LIST_KEYWORDS:
            if isinstance(n.get(k), list):
                left[id(n[k])] = len(n[k])
                stack.extend((v, (n, k, i)) for i, v in enumerate(n[k]))
    if not seeds:
        return set()
    for n in refs:
        target = _resolve(root, n["$ref"])
        if isinstance(target, dict):
            users.setdefault(id(target), []).append(n)
    why: Dict[int, List[Dict[str, Any]]] = {}  # each node of no value: the nodes that left it none
    needed: Dict[int, Set[str]] = {}
    todo = list(seeds)
    dead: Set[int] = set()
    while todo:
        n = todo.pop()
        if id(n) in dead:
            continue
        dead.add(id(n))
        parents = [(u, "$ref", None) for u in users.get(id(n), ())] + places.get(id(n), [])
        for parent, key, name in parents:
            if not _leaves_none(parent, key, name, left, needed):
                continue  # (one left dead already is named again: each cause of the root's is an error)
            if key in ("anyOf", "oneOf"):  # (each branch has none: each named)
                why.setdefault(id(parent), []).extend(b for b in parent[key] if isinstance(b, dict))
            else:
                why.setdefault(id(parent), []).append(n)
            todo.append(parent)
    if id(root) not in dead:
        return set()
    out: Set[int] = set()
    back, gone = [root], {id(root)}
    while back:
        n = back.pop()
        if n.get("enum") == []:
            out.add(id(n))
        for sub in why.get(id(n), ()):
            if id(sub) not in gone:
                gone.add(id(sub))
                back.append(sub)
    return out


def _leaves_none(parent: Dict[str, Any], key: str, name: Any, left: Dict[int, int],
                 needed: Dict[int, Set[str]]) -> bool:
    """Whether a node of no value at *parent*'s *key* (entry *name*) leaves *parent*
    none (counting down the branches of ``anyOf`` / ``oneOf`` left)."""
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
    if key == "additionalProperties":
        props = parent.get("properties")
        props = props if isinstance(props, dict) else {}
        return "patternProperties" not in parent and any(r not in props for r in names)
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


def _resolve(root: Any, ref: str) -> Any:
    """The node a local ``$ref`` (``#`` and a JSON Pointer) names in *root*, else None
    (read token by token: as long as the reference)."""
    if not ref.startswith("#") or (len(ref) > 1 and ref[1] != "/"):
        return None
    n = root
    for token in decode_pointer(ref[1:]):
        if isinstance(n, dict):
            n = n.get(token)
        elif isinstance(n, list):
            i = array_index(token, len(n))
            n = n[i] if i is not None and i < len(n) else None
        else:
            return None
    return n
