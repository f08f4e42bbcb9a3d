"""Images by their bytes (session 43): Anthropic and Bedrock check an image's bytes against
its type ("The image was specified using the image/png media type, but the image appears to
be a image/jpeg image"; "image does not match the provided media type"), and take PNG,
JPEG, GIF and WebP only: SVG, TIFF, BMP, HEIC or AVIF bytes labelled ``image/png`` are
refused naming the type they show, never sent mislabelled. A user message's image goes
to every target as the type its bytes show, as a tool result's does. An SVG is told after
a prologue of any length up to ``_image_types.PROLOGUE`` bytes (XML declaration, comments, a
doctype with its internal subset); an ISO BMFF image by its ``ftyp`` box's major and
compatible brands (ISO/IEC 14496-12 §4.3: ``major_brand``, ``minor_version``,
``compatible_brands[]`` to the end of the box): an AVIF of major brand ``mif1`` lists
``avif`` among its compatible brands (AV1 Image File Format §9, "shall list avif")."""

from __future__ import annotations

import base64
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import EncodeError, ToolwireError, encode_conversation
from toolwire.dialects import _base64_head, _image_types
from toolwire.dialects._image_types import shown_type

# a 1x1 PNG, a 1x1 8-bit grey baseline TIFF, an SVG, a JFIF JPEG head
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
TIFF = ("SUkqAAgAAAAIAAABAwABAAAAAQAAAAEBAwABAAAAAQAAAAIBAwABAAAACAAAAAMBAwABAAAAAQAAAAYBAwABAAAAAQAAABEBBAABAAAA"
        "bgAAABYBAwABAAAAAQAAABcBBAABAAAAAQAAAAAAAACA")
