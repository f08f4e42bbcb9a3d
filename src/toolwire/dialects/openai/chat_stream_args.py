"""Argument deltas of the Chat stream (``openai.chat``, ``mistral``) that are not text.

openai-python ``ChoiceDeltaToolCallFunction.arguments: Optional[str]``; mistralai
``FunctionCall.arguments: Union[Dict[str, Any], str]``; llama.cpp sends the whole
arguments as one object. docs/streaming.md rule 8: any other value that is not text
makes its call invalid (``Calls.not_text``).
"""

from __future__ import annotations

from typing import Any, Optional

from ...stream._call import dump

__all__ = ["text_of", "whole_text"]


def text_of(value: Any) -> Optional[str]:
    """*value* as text: a string as it is, another value its JSON text."""
    if value is None or type(value) is str:
        return value
    try:
        return dump(value)
    except (TypeError, ValueError):
        return str(value)


def whole_text(value: Any) -> Optional[str]:
    """The text an argument delta adds: a string as it is; an object (the whole
    arguments at once, as llama.cpp sends them) its JSON text; nothing for any other
    value (``Calls.not_text`` makes its call invalid)."""
    if value is None or type(value) is str:
        return value
    return text_of(value) if type(value) is dict and value else None
