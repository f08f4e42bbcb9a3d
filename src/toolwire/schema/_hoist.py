"""``$ref`` targets outside the root ``$defs`` moved into it before a rewrite.

A rewrite changes a node with its context: an optional property is made nullable, a
``oneOf`` becomes an ``anyOf``, a type array is split, nested ``$defs`` are dropped. A
``$ref`` that points at such a place (``#/properties/a``, ``#/properties/x/$defs/Y``,
``#/properties/a/oneOf/1``) would then dangle or mean something else on the wire. So
every such target is moved into the root ``$defs`` and its old place becomes a ``$ref``
to it: a lone ``$ref`` applies its target and nothing else (JSON Schema Draft 2020-12
core §8.2.3.1), so the schema means what it meant, and the rewrite meets each target
once, alone, like any definition. The caller's normal form is never touched (a copy is
made when something moves). Linear: each target is moved once, never copied.
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

from ._normalize import iter_subschemas
from ._util import copy_json, decode_pointer, encode_pointer

__all__ = ["hoist_targets"]


def hoist_targets(root: Any) -> Tuple[Any, List[Tuple[str, str, str]]]:
    """*root* with every ``$ref`` target outside the root ``$defs`` moved into it, and
    ``(pointer of the $ref, old target, new target)`` per ``$ref`` that changed."""
    if not isinstance(root, dict):
        return root, []
    sites: List[Tuple[str, str]] = []
    for ptr, node in iter_subschemas(root):
        if isinstance(node, dict) and isinstance(node.get("$ref"), str) and _outside(node["$ref"]):
            sites.append((ptr, node["$ref"]))
    if not sites:
        return root, []
    root = copy_json(root)
    defs = root.get("$defs")
    if not isinstance(defs, dict):
        defs = root["$defs"] = {}
    # every target is found before anything moves: (container, key) of its place
    places: Dict[str, Tuple[Any, Any, Any]] = {}
    for _, ref in sites:
        if ref not in places:
            places[ref] = _place(root, decode_pointer(ref[1:]))
    names: Dict[int, str] = {}
    counters: Dict[str, int] = {}
    moved: Dict[str, str] = {}
    for ref, (container, key, target) in places.items():
        name = names.get(id(target))
        if name is None:
            name = _fresh(ref, defs, counters)
            names[id(target)] = name
            defs[name] = target
            container[key] = {"$ref": "#" + encode_pointer(["$defs", name])}
        moved[ref] = "#" + encode_pointer(["$defs", name])  # (a "%" of the name as %25: decoded, it names it)
    for _, node in iter_subschemas(root):
        if isinstance(node, dict) and node.get("$ref") in moved:
            node["$ref"] = moved[node["$ref"]]
    return root, [(ptr, ref, moved[ref]) for ptr, ref in sites]


def _outside(ref: str) -> bool:
    """A pointer to anything but the root or one root ``$defs`` entry."""
    if ref == "#":
        return False
    tokens = decode_pointer(ref[1:])
    return not (len(tokens) == 2 and tokens[0] == "$defs")


def _place(root: Any, tokens: List[str]) -> Tuple[Any, Any, Any]:
    """The container holding the node at *tokens*, its key there, and the node
    (``normalize`` made sure the pointer resolves)."""
    container: Any = None
    key: Any = None
    node = root
    for token in tokens:
        container, key = node, int(token) if isinstance(node, list) else token
        node = container[key]
    return container, key, node


def _fresh(ref: str, defs: Dict[str, Any], counters: Dict[str, int]) -> str:
    """A ``$defs`` name for the target of *ref*: its pointer without the ``properties``
    and ``$defs`` tokens (``#/properties/x/$defs/Y`` -> ``x_Y``), numbered when taken."""
    base = "_".join(t for t in decode_pointer(ref[1:]) if t not in ("properties", "$defs")) or "ref"
    name, n = base, counters.get(base, 1)
    while name in defs:
        n += 1
        name = f"{base}_{n}"
    counters[base] = n
    return name
