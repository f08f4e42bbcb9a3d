"""What ``anthropic.messages`` claims once the caller names it (``Dialect.sniff``;
detection asks ``sniff.sniff``, its ``detect``).

Follows https://docs.claude.com/en/api/messages (checked 2026-12-04): a request is
``{"model", "max_tokens", "messages"}`` with optional ``system``, ``tools`` and
``tool_choice``; without a ``system``, ``input_schema`` tools or Anthropic-only blocks it
has the shape of a Chat request, which detection leaves to ``openai.chat``. Named, such a
body is read as Anthropic's when it holds nothing only another dialect has, as the list
of its messages and ``decode_conversation`` read it.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple

from ..._dialect import CALLS, TOOL
from .sniff import NOT_OURS, sniff

__all__ = ["named"]

# a Chat request's own fields for tools and structured output
# (https://platform.openai.com/docs/api-reference/chat/create): never in an Anthropic request
_CHAT_REQUEST = frozenset({"functions", "function_call", "response_format", "parallel_tool_calls"})
_CHOICES = ("auto", "any", "tool", "none")  # ``tool_choice`` types (``ToolChoiceParam``)
_NAMED_REQUEST = (CALLS, "'messages' of Anthropic messages and nothing of another dialect (an Anthropic request)")


def named(data: Any) -> Optional[Tuple[str, str]]:
    """``sniff``, and a request body that detection leaves to openai.chat (no ``system``,
    ``input_schema`` tools or Anthropic-only blocks: the shapes are alike) when it holds
    nothing only another dialect has: the claim of the dialect named by the caller, as
    the list of its messages and ``decode_conversation`` read it. Every message is one
    ``sniff`` claims (user or assistant, no Chat field, no other dialect's block);
    ``tools`` are Anthropic's, ``tool_choice`` an Anthropic object, no Chat request field."""
    hit = sniff(data)
    if hit is not None or type(data) is not dict:
        return hit
    messages = data.get("messages")
    if (type(messages) is not list or data.get("type") is not None or data.get("role") is not None
            or data.get("system") is not None or not data.keys().isdisjoint(_NOT_NAMED)):
        return None
    tools = data.get("tools")
    if tools is not None and (type(tools) is not list or not all(_tool(t) for t in tools)):
        return None
    choice = data.get("tool_choice")
    if choice is not None and (type(choice) is not dict or choice.get("type") not in _CHOICES):
        return None
    for m in messages:
        mh = sniff(m) if type(m) is dict and "messages" not in m else None
        if mh is None or mh[0] != CALLS:
            return None
    return _NAMED_REQUEST


_NOT_NAMED = NOT_OURS | _CHAT_REQUEST | {"content", "input_schema", "toolConfig", "inferenceConfig"}


def _tool(t: Any) -> bool:
    hit = sniff(t)
    return hit is not None and hit[0] == TOOL
