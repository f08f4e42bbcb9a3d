"""OpenAI Chat histories (``{"messages": [...]}``), and the Chat-shaped ones of
Mistral, Cohere v2 and Ollama (``chat_like``): the history codec, read by
``chat_history_decode`` and written by ``chat_history_encode``.

Follows https://platform.openai.com/docs/api-reference/chat/create (checked
2026-12-02): a request body's ``messages``, or a bare list of ``role`` messages, is an
``openai.chat`` history (one whose messages carry Cohere's ``tool_plan`` is Cohere's);
tool messages go right after the call's message: "messages with role 'tool' must be a
response to a preceding message with 'tool_calls'", and "An assistant message with
'tool_calls' must be followed by tool messages responding to each 'tool_call_id'"
(``Pairing``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional, Tuple

from ..._dialect import HistoryCodec, Pairing
from .chat_history_decode import decoder, read_images
from .chat_history_encode import encoder
from .media import OPENAI_DETAILS

__all__ = ["HISTORY", "chat_like", "read_images"]


RIGHT_AFTER = Pairing(right_after=True)  # tool messages right after the call's message


def chat_like(
    name: str,
    *,
    plan: Optional[str] = None,
    images: bool = False,
    bridge: Optional[str] = None,
    thinking: bool = False,
    pairing: Pairing = RIGHT_AFTER,
    details: Tuple[str, ...] = (),
) -> HistoryCodec:
    """The history codec of the Chat-shaped dialect *name*: *plan* names its text
    beside calls (Cohere ``tool_plan``), *images* whether messages carry an
    ``images`` list of base64 (Ollama), *bridge* the assistant text written between a
    tool message and a user message written fresh (Mistral answers "Unexpected role
    'user' after role 'tool'"; its clients write a short assistant turn there),
    *thinking* whether ``{"type": "thinking"}`` content blocks are its own reasoning
    (Mistral's ``ThinkChunk``, Cohere's thinking content), *pairing* where its tool
    messages go (right after the call's message), *details* the image ``detail`` values
    its ``image_url`` parts take (``openai.media``)."""
    if bridge is not None and not pairing.after_tool:  # what the history written back as it came meets
        pairing = replace(pairing, after_tool="Unexpected role '{role}' after role 'tool'")

    def detect(data: Any) -> bool:
        return name == "openai.chat" and (
            (type(data) is dict and type(data.get("messages")) is list)
            or (type(data) is list and all(type(m) is dict and "role" in m and "type" not in m for m in data))
        ) or (plan is not None and _has_key(data, plan))

    decode = decoder(name, plan=plan, images=images, thinking=thinking)
    encode = encoder(name, images=images, bridge=bridge, details=details)
    return HistoryCodec(decode, encode, detect, frozenset({"messages"}), pairing=pairing)


def _has_key(data: Any, key: str) -> bool:
    msgs = data.get("messages") if type(data) is dict else data
    return type(msgs) is list and any(type(m) is dict and key in m for m in msgs)


HISTORY = chat_like("openai.chat", details=OPENAI_DETAILS, pairing=Pairing(
    right_after=True,
    missing="An assistant message with 'tool_calls' must be followed by tool messages responding to each "
    "'tool_call_id'",
    orphan="messages with role 'tool' must be a response to a preceding message with 'tool_calls'",
))
