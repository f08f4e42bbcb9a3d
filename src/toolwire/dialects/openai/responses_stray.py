"""Text deltas of an ended Responses message sent again (``openai.responses``): where they are in its text.

https://platform.openai.com/docs/api-reference/responses-streaming (checked 2026-12-06):
a message's text comes in ``response.output_text.delta`` events (``item_id``,
``output_index``, ``content_index``, ``delta``), then whole in its
``response.output_item.done`` item. openai-python's ``ResponseStreamState`` adds a delta
that comes after that to the item's snapshot; the done item and the final response hold
the text once. A stream resumed inside the deltas (``responses.retrieve(id, stream=True,
starting_after=N)``) re-sends those after N, an at-least-once transport single ones: each
is a piece of the done item's text (one with no text, a gateway's ``"content": []``: the
text its deltas carried), which adds nothing; other text is not guessed
(``responses_stream_phase``: a ``DecodeError``).

``Stray.place`` reads them in linear work and memory: a delta where the one before ended
costs its length; one that a delta of the message carried (or one placed before) is found
by where that one began (a table of those pieces, at most one entry per piece: the
deltas' own strings); only other text is searched for in the text (from where the delta
before ended, else from its start), the searches held to four times the text's and the
deltas' length, past which it is refused as not searched (never read as other text: a
stream re-sending its text cut into other short pieces that repeat in it may get there).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Tuple

from ..._errors import DecodeError
from ...stream._call import reduce_slots, set_slots
from .responses_tools import NAME

__all__ = ["Stray", "part_text"]


class Stray:
    """The re-sent deltas of the message *item* ended at ``output_index`` *key*, for its
    part *part* (its ``content_index``, else its text parts joined)."""

    __slots__ = ("at", "got", "item", "key", "part", "pieces", "spent", "text")

    def __init__(self, key: int, item: Dict[str, Any], part: Any, heard: Sequence[str]) -> None:
        self.key = key
        self.item = item
        self.part = part
        text = part_text(item, part)
        if not text and heard and not part_text(item, None):  # (a done item with no text, a gateway's:
            text = "".join(heard)  # its deltas are its text)
        self.text = text
        self.at = 0  # where the delta before ended
        self.spent = 0  # what the searches cost
        self.got = 0  # the length of the deltas placed
        # where each piece first begins in ``text``: the deltas the message carried (*heard*), then those placed
        self.pieces: Dict[str, int] = _begins(heard, item, part, text)

    __reduce__ = reduce_slots  # (a checkpoint: every pickle protocol; a state with other slots refused)
    __setstate__ = set_slots

    def place(self, delta: str, strict: bool = True) -> bool:
        """*delta* is a piece of the text (it adds nothing: ``True``), else a ``DecodeError``
        (not *strict*: ``False``)."""
        text = self.text
        self.got += len(delta)
        at = self.at
        if text.startswith(delta, at):  # (where the delta before ended)
            found = at
        else:
            found = self.pieces.get(delta, -1)
            if found < 0:
                try:
                    found = self._search(delta)
                except DecodeError:
                    if strict:
                        raise
                    return False
        if delta not in self.pieces:
            self.pieces[delta] = found
        at = found + len(delta)
        self.at = 0 if at == len(text) else at  # (at its end: the next from its start, a resume from there)
        return True

    def _search(self, delta: str) -> int:
        """Where *delta* begins in the text, from where the delta before ended, else from
        its start; a ``DecodeError`` when it is not in it, or past the searches' budget."""
        text, at = self.text, self.at
        where = f"The text delta at output_index {self.key} of the message ended there"
        if self.spent > 4 * (len(text) + self.got):
            raise DecodeError(f"{where} is no piece its deltas carried and not where the delta before ended, and "
                              "the searches of its text are past their budget (four times its length and the "
                              "deltas'): not read", dialect=NAME, loc="$.delta")
        found = text.find(delta, at)
        if found >= 0:
            self.spent += found - at + len(delta)
            return found
        found = text.find(delta, 0, at + len(delta) - 1)
        self.spent += len(text) + len(delta)
        if found < 0:
            said = "" if self.part is None else f" (content_index {self.part!r})"
            raise DecodeError(f"{where} is not in its done item's text{said}: not guessed which is the reply's",
                              dialect=NAME, loc="$.delta")
        return found


def part_text(item: Dict[str, Any], part: Any) -> str:
    """The text of the message *item*'s ``output_text`` part at *part* (its
    ``content_index``), else of its ``output_text`` parts joined."""
    return _part(item, part)[0]


def _part(item: Dict[str, Any], part: Any) -> Tuple[str, Optional[int]]:
    """``part_text``, and where it begins in the text parts joined (``None``: it is them)."""
    content = item.get("content")
    if type(content) is not list:
        return "", None
    chosen = content[part] if type(part) is int and 0 <= part < len(content) else None
    texts = [t for t in (p.get("text") for p in content if type(p) is dict and p.get("type") == "output_text")
             if type(t) is str]
    if type(chosen) is dict and chosen.get("type") == "output_text":
        text = chosen.get("text")
        before = [t for t in (p.get("text") for p in content[:part] if type(p) is dict
                              and p.get("type") == "output_text") if type(t) is str]
        return (text if type(text) is str else ""), sum(map(len, before))
    return "".join(texts), None


def _begins(heard: Sequence[str], item: Dict[str, Any], part: Any, text: str) -> Dict[str, int]:
    """Where each piece of *heard* (the deltas the message carried, when they are its text
    parts joined) first begins in *text* (its part *part*)."""
    begins: Dict[str, int] = {}
    if not heard:
        return begins
    start = _part(item, part)[1]
    if start is None:
        start = 0
        if "".join(heard) != text:
            return begins
    elif "".join(heard) != part_text(item, None):
        return begins
    end = start + len(text)
    o = 0
    for piece in heard:
        if start <= o and o + len(piece) <= end and piece not in begins:
            begins[piece] = o - start
        o += len(piece)
    return begins
