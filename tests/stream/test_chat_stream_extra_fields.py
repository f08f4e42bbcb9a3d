"""A streamed Chat call keeps what its deltas carry beside the call's own fields, as
the one-shot decoder keeps it for the same call whole (``provider_data["openai.chat"]``
``extra`` / ``function_extra``), so ``encode`` writes it back.

Shapes from:
- https://ai.google.dev/gemini-api/docs/openai (Gemini's OpenAI-compatible endpoint: a
  tool call carries ``extra_content.google.thought_signature``, which must be sent back
  on the replayed call; https://ai.google.dev/gemini-api/docs/thought-signatures);
- https://platform.openai.com/docs/api-reference/chat-streaming (``tool_calls[]`` delta
  items: ``index``, ``id``, ``type``, ``function.{name, arguments}``; custom tools' calls
  ``{"type": "custom", "custom": {"name", "input"}}``).
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire.stream import Accumulator, accumulate

SIG = "Ev4MCvsMAdHtim9y"  # a thought signature is opaque base64 text
EXTRA = {"google": {"thought_signature": SIG}}


def ch(tool_calls: List[Any], finish: Any = None) -> Dict[str, Any]:
    delta: Dict[str, Any] = {"tool_calls": tool_calls} if tool_calls else {}
    return {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


# Gemini's endpoint sends a call whole in one delta
GEMINI_CALL = {"id": "function-call-1", "type": "function",
               "function": {"name": "check_flight", "arguments": '{"flight":"AA100"}'},
               "extra_content": EXTRA}


@pytest.mark.parametrize("dialect", [None, "openai.chat"])
def test_streamed_call_keeps_extra_content_as_decode_does(dialect: Any) -> None:
    whole = toolwire.decode_all({"role": "assistant", "content": None, "tool_calls": [GEMINI_CALL]}, "openai.chat")
    calls = accumulate([ch([dict(GEMINI_CALL, index=0)]), ch([], "tool_calls")], dialect)
    assert calls == whole
    assert dict(calls[0].provider_data) == {"openai.chat": {"extra": {"extra_content": EXTRA}}}
    assert dict(calls[0].provider_data) == dict(whole[0].provider_data)
    assert toolwire.encode(calls[0], "openai.chat") == {
        "id": "function-call-1", "type": "function",
        "function": {"name": "check_flight", "arguments": '{"flight":"AA100"}'},
        "extra_content": EXTRA,
    }


def test_extra_fields_on_later_deltas_are_kept_too() -> None:
    """A field beside the call's own on a continuation delta is not dropped by the
    fast path (``run``) nor by ``feed``."""
    chunks = [
        ch([{"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": ""}}]),
        ch([{"index": 0, "function": {"arguments": '{"a":'}}]),
        ch([{"index": 0, "function": {"arguments": "1}"}, "extra_content": EXTRA}]),
        ch([], "tool_calls"),
    ]
    expected = {"openai.chat": {"extra": {"extra_content": EXTRA}}}
    assert dict(accumulate(chunks)[0].provider_data) == expected
    acc = Accumulator()
    for c in chunks:
        acc.feed(c)
    assert dict(acc.close()[0].provider_data) == expected


def test_function_extra_is_kept() -> None:
    tc = {"index": 0, "id": "call_1", "type": "function",
          "function": {"name": "f", "arguments": "{}", "parsed_arguments": {}}}
    calls = accumulate([ch([tc]), ch([], "tool_calls")])
    assert dict(calls[0].provider_data) == {"openai.chat": {"function_extra": {"parsed_arguments": {}}}}


def test_plain_calls_keep_no_provider_data() -> None:
    tc = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    assert dict(accumulate([ch([tc]), ch([], "tool_calls")])[0].provider_data) == {}


def test_streamed_custom_call_is_written_back_as_custom() -> None:
    tc = {"index": 0, "id": "call_1", "type": "custom", "custom": {"name": "py", "input": "print(1)"}}
    calls = accumulate([ch([tc]), ch([], "tool_calls")])
    assert calls[0].args == {"input": "print(1)"}
    assert toolwire.encode(calls[0], "openai.chat") == {
        "id": "call_1", "type": "custom", "custom": {"name": "py", "input": "print(1)"}}


def test_mistral_stream_keeps_it_under_its_name() -> None:
    tc = dict(GEMINI_CALL, id="abcDEF123")
    calls = accumulate([ch([tc], "tool_calls")], "mistral")
    assert calls[0].provider_data["mistral"]["extra"] == {"extra_content": EXTRA}
