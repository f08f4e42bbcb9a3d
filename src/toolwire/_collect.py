"""Collecting the calls of a payload for ``decode_all``, and decoding one item.

Two ways, one answer: ``quick_collect`` goes through a container's calls with the
dialects' quick decoders (``Dialect.quick``) and gives up as soon as
anything needs a decision; ``collect`` walks it in general, under any policy,
keeping invalid calls when asked. Tests check that both give the same calls.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, List, Optional, Union

from ._args import TRUNCATING, Policy
from ._dialect import CALL, CALLS, OTHER, RESULT, SERVER, TOOL, Dialect
from ._errors import ArgumentsError, DecodeError, ToolwireError, excerpt
from ._registry import Registry
from ._types import InvalidToolCall, ToolCall, evolve, new_invalid
from ._walk import _safe_sniff, walk

__all__ = ["collect", "decode_one", "quick_collect", "try_quick"]



def decode_one(d: Dialect, data: Any, policy: Policy, loc: str, server: bool) -> ToolCall:
    try:
        call = d.decode_call(data, policy, loc)
    except ToolwireError:
        raise
    except Exception as exc:  # a malformed item the dialect did not foresee
        raise DecodeError(
            f"Malformed {d.name} tool call at {loc} ({type(exc).__name__}: {exc}): {excerpt(data)}",
            dialect=d.name,
            loc=loc,
        ) from None
    if server and not call.server:
        call = evolve(call, server=True)
    return call


def try_quick(fn: Any, item: Dict[str, Any]) -> Optional[ToolCall]:
    try:
        call: Optional[ToolCall] = fn(item)
    except Exception:  # a third-party quick decoder must not break decoding
        return None
    return call


def quick_collect(
    item: Any, cd: Optional[Dialect], explicit: bool, reg: Registry, out: List[Any], depth: int
) -> bool:
    """What ``collect`` finds in *item* under the default policy, when every call in
    it takes a quick decoder (``Dialect.quick``) and nothing else needs a
    decision; ``False`` as soon as something does (the caller then starts over on
    the general path, which also reports errors in their order)."""
    if depth > 8:
        return False
    if type(item) is list:
        return all(quick_collect(el, cd, explicit, reg, out, depth + 1) for el in item)
    if type(item) is not dict:
        return False
    if cd is None and not explicit:  # a dict detection decides on: its quick first decoders
        call = reg.quick_first(item)
        if call is not None:
            out.append(call)
            return True
        calls = reg.quick_first_calls(item)
        if calls is not None:
            out.extend(calls)
            return True
    hit = None if cd is None else _safe_sniff(cd, item)
    if hit is not None and cd is not None:
        dd, kind = cd, hit[0]
    elif explicit:
        return False
    else:
        found = reg.sniff(item)
        if found is None:
            return False
        dd, kind = found[0], found[1]
    if kind == CALL:
        quick = dd.quick
        call = None if quick is None else try_quick(quick, item)
        if call is None:
            return False
        out.append(call)
        return True
    if kind == OTHER or (depth and kind in (TOOL, RESULT)):
        return True  # an item without calls inside a container: the walk passes over it too
    if kind != CALLS:
        return False
    quick = dd.quick
    try:
        if dd.finish(item) in TRUNCATING:  # cut off: the general path judges its calls
            return False
        for child, _ in dd.children(item, "$"):
            call = None
            if quick is not None and type(child) is dict:
                try:
                    call = quick(child)
                except Exception:  # the general path decides
                    call = None
            if call is not None:
                out.append(call)
            elif not quick_collect(child, dd, explicit, reg, out, depth + 1):
                return False
    except Exception:  # a malformed container: the general path reports it
        return False
    return True


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
    for dd, kind, item, iloc, finish in walk(data, d, registry=registry, loc=loc, top=top):
        if kind == CALL or (kind == SERVER and server):
            sub = pol
            if finish is not None and finish in TRUNCATING and pol.finish_reason is None:
                sub = replace(pol, finish_reason=finish)
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
    return new_invalid(
        name=name if isinstance(name, str) else None,
        id=ident if isinstance(ident, str) else None,
        raw=exc.raw,
        error=exc.message,
        loc=exc.loc,
        truncated=exc.truncated,
    )
