"""A JSON Schema validator for the caller's original schema (Draft 2020-12 semantics).

Followed: JSON Schema Draft 2020-12 validation vocabulary and core applicators
(https://json-schema.org/draft/2020-12/json-schema-validation and
https://json-schema.org/draft/2020-12/json-schema-core, checked 2026-11-30).

Why not pydantic: its semantics differ from JSON Schema in both directions (``"3"`` for
an integer, ``True`` for ``Literal[1]``, ``3.0`` in strict mode; see
``reference/structured-output.md`` §D.2), so answers are always checked against the
original schema with this validator. It has no dependency; the test-suite checks it
against the ``jsonschema`` package. The issues it reports are in ``_issues.py``, the
keywords on numbers and strings in ``_validate_scalars.py``.

``format`` is an annotation by default (as the 2020-12 default vocabulary says);
``formats=True`` asserts the common ones. ``unevaluatedProperties`` /
``unevaluatedItems`` are evaluated against the properties/items of the node itself and
of the ``allOf``/``$ref`` branches and valid ``anyOf``/``oneOf`` branches.
"""

from __future__ import annotations

import math
import sys
from typing import Any, Callable, Dict, Iterable, List, Optional, Set, Tuple

from .._flags import check_flag
from ._issues import KEPT, LONG, At, ValidationIssue, fail, located, more, short, spelled, too_deep
from ._json_numbers import non_finite
from ._normalize import iter_subschemas, normalize, resolve_ref
from ._pattern import searcher
from ._util import escape_token, json_equal, json_type, path_of, unique_by_json
from ._validate_scalars import is_number, numbers, strings

__all__ = ["ValidationIssue", "check", "compile_patterns", "located", "stack_room", "validate"]


def validate(instance: Any, schema: Any, *, formats: bool = False) -> List[ValidationIssue]:
    """Every way *instance* fails *schema* (normalised first); an empty list means valid."""
    root = normalize(schema)
    compile_patterns(root)
    return _check(instance, root, formats)


def check(
    instance: Any, schema: Any, *, formats: bool = False, room: Optional[int] = None, kept: Optional[int] = KEPT
) -> List[ValidationIssue]:
    """Like ``validate`` for a schema that is already in normal form.

    Raises ``SchemaError`` for a pattern the linear regex engine cannot run (before
    looking at *instance*). An instance nested deeper than the stack allows is reported
    as one issue (``depth``), never as a ``RecursionError``. *room*: the levels the
    check may go (``stack_room()`` measured by a caller that shares the limit: the
    map-back of ``Rendered.validate``); by default measured here. *kept*: the issues
    listed before the ``more`` one; ``None``: every issue (``validate_call``'s coercion,
    which converts each string an issue names).
    """
    if _CHECKED.get(id(schema)) is not schema:  # a rendered schema is checked once
        compile_patterns(schema)
        if len(_CHECKED) >= 64:
            _CHECKED.clear()
        _CHECKED[id(schema)] = schema  # held, so that its id is not reused
    return _check(instance, schema, formats, room, kept)


def _check(
    instance: Any, schema: Any, formats: bool, room: Optional[int] = None, kept: Optional[int] = KEPT
) -> List[ValidationIssue]:
    check_flag("formats", formats)  # "false" is truthy: it asserted the formats
    out: List[ValidationIssue] = _Kept(kept) if kept is not None else []
    checker = _Checker(schema, formats, room)
    checker.whole = True
    try:
        try:
            checker.run(instance, schema, "", "", out)
        except _TooDeep as stop:  # one issue where the stack ran out, never a branch's verdict
            return located([too_deep(stop.ptr, stop.sptr)], instance)
        except RecursionError:
            return located([too_deep("", "")], instance)
        told = {spelled(i.pointer) for i in out if i.keyword == "type"}  # (where a type is named, said already)
        for ptr, v in non_finite(instance, checker.room):
            if ptr not in told:
                out.append(too_deep(ptr, "") if v is None else ValidationIssue(ptr, "type", f"{short(v)} {_NOT_JSON}"))
    except _Full:  # the first *kept* whole, then one issue saying there are more
        return [*located(out, instance), more(len(out))]
    return located(out, instance)


