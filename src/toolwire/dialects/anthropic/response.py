"""Anthropic Messages whole responses: a ``message`` read (text, thinking, refusal,
``stop_reason``, usage), its stop reasons, and the assistant turn and reply that hold
``tool_use`` blocks.

Follows https://docs.anthropic.com/en/api/messages (checked 2026-11-30): ``content[]``
blocks ``text``, ``thinking``, ``tool_use``; ``stop_reason`` (``StopReason``);
``usage.{input_tokens, output_tokens}``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..._dialect import ResponseFields, ResponseReader
from ..._errors import EncodeError
from ..._finish_reasons import RELAYED_BARS
from ..._usage import counts, make_usage, plus
from .._common import any_block, as_int, join_text
from .._reply_fields import objects_at, text_at
from .tools import NAME

__all__ = ["FINISH", "RESPONSE", "encode_message", "reply"]

Items = List[Dict[str, Any]]


def read(d: Dict[str, Any]) -> ResponseFields:
    text: List[str] = []
    reasoning: List[str] = []
    for i, block in enumerate(objects_at(d.get("content"), "$.content")):  # none skipped: each an object
        if block.get("type") == "text":
            text.append(text_at(block.get("text"), f"$.content[{i}].text"))
        elif block.get("type") == "thinking":
            reasoning.append(text_at(block.get("thinking"), f"$.content[{i}].thinking"))
    raw = d.get("stop_reason")
    refusal = (join_text(text) or "refused") if raw == "refusal" else None
    u = counts(d, "usage", "$")
    # input_tokens is the uncached part: the cache's writes and reads are reported apart
    # (https://docs.claude.com/en/docs/build-with-claude/prompt-caching)
    prompt = plus(as_int(u.get("input_tokens")), as_int(u.get("cache_creation_input_tokens")),
                  as_int(u.get("cache_read_input_tokens")))
    output = as_int(u.get("output_tokens"))
    usage = make_usage(prompt, output, None, plus(prompt, output))
    return join_text(text), "\n".join(reasoning), refusal, raw, usage, None


def _detect(d: Dict[str, Any]) -> bool:
    return d.get("type") == "message" and isinstance(d.get("content"), list)


def _may_hold_calls(d: Dict[str, Any]) -> bool:
    return any_block(d.get("content"), lambda b: b.get("type") not in ("text", "thinking"))


def _unfinished(d: Dict[str, Any], raw: Optional[str]) -> bool:
    # a ``Message`` whose ``stop_reason`` is ``null``: a snapshot of a reply still streaming
    return raw is None and "stop_reason" in d


# module-level functions, no lambdas: a dialect derived from this one pickles by value
RESPONSE = ResponseReader(_detect, read, _may_hold_calls, frozenset({"content"}), _unfinished)

#: ``stop_reason`` -> the normalised vocabulary (``pause_turn`` is a pause, not ``length``; so is
#: the beta ``compaction``, ``BetaStopReason``: a ``compact_20260112`` edit with
#: ``pause_after_compaction`` returns the compaction block, and the turn goes on when sent back)
FINISH: Dict[str, str] = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "max_tokens": "length",
    "tool_use": "tool_calls",
    "pause_turn": "pause",
    "compaction": "pause",
    "refusal": "refusal",
    "model_context_window_exceeded": "context_window",
    # Anthropic's error types (failed), and the Chat words for a failed, filtered or refused
    # reply an OpenAI-to-Anthropic converter passes through (``_finish_reasons.RELAYED_BARS``)
    **RELAYED_BARS,
}


def encode_message(items: Items, content: Optional[str]) -> Dict[str, Any]:
    """The assistant turn of a request history: a text block (when there is text that is
    not whitespace only: "text content blocks must contain non-whitespace text",
    anthropics/claude-code#23440), then the call blocks. With neither, an ``EncodeError``:
    "all messages must have non-empty content except for the optional final assistant
    message", and an empty final one prefills nothing."""
    blocks = _blocks(items, content)
    if not blocks:
        raise EncodeError(f"An {NAME} assistant message needs a content block: with no calls and no text (or only "
                          "whitespace, which the API refuses) it would be written with 'content': [], which the "
                          "API takes only as the final message, where it prefills nothing", dialect=NAME)
    return {"role": "assistant", "content": blocks}


def _blocks(items: Items, content: Optional[str]) -> Items:
    text: Items = [{"type": "text", "text": content}] if content and not content.isspace() else []
    return [*text, *items]


def reply(items: Items, content: Optional[str] = None, finish: Optional[str] = None) -> Dict[str, Any]:
    """A whole ``message`` response holding *items* (no block at all when there is
    neither, as a reply may come)."""
    return {"id": "msg_0", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "content": _blocks(items, content), "stop_reason": finish or "tool_use",
            "stop_sequence": None, "usage": {"input_tokens": 412, "output_tokens": 61}}
