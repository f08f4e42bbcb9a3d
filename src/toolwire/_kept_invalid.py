"""The ``InvalidToolCall`` ``decode_all`` keeps in place of a call item it refuses
(``invalid="keep"``): one that does not decode (``kept_invalid``), one of a reply
reported as failed or stopped (``failed_item``)."""

from __future__ import annotations

from typing import Any, Optional

from ._args import Policy
from ._dialect import Dialect
from ._errors import ArgumentsError, DecodeError
from ._json_values import lone_surrogate_in
from ._registry import decode_one
from ._types import InvalidToolCall, new_invalid

__all__ = ["failed_item", "kept_invalid"]



def failed_item(item: Any, d: Dialect, pol: Policy, loc: str, error: str, keep: bool) -> InvalidToolCall:
    """The ``InvalidToolCall`` in place of the call *item* of *d* in a reply reported as
    failed or as stopped by a content filter or a refusal (*error* says so), with its
    name, id and argument text as far as they read; raised as a ``DecodeError`` unless
    *keep*."""
    loc = str(loc)  # plain text in what is returned (a dialect's ``children`` may type a path: ``Unmirrored``)
    if not keep:
        raise DecodeError(error, dialect=d.name, loc=loc)
    try:
        call = decode_one(d, item, pol, loc, False)
    except DecodeError as exc:
        bad = kept_invalid(item, d, exc)
        return new_invalid(bad.name, bad.id, bad.raw, error, loc)
    return new_invalid(call.name, call.id, call.raw, error, loc, False, call.provider_data)


def kept_invalid(data: Any, d: Optional[Dialect], exc: DecodeError) -> InvalidToolCall:
    """The ``InvalidToolCall`` kept in place of the call item *data* that *exc* refused:
    its name and id as far as *d*'s ``peek`` reads them (none for an item of no
    dialect), the error and its path."""
    name = ident = None
    try:
        peek = None if d is None else d.peek
        if peek is not None:
            name, ident = peek(data)
    except Exception:
        pass
    args = exc if isinstance(exc, ArgumentsError) else None
    return new_invalid(  # (a name or id UTF-8 cannot carry is none: *exc* may say so)
        name=name if type(name) is str and name and not lone_surrogate_in(name) else None,
        id=ident if type(ident) is str and ident and not lone_surrogate_in(ident) else None,
        raw=None if args is None else args.raw,
        error=exc.message,
        loc=exc.loc,
        truncated=False if args is None else args.truncated,
        provider_data=None if args is None else args.provider_data,
    )
