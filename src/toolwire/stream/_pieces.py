"""``Pieces``: the pieces of a stream's reply text (or refusal, or a commentary message)
as they come, and ``joined``: their text, joined once and then grown by the pieces
appended since, so that reading ``Accumulator.text`` after every chunk (a UI showing the
reply as it streams) visits each piece once, not every piece on every read
(``joined_lines``: the commentary's messages, a line each).

A dialect's reader may edit pieces already read (an ``openai.responses`` message re-read
as commentary takes its deltas out, a final item's text replaces them); each edit other
than an append is counted (``Pieces.edits``), and the text is then joined anew. A list
that is no ``Pieces`` is joined whole on each read.
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

__all__ = ["Joined", "JoinedLines", "Pieces", "join_pieces", "joined", "joined_lines"]

#: the text of *parts* as last read: (the list, its edits then, its length then, the text)
Joined = Tuple[List[str], int, int, str]
#: the text of lists of pieces, one line each, as last read: (each list, its edits then, its
#: length then; the text)
JoinedLines = Tuple[List[Tuple[List[str], int, int]], str]


class Pieces(List[str]):
    """A list of text pieces that counts its edits other than appends (``extend`` and
    ``+=`` append too)."""

    edits = 0  # (a class default until the first edit: an instance attribute then)

    def __setitem__(self, key: Any, value: Any) -> None:
        self.edits += 1
        super().__setitem__(key, value)

    def __delitem__(self, key: Any) -> None:
        self.edits += 1
        super().__delitem__(key)

    def __imul__(self, n: Any) -> Pieces:  # type: ignore[misc]
        self.edits += 1
        super().__imul__(n)
        return self

    def insert(self, index: Any, value: str) -> None:
        self.edits += 1
        super().insert(index, value)

    def pop(self, index: Any = -1) -> str:
        self.edits += 1
        return super().pop(index)

    def remove(self, value: str) -> None:
        self.edits += 1
        super().remove(value)

    def clear(self) -> None:
        self.edits += 1
        super().clear()

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self.edits += 1
        super().sort(*args, **kwargs)

    def reverse(self) -> None:
        self.edits += 1
        super().reverse()


def join_pieces(parts: Sequence[str], start: int = 0) -> str:
    """The text of ``parts[start:]`` (every join of ``joined`` goes through here)."""
    return "".join(parts[start:] if start else parts)


def joined(parts: List[str], last: Optional[Joined]) -> Joined:
    """The text of *parts*: *last* when nothing came since, else *last*'s text and the
    pieces appended since (the pieces it joined unedited), else all of them joined."""
    n = len(parts)
    edits = parts.edits if type(parts) is Pieces else -1
    if last is not None and last[0] is parts and edits >= 0 and last[1] == edits and last[2] <= n:
        if last[2] == n:
            return last
        return (parts, edits, n, last[3] + join_pieces(parts, last[2]))
    return (parts, edits, n, join_pieces(parts))


def joined_lines(parts: List[List[str]], last: Optional[JoinedLines]) -> JoinedLines:
    """The texts of the lists of pieces *parts*, a line each (``Accumulator.commentary``):
    *last*'s text, the pieces appended since to its last list and the lists added after
    it, while every list it read is still there, in its place, a ``Pieces`` not edited
    otherwise and, but its last, no longer; else all of them joined. A check of each list
    per read, not of each piece."""
    text: Optional[str] = None
    if last is not None and len(parts) >= len(last[0]):
        seen = last[0]
        text = last[1]
        for i, (p, edits, n) in enumerate(seen):
            now = parts[i]
            if now is not p or type(now) is not Pieces or now.edits != edits or len(now) < n or (
                    len(now) != n and i != len(seen) - 1):
                text = None
                break
        if text is not None:
            p, _, n = seen[-1]
            if len(p) > n:
                text += join_pieces(p, n)
            for p in parts[len(seen):]:
                text += "\n" + join_pieces(p)
    if text is None:
        text = "\n".join([join_pieces(p) for p in parts])
    return [(p, p.edits if type(p) is Pieces else -1, len(p)) for p in parts], text
