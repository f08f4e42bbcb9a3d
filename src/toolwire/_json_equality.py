"""JSON equality of field values, which equality and hashing of the canonical values see
(``_value``): ``{"x": 1}`` and ``{"x": 1.0}`` are one value, ``{"x": 1}`` and
``{"x": true}`` two (Python's ``==`` says ``True == 1``), and equal values hash alike
(``json_identity``). Iterative: no recursion limit."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Dict, List, Set, Tuple

__all__ = ["CONTAINERS", "hashable", "json_hash", "json_identity", "same"]


class _Mark:
    """A marker no JSON value equals; pickled as the module's own (``__reduce__``: its
    name), so a key spelled with it, in a checkpoint restored, is still equal to one
    spelled now (an ``object()`` came back as a copy: no key matched again)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __reduce__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return self.name


_OBJECT, _ARRAY, _TRUE, _FALSE = _Mark("_OBJECT"), _Mark("_ARRAY"), _Mark("_TRUE"), _Mark("_FALSE")
_CYCLE = _Mark("_CYCLE")
CONTAINERS = (dict, list, tuple, MappingProxyType)


def json_identity(value: Any) -> Tuple[Any, ...]:
    """A flat, hashable spelling of *value*, equal for exactly the JSON-equal values:
    object members in key order, arrays (lists, tuples) marked with their length,
    ``true`` and ``false`` apart from ``1`` and ``0`` (numbers compare and hash by
    value across ``int`` and ``float``). Iterative: linear, no recursion limit."""
    out: List[Any] = []
    stack = [value]
    while stack:
        v = stack.pop()
        t = type(v)
        if t is dict or t is MappingProxyType:
            out.append(_OBJECT)
            out.append(len(v))
            for k in sorted(v, key=str, reverse=True):
                stack.append(v[k])
                stack.append(k)  # popped first: the key, then its value's walk
        elif t is list or t is tuple:
            out.append(_ARRAY)
            out.append(len(v))
            stack.extend(reversed(v))
        elif v is True:
            out.append(_TRUE)
        elif v is False:
            out.append(_FALSE)
        else:
            out.append(v)
    return tuple(out)


def json_hash(value: Any) -> int:
    """A hash of *value*, equal for JSON-equal values (as ``json_identity`` spells
    them). A container held in several places (k + 1 dicts, each held twice by the
    next, mean 2^k places) is hashed once: linear in the objects, iterative. A
    container holding itself (changed after it was built) hashes as a fixed mark there."""
    if type(value) not in CONTAINERS:
        return hash(_TRUE if value is True else _FALSE if value is False else value)
    memo: Dict[int, int] = {}
    open_ids: Set[int] = set()
    stack = [value]
    while stack:
        v = stack[-1]
        key = id(v)
        if key in memo:
            stack.pop()
            continue
        t = type(v)
        obj = t is dict or t is MappingProxyType
        if key not in open_ids:  # first met: its containers first
            open_ids.add(key)
            n = len(stack)
            for x in v.values() if obj else v:
                if type(x) in CONTAINERS and id(x) not in memo and id(x) not in open_ids:
                    stack.append(x)
            if len(stack) > n:
                continue
        stack.pop()
        open_ids.discard(key)
        if obj:
            memo[key] = hash((_OBJECT, tuple((k, _member(v[k], memo)) for k in sorted(v, key=str))))
        else:
            memo[key] = hash((_ARRAY, tuple(_member(x, memo) for x in v)))
    return memo[id(value)]


def _member(x: Any, memo: Dict[int, int]) -> Any:
    """What ``json_hash`` combines for the member *x* of a container."""
    if type(x) in CONTAINERS:
        return memo.get(id(x), _CYCLE)
    return _TRUE if x is True else _FALSE if x is False else x


def hashable(v: Any) -> Any:
    """*v*, or its ``json_hash`` when it is a container: what hashing sees."""
    return json_hash(v) if type(v) in CONTAINERS else v


def same(a: Any, b: Any) -> bool:
    """JSON equality of two field values: ``==`` (in C), then a look that tells
    ``true``/``false`` from ``1``/``0`` where ``==`` took one for the other, at the top
    and, for containers, at every level. Values nested past the recursion limit compare
    by ``json_identity``."""
    if a is b:
        return True
    try:
        if a != b:
            return False
    except RecursionError:  # deeper than ``==`` goes: the iterative spelling decides
        return json_identity(a) == json_identity(b)
    if type(a) not in CONTAINERS:
        return (type(a) is bool) is (type(b) is bool)
    # ``a == b`` holds: the same keys and lengths all the way down; only a bool may
    # stand where the other has a number
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if type(x) is dict or type(x) is MappingProxyType:
            for k, vx in x.items():
                tx = type(vx)
                if tx is dict or tx is list or tx is tuple or tx is MappingProxyType:
                    stack.append((vx, y[k]))
                elif (tx is bool) is not (type(y[k]) is bool):
                    return False
        else:
            for vx, vy in zip(x, y):
                tx = type(vx)
                if tx is dict or tx is list or tx is tuple or tx is MappingProxyType:
                    stack.append((vx, vy))
                elif (tx is bool) is not (type(vy) is bool):
                    return False
    return True
