"""OpenRouter's ``reasoning_details`` blocks, in a Chat reply without ``reasoning`` (encrypted
or summary-only reasoning, a gateway that forwards the blocks alone: the Snowflake Cortex
recording in the corpus): their text is the reply's reasoning. The shapes are OpenRouter's
(https://openrouter.ai/docs/use-cases/reasoning-tokens): ``reasoning.text`` (``text``),
``reasoning.summary`` (``summary``), ``reasoning.encrypted`` (``data``, no text). Before,
``normalize`` gave ``reasoning == ""``."""

from __future__ import annotations

from typing import Any, Dict, List

from toolwire.response import normalize

SIGNATURE = "EvABCmcIDxABGAIqQFM"


def reply(message: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "gen-1", "object": "chat.completion", "created": 1, "model": "anthropic/claude-sonnet-4.6",
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", **message}}]}


def details(*blocks: Dict[str, Any]) -> List[Dict[str, Any]]:
    return [{"id": f"r{i}", "format": "anthropic-claude-v1", "index": i, **b} for i, b in enumerate(blocks)]


def test_text_and_summary_blocks_are_the_reasoning() -> None:
    r = normalize(reply({"content": "Sunny.", "reasoning_details": details(
        {"type": "reasoning.summary", "summary": "The user wants the weather."},
        {"type": "reasoning.encrypted", "data": "eyJlbmNyeXB0ZWQiOnRydWV9"},
        {"type": "reasoning.text", "text": "Let me get the weather for Mexico City.", "signature": SIGNATURE},
    )}), provider="openai.chat")
    assert r.text == "Sunny."
    assert r.reasoning == "The user wants the weather.\nLet me get the weather for Mexico City."


def test_encrypted_blocks_alone_give_no_text() -> None:
    r = normalize(reply({"content": "Sunny.", "reasoning_details": details(
        {"type": "reasoning.encrypted", "data": "eyJlbmNyeXB0ZWQiOnRydWV9"})}), provider="openai.chat")
    assert (r.text, r.reasoning) == ("Sunny.", "")


def test_reasoning_beside_its_details_is_read_once() -> None:
    # OpenRouter sends both: ``reasoning`` is the text, the blocks repeat it
    r = normalize(reply({"content": "Sunny.", "reasoning": "Let me check.", "reasoning_details": details(
        {"type": "reasoning.text", "text": "Let me check.", "signature": SIGNATURE})}), provider="openai.chat")
    assert r.reasoning == "Let me check."


def test_odd_blocks_are_passed_over() -> None:
    r = normalize(reply({"content": "x", "reasoning_details": [
        {"type": "reasoning.text", "text": 3}, {"type": "reasoning.text", "text": "kept"}, {"text": "no type"}]}),
        provider="openai.chat")
    assert r.reasoning == "kept"
