"""Anthropic Messages API (``anthropic.messages``): calls, tools and results (``messages``,
``tools``), stream events (``stream``).

https://docs.anthropic.com/en/api/messages
"""

from .messages import DIALECT

__all__ = ["DIALECT"]
