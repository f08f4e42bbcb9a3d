"""Map an answer produced under a wire schema back to the original schema's shape.

Undoes, in this order: the root wrapper (``{"result": ...}``), map pairs
(``[{"key", "value"}]`` -> object), free-form objects sent as JSON strings, and the
required-all shim: a ``null`` for a property that was optional in the original and
whose original schema does not accept ``null`` is removed again. Nothing else is
touched; the result is then validated against the original schema.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

from ._normalize import merge_all_of, resolve_ref
from ._rewrite_shapes import Options, accepts_null, is_free_form
from ._validate import _Checker

__all__ = ["map_back"]


def map_back(value: Any, root: Any, options: Options, *, wrapped: bool) -> Any:
    """The answer *value* in the shape of the original (normal-form) schema *root*."""
    if wrapped and isinstance(value, dict) and set(value) == {"result"}:
        value = value["result"]
    return _walk(value, root, root, options, 0)


def _valid(root: Any, value: Any, node: Any) -> bool:
    probe: List[Any] = []
    _Checker(root, False).run(value, node, "", "", probe, first=True)
    return not probe


def _walk(value: Any, node: Any, root: Any, o: Options, depth: int) -> Any:
    if not isinstance(node, dict) or depth > 200:
        return value
    if "$ref" in node:
        value = _walk(value, resolve_ref(root, node["$ref"]), root, o, depth + 1)
    if "allOf" in node:
        merged = merge_all_of(node)
        if merged is not None:
            return _walk(value, merged, root, o, depth + 1)
        for branch in node["allOf"]:
            value = _walk(value, branch, root, o, depth + 1)
    for comb in ("anyOf", "oneOf"):
        if comb in node:
            for branch in node[comb]:
                candidate = _walk(value, branch, root, o, depth + 1)
                if _valid(root, candidate, branch):
                    value = candidate
                    break
    if (
        isinstance(value, str)
        and o.free_form == "string"
        and (is_free_form(node) or (node.get("type") == "object" and node.get("additionalProperties") is True))
    ):
        try:
            decoded = json.loads(value)
        except ValueError:
            return value
        return decoded if isinstance(decoded, dict) else value
    if isinstance(value, list):
        addl = node.get("additionalProperties")
        pairs = all(isinstance(p, dict) and set(p) == {"key", "value"} and isinstance(p["key"], str) for p in value)
        if o.maps == "pairs" and isinstance(addl, dict) and not node.get("properties") and pairs:
            return {p["key"]: _walk(p["value"], addl, root, o, depth + 1) for p in value}
        prefix = node.get("prefixItems") or []
        out = []
        for i, item in enumerate(value):
            sub = prefix[i] if i < len(prefix) else node.get("items")
            out.append(_walk(item, sub, root, o, depth + 1) if sub is not None else item)
        return out
    if isinstance(value, dict):
        props: Dict[str, Any] = node.get("properties") or {}
        required = set(node.get("required") or ())
        addl = node.get("additionalProperties")
        result: Dict[str, Any] = {}
        for key, item in value.items():
            if key in props:
                sub = props[key]
                if item is None and o.nulls and key not in required and not accepts_null(root, sub):
                    continue
                result[key] = _walk(item, sub, root, o, depth + 1)
            elif isinstance(addl, dict):
                result[key] = _walk(item, addl, root, o, depth + 1)
            else:
                result[key] = item
        return result
    return value
