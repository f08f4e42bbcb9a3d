"""The one spelling of a ``$.path`` step for a key (docs/structured-output.md: "A
``$.path`` in a message never reads two places alike"): ``.name`` when the key is an
identifier (or ``$`` and one: ``$defs``), else the key as a JSON string in brackets
(``["a.b"]``, ``["0"]``, ``["q\\"x"]``); an array index is ``[0]``."""

from __future__ import annotations

import json

__all__ = ["key_step"]


def key_step(key: str) -> str:
    """The step of *key* in a ``$.path``."""
    if key.isidentifier() or (key[:1] == "$" and key[1:].isidentifier()):
        return "." + key
    return "[" + json.dumps(key, ensure_ascii=False) + "]"
