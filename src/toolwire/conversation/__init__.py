"""Conversations: whole histories decoded into canonical messages and encoded for any
dialect (``decode_conversation`` / ``encode_conversation``), call/result pairing
checked and fixed (``check_conversation`` / ``fix_conversation``), calls checked
against their tools (``validate_call``).
"""

from __future__ import annotations

from ._api import decode_conversation, encode_conversation
from ._problems import Problem
from ._values import Conversation, Media, Message, Other, Reasoning, Text

__all__ = [
    "Conversation",
    "Media",
    "Message",
    "Other",
    "Problem",
    "Reasoning",
    "Text",
    "decode_conversation",
    "encode_conversation",
]
