"""The keywords beside an ``anyOf`` where the profile takes none there: into its branches.

OpenAI strict mode takes nothing but ``title`` and ``description`` beside ``anyOf``, and
``$ref``, ``title``, ``description`` beside ``$ref`` (openai-java's client-side check,
``JsonSchemaValidator.kt``, checked 2026-12-06; the guide's "Supported schemas": each
nested schema of an ``anyOf`` valid on its own, no ``allOf``). Every other keyword beside
an ``anyOf`` goes into each branch (A and (B1 or B2) is (A and B1) or (A and B2)): a
branch whose ``type`` shares no value with the keyword's is dropped (it matched nothing);
a branch typed apart from a keyword's types, ``minimum`` and a string, is left as it is
(the keyword does not apply to it); a ``$ref`` branch is typed by its target (through a
chain of ``$ref``), and so left a bare ``$ref`` where it can be; an ``enum`` goes into a
typed branch with the values of its type only, and into a flat branch with those that
pass it; each copy, a ``$ref`` branch's target with it, is charged to the copy budget
before it is made. A branch that cannot hold a keyword exactly (a recursive target, no
merged form) is sent without it and the keyword reported ``unsupported`` (the other
branches take it), as is ``unevaluated*`` (which reads what the other branches
evaluated). Keywords that leave no branch a value make a node of no value, which a
parent ``anyOf`` leaves out (exact), an optional property sends as its null branch alone
(it can only be absent), ``items`` make ``maxItems: 0`` (``empty_array``), a required property passes to
its object and a ``$defs`` entry to each ``$ref`` naming it (``settle_no_values``: the
same through ``$ref`` as inline; an entry nothing names is not sent), and which is
``unsatisfiable`` (a lint error) anywhere else: never sent beside the ``anyOf`` as if
fine.

Part of the rewrite in ``_rewrite.py``.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Set, Tuple, Union

from .._schema_keywords import DICT_KEYWORDS, LIST_KEYWORDS, SINGLE_KEYWORDS
from ._issues import At, spelled
from ._normalize import iter_subschemas
from ._rewrite_conjunctions import ConjunctionRewrites, _no_object, size_of
from ._rewrite_keywords import _hint
from ._rewrite_shapes import _BY_TYPE, ANNOTATIONS, types_apart
from ._util import decode_pointer, escape_token, json_equal, json_type
from ._validate import _Checker, stack_room

__all__ = ["AnyOfRewrites"]


class AnyOfRewrites(ConjunctionRewrites):
    """The rules for the keywords beside ``anyOf``, mixed into ``Rewriter``."""

    checked = 0  # steps spent checking enum values against the branches they go into
    _values: Optional[_Checker] = None  # that check's checker, one per rendering
    _kinds: Optional[Dict[str, Any]] = None  # ``_kind`` of a ``$ref``, by reference

    def _into_branches(self, n: Dict[str, Any], ptr: str) -> Union[Dict[str, Any], str]:
        """*n* with each keyword beside its ``anyOf`` (but annotations) moved into each
        branch that holds it exactly (``_merged``; P and (B1 or B2) is (P and B1) or
        (P and B2)); a branch that cannot hold it (a recursive ``$ref`` target, no merged
        form) is left as it is and the keyword reported ``unsupported`` (checked locally
        only); when the keywords leave no branch a value, why (``no_value``)."""
        branches: List[Any] = list(n["anyOf"])
        out = {k: v for k, v in n.items() if k == "anyOf" or k in ANNOTATIONS or k not in self.p.supported}
        # a keyword the target does not take stays: the keyword rules move it into ``description``
        beside = sorted((k for k in n if k != "anyOf" and k not in ANNOTATIONS and k in self.p.supported),
                        key=lambda k: k != "type")
        for key in beside:
            spread = None if key in _NOT_SPREAD else self._spread_one(key, n[key], branches, ptr)
            if spread is None:
                self.change(ptr, key, "unsupported", "beside anyOf, and not exactly in each branch: checked locally "
                            "only")
                self.lint("unsupported-keyword", ptr, f"{key} beside anyOf cannot go into each branch exactly, and "
                          "this provider takes nothing but title and description beside anyOf", "warning")
                continue
            written, lost = spread
            if not written:  # each branch shares no value with it (exact): nothing is accepted
                return f"{key} beside anyOf leaves no branch a value: no value is accepted"
            branches = written
            if len(lost) < len(written):
                self.change(ptr, key, "rewritten", "into each anyOf branch (nothing but title and description "
                            "beside anyOf)")
            if lost:
                names = ", ".join(str(b.get("$ref")) if isinstance(b, dict) and "$ref" in b else "a branch"
                                  for b in lost[:3])
                more = " and more" if len(lost) > 3 else ""
                self.change(ptr, key, "unsupported", f"not in the anyOf branch of {names}{more} (a recursive "
                            "target, or no merged form): checked locally only")
                self.lint("unsupported-keyword", ptr, f"{key} beside anyOf cannot go exactly into the branch of "
                          f"{names}{more}, and this provider takes nothing but title and description beside anyOf "
                          "or $ref", "warning")
        made = n["anyOf"]
        if any(m is made for m in self.split):  # written by the rewrite (a split type array): its branches
            made[:] = branches                   # stay at the node's pointer, so the list stays the same
            branches = made
        out["anyOf"] = branches
        return out

    def _spread_one(
        self, key: str, value: Any, branches: List[Any], ptr: str
    ) -> Optional[Tuple[List[Any], List[Any]]]:
        """*branches*, each with ``{key: value}`` merged in, and those of them left as
        they were because they cannot hold it exactly (a recursive ``$ref`` target, no
        merged form); ``None`` past the copy budget. A branch whose type (a ``$ref``
        branch's: its target's, ``_kind``) shares no value with ``type`` is left out, one
        typed apart from the types *key* applies to is kept as it is (a ``$ref`` branch
        not copied). Each copy is charged before it is made, a ``$ref`` branch's target
        with it (``_conjuncts``); an ``enum`` goes into a typed branch with the values of
        the branch's type only (a value of another type never passes the branch: exact,
        and not every value into every branch), and of those the ones that pass it
        (``_passing``)."""
        applies = sorted(t for t, keys in _BY_TYPE.items() if key in keys)
        size = size_of({key: value}, self.copy_budget - self.copied + 1)  # counted per copy, as ``_distributed``
        typed: Dict[Any, List[Any]] = {}  # the enum's values by a branch's types: one pass per set of types
        written: List[Any] = []
        lost: List[Any] = []
        for b in branches:
            kind = self._kind(b)
            view = {"type": kind} if kind is not None else b
            if key == "type" and types_apart(value, view):
                continue  # the keyword and the branch: no value
            if key == "type" and kind is not None and _types_within(kind, value):
                written.append(b)  # (the branch's type says it already: a recursive target need not be copied)
                continue
            if applies and types_apart(applies, view):
                written.append(b)  # (``minimum`` beside a string branch: no effect there)
                continue
            own = value
            if key == "enum" and isinstance(value, list) and kind is not None:
                own = self._passing(_of_types(value, kind, typed), b)
                if not own:
                    continue  # (no value of the branch's type, or none passing it: nothing in common)
            self.copied += size if own is value else size_of({key: own}, self.copy_budget - self.copied + 1)
            merged = None if self.copied > self.copy_budget else self._merged({key: own, "allOf": [b]}, charge=True)
            if merged is None and self.copied > self.copy_budget:
                if not self.beside_refused:
                    self.beside_refused = True
                    self.lint("too-large", ptr, f"copying the keywords beside anyOf into each branch passes "
                              f"{self.copy_budget:,} nodes; use strict=False or prompt mode")
                return None
            if merged is None:  # sent without it: the one part lost
                lost.append(b)
                written.append(b)
                continue
            if _no_value(merged):
                continue  # (an ``enum`` beside a branch of another type: nothing in common)
            written.append(b if applies and types_apart(applies, merged) else merged)
        return written, lost

    def _kind(self, b: Any) -> Any:
        """The ``type`` of the branch *b*: its own, else its ``$ref`` target's (through a
        chain of ``$ref``), ``None`` when it has none. Each reference's answer is kept: n
        branches naming one chain of k references read it once (n + k, not n x k)."""
        if not isinstance(b, dict):
            return None
        if "type" in b:
            return b["type"] if _a_type(b["type"]) else None
        if self._kinds is None:
            self._kinds = {}
        ref, passed, kind = b.get("$ref"), [], None
        while isinstance(ref, str):
            if ref in self._kinds:
                kind = self._kinds[ref]
                break
            self._kinds[ref] = None  # (a cycle of references ends here: no type)
            passed.append(ref)
            target = self._target(ref)
            if not isinstance(target, dict):
                break
            if "type" in target:
                kind = target["type"] if _a_type(target["type"]) else None
                break
            ref = target.get("$ref")
        for r in passed:
            self._kinds[r] = kind
        return kind

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

    def _passing(self, values: List[Any], b: Dict[str, Any]) -> List[Any]:
        """The scalar *values* that pass the branch *b* (exact: a value failing it is no
        answer beside it either), checked where *b* holds no subschema to walk and within
        the copy budget's steps (one per value and character, charged before checking);
        else *values* as they are. 40 values beside 30 string branches, each taking a few,
        were 1,200 on the wire."""
        if not values or any(k in b for k in _WALKS) or any(isinstance(v, (dict, list)) for v in values):
            return values
        cost = sum(1 + len(v) if isinstance(v, str) else 1 for v in values)
        if self.checked + cost > self.copy_budget:
            return values
        self.checked += cost
        if self._values is None:
            self._values = _Checker(self.root, False)
        self._values.room = stack_room()
        return [v for v in values if self._values.valid(v, b, "", "")]


#: Keywords holding subschemas a check walks (``_passing`` checks flat branches only).
_WALKS = ("$ref", "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "properties", "items", "prefixItems",
          "additionalProperties", "patternProperties", "propertyNames", "contains", "dependentSchemas",
          "unevaluatedProperties", "unevaluatedItems")

#: Beside ``anyOf``, these read what the branches evaluated: in a branch they would not.
_NOT_SPREAD = ("unevaluatedProperties", "unevaluatedItems")


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


def _of_types(values: List[Any], kind: Any, seen: Dict[Any, List[Any]]) -> List[Any]:
    """The *values* of the ``type`` *kind* (an integer is a number), in their order; by
    the set of types in *seen* (at most one pass over *values* per set)."""
    kinds = frozenset(kind if isinstance(kind, list) else [kind]) if isinstance(kind, (str, list)) else frozenset()
    if kinds not in seen:
        seen[kinds] = [v for v in values if json_type(v) in kinds or (json_type(v) == "integer" and "number" in kinds)]
    return seen[kinds]


def _a_type(kind: Any) -> bool:
    """Whether *kind* is a ``type`` value: a name or a list of names."""
    return isinstance(kind, str) or (isinstance(kind, list) and all(isinstance(k, str) for k in kind))


def _types_within(kind: Any, value: Any) -> bool:
    """Whether every value of the ``type`` *kind* is one of the ``type`` *value*'s (an
    integer is a number)."""
    mine = set(kind) if isinstance(kind, list) else {kind}
    theirs = set(value) if isinstance(value, list) else {value}
    return all(t in theirs or (t == "integer" and "number" in theirs) for t in mine)


def _no_value(node: Any) -> bool:
    """Whether *node*'s ``enum`` / ``const`` leave it no value of its ``type`` (a merged
    branch: ``enum: [1, "a"]`` into a boolean branch)."""
    if node is False:
        return True
    if not isinstance(node, dict) or not ("enum" in node or "const" in node):
        return False
    values = node["enum"] if isinstance(node.get("enum"), list) else None
    if "const" in node:
        values = [node["const"]] if values is None else [v for v in values if json_equal(v, node["const"])]
    if values is None:
        return False
    kind = node.get("type")
    kinds = set(kind) if isinstance(kind, list) else {kind} if isinstance(kind, str) else None
    return not any(kinds is None or json_type(v) in kinds or (json_type(v) == "integer" and "number" in kinds)
                   for v in values)
