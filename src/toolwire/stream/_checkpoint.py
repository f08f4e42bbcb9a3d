"""The format of an ``Accumulator`` checkpoint (its pickled state): a checkpoint is
loaded by the toolwire that wrote it (docs/streaming.md, "Checkpoints"); one written
by another, whose state has other parts, is refused with ``DecodeError`` when loaded,
never read into an ``AttributeError`` (or a wrong answer) part-way through the stream."""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from .._errors import DecodeError
from ._bytes_lines import Lines
from ._call import Call, Scan
from ._chunks import Body
from ._think_read import ThinkRead

__all__ = ["checked", "written"]

# Raised by hand when the meaning of a checkpoint's state changes (the parts whose
# names change are told apart by ``_format`` itself).
_REVISION = 1
_FORMAT: Optional[Tuple[Any, ...]] = None


def _format() -> Tuple[Any, ...]:
    global _FORMAT
    if _FORMAT is None:  # (the slots of the parts kept in ``__slots__``: read once)
        _FORMAT = (_REVISION,) + tuple(tuple(c.__slots__) for c in (Lines, Body, Call, Scan, ThinkRead))
    return _FORMAT


def written(state: Dict[str, Any]) -> Dict[str, Any]:
    """*state* (an ``Accumulator``'s) with its format."""
    state["_format"] = _format()
    return state


def checked(state: Dict[str, Any]) -> Dict[str, Any]:
    """*state* without its format, or ``DecodeError`` when another toolwire wrote it."""
    if state.pop("_format", None) != _format():
        raise DecodeError(
            "Stream checkpoint at $ was written by another toolwire version (its state has other parts): "
            "load a checkpoint with the version that wrote it (upgrade between streams, not during one)"
        )
    return state
