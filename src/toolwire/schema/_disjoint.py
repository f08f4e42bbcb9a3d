"""Whether the branches of a ``oneOf`` are disjoint, so that ``anyOf`` means the same:
the test strict targets apply before sending ``oneOf`` as ``anyOf``, and grammar
engines (which read ``oneOf`` as ``anyOf``) before a ``oneOf`` counts as enforced.
Linear in the branches and their values (each ``$ref`` resolved once)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set

from ._normalize import resolve_ref
from ._util import canonical_text

__all__ = ["disjoint"]


def disjoint(root: Any, branches: List[Any], parent: Any) -> bool:
    """No value matches two *branches*: each has another type (an integer is a number);
    or each allows a finite set of values (``const`` / ``enum``), no two sharing one; or,
    on objects, a property required in each (by the branch or by *parent*, the node that
    holds the ``oneOf``) has such sets in every branch, no two sharing a value (a
    discriminator). *root*: the schema the branches' ``$ref`` values point into."""
    parent = parent if isinstance(parent, dict) else {}
    parent_type, above = parent.get("type"), parent.get("required")
    above = set(above) if isinstance(above, list) and all(type(k) is str for k in above) else set()
    types: List[Any] = []
    values: List[Optional[Set[str]]] = []  # each branch's values, when finite
    keyed: Dict[str, List[Set[str]]] = {}  # a required property's values, per branch that has them finite
    for b in branches:
        if not isinstance(b, dict):
            return False
        if "$ref" in b:
            b = resolve_ref(root, b["$ref"])
            if not isinstance(b, dict):
                return False
        kind = b.get("type")
        types.append("number" if kind == "integer" else kind)
        values.append(_finite(b))
        if kind != "object" and parent_type != "object":
            continue  # properties and required say nothing about other values
        required = b.get("required")
        # the parent's names are tested, not copied into a set per branch (n names beside
        # n branches was n²)
        own = set(required) if isinstance(required, list) and all(type(k) is str for k in required) else ()
        properties = b.get("properties")
        for k, s in (properties.items() if isinstance(properties, dict) else ()):
            if (k in above or k in own) and isinstance(s, dict):
                found = _finite(s)
                if found is not None:
                    keyed.setdefault(k, []).append(found)
    if all(isinstance(t, str) for t in types) and len(set(types)) == len(types):
        return True
    if all(v is not None for v in values) and _apart([v for v in values if v is not None]):
        return True
    return any(len(sets) == len(branches) and _apart(sets) for sets in keyed.values())


def _finite(node: Dict[str, Any]) -> Optional[Set[str]]:
    """The values *node* allows when it lists them (``const``, or ``enum``: both, what they
    share), as canonical JSON texts; else ``None``."""
    found: Optional[Set[str]] = None
    if "const" in node:
        found = {canonical_text(node["const"])}
    enum = node.get("enum")
    if isinstance(enum, list):
        listed = {canonical_text(v) for v in enum}
        found = listed if found is None else found & listed
    return found


def _apart(sets: List[Set[str]]) -> bool:
    """No value in two of *sets*."""
    seen: Set[str] = set()
    for s in sets:
        if not seen.isdisjoint(s):
            return False
        seen |= s
    return True
