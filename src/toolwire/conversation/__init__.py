"""Conversations: whole histories decoded into canonical messages and encoded for any
dialect (``decode_conversation`` / ``encode_conversation``), call/result pairing
checked and fixed (``check_conversation`` / ``fix_conversation``), calls checked
against their tools (``validate_call``); a dialect's ``history`` field is a
``HistoryCodec`` with its ``Pairing`` and ``Refusals`` rules. See ``docs/conversations.md``.
"""

from __future__ import annotations

from .._dialect import HistoryCodec, Pairing
from .._history_codec import Refusals
from ._check import check_conversation
from ._decode import decode_conversation
from ._encode import encode_conversation
from ._fix import fix_conversation
from ._problems import Problem
from ._validate_call import validate_call
from ._values import Conversation, Media, Message, Other, Reasoning, Text

__all__ = [
    "Conversation",
    "HistoryCodec",
    "Media",
    "Message",
    "Other",
    "Pairing",
    "Problem",
    "Reasoning",
    "Refusals",
    "Text",
    "check_conversation",
    "decode_conversation",
    "encode_conversation",
    "fix_conversation",
    "validate_call",
]
