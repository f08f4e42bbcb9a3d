"""OpenAI Batch API result files: one output or error line opened to the response
body it carries (also Mistral's and other OpenAI-compatible batch services).

Follows https://platform.openai.com/docs/api-reference/batch/request-output (checked
2025-11): ``{"id", "custom_id", "response": {"status_code", "request_id", "body"},
"error"}``; the body is a Chat Completion or a Responses response, ``response`` is
null on an error file's line. A line of another shape with a ``custom_id`` and a
``response`` (a Vertex AI batch prediction line, whose ``response`` is the reply
itself; any log of ``{"custom_id", "response": <reply>}``) is not opened here.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from .._common import Envelope, custom_id_of, describe_error, no_body

__all__ = ["KIND", "open_line"]

KIND = "openai.batch"
_REASON = "'custom_id' with 'response' / 'error' (OpenAI Batch API output line)"
_LOC = "$.response.body"


def _shaped(data: Dict[str, Any]) -> bool:
    """Whether *data* is an output or error line: a ``response`` object with its
    ``status_code`` or ``body``, or a null (or absent) one beside an ``error``."""
    resp = data.get("response")
    if type(resp) is dict:
        return "status_code" in resp or "body" in resp
    return resp is None and "error" in data


def open_line(data: Dict[str, Any]) -> Optional[Envelope]:
    """The envelope *data* (one parsed line) is, or ``None``."""
    if "custom_id" not in data or not _shaped(data):
        return None
    custom_id = custom_id_of(data)
    resp = data.get("response")
    err = data.get("error")
    if err is not None and not (err == {} and type(resp) is dict):  # ``{}``: no error (the response says)
        return Envelope(KIND, custom_id, None, describe_error(err), _REASON)
    if type(resp) is not dict:
        return Envelope(KIND, custom_id, None, "the line has neither a response nor an error", _REASON)
    status = resp.get("status_code")
    body = resp.get("body")
    if type(status) is int and not 200 <= status < 300:
        return Envelope(KIND, custom_id, None, f"HTTP {status}: {describe_error(body)}", _REASON)
    if no_body(body):
        return Envelope(KIND, custom_id, None, "the response has no body", _REASON)
    return Envelope(KIND, custom_id, body, None, _REASON, _LOC)
