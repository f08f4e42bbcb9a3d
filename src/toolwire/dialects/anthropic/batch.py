"""Anthropic Message Batches results: one line opened to the message it carries.

Follows https://docs.anthropic.com/en/api/retrieving-message-batch-results (checked
2025-11): ``{"custom_id", "result": {"type": "succeeded", "message"} | {"type":
"errored", "error"} | {"type": "canceled"} | {"type": "expired"}}``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from .._common import Envelope, custom_id_of, describe_error, no_body

__all__ = ["KIND", "open_line"]

KIND = "anthropic.batch"
_TYPES = frozenset({"succeeded", "errored", "canceled", "expired"})
_LOC = "$.result.message"


def open_line(data: Dict[str, Any]) -> Optional[Envelope]:
    """The envelope *data* (one parsed line) is, or ``None``."""
    result = data.get("result")
    if "custom_id" not in data or type(result) is not dict or result.get("type") not in _TYPES:
        return None
    custom_id = custom_id_of(data)
    kind = result["type"]
    reason = f"'custom_id' with a 'result' of type {kind!r} (Anthropic Message Batches results line)"
    if kind == "succeeded":
        message = result.get("message")
        if no_body(message):  # a Message is never empty
            return Envelope(KIND, custom_id, None, "succeeded without a message", reason)
        return Envelope(KIND, custom_id, message, None, reason, _LOC)
    if kind == "errored":
        return Envelope(KIND, custom_id, None, f"errored: {describe_error(result.get('error'))}", reason)
    return Envelope(KIND, custom_id, None, f"{kind}: the request was not processed", reason)
