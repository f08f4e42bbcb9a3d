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
its object and a ``$defs`` entry to each ``$ref`` naming it (``_rewrite_no_values``: the
same through ``$ref`` as inline; an entry nothing names is not sent), and which is
``unsatisfiable`` (a lint error) anywhere else: never sent beside the ``anyOf`` as if
fine.

Part of the rewrite in ``_rewrite.py``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple, Union

from ._rewrite_conjunctions import ConjunctionRewrites, size_of
from ._rewrite_shapes import _BY_TYPE, ANNOTATIONS, types_apart
from ._util import json_equal, json_type
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
