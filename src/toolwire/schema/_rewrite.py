"""The JSON->JSON rewrite of a normal-form schema into one provider's wire schema.

Each rewrite is reported as a ``Change`` (pointer into the original schema, keyword,
action) and problems as ``Lint`` records; the rules per provider are its target's
``Profile`` (in the provider's package, with sources and dates). The rewrite never makes the wire schema
accept an answer the original rejects without reporting it as lossy, and everything it
changes in the answer's shape (root wrapper, required-all shim, map pairs, free-form
strings) is undone by ``_mapback.py`` before validation against the original.

The rules live in mixins, one module each: ``_rewrite_shapes.py`` (type arrays, OpenAPI
nullability, free-form objects), ``_rewrite_objects.py`` (arrays and objects),
``_rewrite_keywords.py`` (each keyword by the profile), ``_rewrite_refs.py`` (``$ref``),
``_rewrite_conjunctions.py`` (conjunctions of objects in strict mode),
``_rewrite_any_of.py`` (the keywords beside an ``anyOf`` where the profile takes none) and
``_rewrite_as_is.py`` (a profile that sends the schema as it is: vLLM, Ollama; the root wrapper).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Set, Tuple

from .._target import Profile
from ._disjoint import disjoint
from ._empty_bounds import NoneMemo, none_of_type
from ._engine_rules import FALSE_AT
from ._hoist import hoist_targets
from ._no_value_bounds import contradiction
from ._normalize import iter_subschemas, merge_all_of
from ._recursion import recursive_refs
from ._report import Change, Lint
from ._rewrite_any_of import AnyOfRewrites
from ._rewrite_as_is import AsIsRewrites
from ._rewrite_conjunctions import _apart, names_in
from ._rewrite_keywords import _hint, _lone
from ._rewrite_no_values import NoValueRewrites
from ._rewrite_objects import ObjectRewrites
from ._rewrite_refs import INLINED_PER_NODE, MAX_INLINED, RefRewrites
from ._rewrite_shapes import ANNOTATIONS, Options, accepts_all, holds_shape, is_open_object
from ._string_branches import ambiguous_unions, takes_array
from ._util import escape_token, json_type

__all__ = ["ANNOTATIONS", "MAX_INLINED", "Rewriter"]


class Rewriter(RefRewrites, ObjectRewrites, AnyOfRewrites, NoValueRewrites, AsIsRewrites):
    """One rewrite of *root* (normal form) for *profile*; read ``report`` and ``lints``."""

    def __init__(self, root: Any, profile: Profile, options: Options) -> None:
        self.p = profile
        self.o = options
        self.report: List[Change] = []
        self.lints: List[Lint] = []
        if not (profile.permissive or profile.inline_refs):  # inlining reads the original
            root, moved = hoist_targets(root)
            for ptr, old, new in moved:
                self.change(ptr, "$ref", "rewritten", f"{old} moved to {new}")
        self.root = root
        self.recursive = recursive_refs(root) if isinstance(root, dict) else set()
        self.cycles = {r[1:] for r in self.recursive if r.startswith("#")}  # pointers of the recursive nodes
        self.inlining: List[str] = []
        self.inlined = 0  # nodes written inside an inlined ``$ref``
        self.too_large = False
        self.budget = MAX_INLINED
        size, names, self.falses = 0, 0, 0  # (self.falses: the false ``engine_moves`` reads)
        for at, sub in iter_subschemas(root) if isinstance(root, dict) else ():
            size, self.falses = size + 1, self.falses + (sub is False and at.rpartition("/")[0].endswith(FALSE_AT))
            if isinstance(sub, dict) and ("required" in sub or "dependentRequired" in sub or "enum" in sub):
                names += names_in(sub)
        size = size or 1
        if profile.inline_refs:
            self.budget += INLINED_PER_NODE * size
        # nodes written in branches given their parent's properties: nested "at least
        # one of" objects would copy each level's properties into each branch (k^depth)
        # (and the required names and enum values they are given: counted by ``_size`` as well)
        self.copied, self.copy_budget = 0, MAX_INLINED + size + names
        self.beside_refused = False
        self._closing: Dict[Tuple[int, int], bool] = {}
        self.beside_ref: Optional[str] = None  # pointer of the $ref whose siblings are being rewritten
        self.copying = 0  # depth of branches given a copy of their parent's properties
        # nodes written in the branches of a split type array, each given the anyOf beside
        # it: nested, each level writes the one below once per type (k^depth)
        self.spread, self.spread_budget, self.spreading = 0, MAX_INLINED + INLINED_PER_NODE * size, 0
        self.wrapped = False
        self.split: List[Any] = []  # the anyOf lists written by splitting a type array
        # (pointer, anyOf/oneOf written) with free_form="string" or maps="pairs"
        self.unions: List[Tuple[str, List[Any]]] = []
        self.bare_nulls: Dict[int, Tuple[str, Any]] = {}  # OpenAPI: null alone, see _bare_null
        self.empty: Dict[int, Tuple[str, str, Any]] = {}  # nodes with no value, see ``no_value``
        self.ref_kinds: Dict[Tuple[str, int], Any] = {}  # see ``_kind_of``
        self.assumed: Set[int] = set()  # copies typed ``object`` by ``_distributed`` alone
        self.narrowed: Set[int] = set()  # wire nodes typed ``object`` for ``properties`` alone
        self.allowed: Dict[int, Any] = {}  # the types and listed values each node allows (``allowed``)
        self.nones: NoneMemo = {}  # each subschema's verdict of no value (``none_of_type``)

    # ------------------------------------------------------------------------------
    def run(self) -> Any:
        root = self.root
        if self.p.permissive:
            return self._object_root(self.as_is(root))
        try:
            wire = self.node(root, "", required=False)
            if isinstance(root, dict) and "$defs" in root and not self.p.inline_refs:
                defs = {}
                for name, sub in root["$defs"].items():
                    ptr = f"/$defs/{escape_token(name)}"
                    defs[name] = self.node(sub, ptr, required=False)
                wire["$defs"] = defs
        except RecursionError:  # a caller already deep in its stack, or keywords copied down a chain of $defs
            self.lint("too-large", "", "the schema is nested too deeply to rewrite at this stack depth")
            return {}
        self.report_bare_nulls()
        self.settle_no_values(wire)
        if self._as_strings:
            for ptr in ambiguous_unions(wire, self.unions, self._as_strings):
                self.lint("not-representable", ptr, "a free-form object sent as a JSON string beside a branch that "
                          "takes a string: a string answer could be either; use strict=False or prompt mode")
        if self._as_pairs:
            for ptr in ambiguous_unions(wire, self.unions, self._as_pairs, takes_array):
                self.lint("not-representable", ptr, "a map sent as [{key, value}] pairs beside a branch that takes "
                          "an array: an array answer could be either; use strict=False or prompt mode")
        return self._object_root(wire)

    # ------------------------------------------------------------------------------
    def node(self, n: Any, ptr: str, required: bool) -> Any:
        p = self.p
        if self.inlining:
            self.inlined += 1
        if self.copying:
            self.copied += 1
        if self.spreading:
            self.spread += 1
        if n is True or (isinstance(n, dict) and all(k in ANNOTATIONS for k in n)):
            if p.strict:
                self.lint("not-representable", ptr, "an untyped schema cannot be sent in strict mode")
            return {} if n is True else self._annotations(n, ptr)
        if n is False:  # left out by a parent that can, else unsatisfiable (``no_value``)
            return self.no_value(ptr, "the false schema accepts no value")
        assert isinstance(n, dict)
        if n.get("enum") == []:
            return self.no_value(ptr, "an empty enum accepts no value")
        if "not" in n and accepts_all(n["not"]):
            return self.no_value(ptr, "not of a schema accepting every value: no value is accepted")
        # (a copy typed ``object`` by ``_distributed`` alone: its type is no keyword of the original)
        clash = None if id(n) in self.assumed else contradiction(n, memo=self.allowed, root=self.root, nones=self.nones)
        if clash is not None:
            return self.no_value(ptr, clash)
        self._lint_common(n, ptr)
        assumed, n = id(n) in self.assumed, dict(n)
        narrowed = False
        if assumed:
            self.assumed.add(id(n))  # (typed ``object`` by ``_distributed`` alone: the same node)
        n.pop("$defs", None)
        if p.strict and ("$ref" in n or "allOf" in n):
            merged = self._closed_once(n, ptr)
            if merged is not None:
                return self._copy(merged, ptr, required)
        # $ref
        if "$ref" in n:
            return self._ref(n, ptr, required)
        if "allOf" in n and "allOf" in p.supported and not p.all_of_refs and _holds_ref(n["allOf"]):
            merged = merge_all_of(n)
            if merged is not None:
                self.change(ptr, "allOf", "rewritten", "merged (this provider takes no $ref in allOf)")
                return self.node(merged, ptr, required)
            self.lint("unsupported-keyword", ptr, "allOf combined with $ref cannot be merged for this provider")
        if "allOf" in n and "allOf" not in p.supported:
            merged = merge_all_of(n)
            if merged is not None:
                self.change(ptr, "allOf", "rewritten", "merged")
                return self.node(merged, ptr, required)
            self.change(ptr, "allOf", "unsupported")
            self.lint("unsupported-keyword", ptr, "allOf cannot be merged for this provider")
            n.pop("allOf")
        if "enum" in n and "const" in n:
            self._enum_and_const(n, ptr)
            if not n["enum"]:  # left out by a parent anyOf, else unsatisfiable
                return self.no_value(ptr, "the const is not one of the enum values: no value is accepted")
        if "oneOf" in n and "oneOf" not in p.supported and "anyOf" in n:
            n.pop("oneOf")  # two anyOf cannot share a node
            self.change(ptr, "oneOf", "unsupported", "beside an anyOf: checked locally only")
            self.lint("unsupported-keyword", ptr, "oneOf beside anyOf is not supported by this provider", "warning")
        if "oneOf" in n and "oneOf" not in p.supported:
            n["anyOf"] = n.pop("oneOf")
            self.change(ptr, "oneOf", "rewritten", "anyOf")
            if not self._disjoint(n["anyOf"], n):
                self.change(ptr, "oneOf", "dropped", "exclusivity is checked locally only")
        if "const" in n and "const" not in p.supported and _lone(n["const"]) not in p.enum_types \
                and _lone(n["const"]) in ("null", "boolean"):
            self._lone_const(n, ptr)
        if "const" in n and ("const" not in p.supported):
            value = n.pop("const")
            n.setdefault(
                "type", json_type(value) if json_type(value) != "integer" or isinstance(value, int) else "number"
            )
            n["enum"] = [value]
            self.change(ptr, "const", "rewritten", "a one-value enum")
        if (
            self.o.int_range_as_enum
            and "integer" in p.enum_types
            and n.get("type") == "integer"
            and isinstance(n.get("minimum"), int)
            and isinstance(n.get("maximum"), int)
            and "enum" not in n
        ):
            lo, hi = n["minimum"], n["maximum"]
            if 0 <= hi - lo < self.o.int_range_as_enum:
                n["enum"] = list(range(lo, hi + 1))
                del n["minimum"], n["maximum"]
                self.change(ptr, "minimum", "rewritten", "integer range as enum")
                self.change(ptr, "maximum", "rewritten", "integer range as enum")
        if p.typed_enum_branches and "type" not in n:
            self._typed_values(n, ptr)
        if "type" not in n and "properties" in n and none_of_type(n, "object", memo=self.nones):
            del n["properties"]  # (every object refused as well without them: exact, never read as an object)
            self.change(ptr, "properties", "rewritten", "no object is accepted (the object keywords contradict): "
                        "left out, the node's other values stay")
        if "type" not in n and "properties" in n and not any(k in n for k in ("anyOf", "oneOf", "allOf")):
            narrowed, n = True, {"type": "object", **n}
            self.change(ptr, "type", "narrowed", "properties without a type read as an object")
        types = n.get("type")
        if (p.strict or p.openapi or p.typed_keywords) and not assumed and (
                isinstance(types, str) or isinstance(types, list) and types and all(isinstance(t, str) for t in types)):
            for key in sorted(_apart([types] if isinstance(types, str) else types).intersection(n)):
                if key == "format" and not p.strict:
                    continue  # (Gemini takes a format on numbers: int32, int64, float, double)
                del n[key]  # (``properties`` on a string: no effect; OpenAI refuses it there, Gemini's
                # Schema too: "properties: only allowed for OBJECT type")
                self.change(ptr, key, "rewritten", "a keyword of another type than the node's: no effect, left out")
        if isinstance(types, list) and (
            not p.type_arrays or (p.typed_enum_branches and ("enum" in n)) or holds_shape(n, types, p.strict)
        ):
            return self._split_types(n, ptr, required)
        refused = False
        if p.strict and ("anyOf" in n or "oneOf" in n) and (n.get("type") == "object" or (
                "type" not in n and "properties" in n)):
            spread = self._distributed(n, ptr)  # its copies counted as it makes them
            if spread is None:
                refused = True  # linted there: not copied again below
            else:
                n = spread
        if not p.union_siblings and not refused and isinstance(n.get("anyOf"), list) and \
                any(k != "anyOf" and k not in ANNOTATIONS for k in n):
            into = self._into_branches(n, ptr)
            if isinstance(into, str):  # no value: left out by a parent anyOf, else unsatisfiable
                return self.no_value(ptr, into)
            n = into
        if p.strict and is_open_object(n):
            return self._free_form(n, ptr)
        out: Dict[str, Any] = {}
        hints: List[str] = []
        for key, value in n.items():
            if key in (
                "properties",
                "required",
                "additionalProperties",
                "items",
                "anyOf",
                "allOf",
                "oneOf",
                "prefixItems",
            ):
                continue
            self._keyword(out, hints, key, value, ptr)
        if "anyOf" in n or "oneOf" in n or "allOf" in n:
            for comb in ("anyOf", "oneOf", "allOf"):
                if comb in n:
                    # the branches of a split type array sit at the pointer of the array
                    own = not any(made is n[comb] for made in self.split)
                    out[comb] = [
                        self._branch(n, b, f"{ptr}/{comb}/{i}" if own else ptr, required) for i, b in enumerate(n[comb])
                    ]
                    if comb == "anyOf":
                        out[comb] = self.drop_no_values(out[comb])
                        if not out[comb]:
                            return self.no_value(ptr, "no anyOf branch has a value: no value is accepted")
                    if comb != "allOf" and (self.o.free_form == "string" or self.o.maps == "pairs"):
                        self.unions.append((ptr, out[comb]))  # checked once all is written
            if p.openapi and not self._openapi_nullable(out, ptr):  # (left out by a parent that can)
                return self.no_value(ptr, "the type excludes null, the only branch of anyOf")
        if "items" in n or "prefixItems" in n:
            self._array(n, out, hints, ptr, required)
        elif (p.strict or p.openapi) and n.get("type") == "array":  # Gemini's Schema: "items: missing field"
            if out.get("maxItems") == 0 and not isinstance(out["maxItems"], bool):  # must be empty: exact
                self.empty_array(out, ptr)
            else:
                self.lint("not-representable", ptr, "an array without items cannot be sent in " +
                          ("strict mode" if p.strict else "OpenAPI form"))
        if n.get("type") == "object" or "properties" in n:
            self._object(n, out, hints, ptr, narrowed)
        elif "type" not in n:
            for key in ("required", "additionalProperties"):
                if key in n:
                    self.change(ptr, key, "moved", "into description (no object type)")
                    hints.append(f"{key}: {json.dumps(n[key], ensure_ascii=False)}")
        _hint(out, hints)
        typed = any(k in out for k in ("type", "anyOf", "oneOf", "allOf", "enum", "const", "$ref"))
        if p.strict and not typed and ptr != self.beside_ref:
            self.lint("not-representable", ptr, "an untyped schema cannot be sent in strict mode")
        if p.openapi:
            self._bare_null(n, out, ptr)
        if narrowed:
            self.narrowed.add(id(out))  # (its objects alone have no value where a required property has none)
        return out

    def _typed_values(self, n: Dict[str, Any], ptr: str) -> None:
        """A type-less ``enum`` or ``const`` given the type of its values (OpenAI strict
        mode refuses a node without ``type``), in place. Left as it is: values of
        several types where the profile takes a type-less enum (a type array would be a
        union), and an object or array value (``unsupported-enum``, never a free-form
        object branch)."""
        values = n.get("enum") if "enum" in n else [n["const"]] if "const" in n else None
        if not isinstance(values, list) or not values:
            return
        kinds: List[str] = []
        for value in values:
            kind = json_type(value)
            if kind == "integer" and "const" in n and not isinstance(value, int):  # 3.0, as a const on Gemini
                kind = "number"
            if kind not in kinds:
                kinds.append(kind)
        if "integer" in kinds and "number" in kinds:
            kinds.remove("integer")
        if "object" in kinds or "array" in kinds or (self.p.typeless_enum and ("const" in n or len(kinds) > 1)):
            return
        n["type"] = kinds[0] if len(kinds) == 1 else kinds
        self.change(ptr, "type", "rewritten", "inferred from the enum values" if "enum" in n else
                    "inferred from the const value")

    def _branch(self, parent: Dict[str, Any], b: Any, ptr: str, required: bool) -> Any:
        """A combinator branch; one without a type takes its parent's (an object's
        properties too): P and (B1 or B2) is (P and B1) or (P and B2)."""
        kind = parent.get("type")
        if (
            not isinstance(kind, str)
            or not isinstance(b, dict)
            or any(k in b for k in ("type", "$ref", "enum", "const"))
            or all(k in ANNOTATIONS for k in b)
        ):
            return self.node(b, ptr, required)
        if kind != "object":
            self.change(ptr, "type", "rewritten", "the parent's type")
            return self.node({"type": kind, **b}, ptr, required)
        part = {k: parent[k] for k in ("properties", "additionalProperties", "patternProperties") if k in parent}
        own = b.get("allOf", [])  # the branch's own conjuncts hold as well
        merged = (
            merge_all_of({**b, "allOf": [*(own if isinstance(own, list) else [own]), {"type": "object", **part}]})
            if self.copied <= self.copy_budget
            else None
        )
        if merged is None:
            return self.node(b, ptr, required)
        self.change(ptr, "type", "rewritten", "the parent's type and properties")
        self.copying += 1
        try:
            return self.node(merged, ptr, required)
        finally:
            self.copying -= 1

    def _copy(self, merged: Dict[str, Any], ptr: str, required: bool) -> Any:
        """*merged* (holding copies of ``$ref`` targets) written at *ptr*, counted
        against the copy budget."""
        self.copying += 1
        try:
            return self.node(merged, ptr, required)
        finally:
            self.copying -= 1

    def _disjoint(self, branches: List[Any], parent: Dict[str, Any]) -> bool:
        return disjoint(self.root, branches, parent)


def _holds_ref(branches: Any) -> bool:
    return isinstance(branches, list) and any(isinstance(b, dict) and "$ref" in b for b in branches)
