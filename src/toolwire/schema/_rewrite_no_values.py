"""Nodes of no value left on the wire: settled where their parent can leave them out.

A rewrite may leave a node no value (``ShapeRewrites.no_value``: keywords beside an
``anyOf`` that leave a branch nothing, an ``enum`` of another type). ``settle_no_values``
walks the wire once and settles each where its parent can leave it out, exactly: an
``anyOf`` drops the branch, an optional property of a closed object is left out, ``items``
of no value make ``maxItems: 0``, a ``$defs`` entry settles each ``$ref`` naming it; a
node left nowhere to go is ``unsatisfiable`` (a lint error), never sent as if fine.

Part of the rewrite in ``_rewrite.py`` (``Rewriter`` mixes ``NoValueRewrites`` in).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Set, Tuple

from .._schema_keywords import DICT_KEYWORDS, LIST_KEYWORDS, SINGLE_KEYWORDS
from ._issues import At, spelled
from ._normalize import iter_subschemas
from ._rewrite_conjunctions import _no_object
from ._rewrite_keywords import _hint
from ._rewrite_shapes import ShapeRewrites
from ._util import decode_pointer, escape_token

__all__ = ["NoValueRewrites"]


class NoValueRewrites(ShapeRewrites):
    """The rules settling the nodes of no value, mixed into ``Rewriter``."""

    def drop_no_values(self, written: List[Any]) -> List[Any]:
        """The branches of *written* that accept a value (the others matched nothing)."""
        if not self.empty:
            return written
        kept = [w for w in written if id(w) not in self.empty]
        if len(kept) < len(written):
            for w in written:
                self.empty.pop(id(w), None)
        return kept

    def settle_no_values(self, wire: Any) -> None:
        """Each ``no_value`` node left in *wire* where its parent can leave it out,
        through ``$ref`` as inline (one walk of the wire, each node settled once): an
        ``anyOf`` drops it (all dropped: the ``anyOf``'s node has no value), an optional
        property made required is its null branch alone (the same rule), one left optional
        in a closed object is left out (the key is refused either way), as is one of a node
        whose ``type`` names no object (no effect there), a conjunct of ``allOf`` leaves
        its node no value, ``items`` of no
        value are ``maxItems: 0`` (the empty array, as ``items: false``, in ``description``
        where ``maxItems`` is not taken; under
        ``minItems`` the array has no value), a required property leaves its object no
        value (these two: of ``type`` array / object alone), a ``$defs`` entry each
        ``$ref`` naming it; one of them no ``$ref`` left on the wire names is not sent.
        ``unsatisfiable`` for each left in the wire (the schema accepts nothing
        there), never sent as if fine. Each node's pointer is an ``At`` (its parent's and
        a token), spelled only for a change reported: a string per node took the depth."""
        if not self.empty:
            return
        where: Dict[int, List[Tuple[Any, str, Any]]] = {}  # each node's places: parent, keyword, name or list
        ptrs: Dict[int, Any] = {}  # each node's wire pointer, an ``At`` spelled only where reported
        users: Dict[str, List[Any]] = {}  # the ``$ref`` nodes naming each def
        left: Dict[int, int] = {}  # the branches of each anyOf list not yet left out
        lists: Dict[int, List[Any]] = {}
        seen: Set[int] = set()
        stack: List[Tuple[Any, Any, Any, str, Any]] = [(wire, "", None, "", None)]
        while stack:
            n, ptr, parent, key, name = stack.pop()
            if not isinstance(n, dict):
                continue
            where.setdefault(id(n), []).append((parent, key, name))
            if id(n) in seen:
                continue
            seen.add(id(n))
            ptrs[id(n)] = ptr
            if isinstance(n.get("$ref"), str) and n["$ref"].startswith("#/$defs/"):
                tokens = decode_pointer(n["$ref"][1:])
                if len(tokens) == 2:
                    users.setdefault(tokens[1], []).append(n)
            for k in SINGLE_KEYWORDS:
                if k in n:
                    stack.append((n[k], At(ptr, k), n, k, None))
            for k in DICT_KEYWORDS:
                if isinstance(n.get(k), dict):
                    up = At(ptr, k)
                    stack.extend((v, At(up, escape_token(sub)), n, k, sub) for sub, v in n[k].items())
            for k in LIST_KEYWORDS:
                if isinstance(n.get(k), list):
                    lists[id(n[k])] = n[k]
                    left[id(n[k])] = len(n[k])
                    up = At(ptr, k)
                    stack.extend((v, At(up, str(i)), n, k, n[k] if k != "prefixItems" else i)
                                 for i, v in enumerate(n[k]))
        todo = [node for _, _, node in self.empty.values() if id(node) in seen]
        dead: Set[int] = set()
        needed: Dict[int, Set[Any]] = {}  # each object's required names, as a set
        emptied: List[Any] = []
        absent: List[Tuple[Any, str]] = []  # optional properties of closed objects: left out
        loose: List[Tuple[Any, str, Any]] = []  # left out where the parent cannot say it: into description
        cuts: Dict[int, Tuple[Any, int]] = {}  # arrays with an item of no value: no item from there on
        while todo:
            n = todo.pop()
            if id(n) in dead:
                continue
            dead.add(id(n))
            for parent, key, name in where.get(id(n), ()):
                if key in ("anyOf", "oneOf"):  # (a branch of no value matches nothing: left out, exact)
                    left[id(name)] -= 1
                    if not left[id(name)]:
                        todo.append(parent)
                elif key == "$defs":
                    if parent is wire:
                        todo.extend(users.get(name, ()))
                elif key == "allOf":  # (a conjunct of no value: the conjunction has none)
                    todo.append(parent)
                elif key == "properties" and _no_object(parent.get("type")):
                    absent.append((parent, name))  # (no effect on a value of another type: left out)
                elif key == "properties":
                    if id(parent) not in needed:
                        req = parent.get("required")
                        needed[id(parent)] = {r for r in req if isinstance(r, str)} if isinstance(req, list) else set()
                    if name in needed[id(parent)] and _only_type(parent, "object") and id(parent) not in self.narrowed:
                        todo.append(parent)
                    elif name not in needed[id(parent)] and parent.get("additionalProperties") is False and \
                            "patternProperties" not in parent:
                        absent.append((parent, name))
                    else:  # an open object, or one of a node of other types too (untyped, nullable)
                        loose.append((parent, key, name))
                elif key == "additionalProperties" and _only_type(parent, "object") and \
                        id(parent) not in self.narrowed and _unnamed_required(parent):
                    todo.append(parent)  # (a required name no property takes must pass it: no object does)
                elif key == "additionalProperties":  # (no other key: additionalProperties false, exact)
                    loose.append((parent, key, None))
                elif key in ("prefixItems", "items") and (key == "prefixItems" or "prefixItems" in parent):
                    at = name if key == "prefixItems" else len(parent["prefixItems"])
                    low = parent.get("minItems", 0)
                    if isinstance(low, (int, float)) and not isinstance(low, bool) and low > at and \
                            _only_type(parent, "array"):
                        todo.append(parent)
                    elif id(parent) not in cuts or cuts[id(parent)][1] > at:
                        cuts[id(parent)] = (parent, at)
                elif key == "items":
                    low = parent.get("minItems", 0)
                    if isinstance(low, (int, float)) and not isinstance(low, bool) and low > 0 and \
                            _only_type(parent, "array"):
                        todo.append(parent)
                    else:
                        emptied.append(parent)
                elif key:  # (contains, if / then / else, propertyNames, patternProperties, ...)
                    loose.append((parent, key, name))
        for at, lst in lists.items():
            if 0 < left[at] < len(lst):
                lst[:] = [b for b in lst if id(b) not in dead]
        unnamed: Dict[int, Tuple[Any, Set[str]]] = {}  # nodes of no object: required names left out
        for parent, name in absent:
            sub = parent["properties"].get(name)
            if id(parent) not in dead and id(sub) in dead:
                del parent["properties"][name]  # (the closed object refuses the key: exact)
                self.change(spelled(ptrs[id(sub)]), "properties", "rewritten",
                            "of no value: left out (it can only be absent)")
                if _no_object(parent.get("type")):
                    unnamed.setdefault(id(parent), (parent, set()))[1].add(name)
        for parent, names in unnamed.values():  # (no effect there either; Gemini refuses a name
            req = parent.get("required")       # that is no property: "property is not defined")
            if isinstance(req, list) and any(r in names for r in req):
                req[:] = [r for r in req if r not in names]
                if not req:
                    del parent["required"]
        for parent in emptied:
            if id(parent) not in dead and id(parent.get("items")) in dead:
                del parent["items"]
                ptr = spelled(ptrs[id(parent)])
                if "maxItems" in self.p.supported:
                    self.change(ptr, "items", "rewritten", "of no value: maxItems: 0 (the empty array)")
                    self.empty_array(parent, ptr)
                else:  # as ``items: false`` there (``_array``)
                    self.change(ptr, "items", "moved", "of no value: into description, as items: false")
                    _hint(parent, ["items: false"])
        for parent, at in cuts.values():
            if id(parent) not in dead:
                self._cut(parent, at, spelled(ptrs[id(parent)]), dead)
        said: Dict[int, Any] = {}
        for parent, key, name in loose:
            held = parent.get(key)
            sub = held if name is None else held.get(name) if isinstance(held, dict) else None
            if id(parent) not in dead and id(sub) in dead:
                if key == "properties" and name in needed.get(id(parent), ()):  # (out of ``required`` too)
                    said.setdefault(id(parent), (parent, {}, set()))[2].add(name)
                self._loose(parent, key, name, ptrs[id(sub)], said)
        _said(said)
        defs = wire.get("$defs") if isinstance(wire, dict) else None
        if isinstance(defs, dict) and any(id(v) in dead for v in defs.values()):
            named = _named_defs(wire, defs, {k for k, v in defs.items() if id(v) not in dead})
            for name in [k for k, v in defs.items() if id(v) in dead and k not in named]:
                del defs[name]  # no value, and nothing names it: not sent
            if not defs:
                del wire["$defs"]
        live = {id(sub) for _, sub in iter_subschemas(wire)}
        for at, (ptr, why, _) in self.empty.items():
            if at in live:
                self.lint("unsatisfiable", ptr, why)
        self.empty.clear()

    def _cut(self, parent: Dict[str, Any], at: int, ptr: str, dead: Set[int]) -> None:
        """*parent*, an array whose item *at* (of ``prefixItems``, or the first ``items``
        takes) has no value: no item from *at* on, ``maxItems: at`` (exact; in
        ``description`` where ``maxItems`` is not taken)."""
        prefix = parent.get("prefixItems")
        if isinstance(prefix, list) and len(prefix) > at:
            del prefix[at:]
            if not prefix:
                del parent["prefixItems"]
        if id(parent.get("items")) in dead:
            del parent["items"]
        high = parent.get("maxItems")
        if isinstance(high, (int, float)) and not isinstance(high, bool) and high <= at:
            return
        if "maxItems" not in self.p.supported:
            self.change(ptr, "prefixItems", "moved", f"an item of no value: into description, as maxItems: {at}")
            _hint(parent, [f"maxItems: {at}"])
        elif at == 0:
            self.change(ptr, "prefixItems", "rewritten", "an item of no value: maxItems: 0 (the empty array)")
            self.empty_array(parent, ptr)
        else:
            self.change(ptr, "prefixItems", "rewritten", f"an item of no value: maxItems: {at} (none from there on)")
            parent["maxItems"] = at
            if (self.p.strict or self.p.openapi) and parent.get("type") == "array" and "items" not in parent:
                parent["items"] = {"type": "string"}  # (every array needs items: past maxItems, never used)

    def _loose(self, parent: Dict[str, Any], key: str, name: Any, sub: Any, said: Dict[int, Any]) -> None:
        """*parent*'s *key* (its entry *name*), *sub* of no value, where *parent* itself
        keeps a value: ``additionalProperties`` of it is ``false`` (exact); else it is left
        out and said in ``description`` (``said``: per parent, once all are left out: an
        optional property of an open object can only be absent, a required one of a node of
        other types too leaves its objects no value): never ``unsatisfiable`` beside values
        the original accepts."""
        ptr = spelled(sub)
        if key == "additionalProperties":
            parent["additionalProperties"] = False
            self.change(ptr, key, "rewritten", "of no value: false (no other key)")
            return
        keys, gone = said.setdefault(id(parent), (parent, {}, set()))[1:]
        if name is None:
            del parent[key]
            self.change(ptr, key, "moved", "of no value: into description")
            keys[key] = None
            return
        del parent[key][name]
        keys.setdefault(key, {})[name] = False
        if key == "properties" and name in gone:
            self.change(ptr, key, "moved", "of no value and required: left out, into description (the node's "
                        "objects have no value, its other types do)")
        else:
            self.change(ptr, key, "moved", "of no value: left out, into description (the key can only be absent)")


def _unnamed_required(n: Dict[str, Any]) -> bool:
    """Whether *n* requires a name that is none of its ``properties`` and that no
    ``patternProperties`` may take (such a key's value is checked against
    ``additionalProperties``)."""
    req, props = n.get("required"), n.get("properties")
    names = props if isinstance(props, dict) else {}
    return isinstance(req, list) and "patternProperties" not in n and any(
        isinstance(r, str) and r not in names for r in req)


def _said(said: Dict[int, Any]) -> None:
    """Each parent's keywords of no value left out (``_loose``) into its ``description``,
    and its required names among them out of ``required``: once per parent (a name or a
    note at a time was quadratic in the properties)."""
    for parent, keys, gone in said.values():
        req = parent.get("required")
        hints = [f"{k}: false" if v is None else f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in keys.items()]
        if isinstance(req, list) and gone:
            out = [r for r in req if r in gone]
            req[:] = [r for r in req if r not in gone]
            if not req:
                del parent["required"]
            hints.append(f"required: {json.dumps(out, ensure_ascii=False)}")
        _hint(parent, hints)


def _named_defs(wire: Dict[str, Any], defs: Dict[str, Any], kept: Set[str]) -> Set[str]:
    """The names of the *defs* a ``$ref`` names from *wire*'s root or from the defs
    *kept* (sent whatever names them), or names a node in (through the defs named), each
    def walked once: a def deleted is named by no ``$ref`` left on the wire."""
    named: Set[str] = set(kept)
    todo = [{k: v for k, v in wire.items() if k != "$defs"}, *(defs[k] for k in kept)]
    while todo:
        for _, sub in iter_subschemas(todo.pop()):
            ref = sub.get("$ref") if isinstance(sub, dict) else None
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                tokens = decode_pointer(ref[1:])
                if len(tokens) >= 2 and tokens[1] in defs and tokens[1] not in named:
                    named.add(tokens[1])
                    todo.append(defs[tokens[1]])
    return named


def _only_type(node: Dict[str, Any], kind: str) -> bool:
    """Whether *node* is of the ``type`` *kind* alone (not nullable, not untyped): its
    ``required`` / ``minItems`` hold for every value (they apply to that type only)."""
    return node.get("type") == kind and node.get("nullable") is not True
