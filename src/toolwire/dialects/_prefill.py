"""The final assistant message of a history written for a target that refuses trailing
whitespace there (a prefill): Anthropic answers "messages: final assistant content cannot
end with trailing whitespace" (tailcallhq/forgecode#1872), Bedrock Converse with Claude
the same words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Set, Tuple

if TYPE_CHECKING:
    from ..conversation._writer import Writer

__all__ = ["ends_in_space", "trim_prefill"]


def _last(items: List[Any], end: Optional[int] = None) -> int:
    """Where the last content of *items* (of those before *end*) is: trailing Bedrock
    ``cachePoint`` blocks (cache markers, no content) passed over; ``-1`` where there is none."""
    k = (len(items) if end is None else end) - 1
    while k >= 0 and type(items[k]) is dict and len(items[k]) == 1 and "cachePoint" in items[k]:
        k -= 1
    return k


def _text(item: Any) -> Optional[str]:
    """The text of a text block (Anthropic ``type: text``, Bedrock ``{"text": ...}``), else ``None``."""
    t = item.get("text") if type(item) is dict and item.get("type", "text") == "text" else None
    return t if type(t) is str else None


def ends_in_space(wire: Any, key: str = "content") -> bool:
    """Whether the wire message *wire*, an assistant one, ends in text (its items under
    *key*) that ends in whitespace and is not blank (blank text is the blank-text rule's:
    ``blank_text``)."""
    items = wire.get(key) if type(wire) is dict and wire.get("role") == "assistant" else None
    if type(items) is list:
        k = _last(items)
        items = _text(items[k]) if k >= 0 else None
    return type(items) is str and items != items.rstrip() != ""


def trim_prefill(wire: List[Dict[str, Any]], key: str, texts: Dict[int, int], came: Dict[int, int], w: Writer,
                 written: Optional[Dict[int, int]] = None, fixed: Optional[Set[int]] = None) -> None:
    """Leaves out the trailing whitespace of the final (assistant) message's last item
    when it is text, noted (``dropped``): Anthropic answers "messages: final assistant
    content cannot end with trailing whitespace" (tailcallhq/forgecode#1872), Bedrock
    Converse with Claude the same words. Trailing Bedrock ``cachePoint`` blocks (cache
    markers, no content) are passed over: the text before them is the last content; a
    whitespace-only text block there (one Anthropic takes in an earlier message, beside
    other text) is left out, noted, and the one before it judged. The item is a text
    block written fresh (*texts*: ``id()`` -> the message it came from) or one written
    back as it came (*came*: ``id()`` of each such item, and of each message of string
    content, -> its message); the caller's message is never changed. The trimmed text is
    a copy, recorded in *written* as its message's, and, where it came with the history,
    in *fixed* (its breakpoint is one that came: ``_breakpoints``)."""
    items = wire[-1][key]
    if type(items) is str:  # content as it came, a string (Anthropic)
        kept = items.rstrip()
        at = came.get(id(wire[-1]))
        if at is None or kept == items or not kept:
            return
        wire[-1] = {**wire[-1], key: kept}
        _trimmed(w, at)
        return
    if type(items) is not list:
        return
    k = _last(items)
    gone: List[Tuple[int, int]] = []  # (place, message) of each whitespace-only block ending the message
    while k > 0:  # (blank text alone is the blank-text rule's: refused before)
        text, at = _text(items[k]), texts.get(id(items[k]), came.get(id(items[k])))
        if text is None or text.strip() or at is None:
            break
        gone.append((k, at))
        k = _last(items, k)
    if gone:
        left = {place for place, _at in gone}
        items = [b for n, b in enumerate(items) if n not in left]  # (the places before *k* stay)
        wire[-1] = {**wire[-1], key: items}
        for _place, at in reversed(gone):
            w.index = at
            w.note("dropped", f"The whitespace-only text block ending the final assistant message {at} is left out: "
                              f"{w.name} refuses it (\"final assistant content cannot end with trailing whitespace\")")
    last: Any = items[k] if k >= 0 else None
    text = _text(last)
    at = texts.get(id(last))
    fresh = at is not None
    if at is None:
        at = came.get(id(last))
    if text is None or at is None:
        return
    kept = text.rstrip()
    if kept == text or not kept:
        return
    trimmed = {**last, "text": kept}
    wire[-1] = {**wire[-1], key: [*items[:k], trimmed, *items[k + 1:]]}
    if written is not None:
        written[id(trimmed)] = at
    if fixed is not None and not fresh:
        fixed.add(id(trimmed))
    _trimmed(w, at)


def _trimmed(w: Writer, at: int) -> None:
    w.index = at
    w.note("dropped", f"The trailing whitespace of the final assistant message's text in message {at} is left out: "
                      f"{w.name} refuses it (\"final assistant content cannot end with trailing whitespace\")")
