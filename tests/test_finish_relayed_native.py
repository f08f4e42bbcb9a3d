"""Another provider's finish word inside a native reply, as gateways write it.

An OpenAI-to-Anthropic converter writes the upstream Chat ``finish_reason`` it does not map
as the Anthropic ``stop_reason`` unchanged: new-api's ``OpenAIFinishReasonToClaudeStopReason``
(relay/reasonmap/reasonmap.go) maps ``stop``, ``stop_sequence``, ``length``/``max_tokens``,
``content_filter`` and ``tool_calls`` and returns any other word as it came (its older
``stopReasonOpenAI2Claude`` passed ``content_filter`` through too). Behind it an
OpenAI-compatible upstream says a reply failed or was filtered with Chat's words (Zhipu's
``sensitive`` and ``network_error``, DeepSeek's ``insufficient_system_resource``, vLLM's
``repetition``, ``error``) or with another provider's word an OpenAI-compatible gateway
relays (``COMPATIBLE_BARS``). Anthropic's table reads every word Chat's reads as failed,
filtered or refused, as Chat does: none of such a reply's calls runs. Before, each was
unknown (``other``) and a call with arguments ran.

Gemini and Bedrock Converse replies are left as they were: no gateway found writes another
upstream's word there (new-api's ``ResponseOpenAI2Gemini`` and copilot-api's
``mapOpenAIFinishReasonToGemini`` write ``STOP`` / ``FINISH_REASON_UNSPECIFIED`` for a word
they do not map; Portkey's Converse-to-Anthropic ``transformToAnthropicStopReason`` writes
``end_turn``; LiteLLM's Anthropic adapter ``end_turn``; none writes Converse output).

The reverse: a word that says the model called a tool in a Chat reply without calls.
Portkey's Vertex AI Anthropic stream transform writes the raw ``stop_reason`` as the Chat
``finish_reason`` (``finish_reason: parsedChunk.delta?.stop_reason``, in strict mode too), so
a Chat stream ends with ``tool_use``; Cohere's ``TOOL_CALL`` is relayed the same way in
Portkey's non-strict mode. Chat reads both as ``tool_calls``: a reply under them without a
call says its calls are lost (nameless ``InvalidToolCall``), as natively and as Chat's own
``tool_calls`` (OpenAI: "tool_calls if the model called a tool"); before, it gave ``[]``,
the reply read as a plain answer.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import InvalidToolCall, ToolCall
from toolwire import stream as S
from toolwire._dialect import finish_lookup
from toolwire._stopped import BARRED
from toolwire.response import normalize

# the words new-api passes through from an OpenAI-compatible upstream, with Chat's meaning
NEW_API_WORDS = {"sensitive": "content_filter", "network_error": "error", "insufficient_system_resource": "error",
                 "repetition": "error", "error": "error", "content_filter": "content_filter",
                 "SAFETY": "content_filter", "guardrail_intervened": "content_filter",
                 "MALFORMED_FUNCTION_CALL": "error"}


def _message(stop_reason: str) -> Dict[str, Any]:
    """new-api's ``ResponseOpenAI2Claude`` of a GLM reply with a call."""
    return {"id": "chatcmpl-20251207", "type": "message", "role": "assistant", "model": "glm-4.6",
            "content": [{"type": "tool_use", "id": "call_-8a1f", "name": "run_sql",
                         "input": {"query": "DROP TABLE users"}}],
            "stop_reason": stop_reason, "stop_sequence": None,
            "usage": {"input_tokens": 12, "output_tokens": 9}}


def _events(stop_reason: str) -> List[Dict[str, Any]]:
    """new-api's ``StreamResponseOpenAI2Claude`` events of the same reply."""
    return [
        {"type": "message_start", "message": {"id": "chatcmpl-20251207", "type": "message", "role": "assistant",
                                              "model": "glm-4.6", "content": [], "stop_reason": None,
                                              "stop_sequence": None, "usage": {"input_tokens": 12,
                                                                               "output_tokens": 0}}},
        {"type": "content_block_start", "index": 0,
         "content_block": {"type": "tool_use", "id": "call_-8a1f", "name": "run_sql", "input": {}}},
        {"type": "content_block_delta", "index": 0,
         "delta": {"type": "input_json_delta", "partial_json": "{\"query\": \"DROP TABLE users\"}"}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": stop_reason, "stop_sequence": None},
         "usage": {"output_tokens": 9}},
        {"type": "message_stop"},
    ]


