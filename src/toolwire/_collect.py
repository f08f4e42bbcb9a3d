"""Collecting the calls of a payload for ``decode_all``: the walk over its
containers (``_walk``), each call decoded by its dialect (``decode_one``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, List, Optional, Union

from ._args import DEFAULT_POLICY, TRUNCATING, Policy
from ._builtin import default_registry
from ._dialect import CALL, SERVER, Dialect
from ._errors import ArgumentsError
from ._registry import Registry, decode_one
from ._types import InvalidToolCall, ToolCall
from ._walk import walk

__all__ = ["collect"]


def collect(
    data: Any,
    d: Optional[Dialect],
    registry: Optional[Registry],
    pol: Policy,
    loc: str,
    out: List[Union[ToolCall, InvalidToolCall]],
    keep: bool,
    server: bool,
    top: bool,
) -> None:
    reg = default_registry() if registry is None else registry
    fasts: Dict[str, Any] = {}  # speed only: the one-step decoder of each dialect met, or None
    for dd, kind, item, iloc, finish in walk(data, d, registry=registry, loc=loc, top=top):
        if kind == CALL or (kind == SERVER and server):
            sub = pol
            if finish is not None and finish in TRUNCATING and pol.finish_reason is None:
                sub = replace(pol, finish_reason=finish)
            if kind == CALL and sub is DEFAULT_POLICY:
                fast = fasts[dd.name] if dd.name in fasts else fasts.setdefault(dd.name, reg.one_step(dd))
                try:
                    call = None if fast is None else fast(item)
                except Exception:  # the general path decides (and reports)
                    call = None
                if call is not None:
                    out.append(call)
                    continue
            try:
                out.append(decode_one(dd, item, sub, iloc, kind == SERVER))
            except ArgumentsError as exc:
                if not keep:
                    raise
                out.append(_invalid(item, dd, exc))


def _invalid(data: Any, d: Dialect, exc: ArgumentsError) -> InvalidToolCall:
    name = ident = None
    try:
        peek = d.peek
        if peek is not None:
            name, ident = peek(data)
    except Exception:
        pass
    return InvalidToolCall(
        name=name if isinstance(name, str) else None,
        id=ident if isinstance(ident, str) else None,
        raw=exc.raw,
        error=exc.message,
        loc=exc.loc,
        truncated=exc.truncated,
    )
