"""Gemini's thought signature on a call, through either wire Gemini serves.

A native part carries it beside ``functionCall`` as ``thoughtSignature``
(``thought_signature`` in google-genai's snake_case, base64 text on the wire); a call
of Gemini's OpenAI-compatible endpoint (``openai.chat``) carries it as
``extra_content.google.thought_signature``, and the request echoes it there
(https://ai.google.dev/gemini-api/docs/openai, https://ai.google.dev/gemini-api/docs/thought-signatures,
"OpenAI compatibility"; checked 2026-12-06). Gemini 3 answers 400 when a current-turn
call comes back without it. It is the same signature, made by Gemini: a call read from
the compatible endpoint goes to native Gemini with it (``gemini.call_parts.encode_call``;
``gemini``'s ``HistoryCodec.signed`` is ``signed``, either form). A native call written as
``openai.chat`` does not carry it (OpenAI refuses a field it does not know on a call,
and the target does not say which endpoint it is: ``openai.chat``'s ``signed`` is
``compat_signed``, so ``encode_conversation`` notes the drop), nor does any other target.
A dummy (``step_signature.DUMMIES``, what a writer sets on a call Gemini did not make) is
no signature of Gemini's: neither ``signed`` nor ``compat_signed``, its drop not noted.
google-genai's bytes are base64 text, a dummy's the dummy (``signature_text``).
"""

from __future__ import annotations

import base64
from typing import Any, Optional

from ..._types import ToolCall
from .step_signature import DUMMIES

__all__ = ["chat_signature", "compat_signed", "native_signature", "signature_text", "signed"]

GEMINI = "gemini"
CHAT = "openai.chat"
_DUMMY_BYTES = {base64.urlsafe_b64decode(d): d for d in DUMMIES}


def signature_text(sig: bytes) -> str:
    """google-genai's ``Part.thought_signature`` bytes as base64 text: the standard
    alphabet the API's responses use (proto3 JSON bytes, which a request may spell in
    either alphabet: https://protobuf.dev/programming-guides/json/), so a reply read from
    the SDK's objects goes back as read from its JSON; but a dummy's bytes (what the SDK's
    base64 reading of ``"skip_thought_signature_validator"`` gives) as the dummy, the
    only spelling Gemini knows (google-genai writes bytes URL-safe, which gives it;
    standard base64 gives ``"skip/thought/..."``, refused: pydantic-ai#3881)."""
    dummy = _DUMMY_BYTES.get(sig)
    return dummy if dummy is not None else base64.b64encode(sig).decode("ascii")


def _text(sig: Any) -> Optional[str]:
    if type(sig) is bytes:  # google-genai's ``Part.thought_signature``
        return signature_text(sig)
    return sig if type(sig) is str and sig else None


def native_signature(call: ToolCall) -> Optional[str]:
    """The ``thoughtSignature`` of *call*'s Gemini part (``None`` for none)."""
    pd = call.provider_data.get(GEMINI)
    if not pd:
        return None
    part = pd.get("part")
    if type(part) is dict:
        sig = part.get("thoughtSignature")
        if sig is None:
            sig = part.get("thought_signature")
        if sig is not None:
            return _text(sig)
    return _text(pd.get("thought_signature"))  # where 0.1's stream kept it (``call_parts.encode_call``)


def chat_signature(call: ToolCall) -> Optional[str]:
    """The ``extra_content.google.thought_signature`` *call* came with from Gemini's
    OpenAI-compatible endpoint (``None`` for none)."""
    pd = call.provider_data.get(CHAT)
    extra = pd.get("extra") if pd else None
    content = extra.get("extra_content") if type(extra) is dict else None
    google = content.get("google") if type(content) is dict else None
    return _text(google.get("thought_signature")) if type(google) is dict else None


def compat_signed(call: ToolCall) -> bool:
    """Whether *call* came with Gemini's signature (no dummy) from its OpenAI-compatible
    endpoint (what ``openai.chat`` writes back: its own ``extra_content``)."""
    return bool(call.provider_data) and _made(chat_signature(call))


def signed(call: ToolCall) -> bool:
    """Whether *call* carries Gemini's signature (no dummy) on either wire."""
    pd = call.provider_data
    return bool(pd) and (_made(native_signature(call)) or _made(chat_signature(call)))


def _made(sig: Optional[str]) -> bool:
    """Whether *sig* is a signature Gemini made (a dummy is not)."""
    return sig is not None and sig not in DUMMIES
