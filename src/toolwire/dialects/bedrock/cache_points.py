"""The ``cachePoint`` blocks of a Converse history as it goes out (``system``, then each
message's content), checked by ``_breakpoints.cap`` as Anthropic's breakpoints are: Claude
on Bedrock takes at most 4 cache checkpoints a request, their TTLs (``CachePointBlock.ttl``:
``5m``, the default, or ``1h``) non-increasing across ``toolConfig``, ``system`` and
``messages`` (https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html,
https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CachePointBlock.html).
One written fresh (re-sent in another message) is left out, noted, where the request would
be refused with it; a message it was the only block of goes too, noted, the turns around it
merged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Set

from ..._errors import EncodeError, an
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
    gone: Dict[int, int] = {}  # id() of each list a block is left out of -> its message

    def drop(content: List[Any], k: int, at: int, why: str) -> None:
        ttl = content[k]["cachePoint"].get("ttl")
        content[k] = None  # (left out below: the places of the others stay theirs meanwhile)
        gone[id(content)] = at
        note(w, at, f"The cachePoint block{'' if ttl is None else f' (ttl {ttl!r})'}", why)

    cap(points, drop, "Converse takes (4 cache checkpoints a request, as Anthropic's API)")
    if not gone:
        return
    for content in lists:
        if type(content) is list and id(content) in gone:
            content[:] = [b for b in content if b is not None]
    if out.get("system") == []:
        del out["system"]
    _left_empty(out["messages"], gone, w)


def _left_empty(msgs: List[Dict[str, Any]], gone: Dict[int, int], w: Writer) -> None:
    """Leaves out of *msgs* each message a cachePoint block was its only block of (*gone*:
    ``id()`` of each list blocks were left out of -> its message), noted, as a fresh write
    leaves out a turn with nothing to send (Converse refuses a message without content);
    the messages around it, now of one role, merge (turns alternate)."""
    kept: List[Dict[str, Any]] = []
    merge = False
    made = None  # the message merged last, a copy of ours (extended in place: linear in the turns)
    for m in msgs:
        content = m.get("content")
        if type(content) is list and not content and id(content) in gone:
            w.index = gone[id(content)]
            w.note("dropped", f"{an(str(m.get('role')), True)} turn with nothing {w.name} can take is left out")
            merge = True
            continue
        if merge and kept and kept[-1].get("role") == m.get("role") and type(content) is list:
            prev = kept[-1]
            if prev is not made:
                prev = made = kept[-1] = {**prev, "content": list(prev["content"])}
            prev["content"].extend(content)
        else:
            kept.append(m)
        merge = False
    if not kept:
        raise EncodeError(f"{an(w.name, True)} request needs at least one message", dialect=w.name)
    msgs[:] = kept
