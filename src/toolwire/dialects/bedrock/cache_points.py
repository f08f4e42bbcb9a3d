"""The ``cachePoint`` blocks of a Converse history as it goes out (``system``, then each
message's content), checked by ``_breakpoints.cap`` as Anthropic's breakpoints are: Claude
on Bedrock takes at most 4 cache checkpoints a request, their TTLs (``CachePointBlock.ttl``:
``5m``, the default, or ``1h``) non-increasing across ``toolConfig``, ``system`` and
``messages`` (https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html,
https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CachePointBlock.html).
One written fresh (re-sent in another message) is left out, noted, where the request would
be refused with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Set

from .._breakpoints import Point, cap, fresh_at, note

if TYPE_CHECKING:
    from ...conversation._writer import Writer

__all__ = ["check"]


def check(out: Dict[str, Any], fixed: Set[int], written: Dict[int, int], w: Writer) -> None:
    """Leaves out, noted, the ``cachePoint`` blocks written fresh that *out* (its
    ``system`` and ``messages``) cannot take. *fixed*: ``id()`` of each block written back
    as it came; *written*: ``id()`` of each block written fresh -> its message."""
    points: List[Point] = []
    lists = [out.get("system"), *(m.get("content") for m in out["messages"])]
    for content in lists:
        for k, b in enumerate(content if type(content) is list else ()):
            cp = b.get("cachePoint") if type(b) is dict and len(b) == 1 else None
            if type(cp) is dict:
                points.append((cp.get("ttl") == "1h", content, k, fresh_at(fixed, written, b)))
    gone: Set[int] = set()  # id() of each list a block is left out of

    def drop(content: List[Any], k: int, at: int, why: str) -> None:
        ttl = content[k]["cachePoint"].get("ttl")
        content[k] = None  # (left out below: the places of the others stay theirs meanwhile)
        gone.add(id(content))
        note(w, at, f"The cachePoint block{'' if ttl is None else f' (ttl {ttl!r})'}", why)

    cap(points, drop, "Converse takes (4 cache checkpoints a request, as Anthropic's API)")
    for content in lists if gone else ():
        if type(content) is list and id(content) in gone:
            content[:] = [b for b in content if b is not None]
