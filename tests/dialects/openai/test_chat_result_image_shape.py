"""An ``image_url`` part of a tool result written for ``openai.chat`` has Chat's shape.

The openai SDK's ``ChatCompletionContentPartImageParam`` has ``image_url:
Required[ImageURL]``, a TypedDict with ``url: Required[str]`` (and ``detail``); gateways
that take images in a tool message parse that shape. Mistral's ``ImageURLChunk`` may
hold the URL as a plain string (mistralai ``ImageURLChunk.image_url: str | ImageURL``):
written for Chat it becomes ``{"url": ...}``, as an image in a user message does. A
part of neither shape is refused (docs/conversations.md, "Results")."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import EncodeError, ToolResult
from toolwire.conversation import decode_conversation, encode_conversation

MISTRAL: Dict[str, Any] = {"model": "mistral-large-latest", "messages": [
    {"role": "user", "content": "see"},
    {"role": "assistant", "content": "", "tool_calls": [
        {"id": "abcDEF123", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "abcDEF123", "name": "f",
     "content": [{"type": "text", "text": "r"}, {"type": "image_url", "image_url": "https://x.test/a.png"}]},
]}


def test_mistral_result_image_goes_to_chat_as_an_image_url_object() -> None:
    out = encode_conversation(decode_conversation(MISTRAL, "mistral"), "openai.chat")
    assert out["messages"][2]["content"] == [
        {"type": "text", "text": "r"}, {"type": "image_url", "image_url": {"url": "https://x.test/a.png"}}]


def test_encode_result_writes_a_string_image_url_as_an_object() -> None:
    r = ToolResult("call_1", "f", [{"type": "image_url", "image_url": "data:image/png;base64,iVBORw0KGgo="}])
    assert toolwire.encode_result(r, "openai.chat")["content"] == [
        {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}}]


def test_chat_image_url_object_is_kept() -> None:
    part = {"type": "image_url", "image_url": {"url": "https://x.test/a.png", "detail": "low"}}
    assert toolwire.encode_result(ToolResult("call_1", "f", [part]), "openai.chat")["content"] == [part]


@pytest.mark.parametrize("value", ["ftp://x.test/a.png", {"detail": "low"}, 5])
def test_an_image_url_chat_cannot_take_is_refused(value: Any) -> None:
    part = {"type": "image_url", "image_url": value}
    with pytest.raises(EncodeError, match="An image_url part in a tool result cannot be written for openai.chat"):
        toolwire.encode_result(ToolResult("call_1", "f", [part]), "openai.chat")
