"""The ``$ref`` rules of the rewrite: a reference kept, beside its siblings (as they are
or as a one-branch ``anyOf``), or inlined for a profile that takes no ``$ref``, with the
bounds on what inlining may write; and recursion checked against the profile.

Part of the rewrite in ``_rewrite.py``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set

from ._normalize import merge_all_of, resolve_ref
from ._rewrite_keywords import KeywordRewrites
from ._rewrite_shapes import ANNOTATIONS

__all__ = ["INLINED_PER_NODE", "MAX_INLINED", "MAX_INLINED_DEPTH", "RefRewrites"]

# nodes written by inlining ``$ref`` (targets without ``$ref``) at most, beyond
# ``INLINED_PER_NODE`` times the schema's own: a definition used twice by another used
# twice... doubles the inlined schema at each level (2^n nodes from n definitions, a
# caller's schema being hostile input), so past this the rest is not inlined and the
# schema is refused with a lint error
MAX_INLINED = 5_000
INLINED_PER_NODE = 8
# how deep an inlined ``$ref`` may sit: pointer tokens above it plus two per ``$ref``
# being inlined around it (each costs two stack frames of its own). A chain of
# definitions each holding the next nests the inlined schema without bound, and the stack
# with it, so past this the schema is refused with a lint error, well within the default
# recursion limit (the original alone is at most 256 levels deep: ``normalize``)
MAX_INLINED_DEPTH = 300


class RefRewrites(KeywordRewrites):
    """The ``$ref`` rules, mixed into ``Rewriter``."""

    recursive: Set[str]
    cycles: Set[str]
    inlining: List[str]
    inlined: int
    budget: int
    too_large: bool
    beside_ref: Optional[str]

    def _in_cycle(self, ptr: str) -> bool:
        """Whether the node at *ptr* lies inside a recursive definition (a reference there
        may close its cycle; one entering it from outside closes none)."""
        inside = self.cycles
        if "" in inside or ptr in inside:
            return True
        cut = ptr.find("/", 1)
        while cut != -1:  # each enclosing node once: linear in the pointer
            if ptr[:cut] in inside:
                return True
            cut = ptr.find("/", cut + 1)
        return False

    def _ref(self, n: Dict[str, Any], ptr: str, required: bool) -> Any:
        ref = n["$ref"]
        siblings = {k: v for k, v in n.items() if k != "$ref"}
        if ref in self.recursive:
            if not self.p.recursion:
                self.lint("recursion-unsupported", ptr, f"{ref} is recursive; this provider rejects recursive schemas")
            elif self.p.notes.get("recursion") and required and self._in_cycle(ptr):
                self.lint("recursion-unsupported", ptr, f"{ref} is recursive through a required property")
        if self.p.inline_refs:
            if ref in self.inlining and ref in self.recursive:
                return {}  # (met again through no cycle, a sibling $ref to it: one more conjunct, inlined)
            if self.inlined > self.budget:
                if not self.too_large:
                    self.too_large = True
                    self.lint("too-large", ptr, f"inlining $ref expands the schema past {self.budget:,} nodes "
                              "(definitions used many times over); this provider takes no $ref")
                return {}
            if 2 * len(self.inlining) + ptr.count("/") >= MAX_INLINED_DEPTH:
                if not self.too_large:
                    self.too_large = True
                    self.lint("too-large", ptr, f"inlining $ref nests the schema too deeply ({len(self.inlining)} "
                              "definitions inside one another); this provider takes no $ref")
                return {}
            self.inlining.append(ref)
            try:
                self.change(ptr, "$ref", "rewritten", "inlined")
                return self.node(self._inline(resolve_ref(self.root, ref), siblings, ptr), ptr, required)
            finally:
                self.inlining.pop()
        target = ref
        if not siblings:
            return {"$ref": target}
        if self.p.ref_siblings:
            out = self._siblings(siblings, ptr, required)
            out["$ref"] = target
            return out
        self.change(ptr, "$ref", "rewritten", "anyOf: [{$ref}] beside its siblings")
        if not self.p.union_siblings and "anyOf" not in siblings:  # nor beside the anyOf: into its branch
            made = [{"$ref": target}]
            self.split.append(made)  # (written at this pointer)
            try:
                return self.node({**siblings, "anyOf": made}, ptr, required)
            finally:
                self.split.pop()
        rest = self._siblings(siblings, ptr, required)
        if "anyOf" in rest:  # two anyOf cannot share a node
            self.change(ptr, "anyOf", "unsupported", "beside a $ref: checked locally only")
            self.lint("unsupported-keyword", ptr, "anyOf beside $ref is not supported by this provider", "warning")
        rest["anyOf"] = [{"$ref": target}]
        return rest

    def _inline(self, target: Any, siblings: Dict[str, Any], ptr: str) -> Any:
        """The target of a ``$ref`` and its siblings as one schema: both hold, so they are
        merged where that is exact (the tighter bound, the common enum values), else the
        target is a one-branch ``anyOf`` (an ``allOf`` beside an ``anyOf``) beside them."""
        if not isinstance(target, dict):
            return siblings if target is True and siblings else target
        target = {k: v for k, v in target.items() if k != "$defs"}
        if not siblings:
            return target
        both = {**siblings, "allOf": [*siblings.get("allOf", ()), target]}
        merged = merge_all_of(both)
        if merged is not None:
            return merged
        if "anyOf" in siblings:  # an allOf, merged or reported by the profile's rules
            return both
        self.change(ptr, "$ref", "rewritten", "a one-branch anyOf beside its siblings")
        return {**siblings, "anyOf": [target]}

    def _siblings(self, siblings: Dict[str, Any], ptr: str, required: bool) -> Dict[str, Any]:
        if any(k not in ANNOTATIONS for k in siblings):
            outer, self.beside_ref = self.beside_ref, ptr  # typed by the $ref beside them
            try:
                out = self.node(siblings, ptr, required)
            finally:
                self.beside_ref = outer
            assert isinstance(out, dict)
            return out
        return self._annotations(siblings, ptr)
