"""Ollama ``/api/chat`` whole responses: a reply read (``message.{content,
thinking}``, ``done_reason``, token counts), its done reasons, and the assistant
message and reply that hold ``tool_calls``.

Follows https://github.com/ollama/ollama/blob/main/docs/api.md (checked 2026-11-30):
``message.{content, thinking, tool_calls}``, ``done``, ``done_reason``,
``prompt_eval_count`` / ``eval_count``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..._dialect import ResponseFields, ResponseReader
from ..._finish_reasons import ERROR_TYPES
from ..._usage import make_usage, plus
from .._common import as_int
from .._reply_fields import member_at
from ..openai.chat_response import chat_message

__all__ = ["FINISH", "RESPONSE", "encode_message", "reply"]

Items = List[Dict[str, Any]]


def read(d: Dict[str, Any]) -> ResponseFields:
    msg = member_at(d, "message", "$.message")
    content = msg.get("content")
    thinking = msg.get("thinking")
    prompt, output = as_int(d.get("prompt_eval_count")), as_int(d.get("eval_count"))
    usage = make_usage(prompt, output, None, plus(prompt, output))
    return (
        content if isinstance(content, str) else "",
        thinking if isinstance(thinking, str) else "",
        None,
        d.get("done_reason"),
        usage,
        None,
    )


def _detect(d: Dict[str, Any]) -> bool:
    # (a finished reply whose 'message' is no object too: ``read`` says so at it)
    return (isinstance(d.get("message"), dict) and ("done" in d or "done_reason" in d)) or (
        d.get("done") is True and d.get("message") is not None and "choices" not in d)


def _may_hold_calls(d: Dict[str, Any]) -> bool:
    return isinstance(d.get("message"), dict) and bool(d["message"].get("tool_calls"))


def _unfinished(d: Dict[str, Any], raw: Optional[str]) -> bool:
    return d.get("done") is False  # a chunk of a reply that goes on


# module-level functions, no lambdas: a dialect derived from this one pickles by value
RESPONSE = ResponseReader(
    _detect,
    read,
    _may_hold_calls,
    frozenset({"done", "done_reason"}),
    _unfinished,
    # without ``think`` (or from a model Ollama parses no thinking for) a template's
    # ``<think>`` block stays in ``content``
    inline_think=True,
)

#: ``done_reason`` -> the normalised vocabulary: every value the server sends (server/routes.go,
#: llm/server.go ``DoneReason``). A finished generation says ``stop`` (with calls too) or
#: ``length``; ``load`` / ``unload`` answer a request without messages (the model only loaded,
#: or unloaded with ``keep_alive: 0``): no prompt ran, so the reply holds no answer and no call
#: of it runs (``error``, as vLLM's ``repetition``)
FINISH: Dict[str, str] = {"stop": "stop", "length": "length", "load": "error", "unload": "error", **ERROR_TYPES}


def encode_message(items: Items, content: Optional[str]) -> Dict[str, Any]:
    """Ollama writes ``"content": ""`` on a tool-only assistant message."""
    return chat_message(items, content, "empty")


def reply(items: Items, content: Optional[str] = None, finish: Optional[str] = None) -> Dict[str, Any]:
    """A whole (non-streamed) ``/api/chat`` reply holding *items*."""
    return {"model": "llama3.1", "created_at": "2025-11-30T08:00:00.000000Z",
            "message": encode_message(items, content), "done_reason": finish or "stop", "done": True}
