"""``QuickFirst``: decoders tried on every dict before detection, and which of them
detection allows (a registry's table of them, by the size of their key shape)."""

from __future__ import annotations

from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Dict,
    FrozenSet,
    List,
    NamedTuple,
    Optional,
    Sequence,
    Tuple,
    Union,
    cast,
)

if TYPE_CHECKING:
    from ._dialect import Dialect
    from ._types import ToolCall

__all__ = ["Quick", "QuickFirst", "QuickMany", "first_decoders"]

Quick = Callable[[Dict[str, Any]], Optional["ToolCall"]]
QuickMany = Callable[[Dict[str, Any]], Optional[List["ToolCall"]]]


class QuickFirst(NamedTuple):
    """``Dialect.quick_first``: a quick decoder tried on every dict before
    detection, for a dialect's most common item.

    *decode* takes only items whose top-level keys are exactly *keys* (in any order)
    with *kind* as the ``type`` value (``None``: no string ``type``), and refuses
    (``None``) every item that a dialect named in *covers* could claim on its
    evidence; an exception declines too (the general path then reports it). The
    registry uses it only while detection would reach this dialect first on that
    shape, behind no dialect outside *covers*. With *many*, it decodes a container
    (a message) into the list of its calls.
    """

    decode: Union[Quick, QuickMany]
    keys: FrozenSet[str]
    kind: Optional[str]
    covers: FrozenSet[str]
    many: bool = False
    """*decode* takes a container and returns the list of its calls, in the order
    ``decode_all`` gives them (tried by ``decode_all`` only)."""


def first_decoders(
    order: Sequence[Dialect], candidates: Callable[[Tuple[Any, ...], Optional[str]], Sequence[Tuple[Dialect, Any]]]
) -> Tuple[Dict[int, Tuple[Quick, ...]], Dict[int, Tuple[QuickMany, ...]]]:
    """The ``quick_first`` decoders of the dialects in detection *order* that
    detection allows, by the number of keys of their shape (several of one size: tried
    in order): those of one call, and those of a container (``many``). *candidates*
    gives the dialects detection asks, in order, for a shape."""
    ones: Dict[int, Tuple[Quick, ...]] = {}
    many: Dict[int, Tuple[QuickMany, ...]] = {}
    for d in order:
        declared = d.quick_first
        for qf in (declared,) if type(declared) is QuickFirst else declared:
            if _allowed(d, qf, candidates(tuple(qf.keys), qf.kind)):
                size = len(qf.keys)
                if qf.many:
                    many[size] = (*many.get(size, ()), cast(QuickMany, qf.decode))
                else:
                    ones[size] = (*ones.get(size, ()), cast(Quick, qf.decode))
    return ones, many


def _allowed(d: Dialect, qf: QuickFirst, claims: Sequence[Tuple[Dialect, Any]]) -> bool:
    """Whether detection reaches *d* first on *qf*'s shape, behind only what it covers."""
    for ahead, _ in claims:
        if ahead is d:
            return True
        if ahead.name not in qf.covers:
            return False
    return False
