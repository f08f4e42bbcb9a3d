"""``Usage``: the token counts of one response (``toolwire.response``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Optional

__all__ = ["CountsShape", "Usage", "counts", "make_usage", "plus"]


@dataclass(frozen=True)
class Usage:
    """Token counts, the same for every provider (``None`` when the provider did not
    say): ``input_tokens`` every prompt token, cached or written to a cache included;
    ``output_tokens`` every generated token, reasoning included; ``reasoning_tokens`` the
    reasoning part of the output; ``total_tokens`` their sum. Providers that report
    these parts apart (Anthropic and Bedrock cache tokens, Gemini thoughts and tool-use
    prompt tokens) have them added up by their reader."""

    input_tokens: Optional[int] = None
    output_tokens: Optional[int] = None
    reasoning_tokens: Optional[int] = None
    total_tokens: Optional[int] = None


def make_usage(
    input_tokens: Optional[int], output_tokens: Optional[int], reasoning: Optional[int], total: Optional[int]
) -> Usage:
    """``Usage(...)`` without its per-field cost (for response readers)."""
    # frozen dataclasses set each field through object.__setattr__ (~1 us per record);
    # filling __dict__ directly builds the same value in a fraction of that
    u = object.__new__(Usage)
    u.__dict__.update(
        input_tokens=input_tokens, output_tokens=output_tokens, reasoning_tokens=reasoning, total_tokens=total
    )
    return u


class CountsShape(TypeError):
    """A container of token counts (a ``usage``) that is no object: its path (``loc``)
    and its type. ``toolwire.response.normalize`` raises it as a ``DecodeError`` there."""

    def __init__(self, loc: str, value: Any) -> None:
        super().__init__(f"{loc} must be an object, got {type(value).__name__}")
        self.loc = loc


def counts(parent: Dict[str, Any], key: str, loc: str) -> Dict[str, Any]:
    """*parent*'s *key*, an object of token counts at *loc*: ``{}`` when absent or
    ``null``; ``CountsShape`` for any other value that is no object (``""``, ``0`` and
    ``[]`` too; a count itself of the wrong type is no count: ``None``, the readers'
    ``as_int``)."""
    value = parent.get(key)
    if isinstance(value, dict):
        return value
    if value is None:
        return {}
    raise CountsShape(f"{loc}.{key}", value)


def plus(*counts: Optional[int]) -> Optional[int]:
    """The sum of the *counts* the provider sent (``None`` when it sent none of them)."""
    known = [c for c in counts if c is not None]
    return sum(known) if known else None
