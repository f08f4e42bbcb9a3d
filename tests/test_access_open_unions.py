"""An SDK's placeholder for a member of an open union it does not know is read as the
payload it keeps, never as the placeholder.

Speakeasy-generated SDKs (mistralai 3.x; google-genai's Interactions types) parse an open
union with ``parse_open_union``: a value whose discriminator the SDK does not know, or a
known one that fails its variant's validation, becomes ``Unknown*(type="UNKNOWN",
raw=<the value>, is_unknown=True)`` ("Preserves the raw payload": mistralai
``models/contentchunk.py`` ``UnknownContentChunk``). Read field by field, the placeholder
came out as ``{"type": "UNKNOWN", "raw": ..., "is_unknown": true}``, which a history then
wrote back to the provider: a part of no API. (openai, anthropic, cohere and ollama have
no such placeholder: their unions keep an unknown member as the object it was sent as.)
"""

from __future__ import annotations

import json
from typing import Any, Optional

import pytest
from pydantic import BaseModel

from toolwire import conversation as twc
from toolwire import response, stream
from toolwire._access import to_data, to_plain

SUMMARY = {"type": "summary", "summary": "s"}  # mistralai's SummaryChunk: not in the assistant content union


def _as_served(cls: Any, data: dict[str, Any]) -> Any:
    """``data`` read as the SDK reads a server's reply: mistralai 3.8 keeps the placeholder only under
    its ``ALLOW_UNKNOWN_UNION_VARIANTS`` validation context, which it sets for responses (3.7 always)."""
    serializers = pytest.importorskip("mistralai.client.utils.serializers")
    flag = getattr(serializers, "ALLOW_UNKNOWN_UNION_VARIANTS", None)
    return cls.model_validate(data, context=None if flag is None else {flag: True})


def _mistral_reply(models: Any) -> Any:
    return _as_served(models.ChatCompletionResponse, {
        "id": "cmpl_1", "object": "chat.completion", "model": "mistral-medium-latest", "created": 1,
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": [
            SUMMARY, {"type": "text", "text": "Hi."}]}}]})


def test_the_placeholder_is_its_payload() -> None:
    models = pytest.importorskip("mistralai.client.models")
    chunk = _mistral_reply(models).choices[0].message.content[0]
    assert type(chunk).__name__ == "UnknownContentChunk" and chunk.raw == SUMMARY  # the SDK's own form
    assert to_data(chunk) == SUMMARY
    assert to_data(models.UnknownContentChunk(raw=SUMMARY)) == SUMMARY  # a class met a second time
    assert to_plain({"content": [chunk]}) == {"content": [SUMMARY]}
    # a known type that fails its variant's validation is kept so too
    odd = _as_served(models.AssistantMessage, {"role": "assistant", "content": [{"type": "text", "text": 5}]})
    assert to_data(odd)["content"] == [{"type": "text", "text": 5}]


def test_a_mistral_history_writes_the_chunk_back_as_it_came() -> None:
    models = pytest.importorskip("mistralai.client.models")
    msg = _mistral_reply(models).choices[0].message
    conv = twc.decode_conversation([{"role": "user", "content": "hi"}, msg], "mistral")
    out = twc.encode_conversation(conv, "mistral")["messages"][1]
    assert out["content"] == [SUMMARY, {"text": "Hi.", "type": "text"}]
    assert "UNKNOWN" not in json.dumps(out)


def test_a_mistral_reply_and_stream_read_the_payload() -> None:
    models = pytest.importorskip("mistralai.client.models")
    assert response.normalize(_mistral_reply(models)).text == "Hi."
    chunk = _as_served(models.CompletionChunk, {
        "id": "c", "model": "mistral-medium-latest", "object": "chat.completion.chunk", "created": 1,
        "choices": [{"index": 0, "finish_reason": "stop", "delta": {"role": "assistant", "content": [
            SUMMARY, {"type": "text", "text": "Hi."}]}}]})
    assert type(chunk.choices[0].delta.content[0]).__name__ == "UnknownContentChunk"
    acc = stream.Accumulator("mistral")
    acc.feed(chunk)
    assert (acc.close(), acc.text) == ([], "Hi.")


def test_google_genai_interactions_placeholders_too() -> None:
    gi = pytest.importorskip("google.genai.interactions")
    if not hasattr(gi, "UnknownContent"):
        pytest.skip("google-genai 2.x (the one pydantic 2.10 resolves to) has no open-union placeholders")
    raw = {"type": "hologram", "data": "x"}
    assert to_data(gi.UnknownContent(raw=raw)) == raw
    assert to_data(gi.UnknownStep(raw=raw)) == raw


class _Own(BaseModel):  # a caller's model with such field names is no placeholder
    type: str = "UNKNOWN"
    raw: Any = None
    is_unknown: bool = False


class _Flagged(BaseModel):
    raw: Any = None
    is_unknown: Optional[bool] = True
    note: str = ""


def test_other_models_with_such_fields_are_read_field_by_field() -> None:
    assert to_data(_Own(raw={"a": 1}, is_unknown=True)) == {"type": "UNKNOWN", "raw": {"a": 1}, "is_unknown": True}
    assert to_data(_Flagged(raw=1, note="n")) == {"raw": 1, "is_unknown": True, "note": "n"}
