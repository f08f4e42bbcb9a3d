"""A Gemini stream whose prompt was blocked has the refusal ``normalize`` gives the
same reply whole: ``promptFeedback.blockReason`` with no candidate (google-genai
``GenerateContentResponsePromptFeedback.block_reason``, ``BlockedReason``: ``SAFETY``,
``OTHER``, ``BLOCKLIST``, ``PROHIBITED_CONTENT``...; https://ai.google.dev/api/generate-content#PromptFeedback).
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import response
from toolwire.stream import Accumulator


def blocked(reason: str) -> Dict[str, Any]:
    return {"promptFeedback": {"blockReason": reason}, "usageMetadata": {"promptTokenCount": 8}}


@pytest.mark.parametrize("reason", ["SAFETY", "OTHER", "BLOCKLIST", "PROHIBITED_CONTENT"])
def test_the_stream_gives_the_refusal_normalize_gives(reason: str) -> None:
    acc = Accumulator("gemini")
    acc.feed(blocked(reason))
    assert acc.close() == []
    whole = response.normalize(blocked(reason), provider="gemini")
    assert acc.refusal == whole.refusal == f"prompt blocked: {reason}"
    assert acc.finish_reason == reason


def test_snake_case_block_reason_too() -> None:
    acc = Accumulator("gemini")
    acc.feed({"prompt_feedback": {"block_reason": "SAFETY"}})
    acc.close()
    assert acc.refusal == "prompt blocked: SAFETY"


def test_feedback_without_a_block_reason_is_no_refusal() -> None:
    acc = Accumulator("gemini")
    acc.feed({"promptFeedback": {"safetyRatings": []}})
    acc.feed({"candidates": [{"content": {"role": "model", "parts": [{"text": "hi"}]}, "finishReason": "STOP"}]})
    acc.close()
    assert acc.refusal is None and acc.text == "hi"
