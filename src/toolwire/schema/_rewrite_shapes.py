"""Rewrites of one schema shape for a profile: type arrays, OpenAPI nullability and
free-form objects (arrays and objects: ``_rewrite_objects.py``); the base of the
rewrite's mixins; and the schema facts the rewrite and the map-back share.

Part of the rewrite in ``_rewrite.py``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple

from .._target import Profile
from ._empty_bounds import NoneMemo, none_of_type, outside
from ._report import Change, Lint
from ._util import json_equal, json_type
from ._validate import _Checker, stack_room

__all__ = ["ANNOTATIONS", "Options", "ShapeRewrites", "accepts_all", "accepts_null", "holds_shape", "is_free_form",
           "is_open_object", "types_apart"]

ANNOTATIONS = frozenset(
    (
        "title",
        "description",
        "default",
        "examples",
        "$comment",
        "deprecated",
        "readOnly",
        "writeOnly",
        "discriminator",
        "example",
        "$id",
        "$anchor",
        "contentMediaType",
        "contentEncoding",
    )
)
_BY_TYPE = {
    "string": ("minLength", "maxLength", "pattern", "format"),
    "integer": ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"),
    "number": ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"),
    "array": tuple(
        (
            "items",
            "prefixItems",
            "minItems",
            "maxItems",
            "uniqueItems",
            "contains",
            "minContains",
            "maxContains",
            "unevaluatedItems",
        )
    ),
    "object": tuple(
        (
            "properties",
            "required",
            "additionalProperties",
            "patternProperties",
            "propertyNames",
            "minProperties",
            "maxProperties",
            "dependentRequired",
            "dependentSchemas",
            "unevaluatedProperties",
        )
    ),
}

_PER_TYPE = frozenset(k for keys in _BY_TYPE.values() for k in keys)
_SPREAD = ("type", "enum", "const", "anyOf", "oneOf")


class Options:
    """Opt-in rewrites: ``maps="pairs"``, ``free_form="string"``, ``int_range_as_enum``."""

    __slots__ = ("free_form", "int_range_as_enum", "maps", "nulls")

    def __init__(self, maps: Optional[str] = None, free_form: Optional[str] = None, int_range_as_enum: int = 0) -> None:
        self.maps = maps
        self.free_form = free_form
        self.int_range_as_enum = int_range_as_enum
        #: set by ``render``: optional properties were made required and nullable, so
        #: ``decode`` removes a ``null`` the original does not allow (never otherwise)
        self.nulls = False


def accepts_null(root: Any, node: Any, checker: Optional[_Checker] = None) -> bool:
    """True when ``null`` is a valid value of *node* (refs resolved against *root*).
    *checker*: one for *root* that remembers its answers (a rendering asks for each
    optional property: a new checker per property walked a ``$ref`` chain again each
    time, n² for n properties each naming the one before)."""
    if checker is None:
        checker = _Checker(root, False)
    else:
        checker.room = stack_room()  # the room from here: it may be asked deeper than made
    probe: List[Any] = []
    checker.run(None, node, "", "", probe, first=True)
    return not probe


def accepts_all(node: Any) -> bool:
    """Whether *node* accepts every value as written: ``true``, or annotations alone
    (``{}``); its ``not`` accepts none (JSON Schema 2020-12 core, 10.2.1.4)."""
    return node is True or (isinstance(node, dict) and all(k in ANNOTATIONS for k in node))


def _object_typed(node: Dict[str, Any]) -> bool:
    """``type`` is ``object``, or a type array naming ``object`` but not ``string`` (a
    string there could be the free-form object sent as a string, or a string)."""
    kind = node.get("type")
    return kind == "object" or (isinstance(kind, list) and "object" in kind and "string" not in kind)


def is_free_form(node: Any) -> bool:
    """An object schema with no properties that accepts any keys (``{"type":"object"}``,
    also ``{"type": ["object", "null"]}``)."""
    if not isinstance(node, dict) or not _object_typed(node):
        return False
    return not node.get("properties") and node.get("additionalProperties", True) is True


def is_open_object(node: Any) -> bool:
    """A free-form object, or an object schema with ``additionalProperties: true``."""
    return is_free_form(node) or (
        isinstance(node, dict) and _object_typed(node) and node.get("additionalProperties") is True
    )


def types_apart(kind: Any, branch: Any) -> bool:
    """Whether the ``type`` *kind* and the branch's ``type`` share no value (``integer``
    is a ``number``); ``False`` for a branch without a ``type`` of its own."""
    if not isinstance(branch, dict) or "type" not in branch:
        return False
    mine = set(kind) if isinstance(kind, list) else {kind}
    theirs = set(branch["type"]) if isinstance(branch["type"], list) else {branch["type"]}
    for a, b in (("integer", "number"), ("number", "integer")):
        if a in mine and b in theirs:
            return False
    return not (mine & theirs)


def holds_shape(node: Dict[str, Any], types: List[Any], strict: bool) -> bool:
    """A type array naming ``object`` or ``array`` whose branch needs the object or
    array rewrites: it has keywords of that type, or the profile is strict (an object
    is closed, a free-form object or an array without items is not representable)."""
    return any(t in types and (strict or any(k in node for k in _BY_TYPE[t])) for t in ("object", "array"))


_TIGHTER = {"minimum": max, "minLength": max, "minItems": max, "minProperties": max,
            "maximum": min, "maxLength": min, "maxItems": min, "maxProperties": min}


def _intersect(a: Dict[str, Any], b: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """*a* and *b* as one schema accepting exactly what both accept, else ``None``."""
    out = dict(a)
    for key, value in b.items():
        if key not in out or json_equal(out[key], value) or key in ("title", "description"):
            out.setdefault(key, value)
        elif key in _TIGHTER and not isinstance(value, bool) and not isinstance(out[key], bool):
            out[key] = _TIGHTER[key](out[key], value)
        else:
            return None
    return out


class ShapeRewrites:
    """The shape rewrites, mixed into ``Rewriter`` (which provides ``node``)."""

    root: Any
    p: Profile
    o: Options
    report: List[Change]
    lints: List[Lint]
    split: List[Any]
    bare_nulls: Dict[int, Tuple[str, Any]]
    empty: Dict[int, Tuple[str, str, Any]]  # the nodes written with no value: pointer, why, the node
    narrowed: Set[int]  # the wire nodes typed ``object`` for their ``properties`` alone
    nones: NoneMemo  # each subschema's verdict of no value (``none_of_type``), one per rendering
    _nulls: Optional[_Checker] = None  # ``accepts_null``'s checker, one per rendering
    _as_strings: Optional[Set[int]] = None  # the wire nodes of free-form objects sent as strings
    spread: int
    spread_budget: int
    spreading: int
    _spread_refused = False

    def no_value(self, ptr: str, why: str) -> Dict[str, Any]:
        """The wire node of a node at *ptr* that accepts no value: a parent that can
        leave it out does (``settle_no_values``: an ``anyOf``, an optional property as
        null alone, ``items`` as ``maxItems: 0``); one left in the wire is
        ``unsatisfiable``, never sent as if fine."""
        out: Dict[str, Any] = {"not": {}}
        self.empty[id(out)] = (ptr, why, out)  # (kept alive here: its id is not reused)
        return out

    def empty_array(self, out: Dict[str, Any], ptr: str) -> None:
        """*out*, an array that must be empty, given ``maxItems: 0`` and, of ``type`` array
        where the profile needs ``items`` on every array (OpenAI strict mode: pydantic-ai's
        transformer; Gemini's OpenAPI ``Schema``: "items: missing field"), a placeholder
        ``items`` of type string: ``maxItems: 0`` refuses every item, so it is exact."""
        out["maxItems"] = 0
        if (self.p.strict or self.p.openapi) and out.get("type") == "array":
            out["items"] = {"type": "string"}
            self.change(ptr, "items", "rewritten", "a placeholder beside maxItems: 0 (every array needs items)")

    def node(self, n: Any, ptr: str, required: bool) -> Any:
        raise NotImplementedError

    def change(self, ptr: str, kw: str, action: str, note: str = "") -> None:
        self.report.append(Change(ptr, kw, action, note))

    def lint(self, code: str, ptr: str, msg: str, severity: str = "error") -> None:
        self.lints.append(Lint(code, ptr, msg, severity))

    def _split_types(self, n: Dict[str, Any], ptr: str, required: bool) -> Any:
        """One branch per type with that type's keywords (and its ``enum`` values or
        ``const``); ``anyOf``/``oneOf`` go into each branch, the rest stays outside."""
        outer = {k: v for k, v in n.items() if k not in _PER_TYPE and k not in _SPREAD}
        spread: Dict[str, Any] = {k: n[k] for k in ("anyOf", "oneOf") if k in n}
        values = n["enum"] if "enum" in n else [n["const"]] if "const" in n else None
        branches: List[Dict[str, Any]] = []
        nullable = apart = bounded = False
        for t in n["type"]:
            branch: Dict[str, Any] = {"type": t}
            for k in _BY_TYPE.get(t, ()):
                if k in n:
                    branch[k] = n[k]
            if none_of_type(branch, t, memo=self.nones):
                bounded = True  # (its bounds leave this type none: the branch has no value)
                continue
            if values is not None:
                vals = [v for v in values if json_type(v) == t or (t == "number" and json_type(v) == "integer")]
                if not vals:
                    continue
                if all(outside(branch, v) for v in vals):
                    bounded = True  # (its bounds refuse each value of this type: no value)
                    continue
                if t != "null":
                    branch.update({"enum": vals} if "enum" in n else {"const": vals[0]})
            if t == "null" and self.p.openapi and not spread:
                nullable = True
                continue
            if not self.p.union_siblings and isinstance(spread.get("anyOf"), list) and \
                    all(types_apart(t, b) for b in spread["anyOf"]):
                apart = True  # no branch of the anyOf is of this type: the type's branch has no value
                continue
            branches.append({**branch, **spread})
        self.change(ptr, "type", "rewritten", "a type array as typed anyOf branches")
        out = dict(outer)
        if not branches:
            if nullable:  # null alone: reported by the null rules
                return self.node({**out, "type": "null"}, ptr, required)
            # no value: left out by a parent anyOf, else unsatisfiable (``no_value``)
            return self.no_value(ptr, "no anyOf branch is of the types allowed" if apart else
                                 "the bounds of the node contradict each other: no value is accepted" if bounded
                                 else "no enum value is of the types allowed")
        copies = bool(spread) and len(branches) > 1  # the anyOf beside the types, once per type
        if copies and self.spread > self.spread_budget:
            if not self._spread_refused:
                self._spread_refused = True
                self.lint("too-large", ptr, f"splitting type arrays writes the anyOf beside them once per type, past "
                          f"{self.spread_budget:,} nodes (type arrays and anyOf nested in one another); this "
                          "provider takes no type array here")
            return {}
        if len(branches) == 1:
            out.update(branches[0])
        else:
            out["anyOf"] = branches
        if nullable:
            out["nullable"] = True
        self.split.append(branches)
        self.spreading += copies
        try:
            return self.node(out, ptr, required)
        finally:
            self.split.pop()
            self.spreading -= copies

    def _openapi_nullable(self, out: Dict[str, Any], ptr: str) -> bool:
        """A null branch as ``nullable``; one branch left is merged into *out* when the
        merge is exact (bounds: the tighter), else kept as a one-branch ``anyOf``. False
        where *out* has no value (a type without null beside null alone: ``no_value``,
        which a parent ``anyOf`` leaves out, as the branch of a split type array)."""
        branches = out.get("anyOf") or []
        rest = [b for b in branches if not _null_branch(b)]
        if len(rest) == len(branches):
            return True
        for b in branches:
            self.bare_nulls.pop(id(b), None)  # taken in as nullable (or left out with *out*)
        if not rest and "type" in out and out.get("nullable") is not True:
            return False
        if "type" in out and out.get("nullable") is not True:
            self.change(ptr, "anyOf", "rewritten", "null branch dropped: the type excludes null")
        else:
            out["nullable"] = True
        if not rest:
            del out["anyOf"]
            return True
        if len(rest) != 1:
            out["anyOf"] = rest
            return True
        del out["anyOf"]
        merged = _intersect(out, rest[0])
        if merged is None:
            out["anyOf"] = rest
            self.change(ptr, "anyOf", "narrowed", "nullable beside a one-branch anyOf: null may be refused")
            return True
        out.update(merged)
        self.change(ptr, "anyOf", "rewritten", "nullable, the other branch merged")
        return True

    def _bare_null(self, n: Dict[str, Any], out: Dict[str, Any], ptr: str) -> None:
        """Note an OpenAPI node *out* written for ``type: null``, or ``nullable`` with no
        type and no ``anyOf`` (they accept any value, or null *or* the other keywords);
        ``report_bare_nulls`` reports those no parent took in as its null branch."""
        if n.get("type") == "null" or (out.get("nullable") is True and out.keys().isdisjoint(("type", "anyOf"))):
            self.bare_nulls[id(out)] = (ptr, out)

    def _enum_and_const(self, n: Dict[str, Any], ptr: str) -> None:
        """Both hold (as after an ``allOf`` merge): the enum values equal to the const
        (none: the node has no value, ``no_value``)."""
        const = n.pop("const")
        n["enum"] = [v for v in n["enum"] if json_equal(v, const)]
        self.change(ptr, "const", "rewritten", "the enum value beside it equal to it")

    def report_bare_nulls(self) -> None:
        for ptr, _ in self.bare_nulls.values():  # lossy: the wire accepts more than null
            self.change(ptr, "type", "unsupported", "null alone has no OpenAPI form: checked locally only")
            self.lint("unsupported-keyword", ptr, "a schema of null alone cannot be sent in OpenAPI form", "warning")
        self.bare_nulls.clear()

    def _free_form(self, n: Dict[str, Any], ptr: str) -> Any:
        if self.o.free_form == "string":
            self.change(ptr, "type", "rewritten", "a free-form object sent as a JSON string")
            for key in n:
                if key not in ANNOTATIONS and key not in ("type", "additionalProperties") and n[key] != {}:
                    self.change(ptr, key, "unsupported", "inside a JSON string: checked locally only")
            desc = n.get("description")
            note = "A JSON object, encoded as a string."
            wire = {"type": "string", "description": f"{desc}\n\n{note}" if desc else note}
            if self._as_strings is None:
                self._as_strings = set()
            self._as_strings.add(id(wire))  # in place: a new set per node was k² for k of them
            return wire
        values = [n["const"]] if "const" in n else n.get("enum")
        if isinstance(values, list):  # an enum of objects (split off a type-less enum): no free-form object
            bad = [v for v in values if json_type(v) not in self.p.enum_types]
            try:
                shown = ", ".join(repr(v) for v in bad[:3])
            except ValueError:  # an integer of over 4,300 digits inside: Python does not write it
                shown = "<too long to show>"
            kw = "const" if "const" in n else "enum"
            self.change(ptr, kw, "dropped", "values of this type are not supported: checked locally only")
            self.lint("unsupported-enum", ptr, f"enum values of these types are not supported: [{shown}]"
                      if kw == "enum" else f"a const of this type is not supported: {shown}")
            return {k: v for k, v in n.items() if k in ANNOTATIONS or k == "type"}
        self.lint(
            "not-representable",
            ptr,
            "a free-form object (additionalProperties true) cannot be sent in strict mode; "
            "pass free_form='string', use strict=False or prompt mode",
        )
        return {k: v for k, v in n.items() if k in ANNOTATIONS or k == "type"}


def _null_branch(branch: Any) -> bool:
    """A rendered ``anyOf`` branch that accepts null alone (annotations aside)."""
    if not isinstance(branch, dict):
        return False
    rest = {k: v for k, v in branch.items() if k not in ANNOTATIONS}
    return rest == {"nullable": True} or rest == {"type": "null"}
