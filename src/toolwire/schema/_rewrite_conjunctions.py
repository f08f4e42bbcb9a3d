"""Conjunctions of objects in strict mode: one object each, closed once.

An ``allOf``, a ``$ref`` beside other keywords (JSON Schema 2020-12 Core §8.2.3.1) and
an object beside ``anyOf``/``oneOf`` branches all apply at once, while
``additionalProperties: false`` (§10.3.2.3) reads only the properties of its own
schema object. A strict profile closes every object (OpenAI: "additionalProperties:
false must always be set in objects", platform.openai.com/docs/guides/structured-outputs;
Anthropic and Bedrock the same), so the parts of such a conjunction, each closed over
its own properties, would accept no answer the original accepts. The parts are merged
into one object first (``$ref`` targets copied in, ``allOf`` parts flattened), and an
object's own keywords go into each of its branches (P and (B1 or B2) is (P and B1) or
(P and B2)), leaving the parent nothing to close. Where the profile takes nothing but
``title``/``description`` beside ``anyOf`` (OpenAI strict: openai-java's
``JsonSchemaValidator``), every other keyword beside it goes into each branch the same way
(a branch whose ``type`` shares no value with the keyword's is dropped: it matched
nothing; a branch typed apart from a keyword's types, ``minimum`` and a string, is left
as it is: the keyword does not apply to it; a ``$ref`` branch is typed by its target,
and left a bare ``$ref`` so, since nothing but ``title`` and ``description`` may stand
beside a ``$ref`` and OpenAI takes no ``allOf``; an ``enum`` goes into a typed branch with
the values of its type only, and into a flat branch with those that pass it; each copy,
a ``$ref`` branch's target with it, is charged to the copy budget before it is made); a
branch that cannot hold a keyword exactly (a recursive target, no merged form) is sent
without it and the keyword reported ``unsupported`` (the other branches take it), as is
``unevaluated*`` (which reads what the other branches evaluated); keywords leaving no
branch a value are ``unsatisfiable`` (a lint error: never sent beside the ``anyOf`` as if
fine). For an object's keywords, where that is not exact (a recursive target, keywords
with no merged form, the copy budget) the node is ``not-representable``: never a wire
schema that accepts nothing reported lossless.

Part of the rewrite in ``_rewrite.py``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple, Union

from .._errors import ToolwireError
from ._normalize import DICT_KEYWORDS, LIST_KEYWORDS, SINGLE_KEYWORDS, iter_subschemas, merge_all_of, resolve_ref
from ._rewrite_shapes import _BY_TYPE, ANNOTATIONS, ShapeRewrites, types_apart
from ._util import json_equal, json_type
from ._validate import _Checker, stack_room

__all__ = ["OBJECT_KEYWORDS", "ConjunctionRewrites", "holds_object", "names_in"]

#: The keywords that constrain an object (they move with it into each branch).
OBJECT_KEYWORDS = (
    "properties",
    "required",
    "additionalProperties",
    "patternProperties",
    "minProperties",
    "maxProperties",
    "propertyNames",
    "dependentRequired",
    "dependentSchemas",
    "unevaluatedProperties",
)

_CLOSED = ("properties", "additionalProperties", "patternProperties")


def holds_object(node: Any) -> bool:
    """Whether strict mode closes *node* (typed ``object`` or with properties)."""
    if not isinstance(node, dict):
        return False
    kind = node.get("type")
    return kind == "object" or (isinstance(kind, list) and "object" in kind) or any(k in node for k in _CLOSED)


class ConjunctionRewrites(ShapeRewrites):
    """The conjunction rules, mixed into ``Rewriter``."""

    recursive: Set[str]
    copied: int
    copy_budget: int
    beside_refused: bool  # ``too-large`` said once for the copies into anyOf branches (a target's with them)
    split: List[Any]  # the anyOf lists the rewrite made (``_rewrite.py``)
    _closing: Dict[Tuple[int, int], bool]  # ``_closes`` of a ``$ref`` target, by (id, depth)
    checked = 0  # steps spent checking enum values against the branches they go into
    _values: Optional[_Checker] = None  # that check's checker, one per rendering
    _kinds: Optional[Dict[str, Any]] = None  # ``_kind`` of a ``$ref``, by reference
    empty: Dict[int, Tuple[str, str, Any]]  # the ``no_value`` nodes written: pointer, why, the node

    def _joins_objects(self, n: Dict[str, Any]) -> int:
        """How many of *n*'s conjuncts (itself without ``$ref``/``allOf``, its ``$ref``
        target, its ``allOf`` parts) hold an object strict mode would close."""
        own = {k: v for k, v in n.items() if k not in ("$ref", "allOf")}
        parts: List[Any] = [own]
        if isinstance(n.get("$ref"), str):
            parts.append({"$ref": n["$ref"]})
        if isinstance(n.get("allOf"), list):
            parts.extend(n["allOf"])
        return sum(1 for part in parts if self._closes(part, 2))

    def _closes(self, part: Any, depth: int) -> bool:
        """Whether *part* holds an object strict mode would close: itself, or *depth*
        levels down its ``$ref`` target and combinator branches (a target's answer is
        kept: many ``$ref`` to one wide target read it once)."""
        if holds_object(part):
            return True
        if not isinstance(part, dict) or depth == 0:
            return False
        if isinstance(part.get("$ref"), str):
            target = self._target(part["$ref"])
            key = (id(target), depth)
            if key not in self._closing:
                self._closing[key] = self._closes(target, depth - 1)
            if self._closing[key]:
                return True
        for comb in ("allOf", "anyOf", "oneOf"):
            branches = part.get(comb)
            if isinstance(branches, list) and any(self._closes(b, depth - 1) for b in branches):
                return True
        return False

    def _target(self, ref: str) -> Any:
        try:
            return resolve_ref(self.root, ref)
        except ToolwireError:  # normalize has resolved every $ref: nothing to merge then
            return None

    def _conjuncts(self, parts: List[Any], charge: bool = False) -> Optional[List[Any]]:
        """*parts* with each ``$ref`` replaced by its target and each ``allOf`` by its
        parts (all of them hold), ``None`` for a recursive target, a part that is no
        schema object, or past the copy budget. *charge*: each target's size is charged
        to the copy budget before it is copied (a copy per branch, written as it is: n
        ``$ref`` branches to one target of n nodes wrote n² nodes)."""
        out: List[Any] = []
        todo = list(reversed(parts))
        while todo:
            part = todo.pop()
            if part is True:
                continue
            if not isinstance(part, dict):
                return None
            if "$ref" not in part and "allOf" not in part:
                out.append(part)
                continue
            self.copied += 1  # each expansion is a copy: 2^k shared parts stop here
            if self.copied > self.copy_budget:
                return None
            more = part.get("allOf", [])
            if not isinstance(more, list):
                return None
            more = list(more)
            if "$ref" in part:
                ref = part["$ref"]
                if not isinstance(ref, str) or ref in self.recursive:
                    return None
                target = self._target(ref)
                if target is None:
                    return None
                if isinstance(target, dict):
                    target = {k: v for k, v in target.items() if k != "$defs"}
                if charge:
                    self.copied += _size(target, self.copy_budget - self.copied + 1)
                    if self.copied > self.copy_budget:
                        return None
                more.append(target)
            rest = {k: v for k, v in part.items() if k not in ("$ref", "allOf", "$defs")}
            if rest:
                out.append(rest)
            todo.extend(reversed(more))
        return out

    def _merged(
        self, n: Dict[str, Any], names: Optional[Set[str]] = None, charge: bool = False
    ) -> Optional[Dict[str, Any]]:
        """*n* with its ``$ref`` target and ``allOf`` parts merged in, when exact
        (*names*: the set of ``n["required"]``, see ``merge_all_of``; *charge*: see
        ``_conjuncts``)."""
        parts: List[Any] = [{"$ref": n["$ref"]}] if "$ref" in n else []
        if "allOf" in n:
            if not isinstance(n["allOf"], list):
                return None
            parts.extend(n["allOf"])
        flat = self._conjuncts(parts, charge)
        if flat is None:
            return None
        own = {k: v for k, v in n.items() if k not in ("$ref", "allOf")}
        return merge_all_of({**own, "allOf": flat}, names)

    def _closed_once(self, n: Dict[str, Any], ptr: str) -> Optional[Dict[str, Any]]:
        """Strict mode: *n*'s ``$ref`` target and ``allOf`` parts merged into it when
        more than one of them constrains an object; ``None`` when nothing needs it or
        (linted ``not-representable``) it is not exact."""
        if self._joins_objects(n) < 2:
            return None
        merged = self._merged(n)
        keyword = "$ref" if "$ref" in n else "allOf"
        if merged is None:
            self.lint("not-representable", ptr, f"the objects joined by {keyword} cannot be merged into one "
                      "(a recursive or conflicting part, or past the copy budget) and strict mode would close each "
                      "apart, accepting no answer; use strict=False or prompt mode")
            return None
        self.change(ptr, keyword, "rewritten", "merged into one object (strict mode closes each object once)")
        return merged

    def _distributed(self, n: Dict[str, Any], ptr: str) -> Optional[Dict[str, Any]]:
        """Strict mode: an object beside ``anyOf``/``oneOf`` branches as the branches,
        each holding the object's keywords, and none of them left on the parent (which
        would be closed over its own properties alone); ``None`` (linted) when a branch
        cannot take them exactly."""
        part = {k: n[k] for k in OBJECT_KEYWORDS if k in n}
        part["type"] = "object"
        out = {k: v for k, v in n.items() if k not in part}
        size: Optional[int] = None  # nodes and required names in one copy of *part*
        required = part.get("required")
        wanted = set(required) if isinstance(required, list) and all(type(r) is str for r in required) else None
        for comb in ("anyOf", "oneOf"):
            if comb not in out:
                continue
            branches = out[comb]
            if not isinstance(branches, list):
                return None
            written: List[Any] = []
            for b in branches:
                if self._keeps_ref(part, b):
                    written.append(b)
                    continue
                # each branch gets a copy of the object: counted before it is made, not
                # once all are (n properties into n branches was n² before a check)
                if size is None:
                    size = _size(part, self.copy_budget - self.copied + 1)
                self.copied += size
                if self.copied > self.copy_budget:
                    self.lint("too-large", ptr, f"copying the object's properties into each {comb} branch passes "
                              f"{self.copy_budget:,} nodes; strict mode closes each object; use strict=False or "
                              "prompt mode")
                    return None
                merged = self._merged({**part, "allOf": [b]}, wanted, charge=True)  # a target charged too
                if merged is None and self.copied > self.copy_budget:
                    if not self.beside_refused:  # said once: the copies below it stop at the same budget
                        self.beside_refused = True
                        self.lint("too-large", ptr, f"copying the object's properties into each {comb} branch "
                                  f"passes {self.copy_budget:,} nodes; strict mode closes each object; use "
                                  "strict=False or prompt mode")
                    return None
                if merged is None:
                    self.lint("not-representable", ptr, f"the object's properties cannot be merged into each {comb} "
                              "branch, and strict mode would close the object and its branches apart, accepting "
                              "no answer; use strict=False or prompt mode")
                    return None
                written.append(merged)
            out[comb] = written
        names: Dict[str, Any] = n["properties"] if isinstance(n.get("properties"), dict) else {}
        if self.p.union_siblings and all(_within(b, names) for comb in ("anyOf", "oneOf") for b in out.get(comb, ())):
            # no branch adds a property: the parent, closed over the same names, forbids none
            return {**out, **{k: n[k] for k in n if k in part}}
        self.change(ptr, "properties", "rewritten", "the object's keywords moved into each branch (strict mode "
                    "closes each object once)")
        return out

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
        size = _size({key: value}, self.copy_budget - self.copied + 1)  # counted per copy, as ``_distributed``
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
            self.copied += size if own is value else _size({key: own}, self.copy_budget - self.copied + 1)
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

    def no_value(self, ptr: str, why: str) -> Dict[str, Any]:
        """The wire node of a node at *ptr* that accepts no value: a parent ``anyOf``
        leaves it out (``drop_no_values``); one left in the wire is ``unsatisfiable``
        (``lint_no_values``), never sent as if fine."""
        out: Dict[str, Any] = {"not": {}}
        self.empty[id(out)] = (ptr, why, out)  # (kept alive here: its id is not reused)
        return out

    def drop_no_values(self, written: List[Any]) -> List[Any]:
        """The branches of *written* that accept a value (the others matched nothing)."""
        if not self.empty:
            return written
        kept = [w for w in written if id(w) not in self.empty]
        if len(kept) < len(written):
            for w in written:
                self.empty.pop(id(w), None)
        return kept

    def lint_no_values(self, wire: Any) -> None:
        """``unsatisfiable`` for each ``no_value`` node left in *wire* (none dropped it)."""
        if self.empty:
            live = {id(sub) for _, sub in iter_subschemas(wire)}
            for key, (ptr, why, _) in self.empty.items():
                if key in live:
                    self.lint("unsatisfiable", ptr, why)
            self.empty.clear()

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

    def _keeps_ref(self, part: Dict[str, Any], b: Any) -> bool:
        """A lone ``$ref`` to an object under a parent that only says "object": kept."""
        if len(part) != 1 or not isinstance(b, dict) or list(b) != ["$ref"]:
            return False
        target = self._target(b["$ref"]) if isinstance(b["$ref"], str) else None
        return isinstance(target, dict) and target.get("type") == "object"


#: Keywords holding subschemas a check walks (``_passing`` checks flat branches only).
_WALKS = ("$ref", "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "properties", "items", "prefixItems",
          "additionalProperties", "patternProperties", "propertyNames", "contains", "dependentSchemas",
          "unevaluatedProperties", "unevaluatedItems")

#: Beside ``anyOf``, these read what the branches evaluated: in a branch they would not.
_NOT_SPREAD = ("unevaluatedProperties", "unevaluatedItems")


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


def _size(node: Any, cap: int) -> int:
    """The schema nodes of *node*, the names its ``required`` / ``dependentRequired``
    lists hold and its ``enum`` values (one shared in several places counted in each, as a copy writes it),
    counting stops past *cap*."""
    seen, stack = 0, [node]
    while stack and seen <= cap:
        n = stack.pop()
        seen += 1
        if isinstance(n, dict):
            seen += names_in(n)
            stack.extend(n[k] for k in SINGLE_KEYWORDS if k in n)
            stack.extend(v for k in DICT_KEYWORDS if isinstance(n.get(k), dict) for v in n[k].values())
            stack.extend(v for k in LIST_KEYWORDS if isinstance(n.get(k), list) for v in n[k])
    return seen


def names_in(node: Dict[str, Any]) -> int:
    """How many names *node*'s ``required`` and ``dependentRequired`` lists hold, and
    values its ``enum``: a copy writes each (n names or values copied into n branches is
    n² with no node among them)."""
    out = len(node["enum"]) if isinstance(node.get("enum"), list) else 0
    required = node.get("required")
    if isinstance(required, list):
        out += len(required)
    dependent = node.get("dependentRequired")
    if isinstance(dependent, dict):
        out += sum(len(v) for v in dependent.values() if isinstance(v, list))
    return out


def _within(branch: Any, names: Dict[str, Any]) -> bool:
    """Whether *branch* (merged with its parent) allows only the keys in *names*."""
    if not isinstance(branch, dict) or "$ref" in branch or "patternProperties" in branch:
        return False
    props = branch.get("properties")
    return isinstance(props, dict) and all(k in names for k in props)
