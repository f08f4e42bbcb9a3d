"""Whole-response normaliser: text, reasoning, refusal, tool calls, finish reason, usage.

One record for OpenAI Chat (and OpenAI-compatible servers: vLLM, DeepSeek, Groq,
OpenRouter, Ollama ``/v1``, Mistral), OpenAI Responses, Anthropic Messages, Gemini,
Bedrock Converse, Ollama ``/api/chat`` and Cohere v2. Field names followed (checked
2026-11-30):

- Chat: ``choices[0].message.{content, refusal, reasoning_content, reasoning}``,
  ``finish_reason``, ``usage.completion_tokens_details.reasoning_tokens``
  (https://platform.openai.com/docs/api-reference/chat/object); ``reasoning`` is vLLM's
  name since Oct 2025 (https://docs.vllm.ai/en/latest/features/reasoning_outputs.html),
  ``reasoning_content`` DeepSeek's (https://api-docs.deepseek.com/guides/reasoning_model).
- Responses: ``output[]`` items ``message`` (``output_text`` / ``refusal`` parts) and
  ``reasoning`` (``summary`` / ``content``), ``status``, ``incomplete_details``
  (https://platform.openai.com/docs/api-reference/responses/object).
- Anthropic: ``content[]`` blocks ``text``, ``thinking``, ``tool_use``; ``stop_reason``
  (https://docs.anthropic.com/en/api/messages).
- Gemini: ``candidates[0].content.parts[]`` with ``thought: true`` for thoughts,
  ``finishReason``, ``promptFeedback.blockReason``, ``usageMetadata.thoughtsTokenCount``
  (https://ai.google.dev/api/generate-content#generatecontentresponse).
- Bedrock Converse: ``output.message.content[]`` (``text``, ``reasoningContent``,
  ``toolUse``), ``stopReason``, ``usage``
  (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html).
- Ollama ``/api/chat``: ``message.{content, thinking}``, ``done_reason``,
  ``prompt_eval_count``/``eval_count`` (https://github.com/ollama/ollama/blob/main/docs/api.md).
- Cohere v2: ``message.content[]``, ``message.tool_plan``, ``finish_reason``
  (https://docs.cohere.com/reference/chat).

Inline ``<think>…</think>`` blocks in the text (servers without a reasoning parser,
Groq ``reasoning_format=raw``) are moved to ``reasoning``. Tool calls come from the core
decoders (``decode_all(..., invalid="keep")``); Gemini reports ``STOP`` for a function
call, so calls turn ``stop`` into ``tool_calls``. Unknown finish reasons are ``other``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from ._errors import DecodeError, ToolwireError, excerpt
from ._finish import normalize_finish
from .dialects.response_shapes import MAY_HOLD_CALLS, SHAPES, Usage

__all__ = ["Response", "Usage", "normalize"]

_THINK = re.compile(r"<(think|thinking|reasoning)>(.*?)</\1>\s*", re.S)
_OPEN_THINK = re.compile(r"^\s*<(think|thinking|reasoning)>(.*)\Z", re.S)
_CLOSE_ONLY = re.compile(r"^(.*?)</(think|thinking|reasoning)>\s*", re.S)


@dataclass(frozen=True)
class Response:
    """One provider response in canonical form.

    ``finish_reason`` is one of ``stop, length, tool_calls, content_filter, refusal,
    context_window, pause, error, other`` (``None`` if the payload had none);
    ``raw_finish_reason`` is the provider's own value. ``truncated`` is true when the
    output token budget ran out. ``parsed`` is an already-parsed structured answer the
    payload carried (OpenAI ``message.parsed`` / ``output_parsed``, Gemini ``parsed``).
    """

    provider: str
    text: str = ""
    reasoning: str = ""
    refusal: Optional[str] = None
    tool_calls: Tuple[Any, ...] = ()
    invalid_tool_calls: Tuple[Any, ...] = ()
    finish_reason: Optional[str] = None
    raw_finish_reason: Optional[str] = None
    truncated: bool = False
    usage: Usage = field(default_factory=Usage)
    parsed: Any = None
    think_stripped: bool = False
    raw: Any = field(default=None, repr=False, compare=False)


def normalize(resp: Any, *, provider: Optional[str] = None) -> Response:
    """Normalise one provider response (a dict, JSON text or an SDK object).

    *provider* forces a shape (``openai.chat``, ``openai.responses``,
    ``anthropic.messages``, ``gemini``, ``bedrock.converse``, ``ollama``, ``cohere.v2``);
    without it the shape is recognised from the payload. Raises ``DecodeError`` for
    anything that is not a response of a known shape.
    """
    data = _plain(resp)
    if not isinstance(data, dict):
        raise DecodeError(f"Response must be a JSON object, got {excerpt(data)} at $")
    shape = None
    for sid, detect, reader, dialect in SHAPES:
        if (provider is None and detect(data)) or sid == provider:
            shape = (sid, reader, dialect)
            break
    if shape is None:
        what = f"for provider {provider!r}" if provider else "of any known provider"
        raise DecodeError(
            f"Response is not a response {what}; keys were {excerpt(sorted(data))} at $",
            dialect=provider,
        )
    sid, reader, dialect = shape
    try:
        text, reasoning, refusal, raw_finish, usage, parsed = reader(data)
    except (AttributeError, TypeError, KeyError, IndexError) as exc:
        raise DecodeError(f"Response of {sid} is malformed ({type(exc).__name__}) at $", dialect=sid) from None
    text, reasoning, stripped = _split_think(text, reasoning)
    calls, invalid = _tool_calls(data, dialect) if MAY_HOLD_CALLS[sid](data) else ([], [])
    raw_finish = raw_finish if isinstance(raw_finish, str) else None
    finish = normalize_finish(raw_finish, sid) if raw_finish else None  # "" is no value (Snowflake)
    if calls and finish in ("stop", None):
        finish = "tool_calls"
    if refusal is None and finish == "refusal":
        refusal = text or "refused"
    out = object.__new__(Response)  # same value as Response(...), without per-field __setattr__
    out.__dict__.update(
        provider=sid,
        text=text,
        reasoning=reasoning,
        refusal=refusal,
        tool_calls=tuple(calls),
        invalid_tool_calls=tuple(invalid),
        finish_reason=finish,
        raw_finish_reason=raw_finish,
        truncated=finish == "length",
        usage=usage,
        parsed=parsed,
        think_stripped=stripped,
        raw=data,
    )
    return out


def _plain(resp: Any) -> Any:
    if isinstance(resp, (dict, list)):
        return resp
    if isinstance(resp, (str, bytes)):
        import json

        try:
            return json.loads(resp)
        except ValueError:
            raise DecodeError(f"Response text is not JSON: {excerpt(resp)} at $") from None
    try:
        from ._access import to_data
    except ImportError:  # pragma: no cover - the core module is always shipped
        return resp
    return to_data(resp)


def _split_think(text: str, reasoning: str) -> Tuple[str, str, bool]:
    found: List[str] = []
    if "</" in text or "<" in text:

        def take(m: re.Match[str]) -> str:
            found.append(m.group(2).strip())
            return ""

        new = _THINK.sub(take, text)
        m = _OPEN_THINK.match(new)
        if m:  # an opening tag never closed: everything after it is reasoning
            found.append(m.group(2).strip())
            new = ""
        else:
            m2 = _CLOSE_ONLY.match(new)
            if m2 and "<" + m2.group(2) + ">" not in m2.group(1):  # template put <think> in the prompt
                found.append(m2.group(1).strip())
                new = new[m2.end() :]
        if found:
            joined = "\n".join(f for f in found if f)
            reasoning = f"{reasoning}\n{joined}" if reasoning else joined
            return new.strip(), reasoning, True
    return text, reasoning, False


def _tool_calls(data: Dict[str, Any], dialect: str) -> Tuple[List[Any], List[Any]]:
    try:
        from ._codec import decode_all
    except ImportError:  # the core decoders are not available in this copy
        return [], []
    try:
        found = decode_all(data, dialect, invalid="keep")
    except ToolwireError:
        try:
            found = decode_all(data, None, invalid="keep")
        except ToolwireError:
            return [], []
    from ._types import InvalidToolCall

    calls = [c for c in found if not isinstance(c, InvalidToolCall)]
    bad = [c for c in found if isinstance(c, InvalidToolCall)]
    return calls, bad
