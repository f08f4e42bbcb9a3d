"""Cohere Chat API v2 (``cohere.v2``): calls, tools and results (``v2``), stream events
(``stream``).

https://docs.cohere.com/reference/chat
"""

from .v2 import DIALECT

__all__ = ["DIALECT"]
