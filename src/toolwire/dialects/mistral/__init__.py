"""Mistral La Plateforme chat completions (``mistral``): calls, tools and results
(``calls``), the OpenAI-like pieces it shares with ``cohere.v2`` and ``ollama``
(``openai_like``), stream chunks (``stream``), the assistant message and reply
(``response``).

https://docs.mistral.ai/api/#tag/chat
"""

from .calls import DIALECT

__all__ = ["DIALECT"]
