"""The ``cache_control`` breakpoints of an Anthropic history as it goes out (``system``,
then each message's blocks and the blocks inside its tool results), checked by
``_breakpoints.cap``: one written fresh is left out, noted, where the request would be
refused with it (https://docs.claude.com/en/docs/build-with-claude/prompt-caching).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Set

from .._breakpoints import Point, cap, fresh_at, note

if TYPE_CHECKING:
    from ...conversation._writer import Writer

__all__ = ["check"]


def _ttl(cc: Any) -> Any:
    return cc.get("ttl") if type(cc) is dict else None


def check(out: Dict[str, Any], fixed: Set[int], written: Dict[int, int], w: Writer) -> None:
    """Leaves out, noted, the breakpoints written fresh that *out* (its ``system`` and
    ``messages``) cannot take (``_breakpoints.cap``). *fixed*: ``id()`` of each block
    written back as it came; *written*: ``id()`` of each block written fresh -> its message.
    One pass over the blocks, then over the breakpoints."""
    points: List[Point] = []
    system = out.get("system")
    for m in [{"content": system}, *out["messages"]]:
        content = m.get("content")
        for k, b in enumerate(content if type(content) is list else ()):
            if type(b) is not dict or "cache_control" not in b and b.get("type") != "tool_result":
                continue
            own = b.get("cache_control") is not None
            inner: Any = b.get("content") if b.get("type") == "tool_result" else None
            if type(inner) is not list or not any(type(x) is dict and x.get("cache_control") is not None
                                                  for x in inner):
                inner = None
            if not own and inner is None:
                continue
            at: Optional[int] = fresh_at(fixed, written, b)
            if own:
                points.append((_ttl(b["cache_control"]) == "1h", content, k, at))
            if inner is None:
                continue
            if at is not None:  # written fresh: its own list (the one it was decoded with is the caller's)
                inner = list(inner)
                content[k] = {**b, "content": inner}
            for n, x in enumerate(inner):
                if type(x) is dict and x.get("cache_control") is not None:
                    points.append((_ttl(x["cache_control"]) == "1h", inner, n, at))
    cap(points, lambda c, k, at, why: _drop(c, k, at, why, w),
        "Anthropic takes (\"A maximum of 4 blocks with cache_control may be provided\")")


def _drop(content: List[Any], k: int, at: int, why: str, w: Writer) -> None:
    b = content[k]
    ttl = _ttl(b["cache_control"])
    content[k] = {key: v for key, v in b.items() if key != "cache_control"}
    kind = b.get("type")
    what = f"a {kind} block" if type(kind) is str and kind in _NAMED else "a block"
    note(w, at, f"The cache_control{'' if ttl is None else f' (ttl {ttl!r})'} on {what}", why)


_NAMED = frozenset({"text", "image", "document", "tool_use", "tool_result", "search_result"})
