"""The built-in dialects, in detection precedence order.

Order matters only for shapes several dialects could claim: the first dialect
whose ``sniff`` recognises a payload wins. Distinctive shapes come first; the
OpenAI Chat shape, which many OpenAI-compatible servers share, after the dialects
that refine it.
"""

from __future__ import annotations

from typing import Tuple

from .._registry import Dialect
from . import (
    anthropic_messages,
    bedrock_converse,
    canonical,
    cohere_v2,
    gemini,
    mcp,
    mistral,
    ollama,
    openai_chat,
    openai_responses,
)

__all__ = ["BUILTIN"]

BUILTIN: Tuple[Dialect, ...] = (
    anthropic_messages.DIALECT,
    bedrock_converse.DIALECT,
    gemini.DIALECT,
    openai_responses.DIALECT,
    openai_chat.DIALECT,
    # Mistral, Cohere and Ollama refine the Chat shape; until detection can use their
    # strict ``extra['detect']`` they follow it, so a generic Chat payload stays openai.chat
    mistral.DIALECT,
    cohere_v2.DIALECT,
    ollama.DIALECT,
    mcp.DIALECT,
    canonical.DIALECT,
)
