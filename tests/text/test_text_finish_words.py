"""Finish reasons that say the model ended its turn (it emitted its end token, which the
server strips): a call closed by a stop token (gpt-oss ``<|call|>``, Llama
``<|python_tag|>`` ... ``<|eom_id|>``, Gemma 4 ``<turn|>``) running to the end of the
text is whole under each of them (docs/text-formats.md, "Stop tokens that engines
strip").

``eos_token`` is the spelling of IBM watsonx.ai text generation (``stop_reason``:
"eos_token — End of sequence token encountered",
https://ibm.github.io/watsonx-ai-node-sdk/interfaces/0_1_x.WatsonXAI.TextGenResult-1.html)
and of Hugging Face TGI's ``/generate`` (``details.finish_reason``: ``length`` |
``eos_token`` | ``stop_sequence``), which its OpenAI-compatible API sent as well until
huggingface/text-generation-inference PR #2344; ``eos`` is Together's."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire import InvalidToolCall, decode_all, decode_text
from toolwire.response import normalize, normalize_finish
from toolwire.stream import TextParser

WEATHER = C("get_weather", {"city": "Paris"})
CASES = [
    ("text.harmony", "<|channel|>commentary to=functions.get_weather <|constrain|>json"
     '<|message|>{"city": "Paris"}', [WEATHER]),
    ("text.llama", '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}', [WEATHER]),
    ("text.gemma", '<|tool_call>call:get_weather{city:<|"|>Paris<|"|>}', [WEATHER]),
]
IDS = [d for d, *_ in CASES]


@pytest.mark.parametrize(("dialect", "text", "calls"), CASES, ids=IDS)
@pytest.mark.parametrize("reason", ["stop", "eos", "eos_token", "end_turn", "stop_sequence"])
def test_a_call_closed_by_a_stripped_stop_token_is_whole_when_the_model_ended_its_turn(
    dialect: str, text: str, calls: list, reason: str
) -> None:
    check(text, dialect, None, None, calls, finish_reason=reason)


@pytest.mark.parametrize(("dialect", "text", "calls"), CASES, ids=IDS)
def test_the_same_call_stays_cut_off_under_a_length_finish(dialect: str, text: str, calls: list) -> None:
    check(text, dialect, None, None, [Invalid("get_weather", truncated=True)], finish_reason="length")


def test_eos_token_normalises_to_stop_in_an_openai_compatible_reply() -> None:
    reply = {"choices": [{"index": 0, "message": {"role": "assistant", "content": "Hi."},
                          "finish_reason": "eos_token"}]}
    assert normalize_finish("eos_token", "openai.chat") == "stop"
    r = normalize(reply)
    assert (r.finish_reason, r.raw_finish_reason, r.truncated) == ("stop", "eos_token", False)


# A finish reason that says the reply failed or that a content filter or a refusal stopped
# it bars its calls as the ``finish_reason=`` keyword of ``decode_all`` does
# (tests/test_finish_reason_keyword.py): OpenAI Chat ``content_filter``
# (platform.openai.com/docs/api-reference/chat/object), Anthropic ``refusal``, Gemini
# ``SAFETY`` and ``MALFORMED_FUNCTION_CALL`` (ai.google.dev/api/generate-content#FinishReason),
# vLLM's ``error``. Before, the text formats read only the cut-off words and these calls ran.
HERMES = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
CLOSED = [("text.hermes", HERMES), ("text.harmony", CASES[0][1] + "<|call|>"),
          ("text.gemma", CASES[2][1] + "<tool_call|>"), ("text.llama", '[get_weather(city="Paris")] ')]


@pytest.mark.parametrize("reason", ["content_filter", "Content_Filter", "refusal", "SAFETY", "MALFORMED_FUNCTION_CALL",
                                    "error"])
@pytest.mark.parametrize(("dialect", "text"), CLOSED, ids=[d for d, _ in CLOSED])
def test_a_failed_or_stopped_reply_holds_no_runnable_call(dialect: str, text: str, reason: str) -> None:
    r = decode_text(text, dialect, finish_reason=reason)
    [bad] = r.tool_calls
    assert isinstance(bad, InvalidToolCall) and not bad.truncated and bad.name == "get_weather"
    assert f"(finish_reason {reason!r})" in bad.error and "must not run" in bad.error
    p = TextParser(dialect)
    for i in range(0, len(text), 7):
        p.feed(text[i:i + 7])
    assert p.close(reason) == r


def test_a_whole_reply_finish_leaves_the_call_runnable() -> None:
    for reason in ("stop", "tool_calls", "end_turn", "STOP", None):
        [call] = decode_text(HERMES, "text.hermes", finish_reason=reason).tool_calls
        assert call == WEATHER


# Hugging Face TGI's Messages API sends ``stop_sequence`` when a request's ``stop`` string
# ended the reply: router/src/lib.rs ``FinishReason::format(true)`` turns only
# ``EndOfSequenceToken`` into ``stop``, ``StopSequence`` stays ``stop_sequence``
# (huggingface/text-generation-inference @ db931fcf). Before, Chat read it as ``other``.
TGI_STOP_SEQUENCE = {
    "object": "chat.completion", "id": "", "created": 1741372335, "model": "meta-llama/Llama-3.1-8B-Instruct",
    "system_fingerprint": "3.3.7-native",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "Thought: check the weather.\nAction:"},
                 "logprobs": None, "finish_reason": "stop_sequence"}],
    "usage": {"prompt_tokens": 50, "completion_tokens": 12, "total_tokens": 62}}


@pytest.mark.parametrize("dialect", ["openai.chat", "mistral"])
def test_tgi_stop_sequence_normalises_to_stop_in_a_chat_reply(dialect: str) -> None:
    assert normalize_finish("stop_sequence", dialect) == "stop"
    assert normalize_finish("STOP_SEQUENCE", dialect) == "stop"
    r = normalize(TGI_STOP_SEQUENCE)
    assert (r.finish_reason, r.raw_finish_reason, r.truncated) == ("stop", "stop_sequence", False)


@pytest.mark.parametrize("reason", ["stop", "eos_token", "stop_sequence"])
def test_tgi_stop_sequence_beside_calls_reads_as_stop_does(reason: str) -> None:
    # TGI v2.0.1's reply to a tools request (its integration test snapshot), the finish reason
    # varied and the id a string, as TGI sends it since v2.0.4
    reply = {"object": "text_completion", "id": "", "created": 1712782670, "model": "TinyLlama/TinyLlama-1.1B-Chat-v1.0",
             "system_fingerprint": "2.0.1-native",
             "choices": [{"index": 0, "finish_reason": reason, "logprobs": None, "message": {
                 "role": "assistant", "content": None, "tool_calls": [
                     {"id": "0", "type": "function", "function": {
                         "description": None, "name": "get_current_weather",
                         "arguments": {"format": "celsius", "location": "Brooklyn"}}}]}}],
             "usage": {"prompt_tokens": 524, "completion_tokens": 37, "total_tokens": 561}}
    r = normalize(reply)
    assert (r.finish_reason, r.raw_finish_reason, r.truncated) == ("tool_calls", reason, False)
    [call] = decode_all(reply, "openai.chat")
    assert (call.name, call.args) == ("get_current_weather", {"format": "celsius", "location": "Brooklyn"})


def test_anthropic_stop_sequence_keeps_its_meaning() -> None:
    assert normalize_finish("stop_sequence", "anthropic.messages") == "stop"
    assert normalize_finish("stop_sequence", "bedrock.converse") == "stop"
    assert normalize_finish("STOP_SEQUENCE", "cohere.v2") == "stop"
