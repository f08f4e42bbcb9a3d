"""Tables derived from the fields of a registry's dialects, built once per registry state.

Cross-provider behaviour (stream detection, response reading, finish reasons) is not
a table of its own: it is built from the ``Dialect`` fields of the registry in use
(``stream``, ``stream_detect``, ``response``, ``finish_reasons``...), so a dialect
registered by a third party takes part exactly as a built-in does. A registry
publishes a new order tuple on every ``register``; a table is rebuilt when it changes.
"""

from __future__ import annotations

import threading
import weakref
from typing import Any, Callable, Dict, Optional, Tuple, TypeVar

from ._builtin import default_registry
from ._dialect import Dialect
from ._registry import Registry

__all__ = ["derived"]

T = TypeVar("T")
Build = Callable[[Tuple[Dialect, ...]], Any]

_lock = threading.Lock()
# per registry: build function -> (the order it was built from, the table)
_tables: weakref.WeakKeyDictionary[Registry, Dict[Build, Tuple[Tuple[Dialect, ...], Any]]] = (
    weakref.WeakKeyDictionary()
)
# the last registry each build served, checked first (a stream reads this on every call)
# (weakly: a caller's registry is not kept alive by it)
_last: Dict[Build, Tuple[Callable[[], Optional[Registry]], Tuple[Dialect, ...], Any]] = {}


def derived(build: Callable[[Tuple[Dialect, ...]], T], registry: Optional[Registry] = None) -> T:
    """``build(dialects)`` for *registry* (the default one when ``None``), cached until
    a dialect is registered on it."""
    reg = default_registry() if registry is None else registry
    order = reg._order  # replaced, never mutated, by ``register``: its identity is the state
    last = _last.get(build)
    if last is not None and last[1] is order and last[0]() is reg:
        table: T = last[2]
        return table
    with _lock:
        per = _tables.get(reg)
        if per is None:
            per = _tables[reg] = {}
        hit = per.get(build)
        if hit is None or hit[0] is not order:
            hit = per[build] = (order, build(order))
        _last[build] = (weakref.ref(reg), order, hit[1])
    table = hit[1]
    return table
