"""Arguments under a key the call's dialect does not read: refused, never run as ``{}``.

Each dialect declares the keys its wire holds a call's arguments under
(``Dialect.argument_keys``: Chat ``arguments``, Anthropic ``input``, Gemini ``args``...).
``Registry.register`` publishes them here, so the set is every key of every dialect a
registry of the process holds: the built-ins' from the first registry on, a third
party's from its ``register``. A call whose own field is absent or empty while it sets
another of them (``{"function": {"name": "f", "args": {...}}}`` read as Chat) would run
without its arguments: every call reader asks ``misplaced`` first.
"""

from __future__ import annotations

import threading
from typing import Any, Dict, FrozenSet, Tuple

from ._errors import ArgumentsError, excerpt

__all__ = ["argument_keys", "misplaced", "publish"]

_keys: Tuple[str, ...] = ()  # replaced whole, never mutated: readers need no lock
_others: Dict[str, FrozenSet[str]] = {}  # an own key -> the other keys (replaced by ``publish``)
_lock = threading.Lock()


def publish(keys: Tuple[str, ...]) -> None:
    """Adds *keys* (a registered dialect's ``argument_keys``) to the set ``misplaced``
    reads, in the order first seen."""
    global _keys, _others
    with _lock:
        new = tuple(k for k in dict.fromkeys(keys) if k not in _keys)
        if new:
            _keys = _keys + new
            _others = {}


def argument_keys() -> Tuple[str, ...]:
    """Every key a registered dialect holds a call's arguments under."""
    return _keys


def _nothing(value: Any) -> bool:
    """Whether an arguments *value* holds no argument: ``null``, ``{}``, ``""``, ``"{}"``."""
    return value is None or value == {} or (type(value) is str and value.strip() in ("", "{}"))


def misplaced(obj: Dict[str, Any], own: str, loc: str, dialect: str) -> None:
    """For a call object *obj* (at *loc*) whose own arguments field *own* is absent,
    ``null`` or empty (``{}``, ``""``, ``"{}"``): an ``ArgumentsError`` at the first other
    argument key (``argument_keys``) it sets, to a value holding arguments where *own*
    holds none (absent *own*: to anything but ``null``); its arguments would be lost by
    a call run with ``{}``. Asked by every call reader of an API dialect only then, so
    the decode plan's one-step readers (which take no extra key) and the general path
    give one answer."""
    others = _others.get(own)
    if others is None:
        others = _others[own] = frozenset(_keys) - {own}
    if others.isdisjoint(obj):  # (one pass over *obj*'s few keys: every stream's call start asks)
        return
    present = obj.get(own)
    if present is not None and not _nothing(present):
        return
    for key in _keys:
        if key != own:
            value = obj.get(key)
            if value is not None and (present is None or not _nothing(value)):
                said = f"no {own!r}" if present is None else f"an empty {own!r}"
                raise ArgumentsError(
                    f"Tool call at {loc} has {said} but has {key!r}, which {dialect} does not read as its "
                    f"arguments (run with {{}} they would be lost): {excerpt(value)}",
                    dialect=dialect,
                    loc=f"{loc}.{key}",
                    raw=value if type(value) is str else None,
                )
