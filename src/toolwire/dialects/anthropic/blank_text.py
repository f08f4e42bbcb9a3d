"""The blank text of an Anthropic message that Anthropic refuses as it is, by the rule the
API applies (LibreChat-AI/agents#124, tried on the API): an empty text block (``""``)
anywhere ("text content blocks must be non-empty"); a whitespace-only one where its content
list holds no other, non-blank, text ("text content blocks must contain non-whitespace
text"): ``[text ' ']`` and ``[text ' ', tool_use]`` are refused, ``[text ' ', text 'real']``
is taken; one with ``cache_control`` is not sent as it is (for an empty one: "cache_control
cannot be set for empty text blocks"; a whitespace one not tried). A tool result's blocks go
by the same rule on its own list (not tried on the API); blank string content as a single
text block. An assistant message ending in a whitespace
block is refused too, where it is the final one ("final assistant content cannot end with
trailing whitespace", tailcallhq/forgecode#1872): only there (``Refusals.message``'s
*final*); an earlier one, ``[text 'a', text ' ']``, is taken as it came.
"""

from __future__ import annotations

from typing import Any, List, Optional

__all__ = ["blank_refused", "blank_unsent"]

_EMPTY = "which Anthropic refuses (\"text content blocks must be non-empty\")"
_SPACE = "which Anthropic refuses (\"text content blocks must contain non-whitespace text\")"


def _text(b: Any) -> Optional[str]:
    t = b.get("text") if type(b) is dict and b.get("type") == "text" else None
    return t if type(t) is str else None


def _kind(content: List[Any]) -> Optional[str]:
    """``"empty"`` where *content* holds an empty text block, ``"cached"`` where it holds a
    whitespace-only one with ``cache_control``, ``"space"`` where it holds one and no text
    block of other text, else ``None``."""
    space = solid = cached = False
    for b in content:
        t = _text(b)
        if t is None:
            continue
        if not t:
            return "empty"
        if t.strip():
            solid = True
        else:
            space = True
            cached = cached or b.get("cache_control") is not None
    return "cached" if cached else "space" if space and not solid else None


def _said(kind: str, where: str) -> str:
    if kind == "empty":
        return f"it holds {where}an empty text block, {_EMPTY}"
    if kind == "cached":  # (the API's words for an empty one; a whitespace one not tried: not sent so)
        return (f"it holds {where}a whitespace-only text block with cache_control, which Anthropic may refuse "
                "(\"cache_control cannot be set for empty text blocks\")")
    return f"it holds {where}a whitespace-only text block beside no other text, {_SPACE}"


def blank_refused(wire: Any, final: bool = True) -> Optional[str]:
    """Why Anthropic refuses the message *wire* for its blank text, else ``None``; *final*:
    whether it is the history's last message (the only one refused for ending in a
    whitespace-only block). One pass."""
    if type(wire) is not dict:
        return None
    content = wire.get("content")
    if type(content) is str:
        if content.strip():
            return None
        return f"its content is empty text, {_EMPTY}" if not content else f"its content is whitespace only, {_SPACE}"
    if type(content) is not list:
        return None
    kind = _kind(content)
    if kind is not None:
        return _said(kind, "")
    if final and wire.get("role") == "assistant" and content:
        last = _text(content[-1])
        if last is not None and not last.strip():
            return ("it ends in a whitespace-only text block, which Anthropic refuses in the final assistant message "
                    "(\"final assistant content cannot end with trailing whitespace\")")
    for b in content:
        inner = b.get("content") if type(b) is dict and b.get("type") == "tool_result" else None
        kind = _kind(inner) if type(inner) is list else None
        if kind is not None:
            return _said(kind, f"a result ({b.get('tool_use_id')}) with ")
    return None


def blank_unsent(content: Any) -> List[str]:
    """What a message of *content* written fresh goes without for its blank text, beside
    what the writer notes itself: its empty text blocks (read as no part), and the
    ``cache_control`` of a tool result's blank text blocks (left out, ``solid``)."""
    out: List[str] = []
    empty = 0
    for b in content if type(content) is list else ():
        if _text(b) == "":
            empty += 1
        inner = b.get("content") if type(b) is dict and b.get("type") == "tool_result" else None
        for x in inner if type(inner) is list else ():
            t = _text(x)
            if t is not None and not t.strip() and x.get("cache_control") is not None:
                out.append(f"The cache_control on a blank text block of the result for {b.get('tool_use_id')}")
    if empty:
        out.insert(0, "An empty text block" if empty == 1 else f"{empty} empty text blocks")
    return out
