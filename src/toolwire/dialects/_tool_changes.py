"""Mid-conversation tool changes, Anthropic's and Bedrock's: one concept, two spellings.

Anthropic (``BetaSystemMessageParam``: an in-line ``role: "system"`` message's
``tool_addition`` / ``tool_removal`` block, "Mid-conversation directive to make a tool
available" / "to withdraw a tool", beta ``mid-conversation-tool-changes-2026-07-01``):
``{"type": "tool_addition", "tool": {"type": "tool_reference", "name": "lookup"}}``.
Bedrock Converse (botocore 1.44.18 ``ToolAdditionBlock`` / ``ToolRemovalBlock``, "Use
within a ``system`` role message to make a tool available without re-sending the full
tool configuration"; ``ToolReference``: ``type``, ``name``, ``serverName``):
``{"toolAddition": {"tool": {"name": "lookup"}}}``.

Both name a tool of the request's tools by the name the model calls it by, and add it
or withdraw it from that point on. Only that shape is mapped, both ways: an Anthropic
MCP tool or toolset reference, a ``tool_definition`` by value, a ``cache_control``, and
a Bedrock reference with a ``type`` (whose values Bedrock does not document) or a
``serverName`` have no exact counterpart, and stay what the writer drops and notes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, List, Optional

from ..conversation._values import Message, Other

if TYPE_CHECKING:
    from ..conversation._writer import Writer

__all__ = ["adopt_changes"]

ANTHROPIC = "anthropic.messages"
BEDROCK = "bedrock.converse"
_TO_BEDROCK = {"tool_addition": "toolAddition", "tool_removal": "toolRemoval"}
_TO_ANTHROPIC = {v: k for k, v in _TO_BEDROCK.items()}


def _name(ref: Any, keys: Any) -> Optional[str]:
    """The tool name of the reference *ref* when it holds exactly *keys* and a name."""
    if type(ref) is not dict or ref.keys() != keys:
        return None
    name = ref.get("name")
    return name if type(name) is str and name else None


def _as_bedrock(p: Other, w: Writer) -> Optional[Other]:
    kind = _TO_BEDROCK.get(p.type)
    block = p.data
    if kind is None or block.keys() != {"type", "tool"} or block.get("type") != p.type:
        return None
    ref = block["tool"]
    name = _name(ref, {"type", "name"})
    if name is None or ref["type"] != "tool_reference":
        return None
    return Other(kind, BEDROCK, {kind: {"tool": {"name": w.target.names.map(name)}}})


def _as_anthropic(p: Other, w: Writer) -> Optional[Other]:
    kind = _TO_ANTHROPIC.get(p.type)
    inner = p.data.get(p.type) if kind is not None and p.data.keys() == {p.type} else None
    if type(inner) is not dict or inner.keys() != {"tool"}:
        return None
    name = _name(inner["tool"], {"name"})
    if name is None:
        return None
    return Other(kind, ANTHROPIC,  # type: ignore[arg-type]
                 {"type": kind, "tool": {"type": "tool_reference", "name": w.target.names.map(name)}})


def adopt_changes(messages: List[Message], w: Writer) -> List[Message]:
    """*messages* with the other provider's tool changes in their system messages
    written as the target's (``w.name``, Anthropic or Bedrock), where they map exactly;
    the list itself when there is none."""
    source, convert = (BEDROCK, _as_anthropic) if w.own == ANTHROPIC else (ANTHROPIC, _as_bedrock)
    out: Optional[List[Message]] = None
    for i, m in enumerate(messages):
        if m.role != "system":
            continue
        parts: List[Any] = []
        changed = False
        for p in m.parts:
            if type(p) is Other and p.dialect == source:
                q = convert(p, w)
                if q is not None:
                    p, changed = q, True
            parts.append(p)
        if changed:
            if out is None:
                out = list(messages)
            out[i] = Message(m.role, parts)
    return messages if out is None else out