SVG = "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4="  # <svg xmlns="http://www.w3.org/2000/svg"/>
JPEG = base64.b64encode(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xdb" + bytes(40)).decode()
HEIC = base64.b64encode(b"\0\0\0\x18ftypheic\0\0\0\0mif1heic" + bytes(16)).decode()


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def _mcp(data: str, mime: str) -> toolwire.ToolResult:
    wire = {"jsonrpc": "2.0", "id": "call_1", "result": {"content": [{"type": "image", "data": data, "mimeType": mime}]}}
    return toolwire.decode_result(wire, "mcp").replace(name="fetch")


def _chat(data: str, mime: str) -> Dict[str, Any]:
    return {"messages": [{"role": "user", "content": [
        {"type": "text", "text": "What is in it?"},
        {"type": "image_url", "image_url": {"url": f"data:{mime};base64,{data}"}}]}]}


@pytest.mark.parametrize("target", ["anthropic.messages", "bedrock.converse"])
@pytest.mark.parametrize("data,shown", [(SVG, "image/svg+xml"), (TIFF, "image/tiff")])
def test_other_image_bytes_labelled_png_are_refused_for_checking_targets(target: str, data: str, shown: str) -> None:
    with pytest.raises(EncodeError, match=shown.replace("+", r"\+")):
        toolwire.encode_result(_mcp(data, "image/png"), target)
    with pytest.raises(ToolwireError, match=shown.replace("+", r"\+")):
        encode_conversation(_chat(data, "image/png"), target)


def test_anthropics_own_blocks_of_other_bytes_are_refused() -> None:
    block = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": SVG}}
    body = {"messages": [{"role": "user", "content": [{"type": "text", "text": "see"}, block]}]}
    with pytest.raises(ToolwireError, match=r"image/svg\+xml"):
        encode_conversation(toolwire.decode_conversation(body), "anthropic.messages")
    tr = {"type": "tool_result", "tool_use_id": "toolu_1", "content": [block]}
    with pytest.raises(EncodeError, match=r"image/svg\+xml"):
        toolwire.encode_result(toolwire.decode_result(tr, "anthropic.messages").replace(name="f"), "anthropic.messages")


def test_bedrocks_own_blocks_of_other_bytes_are_refused() -> None:
    img = {"image": {"format": "png", "source": {"bytes": TIFF}}}
    body = {"messages": [{"role": "user", "content": [{"text": "see"}, img]}]}
    with pytest.raises(ToolwireError, match="image/tiff"):
        encode_conversation(toolwire.decode_conversation(body, "bedrock.converse"), "bedrock.converse")
    tr = {"toolResult": {"toolUseId": "c", "content": [img]}}
    with pytest.raises(EncodeError, match="image/tiff"):
        toolwire.encode_result(toolwire.decode_result(tr, "bedrock.converse").replace(name="f"), "bedrock.converse")


def _user_image(out: Dict[str, Any], target: str) -> Any:
    if target == "openai.responses":
        return out["input"][0]["content"][1]["image_url"].partition(";")[0]
    if target == "gemini":
        return "data:" + out["contents"][0]["parts"][1]["inlineData"]["mimeType"]
    return out["messages"][0]["content"][1]["image_url"]["url"].partition(";")[0]


@pytest.mark.parametrize("target", ["openai.responses", "mistral", "gemini", "openai.chat"])
def test_a_user_messages_image_goes_as_its_bytes_show(target: str) -> None:
    """JPEG bytes labelled ``image/png``: sent as ``image/jpeg``, noted, as a tool result's
    (to Chat from Anthropic's shape: a Chat history goes back to Chat as it came)."""
    report: List[Any] = []
    body = _chat(JPEG, "image/png") if target != "openai.chat" else {"messages": [{"role": "user", "content": [
        {"type": "text", "text": "What is in it?"},
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": JPEG}}]}]}
    if target == "openai.chat":
        report = []
        out = encode_conversation(toolwire.decode_conversation(body, "anthropic.messages").messages, target,
                                  report=report)
        assert _user_image(out, target) == "data:image/jpeg"
        assert "converted" in [p.kind for p in report]
        return
    out = encode_conversation(body, target, report=report)
    assert _user_image(out, target) == "data:image/jpeg"
    assert [p.kind for p in report] == ["converted"]


@pytest.mark.parametrize("target,data,shown", [("openai.responses", TIFF, "image/tiff"), ("mistral", SVG, "image/svg+xml"),
                                               ("gemini", base64.b64encode(b"GIF89a" + bytes(20)).decode(), "image/gif")])
def test_a_user_messages_image_of_a_type_the_target_does_not_take_is_refused(target: str, data: str, shown: str) -> None:
    """OpenAI and Mistral take PNG, JPEG, GIF, WebP; Gemini PNG, JPEG, WebP, HEIC, HEIF."""
    for label in ("image/png", shown):
        with pytest.raises(EncodeError, match=shown.replace("+", r"\+")):
            encode_conversation(_chat(data, label), target)


def test_gemini_takes_a_heic_labelled_jpeg_as_heic() -> None:
    out = encode_conversation(_chat(HEIC, "image/jpeg"), "gemini", report=[])
    assert out["contents"][0]["parts"][1]["inlineData"]["mimeType"] == "image/heic"


@pytest.mark.parametrize("size", [700, 800, 2000, 6000])
def test_an_svg_after_a_long_prologue(size: int) -> None:
    prologue = b'<?xml version="1.0" encoding="UTF-8"?>\n<!-- ' + b"c" * size + b" -->\n"
    assert shown_type(_b64(prologue + b'<svg xmlns="http://www.w3.org/2000/svg"/>')) == "image/svg+xml"
    doctype = (b'<?xml version="1.0"?>\n<!-- Generator: Adobe Illustrator 16.0.0 -->\n'
               b'<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [\n'
               + b'\t<!ENTITY ns_extend "http://ns.adobe.com/Extensibility/1.0/">\n' * (size // 60) + b"]>\n")
    assert shown_type(_b64(doctype + b"<svg/>")) == "image/svg+xml"
    other = b'<?xml version="1.0"?>\n<!-- ' + b"c" * size + b' -->\n<html><svg/></html>'  # an svg inside: no SVG
    assert shown_type(_b64(other)) is None


def test_the_prologue_scan_is_bounded() -> None:
    """A comment that never ends: the bytes read stay within the bound, whatever the length."""
    calls: List[int] = []
    real = _base64_head.binascii.a2b_base64

    def counted(s: Any) -> bytes:
        calls.append(len(s))
        return real(s)

    for n in (10_000, 40_000):
        calls.clear()
        data = _b64(b"<?xml version='1.0'?><!-- " + b"x" * n)
        _base64_head.binascii.a2b_base64 = counted  # type: ignore[assignment]
        try:
            assert shown_type(data) is None
        finally:
            _base64_head.binascii.a2b_base64 = real  # type: ignore[assignment]
        assert sum(calls) <= _image_types.PROLOGUE * 4 // 3 + 64


@pytest.mark.parametrize("raw,want", [
    (b"\0\0\0\x1cftypmif1\0\0\0\0mif1avifmiaf", "image/avif"),
    (b"\0\0\0\x20ftypmif1\0\0\0\0mif1miafMA1Bavif", "image/avif"),
    (b"\0\0\0\x1cftypavif\0\0\0\0avifmif1miaf", "image/avif"),
    (b"\0\0\0\x18ftypmif1\0\0\0\0mif1heic", "image/heif"),  # (libheif: the major brand names HEIF)
    (b"\0\0\0\x1cftypmiaf\0\0\0\0miafMA1Bavif", "image/avif"),
    (b"\0\0\0\x18ftypheic\0\0\0\0mif1heic", "image/heic"),
    (b"\0\0\0\x14ftypmif1\0\0\0\0mif1", "image/heif"),
    (b"\0\0\0\x18ftypisom\0\0\x02\0isomiso2", None),  # an MP4
])
def test_iso_bmff_brands(raw: bytes, want: str) -> None:
    assert shown_type(_b64(raw + b"\0\0\0\x0cmeta" + bytes(8))) == want
