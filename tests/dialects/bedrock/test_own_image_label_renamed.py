"""A history image of Anthropic or Bedrock labelled by a name the provider does not take
for its type (``image/jpg``, ``IMAGE/PNG``; Bedrock ``format: "jpg"``) is not replayed as it
came: Anthropic's ``media_type`` takes "image/jpeg", "image/png", "image/gif", "image/webp"
(the Messages API reference), Converse's ``ImageFormat`` png | jpeg | gif | webp, lower case
only (botocore's service model; a live check: format 'jpg' -> ValidationException,
NousResearch/hermes-agent#55429). The message is ``rewritten`` saying so, and the image is
noted ``converted`` with both types, also where its bytes show no type (Bedrock replayed
such an image as it came before)."""

from __future__ import annotations

import base64
from typing import Any, List

import pytest

from toolwire.conversation import Problem, decode_conversation, encode_conversation

A, B = "anthropic.messages", "bedrock.converse"
JPG = base64.b64encode(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9").decode()
UNKNOWN = base64.b64encode(b"not an image").decode()


def _notes(h: Any, d: str) -> List[Any]:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(h, d), d, report=report)
    return [out, [(p.kind, p.index, p.message) for p in report]]


@pytest.mark.parametrize("data", [JPG, UNKNOWN])
@pytest.mark.parametrize("mt", ["image/jpg", "IMAGE/JPEG"])
def test_an_anthropic_image_named_otherwise(mt: str, data: str) -> None:
    h = {"messages": [{"role": "user", "content": [
        {"type": "text", "text": "look"}, {"type": "image", "source": {"type": "base64", "media_type": mt, "data": data}}]}]}
    out, notes = _notes(h, A)
    assert out["messages"][0]["content"][1]["source"] == {"type": "base64", "media_type": "image/jpeg", "data": data}
    assert notes == [
        ("rewritten", 0, f"User message 0 is written fresh, not as it came: it holds an image labelled {mt!r}, a "
                         "media type Anthropic does not take (image/jpeg, image/png, image/gif, image/webp)"),
        ("converted", 0, f"The image in message 0 labelled {mt!r} is sent as 'image/jpeg', the name "
                         "anthropic.messages takes for its type"),
    ]


@pytest.mark.parametrize("data", [JPG, UNKNOWN])
@pytest.mark.parametrize("fmt", ["jpg", "JPEG"])
def test_a_bedrock_image_of_a_format_converse_does_not_take(fmt: str, data: str) -> None:
    h = [{"role": "user", "content": [{"text": "look"}, {"image": {"format": fmt, "source": {"bytes": data}}}]}]
    out, notes = _notes(h, B)
    assert out["messages"][0]["content"][1] == {"image": {"format": "jpeg", "source": {"bytes": data}}}
    assert notes == [
        ("rewritten", 0, f"User message 0 is written fresh, not as it came: it holds an image of format {fmt!r}, "
                         "which Converse does not take (png, jpeg, gif, webp)"),
        ("converted", 0, f"The image in message 0 labelled 'image/{fmt}' is sent as 'image/jpeg', the name "
                         "bedrock.converse takes for its type"),
    ]


def test_an_image_its_bytes_contradict_is_noted_as_before() -> None:
    h = [{"role": "user", "content": [{"text": "look"}, {"image": {"format": "png", "source": {"bytes": JPG}}}]}]
    out, notes = _notes(h, B)
    assert out["messages"][0]["content"][1] == {"image": {"format": "jpeg", "source": {"bytes": JPG}}}
    assert [k for k, _i, _m in notes] == ["rewritten", "converted"]
    assert notes[1][2] == ("The image in message 0 labelled 'image/png' is sent as 'image/jpeg', the type its bytes "
                           "show: bedrock.converse checks them")


@pytest.mark.parametrize(("h", "d"), [
    ([{"role": "user", "content": [{"text": "look"}, {"image": {"format": "jpeg", "source": {"bytes": UNKNOWN}}}]}], B),
    ({"messages": [{"role": "user", "content": [{"type": "image", "source": {
        "type": "base64", "media_type": "image/jpeg", "data": JPG}}]}]}, A),
])
def test_an_image_named_as_the_provider_names_it_is_replayed(h: Any, d: str) -> None:
    out, notes = _notes(h, d)
    assert out == (h if d == A else {"messages": h}) and notes == []


def test_a_bedrock_result_image_of_a_format_converse_does_not_take() -> None:
    h = [{"role": "user", "content": [{"text": "look"}]},
         {"role": "assistant", "content": [{"toolUse": {"toolUseId": "tooluse_1", "name": "shot", "input": {}}}]},
         {"role": "user", "content": [{"toolResult": {"toolUseId": "tooluse_1", "content": [
             {"image": {"format": "jpg", "source": {"bytes": UNKNOWN}}}]}}]}]
    out, notes = _notes(h, B)
    assert out["messages"][2]["content"][0]["toolResult"]["content"] == [
        {"image": {"format": "jpeg", "source": {"bytes": UNKNOWN}}}]
    assert notes == [("rewritten", 2, "User message 2 is written fresh, not as it came: it holds a toolResult image "
                                      "of format 'jpg', which Converse does not take")]
