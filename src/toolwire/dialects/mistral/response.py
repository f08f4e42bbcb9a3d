"""Mistral whole responses: Chat-shaped, so they are read with Chat's reader
(``RESPONSE``: ``normalize(..., provider="mistral")``; unnamed, a reply ``mistral``'s
``detect`` claims, a Mistral model's, is ``mistral``'s and any other Chat reply
``openai.chat``'s, the reader shared), and this module holds only what Mistral writes
differently: a tool-only assistant message without ``content``, and the reply around it.

Follows https://docs.mistral.ai/api/#tag/chat (checked 2026-11-30).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..openai.chat_response import CHAT_RESPONSE, chat_message, chat_reply

__all__ = ["RESPONSE", "encode_message", "reply"]

#: Chat's response reader (the same object: detection asks it for ``openai.chat``)
RESPONSE = CHAT_RESPONSE


def encode_message(items: List[Dict[str, Any]], content: Optional[str]) -> Dict[str, Any]:
    """A tool-only Mistral assistant message has no ``content`` key."""
    return chat_message(items, content, "absent")


#: a ``chat.completion`` from ``mistral-large-latest`` holding the calls
reply = chat_reply(encode_message, "mistral-large-latest")
