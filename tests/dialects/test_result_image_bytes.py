"""A tool result's image as data goes to OpenAI Responses, Mistral, Gemini and Ollama as the
type its bytes show (session 42), as it does to Anthropic and Bedrock: PNG bytes labelled
``image/bmp`` (or ``image/png; charset=x``) are sent as ``image/png``, noted ``converted``;
SVG, TIFF or BMP bytes labelled ``image/png`` are refused where the target does not take
that type. Where the bytes show no known type the label is all there is.

The types each takes: OpenAI ("Image input requirements": PNG, JPEG, WEBP, non-animated GIF),
Mistral (vision: PNG, JPEG, WEBP, non-animated GIF), Gemini's function responses
(``image/png``, ``image/jpeg``, ``image/webp``), Ollama (llama.cpp's stb_image: JPEG, PNG,
BMP, GIF...; WebP made PNG first; TIFF no longer).
"""

from __future__ import annotations

import base64
from typing import Any, Dict, List

import pytest

import toolwire

# a 1x1 PNG; a 1x1 24-bit BMP (BITMAPFILEHEADER "BM", BITMAPINFOHEADER of 40 bytes); a 1x1
# 8-bit grey baseline TIFF ("II*\0", one IFD of 8 entries); an SVG (the MCP spec's Image
# Content example holds "base64-encoded-data"); a 1x1 GIF
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
BMP = "Qk06AAAAAAAAADYAAAAoAAAAAQAAAAEAAAABABgAAAAAAAQAAAATCwAAEwsAAAAAAAAAAAAAAAD/AA=="
TIFF = ("SUkqAAgAAAAIAAABAwABAAAAAQAAAAEBAwABAAAAAQAAAAIBAwABAAAACAAAAAMBAwABAAAAAQAAAAYBAwABAAAAAQAAABEBBAABAAAA"
        "bgAAABYBAwABAAAAAQAAABcBBAABAAAAAQAAAAAAAACA")
SVG = "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4="  # <svg xmlns="http://www.w3.org/2000/svg"/>
GIF = "R0lGODlhAQABAAAAACw="
TARGETS = ["openai.responses", "mistral", "gemini", "ollama"]


def _result(data: str, mime: str) -> toolwire.ToolResult:
    wire = {"jsonrpc": "2.0", "id": "call_1", "result": {"content": [{"type": "image", "data": data,
                                                                      "mimeType": mime}]}}
    return toolwire.decode_result(wire, "mcp").replace(name="fetch")


def _sent(out: Dict[str, Any], target: str) -> Any:
    """The image as *target* got it: its data URL, Gemini's ``inlineData``, Ollama's base64."""
    if target == "openai.responses":
        return out["output"][0]["image_url"]
    if target == "mistral":
        return out["content"][0]["image_url"]["url"]
    if target == "gemini":
        return out["functionResponse"]["parts"][0]["inlineData"]
    return out["images"][0]


def _png_sent(target: str) -> Any:
    return {"mimeType": "image/png", "data": PNG} if target == "gemini" else PNG if target == "ollama" \
        else "data:image/png;base64," + PNG


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("label", ["image/bmp", "image/png; charset=x", "image/tiff", "image/jpeg"])
def test_png_bytes_go_as_png_whatever_their_label(target: str, label: str) -> None:
    report: List[Any] = []
    out = toolwire.encode_result(_result(PNG, label), target, report=report)
    assert _sent(out, target) == _png_sent(target)
    notes = [f"{p.kind}: {p.message}" for p in report]
    if target == "ollama":  # (its images carry no type)
        assert notes == []
    else:
        assert notes == [f"converted: The image labelled {label!r} in the result for call_1 ('fetch') is sent to "
                         f"{target} as 'image/png', the type its bytes show"]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("data, shown", [(SVG, "image/svg+xml"), (TIFF, "image/tiff"), (BMP, "image/bmp")])
def test_bytes_of_a_type_the_target_does_not_take_are_refused_whatever_their_label(
        target: str, data: str, shown: str) -> None:
    if target == "ollama" and shown == "image/bmp":
        assert toolwire.encode_result(_result(data, "image/png"), target)["images"] == [BMP]
        return
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.encode_result(_result(data, "image/png"), target)
    assert str(info.value) == (f"An image as data in a tool result cannot be written for {target} (its type: "
                               f"{shown!r} by its bytes, labelled 'image/png')")


def test_gif_bytes_labelled_png_are_no_gemini_function_response_image() -> None:
    toolwire.encode_result(_result(GIF, "image/png"), "openai.responses")
    with pytest.raises(toolwire.EncodeError, match="'image/gif' by its bytes, labelled 'image/png'"):
        toolwire.encode_result(_result(GIF, "image/png"), "gemini")


@pytest.mark.parametrize("target", TARGETS)
def test_a_label_its_bytes_agree_with_is_not_noted(target: str) -> None:
    report: List[Any] = []
    out = toolwire.encode_result(_result(PNG, "IMAGE/PNG"), target, report=report)
    assert _sent(out, target) == _png_sent(target) and report == []


