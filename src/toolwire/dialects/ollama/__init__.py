"""Ollama ``/api/chat`` (``ollama``): calls (``calls``), tools and results (``tools``),
streamed messages (``stream``), whole responses and done reasons (``response``).

https://github.com/ollama/ollama/blob/main/docs/api.md
"""

from .calls import DIALECT

__all__ = ["DIALECT"]
