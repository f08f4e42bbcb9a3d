"""Mistral whole responses: Chat-shaped (``toolwire.response`` reads them as
``openai.chat``), so this module holds only what Mistral writes differently: a
tool-only assistant message without ``content``, and the reply around it.

Follows https://docs.mistral.ai/api/#tag/chat (checked 2026-11-30).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..openai.response import chat_message, chat_reply

__all__ = ["encode_message", "reply"]


def encode_message(items: List[Dict[str, Any]], content: Optional[str]) -> Dict[str, Any]:
    """A tool-only Mistral assistant message has no ``content`` key."""
    return chat_message(items, content, "absent")


#: a ``chat.completion`` from ``mistral-large-latest`` holding the calls
reply = chat_reply(encode_message, "mistral-large-latest")
