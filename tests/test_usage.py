"""``Response.usage`` means the same thing for every provider: ``input_tokens`` every
prompt token (cached, written to a cache, or not), ``output_tokens`` every generated
token (reasoning included), ``reasoning_tokens`` the reasoning part of the output,
``total_tokens`` their sum. Providers split these differently (cited per case); the
reading adds the parts up. Before, Anthropic and Bedrock gave the uncached input only
(10 of 1,110 prompt tokens) and Gemini the output without its thoughts."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from corpus_data import files, load
from toolwire import ToolwireError
from toolwire.response import Usage, normalize

CASES: Dict[str, Any] = {
    # https://platform.openai.com/docs/api-reference/chat/object: prompt_tokens holds the cached
    # tokens (prompt_tokens_details.cached_tokens), completion_tokens the reasoning tokens
    "openai.chat": ({"object": "chat.completion", "choices": [
        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "hi"}}],
        "usage": {"prompt_tokens": 1110, "completion_tokens": 50, "total_tokens": 1160,
                  "prompt_tokens_details": {"cached_tokens": 1000},
                  "completion_tokens_details": {"reasoning_tokens": 40}}},
        Usage(1110, 50, 40, 1160)),
    # https://platform.openai.com/docs/api-reference/responses/object: the same inclusions
    "openai.responses": ({"object": "response", "status": "completed", "output": [
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "hi"}]}],
        "usage": {"input_tokens": 1110, "input_tokens_details": {"cached_tokens": 1000}, "output_tokens": 50,
                  "output_tokens_details": {"reasoning_tokens": 40}, "total_tokens": 1160}},
        Usage(1110, 50, 40, 1160)),
    # https://docs.claude.com/en/docs/build-with-claude/prompt-caching: "total input tokens is the
    # summation of input_tokens, cache_creation_input_tokens, and cache_read_input_tokens"
    "anthropic.messages": ({"type": "message", "role": "assistant", "stop_reason": "end_turn",
                            "content": [{"type": "text", "text": "hi"}],
                            "usage": {"input_tokens": 10, "cache_creation_input_tokens": 100,
                                      "cache_read_input_tokens": 1000, "output_tokens": 50}},
                           Usage(1110, 50, None, 1160)),
    # https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html: inputTokens is the
    # uncached input; cacheReadInputTokens and cacheWriteInputTokens are reported apart, and
    # totalTokens holds them all
    "bedrock.converse": ({"output": {"message": {"role": "assistant", "content": [{"text": "hi"}]}},
                          "stopReason": "end_turn",
                          "usage": {"inputTokens": 10, "cacheReadInputTokens": 1000, "cacheWriteInputTokens": 100,
                                    "outputTokens": 50, "totalTokens": 1160}},
                         Usage(1110, 50, None, 1160)),
    # https://ai.google.dev/api/generate-content#UsageMetadata: totalTokenCount is the sum of
    # promptTokenCount (cached content included), candidatesTokenCount, toolUsePromptTokenCount
    # and thoughtsTokenCount
    "gemini": ({"candidates": [{"finishReason": "STOP", "content": {"role": "model", "parts": [{"text": "hi"}]}}],
                "usageMetadata": {"promptTokenCount": 1100, "cachedContentTokenCount": 1000,
                                  "toolUsePromptTokenCount": 10, "candidatesTokenCount": 10,
                                  "thoughtsTokenCount": 40, "totalTokenCount": 1160}},
               Usage(1110, 50, 40, 1160)),
    # https://docs.cohere.com/reference/chat: usage.tokens holds the input and output tokens
    # (billed_units only what is billed); no total is sent
    "cohere.v2": ({"id": "x", "finish_reason": "COMPLETE", "message": {"role": "assistant", "content": [
        {"type": "text", "text": "hi"}]}, "usage": {"billed_units": {"input_tokens": 900, "output_tokens": 50},
                                                    "tokens": {"input_tokens": 1110, "output_tokens": 50}}},
                  Usage(1110, 50, None, 1160)),
    # https://github.com/ollama/ollama/blob/main/docs/api.md: prompt_eval_count and eval_count
    "ollama": ({"model": "llama3.2", "created_at": "2026-12-03T10:00:00Z", "done": True, "done_reason": "stop",
                "message": {"role": "assistant", "content": "hi"}, "prompt_eval_count": 1110, "eval_count": 50},
               Usage(1110, 50, None, 1160)),
}


@pytest.mark.parametrize("provider", sorted(CASES))
def test_usage_counts_every_input_and_output_token(provider: str) -> None:
    reply, want = CASES[provider]
    usage = normalize(reply).usage
    assert usage == want
    assert usage.input_tokens is not None and usage.output_tokens is not None
    assert usage.total_tokens == usage.input_tokens + usage.output_tokens
    assert usage.reasoning_tokens is None or usage.reasoning_tokens <= usage.output_tokens


def test_missing_parts_stay_unknown() -> None:
    """A count the provider did not send stays ``None``; a missing part of a sum adds nothing."""
    bare = normalize({"type": "message", "role": "assistant", "stop_reason": "end_turn",
                      "content": [{"type": "text", "text": "hi"}], "usage": {"input_tokens": 10, "output_tokens": 5}})
    assert bare.usage == Usage(10, 5, None, 15)
    none = normalize({"candidates": [{"finishReason": "STOP", "content": {"parts": [{"text": "hi"}]}}]})
    assert none.usage == Usage(None, None, None, None)


def _chat(usage: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "x", "object": "chat.completion", "created": 1, "model": "m", "choices": [
        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "hi"}}], "usage": usage}


@pytest.mark.parametrize(("usage", "want"), [
    # xAI (grok-3-mini): completion_tokens without the reasoning, which total_tokens holds:
    # 300 + 20 + 150 = 470 (https://docs.x.ai/docs/guides/reasoning, "reasoning_tokens")
    ({"prompt_tokens": 300, "completion_tokens": 20, "total_tokens": 470,
      "prompt_tokens_details": {"text_tokens": 300, "cached_tokens": 250},
      "completion_tokens_details": {"reasoning_tokens": 150, "accepted_prediction_tokens": 0}},
     Usage(300, 170, 150, 470)),
    # OpenAI: completion_tokens holds the reasoning (300 + 170 = 470)
    ({"prompt_tokens": 300, "completion_tokens": 170, "total_tokens": 470,
      "completion_tokens_details": {"reasoning_tokens": 150}}, Usage(300, 170, 150, 470)),
    # Gemini's OpenAI-compatible endpoint: thoughts in total_tokens only, no reasoning count;
    # the 60 tokens neither prompt nor completion are generated ones, of unknown kind
    ({"prompt_tokens": 30, "completion_tokens": 10, "total_tokens": 100}, Usage(30, 70, None, 100)),
    # numbers that fit no reading are kept as sent
    ({"prompt_tokens": 30, "completion_tokens": 10, "total_tokens": 100,
      "completion_tokens_details": {"reasoning_tokens": 5}}, Usage(30, 10, 5, 100)),
    ({"prompt_tokens": 30, "completion_tokens": 10, "total_tokens": 20}, Usage(30, 10, None, 20)),
    ({"prompt_tokens": 30, "completion_tokens": 10}, Usage(30, 10, None, None)),
], ids=["xai", "openai", "gemini-compat", "unexplained", "short-total", "no-total"])
def test_openai_compatible_usage_keeps_the_sum(usage: Dict[str, Any], want: Usage) -> None:
    from openai.types.chat import ChatCompletion

    reply = _chat(usage)
    for given in (reply, *([ChatCompletion.model_validate(reply)] if "total_tokens" in usage else [])):
        assert normalize(given).usage == want


@pytest.mark.parametrize("path", files(kinds=("response",)))
def test_every_recorded_response_keeps_the_usage_sums(path: Any) -> None:
    """Real replies (xAI's reasoning counted apart, Gemini's OpenAI-compatible hidden
    thoughts among them): total = input + output and reasoning <= output where known."""
    try:
        usage = normalize(load(path)["payload"]).usage
    except ToolwireError:  # not a whole response (a bare message, a list of calls)
        return
    if None not in (usage.input_tokens, usage.output_tokens, usage.total_tokens):
        assert usage.total_tokens == usage.input_tokens + usage.output_tokens  # type: ignore[operator]
    if usage.reasoning_tokens is not None and usage.output_tokens is not None:
        assert usage.reasoning_tokens <= usage.output_tokens
