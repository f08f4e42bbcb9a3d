"""Text blocks of Anthropic messages written fresh to Anthropic, with what they hold
beside their text (``cache_control``, ``citations``: both valid on a ``TextBlockParam``):
https://docs.claude.com/en/docs/build-with-claude/prompt-caching,
https://docs.claude.com/en/docs/build-with-claude/citations.

A text part goes as its own block only in the message it was decoded in, once per
request (re-sent elsewhere it is plain text: "A maximum of 4 blocks with cache_control may
be provided"); the hints of a block that is not written (its part edited, removed or
blank) are noted ``dropped``; a one-hour breakpoint that the fresh write puts after a
shorter one (results go first) is left out, noted ("cache entries with longer TTL must
appear before shorter TTLs").
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


def _own(m: Message) -> Tuple[Dict[int, Dict[str, Any]], List[Dict[str, Any]]]:
    """``id()`` of each text part *m* was decoded from a text block holding more than its
    text -> that block, while its decoded parts are as read (each block is one part, a text
    block without text none: ``history._blocks``); then all such blocks. Nothing for a
    message not Anthropic's."""
    wire = m.wire
    if wire is None or wire[0] != NAME or len(wire) < 4 or type(wire[1]) is not dict:
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


def _ttl(cc: Any) -> Any:
    return cc.get("ttl") if type(cc) is dict else None


class FreshText:
    """The text blocks the parts of the messages written fresh take (``take``), planned
    before any is written; ``note_unsent`` and ``order`` note what goes without its hint."""

    def __init__(self, messages: List[Message], turns: List[Turn]) -> None:
        self.blocks: Dict[Tuple[int, int], Dict[str, Any]] = {}  # (message, id() of a part) -> its block
        self.unsent: Dict[int, List[Dict[str, Any]]] = {}  # message -> its hinted text blocks not written
        self.taken: Dict[int, int] = {}  # id() of each block item written with a hint -> its message
        self._items: List[Dict[str, Any]] = []  # those items, held: their id()s stay theirs
        self.dropped = 0  # how many of their cache_control ``order`` left out
        own: Dict[int, Tuple[Dict[int, Dict[str, Any]], List[Dict[str, Any]]]] = {}  # message -> ``_own``
        for i, m in enumerate(messages):
            if m.wire is not None and m.wire[0] == NAME:
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
                    own[i] = _own(messages[i])
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
        out = {**b}
        self.taken[id(out)] = i
        self._items.append(out)
        return out

    def note_unsent(self, w: Writer) -> None:
        """Notes (``dropped``) the hints of the text blocks of messages written fresh
        that are not written (as ``HistoryCodec.unsent`` words them)."""
        for i, blocks in sorted(self.unsent.items()):
            w.index = i
            for what in hints(blocks):
                w.note("dropped", f"{what} of message {i} is not sent to {w.name}")

    def order(self, out: Dict[str, Any], w: Writer) -> None:
        """Leaves out, noted (``dropped``), the ``cache_control`` of a block taken here
        that would make *out* (its system, then its messages' blocks and their results')
        one Anthropic refuses where it would not be without it: a one-hour breakpoint after
        a shorter one (5 minutes, the default), a shorter one before a one-hour one, a
        breakpoint past the fourth. Two passes over the breakpoints."""
        if not self.taken:
            return
        points: List[Tuple[bool, List[Any], int]] = []  # (one hour, its list, its place) of each breakpoint
        system = out.get("system")
        for m in [{"content": system}, *out["messages"]]:
            content = m.get("content")
            for k, b in enumerate(content if type(content) is list else ()):
                if type(b) is not dict:
                    continue
                if b.get("cache_control") is not None:
                    points.append((_ttl(b["cache_control"]) == "1h", content, k))
                inner: Any = b.get("content") if b.get("type") == "tool_result" else None
                for n, x in enumerate(inner if type(inner) is list else ()):
                    if type(x) is dict and x.get("cache_control") is not None:
                        points.append((_ttl(x["cache_control"]) == "1h", inner, n))
        last_hour = max((n for n, (hour, c, k) in enumerate(points) if hour and id(c[k]) not in self.taken),
                        default=-1)  # the last one-hour breakpoint not taken here
        kept: List[Tuple[List[Any], int]] = []  # the taken ones kept, in order
        short = False  # a shorter breakpoint is before
        for n, (hour, c, k) in enumerate(points):
            if id(c[k]) not in self.taken:
                short = short or not hour
            elif hour and short:
                self._drop(c, k, w, "goes after a breakpoint of a shorter ttl, and longer ttls must come first")
            elif not hour and n < last_hour:
                self._drop(c, k, w, "goes before a breakpoint of a longer ttl, and longer ttls must come first")
            else:
                short = short or not hour
                kept.append((c, k))
        over = len(points) - self.dropped - 4
        for c, k in reversed(kept[max(0, len(kept) - over):] if over > 0 else []):
            self._drop(c, k, w, "would be a breakpoint past the 4 Anthropic takes (\"A maximum of 4 blocks with "
                                "cache_control may be provided\")")

    def _drop(self, content: List[Any], k: int, w: Writer, why: str) -> None:
        b = content[k]
        ttl = _ttl(b["cache_control"])
        i = self.taken[id(b)]
        content[k] = {key: v for key, v in b.items() if key != "cache_control"}
        self.dropped += 1
        w.index = i
        w.note("dropped", f"The cache_control{'' if ttl is None else f' (ttl {ttl!r})'} on a text block of message {i} "
                          f"is not sent to {w.name}: written fresh, the block {why}")
