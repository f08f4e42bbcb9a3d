"""Text blocks of Anthropic messages written fresh to Anthropic, with what they hold
beside their text (``cache_control``, ``citations``: both valid on a ``TextBlockParam``):
https://docs.claude.com/en/docs/build-with-claude/prompt-caching,
https://docs.claude.com/en/docs/build-with-claude/citations.

A text part goes as its own block only in the message it was decoded in, once per
request (re-sent elsewhere it is plain text: "A maximum of 4 blocks with cache_control may
be provided"); the hints of a block that is not written (its part edited, removed or
blank) are noted ``dropped``; a breakpoint the request cannot take as written (a
one-hour one the fresh write puts after a shorter one, results going first; a fifth) is
left out, noted, by ``breakpoints``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Set, Tuple

from ...conversation._values import Message, Part, Text
from .._history_read import hints
from .tools import NAME

if TYPE_CHECKING:
    from ...conversation._writer import Writer
    from .._history_write import Turn

__all__ = ["FreshText"]


def _own(m: Message, name: str) -> Tuple[Dict[int, Dict[str, Any]], List[Dict[str, Any]]]:
    """``id()`` of each text part *m* was decoded from a text block holding more than its
    text -> that block, while its decoded parts are as read (each block is one part, a text
    block without text none: ``history._blocks``); then all such blocks. Nothing for a
    message not Anthropic's (*name*: the target, a derived one too)."""
    wire = m.wire
    if wire is None or wire[0] != name or len(wire) < 4 or type(wire[1]) is not dict:
        return {}, []
    blocks, parts = wire[1].get("content"), wire[3]
    if type(blocks) is not list:
        return {}, []
    hinted = [b for b in blocks if type(b) is dict and b.get("type") == "text" and len(b) > 2]
    out: Dict[int, Dict[str, Any]] = {}
    j = 0
    for b in blocks if hinted else ():
        if type(b) is dict and b.get("type") == "text":
            if not b.get("text"):
                continue  # (read as no part: never written)
            p = parts[j] if j < len(parts) else None
            if type(p) is not Text or p.text != b["text"]:
                return {}, hinted  # (not as read: none of this message's)
            if len(b) > 2:
                out[id(p)] = b
        j += 1
    return out, hinted


class FreshText:
    """The text blocks the parts of the messages written fresh take (``take``), planned
    before any is written; ``note_unsent`` notes what goes without its hint."""

    def __init__(self, messages: List[Message], turns: List[Turn], name: str = NAME) -> None:
        self.blocks: Dict[Tuple[int, int], Dict[str, Any]] = {}  # (message, id() of a part) -> its block
        self.unsent: Dict[int, List[Dict[str, Any]]] = {}  # message -> its hinted text blocks not written
        own: Dict[int, Tuple[Dict[int, Dict[str, Any]], List[Dict[str, Any]]]] = {}  # message -> ``_own``
        for i, m in enumerate(messages):
            if m.wire is not None and m.wire[0] == name:
                own[i] = ({}, [])  # (read when one of its parts is written fresh)
        if not own:  # (no Anthropic message: nothing to plan)
            return
        used: Set[int] = set()  # id() of each block sent: those of messages written as they came
        for t in turns:
            content = t.head.get("content") if type(t.head) is dict else None
            if type(content) is list:
                used.update(id(b) for b in content)
        fresh: Set[int] = set()
        for t in turns:
            for i, p in t.parts:
                if i not in own:
                    continue
                if i not in fresh:
                    fresh.add(i)
                    own[i] = _own(messages[i], name)
                b = own[i][0].get(id(p))
                if b is not None and id(b) not in used and p.text.strip():  # type: ignore[union-attr]
                    used.add(id(b))  # (each block once: a part twice goes plain the second time)
                    self.blocks[(i, id(p))] = b
        for i in fresh:
            left = [b for b in own[i][1] if id(b) not in used]
            if left:
                self.unsent[i] = left

    def take(self, p: Part, i: int) -> Optional[Dict[str, Any]]:
        """The block text part *p* of message *i* goes as (a copy), else ``None``; the
        first time only (a part twice in a message: the second goes as text)."""
        b = self.blocks.pop((i, id(p)), None)
        if b is None:
            return None
        return {**b}

    def note_unsent(self, w: Writer) -> None:
        """Notes (``dropped``) the hints of the text blocks of messages written fresh
        that are not written (as ``HistoryCodec.unsent`` words them)."""
        for i, blocks in sorted(self.unsent.items()):
            w.index = i
            for what in hints(blocks):
                w.note("dropped", f"{what} of message {i} is not sent to {w.name}")
