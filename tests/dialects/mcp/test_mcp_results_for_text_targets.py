"""MCP result blocks written for targets that cannot hold them as they are (session 42).

- An image of a type the target does not take (``image/svg+xml``, ``image/bmp``,
  ``image/tiff``) is refused (``EncodeError``), never written as it came: OpenAI (Responses;
  "Image input requirements": PNG, JPEG, WEBP, non-animated GIF), Mistral (vision: PNG,
  JPEG, WEBP, non-animated GIF), Ollama (PNG, JPEG, GIF, WEBP, BMP: llama.cpp's stb_image)
  and Gemini (multimodal function responses: ``image/png``, ``image/jpeg``, ``image/webp``).
- An embedded text resource (``{"type": "resource", "resource": {"uri", "mimeType",
  "text"}}``) goes to the targets whose tool results hold text only (Chat, Mistral, Cohere,
  Ollama) as a text part, its URI the header line, noted ``converted``.
"""

from __future__ import annotations

from typing import Any, List

import pytest

import toolwire

# the MCP specification's examples (server/tools, "Tool Result": Image Content, Embedded Resources)
SVG = "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4="  # <svg xmlns="http://www.w3.org/2000/svg"/>
# the first bytes of each type (real files: a 1x1 BMP, a 1x1 baseline TIFF, a PNG, JPEG, GIF and WebP header)
BMP = "Qk06AAAAAAAAADYAAAAoAAAAAQAAAAEAAAABABgAAAAAAAQAAAATCwAAEwsAAAAAAAAAAAAAAAD/AA=="
TIFF = ("SUkqAAgAAAAIAAABAwABAAAAAQAAAAEBAwABAAAAAQAAAAIBAwABAAAACAAAAAMBAwABAAAAAQAAAAYBAwABAAAAAQAAABEBBAABAAAA"
        "bgAAABYBAwABAAAAAQAAABcBBAABAAAAAQAAAAAAAACA")
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
JPEG = "/9j/4AAQSkZJRgABAQAAAQABAAD/2w=="
GIF = "R0lGODlhAQABAAAAACw="
WEBP = "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="
RESOURCE = {"type": "resource", "resource": {"uri": "resource://example", "mimeType": "text/plain",
                                             "text": "Resource content"}}


def _result(*blocks: Any) -> toolwire.ToolResult:
    wire = {"jsonrpc": "2.0", "id": "call_1", "result": {"content": list(blocks)}}
    return toolwire.decode_result(wire, "mcp").replace(name="fetch")


@pytest.mark.parametrize("target", ["openai.responses", "mistral", "ollama", "gemini"])
@pytest.mark.parametrize("mime, data", [("image/svg+xml", SVG), ("image/bmp", BMP), ("image/tiff", TIFF)])
def test_an_image_of_a_type_the_target_does_not_take_is_refused(target: str, mime: str, data: str) -> None:
    result = _result({"type": "image", "data": data, "mimeType": mime})
    if target == "ollama" and mime == "image/bmp":  # (llama.cpp's stb_image decodes BMP)
        assert toolwire.encode_result(result, target)["images"] == [BMP]
        return
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.encode_result(result, target)
    assert str(info.value) == f"An image as data in a tool result cannot be written for {target} (its type: {mime!r})"


@pytest.mark.parametrize("target, mime, data", [
    ("openai.responses", "image/gif", GIF), ("mistral", "image/webp", WEBP), ("ollama", "image/jpeg", JPEG),
    ("gemini", "image/png", PNG), ("openai.responses", "IMAGE/PNG", PNG), ("mistral", "image/jpg", JPEG)])
def test_an_image_of_a_type_it_takes_is_written(target: str, mime: str, data: str) -> None:
    toolwire.encode_result(_result({"type": "image", "data": data, "mimeType": mime}), target)


def test_gif_is_no_gemini_function_response_image() -> None:
    with pytest.raises(toolwire.EncodeError, match="'image/gif'"):
        toolwire.encode_result(_result({"type": "image", "data": "R0lGODlhAQABAAAAACw=", "mimeType": "image/gif"}),
                               "gemini")


def _notes(target: str, result: toolwire.ToolResult) -> List[str]:
    report: List[Any] = []
    toolwire.convert(result, target, report=report)
    return [f"{p.kind}: {p.message}" for p in report]


@pytest.mark.parametrize("target, content", [
    ("openai.chat", "before\nresource://example\nResource content"),
    ("ollama", "before\nresource://example\nResource content"),
    ("mistral", [{"type": "text", "text": "before"}, {"type": "text", "text": "resource://example\nResource content"}]),
    ("cohere.v2", [{"type": "text", "text": "before"}, {"type": "text", "text": "resource://example\nResource content"}]),
])
def test_an_embedded_text_resource_is_text_for_text_targets(target: str, content: Any) -> None:
    result = _result({"type": "text", "text": "before"}, RESOURCE)
    assert toolwire.encode_result(result, target)["content"] == content
    assert ("converted: The embedded resource 'resource://example' (text/plain) in the result for call_1 ('fetch') is "
            f"sent to {target} as a text part, its URI the first line") in _notes(target, result)


def test_a_blob_resource_is_still_refused_for_chat() -> None:
    blob = {"type": "resource", "resource": {"uri": "file:///a.bin", "mimeType": "application/octet-stream",
                                             "blob": "AAEC"}}
    with pytest.raises(toolwire.EncodeError):
        toolwire.encode_result(_result(blob), "openai.chat")
