"""Mistral chat streaming (``mistral``): Chat-shaped ``chat.completion.chunk`` deltas.

Follows https://docs.mistral.ai/api/#tag/chat (checked 2026-11-30) and the
mistralai client's ``DeltaMessage`` / ``ToolCall`` models.

Mistral streams a whole call (id, name, arguments) in one delta without ``index``,
and several calls in one chunk; newer models send id and name first and then
argument deltas keyed by ``index``. Both are the Chat stream's rules (a delta
without index carrying its own id and name is a separate call), so this handler is
the Chat one under Mistral's name.
"""

from __future__ import annotations

from typing import Any, Dict, List, Sequence

from ..._types import ToolCall
from ..openai import chat_stream as openai_chat_stream

__all__ = ["NAME", "Handler", "detect", "encode"]

NAME = "mistral"
detect = openai_chat_stream.detect


class Handler(openai_chat_stream.Handler):
    """The Chat handler under Mistral's name."""

    name = NAME


def encode(calls: Sequence[ToolCall], fragments: Sequence[Sequence[str]], **kw: Any) -> List[Dict[str, Any]]:
    """Mistral chunks: by default each call whole in one delta without ``index``."""
    if kw.get("with_index"):
        return openai_chat_stream.encode(calls, fragments, interleave=bool(kw.get("interleave")))
    return openai_chat_stream.encode(calls, fragments, with_index=False)
