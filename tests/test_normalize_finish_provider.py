"""``response.normalize_finish(raw, provider)`` and ``response.normalize(..., provider=)``
take a dialect id or alias; any other name is ``UnknownDialectError``, as ``encode`` and
``convert`` raise for a dialect that is not registered. Chat's table reads only a
registered dialect without a table of its own.

Before, a misspelt provider was read with OpenAI Chat's table: ``normalize_finish("MAX_TOKENS",
"gemni")`` was ``other`` (Gemini's ``MAX_TOKENS`` is ``length``,
https://ai.google.dev/api/generate-content#FinishReason), losing the truncation, and
``normalize(reply, provider="nope")`` raised ``DecodeError`` as if the reply were at fault.
"""

from __future__ import annotations

import enum

import pytest

from toolwire import DecodeError, UnknownDialectError, response

# https://platform.openai.com/docs/api-reference/chat/object
CHAT_REPLY = {"id": "chatcmpl-1", "object": "chat.completion", "model": "gpt-4o", "choices": [
    {"index": 0, "message": {"role": "assistant", "content": "hi"}, "finish_reason": "stop"}]}


@pytest.mark.parametrize(("raw", "provider"), [("MAX_TOKENS", "gemni"), ("SAFETY", "googel"), ("stop", "nope"),
                                               ("length", "OpenAI"), ("stop", "")])
def test_normalize_finish_refuses_a_name_it_does_not_know(raw: str, provider: str) -> None:
    with pytest.raises(UnknownDialectError) as err:
        response.normalize_finish(raw, provider)
    assert err.value.message.startswith(f"Unknown dialect {provider!r}; known dialects: anthropic.messages, ")


def test_normalize_finish_refuses_it_for_none_too() -> None:
    with pytest.raises(UnknownDialectError):
        response.normalize_finish(None, "gemni")


@pytest.mark.parametrize(("raw", "provider", "expected"), [
    ("MAX_TOKENS", "gemini", "length"), ("MAX_TOKENS", "google", "length"), ("SAFETY", "vertex", "content_filter"),
    ("max_tokens", "anthropic", "length"), ("length", "openai", "length"), ("length", "chat", "length"),
    # registered, without a table of their own: Chat's
    ("length", "mcp", "length"), ("tool_calls", "canonical", "tool_calls"), ("length", "text.hermes", "length"),
])
def test_normalize_finish_reads_ids_and_aliases(raw: str, provider: str, expected: str) -> None:
    assert response.normalize_finish(raw, provider) == expected


@pytest.mark.parametrize("provider", ["nope", "gemni", "OpenAI"])
def test_normalize_refuses_a_provider_it_does_not_know(provider: str) -> None:
    with pytest.raises(UnknownDialectError) as err:
        response.normalize(CHAT_REPLY, provider=provider)
    assert err.value.message.startswith(f"Unknown dialect {provider!r}; known dialects: anthropic.messages, ")


def test_normalize_names_a_registered_dialect_without_a_reader_as_before() -> None:
    with pytest.raises(DecodeError) as err:
        response.normalize(CHAT_REPLY, provider="mcp")
    assert type(err.value) is DecodeError
    assert err.value.message.startswith("Response is not a response for provider 'mcp'; keys were ")
    assert response.normalize(CHAT_REPLY, provider="openai").finish_reason == "stop"


class _Numbered(enum.IntEnum):
    ODD = 7


@pytest.mark.parametrize(("raw", "word"), [(2, "2"), (_Numbered.ODD, "ODD"), (2.5, "2.5"), ([1], "[1]")])
def test_a_finish_reason_that_is_no_string_is_unknown_never_none(raw: object, word: str) -> None:
    """A chat finish reason the provider wrote as no string is kept (an enum by its name)
    and read as an unknown one (``other``), never as a reply that gave none."""
    body = {"object": "chat.completion", "choices": [{"index": 0, "finish_reason": raw,
                                                      "message": {"role": "assistant", "content": "hi"}}]}
    r = response.normalize(body)
    assert (r.raw_finish_reason, r.finish_reason) == (word, "other")
