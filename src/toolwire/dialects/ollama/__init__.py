"""Ollama ``/api/chat`` (``ollama``): calls, tools and results (``calls``), streamed
messages (``stream``), whole responses and done reasons (``response``).

https://github.com/ollama/ollama/blob/main/docs/api.md
"""

from .calls import DIALECT

__all__ = ["DIALECT"]
