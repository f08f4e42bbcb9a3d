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

One depth limit with the validator: the walk counts the levels the check counts (one per
``$ref``, branch, property or item), in no more stack frames each, and the room is the
check's (``stack_room``). Where an answer goes deeper, the walk raises ``_TooDeep`` at
that place (a branch's check as well: a branch cut short is no verdict), never leaving the
render's nulls in place below a limit of its own (it stopped at 5/6 of the room: between
the two, ``validate`` reported those nulls, "null is not of type string", or under an
``anyOf`` "matches none of the allowed shapes", and no ``depth`` issue).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from .._args import load_json
from .._repeats import first_repeat
from ._json_numbers import holds_non_finite
from ._normalize import merge_all_of, resolve_ref
from ._rewrite_shapes import Options, is_open_object
from ._util import escape_token
from ._validate import _Checker, _TooDeep

__all__ = ["map_back"]


def map_back(value: Any, root: Any, options: Options, *, wrapped: bool, room: Optional[int] = None) -> Any:
    """The answer *value* in the shape of the original (normal-form) schema *root*.

    Raises ``_TooDeep`` (its ``ptr`` into the answer, unwrapped) where the answer goes
    deeper than *room* levels (``stack_room()`` by default), or ``RecursionError``."""
    if wrapped and isinstance(value, dict) and set(value) == {"result"}:
        value = value["result"]
    return _MapBack(root, options, room).walk(value, root, 0)


class _MapBack:
    """One answer's walk: what each remembered pair became, and one checker for the branches."""

    def __init__(self, root: Any, options: Options, room: Optional[int]) -> None:
        self.root = root
        self.o = options
        self.checker = _Checker(root, False, room)
        self.checker.whole = True  # no room: ``_TooDeep``, not a branch that does not match
        self.room = self.checker.room
        # (id(value), id(node)) -> (value, result): the value is held so that its id is
        # not reused while the walk lasts (results and tried candidates are held too:
        # the checker remembers its answers by their ids)
        self.done: Dict[Tuple[int, int], Tuple[Any, Any]] = {}
        self.merged: Dict[int, Tuple[Any, Optional[Dict[str, Any]]]] = {}

    def valid(self, value: Any, node: Any, depth: int) -> bool:
        """Whether *value* matches *node* (remembered per pair), *node* one level below
        *depth*: the check has the levels the walk left (the validator reaches *node* at
        level *depth* + 2, counting the root as 1)."""
        self.checker.room = self.room - depth - 1
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
        if not isinstance(node, dict):
            return value
        if depth >= self.room:  # the validator's level depth + 1 is past its room
            raise _TooDeep("", "")
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
            # a number past a float's range (``1e400``) is read as infinity: no JSON value either;
            # a key given twice would lose a value (``_repeats``): the string stays, as those do
            return (decoded if isinstance(decoded, dict) and not holds_non_finite(decoded)
                    and first_repeat(value, decoded) is None else value)
        if isinstance(value, list):
            return self.items(value, node, depth + 1)
        if isinstance(value, dict):
            return self.members(value, node, depth + 1)
        return value

    def items(self, value: Any, node: Dict[str, Any], deeper: int) -> Any:
        """The array *value* under *node*, or map pairs back to an object."""
        addl = node.get("additionalProperties")
        pairs = self.o.maps == "pairs" and isinstance(addl, dict) and not node.get("properties") and _pairs(value)
        i = 0
        try:
            if pairs:
                mapped = {}
                for i in range(len(value)):  # (``i``: where, should the walk run out)
                    mapped[value[i]["key"]] = self.walk(value[i]["value"], addl, deeper)
                return mapped
            prefix = node.get("prefixItems") or []
            items = node.get("items")
            out = []
            for i, item in enumerate(value):
                sub = prefix[i] if i < len(prefix) else items
                out.append(self.walk(item, sub, deeper) if sub is not None else item)
        except _TooDeep as stop:  # where, in the answer as given (a pair: its value)
            stop.ptr = f"/{i}/value{stop.ptr}" if pairs else f"/{i}{stop.ptr}"
            raise
        return value if all(a is b for a, b in zip(out, value)) else out

    def members(self, value: Dict[str, Any], node: Dict[str, Any], deeper: int) -> Any:
        """The object *value* under *node*: the render's nulls removed again."""
        props: Dict[str, Any] = node.get("properties") or {}
        required = set(node.get("required") or ())
        addl = node.get("additionalProperties")
        result: Dict[str, Any] = {}
        same = True  # nothing changed: the value itself (its pairs stay remembered)
        key = ""
        try:
            for key, item in value.items():
                if key in props:
                    sub = props[key]
                    if item is None and self.o.nulls and key not in required and not self.valid(None, sub, deeper - 1):
                        same = False
                        continue
                    result[key] = self.walk(item, sub, deeper)
                elif isinstance(addl, dict):
                    result[key] = self.walk(item, addl, deeper)
                else:
                    result[key] = item
                same = same and result[key] is item
        except _TooDeep as stop:
            stop.ptr = f"/{escape_token(str(key))}{stop.ptr}"
            raise
        return value if same else result


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
