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
from ._errors import DecodeError
from ._registry import Registry

__all__ = ["derived"]

T = TypeVar("T")
Build = Callable[[Tuple[Dialect, ...]], Any]

_lock = threading.Lock()  # held only to read and store, never while a table is built
_building = threading.local()  # per thread: the (build, order) pairs being built (``keys``)
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
    a dialect is registered on it. A build that asks for its own table (a dialect's
    ``stream_detect`` asking toolwire about its registry while its stream table is
    built) gets a ``DecodeError``."""
    order = (default_registry() if registry is None else registry_of(registry))._order  # replaced, never mutated,
    last = _last.get(build)  # by ``register``: its identity is the registry's state
    if last is not None and last[0] is order:
        table: T = last[1]
        return table
    reg = default_registry() if registry is None else registry
    with _lock:
        per = _tables.get(reg)
        hit = None if per is None else per.get(build)
    if hit is None or hit[0] is not order:
        # built without the lock: a build runs third-party code (a dialect's
        # ``stream_detect``...), which may ask toolwire for a table itself (a lock held
        # here would deadlock it, and hold up every other thread's first use). Two
        # threads may build at once: a build is a function of *order* alone, and the
        # first table stored for it is the one every caller gets.
        mine = _building.__dict__.setdefault("keys", set())  # this thread's builds under way
        key = (build, id(order))
        if key in mine:  # a build asking for its own table (it would recurse without end)
            raise DecodeError(
                "A dialect asked toolwire about its registry while a table of that registry was being "
                "built from the dialects' fields (from its stream_detect, say)",
                dialect=None,
            )
        mine.add(key)
        try:
            built = (order, build(order))
        finally:
            mine.discard(key)
        with _lock:
            per = _tables.get(reg)
            if per is None:
                per = _tables[reg] = {}
            hit = per.get(build)
            if hit is None or hit[0] is not order:
                hit = per[build] = built
    _last[build] = hit
    table = hit[1]
    return table
