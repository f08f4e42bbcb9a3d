"""Local references: JSON Pointers through draft changes, anchors, ``$dynamicRef``,
``$recursiveRef``, cycles.

Followed: JSON Schema Draft 2020-12 core §8.2 (``$anchor``, ``$dynamicAnchor``,
``$ref``, ``$dynamicRef``), Draft 2019-09 core §8.2.4.2 (``$recursiveRef``,
``$recursiveAnchor``: https://json-schema.org/draft/2019-09/json-schema-core, checked
2026-12-06), RFC 6901 (JSON Pointer: ``~0``/``~1``) and RFC 3986 §2.1
(percent-encoding in a URI fragment), checked 2026-12-02.

- ``translate_refs`` runs before the normal form is made: a reference to the root's own
  absolute ``$id`` is made local; a pointer written for the
  caller's draft (``#/items/0`` with array-form ``items``, ``#/definitions/x``,
  ``#/dependencies/a``, into a node that ``nullable`` wraps) is rewritten to point at the
  same subschema in the normal form, token by token (a property named ``definitions``
  stays a property).
- ``link`` runs after: ``#name`` anchors become pointers; ``$dynamicRef`` becomes ``$ref``
  (exact for a schema that is one resource: its dynamic scope holds one anchor per
  name); ``$recursiveRef`` (defined for ``"#"`` only) becomes ``$ref: "#"`` (exact for one
  resource: the root is the only resource, and the outermost one with
  ``$recursiveAnchor: true`` when it has one) where the root's ``$schema`` is 2019-09 or
  absent (no other draft has the keyword: under another it is unknown, left as it is,
  ignored as ``jsonschema``'s validators of those drafts ignore it); an embedded ``$id`` next to references is
  refused (its references would resolve against another base); every reference must
  resolve; a cycle through ``$ref`` and in-place applicators only (``{"$ref": "#"}``) is
  refused: it never reaches a value.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from .._errors import SchemaError, excerpt
from .._schema_keywords import (
    COUNT_KEYWORDS,
    DICT_KEYWORDS,
    IN_PLACE,
    LIST_KEYWORDS,
    NUMBER_KEYWORDS,
    SINGLE_KEYWORDS,
)
from ._util import array_index, decode_pointer, encode_pointer, escape_token, path_of

__all__ = ["link", "resolve_ref", "translate_refs"]

_RAW_SINGLE = (*SINGLE_KEYWORDS, "additionalItems")
_RAW_DICT = (*DICT_KEYWORDS, "definitions")
_KEPT_BY_NULLABLE = ("title", "description", "default")


def resolve_ref(root: Any, ref: str, loc: str = "$") -> Any:
    """The subschema a local ``$ref`` points at (``#``, ``#/$defs/X``, any JSON Pointer)."""
    if not ref.startswith("#"):
        raise SchemaError(f"External $ref {ref!r} at {loc} is not supported", loc=loc)
    if ref == "#":
        return root
    if not ref.startswith("#/"):
        raise SchemaError(f"$ref {ref!r} at {loc} is not a JSON Pointer", loc=loc)
    node = root
    for token in decode_pointer(ref[1:]):
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list):
            node = node[_index(token, node, ref, loc)]
        else:
            raise SchemaError(f"$ref {ref!r} at {loc} does not resolve", loc=loc)
    return node


def _index(token: str, node: List[Any], ref: str, loc: str) -> int:
    """The item of the array *node* that *token* names (RFC 6901 §4), else ``SchemaError``."""
    index = array_index(token, len(node))
    if index is None:
        spelled = token.isascii() and token.isdigit() and (token == "0" or token[0] != "0")
        why = (
            f"past the end of an array of {len(node)} items" if spelled
            else "not an array index (RFC 6901: 0, or ASCII digits without a leading 0)"
        )
        raise SchemaError(f"$ref {ref!r} at {loc} does not resolve: {excerpt(token)} is {why}", loc=loc)
    return index


