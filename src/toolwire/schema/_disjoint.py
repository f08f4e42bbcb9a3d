"""Whether the branches of a ``oneOf`` are disjoint, so that ``anyOf`` means the same:
the test strict targets apply before sending ``oneOf`` as ``anyOf``, and grammar
engines (which read ``oneOf`` as ``anyOf``) before a ``oneOf`` counts as enforced.
Linear in the branches (each ``$ref`` resolved once)."""

from __future__ import annotations

from typing import Any, Dict, List, Set

from ._normalize import resolve_ref
from ._util import canonical_text

__all__ = ["disjoint"]


def disjoint(root: Any, branches: List[Any], parent_type: Any) -> bool:
    """No value matches two *branches*: each has another type (an integer is a number),
    or, on objects, a required property of another ``const`` in each. *root*: the
    schema the branches' ``$ref`` values point into."""
    types: List[Any] = []
    consts: Dict[str, Set[str]] = {}
    for b in branches:
        if not isinstance(b, dict):
            return False
        if "$ref" in b:
            b = resolve_ref(root, b["$ref"])
            if not isinstance(b, dict):
                return False
        kind = b.get("type")
        types.append("number" if kind == "integer" else kind)
        if kind != "object" and parent_type != "object":
            continue  # properties and required say nothing about other values
        for k, s in (b.get("properties") or {}).items():
            if k in (b.get("required") or ()) and isinstance(s, dict) and "const" in s:
                consts.setdefault(k, set()).add(canonical_text(s["const"]))
    if all(isinstance(t, str) for t in types) and len(set(types)) == len(types):
        return True
    return any(len(v) == len(branches) for v in consts.values())
