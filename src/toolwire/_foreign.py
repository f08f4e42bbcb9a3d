"""What the caller's own objects raise while toolwire reads them.

A mapping with a key whose ``__eq__`` raises, a dict subclass whose ``get`` or
``__iter__`` raises, an object whose attribute access fails: the entry points that
read input turn such exceptions into a ``DecodeError`` naming the exception, so
that only toolwire's errors escape (DESIGN invariant 5). ``MemoryError`` and
``ToolwireError`` pass through unchanged.
"""

from __future__ import annotations

from ._errors import DecodeError

__all__ = ["foreign"]


def foreign(exc: Exception) -> DecodeError:
    """The ``DecodeError`` for *exc*, raised by input while it was read."""
    if isinstance(exc, RecursionError):
        return DecodeError("Input at $ is nested too deeply to read")
    try:
        detail = str(exc)
    except Exception:  # an exception whose __str__ raises too
        detail = ""
    if len(detail) > 120:
        detail = detail[:119] + "…"
    what = f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__
    return DecodeError(f"Input at $ could not be read: reading it raised {what}")