# -- before the normal form ------------------------------------------------------------------
def translate_refs(root: Any) -> None:
    """Rewrite, in place, every ``$ref``/``$dynamicRef`` pointer of the raw schema *root*
    so that it names the same subschema in the normal form. A reference that starts with
    the root's own ``$id`` (``"http://x/root#/$defs/s"``) is this document: it resolves
    against that base (core §8.2.1, §9.2.1) and is made local (``"#/$defs/s"``)."""
    base = root.get("$id") if isinstance(root.get("$id"), str) else None
    if base is not None:
        base = base[:-1] if base.endswith("#") else base
    for ptr, node in _raw_nodes(root):
        for key in ("$ref", "$dynamicRef"):
            ref = node.get(key)
            if base and isinstance(ref, str) and ref.startswith(base) and ref[len(base):len(base) + 1] in ("", "#"):
                ref = node[key] = "#" + ref[len(base) + 1:]
            if isinstance(ref, str) and ref.startswith("#/"):
                tokens = decode_pointer(ref[1:])
                try:
                    moved = _translate(root, tokens, ref, "$")
                except SchemaError:  # the same error at its place, spelled only now (per node: O(depth) each)
                    _translate(root, tokens, ref, path_of(ptr))
                    raise
                node[key] = "#" + encode_pointer(moved)


def _raw_nodes(root: Any) -> List[Tuple[str, Dict[str, Any]]]:
    out: List[Tuple[str, Dict[str, Any]]] = []
    stack: List[Tuple[str, Any]] = [("", root)]
    while stack:
        ptr, node = stack.pop()
        if not isinstance(node, dict):
            continue
        out.append((ptr, node))
        for key in _RAW_SINGLE:
            if key in node and not isinstance(node[key], list):
                stack.append((f"{ptr}/{key}", node[key]))
        for key in (*_RAW_DICT, "dependencies"):
            if isinstance(node.get(key), dict):
                stack.extend((f"{ptr}/{key}/{escape_token(k)}", v) for k, v in node[key].items())
        for key in (*LIST_KEYWORDS, "items"):
            if isinstance(node.get(key), list):
                stack.extend((f"{ptr}/{key}/{i}", v) for i, v in enumerate(node[key]))
    return out


def _translate(root: Any, tokens: List[str], ref: str, loc: str) -> List[str]:
    out: List[str] = []
    node, kind, i = root, "schema", 0
    while i < len(tokens):
        tok = tokens[i]
        nxt: Any
        if kind == "schema" and isinstance(node, dict):
            if node.get("nullable") is True and "type" not in node and tok not in _KEPT_BY_NULLABLE:
                out += ["anyOf", "0"]
            array_items = isinstance(node.get("items"), list)
            if tok == "definitions":
                out.append("$defs")
                kind = "map"
            elif tok == "items" and array_items:
                out.append("prefixItems")
                kind = "list"
            elif tok == "additionalItems":
                if not array_items:
                    raise SchemaError(
                        f"$ref {ref!r} at {loc} points at an 'additionalItems' that has no effect", loc=loc
                    )
                out.append("items")
            elif tok == "dependencies" and i + 1 < len(tokens) and isinstance(node.get(tok), dict):
                dep = node[tok].get(tokens[i + 1])
                out += ["dependentRequired" if isinstance(dep, list) else "dependentSchemas", tokens[i + 1]]
                node, kind, i = dep, "schema" if not isinstance(dep, list) else "value", i + 2
                continue
            else:
                out.append(tok)
                kind = (
                    "schema"
                    if tok in _RAW_SINGLE
                    else "map"
                    if tok in _RAW_DICT
                    else "list"
                    if tok in LIST_KEYWORDS
                    else "value"
                )
            nxt = node.get(tok, _MISSING)
        else:
            out.append(tok)
            kind = "schema" if kind in ("map", "list") else "value"
            if isinstance(node, dict):
                nxt = node.get(tok, _MISSING)
            elif isinstance(node, list):
                nxt = node[_index(tok, node, ref, loc)]
            else:
                nxt = _MISSING
        if nxt is _MISSING:
            raise SchemaError(f"$ref {ref!r} at {loc} does not resolve", loc=loc)
        node, i = nxt, i + 1
    return out


