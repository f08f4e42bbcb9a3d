"""Prompt-cache breakpoints of a history written for Anthropic (blocks holding
``cache_control``) or Bedrock Converse (``cachePoint`` blocks), checked as the request
goes out: "A maximum of 4 blocks with cache_control may be provided", and "cache
entries with longer TTL must appear before shorter TTLs"
(https://docs.claude.com/en/docs/build-with-claude/prompt-caching); Claude on Converse
the same (https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html;
``CachePointBlock.ttl``: ``5m`` | ``1h``, botocore 1.44.18).

A breakpoint in a block written back as it came (a message, or the system field, as
decoded; a final text trimmed of its trailing whitespace too) stays; one written fresh (a
part written anew, re-sent in another message) is left out, noted (``dropped``), where the
request would be one
the provider refuses with it: a one-hour one after a shorter one (5 minutes, the
default), a shorter one before a one-hour one kept, one past the fourth (the last ones).
Only the system and messages are counted: the tool definitions' breakpoints are the
caller's (docs/dialects/anthropic.md says what the history may then hold).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Set, Tuple

from ..conversation._values import Field

if TYPE_CHECKING:
    from ..conversation._values import Message
    from ..conversation._writer import Writer
    from ._history_write import Turn

__all__ = ["LIMIT", "Point", "as_came", "cap", "fresh_at", "held_apart", "note"]

#: breakpoints one request takes (Anthropic and Converse alike)
LIMIT = 4

# (one hour, the list holding it, its place there, the message it was written fresh from, else ``None``)
Point = Tuple[bool, List[Any], int, Optional[int]]


def as_came(system: List[Tuple[int, Message]], turns: List[Turn], name: str) -> Set[int]:
    """``id()`` of each block that may be written back as it came: those of the decoded
    messages the turns extend, and of the system fields decoded from *name*."""
    out: Set[int] = set()
    for t in turns:
        content = t.head.get("content") if type(t.head) is dict else None
        if type(content) is list:
            out.update(map(id, content))
    for _i, m in system:
        orig = m.original(name)
        if isinstance(orig, Field) and type(orig.value) is list:
            out.update(map(id, orig.value))
    return out


def held_apart(item: Any, fixed: Set[int]) -> Any:
    """*item*, written fresh, as an object of its own where it is one of the blocks written
    back as they came (*fixed*: their ``id()``; a part re-sent in another message is the
    block it was decoded from): its breakpoint is then told apart from theirs."""
    return {**item} if type(item) is dict and id(item) in fixed else item


def cap(points: List[Point], drop: Callable[[List[Any], int, int, str], None], past: str) -> None:
    """Calls *drop(its list, its place, its message, why)* for each breakpoint written
    fresh of *points* (in request order) that makes the request one the provider refuses
    where it would not be without it (*past*: why a fifth is, in the provider's words).
    Two passes."""
    if all(at is None for *_, at in points):
        return
    last_hour = max((n for n, (hour, _c, _k, at) in enumerate(points) if hour and at is None), default=-1)
    kept: List[Point] = []  # those written fresh that are kept, in order
    short = False  # a shorter breakpoint is before
    dropped = 0
    for n, p in enumerate(points):
        hour, c, k, at = p
        if at is None:
            short = short or not hour
        elif hour and short:
            drop(c, k, at, "goes after a breakpoint of a shorter ttl, and longer ttls must come first")
            dropped += 1
        elif not hour and n < last_hour:
            drop(c, k, at, "goes before a breakpoint of a longer ttl, and longer ttls must come first")
            dropped += 1
        else:
            short = short or not hour
            kept.append(p)
    over = len(points) - dropped - LIMIT
    for _hour, c, k, at in reversed(kept[max(0, len(kept) - over):] if over > 0 else []):
        assert at is not None
        drop(c, k, at, f"would be a breakpoint past the {LIMIT} {past}")


def note(w: Writer, at: int, what: str, why: str) -> None:
    """Notes (``dropped``) the breakpoint *what* of message *at*, left out for *why*."""
    w.index = at
    w.note("dropped", f"{what} of message {at} is not sent to {w.name}: written fresh, the block {why}")


def fresh_at(fixed: Set[int], written: Dict[int, int], b: Any) -> Optional[int]:
    """The message the top-level block *b* was written fresh from, else ``None`` (written
    back as it came: *fixed* holds its ``id()``; *written*: ``id()`` of each block written
    fresh -> its message)."""
    return None if id(b) in fixed else written.get(id(b), -1)  # (-1: none; every block written is one of those)
