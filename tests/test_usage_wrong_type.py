"""A ``usage`` (or a part of it holding counts) of the wrong type is a ``DecodeError`` at
its path naming what it is, not "malformed (AttributeError) at $". Shapes: OpenAI Chat
``usage.completion_tokens_details``, Responses ``usage.output_tokens_details``, Anthropic
``usage``, Bedrock Converse ``usage``, Cohere v2 ``usage.tokens``, Gemini ``usageMetadata``
(the google-genai dump's ``usage_metadata`` too)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import DecodeError, response

_CHAT: Dict[str, Any] = {"id": "c", "object": "chat.completion", "created": 1, "model": "m", "choices": [
    {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "hi"}}]}
_ANTH: Dict[str, Any] = {"id": "m", "type": "message", "role": "assistant", "model": "c",
                         "content": [{"type": "text", "text": "hi"}], "stop_reason": "end_turn"}
_COHERE: Dict[str, Any] = {"id": "x", "finish_reason": "COMPLETE",
                           "message": {"role": "assistant", "content": [{"type": "text", "text": "hi"}]}}
_BEDROCK: Dict[str, Any] = {"output": {"message": {"role": "assistant", "content": [{"text": "hi"}]}},
                            "stopReason": "end_turn"}
_RESP: Dict[str, Any] = {"id": "r", "object": "response", "status": "completed", "output": []}
_GEMINI: Dict[str, Any] = {"candidates": [{"content": {"role": "model", "parts": [{"text": "hi"}]},
                                           "finishReason": "STOP"}]}


@pytest.mark.parametrize(("reply", "loc", "got"), [
    ({**_CHAT, "usage": "n/a"}, "$.usage", "str"),
    ({**_CHAT, "usage": [1]}, "$.usage", "list"),
    ({**_CHAT, "usage": ""}, "$.usage", "str"),  # no container, empty or not
    ({**_BEDROCK, "usage": 0}, "$.usage", "int"),
    ({**_CHAT, "usage": {"prompt_tokens": 1, "completion_tokens_details": [1]}},
     "$.usage.completion_tokens_details", "list"),
    ({**_ANTH, "usage": [1]}, "$.usage", "list"),
    ({**_BEDROCK, "usage": "x"}, "$.usage", "str"),
    ({**_COHERE, "usage": {"tokens": [1]}}, "$.usage.tokens", "list"),
    ({**_COHERE, "usage": 5}, "$.usage", "int"),
    ({**_RESP, "usage": {"input_tokens": 1, "output_tokens_details": "x"}}, "$.usage.output_tokens_details", "str"),
    ({**_GEMINI, "usageMetadata": "junk"}, "$.usageMetadata", "str"),
    ({**_GEMINI, "usage_metadata": [1]}, "$.usage_metadata", "list"),
])
def test_usage_of_the_wrong_type_names_its_path(reply: Dict[str, Any], loc: str, got: str) -> None:
    with pytest.raises(DecodeError) as info:
        response.normalize(reply)
    assert info.value.loc == loc
    assert f"{loc} must be an object, got {got}" in str(info.value)


@pytest.mark.parametrize("reply", [{**_CHAT, "usage": None}, {**_CHAT, "usage": {}}, _ANTH, {**_RESP, "usage": None},
                                    {**_GEMINI, "usageMetadata": None}, _GEMINI])
def test_usage_absent_or_null_is_unknown(reply: Dict[str, Any]) -> None:
    assert response.normalize(reply).usage == response.Usage()
