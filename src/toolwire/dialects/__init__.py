"""The built-in dialects, in detection precedence order.

Order matters only for shapes several dialects could claim: the first dialect
whose ``sniff`` recognises a payload wins. Distinctive shapes come first; the
OpenAI Chat shape, which many OpenAI-compatible servers share, after the dialects
that refine it.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Tuple

from .._dialect import Dialect
from ..text._table import TEXT_DIALECTS
from . import anthropic, bedrock, canonical, cohere, gemini, mcp, mistral, ollama, openai

__all__ = ["BUILTIN", "ONE_STEP"]

BUILTIN: Tuple[Dialect, ...] = (
    anthropic.DIALECT,
    bedrock.DIALECT,
    gemini.DIALECT,
    openai.RESPONSES,
    # Mistral, Cohere and Ollama refine the Chat shape: they come first but claim a
    # payload only on evidence of their own (their ``detect`` field); a generic Chat
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

# Speed only (the default registry's ``add_fast``): shapes on which the dialect named
# claims every call the plan gives it, with its decoder of them in one step (the
# claim checked inline or constant), used while the plan of the shape is unchanged.
ONE_STEP: Tuple[Tuple[str, Tuple[Any, ...], Callable[[Any], Optional[Any]]], ...] = tuple(
    (module.DIALECT.name, shape, fn)
    for module in (anthropic.messages, bedrock.converse, gemini.calls, mcp.calls, ollama.calls, canonical)
    for shape, fn in module.ONE_STEP
) + tuple((openai.RESPONSES.name, shape, fn) for shape, fn in openai.responses_calls.ONE_STEP)
