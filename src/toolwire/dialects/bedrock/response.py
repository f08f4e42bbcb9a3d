"""Bedrock Converse whole responses: a ``Converse`` reply read (text, reasoning,
``stopReason``, usage), its stop reasons, and the assistant turn and reply that hold
``toolUse`` blocks.

Follows https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
(checked 2026-11-30): ``output.message.content[]`` (``text``, ``reasoningContent``,
``toolUse``), ``stopReason``, ``usage.{inputTokens, outputTokens, totalTokens}``. With
document citations enabled a cited span comes as a ``citationsContent`` block instead of
a ``text`` block (``CitationsContentBlock{content: [{text}], citations}``, "generated text
and associated citation information":
https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CitationsContentBlock.html,
checked 2026-12-05): its text is the reply's, in block order; the citations stay in ``raw``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..._dialect import ResponseFields, ResponseReader
from ..._errors import EncodeError
from ..._finish_reasons import ERROR_TYPES
from ..._usage import counts, make_usage, plus
from .._common import any_block, as_int, join_text
from .._reply_fields import member_at, object_at, objects_at
from .tools import NAME

__all__ = ["FINISH", "RESPONSE", "encode_message", "reply"]

Items = List[Dict[str, Any]]


def read(d: Dict[str, Any]) -> ResponseFields:
    msg = member_at(object_at(d.get("output"), "$.output"), "message", "$.output.message")
    text: List[str] = []
    reasoning: List[str] = []
    for block in objects_at(msg.get("content"), "$.output.message.content"):  # none skipped: each an object
        if isinstance(block.get("text"), str):
            text.append(block["text"])
        cited = block.get("citationsContent")
        if isinstance(cited, dict) and isinstance(cited.get("content"), list):
            text.extend(g["text"] for g in cited["content"] if isinstance(g, dict) and isinstance(g.get("text"), str))
        rc = block.get("reasoningContent")
        if isinstance(rc, dict):
            rt = rc.get("reasoningText")
            if isinstance(rt, dict) and isinstance(rt.get("text"), str):  # as a non-string text: skipped
                reasoning.append(rt["text"])
    u = counts(d, "usage", "$")
    # inputTokens is the uncached part; cache reads and writes are reported apart and
    # totalTokens holds them (https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html)
    prompt = plus(as_int(u.get("inputTokens")), as_int(u.get("cacheReadInputTokens")),
                  as_int(u.get("cacheWriteInputTokens")))
    usage = make_usage(prompt, as_int(u.get("outputTokens")), None, as_int(u.get("totalTokens")))
    return join_text(text), "\n".join(reasoning), None, d.get("stopReason"), usage, None


def _detect(d: Dict[str, Any]) -> bool:
    return isinstance(d.get("output"), dict) and "message" in d["output"]


def _may_hold_calls(d: Dict[str, Any]) -> bool:
    return any_block(((d.get("output") or {}).get("message") or {}).get("content"), lambda b: "toolUse" in b)


# module-level functions, no lambdas: a dialect derived from this one pickles by value
RESPONSE = ResponseReader(_detect, read, _may_hold_calls, frozenset({"output"}))

#: ``stopReason`` -> the normalised vocabulary (``malformed_model_output`` is an error)
FINISH: Dict[str, str] = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "tool_use": "tool_calls",
    "max_tokens": "length",
    "guardrail_intervened": "content_filter",
    "content_filtered": "content_filter",
    "malformed_model_output": "error",
    "malformed_tool_use": "error",
    "model_context_window_exceeded": "context_window",
    **ERROR_TYPES,  # Anthropic's error types, relayed as a finish word: failed (``_finish_reasons``)
}


def encode_message(items: Items, content: Optional[str]) -> Dict[str, Any]:
    """The assistant turn of a request history: a text block (when there is text that is
    not whitespace only: Converse refuses a blank text block, NousResearch/hermes-agent#41985),
    then the call blocks. With neither, an ``EncodeError``: Converse answers "The content
    field in the Message object at messages.X is empty" (langchain-ai/langchainjs#11117)."""
    message = _turn(items, content)
    if not message["content"]:
        raise EncodeError(f"A {NAME} assistant message needs a content block: with no calls and no text (or only "
                          "whitespace, which Converse refuses) it would be written with 'content': [], which "
                          "Converse refuses (the content field in the Message object is empty)", dialect=NAME)
    return message


def _turn(items: Items, content: Optional[str]) -> Dict[str, Any]:
    blocks: Items = [{"text": content}] if content and not content.isspace() else []
    return {"role": "assistant", "content": [*blocks, *items]}


def reply(items: Items, content: Optional[str] = None, finish: Optional[str] = None) -> Dict[str, Any]:
    """A whole ``Converse`` reply holding *items* (no block at all when there is
    neither, as a reply may come)."""
    return {"output": {"message": _turn(items, content)}, "stopReason": finish or "tool_use",
            "usage": {"inputTokens": 40, "outputTokens": 12, "totalTokens": 52},
            "metrics": {"latencyMs": 420}}
