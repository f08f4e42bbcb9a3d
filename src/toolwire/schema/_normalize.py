"""JSON Schema normal form: one JSON->JSON pass that removes draft differences.

Followed: JSON Schema Draft 2020-12 core and validation
(https://json-schema.org/draft/2020-12, checked 2026-11-30), the draft-04/06/07 and
2019-09 release notes for what changed between drafts, and the OpenAPI 3.0.3 Schema
Object (``nullable``; https://spec.openapis.org/oas/v3.0.3#schema-object, checked
2026-11-30).

The normal form:

- ``definitions`` become ``$defs`` (and ``#/definitions/...`` references follow);
  beside ``$defs`` they merge, a name in both with two different values is refused
  (``dependencies`` beside ``dependentRequired``/``dependentSchemas`` alike);
- draft-04 boolean ``exclusiveMinimum``/``exclusiveMaximum`` become numbers;
- array-form ``items`` becomes ``prefixItems`` and ``additionalItems`` becomes ``items``;
- ``dependencies`` splits into ``dependentRequired`` / ``dependentSchemas``;
- a one-element ``type`` array becomes a string, duplicates are removed;
- OpenAPI ``nullable: true`` adds ``"null"`` to ``type`` and to an ``enum`` beside it
  (as the OpenAPI 3.0 -> 3.1 migration does, and as Gemini reads ``nullable``); a JSON
  Schema ``type: [..., "null"]`` with an enum that lacks ``null`` still excludes it;
- ``$schema`` and draft-04 ``id`` are removed; every ``$ref`` must be local and resolve;
  under a ``$schema`` of draft-07 or earlier, the siblings of a ``$ref`` (which those
  drafts ignore) are removed, so that 2020-12 semantics do not apply them;
- references follow the renames above (``#/items/0`` -> ``#/prefixItems/0``, see
  ``_refs``); anchors and ``$dynamicRef`` become pointers; malformed keyword values
  (``required: 5``) and in-place ``$ref`` cycles raise ``SchemaError``.

The caller's dict is never mutated. Property order is preserved. ``normalize`` is
idempotent.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterator, List, Optional, Set, Tuple

from .._errors import DecodeError, SchemaError, excerpt
from .._json_equality import same
from .._json_values import MAX_SCHEMA_NODES
from .._schema_keywords import COUNT_KEYWORDS, DICT_KEYWORDS, LIST_KEYWORDS, NUMBER_KEYWORDS, SINGLE_KEYWORDS
from ._pattern import check_regex
from ._refs import link, resolve_ref, translate_refs
from ._util import At, copy_json, escape_token, json_equal, json_key, path_of, pointer_of

__all__ = [
    "DICT_KEYWORDS",
    "LIST_KEYWORDS",
    "SINGLE_KEYWORDS",
    "iter_subschemas",
    "merge_all_of",
    "normalize",
    "resolve_ref",
]

_TYPES = ("null", "boolean", "object", "array", "number", "string", "integer")


def normalize(schema: Any) -> Any:
    """Return the normal form of *schema* (a new object; the input is not touched).

    Raises ``SchemaError`` for a value that is not a schema, a keyword whose value has
    the wrong kind (``required: 5``), a pattern that cannot run (see ``_pattern``), an external ``$ref`` (no
    network access, ever) or a local ``$ref`` that does not resolve.
    """
    if not isinstance(schema, (dict, bool)):
        raise SchemaError(f"Schema must be a JSON object or a boolean, got {excerpt(schema)} at $")
    try:
        data = copy_json(schema, MAX_SCHEMA_NODES)
    except SchemaError:
        raise
    except DecodeError as exc:  # not JSON: a schema error all the same
        raise SchemaError(exc.message, loc=exc.loc) from None
    legacy = False
    recursive = True  # no ``$schema``: ``$recursiveRef`` means what 2019-09 says (no other draft has it)
    if isinstance(data, dict):
        declared = data.get("$schema")
        legacy = isinstance(declared, str) and any(d in declared for d in _LEGACY_DRAFTS)
        recursive = "$schema" not in data or (isinstance(declared, str) and "2019-09" in declared)
        translate_refs(data)
    out = _node(data, None, legacy)
    if isinstance(out, dict):
        link(out, list(iter_subschemas(out)), recursive_ref=recursive)
    return out


#: Drafts in which ``$ref`` makes its siblings ignored (draft-04 §7, draft-06/07 §8.3).
_LEGACY_DRAFTS = ("draft-03", "draft-04", "draft-06", "draft-07")
_KEPT_BESIDE_REF = ("$ref", "definitions", "$defs", "title", "description", "default", "examples", "$comment")


def _node(node: Any, at: At, legacy: bool = False) -> Any:
    """*node* (in the copy) in normal form; *at*: where it sits (``At``: a constant step
    per node, its ``$.path`` spelled only for an error; a path spelled per node took
    O(depth) steps each)."""
    if isinstance(node, bool):
        return node
    if not isinstance(node, dict):
        where = _where(at)
        raise SchemaError(f"Subschema must be an object or a boolean at {where}, got {excerpt(node)}", loc=where)
    node.pop("$schema", None)
    if isinstance(node.get("id"), str) and "$id" not in node and at is None:
        node.pop("id")
    # definitions -> $defs
    if "definitions" in node:
        defs = node.pop("definitions")
        if not isinstance(defs, dict):
            where = _where(at)
            raise SchemaError(f"'definitions' must be an object at {where}", loc=where)
        _merge(node, "$defs", "definitions", defs, at, older_first=True)
    # $ref: in draft-07 and earlier its siblings have no effect
    if legacy and "$ref" in node:
        for key in [k for k in node if k not in _KEPT_BESIDE_REF]:
            del node[key]
    if "$ref" in node:
        ref = node["$ref"]
        if not isinstance(ref, str):
            where = _where(at)
            raise SchemaError(f"'$ref' must be a string at {where}", loc=where)
        if not ref.startswith("#"):
            where = _where(at)
            raise SchemaError(
                f"External $ref {ref!r} at {where} is not supported; "
                "only local references (#/...) are resolved, never over the network",
                loc=where,
            )
    # draft-04 boolean exclusive bounds
    for excl, bound in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        value = node.get(excl)
        if isinstance(value, bool):
            del node[excl]
            if value and bound in node:
                node[excl] = node.pop(bound)
    # array-form items (draft <= 2019-09)
    if isinstance(node.get("items"), list):
        node["prefixItems"] = node.pop("items")
        if "additionalItems" in node:
            node["items"] = node.pop("additionalItems")
    else:
        node.pop("additionalItems", None)
    # dependencies -> dependentRequired / dependentSchemas
    if isinstance(node.get("dependencies"), dict):
        parts: Dict[str, Dict[str, Any]] = {}
        for key, dep in node.pop("dependencies").items():
            parts.setdefault("dependentRequired" if isinstance(dep, list) else "dependentSchemas", {})[key] = dep
        for target, part in parts.items():
            _merge(node, target, "dependencies", part, at, older_first=False)
    # type arrays and OpenAPI nullable
    nullable = node.pop("nullable", None)
    if "type" in node:
        types = node["type"]
        if isinstance(types, list):
            seen: List[str] = []
            for t in types:
                if t not in seen:
                    seen.append(t)
            types = seen
            if not types:  # the 2020-12 meta-schema: a type array has minItems 1
                where = _where(at)
                raise SchemaError(f"'type' must name at least one type at {where}, got []", loc=where + ".type")
        else:
            types = [types]
        for t in types:
            if t not in _TYPES:
                where = _where(at)
                raise SchemaError(f"Unknown type {excerpt(t)} at {where}.type", loc=where + ".type")
        if nullable is True and "null" not in types:
            types.append("null")
            if isinstance(node.get("enum"), list) and None not in node["enum"]:
                node["enum"] = node["enum"] + [None]
        node["type"] = types[0] if len(types) == 1 else types
    elif nullable is True:
        inner = {k: node.pop(k) for k in list(node) if k not in ("title", "description", "default")}
        node["anyOf"] = [inner, {"type": "null"}]
    _check_values(node, at)
    # recurse
    for key in SINGLE_KEYWORDS:
        if key in node:
            node[key] = _node(node[key], (at, key), legacy)
    for key in DICT_KEYWORDS:
        sub = node.get(key)
        if key in node:
            if not isinstance(sub, dict):
                where = _where(at)
                raise SchemaError(f"'{key}' must be an object at {where}", loc=where)
            held: At = (at, key)
            node[key] = {k: _node(v, (held, k), legacy) for k, v in sub.items()}
    for key in LIST_KEYWORDS:
        if key in node:
            sub = node[key]
            if not isinstance(sub, list):
                where = _where(at)
                raise SchemaError(f"'{key}' must be an array at {where}", loc=where)
            held = (at, key)
            node[key] = [_node(v, (held, str(i)), legacy) for i, v in enumerate(sub)]
    return node


def _check_values(node: Dict[str, Any], at: At) -> None:
    """Keywords whose value must be of one kind (validation §6): refused otherwise, so
    that no later step meets ``required: 5`` or ``maxLength: "3"``."""

    def bad(key: str, what: str) -> SchemaError:
        where = _where(at)
        return SchemaError(f"'{key}' must be {what} at {where}, got {excerpt(node[key])}", loc=f"{where}.{key}")

    for key in COUNT_KEYWORDS:
        if key in node:
            value = node[key]
            if isinstance(value, float) and value.is_integer():
                value = node[key] = int(value)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise bad(key, "a non-negative integer")
    for key in NUMBER_KEYWORDS:
        if key in node:
            value = node[key]
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise bad(key, "a number")
            if key == "multipleOf" and value <= 0:
                raise bad(key, "a number greater than 0")
    for key in ("required",):
        if key in node and (not isinstance(node[key], list) or not all(isinstance(n, str) for n in node[key])):
            raise bad(key, "an array of strings")
    if "enum" in node and not isinstance(node["enum"], list):
        raise bad("enum", "an array")
    if "format" in node and not isinstance(node["format"], str):  # validation §7.2.1
        raise bad("format", "a string")
    for key in ("uniqueItems",):
        if key in node and not isinstance(node[key], bool):
            raise bad(key, "a boolean")
    deps = node.get("dependentRequired")
    if deps is not None and (
        not isinstance(deps, dict)
        or not all(isinstance(v, list) and all(isinstance(n, str) for n in v) for v in deps.values())
    ):
        raise bad("dependentRequired", "an object of arrays of strings")
    if "pattern" in node:
        check_regex(node["pattern"], lambda: _where(at) + ".pattern")
    patterns = node.get("patternProperties")
    if isinstance(patterns, dict):  # any other value is refused with the other maps below
        for pat in patterns:
            check_regex(pat, _key_where(at, pat))


def _merge(node: Dict[str, Any], target: str, spelling: str, older: Dict[str, Any], at: At, *,
           older_first: bool) -> None:
    """Entries of an older *spelling* (``definitions``, ``dependencies``) into *target*
    (``$defs``, ``dependentRequired`` / ``dependentSchemas``) beside them; *target*
    must be an object (``SchemaError`` at its path, never a bare ``TypeError``), and a
    name in both must hold one value (JSON-equal), else ``SchemaError``: neither
    silently replaces the other (a ``#/definitions/X`` reference is read at
    ``#/$defs/X``; a replaced dependency would no longer apply). Key
    order as ever: ``definitions`` before ``$defs``, ``dependencies`` after the others."""
    if target not in node:
        node[target] = older
        return
    have = node[target]
    if not isinstance(have, dict):
        where = _where(at)
        raise SchemaError(f"'{target}' must be an object at {where}, got {excerpt(have)}", loc=f"{where}.{target}")
    for name, value in older.items():  # one name in both: the same value, or refused
        if name in have and not _agree(have[name], value):
            where = path_of(pointer_of(((at, target), name)))
            raise SchemaError(
                f"'{spelling}' and '{target}' both hold {excerpt(name)}, with different values, at {where}: "
                "which one applies is not guessed",
                loc=where,
            )
    merged = dict(older) if older_first else dict(have)
    merged.update(have if older_first else older)
    node[target] = merged


def _agree(a: Any, b: Any) -> bool:
    """JSON equality (``true`` is not ``1``; iterative, no recursion limit)."""
    return (type(a) is bool) is (type(b) is bool) and same(a, b)


def _where(at: At) -> str:
    """The ``$.path`` of where a node sits (spelled for a message only)."""
    return path_of(pointer_of(at))


def _key_where(at: At, key: str) -> Callable[[], str]:
    """The ``$.path`` of a ``patternProperties`` key of the node at *at*, spelled on demand."""
    return lambda: path_of(pointer_of(at) + "/patternProperties/" + escape_token(key))





def iter_subschemas(node: Any, ptr: str = "") -> Iterator[Tuple[str, Any]]:
    """Every schema node under *node* (itself included), depth first, with its pointer."""
    stack: List[Tuple[str, Any]] = [(ptr, node)]
    while stack:
        p, n = stack.pop()
        yield p, n
        if not isinstance(n, dict):
            continue
        children: List[Tuple[str, Any]] = []
        for key in SINGLE_KEYWORDS:
            if key in n:
                children.append((f"{p}/{key}", n[key]))
        for key in DICT_KEYWORDS:
            if isinstance(n.get(key), dict):
                children.extend((f"{p}/{key}/{escape_token(k)}", v) for k, v in n[key].items())
        for key in LIST_KEYWORDS:
            if isinstance(n.get(key), list):
                children.extend((f"{p}/{key}/{i}", v) for i, v in enumerate(n[key]))
        stack.extend(reversed(children))


_LOWER = ("minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains")
_UPPER = ("maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains")
_ANNOTATIONS = ("title", "description", "default", "examples", "$comment", "deprecated")


def merge_all_of(node: Dict[str, Any], names: Optional[Set[str]] = None) -> Optional[Dict[str, Any]]:
    """Merge ``allOf`` into its parent when that is exact, else ``None``.

    Exact means the merged schema accepts precisely what the ``allOf`` accepted: bounds
    take the tighter value, ``required`` the union, ``type`` the intersection, ``enum``
    the intersection; keywords whose conjunction has no single-keyword form (two
    different ``pattern``s, ``additionalProperties`` next to properties of another
    branch, two different ``$ref``s or combinators), keywords that read siblings from
    another side (``if``/``then``/``else``, ``prefixItems``/``items``,
    ``contains``/``minContains``/``maxContains``) and ``unevaluated*`` make it refuse.
    *names*: the set of *node*'s ``required``, when the caller knows it holds only
    strings (one object merged into many branches: read once, not once per branch).
    """
    branches = node.get("allOf")
    if not isinstance(branches, list):
        return None
    merged: Dict[str, Any] = {k: _own(k, v) for k, v in node.items() if k != "allOf"}
    if names is not None:
        names = set(names)
    elif _names(merged.get("required")):
        names = set(merged["required"])
    for branch in branches:
        if branch is True:
            continue
        if not isinstance(branch, dict) or not _merge_into(merged, branch, names):
            return None
        if names is None and _names(merged.get("required")):
            names = set(merged["required"])
    return merged


def _own(key: str, value: Any) -> Any:
    """*value* as the merge may change it in place: ``properties`` and ``required``
    copied once (each branch adds to them; a copy per branch would be quadratic)."""
    if key == "properties" and isinstance(value, dict):
        return dict(value)
    if key == "required" and isinstance(value, list):
        return list(value)
    return value


def _names(value: Any) -> bool:
    return isinstance(value, list) and all(type(r) is str for r in value)


#: Keywords that read their siblings: two sides may bring such a group together only
#: when they say the same (``then`` from one branch next to ``if`` from another, or
#: ``prefixItems`` lifted next to a parent's ``items``, would change meaning).
_GROUPS = (
    ("if", "then", "else"),
    ("prefixItems", "items"),
    ("contains", "minContains", "maxContains"),
)
_UNEVALUATED = ("unevaluatedProperties", "unevaluatedItems")


def _merge_into(acc: Dict[str, Any], branch: Dict[str, Any], names: Optional[Set[str]]) -> bool:
    """Merge *branch* into *acc* (whose ``properties`` and ``required`` it owns);
    *names*: the set of ``acc["required"]`` when it holds only strings, kept current."""
    if any(k in acc or k in branch for k in _UNEVALUATED):
        return False  # what counts as evaluated depends on where each keyword sits
    for group in _GROUPS:
        mine = {k: acc[k] for k in group if k in acc}
        theirs = {k: branch[k] for k in group if k in branch}
        if mine and theirs and not json_equal(mine, theirs):
            return False
    closed = "additionalProperties" in acc or "additionalProperties" in branch
    patterned = "patternProperties" in acc or "patternProperties" in branch
    named = "properties" in acc or "properties" in branch
    if closed and (patterned or (named and set(acc.get("properties") or {}) != set(branch.get("properties") or {}))):
        return False
    for key, value in branch.items():
        if key not in acc:
            acc[key] = _own(key, value)
            if key == "required" and names is not None and _names(acc[key]):
                names.update(acc[key])
        elif key in _ANNOTATIONS:
            continue
        elif key in _LOWER:
            acc[key] = max(acc[key], value)
        elif key in _UPPER:
            acc[key] = min(acc[key], value)
        elif key == "required" and names is not None and _names(value):
            acc[key].extend(r for r in value if r not in names)
            names.update(value)
        elif key == "required":
            acc[key] = list(acc[key]) + [r for r in value if r not in acc[key]]
        elif key == "type":
            a = acc[key] if isinstance(acc[key], list) else [acc[key]]
            b = value if isinstance(value, list) else [value]
            both = [t for t in a if t in b]
            both += [t for t in a if t == "integer" and "number" in b and t not in both]
            both += [t for t in b if t == "integer" and "number" in a and t not in both]
            if not both:
                return False
            acc[key] = both[0] if len(both) == 1 else both
        elif key == "enum":
            if not isinstance(acc[key], list) or not isinstance(value, list):
                return False
            keys = {json_key(w) for w in value}  # one key per value: linear, not each against each
            acc[key] = [v for v in acc[key] if json_key(v) in keys]
        elif key == "properties":
            props = acc[key]
            for name, sub in value.items():
                if name in props and not json_equal(props[name], sub):
                    props[name] = {"allOf": [props[name], sub]}
                else:
                    props[name] = sub
        elif key in ("uniqueItems",):
            acc[key] = bool(acc[key] or value)
        elif not json_equal(acc[key], value):
            return False
    return True
