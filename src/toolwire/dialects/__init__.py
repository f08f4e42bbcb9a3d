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
from .text import TEXT_DIALECTS

__all__ = ["BUILTIN"]

BUILTIN: Tuple[Dialect, ...] = (
    anthropic_messages.DIALECT,
    bedrock_converse.DIALECT,
    gemini.DIALECT,
    openai_responses.DIALECT,
    # Mistral, Cohere and Ollama refine the Chat shape: they come first but claim a
    # payload only on evidence of their own (``extra['detect']``); a generic Chat
    # payload stays openai.chat
    mistral.DIALECT,
    cohere_v2.DIALECT,
    ollama.DIALECT,
    openai_chat.DIALECT,
    mcp.DIALECT,
    canonical.DIALECT,
    # text formats of open-weight models: no item shapes, never detected
    *TEXT_DIALECTS,
)
