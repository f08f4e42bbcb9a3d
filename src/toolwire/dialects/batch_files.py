"""Batch result files: the per-line envelopes of the OpenAI Batch API and of
Anthropic Message Batches, opened to the response body they carry.

- OpenAI Batch API output / error files (also Mistral and other OpenAI-compatible
  batch services): ``{"id", "custom_id", "response": {"status_code", "request_id",
  "body"}, "error"}``; the body is a Chat Completion or a Responses response.
  https://platform.openai.com/docs/api-reference/batch/request-output (checked 2025-11)
- Anthropic Message Batches results: ``{"custom_id", "result": {"type":
  "succeeded", "message"} | {"type": "errored", "error"} | {"type": "canceled"} |
  {"type": "expired"}}``.
  https://docs.anthropic.com/en/api/retrieving-message-batch-results (checked 2025-11)

``open_envelope(line)`` gives an ``Envelope`` (which file, the ``custom_id``, the
body or a one-line error) or ``None`` for anything that is not such an envelope.
The body is then an ordinary payload for ``decode_all`` / ``convert`` / ``explain``.
"""

from __future__ import annotations

from typing import Any, Dict, NamedTuple, Optional

__all__ = ["ANTHROPIC", "OPENAI", "Envelope", "open_envelope"]

OPENAI = "openai.batch"
ANTHROPIC = "anthropic.batch"

_ANTHROPIC_TYPES = frozenset({"succeeded", "errored", "canceled", "expired"})


class Envelope(NamedTuple):
    """One line of a batch results file."""

    kind: str  # OPENAI or ANTHROPIC
    custom_id: Optional[str]
    body: Any  # the response body (plain data), or None when the request failed
    error: Optional[str]  # one line saying why there is no body
    reason: str  # why this line was read as *kind* (for ``detect``)


def _describe(err: Any) -> str:
    """One line from a provider error object (``{"code"|"type", "message"}``), nested or not."""
    if type(err) is dict:
        inner = err.get("error")
        if type(inner) is dict and ("message" in inner or "type" in inner):
            return _describe(inner)
        label = err.get("code") or err.get("type")
        message = err.get("message")
        parts = [str(p) for p in (label, message) if p not in (None, "")]
        if parts:
            return ": ".join(parts)
    if err is None:
        return "no details"
    return " ".join(str(err).split())[:300]


def _openai(data: Dict[str, Any], custom_id: Optional[str]) -> Envelope:
    reason = "'custom_id' with 'response' / 'error' (OpenAI Batch API output line)"
    resp = data.get("response")
    err = data.get("error")
    if err is not None:
        return Envelope(OPENAI, custom_id, None, _describe(err), reason)
    if type(resp) is not dict:
        return Envelope(OPENAI, custom_id, None, "the line has neither a response nor an error", reason)
    status = resp.get("status_code")
    body = resp.get("body")
    if type(status) is int and not 200 <= status < 300:
        return Envelope(OPENAI, custom_id, None, f"HTTP {status}: {_describe(body)}", reason)
    if body is None:
        return Envelope(OPENAI, custom_id, None, "the response has no body", reason)
    return Envelope(OPENAI, custom_id, body, None, reason)


def _anthropic(result: Dict[str, Any], custom_id: Optional[str]) -> Envelope:
    kind = result.get("type")
    reason = f"'custom_id' with a 'result' of type {kind!r} (Anthropic Message Batches results line)"
    if kind == "succeeded":
        message = result.get("message")
        if message is None:
            return Envelope(ANTHROPIC, custom_id, None, "succeeded without a message", reason)
        return Envelope(ANTHROPIC, custom_id, message, None, reason)
    if kind == "errored":
        return Envelope(ANTHROPIC, custom_id, None, f"errored: {_describe(result.get('error'))}", reason)
    return Envelope(ANTHROPIC, custom_id, None, f"{kind}: the request was not processed", reason)


def open_envelope(data: Any) -> Optional[Envelope]:
    """The batch envelope *data* is (plain data, one parsed line), or ``None``."""
    if type(data) is not dict or "custom_id" not in data:
        return None
    cid = data["custom_id"]
    custom_id = cid if type(cid) is str else (None if cid is None else str(cid))
    result = data.get("result")
    if type(result) is dict and result.get("type") in _ANTHROPIC_TYPES:
        return _anthropic(result, custom_id)
    if "response" in data or "error" in data:
        return _openai(data, custom_id)
    return None
