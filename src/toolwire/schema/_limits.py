"""Provider limits checked before sending: each target's ``Limits`` (dated, in its
provider's package, with the documentation it follows), overridable per call.
"""

from __future__ import annotations

import json
from dataclasses import fields, replace
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from .._errors import EncodeError, SchemaError, excerpt
from .._json_values import MAX_SCHEMA_NODES, too_many_nodes
from .._schema_keywords import DICT_KEYWORDS, LIST_KEYWORDS, SINGLE_KEYWORDS
from .._target import Limits, Target
from ._report import Lint
from ._targets import get_target
from ._util import At, long_int, max_digits, path_of, pointer_of

__all__ = ["check_limits", "chars", "wire_limits"]

_FIELDS = frozenset(f.name for f in fields(Limits))
_COUNTS = tuple(sorted(_FIELDS - {"checked"}))


def check_limits(
    schemas: Union[Dict[str, Any], Sequence[Dict[str, Any]]],
    target: Union[str, Target],
    *,
    limits: Optional[Union[Limits, Dict[str, Any]]] = None,
) -> List[Lint]:
    """Limit problems of the wire schema(s) of one request, as ``Lint`` errors.

    Pass every strict schema of a request (the output schema and strict tools) as a
    list: Anthropic's optional-parameter and union budgets are request-wide. A schema
    that is no JSON Schema (``None``, ``{"anyOf": 5}``) raises ``SchemaError`` with its
    ``$.path`` (in a list, ``$[i]...``), and so does one of more than
    ``MAX_SCHEMA_NODES`` JSON values (a dict held in several places counting once per
    place, as in the tree the schema means); a limit that is no count, ``EncodeError``.
    """
    return _check(schemas, target, limits, MAX_SCHEMA_NODES)


def wire_limits(
    schemas: Union[Dict[str, Any], Sequence[Dict[str, Any]]],
    target: Union[str, Target],
    limits: Optional[Union[Limits, Dict[str, Any]]] = None,
) -> List[Lint]:
    """``check_limits`` of a wire schema ``render`` wrote from a normal form (within
    ``MAX_SCHEMA_NODES``): inlining may write more, bounded by its own budget."""
    return _check(schemas, target, limits, None)


def _check(schemas: Any, target: Union[str, Target], limits: Optional[Union[Limits, Dict[str, Any]]],
           budget: Optional[int]) -> List[Lint]:
    spec = get_target(target)
    key = spec.id
    lim = resolve_limits(spec, limits)
    if isinstance(schemas, (dict, bool)):
        items: List[Tuple[At, Any]] = [(None, schemas)]
    elif isinstance(schemas, (list, tuple)):
        items = [((None, str(i)), s) for i, s in enumerate(schemas)]
    else:
        raise SchemaError(f"Schema must be a JSON object or a boolean, or a list of them, got {excerpt(schemas)} at $",
                          dialect=key)
    if budget is not None:
        left = budget - len(items)
        for base, schema in items:  # before any walk that reads a shared dict once per place
            left, at = _values_below(schema, base, left)
            if at is not None:
                where = path_of(pointer_of(at), schemas)
                raise SchemaError(f"Schema at {where} {too_many_nodes(budget)}", dialect=key, loc=where)
    out: List[Lint] = []
    props = size = enums = optional = unions = 0
    for base, schema in items:
        for at, node in _nodes(schema, base):
            if not isinstance(node, dict):
                if not isinstance(node, bool):
                    where = path_of(pointer_of(at), schemas)
                    raise SchemaError(f"Schema must be a JSON object or a boolean, got {excerpt(node)} at {where}",
                                      dialect=key, loc=where)
                continue
            _check_shape(node, at, key, schemas)
            p = node.get("properties")
            if isinstance(p, dict):
                props += len(p)
                size += sum(len(k) for k in p)
                req = node.get("required")
                named = {r for r in req if type(r) is str} if isinstance(req, list) else ()
                optional += sum(1 for k in p if k not in named)
            if isinstance(node.get("$defs"), dict):
                size += sum(len(k) for k in node["$defs"])
            if "anyOf" in node or isinstance(node.get("type"), list):
                unions += 1
            values = node.get("enum")
            if isinstance(values, list):
                enums += len(values)
                size += sum(_chars_at(v, (at, "enum"), schemas) for v in values)
                text = sum(len(v) for v in values if isinstance(v, str))
                if (
                    lim.large_enum_threshold
                    and len(values) > lim.large_enum_threshold
                    and lim.large_enum_chars
                    and text > lim.large_enum_chars
                ):
                    out.append(
                        Lint(
                            "limit-enum-chars",
                            "",
                            f"a string enum with {len(values)} values has {text} characters; "
                            f"the limit is {lim.large_enum_chars}",
                        )
                    )
            if "const" in node:
                size += _chars_at(node["const"], (at, "const"), schemas)
        found = _unwritable(schema)
        if found is not None:
            ptr, bits = found
            ptr = pointer_of(base) + ptr
            out.append(
                Lint(
                    "not-representable",
                    ptr,
                    f"an integer of {bits} bits is too long to write as JSON "
                    f"(Python writes at most {max_digits():,} digits)",
                )
            )
        depth = _depth(schema)
        if lim.max_depth is not None and depth > lim.max_depth:
            out.append(
                Lint("limit-depth", "", f"the schema nests objects {depth} levels deep; the limit is {lim.max_depth}")
            )
    checks: Iterable[Any] = (
        ("limit-properties", props, lim.max_properties, "object properties"),
        ("limit-chars", size, lim.max_chars, "characters of names and enum values"),
        ("limit-enum-values", enums, lim.max_enum_values, "enum values"),
        ("limit-optional", optional, lim.max_optional, "optional properties"),
        ("limit-unions", unions, lim.max_unions, "union-typed schemas"),
        ("limit-strict-tools", len(items), lim.max_strict_tools, "strict schemas"),
    )
    for code, count, limit, what in checks:
        if limit is not None and count > limit:
            out.append(
                Lint(
                    code, "", f"the request has {count} {what}; the limit for {key} is {limit} (checked {lim.checked})"
                )
            )
    return out


