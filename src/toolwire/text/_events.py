"""What a text-format parser gives (``_core``): the ``TextResult`` of a whole text, and
the events ``TextParser.feed`` / ``events`` hand out while it reads (content and
reasoning deltas, a complete call).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .._types import InvalidToolCall, ToolCall

__all__ = ["CallEvent", "ContentDelta", "Event", "Item", "ReasoningDelta", "TextResult"]

Item = Union[ToolCall, InvalidToolCall]


@dataclass(frozen=True)
class TextResult:
    """What a model's text said: the visible answer, the reasoning, and the calls."""

    content: str | None = None
    reasoning: str | None = None
    tool_calls: tuple[Item, ...] = ()


@dataclass(frozen=True)
class ContentDelta:
    """New user-visible answer text."""

    text: str


@dataclass(frozen=True)
class ReasoningDelta:
    """New reasoning (thinking / analysis channel) text."""

    text: str


@dataclass(frozen=True)
class CallEvent:
    """A call is complete: a ``ToolCall``, or an ``InvalidToolCall``; ``index`` is its position."""

    call: Item
    index: int


Event = Union[ContentDelta, ReasoningDelta, CallEvent]
