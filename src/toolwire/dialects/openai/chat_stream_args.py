"""Argument deltas of the Chat stream (``openai.chat``, ``mistral``) that are not text.

openai-python ``ChoiceDeltaToolCallFunction.arguments: Optional[str]``; mistralai
``FunctionCall.arguments: Union[Dict[str, Any], str]``; llama.cpp sends the whole
arguments as one object. docs/streaming.md rule 8: any other value that is not text
makes its call invalid.
"""

from __future__ import annotations

from typing import Any, Optional

from ..._errors import excerpt
from ...stream._call import Call, dump
from ...stream._core import Core

__all__ = ["not_text", "text_of", "whole_text"]


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
    value (``not_text`` makes its call invalid)."""
    if value is None or type(value) is str:
        return value
    return text_of(value) if type(value) is dict and value else None


def not_text(core: Core, c: Call, value: Any, text: Optional[str]) -> None:
    """*value*, an argument delta that is not a string, went to *c* (as *text*,
    ``whole_text``): an object is the call's whole arguments only with no text before
    it (text after it leaves no JSON object); any other value, or an object after text,
    makes the call invalid (docs/streaming.md rule 8, as ``Core.add_at``): glued in or
    skipped, the call would run with arguments the model did not write."""
    if c.done or c.error is not None:
        return
    if type(value) is dict and c.size == (len(text) if text else 0):
        if not value and c.obj is None:  # ``{}``: given whole, as ``decode`` judges it (cut off at the token limit)
            c.obj = {}
        return
    core.fail(c, f"An argument delta is not text: {excerpt(value)}")
