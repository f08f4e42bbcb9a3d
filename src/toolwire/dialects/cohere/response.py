"""Cohere v2 whole responses: a chat reply read (text, reasoning: ``thinking`` items
and ``tool_plan``, ``finish_reason``, usage), its finish reasons, and the assistant
message and reply that hold ``tool_calls``.

Follows https://docs.cohere.com/reference/chat (checked 2026-11-30):
``message.content[]`` (``text`` and, from reasoning models, ``thinking`` items),
``message.tool_plan``, ``finish_reason`` (upper case), ``usage.tokens.{input_tokens,
output_tokens}`` (``float`` in the cohere SDK's types: whole numbers are read as counts).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..._dialect import ResponseFields, ResponseReader
from ..._finish_reasons import ERROR_TYPES
from ..._usage import counts, make_usage, plus
from .._common import as_int, join_text
from .._reply_fields import member_at, objects_at
from ..openai.chat_response import chat_message

__all__ = ["FINISH", "NOT_FINISHED", "RESPONSE", "encode_message", "reply"]

Items = List[Dict[str, Any]]
#: the ``finish_reason`` words of a reply that did not finish: the user cancelled it
#: (``USER_CANCEL``) or it timed out (``TIMEOUT``, v2 ``ChatFinishReason``)
NOT_FINISHED = frozenset({"USER_CANCEL", "TIMEOUT"})


def read(d: Dict[str, Any]) -> ResponseFields:
    msg = member_at(d, "message", "$.message")
    text: List[str] = []
    reasoning: List[str] = []
    content = msg.get("content")
    if type(content) is str:  # (a message's content as text, as a request's may be)
        text.append(content)
        content = None
    for part in objects_at(content, "$.message.content"):  # none skipped: each an object
        kind = part.get("type")
        if kind == "text":
            text.append(part.get("text") or "")
        elif kind == "thinking" and isinstance(part.get("thinking"), str):
            reasoning.append(part["thinking"])
    plan = msg.get("tool_plan")
    if isinstance(plan, str) and plan:
        reasoning.append(plan)
    tokens = counts(counts(d, "usage", "$"), "tokens", "$.usage")
    prompt, output = as_int(tokens.get("input_tokens")), as_int(tokens.get("output_tokens"))
    usage = make_usage(prompt, output, None, plus(prompt, output))
    return join_text(text), "\n".join(reasoning), None, d.get("finish_reason"), usage, None


def _detect(d: Dict[str, Any]) -> bool:
    # (a reply whose 'message' is no object too, by a finish reason of Cohere's own: ``read`` says so at it)
    return (
        isinstance(d.get("message"), dict) and isinstance(d.get("finish_reason"), str) and d["finish_reason"].isupper()
    ) or (d.get("message") is not None and "messages" not in d and type(d.get("finish_reason")) is str
          and d["finish_reason"] in FINISH)


def _may_hold_calls(d: Dict[str, Any]) -> bool:
    return isinstance(d.get("message"), dict) and bool(d["message"].get("tool_calls"))


def _unfinished(d: Dict[str, Any], raw: Optional[str]) -> bool:
    return raw in NOT_FINISHED


# module-level functions, no lambdas: a dialect derived from this one pickles by value
RESPONSE = ResponseReader(_detect, read, _may_hold_calls, frozenset({"finish_reason"}), _unfinished)

#: ``finish_reason`` -> the normalised vocabulary: every value of the cohere SDK's
#: ``FinishReason`` and v2 ``ChatFinishReason``
FINISH: Dict[str, str] = {
    "COMPLETE": "stop",
    "STOP_SEQUENCE": "stop",
    "MAX_TOKENS": "length",
    "TOOL_CALL": "tool_calls",
    "ERROR": "error",
    "ERROR_TOXIC": "content_filter",
    "ERROR_LIMIT": "context_window",
    "USER_CANCEL": "other",
    "TIMEOUT": "other",
    **ERROR_TYPES,  # Anthropic's error types, relayed as a finish word: failed (``_finish_reasons``)
}


def encode_message(items: Items, content: Optional[str]) -> Dict[str, Any]:
    """An assistant message of a request (``AssistantMessage``: ``content`` text or
    blocks). Text next to Cohere tool calls is the ``tool_plan``; no ``content`` key."""
    if not items:
        return chat_message(items, content, "absent")
    msg: Dict[str, Any] = {"role": "assistant", "tool_calls": items}
    if content:
        msg["tool_plan"] = content
    return msg


def reply(items: Items, content: Optional[str] = None, finish: Optional[str] = None) -> Dict[str, Any]:
    """A whole chat reply holding *items*. A reply's message is an
    ``AssistantMessageResponse``: its ``content`` is a list of blocks
    (``[{"type": "text", "text"}]``), never a string; with calls, text is the ``tool_plan``."""
    if items:
        message = encode_message(items, content)
    else:
        message = {"role": "assistant", "content": [{"type": "text", "text": content}] if content else []}
    return {"id": "5d4e9c2a-0", "finish_reason": finish or "TOOL_CALL", "message": message,
            "usage": {"billed_units": {"input_tokens": 30, "output_tokens": 18}}}