class _Full(Exception):
    """A check's issue list holds ``KEPT`` issues and one more came: the check ends."""


class _Kept(List[ValidationIssue]):
    """The issue list of a whole check: ``_Full`` past *kept* issues (``KEPT``; each holds
    its pointer, as long as the instance is deep: kept all, they took the depth each)."""

    def __init__(self, kept: int) -> None:
        super().__init__()
        self.kept = kept

    def append(self, issue: ValidationIssue) -> None:
        if len(self) >= self.kept:
            raise _Full
        super().append(issue)

    def extend(self, issues: Iterable[ValidationIssue]) -> None:
        for issue in issues:
            self.append(issue)


_NOT_JSON = "is not a JSON number: NaN and infinity are not numbers in JSON"


def _said(value: Any, first: bool) -> str:
    """*value* as a message shows it (``short``); in a probe (*first*), whose issues say
    only that it fails and are never shown, not spelled (a preview per failing branch)."""
    return "the value" if first else short(value)


class _TooDeep(RecursionError):
    """The stack has no room for the next level: the whole check ends with one ``depth``
    issue there (inside ``not``, ``oneOf``, ``if`` or ``anyOf`` a failed branch would give
    a wrong verdict: ``not`` accepting what its schema matches)."""

    def __init__(self, ptr: str, sptr: str) -> None:
        super().__init__(ptr)
        self.ptr, self.sptr = ptr, sptr


_CHECKED: Dict[int, Any] = {}


def compile_patterns(schema: Any) -> None:
    """Compile every ``pattern`` / ``patternProperties`` key of *schema* on the linear
    engine (cached); ``SchemaError`` for the first one it cannot run."""
    for ptr, node in iter_subschemas(schema):
        if isinstance(node, dict):
            if isinstance(node.get("pattern"), str):
                searcher(node["pattern"], _spell(ptr, ".pattern"))
            for pat in node.get("patternProperties") or ():
                searcher(pat, _spell_key(ptr, pat))


def _spell(ptr: str, suffix: str) -> Callable[[], str]:
    """The ``$.path`` of *ptr* and *suffix*, spelled when an error asks for it (spelled
    for every pattern, a path per node took O(depth) steps each)."""
    return lambda: path_of(ptr) + suffix


def _spell_key(ptr: str, key: str) -> Callable[[], str]:
    """The ``$.path`` of the ``patternProperties`` key *key* of the node at *ptr*, spelled
    when an error asks for it."""
    return lambda: path_of(f"{ptr}/patternProperties/{escape_token(key)}")


