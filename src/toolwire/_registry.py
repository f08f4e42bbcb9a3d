"""``Registry``: dialects by name, in detection precedence order, with the tables
derived from their fields (shape claims by key set, SDK readers by class).

The built-in dialects are one literal tuple (``dialects.BUILTIN``); nothing
registers itself on import. ``_builtin.default_registry()`` holds them;
``Registry.copy()`` gives callers their own to extend.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, Callable, Dict, FrozenSet, Iterator, List, Optional, Tuple, TypeVar

from ._dialect import CALL, Dialect, Sniff
from ._errors import UnknownDialectError
from ._quick_first import Quick, QuickMany, first_decoders

if TYPE_CHECKING:
    from ._types import ToolCall

__all__ = ["Registry"]

T = TypeVar("T")
ObjectReader = Tuple[Dialect, Callable[[Any], Any], Optional[Callable[[Any], Optional["ToolCall"]]]]
# claims to ask first, each with the quick decoder of its dialect when it claims a call
# (dialects with ``detect``); the quick decoder of the first dialect without;
# the claims to ask in turn when that one declines, with their quick decoders
Claims = Tuple[Tuple[Sniff, Optional[Quick]], ...]
Plan = Tuple[Claims, Optional[Quick], Claims]
_NO_PLAN: Plan = ((), None, ())


def _claimed(claims: Claims, data: Dict[str, Any]) -> Optional[Tuple[str, Optional[Quick]]]:
    """The kind the first of *claims* that claims *data* gives, with the quick decoder
    to run (``None`` unless it claims a call); ``None`` when none claims it."""
    for claim, own in claims:
        try:
            hit = claim(data)
        except Exception:  # a claim that raises declines (detection does the same)
            hit = None
        if hit is not None:
            return hit[0], (own if hit[0] == CALL else None)
    return None


def _first_answer(fns: Tuple[Callable[[Dict[str, Any]], Optional[T]], ...], data: Dict[str, Any]) -> Optional[T]:
    """The answer of the first of *fns* that gives one for *data* (one that raises declines)."""
    for fn in fns:
        try:
            out = fn(data)
        except Exception:  # a third-party quick decoder must not break decoding
            continue
        if out is not None:
            return out
    return None


def _run(fn: Optional[Quick], data: Dict[str, Any]) -> Optional[ToolCall]:
    if fn is None:
        return None
    try:
        return fn(data)
    except Exception:  # a third-party quick decoder must not break decoding
        return None


class Registry:
    """Dialects by name, in detection precedence order. Safe to use from many threads."""

    def __init__(self, dialects: Tuple[Dialect, ...] = ()) -> None:
        self._lock = threading.Lock()
        self._order: Tuple[Dialect, ...] = ()
        self._by_name: Dict[str, Dialect] = {}
        self._claims: Tuple[Tuple[Dialect, Sniff, Optional[FrozenSet[str]]], ...] = ()
        # dict key tuple -> the dialects whose ``keys`` it meets (bounded cache)
        self._by_shape: Dict[Tuple[Any, ...], Tuple[Tuple[Dialect, Sniff], ...]] = {}
        self._quick: Dict[Tuple[Any, ...], Plan] = {}
        # ``QuickFirst`` decoders by the number of keys of the shape each takes, in order
        self._firsts: Dict[int, Tuple[Quick, ...]] = {}
        self._first_lists: Dict[int, Tuple[QuickMany, ...]] = {}  # the same, of containers
        self._quick_by_name: Dict[str, Quick] = {}
        # SDK classes ("package:QualName") a dialect reads by attribute: sdk_calls
        self._readers: Dict[str, ObjectReader] = {}
        self._by_type: Dict[type, Optional[ObjectReader]] = {}
        self._containers: Dict[str, Callable[[Any], Any]] = {}
        self._container_by_type: Dict[type, Optional[Callable[[Any], Any]]] = {}
        for d in dialects:
            self.register(d)

    def register(self, dialect: Dialect, *, replace: bool = False, first: bool = False) -> None:
        """Add *dialect*; a taken name or alias raises ``ValueError`` unless ``replace``.

        ``first=True`` puts it ahead of the others in detection order.
        """
        with self._lock:
            names = (dialect.name, *dialect.aliases)
            by_name = dict(self._by_name)
            order = list(self._order)
            for n in names:
                old = by_name.get(n)
                if old is not None and old is not dialect:
                    if not replace:
                        raise ValueError(f"dialect {n!r} is already registered")
                    order = [d for d in order if d.name != old.name]
                    for k in [k for k, v in by_name.items() if v.name == old.name]:
                        del by_name[k]
            for n in names:
                by_name[n] = dialect
            if dialect not in order:
                order.insert(0, dialect) if first else order.append(dialect)
            # publish whole new tables: readers never see a half-updated registry
            self._by_name = by_name
            self._order = tuple(order)
            self._claims = tuple((d, d.detect or d.sniff, d.keys) for d in order)
            self._firsts, self._first_lists = first_decoders(order, self._candidates)
            self._by_shape = {}
            self._quick = {}
            self._quick_by_name = {n: d.quick for n, d in by_name.items() if d.quick is not None}
            self._readers = {
                name: (d, reader, d.quick_sdk_calls.get(name))
                for d in reversed(order)
                for name, reader in d.sdk_calls.items()
            }
            self._by_type = {}
            self._containers = {
                name: reader for d in reversed(order) for name, reader in d.sdk_responses.items()
            }
            self._container_by_type = {}

    def quick_decoder(self, name: str) -> Optional[Quick]:
        """The ``quick`` decoder of the dialect registered as *name*, if any."""
        return self._quick_by_name.get(name)

    def get(self, name: str) -> Dialect:
        try:
            return self._by_name[name]
        except (KeyError, TypeError):
            known = ", ".join(d.name for d in self._order)
            raise UnknownDialectError(
                f"Unknown dialect {name!r}; known dialects: {known}", dialect=None
            ) from None

    def names(self) -> List[str]:
        return [d.name for d in self._order]

    def __iter__(self) -> Iterator[Dialect]:
        return iter(self._order)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def copy(self) -> Registry:
        return Registry(self._order)

    def object_reader(self, cls: type) -> Optional[ObjectReader]:
        """The dialect and attribute readers for instances of *cls*, if one declared them.

        A reader returns the plain wire dict of one tool call, or ``None`` to let the
        generic object walk handle that instance (extra fields, odd values); the quick
        reader (or ``None``) returns the ``ToolCall`` under the default policy.
        """
        try:
            return self._by_type[cls]
        except KeyError:
            return _remember(self._by_type, cls, self._readers)

    def _candidates(self, keys: Tuple[Any, ...], kind: Optional[str]) -> Tuple[Tuple[Dialect, Sniff], ...]:
        out = []
        for d, claim, gate_keys in self._claims:
            if gate_keys is not None and gate_keys.isdisjoint(keys):
                continue
            if d.gate is not None and not d.gate(keys, kind):
                continue
            out.append((d, claim))
        return tuple(out)

    def container_reader(self, cls: type) -> Optional[Callable[[Any], Any]]:
        """The reader a dialect declared for SDK responses of class *cls* (see
        ``sdk_responses``); it returns plain data or ``None`` (walk it all)."""
        try:
            return self._container_by_type[cls]
        except KeyError:
            return _remember(self._container_by_type, cls, self._containers)

    def _shape_claims(self, data: Dict[str, Any]) -> Tuple[Tuple[Any, ...], Tuple[Tuple[Dialect, Sniff], ...]]:
        kind = data.get("type")
        shape = (*data, kind if type(kind) is str else None)
        table = self._by_shape
        claims = table.get(shape)
        if claims is None:
            claims = self._candidates(shape[:-1], shape[-1])
            if len(table) > 2048:  # payloads with free-form keys: keep memory bounded
                table.clear()
            table[shape] = claims
        return shape, claims

    def quick_first(self, data: Dict[str, Any]) -> Optional[ToolCall]:
        """*data* (a dict) decoded by the first ``QuickFirst`` decoder of its size that
        takes it (see ``QuickFirst``; one that raises declines); else ``None``.
        ``decode`` runs this loop inline, over ``_firsts``."""
        return _first_answer(self._firsts.get(len(data), ()), data)

    def quick_first_calls(self, data: Dict[str, Any]) -> Optional[List[ToolCall]]:
        """The calls of *data* (a dict) by the first ``QuickFirst`` container decoder
        (``many``) of its size that takes it; else ``None``."""
        return _first_answer(self._first_lists.get(len(data), ()), data)

    def quick(self, data: Dict[str, Any]) -> Optional[ToolCall]:
        """*data* (a dict) decoded by the ``quick`` of the dialect detection
        would pick, under the default policy; ``None`` when the general path must run."""
        call = self.quick_first(data)
        return self.quick_detected(data) if call is None else call

    def quick_detected(self, data: Dict[str, Any]) -> Optional[ToolCall]:
        """``quick`` after the ``QuickFirst`` decoders have declined *data*."""
        kind = data.get("type")
        plan = self._quick.get((*data, kind if type(kind) is str else None))
        if plan is None:
            plan = self._plan(data)
        ahead, fn, rest = plan
        hit = _claimed(ahead, data)
        if hit is not None:
            return _run(hit[1], data)
        call = _run(fn, data)
        if call is not None or not rest:
            return call
        # declined: not that dialect's call, maybe one of a dialect further on (rest[0]
        # is the declining dialect's own claim, without a quick decoder: if it claims
        # the item after all, the general path decides)
        hit = _claimed(rest, data)
        return None if hit is None else _run(hit[1], data)

    def _plan(self, data: Dict[str, Any]) -> Plan:
        shape, claims = self._shape_claims(data)
        # a dialect that claims on evidence of its own (``detect``) takes only what it
        # claims: its quick decoder runs behind its claim; the first dialect without
        # ``detect`` that has one checks its own claim (as ``sniff`` + ``decode_call``);
        # when it declines, the dialects after it are asked in turn
        ahead: List[Tuple[Sniff, Optional[Quick]]] = []
        last: Optional[Quick] = None
        rest: Tuple[Tuple[Sniff, Optional[Quick]], ...] = ()
        for i, (d, claim) in enumerate(claims):
            fn = d.quick
            if fn is not None and d.detect is None:
                last = fn
                after = tuple((c, dd.quick) for dd, c in claims[i + 1 :])
                if any(q is not None for _, q in after):
                    rest = ((claim, None), *after)
                break
            ahead.append((claim, fn))
        plan: Plan = _NO_PLAN
        if last is not None or any(own is not None for _, own in ahead):
            plan = (tuple(ahead), last, rest)
        table = self._quick
        if len(table) > 2048:
            table.clear()
        table[shape] = plan
        return plan

    def sniff(self, data: Any) -> Optional[Tuple[Dialect, str, str]]:
        """The first dialect (in order) that recognises *data*, with kind and reason."""
        if type(data) is dict:
            claims = self._shape_claims(data)[1]
        else:
            claims = tuple((d, claim) for d, claim, _ in self._claims)
        for d, claim in claims:
            try:
                hit = claim(data)
            except Exception:  # a third-party sniffer must not break detection
                hit = None
            if hit is not None:
                return d, hit[0], hit[1]
        return None


def _remember(table: Dict[type, Optional[T]], cls: type, by_name: Dict[str, T]) -> Optional[T]:
    """What *by_name* holds for *cls* (by ``"package:QualName"``), cached in *table*."""
    hit = by_name.get(f"{cls.__module__.partition('.')[0]}:{cls.__qualname__}")
    if len(table) > 1024:  # classes made on the fly: keep memory bounded
        table.clear()
    table[cls] = hit
    return hit
