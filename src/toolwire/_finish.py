"""Finish reasons of every provider, normalised to one vocabulary (raw value kept).

Vocabulary: ``stop | length | tool_calls | content_filter | refusal | context_window |
pause | error | other``. An unknown value is ``other``, never ``stop`` (litellm maps
unknown values, Bedrock ``malformed_model_output`` included, to ``stop``, and Anthropic
``pause_turn`` to ``length``; both are wrong: ``reference/structured-output.md`` §F.3).

Sources (checked 2026-11-30):
- OpenAI Chat ``finish_reason``: https://platform.openai.com/docs/api-reference/chat/object
- OpenAI Responses ``status`` / ``incomplete_details.reason``:
  https://platform.openai.com/docs/api-reference/responses/object
- Anthropic ``stop_reason``: https://docs.anthropic.com/en/api/messages (``StopReason``)
- Gemini ``FinishReason``: https://ai.google.dev/api/generate-content#FinishReason
- Bedrock Converse ``stopReason``:
  https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
- Cohere v2 ``finish_reason``: https://docs.cohere.com/reference/chat
- Ollama ``done_reason``: https://github.com/ollama/ollama/blob/main/docs/api.md
- Mistral ``finish_reason``: https://docs.mistral.ai/api/ ; DeepSeek
  ``insufficient_system_resource``: https://api-docs.deepseek.com/api/create-chat-completion
"""

from __future__ import annotations

from typing import Dict, Optional

__all__ = ["FINISH_REASONS", "TABLES", "normalize_finish"]

FINISH_REASONS = (
    "stop",
    "length",
    "tool_calls",
    "content_filter",
    "refusal",
    "context_window",
    "pause",
    "error",
    "other",
)

_CHAT = {
    "stop": "stop",
    "length": "length",
    "tool_calls": "tool_calls",
    "function_call": "tool_calls",
    "content_filter": "content_filter",
    "insufficient_system_resource": "error",
    "model_length": "length",
    "error": "error",
    "eos": "stop",
    "end_turn": "stop",
}
_ANTHROPIC = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "max_tokens": "length",
    "tool_use": "tool_calls",
    "pause_turn": "pause",
    "refusal": "refusal",
    "model_context_window_exceeded": "context_window",
}
_GEMINI = {
    "STOP": "stop",
    "MAX_TOKENS": "length",
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
}
_BEDROCK = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "tool_use": "tool_calls",
    "max_tokens": "length",
    "guardrail_intervened": "content_filter",
    "content_filtered": "content_filter",
    "malformed_model_output": "error",
    "malformed_tool_use": "error",
    "model_context_window_exceeded": "context_window",
}
_COHERE = {
    "COMPLETE": "stop",
    "STOP_SEQUENCE": "stop",
    "MAX_TOKENS": "length",
    "TOOL_CALL": "tool_calls",
    "ERROR": "error",
    "ERROR_TOXIC": "content_filter",
    "ERROR_LIMIT": "context_window",
    "USER_CANCEL": "other",
}
_OLLAMA = {"stop": "stop", "length": "length", "load": "other", "unload": "other"}
_RESPONSES = {
    "completed": "stop",
    "max_output_tokens": "length",
    "content_filter": "content_filter",
    "failed": "error",
    "cancelled": "other",
    "in_progress": "other",
    "queued": "other",
    "incomplete": "other",
}

#: provider shape -> raw value -> normalised value
TABLES: Dict[str, Dict[str, str]] = {
    "openai.chat": _CHAT,
    "openai.responses": _RESPONSES,
    "anthropic.messages": _ANTHROPIC,
    "gemini": _GEMINI,
    "bedrock.converse": _BEDROCK,
    "cohere.v2": _COHERE,
    "ollama": _OLLAMA,
}


def normalize_finish(raw: Optional[str], provider: str) -> Optional[str]:
    """The normalised finish reason of *raw* for *provider*; ``None`` stays ``None``."""
    if raw is None:
        return None
    table = TABLES.get(provider, _CHAT)
    found = table.get(raw)
    if found is None:
        found = table.get(raw.upper()) or table.get(raw.lower())
    return found or "other"
