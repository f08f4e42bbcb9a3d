"""OpenAI whole responses: Chat ``ChatCompletion`` and Responses ``Response`` objects
read (text, reasoning, refusal, finish reason, usage), their finish reasons, and the
assistant messages and replies that hold call items.

Follows (checked 2026-11-30):

- Chat: https://platform.openai.com/docs/api-reference/chat/object —
  ``choices[0].message.{content, refusal, reasoning_content, reasoning}``,
  ``finish_reason``, ``usage.completion_tokens_details.reasoning_tokens`` (compatible
  servers that count the reasoning apart: ``chat_usage``);
  ``reasoning`` is vLLM's name since Oct 2025
  (https://docs.vllm.ai/en/latest/features/reasoning_outputs.html),
  ``reasoning_content`` DeepSeek's (https://api-docs.deepseek.com/guides/reasoning_model);
  Mistral's ``model_length`` / ``error`` (https://docs.mistral.ai/api/) and DeepSeek's
  ``insufficient_system_resource``
  (https://api-docs.deepseek.com/api/create-chat-completion) finish reasons.
- Responses: https://platform.openai.com/docs/api-reference/responses/object —
  ``output[]`` items ``message`` (``output_text`` / ``refusal`` parts) and
  ``reasoning`` (``summary`` / ``content``), ``status``, ``incomplete_details.reason``
  (openai-python's ``IncompleteDetails``: ``max_output_tokens``, ``content_filter``,
  ``max_messages``, ``steered``).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional

from ..._dialect import ResponseFields, ResponseReader
from ..._usage import Usage, make_usage
from .._common import any_block, as_int, first_set, join_text

__all__ = [
    "CHAT_FINISH", "CHAT_RESPONSE", "RESPONSES_FINISH", "RESPONSES_RESPONSE", "chat_message", "chat_reply",
    "chat_usage", "encode_message", "response_object", "responses_finish", "responses_history", "responses_reply",
]

Items = List[Dict[str, Any]]

# -- Chat --------------------------------------------------------------------------------


def read_chat(d: Dict[str, Any]) -> ResponseFields:
    choices = d.get("choices") or []
    choice = choices[0] if choices and isinstance(choices[0], dict) else {}
    msg = first_set(choice, "message", "delta") or {}
    content = msg.get("content")
    text: List[str] = []
    reasoning: List[str] = []
    if isinstance(content, str):
        text.append(content)
    elif isinstance(content, list):  # content parts (Mistral thinking chunks, ...)
        for part in content:
            if not isinstance(part, dict):
                continue
            kind = part.get("type")
            if kind in ("text", "output_text"):
                text.append(part.get("text") or "")
            elif kind == "thinking":
                inner = part.get("thinking")
                if isinstance(inner, list):
                    reasoning.extend(p.get("text") or "" for p in inner if isinstance(p, dict))
                elif isinstance(inner, str):
                    reasoning.append(inner)
    r = first_set(msg, "reasoning_content", "reasoning")
    if isinstance(r, str):
        reasoning.insert(0, r)
    elif isinstance(r, dict) and isinstance(r.get("content"), str):
        reasoning.insert(0, r["content"])
    u = d.get("usage") or {}
    details = u.get("completion_tokens_details") or {}
    usage = chat_usage(
        as_int(u.get("prompt_tokens")),
        as_int(u.get("completion_tokens")),
        as_int(details.get("reasoning_tokens")),
        as_int(u.get("total_tokens")),
    )
    refusal = msg.get("refusal") if isinstance(msg.get("refusal"), str) and msg["refusal"] else None
    return join_text(text), join_text(reasoning), refusal, choice.get("finish_reason"), usage, msg.get("parsed")


def chat_usage(prompt: Optional[int], completion: Optional[int], reasoning: Optional[int],
               total: Optional[int]) -> Usage:
    """Chat ``usage`` with ``output_tokens`` every generated token, read from the numbers.

    OpenAI's ``completion_tokens`` holds the reasoning and ``total_tokens`` is prompt +
    completion. Some compatible servers leave the reasoning out of ``completion_tokens``
    and count it in ``total_tokens`` only: xAI's Grok ("the reasoning token count is
    outputted in the reasoning_tokens field, separated from the completion_tokens",
    https://docs.cloud.google.com/vertex-ai/generative-ai/docs/partner-models/grok/capabilities/reasoning),
    told by prompt + completion + reasoning == total != prompt + completion: the output
    is completion + reasoning. Gemini's OpenAI-compatible endpoint sends no reasoning
    count and leaves its thoughts (billed as output) out of ``completion_tokens``, so
    total > prompt + completion: the difference is counted as output (total - prompt)
    and ``reasoning_tokens`` stays unknown (the numbers do not say how much of it is
    thought). Numbers that fit no reading are kept as sent.
    """
    if prompt is not None and completion is not None and total is not None and total != prompt + completion:
        if reasoning is not None and prompt + completion + reasoning == total:
            completion += reasoning
        elif reasoning is None and total > prompt + completion:
            completion = total - prompt
    return make_usage(prompt, completion, reasoning, total)


def _chat_calls(d: Dict[str, Any]) -> bool:
    choices = d.get("choices") or []
    msg = (
        (choices[0].get("message") or choices[0].get("delta") or {}) if choices and isinstance(choices[0], dict) else {}
    )
    return bool(isinstance(msg, dict) and (msg.get("tool_calls") or msg.get("function_call")))


CHAT_RESPONSE = ResponseReader(
    lambda d: isinstance(d.get("choices"), list), read_chat, _chat_calls, frozenset({"choices"})
)

#: Chat ``finish_reason`` -> the normalised vocabulary (OpenAI-compatible servers too)
CHAT_FINISH: Dict[str, str] = {
    "stop": "stop",
    "length": "length",
    "tool_calls": "tool_calls",
    "function_call": "tool_calls",
    "content_filter": "content_filter",
    "insufficient_system_resource": "error",
    "model_length": "context_window",  # Mistral: the context window ran out, not the token budget
    "error": "error",
    "eos": "stop",
    "end_turn": "stop",
}


def chat_message(items: Items, content: Optional[str], empty: str) -> Dict[str, Any]:
    """An OpenAI-like assistant message holding *items*.

    *empty* says how a tool-only message writes its content: ``"null"``, ``""``
    (``"empty"``) or no key at all (``"absent"``). ``tool_calls`` is never ``[]``.
    """
    msg: Dict[str, Any] = {"role": "assistant"}
    if content is not None and content != "":
        msg["content"] = content
    elif not items or empty == "empty":
        msg["content"] = ""
    elif empty == "null":
        msg["content"] = None
    if items:
        msg["tool_calls"] = items
    return msg


def encode_message(items: Items, content: Optional[str]) -> Dict[str, Any]:
    """A tool-only Chat assistant message has ``"content": null``."""
    return chat_message(items, content, "null")


_USAGE = {"prompt_tokens": 84, "completion_tokens": 22, "total_tokens": 106}


def chat_reply(
    message: Callable[[Items, Optional[str]], Dict[str, Any]], model: str
) -> Callable[..., Dict[str, Any]]:
    """The ``response_envelope`` of a Chat-shaped dialect: a ``chat.completion`` around
    the assistant message *message* builds, from *model*."""

    def reply(items: Items, content: Optional[str] = None, finish: Optional[str] = None) -> Dict[str, Any]:
        return {"id": "chatcmpl-0", "object": "chat.completion", "created": 1764460800, "model": model,
                "choices": [{"index": 0, "finish_reason": finish or "tool_calls",
                             "message": message(items, content)}],
                "usage": dict(_USAGE)}

    return reply


# -- Responses ---------------------------------------------------------------------------


def read_responses(d: Dict[str, Any]) -> ResponseFields:
    text: List[str] = []
    reasoning: List[str] = []
    refusal: Optional[str] = None
    for item in d.get("output") or []:
        if not isinstance(item, dict):
            continue
        kind = item.get("type")
        if kind == "message":
            for part in item.get("content") or []:
                if isinstance(part, dict) and part.get("type") == "output_text":
                    text.append(part.get("text") or "")
                elif isinstance(part, dict) and part.get("type") == "refusal":
                    refusal = (refusal or "") + (part.get("refusal") or "")
        elif kind == "reasoning":
            for key in ("content", "summary"):
                for part in item.get(key) or []:
                    if isinstance(part, dict) and isinstance(part.get("text"), str):
                        reasoning.append(part["text"])
    status = d.get("status")
    details = d.get("incomplete_details") or {}
    raw = details.get("reason") if status == "incomplete" and details.get("reason") else status
    u = d.get("usage") or {}
    usage = make_usage(
        as_int(u.get("input_tokens")),
        as_int(u.get("output_tokens")),
        as_int((u.get("output_tokens_details") or {}).get("reasoning_tokens")),
        as_int(u.get("total_tokens")),
    )
    return join_text(text), "\n".join(reasoning), refusal, raw, usage, d.get("output_parsed")


def responses_finish(data: Dict[str, Any]) -> Optional[str]:
    """The finish reason a whole ``response`` gives its calls (``decode_all``, and a
    stream's last event): ``failed``; for ``incomplete`` the token limit
    (``max_output_tokens``) or else ``incomplete`` (``steered``, ``max_messages``,
    ``content_filter``: cut short all the same); ``None`` for a finished reply."""
    status = data.get("status")
    if status == "failed":
        return "failed"
    if status == "incomplete":
        details = data.get("incomplete_details")
        reason = details.get("reason") if type(details) is dict else None
        return "max_output_tokens" if reason == "max_output_tokens" else "incomplete"
    return None


_NOT_DONE = ("incomplete", "cancelled", "in_progress", "queued")

RESPONSES_RESPONSE = ResponseReader(
    lambda d: d.get("object") == "response" or (isinstance(d.get("output"), list) and "status" in d),
    read_responses,
    lambda d: any_block(d.get("output"), lambda i: i.get("type") not in ("message", "reasoning")),
    frozenset({"object", "output"}),
    # a status that says the reply did not finish; ``incomplete`` unless its reason has a
    # finish reason of its own (``length``, ``content_filter``): ``steered``, ``max_messages``...
    lambda d, raw: d.get("status") in _NOT_DONE and raw not in ("max_output_tokens", "content_filter"),
)

#: Responses ``status`` (or ``incomplete_details.reason``) -> the normalised vocabulary
RESPONSES_FINISH: Dict[str, str] = {
    "completed": "stop",
    "max_output_tokens": "length",
    "content_filter": "content_filter",
    "failed": "error",
    "cancelled": "other",
    "in_progress": "other",
    "queued": "other",
    "incomplete": "other",
}


def _output_text(content: str) -> Dict[str, Any]:
    return {"type": "message", "id": "msg_0", "role": "assistant", "status": "completed",
            "content": [{"type": "output_text", "text": content, "annotations": []}]}


def responses_history(items: Items, content: Optional[str] = None) -> Dict[str, Any]:
    """The Responses API has no assistant message holding calls: a request's input
    history does (the user turn, the model's text, its calls)."""
    history: Items = [{"role": "user", "content": "What is the weather?"}]
    if content:
        history.append({"type": "message", "role": "assistant", "id": "msg_0", "status": "completed",
                        "content": [{"type": "output_text", "text": content, "annotations": []}]})
    return {"model": "gpt-5", "input": [*history, *items]}


def responses_reply(items: Items, content: Optional[str] = None, finish: Optional[str] = None) -> Dict[str, Any]:
    """A whole ``response`` object holding *items* after a reasoning item (and *content*),
    with the fields openai's ``Response`` requires (``parallel_tool_calls``,
    ``tool_choice``, ``tools``)."""
    out: Items = [{"type": "reasoning", "id": "rs_0", "summary": []}]
    if content:
        out.append(_output_text(content))
    return response_object(finish or "completed", [*out, *items])


def response_object(status: str, output: Items) -> Dict[str, Any]:
    """A ``response`` object with *status* and *output*, and the other fields openai's
    ``Response`` requires (a reply's envelope, a stream's lifecycle events)."""
    return {"id": "resp_0", "object": "response", "created_at": 1764460800, "model": "gpt-5", "status": status,
            "output": list(output), "parallel_tool_calls": True, "tool_choice": "auto", "tools": []}
