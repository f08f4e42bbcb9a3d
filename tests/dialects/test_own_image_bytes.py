"""A dialect's own images obey the bytes rule as converted ones do (session 44). Written
fresh (a message built or changed by the caller), an own Gemini ``inlineData`` image, a
Responses ``input_image`` or a Mistral ``image_url`` of bytes the target does not take
is refused naming the type its bytes show (Gemini, "Image understanding": PNG, JPEG,
WEBP, HEIC, HEIF; OpenAI, "Image input requirements", and Mistral: PNG, JPEG, WEBP,
non-animated GIF), and one labelled other than its bytes show goes as they show, noted
``converted``. Replayed as it came (decoded from the target, unchanged), a message the
provider refuses by those lists is no longer replayed: it is written fresh (refused by the
writer, ``check_conversation``: ``refused-message``); a label the provider is not
documented to check (PNG bytes labelled ``image/jpeg``) goes as it came."""

from __future__ import annotations

import base64
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import EncodeError, ToolwireError, encode_conversation
from toolwire.conversation import Message

GIF = base64.b64encode(b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,"
                       b"\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;").decode()
SVG = "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4="  # <svg xmlns="http://www.w3.org/2000/svg"/>
HEIC = base64.b64encode(b"\0\0\0\x18ftypheic\0\0\0\0mif1heic" + bytes(16)).decode()
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="


def _gemini(data: str, mime: str) -> Dict[str, Any]:
    return {"contents": [{"role": "user", "parts": [{"text": "see"}, {"inlineData": {"mimeType": mime, "data": data}}]}]}


def _responses(data: str, mime: str) -> Dict[str, Any]:
    return {"input": [{"role": "user", "content": [{"type": "input_text", "text": "see"}, {
        "type": "input_image", "image_url": f"data:{mime};base64,{data}", "detail": "low"}]}]}


def _mistral(data: str, mime: str) -> Dict[str, Any]:
    return {"messages": [{"role": "user", "content": [{"type": "text", "text": "see"}, {
        "type": "image_url", "image_url": {"url": f"data:{mime};base64,{data}"}}]}]}


_BODIES = {"gemini": _gemini, "openai.responses": _responses, "mistral": _mistral}


def _fresh(body: Dict[str, Any], dialect: str) -> List[Message]:
    """The decoded messages of *body* built again: no wire, so written fresh."""
    return [Message(m.role, list(m.parts)) for m in toolwire.decode_conversation(body, dialect).messages]


@pytest.mark.parametrize("dialect,data,shown", [
    ("gemini", GIF, "image/gif"), ("openai.responses", SVG, "image/svg+xml"), ("openai.responses", HEIC, "image/heic"),
    ("mistral", SVG, "image/svg+xml")])
@pytest.mark.parametrize("label", ["png", "own"])
def test_an_own_image_of_a_type_the_target_does_not_take_is_refused_written_fresh(
        dialect: str, data: str, shown: str, label: str) -> None:
    body = _BODIES[dialect](data, shown if label == "own" else "image/png")
    with pytest.raises(EncodeError, match=shown.replace("+", r"\+")):
        encode_conversation(_fresh(body, dialect), dialect, report=[])


@pytest.mark.parametrize("dialect,data,shown", [
    ("gemini", GIF, "image/gif"), ("openai.responses", SVG, "image/svg+xml"), ("openai.responses", HEIC, "image/heic"),
    ("mistral", SVG, "image/svg+xml")])
def test_an_own_image_of_a_type_the_target_does_not_take_is_not_replayed(dialect: str, data: str, shown: str) -> None:
    body = _BODIES[dialect](data, shown)
    conv = toolwire.decode_conversation(body, dialect)
    with pytest.raises(ToolwireError, match=shown.replace("+", r"\+")):
        encode_conversation(conv, dialect, report=[])
    kinds = [p.kind for p in toolwire.check_conversation(conv, dialect)]
    assert "refused-message" in kinds