_MISSING = object()


# -- after the normal form -------------------------------------------------------------------
def link(root: Any, nodes: List[Tuple[str, Any]], *, recursive_ref: bool = True) -> None:
    """Anchors to pointers, ``$dynamicRef`` to ``$ref``, refusals; *nodes* are the
    normal form's ``(pointer, subschema)`` pairs. *recursive_ref*: the schema is draft
    2019-09's or declares none; under another draft ``$recursiveRef`` is an unknown
    keyword (left as it is: ignored by the check, as ``jsonschema`` ignores it there)."""
    known = "$recursiveRef" if recursive_ref else "$ref"
    refs = [(p, n) for p, n in nodes if isinstance(n, dict) and ("$ref" in n or "$dynamicRef" in n or known in n)]
    if not refs:
        return
    anchors: Dict[str, str] = {}
    for ptr, node in nodes:
        if not isinstance(node, dict):
            continue
        if ptr and "$id" in node:
            raise SchemaError(
                f"An embedded $id at {path_of(ptr)} starts another schema resource; "
                "references inside it are not supported",
                loc=path_of(ptr),
            )
        for key in ("$anchor", "$dynamicAnchor"):
            name = node.get(key)
            if isinstance(name, str):
                anchors.setdefault(name, "#" + ptr.replace("%", "%25"))
    for ptr, node in refs:
        try:
            target, ref = _linked(root, node, anchors, "$", recursive_ref)
        except SchemaError:  # the same error at its place, spelled only now (per node: O(depth) each)
            _linked(root, node, anchors, path_of(ptr), recursive_ref)
            raise
        node.pop("$dynamicRef", None)
        if recursive_ref:
            node.pop("$recursiveRef", None)
        if target is not None and "$ref" in node:
            node["allOf"] = [*node.get("allOf", ()), {"$ref": target}]
        if ref is not None:
            node["$ref"] = ref
    _refuse_cycles(root, nodes)


def _linked(
    root: Any, node: Dict[str, Any], anchors: Dict[str, str], loc: str, recursive_ref: bool
) -> Tuple[Optional[str], Any]:
    """The pointers *node*'s ``$dynamicRef`` (or ``$recursiveRef``) and ``$ref`` become
    (``None`` for none): the first goes where the ``$ref`` is, or beside it as an
    ``allOf`` branch. Changes nothing, so that an error can be raised again with its
    place (*loc*) spelled."""
    dynamic = node.get("$dynamicRef")
    target = None
    if dynamic is not None:
        if not isinstance(dynamic, str):
            raise SchemaError(f"'$dynamicRef' must be a string at {loc}", loc=loc)
        target = _pointer(dynamic, anchors, loc)
    if recursive_ref and "$recursiveRef" in node:
        if "$dynamicRef" in node:
            raise SchemaError(f"'$recursiveRef' beside '$dynamicRef' at {loc} is not supported", loc=loc)
        if node["$recursiveRef"] != "#":  # 2019-09 §8.2.4.2.1: "defined only for the value '#'"
            raise SchemaError(f"'$recursiveRef' must be \"#\" at {loc}, got {excerpt(node['$recursiveRef'])}",
                              loc=loc)
        target = "#"
    if "$ref" not in node and target is None:
        return None, None
    given: Any = node.get("$ref", target)  # a string: ``_node`` refused any other $ref, and target is one
    ref = _pointer(given, anchors, loc)
    _schema_at(root, ref, loc)
    return target, ref