def resolve_limits(spec: Target, limits: Optional[Union[Limits, Dict[str, Any]]]) -> Limits:
    """*spec*'s ``Limits`` with the caller's *limits* (a ``Limits``, or a dict of some of
    its fields) over them; ``EncodeError`` for an unknown name or a value that is no
    count (an ``int`` of 0 or more, or ``None``: no limit)."""
    key, lim = spec.id, spec.limits
    if isinstance(limits, Limits):
        lim = limits
    elif isinstance(limits, dict):
        unknown = [k for k in limits if k not in _FIELDS]
        if unknown:
            raise EncodeError(f"Unknown limit {excerpt(unknown[0])}; known limits: {', '.join(sorted(_FIELDS))}",
                              dialect=key)
        lim = replace(lim, **limits)
    elif limits is not None:
        raise EncodeError(f"limits must be a Limits, a dict or None, got {excerpt(limits)}", dialect=key)
    for name in _COUNTS:
        value = getattr(lim, name)
        if value is not None and (type(value) is not int or value < 0):
            raise EncodeError(f"Limit {name} must be an int of 0 or more, or None, got {excerpt(value)}", dialect=key)
    if type(lim.checked) is not str:
        raise EncodeError(f"Limit checked must be a string (a date), got {excerpt(lim.checked)}", dialect=key)
    return lim


def _values_below(value: Any, at: At, left: int) -> Tuple[int, At]:
    """*left* less the JSON values below *value* (items and members all the way down, a
    dict or list held in several places counted in each), and ``None``; or, once that
    goes below 0 (after at most *left* steps), where it did."""
    stack: List[Tuple[Any, At]] = [(value, at)]
    while stack:
        v, where = stack.pop()
        if isinstance(v, dict):
            left -= len(v)
            if left < 0:
                return left, where
            stack.extend(reversed([(x, (where, k if type(k) is str else repr(k))) for k, x in v.items()
                                   if isinstance(x, (dict, list, tuple))]))  # in document order
        elif isinstance(v, (list, tuple)):
            left -= len(v)
            if left < 0:
                return left, where
            stack.extend(reversed([(x, (where, str(i))) for i, x in enumerate(v)
                                   if isinstance(x, (dict, list, tuple))]))
    return left, None


