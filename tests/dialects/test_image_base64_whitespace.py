"""White space in an image's base64 text is no part of its bytes (RFC 2045 §6.8: line
breaks and other characters outside the alphabet are passed over), before its first
character as after: ``sniff_image`` (PNG, JPEG, GIF, WebP) reads past it as ``shown_type``
does for BMP, TIFF, ISO BMFF and SVG, so one rule tells every type (revGemimg ws.py: a
GIF87a after ``"\\n"`` labelled ``image/gif`` went to Gemini, which takes no GIF, and JPEG
bytes after ``"\\n"`` labelled ``image/png`` went as PNG). White space in the bytes
themselves before a binary type's magic is no image of that type (only an SVG, text, may
start so)."""

from __future__ import annotations

import base64

import pytest

from toolwire import EncodeError, encode_conversation
from toolwire.conversation import Media, Message, Text
from toolwire.dialects._image_types import shown_type
from toolwire.dialects._result_media import sniff_image

GIF87 = base64.b64encode(b"GIF87a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff,\x00\x00\x00\x00\x01\x00\x01\x00"
                         b"\x00\x02\x02D\x01\x00;").decode()
JPEG = base64.b64encode(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xdb" + bytes(40)).decode()
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
WEBP = base64.b64encode(b"RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x000\x01\x00\x9d\x01*\x01\x00\x01\x00" + bytes(12)).decode()


def _user(data: str, label: str) -> list:  # type: ignore[type-arg]
    return [Message("user", [Text("see"), Media(kind="image", data=data, media_type=label)])]


@pytest.mark.parametrize("pre", ["\n", "  ", "\r\n", "\t \n"])
@pytest.mark.parametrize("data,want", [(GIF87, "image/gif"), (JPEG, "image/jpeg"), (PNG, "image/png"),
                                       (WEBP, "image/webp")])
def test_white_space_before_the_base64_text_is_passed_over(pre: str, data: str, want: str) -> None:
    assert sniff_image(pre + data) == want
    assert shown_type(pre + data) == want


def test_the_reproducers() -> None:
    with pytest.raises(EncodeError, match="image/gif"):
        encode_conversation(_user("\n" + GIF87, "image/gif"), "gemini", report=[])
    out = encode_conversation(_user("\n" + JPEG, "image/png"), "anthropic.messages", report=[])
    assert out["messages"][0]["content"][1]["source"]["media_type"] == "image/jpeg"


@pytest.mark.parametrize("raw", [b"\nGIF87a\x01\x00", b" \x89PNG\r\n\x1a\n\x00", b"\t\xff\xd8\xff\xe0\x00\x10JFIF"])
def test_white_space_in_the_bytes_before_a_binary_magic_is_no_such_image(raw: bytes) -> None:
    assert shown_type(base64.b64encode(raw + bytes(30)).decode()) is None
