"""The built-in dialects, in detection precedence order.

Order matters only for shapes several dialects could claim: the first dialect
whose ``sniff`` recognises a payload wins. Distinctive shapes come first; the
OpenAI Chat shape, which many OpenAI-compatible servers share, after the dialects
that refine it.
"""

from __future__ import annotations

from typing import Tuple

from .._dialect import Dialect
from ..text._table import TEXT_DIALECTS
from . import anthropic, bedrock, canonical, cohere, gemini, mcp, mistral, ollama, openai

__all__ = ["BUILTIN"]

BUILTIN: Tuple[Dialect, ...] = (
    anthropic.DIALECT,
    bedrock.DIALECT,
    gemini.DIALECT,
    openai.RESPONSES,
    # Mistral, Cohere and Ollama refine the Chat shape: they come first but claim a
    # payload only on evidence of their own (``extra['detect']``); a generic Chat
    # payload stays openai.chat
    mistral.DIALECT,
    cohere.DIALECT,
    ollama.DIALECT,
    openai.CHAT,
    mcp.DIALECT,
    canonical.DIALECT,
    # text formats of open-weight models: no item shapes, never detected
    *TEXT_DIALECTS,
)
