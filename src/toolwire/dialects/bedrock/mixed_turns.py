"""Bedrock Converse user turns that hold tool results beside other content.

Some models behind Converse refuse them: "Conversation blocks and tool result blocks
cannot be provided in the same turn." (a ``ValidationException``; Llama 4 Maverick in
https://github.com/strands-agents/harness-sdk/issues/1223, checked 2026-12-06; also
BerriAI/litellm#6053), while Amazon Nova takes them. The wire is left as it is
(splitting the turn would break the alternation Converse requires, and the models that
take it lose nothing); ``note_mixed`` tells the caller, in ``report`` (``mixed-turn``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, List, Sequence, Tuple

from ..._types import ToolResult
from ...conversation._values import Media, Message, Other, Text

if TYPE_CHECKING:
    from ...conversation._writer import Writer
    from .._history_write import Turn

__all__ = ["mixed_as_is", "note_mixed"]

_MARKS = frozenset({"toolResult", "cachePoint"})  # blocks that are no conversation content beside results


def note_mixed(turns: List[Turn], w: Writer, name: str) -> None:
    """Notes each user turn of *turns* that holds tool results and other content (at the
    message of the first other content)."""
    for t in turns:
        if t.role != "user":
            continue
        results = False
        other = -1
        head = t.head.get("content") if type(t.head) is dict else None
        for b in head if type(head) is list else ():
            if type(b) is dict and "toolResult" in b:
                results = True
            elif other < 0 and not (type(b) is dict and b.keys() <= _MARKS):
                other = t.index
        for i, p in t.parts:
            if type(p) is ToolResult:
                results = True
            elif other < 0 and _content(p, name):
                other = i
        if results and other >= 0:
            w.index = other
            w.note("mixed-turn", _said(other, name))


def mixed_as_is(messages: Sequence[Message], name: str) -> List[Tuple[str, int, str]]:
    """The ``mixed-turn`` notes of a history decoded from *name* and written back whole
    (``HistoryCodec.as_is``): each user message whose wire holds a tool result and other
    content, at that message."""
    out: List[Tuple[str, int, str]] = []
    for i, m in enumerate(messages):
        wire = m.original(name) if m.role == "user" else None
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
