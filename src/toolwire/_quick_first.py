"""``QuickFirst``: decoders tried on every dict before detection, and which of them
detection allows (a registry's table of them, by the size of their key shape)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, FrozenSet, NamedTuple, Optional, Sequence, Tuple

if TYPE_CHECKING:
    from ._registry import Dialect
    from ._types import ToolCall

__all__ = ["Quick", "QuickFirst", "first_decoders"]

Quick = Callable[[Dict[str, Any]], Optional["ToolCall"]]


class QuickFirst(NamedTuple):
    """``Dialect.extra["quick_first"]``: a quick decoder tried on every dict before
    detection, for a dialect's most common item.

    *decode* takes only items whose top-level keys are exactly *keys* (in any order)
    with *kind* as the ``type`` value (``None``: no string ``type``), and refuses
    (``None``) every item that a dialect named in *covers* could claim on its
    evidence; an exception declines too (the general path then reports it). The
    registry uses it only while detection would reach this dialect first on that
    shape, behind no dialect outside *covers*.
    """

    decode: Quick
    keys: FrozenSet[str]
    kind: Optional[str]
    covers: FrozenSet[str]


def first_decoders(
    order: Sequence[Dialect], candidates: Callable[[Tuple[Any, ...], Optional[str]], Sequence[Tuple[Dialect, Any]]]
) -> Dict[int, Tuple[Quick, ...]]:
    """The ``extra["quick_first"]`` decoders of the dialects in detection *order* that
    detection allows, by the number of keys of their shape (several of one size: tried
    in order). *candidates* gives the dialects detection asks, in order, for a shape."""
    out: Dict[int, Tuple[Quick, ...]] = {}
    for d in order:
        declared = d.extra.get("quick_first", ())
        for qf in (declared,) if type(declared) is QuickFirst else declared:
            if _allowed(d, qf, candidates(tuple(qf.keys), qf.kind)):
                size = len(qf.keys)
                out[size] = (*out.get(size, ()), qf.decode)
    return out


def _allowed(d: Dialect, qf: QuickFirst, claims: Sequence[Tuple[Dialect, Any]]) -> bool:
    """Whether detection reaches *d* first on *qf*'s shape, behind only what it covers."""
    for ahead, _ in claims:
        if ahead is d:
            return True
        if ahead.name not in qf.covers:
            return False
    return False
