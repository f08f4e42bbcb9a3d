"""No empty assistant turn where the provider refuses one (fuzzkit FK-6).

- Gemini: ``400 INVALID_ARGUMENT ... contents.parts must not be empty`` for a ``Content``
  with ``parts: []`` (vercel/ai#3775, fixed in livekit/agents#1397).
- Bedrock Converse: ``ValidationException: The content field in the Message object at
  messages.X is empty. Add a ContentBlock object to the content field and try again``
  (langchain-ai/langchainjs#11117).
- Anthropic Messages: "all messages must have non-empty content except for the optional
  final assistant message"; an empty final one prefills nothing.

``encode_message`` with no calls and no text (or only whitespace, which Anthropic and
Bedrock leave out) wrote such a turn; ``payloads(kind="message", min_calls=0)`` drew it.
Replies (``kind="response"``) may have no content: providers send those.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import toolwire
from toolwire import EncodeError, ToolCall, encode_message
from toolwire import strategies as tws

GEMINI = ("A gemini model turn needs a part: with no calls and no text it would be written with "
          "'parts': [], which Gemini refuses (contents.parts must not be empty)")
BEDROCK = ("A bedrock.converse assistant message needs a content block: with no calls and no text "
           "(or only whitespace, which Converse refuses) it would be written with 'content': [], which "
           "Converse refuses (the content field in the Message object is empty)")
ANTHROPIC = ("An anthropic.messages assistant message needs a content block: with no calls and no text "
             "(or only whitespace, which the API refuses) it would be written with 'content': [], which "
             "the API takes only as the final message, where it prefills nothing")

REFUSED = [
    ("gemini", None, GEMINI), ("gemini", "", GEMINI),
    ("bedrock.converse", None, BEDROCK), ("bedrock.converse", "", BEDROCK), ("bedrock.converse", " ", BEDROCK),
    ("bedrock.converse", "\n\n", BEDROCK),
    ("anthropic.messages", None, ANTHROPIC), ("anthropic.messages", "", ANTHROPIC),
    ("anthropic.messages", " \t", ANTHROPIC),
]


@pytest.mark.parametrize(("dialect", "content", "message"), REFUSED)
def test_an_empty_turn_is_refused(dialect: str, content: Any, message: str) -> None:
    with pytest.raises(EncodeError) as info:
        encode_message([], dialect, content=content)
    assert str(info.value) == message
    assert info.value.dialect == dialect
    with pytest.raises(EncodeError):
        encode_message(None, dialect, content=content)


# the shapes the providers take, from their docs (Content.parts[].text, ContentBlock.text)
@pytest.mark.parametrize(("dialect", "content", "expected"), [
    ("gemini", " ", {"role": "model", "parts": [{"text": " "}]}),  # Gemini takes whitespace text
    ("gemini", "Hallo", {"role": "model", "parts": [{"text": "Hallo"}]}),
    ("bedrock.converse", "ok", {"role": "assistant", "content": [{"text": "ok"}]}),
    ("anthropic.messages", "ok", {"role": "assistant", "content": [{"type": "text", "text": "ok"}]}),
])
def test_a_turn_of_text_only_is_written(dialect: str, content: str, expected: Any) -> None:
    assert encode_message([], dialect, content=content) == expected


@pytest.mark.parametrize("dialect", ["gemini", "bedrock.converse", "anthropic.messages"])
@pytest.mark.parametrize("content", [None, "", " "])
def test_a_turn_of_calls_alone_is_written(dialect: str, content: Any) -> None:
    msg = encode_message([ToolCall("f", {}, "toolu_01")], dialect, content=content)
    assert toolwire.decode_all(msg, dialect)[0].name == "f"


@pytest.mark.parametrize("dialect", ["openai.chat", "mistral", "cohere.v2", "ollama"])
def test_string_content_dialects_are_unchanged(dialect: str) -> None:
    assert encode_message([], dialect) == {"role": "assistant", "content": ""}


def _empty(value: Any) -> bool:
    turn = value.get("parts", value.get("content"))
    return turn == []


@pytest.mark.parametrize("dialect", ["gemini", "bedrock.converse", "anthropic.messages"])
@settings(max_examples=60, phases=[Phase.generate], suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_message_payloads_are_never_empty(dialect: str, data: Any) -> None:
    p = data.draw(tws.payloads(dialect, kind="message", min_calls=0, max_calls=1, expected=True))
    assert not _empty(p.value)
    assert toolwire.decode_all(p.value, dialect) == p.expected


@pytest.mark.parametrize("dialect", ["gemini", "bedrock.converse", "anthropic.messages"])
@settings(max_examples=60, phases=[Phase.generate], suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_message_payloads_without_calls_hold_text(dialect: str, data: Any) -> None:
    p = data.draw(tws.payloads(dialect, kind="message", min_calls=0, max_calls=0, expected=True))
    assert p.expected == [] and not _empty(p.value)


@pytest.mark.parametrize("dialect", ["openai.chat", "ollama"])
def test_string_content_message_payloads_still_draw_no_text(dialect: str) -> None:
    from hypothesis import find
    find(tws.payloads(dialect, kind="message", min_calls=0, max_calls=0), lambda v: v["content"] == "",
         settings=settings(phases=[Phase.generate], database=None, max_examples=300))
