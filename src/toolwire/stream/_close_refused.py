"""A ``close()`` refused while it reads the stream's last line or event (``Accumulator``,
``accumulate``): refused again at each close, and when it read the bytes pieces kept
to the end as lines (``Lines.as_lines``), the state before them put back, so that no
half answer is left (no finish reason, no events: docs/streaming.md)."""

from __future__ import annotations

from typing import Any, Dict, NoReturn, Optional

from .._errors import DecodeError
from ._bytes_lines import Lines
from ._core import Core
from ._where import at_chunk

__all__ = ["read_something", "refuse_close", "two_ways"]


def read_something(core: Optional[Core]) -> bool:
    """Whether the stream so far read a call, text or a finish reason (``Lines.doubt``:
    lines that read as one line too, as nothing, differ from it)."""
    return core is not None and bool(core.calls or core.text_parts or core.finish_reason is not None)


def two_ways(lines: Lines, at: int) -> DecodeError:
    """The refusal of bytes that read two ways at the end of the stream (``Lines.doubt``)."""
    return at_chunk(DecodeError(
        "Stream bytes at $ ended without a line end, in pieces that read two ways: one line that carries no data "
        "cut into pieces (iter_bytes()), or lines without their line end (iter_lines()) that read a reply"
    ), f"[{at}]")


def refuse_close(acc: Any, before: Optional[Dict[str, Any]], exc: DecodeError) -> NoReturn:
    """Refuse the ``Accumulator`` *acc*'s ``close`` with *exc*, at each close from now
    on; *before*: its state before the lines read at close (``Lines.as_lines``), put back."""
    if before is not None:
        registry = acc._registry
        acc.__setstate__(before)
        acc._registry = registry
    acc._closed = True
    acc._twice = exc
    raise exc from None
