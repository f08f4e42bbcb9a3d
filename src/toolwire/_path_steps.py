"""The one spelling of a ``$.path`` step for a key (docs/structured-output.md: "A
``$.path`` in a message never reads two places alike"): ``.name`` when the key is an
identifier (or ``$`` and one: ``$defs``), else the key as a JSON string in brackets
(``["a.b"]``, ``["0"]``, ``["q\\"x"]``); an array index is ``[0]``."""

from __future__ import annotations

import json
from typing import Any, Optional, Tuple

__all__ = ["Place", "key_step", "place_path"]

#: a node's place in a walk: ``None`` (the root) or ``(its parent's place, key)``, spelled
#: as a ``$.path`` only for an error (a path string per node would make a walk quadratic
#: in the depth)
Place = Optional[Tuple[Any, Any]]


def key_step(key: str) -> str:
    """The step of *key* in a ``$.path``."""
    if key.isidentifier() or (key[:1] == "$" and key[1:].isidentifier()):
        return "." + key
    return "[" + json.dumps(key, ensure_ascii=False) + "]"


def place_path(loc: str, place: Place) -> str:
    """*place* as a ``$.path`` under *loc* (``[i]`` for an index, ``key_step`` for a key)."""
    keys = []
    while place is not None:
        place, key = place
        keys.append(key)
    return loc + "".join(f"[{k}]" if type(k) is int else key_step(k) for k in reversed(keys))
