"""``unevaluatedProperties`` on vLLM's wire as xgrammar 0.2.9 (``strict_mode=True``, as vLLM's
``backend_xgrammar.py``) reads it, checked 2026-12-07 (session 47, reviews revVllm7 C1, revSchema9):

- a node of no ``type`` with an ``unevaluatedProperties`` (``true`` too) is read as an
  object: ``{"unevaluatedProperties": false}`` refuses ``null``, ``5``, ``"s"``, ``[1]``
  (lm-format-enforcer 0.11.3 fails it: "Unsupported type None"). Every type is
  written beside it, which JSON Schema reads as no type at all (exact; both engines then
  take the values of the other types) — ``array`` left out where the node's array keywords
  contradict for xgrammar ("maxItems is less than the number of prefixItems", "minItems is
  greater than the number of prefixItems, but additional items are not allowed", "prefixItems
  contains false", "minItems is greater than maxItems": the request would fail);
- a node that may be an array, with the keyword (``true`` too), takes only ``[]``: xgrammar
  closes its items by it, where ``items`` is absent (``{"type": ["array", "object"],
  "unevaluatedProperties": false}`` refuses ``[1]``). ``"items": {}`` is written beside it
  (exact: every item is valid against ``{}``; past ``prefixItems`` too, which strict mode
  closes, and an LMFE read open: ``{"prefixItems": [{}], "minItems": 2}`` was refused by
  xgrammar), where no ``unevaluatedItems`` of the node or of a
  node it is applied in place of (``items`` marks every item evaluated: ``{"$ref": N,
  "unevaluatedItems": false}`` would take ``[1]``).

Only on a node xgrammar reads by its own ``type`` (``unevaluated_scope``): not on a node it reads
by a ``$ref``, ``const``, ``enum``, ``anyOf`` or ``oneOf`` alone. An ``allOf`` / ``anyOf`` /
``oneOf`` branch (inline, or the target of its ``$ref``) is read without the parent's ``type``
(``{"type": "object", "allOf": [{"type": ["string", "object"]}]}`` takes ``"s"``: an ``allOf`` of
one branch is that branch alone), so it takes the types its parent's place allows and its
parent's ``type`` names (exact: the parent keeps them; every type took ``5``, ``"s"``, ``null``,
``[1]`` beside ``{"type": "object"}``, review revSchema9), and passes them on to its own branches
(an inline ``allOf`` branch's ``anyOf`` branches were left untyped, refusing ``5`` and ``[]``,
review revSchema10 R2); ``integer`` stays where a ``number`` meets it (R1: lost, the node left
untyped refused ``5``). A ``$defs`` entry only where every use allows the same types (an
``allOf`` branch holding its ``$ref`` alone is written as its copy where the others differ: R4).
llguidance 1.9.1 refuses the keyword ("Unimplemented keys"), as it did before. Each node once.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

from .._schema_keywords import DICT_KEYWORDS, LIST_KEYWORDS, SINGLE_KEYWORDS
from ._normalize import iter_subschemas
from ._util import resolve_local

__all__ = ["EVERY_TYPE", "UnevaluatedTyper", "unevaluated_scope"]

#: every JSON type, as a ``type`` list (``integer`` is a ``number``)
EVERY_TYPE = ("string", "number", "boolean", "object", "array", "null")
#: the keys that name a place or point to one
_PLACES = ("$ref", "$dynamicRef", "$recursiveRef", "$id", "$anchor", "$dynamicAnchor", "$recursiveAnchor")
#: the types that take an integer
_NUMBERS = ("number", "integer")
#: the keywords xgrammar reads before a node's own object keywords (its ``SchemaParser``)
_DECIDERS = ("$ref", "const", "enum", "anyOf", "oneOf")
#: the branches xgrammar reads without their parent's type (``allOf`` of one branch: the branch alone)
_IN_PLACE = ("allOf", "anyOf", "oneOf")
#: the subschemas xgrammar reads by their own type (of a value inside the instance)
_VALUES = ("properties", "patternProperties", "additionalProperties", "items", "prefixItems",
           "unevaluatedProperties", "unevaluatedItems")


def unevaluated_scope(wire: Any, shared: Optional[List[Tuple[Dict[str, Any], Any]]] = None
                      ) -> Tuple[Dict[int, Tuple[str, ...]], Set[int]]:
    """The nodes of *wire* xgrammar reads by their own ``type``, by id, each with the types its
    place allows (every type from the root and a value, the types of the ``allOf`` / ``anyOf`` / ``oneOf``
    parent it is a branch of, which xgrammar reads without them; through a ``$ref``, the same
    at every use), and the ids of those applied in place of a node with an ``unevaluatedItems``.
    *shared*: given, each ``allOf`` branch holding a ``$ref`` alone whose target has places of
    other types too is added to it, with that target. One walk: a node is visited at most once
    in each state it is reached in."""
    branches: List[Tuple[Dict[str, Any], Any]] = []
    places: Dict[int, Set[Optional[Tuple[str, ...]]]] = {}
    under: Set[int] = set()
    seen: Set[Tuple[int, Optional[Tuple[str, ...]], bool]] = set()
    stack: List[Tuple[Any, Optional[Tuple[str, ...]], bool]] = [(wire, EVERY_TYPE, False)]
    while stack:
        node, kinds, closed = stack.pop()
        if not isinstance(node, dict) or (id(node), kinds, closed) in seen:
            continue
        seen.add((id(node), kinds, closed))
        places.setdefault(id(node), set()).add(kinds)
        if closed:
            under.add(id(node))
        # in place: the branches read without the node's type (its types written on them, exact), and
        # an unevaluatedItems (other than true / {}) reaches them
        branch = _meet(kinds, node.get("type", EVERY_TYPE))
        inner = closed or node.get("unevaluatedItems", True) not in (True, {})
        for key in SINGLE_KEYWORDS + DICT_KEYWORDS + LIST_KEYWORDS:
            sub = node.get(key)
            subs = list(sub.values()) if key in DICT_KEYWORDS and isinstance(sub, dict) else \
                sub if key in LIST_KEYWORDS and isinstance(sub, list) else [sub] if key in SINGLE_KEYWORDS else []
            if key == "$defs":
                continue
            state = (EVERY_TYPE, False) if key in _VALUES else (branch, inner) if key in _IN_PLACE \
                else (None, inner if key != "not" else False)
            stack.extend((s, *state) for s in subs)
            if key == "allOf" and shared is not None:
                branches.extend((s, None) for s in subs if isinstance(s, dict) and list(s) == ["$ref"])
        ref = node.get("$ref")
        if isinstance(ref, str):
            stack.append((resolve_local(wire, ref), branch, inner))
    if shared is not None:
        for b in {id(b): b for b, _ in branches}.values():
            target = resolve_local(wire, b["$ref"]) if isinstance(b["$ref"], str) else None
            if isinstance(target, dict) and len(places.get(id(target), ())) > 1 and len(places.get(id(b), ())) == 1:
                shared.append((b, target))
    return {k: next(iter(v)) for k, v in places.items() if len(v) == 1 and None not in v}, under  # type: ignore


def _meet(kinds: Optional[Tuple[str, ...]], kind: Any) -> Optional[Tuple[str, ...]]:
    """The types of *kinds* that a ``type`` of *kind* allows (``integer`` a ``number``), in
    ``EVERY_TYPE``'s order; None when *kinds* is, *kind* is not a type or none is left."""
    names = [kind] if isinstance(kind, str) else kind if isinstance(kind, (list, tuple)) else None
    if kinds is None or names is None or not all(isinstance(k, str) for k in names):
        return None
    out = tuple(k for k in EVERY_TYPE if k in kinds and k in names)
    if "number" not in out and any(k in kinds for k in _NUMBERS) and any(k in names for k in _NUMBERS):
        out += ("integer",)  # (a number on one side, an integer on the other, or both: integers)
    return out or None


