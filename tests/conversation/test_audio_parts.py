"""Audio in a user message between OpenAI Chat and Gemini.

Chat's ``{"type": "input_audio", "input_audio": {"data": <base64>, "format": "wav" |
"mp3"}}`` (https://platform.openai.com/docs/api-reference/chat/create, openai-python
``ChatCompletionContentPartInputAudioParam``) is Gemini's inline audio, ``{"inlineData":
{"mimeType": "audio/wav" | "audio/mp3", "data": <base64>}}``
(https://ai.google.dev/gemini-api/docs/audio, "Supported audio formats";
https://ai.google.dev/api/caching#Blob). Before the fix a Chat history with audio
raised "gemini has no documented equivalent"."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from history_types import check_fragment
from toolwire import EncodeError

DATA = "UklGRiQAAABXQVZF"


def _chat(part: Dict[str, Any]) -> Dict[str, Any]:
    return {"messages": [{"role": "user", "content": [{"type": "text", "text": "What is said?"}, part]}]}


def _gemini(part: Dict[str, Any]) -> Dict[str, Any]:
    return {"contents": [{"role": "user", "parts": [{"text": "What is said?"}, part]}]}


@pytest.mark.parametrize(("fmt", "mime"), [("wav", "audio/wav"), ("mp3", "audio/mp3")])
def test_chat_audio_goes_to_gemini_as_inline_data(fmt: str, mime: str) -> None:
    conv = toolwire.decode_conversation(_chat({"type": "input_audio", "input_audio": {"data": DATA, "format": fmt}}),
                                        "openai.chat")
    report: List[Any] = []
    out = toolwire.encode_conversation(conv, "gemini", report=report)
    assert out == _gemini({"inlineData": {"mimeType": mime, "data": DATA}})
    assert report == []
    check_fragment("gemini", out)


@pytest.mark.parametrize(("mime", "fmt"), [("audio/wav", "wav"), ("audio/mp3", "mp3"), ("audio/mpeg", "mp3")])
@pytest.mark.parametrize("key", ["inlineData", "inline_data"])
def test_gemini_audio_goes_to_chat_as_input_audio(mime: str, fmt: str, key: str) -> None:
    mk = "mimeType" if key == "inlineData" else "mime_type"
    conv = toolwire.decode_conversation(_gemini({key: {mk: mime, "data": DATA}}), "gemini")
    report: List[Any] = []
    out = toolwire.encode_conversation(conv, "openai.chat", report=report)
    assert out == {"messages": [{"role": "user", "content": [
        {"type": "text", "text": "What is said?"},
        {"type": "input_audio", "input_audio": {"data": DATA, "format": fmt}}]}]}
    assert report == []
    check_fragment("openai.chat", out)


def test_audio_there_and_back_is_the_same_part() -> None:
    part = {"type": "input_audio", "input_audio": {"data": DATA, "format": "mp3"}}
    gemini = toolwire.encode_conversation(toolwire.decode_conversation(_chat(part), "openai.chat"), "gemini")
    back = toolwire.encode_conversation(toolwire.decode_conversation(gemini, "gemini"), "openai.chat")
    assert back == _chat(part)


def test_a_chat_audio_format_gemini_does_not_list_is_refused() -> None:
    conv = toolwire.decode_conversation(_chat({"type": "input_audio", "input_audio": {"data": DATA, "format": "m4a"}}),
                                        "openai.chat")
    with pytest.raises(EncodeError) as exc:
        toolwire.encode_conversation(conv, "gemini")
    assert exc.value.message == ("Message 0 holds input_audio of format 'm4a', which gemini cannot take: its inline "
                                 "audio is one of audio/wav, audio/mp3 (an input_audio format is wav or mp3)")
    assert exc.value.loc == "$.messages[0].parts[1].input_audio.format"


def test_gemini_audio_chat_cannot_take_is_refused() -> None:
    conv = toolwire.decode_conversation(_gemini({"inlineData": {"mimeType": "audio/ogg", "data": DATA}}), "gemini")
    with pytest.raises(EncodeError) as exc:
        toolwire.encode_conversation(conv, "openai.chat")
    assert exc.value.message == ("Message 0 holds inline audio of type 'audio/ogg', which openai.chat cannot take: "
                                 "its input_audio format is wav or mp3")
    assert exc.value.loc == "$.messages[0].parts[1].inlineData.mimeType"


@pytest.mark.parametrize(("part", "dialect", "target", "said"), [
    ({"type": "input_audio", "input_audio": {"data": DATA, "format": "wav"}, "cache_control": {"type": "ephemeral"}},
     "openai.chat", "gemini", "Message 0 holds an input_audio part with 'cache_control', which gemini has no field for"),
    ({"type": "input_audio", "input_audio": {"data": 5, "format": "wav"}},
     "openai.chat", "gemini", "Message 0 holds an input_audio part whose data is no string"),
    ({"inlineData": {"mimeType": "audio/wav", "data": DATA}, "videoMetadata": {"fps": 1}},
     "gemini", "openai.chat", "Message 0 holds an inline audio part with 'videoMetadata', which openai.chat has no "
     "field for"),
])
def test_what_the_other_side_has_no_field_for_is_refused(part: Dict[str, Any], dialect: str, target: str,
                                                         said: str) -> None:
    source = _chat(part) if dialect == "openai.chat" else _gemini(part)
    conv = toolwire.decode_conversation(source, dialect)
    with pytest.raises(EncodeError) as exc:
        toolwire.encode_conversation(conv, target)
    assert exc.value.message == said


def test_audio_elsewhere_still_says_it_has_no_equivalent() -> None:
    conv = toolwire.decode_conversation(_chat({"type": "input_audio", "input_audio": {"data": DATA, "format": "wav"}}),
                                        "openai.chat")
    with pytest.raises(EncodeError, match="anthropic.messages has no documented equivalent"):
        toolwire.encode_conversation(conv, "anthropic.messages")
