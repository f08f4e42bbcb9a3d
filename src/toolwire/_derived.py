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

from ._builtin import default_registry, registry_of
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
# the last order tuple each build served, with its table, checked first (a stream reads
# this on every call). The tuple is held, so its identity cannot be reused: it alone
# says which registry state the table was built from.
_last: Dict[Build, Tuple[Tuple[Dialect, ...], Any]] = {}


def derived(build: Callable[[Tuple[Dialect, ...]], T], registry: Optional[Registry] = None) -> T:
    """``build(dialects)`` for *registry* (the default one when ``None``), cached until
    a dialect is registered on it."""
    order = (default_registry() if registry is None else registry_of(registry))._order  # replaced, never mutated,
    last = _last.get(build)  # by ``register``: its identity is the registry's state
    if last is not None and last[0] is order:
        table: T = last[1]
        return table
    reg = default_registry() if registry is None else registry
    with _lock:
        per = _tables.get(reg)
        if per is None:
            per = _tables[reg] = {}
        hit = per.get(build)
        if hit is None or hit[0] is not order:
            hit = per[build] = (order, build(order))
        _last[build] = hit
    table = hit[1]
    return table