class UnevaluatedTyper:
    """Writes ``type`` and ``items`` beside the ``unevaluatedProperties`` of the nodes of one
    wire (its scope read once, at the first such node)."""

    def __init__(self, wire: Any, dialect: str) -> None:
        self.wire, self.dialect = wire, dialect
        self.scope: Optional[Tuple[Dict[int, Tuple[str, ...]], Set[int]]] = None
        self.walked: Dict[int, str] = {}  # (the nodes holding a $ref alone met before the scope is read)
        self.copied: Dict[int, str] = {}  # the allOf branches written as their $ref's target: the $ref
        self.again: List[Tuple[str, Dict[str, Any]]] = []  # (those met before: walked again, at the end)

    def nodes(self) -> Iterator[Tuple[str, Any]]:
        """Every node of the wire, depth first (``iter_subschemas``), then each ``allOf`` branch
        written as a copy after it was met, the copy's nodes."""
        yield from iter_subschemas(self.wire)
        while self.again:
            ptr, node = self.again.pop()
            yield from iter_subschemas(node, ptr)

    def __call__(self, node: Dict[str, Any], ptr: str) -> List[Tuple[str, str, str, str]]:
        """The ``type`` and ``items`` written beside *node*'s ``unevaluatedProperties`` (in
        place), as ``(pointer, keyword, "rewritten", why)``; *node* is each node of the wire in
        turn, depth first (``iter_subschemas``)."""
        out = []
        if self.copied and id(node) in self.copied:
            out.append((ptr, "$ref", "rewritten", f"{self.copied.pop(id(node))} written in its place, exact (its "
                        f"target has places of other types: typed by each beside unevaluatedProperties, for "
                        f"{self.dialect}'s lm-format-enforcer, which fails a node of no type)"))
        if "unevaluatedProperties" not in node or any(k in node for k in _DECIDERS):
            if self.scope is None and len(node) == 1 and "$ref" in node:
                self.walked[id(node)] = ptr
            return out
        if self.scope is None:
            self.scope = self._scope()
        free, under = self.scope
        kinds = free.get(id(node))
        if kinds is None:
            return out
        prefix, high = node.get("prefixItems"), node.get("maxItems")
        if "type" not in node and "array" in kinds and isinstance(prefix, list) and isinstance(high, int) \
                and not isinstance(high, bool) and 0 <= high < len(prefix) and False not in prefix[:high] \
                and not (_number(node.get("minItems")) and node["minItems"] > high):
            # (no array holds an item past maxItems: those prefixItems cut, exact, where xgrammar refuses them)
            if high:
                node["prefixItems"] = prefix[:high]
            else:
                del node["prefixItems"]
            out.append((ptr, "prefixItems", "rewritten", f"cut to maxItems {high}, exact ({self.dialect}'s xgrammar "
                        "refuses more, and the node may be an array beside unevaluatedProperties)"))
        prefix = node.get("prefixItems")
        if "type" not in node and "array" in kinds and isinstance(prefix, list) and True in prefix \
                and all(p is not False for p in prefix):
            node["prefixItems"] = [{} if p is True else p for p in prefix]
            out.append((ptr, "prefixItems", "rewritten", f"each true written {{}}, exact ({self.dialect}'s xgrammar "
                        "refuses true there: \"prefixItems must be an array of objects\")"))
        items = "type" in node or "array" not in kinds or not _array_refused(node, id(node) in under)
        if "type" not in node:
            node["type"] = [t for t in kinds if t != "array" or items]
            why = "every type" if kinds == EVERY_TYPE else f"the types of its place {list(kinds)}"
            why += "" if items else " but array (its array keywords contradict for xgrammar)"
            out.append((ptr, "type", "rewritten" if items else "narrowed", f"{why} written beside "
                        f"unevaluatedProperties{', exact' if items else ''} ({self.dialect}'s xgrammar reads a node "
                        "of no type with it as an object, refusing the other types)"))
        kind = node["type"]
        if (kind == "array" or (isinstance(kind, list) and "array" in kind)) and id(node) not in under \
                and not any(k in node for k in ("items", "unevaluatedItems")):
            node["items"] = {}
            out.append((ptr, "items", "rewritten", f"every item taken beside unevaluatedProperties, exact "
                        f"({self.dialect}'s xgrammar closes an array's items by it, taking only [])"))
        return out


    def _scope(self) -> Tuple[Dict[int, Tuple[str, ...]], Set[int]]:
        """The scope of the wire; where an ``allOf`` branch's ``$ref`` names a target with places
        of other types (a value too: left untyped, lm-format-enforcer fails it, review
        revSchema10 R4), the branch is written as a copy of the target (exact:
        one holding no ``$ref``, ``$id`` or anchor) and the scope read again. The copies are
        bounded by the size of the wire."""
        shared: List[Tuple[Dict[str, Any], Any]] = []
        scope = unevaluated_scope(self.wire, shared)
        budget = len(scope[0]) + 64
        for branch, target in shared:
            size = _copyable(target, budget)
            if size is None:
                continue
            budget -= size
            if id(branch) in self.walked:
                self.again.append((self.walked[id(branch)], branch))
            self.copied[id(branch)] = f"$ref {json.dumps(branch['$ref'], ensure_ascii=False)}"
            branch.clear()
            branch.update(copy.deepcopy(target))
        return unevaluated_scope(self.wire) if self.copied else scope


