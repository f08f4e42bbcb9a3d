"""``Usage``: the token counts of one response (``toolwire.response``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

__all__ = ["Usage", "make_usage"]


@dataclass(frozen=True)
class Usage:
    """Token counts (``None`` when the provider did not say)."""

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
