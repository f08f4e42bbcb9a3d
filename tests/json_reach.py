"""How deep the stdlib's ``json`` reads and writes on this CPython (test helper).

Up to 3.11 its C reader and writer stop at the recursion limit (1000 frames by
default). From 3.12 C code has a recursion limit of its own (3.13: about 10,000
levels), and from 3.14 it is the thread's stack, so nesting chosen "past the parser"
on 3.11 parses there (found running the suite on 3.13 and 3.14). Tests that need
nesting past the reader or the writer take a depth from here: the depth they name
where it is past already (3.11), else the first of its doublings that is.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, Tuple

_SEEN: Dict[Tuple[str, int], int] = {}


def _reads(depth: int) -> bool:
    try:
        json.loads("[" * depth + "]" * depth)
    except RecursionError:
        return False
    return True


def nested(depth: int, kind: type = list) -> Any:
    """A list (or ``{"a": ...}`` dict) nested *depth* deep, built without recursion."""
    value: Any = 1
    for _ in range(depth):
        value = [value] if kind is list else {"a": value}
    return value


def _writes(depth: int, kind: type) -> bool:
    try:
        json.dumps(nested(depth, kind))
    except RecursionError:
        return False
    return True


def _past(name: str, depth: int, works: Callable[[int], bool]) -> int:
    key = (name, depth)
    if key not in _SEEN:
        out = depth
        while works(out):
            out *= 2
        _SEEN[key] = out
    return _SEEN[key]


def past_json_reader(depth: int) -> int:
    """*depth*, or its first doubling, at which ``json.loads`` of nested lists gives up."""
    return _past("read", depth, _reads)


def past_json_writer(depth: int, kind: type = list) -> int:
    """*depth*, or its first doubling, at which ``json.dumps`` of *kind* nested gives up."""
    return _past(f"write-{kind.__name__}", depth, lambda n: _writes(n, kind))