def _nodes(schema: Any, base: At) -> Iterator[Tuple[At, Any]]:
    """Every schema node under *schema* (itself included), depth first, with where it
    sits (``At``: a parent chain, a constant step per node, where a pointer string per
    node took n²/2 characters for n nested ones); the schemas of a draft-4 tuple
    ``items`` (an array) in its place. A node's children are read when the walk goes on
    from it: after ``check_limits`` checked its shape (``_check_shape``)."""
    stack: List[Tuple[At, Any, bool]] = [(base, schema, False)]
    while stack:
        at, node, listed = stack.pop()
        if listed and isinstance(node, list):  # the ``items`` keyword's array of schemas
            stack.extend((((at, str(i)), v, False) for i, v in reversed(list(enumerate(node)))))
            continue
        yield at, node
        if not isinstance(node, dict):
            continue
        children: List[Tuple[At, Any, bool]] = []
        for word in SINGLE_KEYWORDS:
            if word in node:
                children.append(((at, word), node[word], word == "items"))
        for word in DICT_KEYWORDS:
            if isinstance(node.get(word), dict):
                held: At = (at, word)
                children.extend(((held, k), v, False) for k, v in node[word].items())
        for word in LIST_KEYWORDS:
            if isinstance(node.get(word), list):
                held = (at, word)
                children.extend(((held, str(i)), v, False) for i, v in enumerate(node[word]))
        stack.extend(reversed(children))


def _check_shape(node: Dict[str, Any], at: At, key: str, doc: Any) -> None:
    """Refuses a keyword whose subschemas are not in a container (``{"anyOf": 5}``), and
    a map of subschemas with a key that is not text (``{"properties": {1: {}}}``), before
    the walk names the children (runs between ``_nodes`` yielding *node* and reading its
    children). *doc*: what the pointers point into."""
    for words, kind, what in ((LIST_KEYWORDS, list, "an array"), (DICT_KEYWORDS, dict, "an object")):
        for word in words:
            if word in node and not isinstance(node[word], kind):
                where = path_of(pointer_of((at, word)), doc)
                raise SchemaError(f"'{word}' must be {what} at {where}, got {excerpt(node[word])}", dialect=key,
                                  loc=where)
            if kind is dict and word in node and not all(type(k) is str for k in node[word]):
                where = path_of(pointer_of((at, word)), doc)
                bad = next(k for k in node[word] if type(k) is not str)
                raise SchemaError(f"Schema has a non-string key {excerpt(bad)} at {where}", dialect=key, loc=where)


def _depth(node: Any, level: int = 0, seen: int = 0) -> int:
    if not isinstance(node, dict) or seen > 64:
        return level
    here = level + 1 if isinstance(node.get("properties"), dict) else level
    best = here
    for key in ("properties", "$defs"):
        sub = node.get(key)
        if isinstance(sub, dict):
            for child in sub.values():
                best = max(best, _depth(child, here if key == "properties" else 0, seen + 1))
    for key in ("items", "additionalProperties"):
        if isinstance(node.get(key), dict):
            best = max(best, _depth(node[key], here, seen + 1))
    for key in ("anyOf", "oneOf", "allOf", "prefixItems"):
        children = node.get(key)
        for child in children if isinstance(children, list) else ():
            best = max(best, _depth(child, here, seen + 1))
    return best


def chars(value: Any, loc: str = "$") -> int:
    """The characters of *value* written out, near enough for a limit: an integer's
    digits come from its bit length (Python refuses to print one of over 4,300 digits,
    and printing one is quadratic in its length). An object key that is not text is no
    JSON: ``SchemaError`` at *loc* (where *value* sits)."""
    total, stack = 0, [value]
    while stack:
        v = stack.pop()
        if isinstance(v, int) and not isinstance(v, bool):
            total += len(str(v)) if -(10**15) < v < 10**15 else (v < 0) + int(abs(v).bit_length() * 0.30103) + 1
        elif isinstance(v, dict):
            for k in v:
                if type(k) is not str:
                    raise SchemaError(f"Schema has a non-string key {excerpt(k)} at {loc}", loc=loc)
                total += len(k)
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        else:
            total += len(str(v))
    return total


def _chars_at(value: Any, at: At, doc: Any) -> int:
    """``chars(value)``, its error at the ``$.path`` of where *value* sits (*at*) in
    *doc*, spelled only then (spelled for every value, each from the root, nested values
    took n² steps)."""
    try:
        return chars(value)
    except SchemaError:
        return chars(value, path_of(pointer_of(at), doc))


def _unwritable(schema: Any) -> Optional[Tuple[str, int]]:
    """An integer of *schema* that ``json.dumps`` (an SDK sending the request) refuses."""
    try:
        json.dumps(schema, check_circular=False)  # C speed; walked only when it fails
    except ValueError:
        return long_int(schema)
    except (TypeError, RecursionError):  # not JSON or too deep: reported elsewhere
        pass
    return None
