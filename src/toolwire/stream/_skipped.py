"""A chunk a stream's reader does not read, asked whether it is another streaming
dialect's carrying a call (docs/streaming.md, "Chunks of another dialect").

A reader passes over what is not its dialect's shape (a keep-alive, a gateway's
extra chunk). A chunk that another streaming dialect claims (the stream table's
``detect``) and whose reader makes a call from it is refused: skipped, its call would
be lost while the stream's own calls came back as the whole answer (a gateway that
switches provider mid-reply and keeps feeding one accumulator). Only chunks a reader
skips are asked, so its hot path pays nothing. The chunk's place in the stream is
given by the front doors (``_where.at_chunk``). The streaming dialects asked are the default
registry's (the stream table, loaded by the front door that started the stream: this
module is imported by the dialects that table reads, so it imports none of it); the
core keeps no state for this (an attribute more on it would slow every read of it).
"""

from __future__ import annotations

import sys
from typing import Any, Dict, Optional, Tuple

from .._errors import DecodeError, an, excerpt
from ._core import Core

__all__ = ["foreign_of", "skipped"]


def skipped(core: Core, data: Dict[str, Any]) -> None:
    """*data*, a chunk the reader of *core*'s stream passes over: a ``DecodeError`` when
    another streaming dialect's reader makes a call of it (the error's ``foreign``: its
    dialect and the chunk)."""
    if not data:
        return
    table = _table()
    if table is None:
        return
    hit = table.detect(data)
    if hit is None or hit[0] == core.dialect:
        return
    ours, theirs = table.handlers.get(core.dialect), table.handlers.get(hit[0])
    if isinstance(ours, type) and isinstance(theirs, type) and (issubclass(ours, theirs) or issubclass(theirs, ours)):
        return  # a reader that is another's under its own name (Mistral: Chat's): the same chunks
    probe = Core(hit[0], core.policy, True, False, False, hit[2], hit[3], hit[4])
    try:
        hit[1](probe).feed(data)
    except Exception:  # its own dialect's reader refuses it too: no call shown
        return
    if probe.calls:
        err = _error(core.dialect, hit[0], data, "$")
        err.foreign = (hit[0], data)  # type: ignore[attr-defined]
        raise err


def foreign_of(exc: BaseException) -> Optional[Tuple[str, Dict[str, Any]]]:
    """The dialect and the chunk ``skipped`` refused with *exc*, or ``None``."""
    found: Optional[Tuple[str, Dict[str, Any]]] = getattr(exc, "foreign", None)
    return found


def _table() -> Any:
    module = sys.modules.get(__name__.rpartition(".")[0] + "._table")
    return None if module is None else module.streams(None)


def _error(ours: str, theirs: str, data: Dict[str, Any], loc: str) -> DecodeError:
    return DecodeError(
        f"Stream chunk at {loc} is {an(theirs)} chunk that carries a tool call, in {an(ours)} stream: its "
        f"call is not this stream's, and skipping it would lose it; got {excerpt(data)}",
        dialect=ours,
        loc=loc,
    )
