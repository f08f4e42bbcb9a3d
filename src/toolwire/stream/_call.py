"""A call under construction in a stream (``Call``), and the small helpers handlers share.

The hot path: ``Core.by_key`` holds open calls only (a call leaves it when
finalized), so a handler's ``run`` loop may work on ``c = core.by_key[key]`` itself,
and must do exactly what the ``Core`` methods would:

- add a fragment: when ``c.size + len(piece) <= max_bytes`` (never so for a call
  with an error: its size is over the limit), add ``len(piece)`` to ``c.size``,
  append *piece* to ``c.parts`` and, when ``emit`` is on, an ``ArgsDelta(c.pos,
  c.id, piece)`` to ``events`` (never with ``preview``: such accumulators do not
  use ``run``);
- take the whole text: ``c.full = text`` when ``len(text) == c.size``, ``c.error``
  and ``c.tree`` are ``None`` (``set_full`` then);
- end it: set ``c.pd`` if its end carries provider data, then ``c.ended = True;
  finalize(c)``;
- start a call: ``new(key, scope, id, name, needs_end)`` when ``key`` is not in
  ``by_key`` (``open`` then, for a client call without provider data), then do
  what the handler's own general path does after ``open``.

Anything else goes through the methods, and a loop that cannot tell must leave the
chunk to them.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Hashable, List, Optional, Tuple, Union

from .._types import InvalidToolCall, ToolCall

__all__ = ["Call", "Result", "dump", "join_open", "nonempty_str"]

Result = Union[ToolCall, InvalidToolCall]


class Call:
    """A call under construction; made by ``Core.new`` only (which sets every slot)."""

    __slots__ = (
        "pos", "key", "scope", "id", "name", "parts", "full", "obj", "tree", "open_paths",
        "server", "pd", "needs_end", "ended", "done", "error", "cut", "size", "result",
    )
    pos: int
    key: Optional[Hashable]
    scope: Hashable
    id: Optional[str]
    name: Optional[str]
    parts: List[str]
    full: Optional[str]  # authoritative whole text (an item's final form)
    obj: Any  # whole arguments given as an object
    tree: Optional[Dict[str, Any]]  # arguments assembled by JSON path
    # strings of ``tree`` still growing: (container id, key) -> (container, key, pieces);
    # the container holds the first piece until the pieces are joined (``join_open``)
    open_paths: Optional[Dict[Tuple[int, Hashable], Tuple[Any, Hashable, List[str]]]]
    server: bool
    pd: Optional[Dict[str, Dict[str, Any]]]
    needs_end: bool  # a call cut off without its end event is truncated
    ended: bool
    done: bool
    error: Optional[str]
    cut: bool  # its error is that it was cut off (``fail(..., cut=True)``): the invalid call is truncated
    size: int  # characters taken: the length of ``parts`` joined while error and tree are None;
    # over ``max_bytes`` once error is set (``fail``), so that the hot path adds nothing
    result: Optional[Result]  # set when finalized


def join_open(c: Call) -> None:
    """Join the growing strings of *c*'s path-built arguments into their containers."""
    assert c.open_paths is not None
    for node, key, pieces in c.open_paths.values():
        node[key] = pieces[0] if len(pieces) == 1 else "".join(pieces)
    c.open_paths.clear()


def nonempty_str(value: Any) -> Optional[str]:
    """*value* when it is a non-empty string, else ``None`` (a stream's ``""`` id or
    name is no id or name)."""
    return value if type(value) is str and value else None


def dump(value: Any) -> str:
    """Compact JSON text of *value*."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
