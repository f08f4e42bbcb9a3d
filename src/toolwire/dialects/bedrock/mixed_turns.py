"""Bedrock Converse user turns that hold tool results beside other content.

Some models behind Converse refuse them: "Conversation blocks and tool result blocks
cannot be provided in the same turn." (a ``ValidationException``; Llama 4 Maverick in
https://github.com/strands-agents/harness-sdk/issues/1223, checked 2026-12-06; also
BerriAI/litellm#6053), while Amazon Nova takes them. The wire is left as it is
(splitting the turn would break the alternation Converse requires, and the models that
take it lose nothing); ``note_mixed`` tells the caller, in ``report`` (``mixed-turn``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Sequence, Tuple

from ...conversation._values import Media, Message, Other, Text

if TYPE_CHECKING:
    from ...conversation._writer import Writer

__all__ = ["mixed_as_is", "note_mixed"]

_MARKS = frozenset({"toolResult", "cachePoint"})  # blocks that are no conversation content beside results


def note_mixed(msgs: List[Dict[str, Any]], at: Dict[int, int], w: Writer, name: str) -> None:
    """Notes each written user message of *msgs* that holds tool results and other content
    (turns merged around a dropped one too), at the message of its first other content
    (*at*: ``id()`` of each block written -> the message it came from)."""
    for m in msgs:
        blocks = m.get("content") if m.get("role") == "user" else None
        if type(blocks) is not list or not any(type(b) is dict and "toolResult" in b for b in blocks):
            continue
        other = next((b for b in blocks if not (type(b) is dict and b.keys() <= _MARKS)), None)
        if other is not None:
            w.index = at.get(id(other), w.index)
            w.note("mixed-turn", _said(w.index, name))


def mixed_as_is(messages: Sequence[Message], own: str, name: str) -> List[Tuple[str, int, str]]:
    """The ``mixed-turn`` notes of a history decoded from *own* and written back whole to
    *name* (``HistoryCodec.as_is``): each user message whose wire holds a tool result and
    other content, at that message."""
    out: List[Tuple[str, int, str]] = []
    for i, m in enumerate(messages):
        wire = m.original(own) if m.role == "user" else None
        blocks = wire.get("content") if type(wire) is dict else None
        if type(blocks) is list and any(type(b) is dict and "toolResult" in b for b in blocks) and any(
                not (type(b) is dict and b.keys() <= _MARKS) for b in blocks):
            out.append(("mixed-turn", i, _said(i, name)))
    return out


def _said(i: int, name: str) -> str:
    return (f"Message {i}: the user turn written for {name} holds tool results and other content, which some models "
            "refuse (\"Conversation blocks and tool result blocks cannot be provided in the same turn.\"; Amazon "
            "Nova takes it): it is sent as it is")


def _content(p: Any, name: str) -> bool:
    """Whether the part *p* is written as conversation content: text that is not blank
    (blank text is left out), an image or document, a block of *name*'s own but a cache
    checkpoint (another provider's is left out; reasoning goes in assistant turns)."""
    if type(p) is Text:
        return bool(p.text.strip())
    if type(p) is Other:
        return p.dialect == name and p.type not in _MARKS
    return type(p) is Media
