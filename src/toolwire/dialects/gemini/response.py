"""Gemini whole responses: a ``GenerateContentResponse`` read (text, thoughts, a
blocked prompt, ``finishReason``, usage), its finish reasons, and the ``model`` turn
and reply that hold ``functionCall`` parts.

Follows https://ai.google.dev/api/generate-content#generatecontentresponse,
https://ai.google.dev/api/generate-content#FinishReason and
https://ai.google.dev/api/generate-content#BlockedReason (checked 2026-11-30; Vertex AI's
``JAILBREAK`` and ``MODEL_ARMOR`` from google-genai 3.6.1 ``BlockedReason``, and
``CONTINUATION``, ``ESCALATION``, ``PUP_LIMITED_DISABLED`` from its ``FinishReason``):
the first candidate's (the lowest ``index``: ``sniff.numbers``) ``content.parts[]`` with ``thought: true`` for thoughts,
``finishReason``, ``promptFeedback.blockReason``, ``usageMetadata.thoughtsTokenCount``
(camelCase, or snake_case from the google-genai SDK).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..._dialect import ResponseFields, ResponseReader, finish_word
from ..._errors import EncodeError
from ..._finish_reasons import ERROR_TYPES
from ..._usage import counts, make_usage, plus
from .._common import any_block, as_int, first_set, join_text
from .._reply_fields import object_at, objects_at
from .candidates import first
from .finish_numbers import reason_word
from .step_signature import empty, first_unsigned, plain, stamped
from .tools import NAME

__all__ = ["BLOCKED", "FINISH", "RESPONSE", "encode_message", "reply"]

Items = List[Dict[str, Any]]


def read(d: Dict[str, Any]) -> ResponseFields:
    cands = objects_at(d.get("candidates"), "$.candidates")  # none skipped: each an object
    cand = first(cands)  # the lowest ``index`` (``sniff.numbers``)
    at = f"$.candidates[{[c is cand for c in cands].index(True)}]" if cand is not None else "$.candidates[0]"
    if cand is None:
        cand = {}
    text: List[str] = []
    reasoning: List[str] = []
    content = object_at(first_set(cand, "content"), at + ".content")  # at its path, as ``decode_all`` says it
    for part in objects_at(content.get("parts"), at + ".content.parts"):
        if isinstance(part.get("text"), str):
            (reasoning if part.get("thought") else text).append(part["text"])
    raw = first_set(cand, "finishReason", "finish_reason")
    if type(raw) is not str and raw is not None:  # google-genai's enum (``model_dump()``), a proto number
        raw = reason_word(raw)
    feedback = first_set(d, "promptFeedback", "prompt_feedback") or {}
    block = first_set(feedback, "blockReason", "block_reason")
    if type(block) is not str and block is not None:
        block = finish_word(block) or str(block)
    refusal = None
    if not cands and block:
        raw, refusal = block, f"prompt blocked: {block}"  # normalised by ``BLOCKED`` (in ``FINISH``)
    u = counts(d, "usageMetadata" if d.get("usageMetadata") is not None else "usage_metadata", "$")
    thoughts = as_int(first_set(u, "thoughtsTokenCount", "thoughts_token_count"))
    usage = make_usage(  # totalTokenCount = prompt + toolUsePrompt + candidates + thoughts (UsageMetadata)
        plus(as_int(first_set(u, "promptTokenCount", "prompt_token_count")),
             as_int(first_set(u, "toolUsePromptTokenCount", "tool_use_prompt_token_count"))),
        plus(as_int(first_set(u, "candidatesTokenCount", "candidates_token_count")), thoughts),
        thoughts,
        as_int(first_set(u, "totalTokenCount", "total_token_count")),
    )
    return join_text(text), join_text(reasoning), refusal, raw, usage, d.get("parsed")


def _calls(d: Dict[str, Any]) -> bool:
    return any(
        any_block(
            (c.get("content") or {}).get("parts"),
            lambda p: "functionCall" in p or "function_call" in p or "executableCode" in p or "executable_code" in p,
        )
        for c in d.get("candidates") or ()
        if isinstance(c, dict)
    )


def _detect(d: Dict[str, Any]) -> bool:
    return "candidates" in d or "promptFeedback" in d or "prompt_feedback" in d


def _unfinished(d: Dict[str, Any], raw: Optional[str]) -> bool:
    return raw == "CONTINUATION"  # "generation is not yet complete" (cut off and going on)


# module-level functions, no lambdas: a dialect derived from this one pickles by value
RESPONSE = ResponseReader(
    _detect,
    read,
    _calls,
    frozenset({"candidates", "promptFeedback", "prompt_feedback"}),
    _unfinished,
)

#: ``promptFeedback.blockReason`` (google-genai ``BlockedReason``: every value; ``JAILBREAK``
#: and ``MODEL_ARMOR`` are Vertex AI's) -> the normalised vocabulary: the raw finish reason
#: of a reply whose prompt was blocked, read with ``FINISH`` (the words they share mean the same)
BLOCKED: Dict[str, str] = {
    "SAFETY": "content_filter",
    "BLOCKLIST": "content_filter",
    "PROHIBITED_CONTENT": "content_filter",
    "IMAGE_SAFETY": "content_filter",
    "MODEL_ARMOR": "content_filter",
    "JAILBREAK": "content_filter",
    "OTHER": "other",
    "BLOCKED_REASON_UNSPECIFIED": "other",
}

#: ``finishReason`` -> the normalised vocabulary (a function call comes with ``STOP``), and
#: the prompt block reasons (``BLOCKED``). Every value of google-genai 3.6.1 ``FinishReason``,
#: as its docstrings say: ``CONTINUATION`` "stopped because the response reached the
#: per-request token limit, but generation is not yet complete" (cut off: ``length``, and
#: unfinished: the Dialect's ``unfinished_reasons``);
#: ``ESCALATION`` "filtered by an escalation rule" and ``PUP_LIMITED_DISABLED`` "stopped
#: because the user account is limited or disabled due to Prohibited Use Policy (PUP)
#: violations" (stopped by a policy: ``content_filter``, never retried)
FINISH: Dict[str, str] = {
    **BLOCKED,
    "STOP": "stop",
    "MAX_TOKENS": "length",
    "CONTINUATION": "length",
    "ESCALATION": "content_filter",
    "PUP_LIMITED_DISABLED": "content_filter",
    "SAFETY": "content_filter",
    "RECITATION": "content_filter",
    "BLOCKLIST": "content_filter",
    "PROHIBITED_CONTENT": "content_filter",
    "SPII": "content_filter",
    "IMAGE_SAFETY": "content_filter",
    "IMAGE_PROHIBITED_CONTENT": "content_filter",
    "IMAGE_RECITATION": "content_filter",
    "MODEL_ARMOR": "content_filter",
    "MALFORMED_FUNCTION_CALL": "error",
    "UNEXPECTED_TOOL_CALL": "error",
    "TOO_MANY_TOOL_CALLS": "error",
    "MISSING_THOUGHT_SIGNATURE": "error",
    "MALFORMED_RESPONSE": "error",
    "LANGUAGE": "other",
    "OTHER": "other",
    "FINISH_REASON_UNSPECIFIED": "other",
    "IMAGE_OTHER": "other",
    "NO_IMAGE": "other",  # "expected to generate an image, but didn't"
    **ERROR_TYPES,  # Anthropic's error types, relayed as a finish word: failed (``_finish_reasons``)
}


def encode_message(items: Items, content: Optional[str]) -> Dict[str, Any]:
    """The ``model`` turn of a request history: a text part (when there is text), then
    the call parts, the first with the dummy thought signature when it has none of its
    own (whatever later parts carry: Gemini 3 checks the first call of a step) and is
    written as a call without Gemini's provider data (``step_signature.plain``: nothing
    tells Gemini's unsigned 2.x calls decoded from plain parts from others), or carries an
    empty one (``step_signature.empty``). With
    neither, an ``EncodeError``: Gemini answers ``contents.parts must not be empty``
    (400 INVALID_ARGUMENT; vercel/ai#3775, livekit/agents#1397)."""
    if not items and not content:
        raise EncodeError(f"A {NAME} model turn needs a part: with no calls and no text it would be written "
                          "with 'parts': [], which Gemini refuses (contents.parts must not be empty)", dialect=NAME)
    at = first_unsigned(items)
    if at is not None and (plain(items[at]) or empty(items[at])):
        items = [*items[:at], stamped(items[at]), *items[at + 1:]]
    return _turn(items, content)


def _turn(items: Items, content: Optional[str]) -> Dict[str, Any]:
    parts: Items = [{"text": content}] if content else []
    return {"role": "model", "parts": [*parts, *items]}


def reply(items: Items, content: Optional[str] = None, finish: Optional[str] = None) -> Dict[str, Any]:
    """A whole ``GenerateContentResponse`` with one candidate holding *items* (no part
    at all when there is neither, as a reply may come)."""
    return {"candidates": [{"content": _turn(items, content), "finishReason": finish or "STOP",
                            "index": 0}],
            "usageMetadata": {"promptTokenCount": 40, "candidatesTokenCount": 12},
            "modelVersion": "gemini-2.5-flash"}
