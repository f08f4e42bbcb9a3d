"""Image media types as the providers take them. A MIME type is case-insensitive (RFC 2045
§5.1) and ``image/jpg`` is a common label for JPEG (no registered type: IANA has
``image/jpeg``): both are read as the registered type. Bedrock and Anthropic check an
image's bytes against its type and refuse the request on a mismatch ("The image was
specified using the image/png media type, but the image appears to be a image/jpeg image"):
for them the type the bytes show (``sniff_image``: PNG, JPEG, GIF, WebP) wins. A tool
result's image goes to OpenAI Responses, Mistral, Gemini and Ollama so too (``sent_type``),
its bytes told by more types (``shown_type``: BMP, TIFF, SVG, HEIF, AVIF besides), so that
one of a type the target does not take is refused whatever its label."""

from __future__ import annotations

import binascii
from typing import Any, Collection, Optional

from .._errors import EncodeError
from ._result_media import ResultMedia, sniff_image

__all__ = ["OLLAMA_IMAGE_TYPES", "OPENAI_IMAGE_TYPES", "checked_type", "image_media_type", "sent_type", "shown_type"]

#: The image types OpenAI takes ("Image input requirements": PNG, JPEG, WEBP, non-animated
#: GIF, https://platform.openai.com/docs/guides/images-vision), as Mistral does (vision: "PNG,
#: JPEG, WEBP, and non-animated GIF")
OPENAI_IMAGE_TYPES = ("image/png", "image/jpeg", "image/gif", "image/webp")
#: The image types Ollama decodes in every version: llama.cpp's server loads images with
#: stb_image (JPEG, PNG, BMP, GIF, TGA...), a WebP made PNG first; TIFF only its Go engine
#: did (2025-02 to 2026-07), the current one no longer
OLLAMA_IMAGE_TYPES = OPENAI_IMAGE_TYPES + ("image/bmp",)

_ALIASES = {"image/jpg": "image/jpeg"}


def image_media_type(mt: Optional[str]) -> Optional[str]:
    """The image media type *mt* in lower case, ``image/jpg`` as ``image/jpeg``; ``None``
    for none (an empty one too)."""
    t = mt.strip().lower() if mt is not None else ""
    return _ALIASES.get(t, t) if t else None


def checked_type(mt: Optional[str], data: Optional[str]) -> Optional[str]:
    """The type to send base64 image *data* labelled *mt* as to a provider that checks
    its bytes: the one they show where they show one, else the label (``image_media_type``)."""
    shown = sniff_image(data) if data is not None else None
    return shown if shown is not None else image_media_type(mt)


# the first bytes of the other image types a tool may return (beside ``sniff_image``'s):
# BMP ("BM", then the size of its info header: BITMAPCOREHEADER 12 ... BITMAPV5HEADER 124),
# TIFF and BigTIFF (TIFF 6.0 "II*\0" / "MM\0*"; "+" for BigTIFF), SVG ("<svg" after an XML
# declaration, a comment or a doctype), HEIF and AVIF (ISO BMFF: an "ftyp" box, its brand)
_BMP_HEADERS = frozenset({12, 16, 40, 52, 56, 64, 108, 124})
_TIFF = (b"II*\0", b"MM\0*", b"II+\0", b"MM\0+")
_BRANDS = {b"heic": "image/heic", b"heix": "image/heic", b"heim": "image/heic", b"heis": "image/heic",
           b"mif1": "image/heif", b"msf1": "image/heif", b"avif": "image/avif", b"avis": "image/avif"}
_HEAD = 1024  # base64 characters read at most (768 bytes): an SVG's "<svg" comes after its prologue


def _head(data: str, chars: int) -> bytes:
    """The first bytes of base64 *data* (its first *chars* characters at most, line breaks
    of MIME's 76-column wrapping aside), or none (not base64, or not ASCII)."""
    chunk = "".join(data[:chars + chars // 8 + 4].split())[:chars]
    try:
        return binascii.a2b_base64(chunk[:len(chunk) // 4 * 4])
    except ValueError:  # binascii.Error, and text outside ASCII
        return b""


def shown_type(data: str) -> Optional[str]:
    """The image type base64 *data* shows by its first bytes: ``sniff_image``'s (PNG, JPEG,
    GIF, WebP), else BMP, TIFF, SVG, HEIC/HEIF or AVIF; ``None`` where they show none."""
    mt = sniff_image(data)
    if mt is not None:
        return mt
    head = _head(data, 24)
    if head[:2] == b"BM" and len(head) >= 18 and int.from_bytes(head[14:18], "little") in _BMP_HEADERS:
        return "image/bmp"
    if head[:4] in _TIFF:
        return "image/tiff"
    if head[4:8] == b"ftyp" and head[8:12] in _BRANDS:
        return _BRANDS[head[8:12]]
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text[:4] == b"<svg":
        return "image/svg+xml"
    if text[:2] in (b"<?", b"<!") and b"<svg" in _head(data, _HEAD):  # (a prologue first)
        return "image/svg+xml"
    return None


def sent_type(m: ResultMedia, types: Collection[str], target: str, ctx: Any = None) -> str:
    """The type to send image *m* (base64 data) to *target* as, one of *types*: the one its
    bytes show (``shown_type``) where they show one, as Anthropic and Bedrock get it (they
    check), else its label (``image_media_type``). A label the bytes tell otherwise is noted
    ``converted`` on *ctx* (an ``EncodeContext``; none for a target that gets no type);
    ``EncodeError`` for a type not in *types*, never sent as it came."""
    assert m.data is not None
    if not m.data.isascii():  # no base64: the provider's decoder refuses it
        raise EncodeError(f"An image as data in a tool result cannot be written for {target} (its data is not "
                          "base64: a character outside ASCII)", dialect=target)
    label = image_media_type(m.media_type)
    shown = shown_type(m.data)
    mt = shown if shown is not None else label
    if mt is None or mt not in types:
        said = f"{shown!r} by its bytes, labelled {m.media_type!r}" if shown not in (None, label) else repr(
            m.media_type) if m.media_type else "none its bytes show and no label"
        raise EncodeError(f"An image as data in a tool result cannot be written for {target} (its type: {said})",
                          dialect=target)
    if ctx is not None and m.media_type is not None and mt != label:
        ctx.note("converted", f"The image labelled {m.media_type!r} in",
                 f"is sent to {target} as {mt!r}, the type its bytes show")
    return mt