def stack_room() -> int:
    """How many ``run`` levels fit on the stack from here (each costs up to ~5 frames):
    the one depth limit of the check and of the map-back (``_mapback``), which walks the
    same levels in no more frames each."""
    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back  # type: ignore[assignment]
    return max(8, (sys.getrecursionlimit() - depth - 80) // 5)


class _Checker:
    def __init__(self, root: Any, formats: bool, room: Optional[int] = None) -> None:
        self.root = root
        self.formats = formats
        self.depth = 0
        self.room = stack_room() if room is None else room
        self.whole = False  # ``_check``'s: no room ends the check (``_TooDeep``)
        # Each (instance value, schema node) pair a combinator or ``$ref`` leads to is
        # walked once: a probe's answer (does it match, and what did it evaluate) by the
        # pair; a reporting walk by the pair and its place (what it evaluated; its issues
        # are in the answer already, so a second visit adds none). Without this, a
        # branch tried and then walked again (anyOf, oneOf, if) or reached twice (allOf,
        # $ref) doubles the work per level. A pair reached through ``properties``,
        # ``items`` and the like is walked once per walk of its parent, so it is not
        # remembered: an answer's n items would otherwise hold ~2 KB each until the end.
        self._probes: Dict[Tuple[int, int], Tuple[List[ValidationIssue], Set[str]]] = {}
        self._walks: Dict[Tuple[int, int, Any], Tuple[List[ValidationIssue], Set[str]]] = {}
        # an object's key places and keys that are no strings (``_keys_of``), held with it
        self._key_places: Dict[int, Tuple[Dict[Any, Any], Dict[Any, int], List[Any]]] = {}
        self._at: Dict[Tuple[Any, str], At] = {}  # a reporting walk's places past ``LONG`` (``below``)

    def below(self, ptr: Any, token: str, first: bool) -> Any:
        """The place of *token* under *ptr* (a pointer of ``LONG`` characters or more, or
        an ``At``): an ``At``, one per place in a reporting walk, whose walks are
        remembered by place; a new one in a probe (*first*), remembered by the pair alone.
        Under a shorter pointer, the place is the pointer ``f"{ptr}/{token}"``."""
        if first:
            return At(ptr, token)
        return self._at.get((ptr, token)) or self._at.setdefault((ptr, token), At(ptr, token))

    def probe(self, inst: Any, node: Any, ptr: Any, sptr: str) -> Optional[Set[str]]:
        """What *inst* evaluates against *node* when it matches; ``None`` when it does not."""
        probe: List[ValidationIssue] = []
        evaluated = self.run(inst, node, ptr, sptr, probe, first=True)
        return None if probe else evaluated

    def valid(self, inst: Any, node: Any, ptr: Any, sptr: str) -> bool:
        return self.probe(inst, node, ptr, sptr) is not None

    def run(
        self,
        inst: Any,
        node: Any,
        ptr: Any,
        sptr: str,
        out: List[ValidationIssue],
        first: bool = False,
        memo: bool = True,
    ) -> Set[str]:
        """Check *inst* against *node*; return the property names / item markers evaluated.
        *memo*: remember the answer (a pair a combinator or ``$ref`` may lead to again)."""
        evaluated: Set[str] = set()
        if node is True:
            return evaluated
        if node is False:
            out.append(ValidationIssue(ptr, "false", "no value is allowed here", sptr))
            return evaluated
        if not isinstance(node, dict):
            return evaluated
        if not memo:
            self._deeper(inst, node, ptr, sptr, out, first, evaluated)
            return evaluated
        # a probe's answer does not depend on the place (scalars are shared objects)
        key: Any = (id(inst), id(node)) if first else (id(inst), id(node), ptr)
        table = self._probes if first else self._walks
        done = table.get(key)
        if done is not None:
            # a reporting walk's issues reach the answer the first time (every reporting
            # walk ends in it), so a pair reached again adds none: each issue is reported
            # once, and an allOf of two $refs to one node, n deep, stays linear (it
            # copied the remembered issues per visit: 2^n of one issue)
            if first:
                out.extend(done[0])
            return set(done[1])
        if first:
            mine: List[ValidationIssue] = []
            self._deeper(inst, node, ptr, sptr, mine, first, evaluated)
            table[key] = (mine[:1], evaluated)
            out.extend(mine)
        else:  # its issues straight into the walk's list (a whole check's stops at ``KEPT``)
            self._deeper(inst, node, ptr, sptr, out, first, evaluated)
            table[key] = ([], evaluated)
        return set(evaluated)

    def _deeper(
        self, inst: Any, node: Dict[str, Any], ptr: Any, sptr: str, out: List[ValidationIssue], first: bool,
        evaluated: Set[str],
    ) -> None:
        """``_run`` one level down; where the stack has no room, the end of a whole check
        (``whole``; ``_TooDeep``: one ``depth`` issue), else a ``depth`` issue there."""
        self.depth += 1
        try:
            if self.depth > self.room:
                if self.whole:
                    raise _TooDeep(spelled(ptr), sptr)
                out.append(too_deep(ptr, sptr))  # (a probe of a rewrite: that branch does not match)
            else:
                self._run(inst, node, ptr, sptr, out, first, evaluated)
        finally:
            self.depth -= 1

    def _run(  # noqa: C901 - one keyword per branch reads best as a flat list
        self,
        inst: Any,
        node: Dict[str, Any],
        ptr: Any,
        sptr: str,
        out: List[ValidationIssue],
        first: bool,
        evaluated: Set[str],
    ) -> None:
        start = len(out)
        if "$ref" in node:
            target = resolve_ref(self.root, node["$ref"])
            evaluated |= self.run(inst, target, ptr, node["$ref"].lstrip("#"), out, first)
            if first and len(out) > start:
                return
        kind = json_type(inst)
        if "type" in node:
            types = node["type"] if isinstance(node["type"], list) else [node["type"]]
            ok = kind in types or (kind == "integer" and "number" in types)
            if not ok:
                fail(out, ptr, "type", f"{_said(inst, first)} is not of type {' or '.join(types)}", sptr)
                if first:
                    return
            elif kind == "number" and not math.isfinite(inst):  # a Python float JSON has no text for
                fail(out, ptr, "type", f"{_said(inst, first)} {_NOT_JSON}", sptr)
                if first:
                    return
        if "enum" in node and not any(json_equal(inst, e) for e in node["enum"]):
            fail(out, ptr, "enum", f"{_said(inst, first)} is not one of {_said(node['enum'], first)}", sptr)
        if "const" in node and not json_equal(inst, node["const"]):
            fail(out, ptr, "const", f"{_said(inst, first)} is not {_said(node['const'], first)}", sptr)
        if is_number(inst):
            numbers(inst, node, ptr, sptr, out)
        elif isinstance(inst, str):
            strings(inst, node, ptr, sptr, out, self.formats)
        elif isinstance(inst, list):
            evaluated |= self._arrays(inst, node, ptr, sptr, out, first)
        elif isinstance(inst, dict):
            evaluated |= self._objects(inst, node, ptr, sptr, out, first)
        if first and len(out) > start:
            return
        for i, sub in enumerate(node.get("allOf", ())):
            evaluated |= self.run(inst, sub, ptr, f"{sptr}/allOf/{i}", out, first)
        if "anyOf" in node:
            found = [self.probe(inst, s, ptr, f"{sptr}/anyOf/{i}") for i, s in enumerate(node["anyOf"])]
            if all(f is None for f in found):
                fail(out, ptr, "anyOf", f"{_said(inst, first)} matches none of the allowed shapes", sptr)
            for f in found:
                if f is not None:
                    evaluated |= f
        if "oneOf" in node:
            found = [self.probe(inst, s, ptr, f"{sptr}/oneOf/{i}") for i, s in enumerate(node["oneOf"])]
            hits = [i for i, f in enumerate(found) if f is not None]
            if len(hits) != 1:
                what = "none" if not hits else f"{len(hits)} (branches {hits})"
                fail(out, ptr, "oneOf", f"{_said(inst, first)} must match exactly one shape, matched {what}", sptr)
            else:
                evaluated |= found[hits[0]] or set()
        if "not" in node and self.valid(inst, node["not"], ptr, f"{sptr}/not"):
            fail(out, ptr, "not", f"{_said(inst, first)} matches a shape that is not allowed", sptr)
        if "if" in node:
            matched = self.probe(inst, node["if"], ptr, f"{sptr}/if")
            if matched is not None:
                evaluated |= matched
                if "then" in node:
                    evaluated |= self.run(inst, node["then"], ptr, f"{sptr}/then", out, first)
            elif "else" in node:
                evaluated |= self.run(inst, node["else"], ptr, f"{sptr}/else", out, first)
        if isinstance(inst, dict) and "unevaluatedProperties" in node:
            rest, deep = node["unevaluatedProperties"], type(ptr) is not str or len(ptr) >= LONG
            for key in inst:
                if key not in evaluated and type(key) is str:  # another key is reported by ``_objects``
                    token = escape_token(key)
                    sub = self.below(ptr, token, first) if deep else f"{ptr}/{token}"
                    if rest is False:
                        fail(out, sub, "unevaluatedProperties", f"property {key!r} is not allowed", sptr)
                    else:  # a schema: its own issues, as ``additionalProperties`` gives (a wrong type says so)
                        self.run(inst[key], rest, sub, f"{sptr}/unevaluatedProperties", out, first, False)
                    evaluated.add(key)
        if isinstance(inst, list) and "unevaluatedItems" in node:
            deep = type(ptr) is not str or len(ptr) >= LONG  # places under it: ``At``s (``below``)
            for i, item in enumerate(inst):
                if f"#{i}" not in evaluated:
                    sub = self.below(ptr, str(i), first) if deep else f"{ptr}/{i}"
                    self.run(item, node["unevaluatedItems"], sub, f"{sptr}/unevaluatedItems", out, first, False)
                    evaluated.add(f"#{i}")  # evaluated now, for a parent's unevaluatedItems

    def _arrays(
        self, a: List[Any], node: Dict[str, Any], ptr: Any, sptr: str, out: List[ValidationIssue], first: bool
    ) -> Set[str]:
        seen: Set[str] = set()
        if "minItems" in node and len(a) < node["minItems"]:
            fail(out, ptr, "minItems", f"expected at least {short(node['minItems'])} items, got {len(a)}", sptr)
        if "maxItems" in node and len(a) > node["maxItems"]:
            fail(out, ptr, "maxItems", f"expected at most {short(node['maxItems'])} items, got {len(a)}", sptr)
        if node.get("uniqueItems") is True and not unique_by_json(a):
            fail(out, ptr, "uniqueItems", "items must be unique", sptr)
        prefix = node.get("prefixItems") or []
        deep = type(ptr) is not str or len(ptr) >= LONG  # places under it: ``At``s (``below``)
        for i, item in enumerate(a):
            if i < len(prefix):
                sub = self.below(ptr, str(i), first) if deep else f"{ptr}/{i}"
                self.run(item, prefix[i], sub, f"{sptr}/prefixItems/{i}", out, first, False)
                seen.add(f"#{i}")
            elif "items" in node:
                sub = self.below(ptr, str(i), first) if deep else f"{ptr}/{i}"
                self.run(item, node["items"], sub, f"{sptr}/items", out, first, False)
                seen.add(f"#{i}")
        if "contains" in node:
            hits = 0
            for i, item in enumerate(a):
                if self.valid(item, node["contains"], At(ptr, str(i)) if deep else f"{ptr}/{i}", f"{sptr}/contains"):
                    hits += 1
                    seen.add(f"#{i}")
            lo = node.get("minContains", 1)
            if hits < lo:
                fail(out, ptr, "contains", f"expected at least {short(lo)} matching items, got {hits}", sptr)
            if "maxContains" in node and hits > node["maxContains"]:
                fail(out, ptr, "maxContains", f"expected at most {short(node['maxContains'])} matching items", sptr)
        return seen

    def _objects(
        self, o: Dict[str, Any], node: Dict[str, Any], ptr: Any, sptr: str, out: List[ValidationIssue], first: bool
    ) -> Set[str]:
        seen: Set[str] = set()
        for name in node.get("required", ()):
            if name not in o:
                fail(out, ptr, "required", f"property {name!r} is required", sptr)
        if "minProperties" in node and len(o) < node["minProperties"]:
            fail(out, ptr, "minProperties", f"expected at least {short(node['minProperties'])} properties", sptr)
        if "maxProperties" in node and len(o) > node["maxProperties"]:
            fail(out, ptr, "maxProperties", f"expected at most {short(node['maxProperties'])} properties", sptr)
        props = node.get("properties") or {}
        patterns = node.get("patternProperties") or {}
        if not patterns and len(props) < len(o) and "additionalProperties" not in node \
                and "propertyNames" not in node:
            # only ``properties`` reads keys here: its names looked up, not every key of
            # the instance (n such nodes over n keys, under allOf / dependentSchemas, took
            # n x n steps); the keys no JSON object has still reported, in instance order
            self._named(o, props, ptr, sptr, out, first, seen)
            keys: Any = ()
        else:
            keys = o.items()
        deep = type(ptr) is not str or len(ptr) >= LONG  # places under it: ``At``s (``below``)
        for key, value in keys:
            if type(key) is not str:  # a Python dict's (a ``Dict[int, ...]`` dumped): no JSON object
                fail(out, ptr, "type", f"object key {short(key)} is not a string: JSON object keys are strings", sptr)
                continue
            token = escape_token(key)
            sub = self.below(ptr, token, first) if deep else f"{ptr}/{token}"
            matched = False
            if key in props:
                matched = True
                self.run(value, props[key], sub, f"{sptr}/properties/{token}", out, first, False)
            for pat, psch in patterns.items():
                if searcher(pat)(key):
                    matched = True
                    self.run(value, psch, sub, f"{sptr}/patternProperties/{escape_token(pat)}", out, first, False)
            if matched:
                seen.add(key)
            elif "additionalProperties" in node:
                addl = node["additionalProperties"]
                if addl is False:
                    fail(out, sub, "additionalProperties", f"property {key!r} is not allowed", sptr)
                else:
                    self.run(value, addl, sub, f"{sptr}/additionalProperties", out, first, False)
                seen.add(key)
            if "propertyNames" in node and not self.valid(key, node["propertyNames"], sub, f"{sptr}/propertyNames"):
                fail(out, sub, "propertyNames", f"property name {key!r} is not allowed", sptr)
        self._dependencies(o, node, ptr, sptr, out, first, seen)
        return seen

    def _named(
        self, o: Dict[Any, Any], props: Dict[str, Any], ptr: Any, sptr: str, out: List[ValidationIssue],
        first: bool, seen: Set[str],
    ) -> None:
        """``properties`` alone over *o*: its names that *o* holds, and the keys of *o*
        that are no strings, walked in the order of *o* (as the walk over every key)."""
        order, odd = self._keys_of(o)
        hits = [k for k in props if k in o] if props else []
        if odd:
            hits.extend(odd)
        if len(hits) > 1:
            hits.sort(key=order.__getitem__)
        deep = type(ptr) is not str or len(ptr) >= LONG  # places under it: ``At``s (``below``)
        for key in hits:
            if type(key) is not str:
                fail(out, ptr, "type", f"object key {short(key)} is not a string: JSON object keys are strings", sptr)
                continue
            token = escape_token(key)
            self.run(o[key], props[key], self.below(ptr, token, first) if deep else f"{ptr}/{token}",
                     f"{sptr}/properties/{token}",
                     out, first, False)
            seen.add(key)

    def _keys_of(self, o: Dict[Any, Any]) -> Tuple[Dict[Any, int], List[Any]]:
        """Each key's place in *o* and the keys that are no strings: once per object."""
        got = self._key_places.get(id(o))
        if got is None or got[0] is not o:
            got = (o, {k: i for i, k in enumerate(o)}, [k for k in o if type(k) is not str])
            self._key_places[id(o)] = got
        return got[1], got[2]

    def _dependencies(
        self, o: Dict[str, Any], node: Dict[str, Any], ptr: Any, sptr: str, out: List[ValidationIssue], first: bool,
        seen: Set[str],
    ) -> None:
        for key, needed in (node.get("dependentRequired") or {}).items():
            if key in o:
                for name in needed:
                    if name not in o:
                        fail(
                            out,
                            ptr,
                            "dependentRequired",
                            f"property {name!r} is required when {key!r} is present",
                            sptr,
                        )
        for key, dep in (node.get("dependentSchemas") or {}).items():
            if key in o:
                seen |= self.run(o, dep, ptr, f"{sptr}/dependentSchemas/{escape_token(key)}", out, first)


