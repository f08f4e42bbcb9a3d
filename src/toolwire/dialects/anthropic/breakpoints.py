"""The ``cache_control`` breakpoints of an Anthropic history as it goes out (``system``,
then each message's blocks and the blocks inside its tool results, search results and
documents' content sources), checked by
``_breakpoints.cap``: one written fresh is left out, noted, where the request would be
refused with it (https://docs.claude.com/en/docs/build-with-claude/prompt-caching).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Set

from ..._errors import an
from .._breakpoints import Point, cap, fresh_at, note

if TYPE_CHECKING:
    from ...conversation._writer import Writer

__all__ = ["HOLDERS", "check", "hinted"]


def _ttl(cc: Any) -> Any:
    return cc.get("ttl") if type(cc) is dict else None


def _inner(b: Dict[str, Any]) -> Any:
    """The blocks *b* holds that the API reads breakpoints in: a tool result's, a search
    result's (``SearchResultBlockParam.content``), a document's content source
    (``{"type": "content", "content": [...]}``); else ``None``."""
    kind = b.get("type")
    if kind in ("tool_result", "search_result"):
        inner = b.get("content")
    elif kind == "document":
        src = b.get("source")
        inner = src.get("content") if type(src) is dict and src.get("type") == "content" else None
    else:
        return None
    return inner if type(inner) is list else None


def _with(b: Dict[str, Any], inner: List[Any]) -> Dict[str, Any]:
    """A copy of *b* holding *inner* where ``_inner`` read its blocks."""
    if b.get("type") == "document":
        return {**b, "source": {**b["source"], "content": inner}}
    return {**b, "content": inner}


def hinted(b: Any, depth: int = 0) -> bool:
    """Whether the block *b* holds a breakpoint, on it or in the blocks it holds."""
    if type(b) is not dict:
        return False
    if b.get("cache_control") is not None:
        return True
    inner = _inner(b) if depth < _DEPTH else None
    return inner is not None and any(hinted(x, depth + 1) for x in inner)


def _points(content: List[Any], k: int, at: Optional[int], points: List[Point], depth: int) -> None:
    """Adds the breakpoints of block *k* of *content* (on it, then in the blocks it holds)
    to *points*; one written fresh (*at* not ``None``) holding some in its blocks is put in
    *content* as a copy first, its blocks a list of their own (the caller's stay as they are)."""
    b = content[k]
    if b.get("cache_control") is not None:
        points.append((_ttl(b["cache_control"]) == "1h", content, k, at))
    inner = _inner(b) if depth < _DEPTH else None
    if inner is None or not any(hinted(x, depth + 1) for x in inner):
        return
    if at is not None:
        inner = list(inner)
        content[k] = _with(b, inner)
    for n, x in enumerate(inner):
        if type(x) is dict:
            _points(inner, n, at, points, depth + 1)


_DEPTH = 2  # (a message's block, a tool result's, a search result's or document's: how deep the API nests them)


def check(out: Dict[str, Any], fixed: Set[int], written: Dict[int, int], w: Writer) -> None:
    """Leaves out, noted, the breakpoints written fresh that *out* (its ``system`` and
    ``messages``) cannot take (``_breakpoints.cap``), at every depth the API reads them
    (``_inner``). *fixed*: ``id()`` of each block written back as it came; *written*:
    ``id()`` of each block written fresh -> its message. One pass over the blocks, then
    over the breakpoints."""
    points: List[Point] = []
    system = out.get("system")
    for m in [{"content": system}, *out["messages"]]:
        content = m.get("content")
        for k, b in enumerate(content if type(content) is list else ()):
            if type(b) is dict and ("cache_control" in b or b.get("type") in HOLDERS):
                _points(content, k, fresh_at(fixed, written, b), points, 0)
    cap(points, lambda c, k, at, why: _drop(c, k, at, why, w),
        "Anthropic takes (\"A maximum of 4 blocks with cache_control may be provided\")")


def _drop(content: List[Any], k: int, at: int, why: str, w: Writer) -> None:
    b = content[k]
    ttl = _ttl(b["cache_control"])
    content[k] = {key: v for key, v in b.items() if key != "cache_control"}
    kind = b.get("type")
    what = an(f"{kind} block") if type(kind) is str and kind in _NAMED else "a block"
    note(w, at, f"The cache_control{'' if ttl is None else f' (ttl {ttl!r})'} on {what}", why)


HOLDERS = frozenset({"tool_result", "search_result", "document"})  # the blocks that hold blocks
_NAMED = frozenset({"text", "image", "document", "tool_use", "tool_result", "search_result"})
