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
(P and B2)), leaving the parent nothing to close (a branch whose type, or its
``enum``/``const`` values' or ``anyOf`` branches', holds no object is left as it is, the object keywords not
applying to it, and left out beside ``type: "object"``); where that is not exact (a recursive
target, keywords with no merged form, the copy budget) the node is
``not-representable``: never a wire schema that accepts nothing reported lossless. The
other keywords beside an ``anyOf``, where the profile takes none: ``_rewrite_any_of.py``.

Part of the rewrite in ``_rewrite.py``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple

from .._errors import ToolwireError
from ._normalize import DICT_KEYWORDS, LIST_KEYWORDS, SINGLE_KEYWORDS, merge_all_of, resolve_ref
from ._rewrite_shapes import _BY_TYPE, _PER_TYPE, ShapeRewrites
from ._util import json_type

__all__ = ["OBJECT_KEYWORDS", "ConjunctionRewrites", "holds_object", "names_in", "size_of"]

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
    ref_kinds: Dict[Tuple[str, int], Any]  # ``_kind_of`` a lone ``$ref``, by reference and depth
    assumed: Set[int]  # branches typed ``object`` by the copy of an untyped node's keywords
    beside_refused: bool  # ``too-large`` said once for the copies into anyOf branches (a target's with them)
    split: List[Any]  # the anyOf lists the rewrite made (``_rewrite.py``)
    _closing: Dict[Tuple[int, int], bool]  # ``_closes`` of a ``$ref`` target, by (id, depth)

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
                    self.copied += size_of(target, self.copy_budget - self.copied + 1)
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
        cannot take them exactly. Under a node of no ``type``, a branch of several types
        (``["object", "string"]``) is its object part holding them and the rest as it is:
        object keywords pass every value that is no object (core 10.3.2)."""
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
                kind = self._kind_of(b)
                if kind == "object" and len(part) == 1:
                    written.append(b)  # (``type: object`` beside an object branch: it says so already)
                    continue
                if _no_object(kind):  # the object keywords do not apply to it
                    if id(n) in self.assumed:  # (``type: object`` only said by the copy: not left out)
                        self.lint("not-representable", ptr, f"the object's properties cannot be merged into each "
                                  f"{comb} branch of a node whose type is not known, and strict mode would close "
                                  "the object and its branches apart; use strict=False or prompt mode")
                        return None
                    if n.get("type") != "object":
                        written.append(b)  # (``properties`` beside an enum of strings: the branch as it is)
                    continue  # (``type: object`` beside an integer branch: nothing in common, left out)
                rest = None  # the branch's values that are no object: the object keywords pass them
                untyped = n.get("type") != "object" or id(n) in self.assumed
                if untyped and kind is None and (b is True or (isinstance(b, dict) and "$ref" not in b)):
                    # a branch of no type takes values of every type: its object part holds the
                    # keywords, the rest passes them (a seed of the fuzz: read as an object alone)
                    b, kind = {} if b is True else b, list(_EVERY_TYPE)
                    b = {**b, "type": kind}
                if untyped and isinstance(kind, list) and any(k != "object" for k in kind):
                    if not (isinstance(b, dict) and b.get("type") == kind and "$ref" not in b):
                        self.lint("not-representable", ptr, f"the object's properties cannot be merged into an {comb} "
                                  "branch of several types named by $ref, beside a node whose type is not known; "
                                  "use strict=False or prompt mode")
                        return None
                    others = [k for k in kind if k != "object"]  # (each part without the keywords of
                    rest = {k: v for k, v in b.items() if k not in OBJECT_KEYWORDS and k not in _apart(others)}
                    rest["type"] = others[0] if len(others) == 1 else others  # the types it is not: no effect)
                    b = {**{k: v for k, v in b.items() if k not in _apart(["object"])}, "type": "object"}
                # each branch gets a copy of the object: counted before it is made, not
                # once all are (n properties into n branches was n² before a check)
                if size is None:
                    size = size_of(part, self.copy_budget - self.copied + 1)
                self.copied += size
                if self.copied > self.copy_budget:
                    self.lint("too-large", ptr, f"copying the object's properties into each {comb} branch passes "
                              f"{self.copy_budget:,} nodes; strict mode closes each object; use strict=False or "
                              "prompt mode")
                    return None
                # (a target charged too; the object part of a branch of several types that says no
                # more than ``object`` is the object alone)
                merged = dict(part) if rest is not None and b == {"type": "object"} else \
                    self._merged({**part, "allOf": [b]}, wanted, charge=True)
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
                if (n.get("type") != "object" or id(n) in self.assumed) and kind != "object" and \
                        rest is None and isinstance(merged, dict):
                    # typed ``object`` by the copy, not by the original (an object part beside its
                    # ``rest`` holds the branch's objects exactly: read for contradictions, left out)
                    self.assumed.add(id(merged))
                written.append(merged)
                if rest is not None:
                    written.append(rest)
            out[comb] = written
        names: Dict[str, Any] = n["properties"] if isinstance(n.get("properties"), dict) else {}
        if self.p.union_siblings and all(_within(b, names) for comb in ("anyOf", "oneOf") for b in out.get(comb, ())):
            # no branch adds a property: the parent, closed over the same names, forbids none
            return {**out, **{k: n[k] for k in n if k in part}}
        self.change(ptr, "properties", "rewritten", "the object's keywords moved into each branch (strict mode "
                    "closes each object once)")
        return out

    def _kind_of(self, b: Any, depth: int = 3) -> Any:
        """The ``type`` of the branch *b*: its own, its ``$ref`` target's (``_kind``; a lone
        ``$ref``'s target read as a branch, *depth* levels down), else
        the types of its ``enum`` / ``const`` values, else those of its ``anyOf`` /
        ``oneOf`` branches (*depth* levels down); ``None`` when none says."""
        kind = self._kind(b)
        if kind is None and isinstance(b, dict) and list(b) == ["$ref"] and isinstance(b["$ref"], str) and depth:
            at = (b["$ref"], depth)  # (a lone ``$ref``: its target's, read once per reference and depth)
            if at not in self.ref_kinds:
                self.ref_kinds[at] = None  # (a cycle of references ends here: no type)
                self.ref_kinds[at] = self._kind_of(self._target(b["$ref"]), depth - 1)
            return self.ref_kinds[at]
        if kind is not None or not isinstance(b, dict) or "type" in b or "$ref" in b:
            return kind
        values = b["enum"] if isinstance(b.get("enum"), list) else [b["const"]] if "const" in b else None
        if values:
            return sorted({json_type(v) for v in values})
        branches = b.get("anyOf", b.get("oneOf"))
        if not isinstance(branches, list) or not branches or depth == 0 or any(k in b for k in OBJECT_KEYWORDS):
            return None
        kinds: Set[str] = set()
        for sub in branches:
            own = self._kind_of(sub, depth - 1)
            if not isinstance(own, (str, list)):
                return None
            kinds.update([own] if isinstance(own, str) else own)
        return sorted(kinds)

    def _kind(self, b: Any) -> Any:  # (``AnyOfRewrites._kind``)
        raise NotImplementedError

    def _keeps_ref(self, part: Dict[str, Any], b: Any) -> bool:
        """A lone ``$ref`` to an object under a parent that only says "object": kept."""
        if len(part) != 1 or not isinstance(b, dict) or list(b) != ["$ref"]:
            return False
        target = self._target(b["$ref"]) if isinstance(b["$ref"], str) else None
        return isinstance(target, dict) and target.get("type") == "object"


def size_of(node: Any, cap: int) -> int:
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


#: every JSON type (``number`` holding ``integer``), as a ``type`` array
_EVERY_TYPE = ("object", "array", "string", "number", "boolean", "null")


def _apart(kinds: List[str]) -> Set[str]:
    """The keywords of other types than *kinds* (``minLength`` beside an object: no effect)."""
    return set(_PER_TYPE).difference(*(_BY_TYPE.get(t, ()) for t in kinds))


def _no_object(kind: Any) -> bool:
    """Whether the ``type`` *kind* (a name or a list of names) holds no object."""
    if isinstance(kind, str):
        return kind != "object"
    return isinstance(kind, list) and bool(kind) and all(isinstance(k, str) and k != "object" for k in kind)


def _within(branch: Any, names: Dict[str, Any]) -> bool:
    """Whether *branch* (merged with its parent) allows only the keys in *names*."""
    if not isinstance(branch, dict) or "$ref" in branch or "patternProperties" in branch:
        return False
    props = branch.get("properties")
    return isinstance(props, dict) and all(k in names for k in props)
