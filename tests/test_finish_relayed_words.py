"""Other providers' failed / filtered / refused finish words in a Chat-shaped reply: an
OpenAI-compatible gateway relays the provider's raw finish word (Portkey's gateway with
``x-portkey-strict-open-ai-compliance: false``: Anthropic ``refusal``, Bedrock
``guardrail_intervened`` / ``content_filtered``, Gemini ``SAFETY``, ``RECITATION``,
``MALFORMED_FUNCTION_CALL``...). Chat (and Mistral, which shares its table) reads them as
their own dialect does (``COMPATIBLE_BARS``, as ``COMPATIBLE_STOPS`` for stop words and
``CORE_CUT`` for cut-off words): none of the reply's calls runs, and a failed reply
without calls gives the nameless ``InvalidToolCall``, in whole replies and streams.

Before, each became "other" and the calls ran; ``MALFORMED_FUNCTION_CALL`` without a call
gave ``[]``. Words: https://docs.anthropic.com/en/api/handling-stop-reasons,
https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
(``stopReason``), https://ai.google.dev/api/generate-content#FinishReason.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

import toolwire
from toolwire import InvalidToolCall
from toolwire import stream as S
from toolwire._dialect import finish_lookup
from toolwire._stopped import BARRED
from toolwire.response import normalize

# the hunter's words, and what each provider's own table says of them
WORDS = {"refusal": "refusal", "guardrail_intervened": "content_filter", "content_filtered": "content_filter",
         "SAFETY": "content_filter", "RECITATION": "content_filter", "UNEXPECTED_TOOL_CALL": "error",
         "TOO_MANY_TOOL_CALLS": "error", "MALFORMED_FUNCTION_CALL": "error"}
CHAT_SHAPED = ["openai.chat", "mistral"]


def _chat(fr: str, calls: bool = True) -> Dict[str, Any]:
    """The hunter's reproducer: a Chat reply as the gateway relays it."""
    msg: Dict[str, Any] = {"role": "assistant", "content": None}
    if calls:
        msg["tool_calls"] = [{"id": "toolu_1", "type": "function", "function": {"name": "f", "arguments": "{\"a\":1}"}}]
    return {"id": "x", "object": "chat.completion", "model": "m", "provider": "p",
            "choices": [{"index": 0, "message": msg, "finish_reason": fr}]}


def _chunks(fr: Optional[str]) -> List[Dict[str, Any]]:
    return [{"id": "x", "object": "chat.completion.chunk", "model": "m", "choices": [
                {"index": 0, "delta": {"role": "assistant", "tool_calls": [
                    {"index": 0, "id": "toolu_1", "type": "function", "function": {"name": "f", "arguments": "{\"a\":1}"}}]},
                 "finish_reason": None}]},
            {"id": "x", "object": "chat.completion.chunk", "model": "m", "choices": [
                {"index": 0, "delta": {}, "finish_reason": fr}]}]


@pytest.mark.parametrize(("word", "norm"), WORDS.items())
@pytest.mark.parametrize("dialect", CHAT_SHAPED)
def test_a_chat_reply_finished_by_another_provider_s_barring_word_runs_no_call(dialect: str, word: str,
                                                                                 norm: str) -> None:
    out = toolwire.decode_all(_chat(word), dialect, invalid="keep")
    assert len(out) == 1 and isinstance(out[0], InvalidToolCall) and word in out[0].error
    assert normalize(_chat(word), provider=dialect).finish_reason == norm


@pytest.mark.parametrize("word", WORDS)
def test_a_chat_stream_finished_by_another_provider_s_barring_word_runs_no_call(word: str) -> None:
    out = S.accumulate(_chunks(word), "openai.chat")
    assert len(out) == 1 and isinstance(out[0], InvalidToolCall) and word in out[0].error


def test_a_failed_chat_reply_without_calls_says_they_are_lost() -> None:
    # natively: ``{"candidates": [{"finishReason": "MALFORMED_FUNCTION_CALL"}]}`` gives the same
    for reply in (toolwire.decode_all(_chat("MALFORMED_FUNCTION_CALL", calls=False), invalid="keep"),
                  S.accumulate(_chunks("MALFORMED_FUNCTION_CALL")[1:], "openai.chat")):
        assert len(reply) == 1 and isinstance(reply[0], InvalidToolCall) and reply[0].name is None
        assert "MALFORMED_FUNCTION_CALL" in reply[0].error and "lost" in reply[0].error
    # a stopped one without calls stays as it is, as natively
    assert toolwire.decode_all(_chat("SAFETY", calls=False), invalid="keep") == []


@pytest.mark.parametrize("dialect", CHAT_SHAPED)
def test_chat_reads_every_dialect_s_barring_words_as_that_dialect_does(dialect: str) -> None:
    table = toolwire.default_registry().get(dialect).finish_reasons
    for d in toolwire.default_registry():
        for word, norm in d.finish_reasons.items():
            if norm in BARRED:
                assert finish_lookup(table, word) == norm, (d.name, word)


def test_the_compatible_list_holds_only_other_dialects_words() -> None:
    from toolwire._finish_reasons import COMPATIBLE_BARS

    own = {(w, n) for d in toolwire.default_registry() if d.name not in CHAT_SHAPED
           for w, n in d.finish_reasons.items() if n in BARRED}
    assert set(COMPATIBLE_BARS.items()) <= own
