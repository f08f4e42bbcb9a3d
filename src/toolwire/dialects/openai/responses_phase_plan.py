"""Where a final Responses event's commentary messages go among those held (``openai.responses``).

The final response's ``output`` (https://platform.openai.com/docs/api-reference/responses,
checked 2026-12-06) holds its messages in order; ``Messages.final_text`` reads those no
``output_item.done`` ended last to first, and ``Plan`` puts the commentary ones among
the messages held (``Accumulator.commentary``) in that order, at once.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set

from ...stream._pieces import Lines

__all__ = ["Plan"]


class Plan:
    """Where the final event's commentary messages go among those held, and which go
    out (``Phased.final_text``, which reads the messages last to first), applied at once
    (``apply``): a place is a message, not a position, and nothing is searched for."""

    __slots__ = ("anchor", "core", "gone", "ids", "put")

    def __init__(self, core: Any) -> None:
        self.core = core
        self.ids: Optional[Set[int]] = None  # the ids of the messages held (made when first asked)
        self.anchor: Optional[int] = None  # the message held a new one goes before (``None``: last)
        self.put: Dict[Optional[int], List[List[str]]] = {}  # new messages, by anchor, last first
        self.gone: Set[int] = set()

    def before(self, pieces: List[str]) -> None:
        """A message read before is where a new one goes next (if held: else, as before)."""
        ids = self.ids
        if ids is None:
            ids = self.ids = {id(p) for p in self.core.commentary_parts or ()}
        if id(pieces) in ids:
            self.anchor = id(pieces)

    def insert(self, pieces: List[str]) -> None:
        """A new message, before the anchor and the new ones put there since."""
        self.put.setdefault(self.anchor, []).append(pieces)

    def drop(self, pieces: List[str]) -> None:
        """A message read as commentary that is the answer's after all."""
        self.gone.add(id(pieces))

    def apply(self) -> None:
        put, gone, core = self.put, self.gone, self.core
        if not put and not gone:
            return
        held = core.commentary_parts
        if held is None:
            held = core.commentary_parts = Lines()
        if not gone and len(put) == 1 and None in put:  # new ones last only: appended
            held.extend(reversed(put[None]))
            return
        new: List[List[str]] = []
        for m in held:
            mine = put.get(id(m))
            if mine:
                new.extend(p for p in reversed(mine) if id(p) not in gone)
            if id(m) not in gone:
                new.append(m)
        new.extend(p for p in reversed(put.get(None, ())) if id(p) not in gone)
        held[:] = new
