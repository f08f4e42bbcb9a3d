"""Cohere Chat API v2 (``cohere.v2``): calls, tools and results (``v2``), stream events
(``stream``), whole responses and finish reasons (``response``).

https://docs.cohere.com/reference/chat
"""

from .v2 import DIALECT

__all__ = ["DIALECT"]