@pytest.mark.parametrize("target", TARGETS)
def test_bytes_of_no_known_type_go_by_their_label(target: str) -> None:
    junk = "aGVsbG8gd29ybGQ="  # "hello world"
    out = toolwire.encode_result(_result(junk, "image/png"), target)
    assert _sent(out, target) == ({"mimeType": "image/png", "data": junk} if target == "gemini" else junk
                                  if target == "ollama" else "data:image/png;base64," + junk)
    with pytest.raises(toolwire.EncodeError, match=r"\(its type: 'image/tiff'\)$"):
        toolwire.encode_result(_result(junk, "image/tiff"), target)


def test_ollama_takes_bmp() -> None:
    """Ollama decodes BMP in every version (llama.cpp's stb_image); TIFF only its Go engine
    did, for a time: refused, as is SVG (before: BMP refused, TIFF bytes labelled PNG sent)."""
    for label in ("image/bmp", "image/x-ms-bmp"):
        assert toolwire.encode_result(_result(BMP, label), "ollama")["images"] == [BMP]
    for data, label in ((TIFF, "image/tiff"), (SVG, "image/svg+xml")):
        with pytest.raises(toolwire.EncodeError, match="cannot be written for ollama"):
            toolwire.encode_result(_result(data, label), "ollama")


@pytest.mark.parametrize("label", ["IMAGE/PNG", " image/webp"])
def test_a_gemini_image_labelled_in_capitals_or_with_a_blank_is_an_image(label: str) -> None:
    """A MIME type is case-insensitive (RFC 2045 §5.1): a Gemini function response part of
    ``IMAGE/PNG`` was read as a file and went to Responses as an ``input_file`` named
    "document", whatever its bytes (SVG bytes labelled ``" image/webp"`` were so written)."""
    wire = {"functionResponse": {"name": "f", "id": "call_1", "response": {"output": "x"},
                                 "parts": [{"inlineData": {"mimeType": label, "data": SVG}}]}}
    result = toolwire.decode_result(wire, "gemini")
    assert [p["type"] for p in result.content if p["type"] != "text"] == ["image"]
    with pytest.raises(toolwire.EncodeError, match="'image/svg\\+xml' by its bytes"):
        toolwire.encode_result(result, "openai.responses")
    png = {**wire, "functionResponse": {**wire["functionResponse"], "parts": [{"inlineData": {"mimeType": label,
                                                                                              "data": PNG}}]}}
    out = toolwire.encode_result(toolwire.decode_result(png, "gemini"), "openai.responses")["output"]
    assert [p["image_url"] for p in out if p["type"] == "input_image"] == ["data:image/png;base64," + PNG]


def test_an_svg_after_its_xml_prologue_is_told() -> None:
    svg = base64.b64encode(b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
                           b'"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/'
                           b'svg" width="1" height="1"/>').decode()
    with pytest.raises(toolwire.EncodeError, match="'image/svg\\+xml' by its bytes"):
        toolwire.encode_result(_result(svg, "image/png"), "mistral")
    xml = base64.b64encode(b'<?xml version="1.0"?><a/>').decode()  # XML of no SVG: no type told, its label
    assert toolwire.encode_result(_result(xml, "image/png"), "ollama")["images"] == [xml]


# review revM2 (session 42): an SVG with an XML prologue in base64 wrapped at 76 columns
# (Python's ``base64.encodebytes``, MIME) was never seen as SVG, so its label won; image data
# holding a character outside ASCII leaked ``binascii``'s ValueError into the message
_PROLOGUE_SVG = b'<?xml version="1.0" encoding="UTF-8"?>\n' + b"<!-- " + b"x" * 120 + b" -->\n" + (
    b'<svg xmlns="http://www.w3.org/2000/svg"><path d="' + b"M0 0 L1 1 " * 200 + b'"/></svg>')


@pytest.mark.parametrize("target", TARGETS)
def test_an_svg_in_wrapped_base64_is_refused_whatever_its_label(target: str) -> None:
    data = base64.encodebytes(_PROLOGUE_SVG).decode()
    assert "\n" in data[:100] and len(data) > 2048
    with pytest.raises(toolwire.EncodeError, match=r"\(its type: 'image/svg\+xml' by its bytes, labelled 'image/png'\)$"):
        toolwire.encode_result(_result(data, "image/png"), target)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("data", ["\u00ffPNG-ish", "\u00e9" + SVG, "\u00a0" + PNG, PNG[:8] + "\u00e9" + PNG[8:]])
def test_image_data_outside_ascii_is_refused_as_no_base64(target: str, data: str) -> None:
    # review revG2: base64 holding a character outside ASCII went out under its label (a
    # provider's base64 decoder refuses it); the message was binascii's ValueError before
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.encode_result(_result(data, "image/png"), target)
    assert "ValueError" not in str(info.value)
    assert str(info.value).endswith("(its data is not base64: a character outside ASCII)")


def test_an_image_without_label_or_known_bytes_says_so() -> None:
    # a TGA header (stb_image reads TGA, but no known type is shown by its first bytes)
    wire = {"type": "function_call_output", "call_id": "call_1", "output": [
        {"type": "input_image", "image_url": "data:;base64,AAACAAAAAAAAAAAAAQABABgA/wAA"}]}
    r = toolwire.decode_result(wire, "openai.responses").replace(name="fetch")
    with pytest.raises(toolwire.EncodeError, match=r"\(its type: none its bytes show and no label\)$"):
        toolwire.encode_result(r, "ollama")