def test_an_own_gemini_image_mislabelled_written_fresh_goes_as_its_bytes_show() -> None:
    report: List[Any] = []
    body = {"contents": [{"role": "user", "parts": [{"text": "see"}, {
        "inline_data": {"mime_type": "image/jpeg", "data": PNG}, "mediaResolution": {"level": "MEDIA_RESOLUTION_LOW"}}]}]}
    out = encode_conversation(_fresh(body, "gemini"), "gemini", report=report)
    assert out["contents"][0]["parts"][1] == {
        "inline_data": {"mime_type": "image/png", "data": PNG}, "mediaResolution": {"level": "MEDIA_RESOLUTION_LOW"}}
    assert [p.kind for p in report] == ["converted"]


@pytest.mark.parametrize("dialect", ["openai.responses", "mistral"])
def test_an_own_openai_style_image_mislabelled_written_fresh_goes_as_its_bytes_show(dialect: str) -> None:
    report: List[Any] = []
    out = encode_conversation(_fresh(_BODIES[dialect](PNG, "image/jpeg"), dialect), dialect, report=report)
    key = "input" if dialect == "openai.responses" else "messages"
    part = out[key][0]["content"][1]
    url = part["image_url"] if dialect == "openai.responses" else part["image_url"]["url"]
    assert url == f"data:image/png;base64,{PNG}"
    if dialect == "openai.responses":
        assert part["detail"] == "low"
    assert [p.kind for p in report] == ["converted"]


@pytest.mark.parametrize("dialect", ["gemini", "openai.responses", "mistral"])
@pytest.mark.parametrize("data,mime", [(PNG, "image/jpeg"), (PNG, "image/png"), (HEIC, "image/heic")])
def test_replayed_own_images_the_provider_takes_go_as_they_came(dialect: str, data: str, mime: str) -> None:
    if dialect != "gemini" and mime == "image/heic":
        data, mime = GIF, "image/gif"
    body = _BODIES[dialect](data, mime)
    report: List[Any] = []
    out = encode_conversation(toolwire.decode_conversation(body, dialect), dialect, report=report)
    key = {"gemini": "contents", "openai.responses": "input", "mistral": "messages"}[dialect]
    assert out[key] == body[key]
    assert report == []


@pytest.mark.parametrize("dialect", ["gemini", "openai.responses", "mistral"])
def test_an_own_image_of_data_outside_ascii_is_not_replayed(dialect: str) -> None:
    """U+00A0 before the base64: every strict decoder refuses it (RFC 4648 §3.3)."""
    conv = toolwire.decode_conversation(_BODIES[dialect]("\u00a0" + PNG, "image/png"), dialect)
    with pytest.raises(ToolwireError, match="not base64"):
        encode_conversation(conv, dialect, report=[])


@pytest.mark.parametrize("replay", [True, False])
def test_an_own_anthropic_or_bedrock_image_labelled_with_a_type_they_do_not_take_is_refused(replay: bool) -> None:
    """Anthropic's ``media_type`` and Converse's ``format`` are enums (jpeg, png, gif, webp):
    an SVG labelled ``image/svg+xml`` (``svg+xml``) is refused by them, so by the writers too."""
    anth = {"messages": [{"role": "user", "content": [{"type": "text", "text": "see"}, {
        "type": "image", "source": {"type": "base64", "media_type": "image/svg+xml", "data": SVG}}]}]}
    bed = {"messages": [{"role": "user", "content": [{"text": "see"}, {
        "image": {"format": "svg+xml", "source": {"bytes": SVG}}}]}]}
    for body, dialect in ((anth, "anthropic.messages"), (bed, "bedrock.converse")):
        conv = toolwire.decode_conversation(body, dialect)
        msgs: Any = conv if replay else [Message(m.role, list(m.parts)) for m in conv.messages]
        with pytest.raises(ToolwireError, match=r"image/svg\+xml"):
            encode_conversation(msgs, dialect, report=[])
