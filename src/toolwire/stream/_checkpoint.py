"""The format of an ``Accumulator`` checkpoint (its pickled state): a checkpoint is
loaded by the toolwire that wrote it (docs/streaming.md, "Checkpoints"); one written
by another, whose state has other parts, is refused with ``DecodeError`` when loaded,
never read into an ``AttributeError`` (or a wrong answer) part-way through the stream.
It is told by the fields themselves: the ``Accumulator``'s names here (against this
version's), each part's slots by the part (``_call.set_slots``); the revision says a
meaning changed, or a dialect's stream handler took other fields (raised by hand, held to
the handlers' fields by ``tests/stream/test_stream_checkpoint_format.py``).

The revision comes first: a checkpoint is ``_accumulator.restore(revision)`` (the
``Accumulator``'s ``__reduce__``), then its state. Unpickling calls ``restore`` before it builds any part of the
state, so a checkpoint of another revision is refused naming both revisions before one of its
parts, whose class may have changed (a ``Words`` of revision 8 built by 7e685cbf raised
``TypeError``), is built. ``restore`` keeps its place and takes any arguments after the
revision: a later version's checkpoint reaches it."""

from __future__ import annotations

from typing import Any, Dict, Tuple

from ._call import other_version

__all__ = ["checked", "read_first", "written"]

# Raised by hand when the meaning of a checkpoint's state changes (a change of the
# fields is told apart by the fields themselves: their names are checked).
# 6: ``own_status``, ``scope_last``, ``Call.seen``, ``tick`` (only the last call of a reply may be cut);
# 7: ``_ended_at``, ``_input_pieces`` (a Chat call re-sent: neither runs), ``arrived`` for ``scope_last``,
# ``tick`` past the last call when an item that is no call started (a later item makes a call whole),
# ``scope_end``, ``Words.known`` (a finish word no table knows: ``Results.unknown``);
# 8: the Responses handler's ``custom_size``, ``added_ids``, ``renames`` are ``None`` until first needed;
# 9: the revision read first, by ``restore``, before any part of the state is built
_REVISION = 9
_FORMAT: Tuple[Any, ...] = (_REVISION,)


def _format() -> Tuple[Any, ...]:
    return _FORMAT


def read_first(revision: Any) -> None:
    """``DecodeError`` naming both revisions when *revision*, the first thing a checkpoint
    gives (``_accumulator.restore``), is not this version's."""
    if type(revision) is not int or revision != _REVISION:
        raise other_version(revision, _REVISION)


def written(state: Dict[str, Any]) -> Dict[str, Any]:
    """*state* (an ``Accumulator``'s) with its format: the revision, the fields' names."""
    state["_format"] = _format() + tuple(sorted(state))
    return state


def checked(state: Dict[str, Any], fields: Tuple[str, ...]) -> Dict[str, Any]:
    """*state* without its format, or ``DecodeError`` when another toolwire wrote it: its
    revision another, or its fields not *fields* (this version's ``Accumulator``'s, sorted;
    a version with a field more or less writes a format true to its own fields)."""
    form = state.pop("_format", None) if type(state) is dict else None
    if form != _format() + fields or tuple(sorted(state)) != fields:
        raise other_version(form[0] if type(form) is tuple and form and form[0] != _REVISION else None, _REVISION)
    return state