@pytest.mark.parametrize(("word", "norm"), NEW_API_WORDS.items())
def test_an_anthropic_reply_finished_by_a_relayed_barring_word_runs_no_call(word: str, norm: str) -> None:
    out = toolwire.decode_all(_message(word), "anthropic.messages", invalid="keep")
    assert len(out) == 1 and isinstance(out[0], InvalidToolCall) and word in out[0].error
    assert normalize(_message(word), provider="anthropic.messages").finish_reason == norm
    streamed = S.accumulate(_events(word), "anthropic.messages")
    assert len(streamed) == 1 and isinstance(streamed[0], InvalidToolCall) and word in streamed[0].error


def test_anthropic_reads_every_barring_word_of_chat_as_chat_does() -> None:
    reg = toolwire.default_registry()
    chat, anthropic = reg.get("openai.chat").finish_reasons, reg.get("anthropic.messages").finish_reasons
    for word, norm in chat.items():
        if norm in BARRED:
            assert finish_lookup(anthropic, word) == norm, word


@pytest.mark.parametrize("dialect", ["gemini", "bedrock.converse"])
def test_gemini_and_converse_keep_their_own_words(dialect: str) -> None:
    # no gateway found writes another upstream's word into these replies (module docstring)
    table = toolwire.default_registry().get(dialect).finish_reasons
    assert all(finish_lookup(table, w) is None for w in ("sensitive", "network_error", "repetition"))


def _chat(fin: str, calls: bool) -> Dict[str, Any]:
    msg: Dict[str, Any] = {"role": "assistant", "content": "I'll look that up."}
    if calls:
        msg["tool_calls"] = [{"id": "toolu_01A", "type": "function",
                              "function": {"name": "get_weather", "arguments": "{\"city\": \"Paris\"}"}}]
    return {"id": "msg_01", "object": "chat.completion", "model": "claude-sonnet-4-5", "provider": "vertex-ai",
            "choices": [{"index": 0, "message": msg, "finish_reason": fin}]}


def _chunks(fin: str) -> List[Dict[str, Any]]:
    """Portkey's Vertex AI Anthropic stream: text, then the ``message_delta``'s raw ``stop_reason``."""
    return [{"id": "msg_01", "object": "chat.completion.chunk", "created": 1, "model": "claude-sonnet-4-5",
             "provider": "vertex-ai", "choices": [{"delta": {"content": "I'll look that up."}, "index": 0,
                                                   "logprobs": None, "finish_reason": None}]},
            {"id": "msg_01", "object": "chat.completion.chunk", "created": 1, "model": "claude-sonnet-4-5",
             "provider": "vertex-ai", "choices": [{"delta": {}, "index": 0, "logprobs": None,
                                                   "finish_reason": fin}]}]


@pytest.mark.parametrize("word", ["tool_use", "TOOL_CALL"])
def test_a_chat_reply_relaying_a_called_word_without_calls_says_they_are_lost(word: str) -> None:
    for out in (toolwire.decode_all(_chat(word, False), "openai.chat", invalid="keep"),
                S.accumulate(_chunks(word), "openai.chat")):
        assert len(out) == 1 and isinstance(out[0], InvalidToolCall) and out[0].name is None
        assert "called a tool" in out[0].error and word in out[0].error
    assert normalize(_chat(word, False), provider="openai.chat").finish_reason == "tool_calls"
    # with its call the reply is whole: the call runs
    assert toolwire.decode_all(_chat(word, True), "openai.chat", invalid="keep") == [
        ToolCall("get_weather", {"city": "Paris"}, "toolu_01A")]
