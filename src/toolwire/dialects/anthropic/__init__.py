"""Anthropic Messages API (``anthropic.messages``): calls, tools and results (``messages``,
``tools``), claims and containers (``sniff``), stream events (``stream``), whole
responses and stop reasons (``response``), Message Batches result lines (``batch``).

https://docs.anthropic.com/en/api/messages
"""

from .messages import DIALECT

__all__ = ["DIALECT"]