def _copyable(node: Any, budget: int) -> Optional[int]:
    """The count of the dictionaries in *node*, None where one holds a key naming a place
    (a ``$ref`` from the copy could loop, an ``$id`` or anchor would be named twice) or there
    are more than *budget*."""
    count, stack = 0, [node]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            count += 1
            if count > budget or any(k in n for k in _PLACES):
                return None
            stack.extend(n.values())
        elif isinstance(n, list):
            stack.extend(n)
    return count


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _array_refused(node: Dict[str, Any], under: bool) -> bool:
    """Whether xgrammar 0.2.9 refuses *node*'s array keywords once it reads it as an array
    (*under*: no ``items`` written, the items stay closed by the ``unevaluatedProperties``)."""
    prefix = node.get("prefixItems")
    count = len(prefix) if isinstance(prefix, list) else 0
    low, high = node.get("minItems"), node.get("maxItems")
    low, high = low if _number(low) else None, high if _number(high) else None
    if isinstance(prefix, list) and any(p is False for p in prefix):
        return True
    if (low is not None and high is not None and low > high) or (high is not None and high < count):
        return True
    items, rest = node.get("items"), node.get("unevaluatedItems")
    closed = items is False or ("items" not in node and (rest is False or ("unevaluatedItems" not in node and under)))
    return closed and low is not None and low > count
