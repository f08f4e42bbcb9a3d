"""How an image's first bytes are read from its base64 text (session 44). Only the white
space a base64 decoder passes over is passed over: ASCII white space (RFC 2045 §6.8 line
breaks; Go's ``StdEncoding`` skips CR and LF, Python's lenient ``b64decode`` any ASCII
character outside the alphabet), however much of it comes first (more than 53 leading
characters were not read, and the label went unchecked); a character outside ASCII
(U+00A0, U+2028) is refused by every strict decoder (Python's ``b64decode`` raises on text
outside ASCII, Java's ``Base64.getDecoder`` and Go's on any byte outside the alphabet; RFC
4648 §3.3: "non-alphabet characters ... MUST be rejected"), so it is never passed over:
such data shows no type and a user message's image of it is refused, as a tool result's
is. An SVG in UTF-16 (XML 1.0 Appendix F: a byte order mark ``FF FE`` / ``FE FF``, or
``3C 00 3F 00`` / ``00 3C 00 3F`` for ``<?``) is told as one."""

from __future__ import annotations

import base64
from typing import Any, List

import pytest

from toolwire import EncodeError, encode_conversation
from toolwire.conversation import Media, Message, Text
from toolwire.dialects._image_types import shown_type
from toolwire.dialects._result_media import sniff_image

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
GIF = base64.b64encode(b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff,\x00\x00\x00\x00\x01\x00\x01\x00"
                       b"\x00\x02\x02D\x01\x00;").decode()
TIFF = ("SUkqAAgAAAAIAAABAwABAAAAAQAAAAEBAwABAAAAAQAAAAIBAwABAAAACAAAAAMBAwABAAAAAQAAAAYBAwABAAAAAQAAABEBBAABAAAA"
        "bgAAABYBAwABAAAAAQAAABcBBAABAAAAAQAAAAAAAACA")
SVG_TEXT = '<?xml version="1.0" encoding="UTF-16"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>\n'


def _user(data: str, label: str) -> List[Message]:
    return [Message("user", [Text("see"), Media(kind="image", data=data, media_type=label)])]


@pytest.mark.parametrize("n", [54, 60, 100, 1000, 100_000])
@pytest.mark.parametrize("ws", [" ", "\n", "\r\n", "\t"])
def test_long_leading_white_space_is_read_past(n: int, ws: str) -> None:
    pre = (ws * n)[:n]
    assert sniff_image(pre + PNG) == "image/png"
    assert shown_type(pre + PNG) == "image/png"
    assert shown_type(pre + TIFF) == "image/tiff"
    with pytest.raises(EncodeError, match="image/gif"):
        encode_conversation(_user(pre + GIF, "image/png"), "gemini", report=[])
    out = encode_conversation(_user(pre + PNG, "image/jpeg"), "anthropic.messages", report=[])
    assert out["messages"][0]["content"][1]["source"]["media_type"] == "image/png"


def test_white_space_between_the_first_characters_is_read_past() -> None:
    spaced = "\n".join(PNG[i:i + 2] for i in range(0, len(PNG), 2))
    assert shown_type(spaced) == "image/png"
    assert shown_type(" " * 300 + "\n".join(TIFF[i:i + 1] for i in range(len(TIFF)))) == "image/tiff"


@pytest.mark.parametrize("pre", ["\u00a0", "\u2028", "\u3000", "\u0085", "\u00a0\n"])
def test_white_space_outside_ascii_is_not_passed_over(pre: str) -> None:
    assert sniff_image(pre + PNG) is None
    assert shown_type(pre + PNG) is None
    for target in ("anthropic.messages", "gemini", "openai.responses", "bedrock.converse"):
        with pytest.raises(EncodeError, match="not base64"):
            encode_conversation(_user(pre + PNG, "image/png"), target, report=[])


@pytest.mark.parametrize("codec,bom", [("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff"),
                                       ("utf-16-le", b""), ("utf-16-be", b"")])
@pytest.mark.parametrize("pad", [0, 2000])
def test_an_svg_in_utf_16_is_told(codec: str, bom: bytes, pad: int) -> None:
    text = SVG_TEXT.replace("\n<svg", "\n<!-- " + "c" * pad + " -->\n<svg")
    data = base64.b64encode(bom + text.encode(codec)).decode()
    assert shown_type(data) == "image/svg+xml"
    with pytest.raises(EncodeError, match=r"image/svg\+xml"):
        encode_conversation(_user(data, "image/png"), "anthropic.messages", report=[])


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_a_bom_and_svg_without_declaration_is_told(codec: str) -> None:
    data = base64.b64encode("\ufeff<svg/>".encode(codec)).decode()
    assert shown_type(data) == "image/svg+xml"


@pytest.mark.parametrize("raw", ["\ufeff<html><svg/></html>".encode("utf-16-le"), b"\xff\xfe" + bytes(40),
                                 "<?xml version='1.0'?><html/>".encode("utf-16-be"), b"\xfe\xff\xd8\x00"])
def test_other_utf_16_text_is_no_svg(raw: bytes) -> None:
    assert shown_type(base64.b64encode(raw).decode()) is None


def test_the_head_read_is_linear() -> None:
    """Leading white space is read once: the characters looked at grow as the data does."""
    from toolwire.dialects import _base64_head

    seen: List[Any] = []
    real = _base64_head._scanned

    def count(n: int) -> None:
        seen.append(n)
        real(n)

    _base64_head._scanned = count  # type: ignore[assignment]
    try:
        totals = []
        for n in (20_000, 80_000):
            seen.clear()
            assert shown_type(" \n" * n + "A\n" * n) is None
            totals.append(sum(seen))
    finally:
        _base64_head._scanned = real  # type: ignore[assignment]
    assert 3.5 <= totals[1] / totals[0] <= 4.5


@pytest.mark.parametrize("target", ["anthropic.messages", "bedrock.converse"])
def test_data_outside_ascii_is_refused_in_tool_results_and_replays(target: str) -> None:
    """Anthropic's and Bedrock's own blocks and tool results, replayed or converted: refused,
    never sent (before: read past U+0085 as the image after it, refused or sent by a guess)."""
    import toolwire

    data = "\u0085" + PNG
    wire = {"jsonrpc": "2.0", "id": "c", "result": {"content": [{"type": "image", "data": data, "mimeType": "image/png"}]}}
    with pytest.raises(EncodeError, match="not base64"):
        toolwire.encode_result(toolwire.decode_result(wire, "mcp").replace(name="f", id="toolu_1"), target)
    if target == "anthropic.messages":
        block = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": data}}
        body = {"messages": [{"role": "user", "content": [{"type": "text", "text": "see"}, block]}]}
        tr = {"type": "tool_result", "tool_use_id": "toolu_1", "content": [block]}
    else:
        block = {"image": {"format": "png", "source": {"bytes": data}}}
        body = {"messages": [{"role": "user", "content": [{"text": "see"}, block]}]}
        tr = {"toolResult": {"toolUseId": "c", "content": [block]}}
    with pytest.raises(EncodeError, match="not base64"):
        encode_conversation(toolwire.decode_conversation(body, target), target, report=[])
    with pytest.raises(EncodeError, match="not base64"):
        toolwire.encode_result(toolwire.decode_result(tr, target).replace(name="f"), target)
