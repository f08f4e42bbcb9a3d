"""Whether a node's bounds leave the values of one type none (JSON Schema Draft 2020-12
validation, https://json-schema.org/draft/2020-12, checked 2026-12-06): strings by
``minLength`` > ``maxLength`` (§6.3.1-2), numbers by ``minimum`` / ``exclusiveMinimum``
above ``maximum`` / ``exclusiveMaximum`` (§6.2.2-5; integers: no integer between),
arrays by ``minItems`` > ``maxItems`` (§6.4.1-2), objects by ``minProperties`` (or the
count of ``required`` names) > ``maxProperties`` (§6.5.1-3), by ``minProperties`` above the
keys a closed object allows (``_too_few``, read bottom-up: each subschema's verdict
once, however deep), or a required name a
``patternProperties`` regex of subschema ``false`` matches, or one ``additionalProperties:
false`` refuses, no ``patternProperties`` regex matching it (core §10.3.2.2-3). Bounds compared exactly
(``Fraction``); a keyword that is no number is left to validation.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable, Dict, FrozenSet, Iterable, List, Optional, Tuple

from .._errors import SchemaError
from ._pattern import searcher

__all__ = ["NoneMemo", "barring", "matches_one", "none_of_type", "outside", "untaken"]

#: each subschema read as ``additionalProperties`` / a property (``_takes_none``): whether
#: it accepts no value, the node held too (its id stays its own while the memo lives)
NoneMemo = Dict[int, Tuple[Any, bool]]


def _count(n: Dict[str, Any], key: str) -> Optional[int]:
    v = n.get(key)
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _bound(n: Dict[str, Any], key: str) -> Optional[Fraction]:
    v = n.get(key)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or (isinstance(v, float) and not math.isfinite(v)):
        return None
    return Fraction(v)


def none_of_type(n: Dict[str, Any], kind: str, closed: bool = True, memo: Optional[NoneMemo] = None) -> bool:
    """Whether *n*'s bounds leave values of *kind* none; *closed*: objects also by a
    required name that ``additionalProperties: false`` or a ``false`` pattern refuses
    (``_shut_out``); by ``minProperties`` above the keys its subschemas allow (``_too_few``:
    each subschema below judged once per *memo*, bottom-up, never one frame per level;
    a caller reading many nodes of one schema shares one)."""
    if kind == "string":
        return _above(_count(n, "minLength"), _count(n, "maxLength"))
    if kind == "array":
        return _above(_count(n, "minItems"), _count(n, "maxItems"))
    if kind == "object":
        req = n.get("required")
        names = len({r for r in req if isinstance(r, str)}) if isinstance(req, list) else 0
        low = max(_count(n, "minProperties") or 0, names)
        memo = {} if memo is None else memo
        return _above(low, _count(n, "maxProperties")) or (closed and _shut_out(n, req, memo)) \
            or ("minProperties" in n and _too_few(n, memo))
    if kind not in ("integer", "number"):
        return False
    lo, lo_open = _lower(n)
    hi, hi_open = _upper(n)
    if lo is None or hi is None:
        return False
    if kind == "number":
        return lo > hi or (lo == hi and (lo_open or hi_open))
    least = math.floor(lo) + 1 if lo_open else math.ceil(lo)
    most = math.ceil(hi) - 1 if hi_open else math.floor(hi)
    return least > most


def outside(n: Dict[str, Any], value: Any) -> bool:
    """Whether *n*'s bounds of *value*'s type refuse *value* (lengths in code points,
    §6.3.1-2; numbers compared exactly)."""
    if isinstance(value, str):
        return _beyond(len(value), _count(n, "minLength"), _count(n, "maxLength"))
    if isinstance(value, list):
        return _beyond(len(value), _count(n, "minItems"), _count(n, "maxItems"))
    if isinstance(value, dict):
        return _beyond(len(value), _count(n, "minProperties"), _count(n, "maxProperties"))
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            (isinstance(value, float) and not math.isfinite(value)):
        return False
    v = Fraction(value)
    lo, lo_open = _lower(n)
    hi, hi_open = _upper(n)
    return (lo is not None and (v < lo or (lo_open and v == lo))) or \
        (hi is not None and (v > hi or (hi_open and v == hi)))


def _beyond(size: int, low: Optional[int], high: Optional[int]) -> bool:
    return (low is not None and size < low) or (high is not None and size > high)


def _shut_out(n: Dict[str, Any], req: Any, memo: NoneMemo) -> bool:
    """A name ``required`` that a ``patternProperties`` regex of subschema ``false``
    matches (core §10.3.2.2: it must pass ``false``), or, beside ``additionalProperties:
    false``, one no ``properties`` entry nor ``patternProperties`` regex takes (§10.3.2.3)."""
    if not isinstance(req, list):
        return False
    # (``additionalProperties`` of no value, of a node of other types than object too: its objects
    # have none, its other values stay; of ``type`` object alone the no-value rules reach it through
    # ``additionalProperties`` itself, and name that node)
    addl = n.get("additionalProperties")
    return untaken(n, req, closed=addl is False or (n.get("type") != "object" and _takes_none(addl, memo))) is True


def _too_few(n: Dict[str, Any], memo: NoneMemo) -> bool:
    """``minProperties`` above the count of keys a closed object allows (validation §6.5.2):
    ``additionalProperties`` of no value (``_takes_none``: core §10.3.2.3), no
    ``patternProperties`` regex of a subschema other than ``false`` (which might take more
    keys), a ``properties`` entry of no value counting none. One look per property."""
    least = _count(n, "minProperties")
    if not least or not _takes_none(n.get("additionalProperties", True), memo):
        return False
    patterns = n.get("patternProperties")
    if patterns is not None and not (isinstance(patterns, dict) and all(s is False for s in patterns.values())):
        return False
    props = n.get("properties")
    allowed = sum(not _takes_none(sub, memo) for sub in props.values()) if isinstance(props, dict) else 0
    return least > allowed


def _takes_none(sub: Any, memo: NoneMemo) -> bool:
    """Whether *sub* (``additionalProperties``, a property) accepts no value by itself:
    ``false``, an empty ``enum``, ``not: {}``, or a ``type`` all of whose types its own
    bounds leave none (``{"type": "string", "minLength": 3, "maxLength": 1}``, an object
    by ``_too_few`` in turn); the same as ``false`` there (core §10.3.2.3). Read bottom-up
    once: the subschemas ``_too_few`` reads below each node first, each node's verdict kept
    in *memo* (no frame per level, no node read twice: a chain of ``additionalProperties``
    objects is linear however deep)."""
    if not isinstance(sub, dict):
        return sub is False
    stack: List[Tuple[Dict[str, Any], bool]] = [(sub, False)]
    while stack:
        n, ready = stack.pop()
        if not ready:
            if id(n) in memo:
                continue
            memo[id(n)] = (n, False)  # (being read: a node below itself reads as of a value)
            stack.append((n, True))
            stack.extend((c, False) for c in _below(n) if isinstance(c, dict))
            continue
        memo[id(n)] = (n, _none_by_itself(n, memo))
    return memo[id(sub)][1]


def _below(n: Dict[str, Any]) -> List[Any]:
    """The subschemas ``_too_few`` reads under *n* (an object with ``minProperties``)."""
    kinds = _kinds(n)
    if not kinds or "object" not in kinds or not _count(n, "minProperties"):
        return []
    props = n.get("properties")
    return [n.get("additionalProperties", True), *(props.values() if isinstance(props, dict) else ())]


def _kinds(sub: Dict[str, Any]) -> Optional[List[Any]]:
    kind = sub.get("type")
    kinds = [kind] if isinstance(kind, str) else kind if isinstance(kind, list) else None
    if sub.get("nullable") is True or not kinds or not all(isinstance(k, str) for k in kinds):
        return None
    return kinds


def _none_by_itself(sub: Dict[str, Any], memo: NoneMemo) -> bool:
    """``_takes_none`` of *sub*, the subschemas below it read already."""
    if sub.get("enum") == [] or sub.get("not") in ({}, True):
        return True
    kinds = _kinds(sub)
    return bool(kinds) and all(none_of_type(sub, k, False, memo) for k in kinds or ())


#: the characters ``untaken`` may search beyond four per character of the names and patterns
#: (a schema of usual size is read whole: a long name against a few short patterns, say)
_SLACK = 4096


def untaken(n: Dict[str, Any], names: Iterable[Any], closed: bool = True, barred: bool = True) -> Optional[bool]:
    """Whether one of *names* (required) can never be present in an object of *n*: a
    ``patternProperties`` regex of subschema ``false`` matches it (core §10.3.2.2: searched,
    ECMA-262, on the linear engine of ``_pattern.py``), or, *closed* (``additionalProperties:
    false`` read), no ``properties`` entry nor regex takes it (§10.3.2.1-3). ``None`` when
    that is not known: a pattern that cannot run, ``patternProperties`` no object, or more
    work than four characters per character of the distinct names and the patterns, and a
    constant (each pattern compiled once, costing its length; each name searched by a
    pattern, a test costing the name's length and one). The names no regex takes are
    looked for first (each name's tests stop at the first regex taking it), then the names
    a ``false`` regex matches (not with *barred* false: ``additionalProperties`` alone named):
    a name of either is found before the work on the others. A ``false`` regex bars a name
    of ``properties`` too (§10.3.2.2 reads every name of the instance)."""
    props = n.get("properties")
    props = props if isinstance(props, dict) else {}
    every = list(dict.fromkeys(r for r in names if isinstance(r, str)))
    outside = [r for r in every if r not in props]
    if not every or (not outside and not barred):
        return False
    patterns = n.get("patternProperties")
    if patterns is None:
        return closed and bool(outside)
    if not isinstance(patterns, dict):
        return None if outside else False
    if not (closed and outside) and all(sub is not False for sub in patterns.values()):
        return False  # (no regex bars a name; none taken is no matter here)
    size = sum(len(name) + 1 for name in every) + sum(len(p) + 1 for p in patterns if isinstance(p, str))
    budget = _SLACK + 4 * size
    kept: List[Callable[[str], bool]] = []
    bars: List[Callable[[str], bool]] = []
    try:
        for p, sub in patterns.items():
            if not closed and sub is not False:
                continue  # (not compiled: it bars nothing)
            budget -= len(p) + 1 if isinstance(p, str) else 1
            if budget < 0:
                return None
            (bars if sub is False else kept).append(searcher(p))
    except SchemaError:  # (no regex, or one the engine cannot run: it may take or bar the name)
        return None
    if closed and outside:
        taking = kept if barred else kept + bars  # (*barred* false: a ``false`` regex takes its names too)
        for name in outside:
            for search in taking:
                budget -= len(name) + 1
                if budget < 0:
                    return None
                if search(name):
                    break
            else:
                return True  # (no regex keeps it: ``additionalProperties: false`` refuses it, or a
                # ``false`` regex alone takes it: never present either way)
    for name in every if barred else ():
        for search in bars:
            budget -= len(name) + 1
            if budget < 0:
                return None
            if search(name):
                return True  # (it must pass ``false``: never present)
    return False


def barring(n: Dict[str, Any], names: Iterable[Any]) -> Optional[FrozenSet[str]]:
    """The ``patternProperties`` regexes of *n* of subschema ``false`` that match one of
    *names* (required), a ``properties`` entry's or not (core §10.3.2.2: never present);
    ``None`` when that is not known, as for ``untaken`` (its budget, a regex that cannot
    run, ``patternProperties`` no object)."""
    outside = list(dict.fromkeys(r for r in names if isinstance(r, str)))
    patterns = n.get("patternProperties", {})
    if not isinstance(patterns, dict):
        return None
    keys = [p for p, sub in patterns.items() if sub is False and isinstance(p, str)]
    if not outside or not keys:
        return frozenset()
    budget = _SLACK + 4 * (sum(len(name) + 1 for name in outside) + sum(len(p) + 1 for p in keys))
    out = set()
    for p in keys:
        budget -= len(p) + 1
        if budget < 0:
            return None
        try:
            search = searcher(p)
        except SchemaError:
            return None
        for name in outside:
            budget -= len(name) + 1
            if budget < 0:
                return None
            if search(name):
                out.add(p)
                break
    return frozenset(out)


def matches_one(pattern: str, names: Iterable[str], room: List[int]) -> Optional[bool]:
    """Whether *pattern* (a ``patternProperties`` regex, searched) matches one of *names*;
    ``None`` when that is not known: a regex that cannot run, or past *room* (a budget one
    object's regexes share: each compiled costs its length and one, each name searched its
    length and one)."""
    room[0] -= len(pattern) + 1
    if room[0] < 0:
        return None
    try:
        search = searcher(pattern)
    except SchemaError:
        return None
    for name in names:
        room[0] -= len(name) + 1
        if room[0] < 0:
            return None
        if search(name):
            return True
    return False


def _above(low: Optional[int], high: Optional[int]) -> bool:
    return low is not None and high is not None and low > high


def _lower(n: Dict[str, Any]) -> Tuple[Optional[Fraction], bool]:
    """The greatest lower bound of *n*'s numbers and whether it is exclusive."""
    a, b = _bound(n, "minimum"), _bound(n, "exclusiveMinimum")
    if b is not None and (a is None or b >= a):
        return b, True
    return a, False


def _upper(n: Dict[str, Any]) -> Tuple[Optional[Fraction], bool]:
    """The least upper bound of *n*'s numbers and whether it is exclusive."""
    a, b = _bound(n, "maximum"), _bound(n, "exclusiveMaximum")
    if b is not None and (a is None or b <= a):
        return b, True
    return a, False
