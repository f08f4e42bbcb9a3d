"""Map an answer produced under a wire schema back to the original schema's shape.

Undoes, in this order: the root wrapper (``{"result": ...}``), map pairs
(``[{"key", "value"}]`` -> object, each key once), free-form objects sent as JSON strings, and the
required-all shim: a ``null`` for a property that was optional in the original and
whose original schema does not accept ``null`` is removed again. Nothing else is
touched; the result is then validated against the original schema.

Linear in the answer: each (value, node) pair a ``$ref`` or an ``anyOf``/``oneOf``
branch leads to is walked once and each branch's candidate checked once, by one
``_Checker`` whose answers are remembered per pair (a branch tried, then tried again one
level up, was walked again: 2**depth walks).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from .._args import load_json
from ._normalize import merge_all_of, resolve_ref
from ._rewrite_shapes import Options, is_open_object
from ._validate import _Checker

__all__ = ["map_back"]

_MAX_DEPTH = 200  # schema steps; deeper parts of an answer are left as they are (and checked)
_FRAMES_PER_STEP = 3  # stack frames one step of the walk may take


def map_back(value: Any, root: Any, options: Options, *, wrapped: bool) -> Any:
    """The answer *value* in the shape of the original (normal-form) schema *root*."""
    if wrapped and isinstance(value, dict) and set(value) == {"result"}:
        value = value["result"]
    return _MapBack(root, options).walk(value, root, 0)


class _MapBack:
    """One answer's walk: what each remembered pair became, and one checker for the branches."""

    def __init__(self, root: Any, options: Options) -> None:
        self.root = root
        self.o = options
        self.checker = _Checker(root, False)
        self.room = self.checker.room
        # half the stack left for the walk, half for the checks it makes on the way
        self.max_depth = min(_MAX_DEPTH, self.room * 5 // (2 * _FRAMES_PER_STEP))
        # (id(value), id(node)) -> (value, result): the value is held so that its id is
        # not reused while the walk lasts (results and tried candidates are held too:
        # the checker remembers its answers by their ids)
        self.done: Dict[Tuple[int, int], Tuple[Any, Any]] = {}
        self.merged: Dict[int, Tuple[Any, Optional[Dict[str, Any]]]] = {}

    def valid(self, value: Any, node: Any, depth: int) -> bool:
        """Whether *value* matches *node* (remembered per pair), within the stack left."""
        self.checker.room = max(8, self.room - (_FRAMES_PER_STEP * depth) // 5 - 1)
        return self.checker.valid(value, node, "", "")

    def pair(self, value: Any, node: Any, depth: int) -> Any:
        """``walk`` once per (value, node) pair; a result is its own result again."""
        key = (id(value), id(node))
        done = self.done.get(key)
        if done is not None:
            return done[1]
        self.done[key] = (value, value)  # a cycle through in-place keywords stops here
        result = self.walk(value, node, depth)
        self.done[key] = (value, result)
        self.done.setdefault((id(result), id(node)), (result, result))
        return result

    def merge(self, node: Dict[str, Any]) -> Optional[Dict[str, Any]]:
        """``merge_all_of`` once per node (the merged node's id must stay the same)."""
        got = self.merged.get(id(node))
        if got is None:
            got = self.merged[id(node)] = (node, merge_all_of(node))
        return got[1]

    def walk(self, value: Any, node: Any, depth: int) -> Any:  # noqa: C901 - one shape per branch
        if not isinstance(node, dict) or depth > self.max_depth:
            return value
        o, deeper = self.o, depth + 1
        if "$ref" in node:
            value = self.pair(value, resolve_ref(self.root, node["$ref"]), deeper)
        if "allOf" in node:
            merged = self.merge(node)
            if merged is not None:
                return self.walk(value, merged, deeper)
            for branch in node["allOf"]:
                value = self.pair(value, branch, deeper)
        for comb in ("anyOf", "oneOf"):
            for branch in node.get(comb, ()):
                candidate = self.pair(value, branch, deeper)
                if self.valid(candidate, branch, depth):
                    value = candidate
                    break
        if (
            isinstance(value, str)
            and o.free_form == "string"
            and is_open_object(node)
        ):
            try:  # (toolwire's reader: no NaN, a nesting too deep is a ValueError, never a RecursionError)
                decoded = load_json(value)
            except ValueError:
                return value
            return decoded if isinstance(decoded, dict) else value
        if isinstance(value, list):
            addl = node.get("additionalProperties")
            if o.maps == "pairs" and isinstance(addl, dict) and not node.get("properties") and _pairs(value):
                return {p["key"]: self.walk(p["value"], addl, deeper) for p in value}
            prefix = node.get("prefixItems") or []
            items = node.get("items")
            out = []
            for i, item in enumerate(value):
                sub = prefix[i] if i < len(prefix) else items
                out.append(self.walk(item, sub, deeper) if sub is not None else item)
            return value if all(a is b for a, b in zip(out, value)) else out
        if isinstance(value, dict):
            props: Dict[str, Any] = node.get("properties") or {}
            required = set(node.get("required") or ())
            addl = node.get("additionalProperties")
            result: Dict[str, Any] = {}
            same = True  # nothing changed: the value itself (its pairs stay remembered)
            for key, item in value.items():
                if key in props:
                    sub = props[key]
                    if item is None and o.nulls and key not in required and not self.valid(None, sub, depth):
                        same = False
                        continue
                    result[key] = self.walk(item, sub, deeper)
                elif isinstance(addl, dict):
                    result[key] = self.walk(item, addl, deeper)
                else:
                    result[key] = item
                same = same and result[key] is item
            return value if same else result
        return value


def _pairs(value: Any) -> bool:
    """Whether *value* is map pairs with each key once: a key given twice (which the wire
    schema cannot forbid) is no object, and is left as it came (it fails the original)."""
    keys = set()
    for p in value:
        if not (isinstance(p, dict) and len(p) == 2 and "key" in p and "value" in p and isinstance(p["key"], str)):
            return False
        if p["key"] in keys:
            return False
        keys.add(p["key"])
    return True