#: Keywords whose values are not schemas (a pointer into them names no schema, even
#: where the value is an object or a boolean: ``const``, ``default``, ``uniqueItems``).
_VALUE_KEYWORDS = frozenset((
    *COUNT_KEYWORDS, *NUMBER_KEYWORDS, "type", "enum", "const", "required", "dependentRequired", "default",
    "examples", "format", "pattern", "uniqueItems", "title", "description", "deprecated", "readOnly", "writeOnly",
    "$comment", "$id", "$anchor", "$dynamicAnchor", "$ref", "$dynamicRef", "$vocabulary", "contentEncoding",
    "$recursiveRef", "$recursiveAnchor",
    "contentMediaType", "nullable", "discriminator", "example",
))


def _schema_at(root: Any, ref: str, loc: str) -> Any:
    """The subschema *ref* names; ``SchemaError`` when it names something else (the
    ``required`` list, the ``properties`` map, a ``const`` value): read as a schema, such
    a value would accept anything or fail on the first answer. A pointer into a keyword
    this module does not know (``#/components/schemas/X``) is the caller's own place for
    schemas and is taken when it holds an object or a boolean."""
    target = resolve_ref(root, ref, loc)
    role, owner = "schema", ""
    for token in decode_pointer(ref[1:]) if ref != "#" else ():
        if role == "schema":
            owner = token
            role = (
                "schema" if token in SINGLE_KEYWORDS else "map" if token in DICT_KEYWORDS
                else "list" if token in LIST_KEYWORDS else "value" if token in _VALUE_KEYWORDS else "other"
            )
        elif role in ("map", "list"):
            role = "schema"
    if role in ("map", "list", "value"):
        raise SchemaError(f"$ref {ref!r} at {loc} does not name a schema: it points into {owner!r}", loc=loc)
    if not isinstance(target, (dict, bool)):
        raise SchemaError(f"$ref {ref!r} at {loc} points at {excerpt(target)}, not a schema", loc=loc)
    return target


def _pointer(ref: str, anchors: Dict[str, str], loc: str) -> str:
    if ref == "#" or ref.startswith("#/"):
        return ref
    if not ref.startswith("#"):
        raise SchemaError(
            f"External $ref {ref!r} at {loc} is not supported; only local references (#/...) are resolved, "
            "never over the network",
            loc=loc,
        )
    found = anchors.get(ref[1:])
    if found is None:
        raise SchemaError(f"$ref {ref!r} at {loc} names no $anchor of this schema", loc=loc)
    return found


def _refuse_cycles(root: Any, nodes: List[Tuple[str, Any]]) -> None:
    """A walk through ``$ref`` and in-place applicators that comes back to a node."""
    where: Dict[int, str] = {id(n): p for p, n in nodes}
    state: Dict[int, int] = {}  # 1: on the walk's path, 2: done
    for start_ptr, start in nodes:
        if not isinstance(start, dict) or id(start) in state:
            continue
        stack: List[Tuple[Any, Optional[List[Any]]]] = [(start, None)]
        while stack:
            node, pending = stack[-1]
            if pending is None:
                state[id(node)] = 1
                pending = _in_place(root, node)
                stack[-1] = (node, pending)
            if pending:
                nxt = pending.pop()
                seen = state.get(id(nxt))
                if seen == 1:
                    loc = path_of(where.get(id(node), start_ptr))
                    raise SchemaError(
                        f"The schema loops back to itself at {loc} through $ref without reaching a value",
                        loc=loc,
                    )
                if seen is None and isinstance(nxt, dict):
                    stack.append((nxt, None))
            else:
                state[id(node)] = 2
                stack.pop()


def _in_place(root: Any, node: Dict[str, Any]) -> List[Any]:
    out: List[Any] = []
    if isinstance(node.get("$ref"), str):
        out.append(resolve_ref(root, node["$ref"]))
    for key in IN_PLACE:
        value = node.get(key)
        if isinstance(value, list):
            out.extend(value)
        elif isinstance(value, dict) and key == "dependentSchemas":
            out.extend(value.values())
        elif isinstance(value, dict):
            out.append(value)
    return out
