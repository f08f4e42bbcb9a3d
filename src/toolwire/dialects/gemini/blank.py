"""A Gemini part that shows nothing (``Dialect.blank_item``): the final chunk of a stream
may carry an empty text part, with its signature, whatever the model wrote
(reference/wire-formats.md, Gemini), so such a part after a call does not show that the
model went on past it (``_cut_last.goes_on``)."""

from __future__ import annotations

from typing import Any

__all__ = ["blank_part"]

# what a part of no content holds
_BLANK_PART = frozenset({"text", "thought", "thoughtSignature", "thought_signature"})


def blank_part(part: Any) -> bool:
    """Whether the Gemini *part* holds no content: empty text (or none), a signature or
    thought flag beside it at most; a key of ``None`` is none (an SDK ``Part``'s
    ``model_dump()`` gives every field, the unset ones ``None``)."""
    if type(part) is not dict or part.get("text"):
        return False
    keys = part.keys()
    return keys <= _BLANK_PART or all(part[k] is None for k in keys - _BLANK_PART)
