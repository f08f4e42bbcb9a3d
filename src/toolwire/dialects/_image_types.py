"""Image media types as the providers take them. A MIME type is case-insensitive (RFC 2045
§5.1) and ``image/jpg`` is a common label for JPEG (no registered type: IANA has
``image/jpeg``): both are read as the registered type. An image's bytes win over its label
for every target that takes typed image data, in a user message as in a tool result: Bedrock
and Anthropic check them and refuse the request on a mismatch ("The image was specified
using the image/png media type, but the image appears to be a image/jpeg image"), and take
PNG, JPEG, GIF and WebP only, so bytes of another known type are refused naming it
(``checked_type``, ``refusal``); a tool result's image goes to OpenAI Responses, Mistral,
Gemini and Ollama so too (``sent_type``). The bytes are told by ``shown_type``: PNG, JPEG,
GIF, WebP (``sniff_image``), BMP, TIFF, SVG (after its prologue: ``svg_prologue``; in UTF-8
or UTF-16), HEIC/HEIF and AVIF (an ISO BMFF ``ftyp`` box's brands), from the first bytes
of the base64 text as the providers' decoders read it (``_base64_head``)."""

from __future__ import annotations

from typing import Any, Collection, Optional

from .._errors import EncodeError
from ._base64_head import base64_bytes, past_space
from ._result_media import ResultMedia, sniff_image
from ._svg_prologue import svg_prologue

__all__ = ["GEMINI_IMAGE_TYPES", "NOT_BASE64", "OLLAMA_IMAGE_TYPES", "OPENAI_IMAGE_TYPES", "PROLOGUE",
           "USER_IMAGE_TYPES", "checked_type", "image_media_type", "is_image_type", "no_base64", "refusal", "sent_type",
           "shown_type", "untaken"]

#: The image types OpenAI takes ("Image input requirements": PNG, JPEG, WEBP, non-animated
#: GIF, https://platform.openai.com/docs/guides/images-vision), as Mistral does (vision: "PNG,
#: JPEG, WEBP, and non-animated GIF")
OPENAI_IMAGE_TYPES = ("image/png", "image/jpeg", "image/gif", "image/webp")
#: The image types Ollama decodes in every version: llama.cpp's server loads images with
#: stb_image (JPEG, PNG, BMP, GIF, TGA...), a WebP made PNG first; TIFF only its Go engine
#: did (2025-02 to 2026-07), the current one no longer
OLLAMA_IMAGE_TYPES = OPENAI_IMAGE_TYPES + ("image/bmp",)
#: The image types Gemini takes in a user turn ("Image understanding": PNG, JPEG, WEBP, HEIC,
#: HEIF, https://ai.google.dev/gemini-api/docs/image-understanding; GIF refused since 2.0)
GEMINI_IMAGE_TYPES = ("image/png", "image/jpeg", "image/webp", "image/heic", "image/heif")
#: The image types a user message's image may be of, by its bytes, for the targets that list
#: them (Anthropic's and Bedrock's writers check their own)
USER_IMAGE_TYPES = {"openai.responses": OPENAI_IMAGE_TYPES, "mistral": OPENAI_IMAGE_TYPES,
                    "gemini": GEMINI_IMAGE_TYPES}

_ALIASES = {"image/jpg": "image/jpeg"}
#: why image data holding a character outside ASCII is refused: no provider's decoder reads it (``_base64_head``)
NOT_BASE64 = "its data is not base64: a character outside ASCII"


def no_base64(data: Any) -> bool:
    """Whether *data* is text holding a character outside ASCII: no base64 for any
    provider's decoder (``_base64_head``), so an image of it is refused, never sent."""
    return type(data) is str and not data.isascii()


def image_media_type(mt: Optional[str]) -> Optional[str]:
    """The image media type *mt* in lower case, ``image/jpg`` as ``image/jpeg``; ``None``
    for none (an empty one too)."""
    t = mt.strip().lower() if mt is not None else ""
    return _ALIASES.get(t, t) if t else None


def is_image_type(mt: Any) -> bool:
    """Whether *mt* is a MIME type of the ``image`` top-level type, in any case and with
    white space around it (RFC 2045 §5.1: "matching of media type and subtype is ALWAYS
    case-insensitive"): ``IMAGE/JPG`` and `` image/png`` are images."""
    return type(mt) is str and mt.strip()[:6].lower() == "image/"


def checked_type(mt: Optional[str], data: Optional[str]) -> Optional[str]:
    """The type to send base64 image *data* labelled *mt* as to a provider that checks
    its bytes: the one they show where they show one (``shown_type``: one the provider may
    not take, which its writer refuses, ``refusal``), else the label (``image_media_type``)."""
    shown = shown_type(data) if data is not None else None
    return shown if shown is not None else image_media_type(mt)


def refusal(what: str, target: str, label: Optional[str], shown: Optional[str]) -> str:
    """The words of an ``EncodeError`` for image *what* (``"An image as data in a tool
    result"``) of a type *target* does not take: the type its bytes show where they show
    another than its *label*, else the label."""
    if shown is not None and shown != image_media_type(label):
        said = f"{shown!r} by its bytes, labelled {label!r}"
    else:
        said = repr(label) if label else "none its bytes show and no label"
    return f"{what} cannot be written for {target} (its type: {said})"


def untaken(label: Optional[str], mt: str, types: str) -> str:
    """Why an image labelled *label*, of type *mt*, is refused by a target that takes only
    *types*: its type, and its label where its bytes show another."""
    said = f" by its bytes, labelled {label!r}," if label and image_media_type(label) != mt else ""
    return f"its type {mt!r}{said} is not one of {types}"


# the first bytes of the other image types a tool may return (beside ``sniff_image``'s):
# BMP ("BM", then the size of its info header: BITMAPCOREHEADER 12 ... BITMAPV5HEADER 124),
# TIFF and BigTIFF (TIFF 6.0 "II*\0" / "MM\0*"; "+" for BigTIFF), SVG ("<svg" after an XML
# declaration, comments, processing instructions and a doctype), HEIF and AVIF (ISO BMFF: an
# "ftyp" box, ISO/IEC 14496-12 §4.3: size, "ftyp", major_brand, minor_version, then
# compatible_brands to the end of the box)
_BMP_HEADERS = frozenset({12, 16, 40, 52, 56, 64, 108, 124})
_TIFF = (b"II*\0", b"MM\0*", b"II+\0", b"MM\0+")
_BRANDS = {b"heic": "image/heic", b"heix": "image/heic", b"heim": "image/heic", b"heis": "image/heic",
           b"avif": "image/avif", b"avis": "image/avif"}
_GENERIC = (b"mif1", b"msf1")  # HEIF's image and sequence brands: "image/heif" unless AVIF's is compatible
_AVIF = (b"avif", b"avis")
_FTYP = 256  # bytes of an ftyp box read at most (its brands: a few dozen bytes in practice)
#: bytes of an SVG's prologue read at most before its ``<svg``: an XML declaration, an
#: editor's comments (Illustrator's), a doctype with an internal subset of entities
PROLOGUE = 16384


def _bmff(data: str, head: bytes, start: int) -> Optional[str]:
    """The image type an ISO BMFF ``ftyp`` box at the start of *data* names: its major
    brand where that is AVIF's or HEIC's, else AVIF where a compatible brand is AVIF's
    (AV1 Image File Format §9: an AVIF "shall" list ``avif``; its major brand may be
    HEIF's ``mif1``), else HEIF for a major brand ``mif1`` / ``msf1``."""
    major = head[8:12]
    if major in _BRANDS:
        return _BRANDS[major]
    size = int.from_bytes(head[:4], "big")
    box = base64_bytes(data, (min(size, _FTYP) + 2) // 3 * 4 + 4, start)[16:size]
    if any(box[i:i + 4] in _AVIF for i in range(0, len(box) - 3, 4)):
        return "image/avif"
    return "image/heif" if major in _GENERIC else None


def shown_type(data: str, start: int = 0) -> Optional[str]:
    """The image type base64 *data* shows by its first bytes: ``sniff_image``'s (PNG, JPEG,
    GIF, WebP), else BMP, TIFF, SVG, HEIC/HEIF or AVIF; ``None`` where they show none.
    *start*: where the base64 text starts in *data* (a ``data:`` URL's, read without a copy);
    a leading white space run is passed over once, not by each read."""
    start = past_space(data, start)
    mt = sniff_image(data, start)
    if mt is not None:
        return mt
    head = base64_bytes(data, 24, start)
    if head[:2] == b"BM" and len(head) >= 18 and int.from_bytes(head[14:18], "little") in _BMP_HEADERS:
        return "image/bmp"
    if head[:4] in _TIFF:
        return "image/tiff"
    if head[4:8] == b"ftyp":
        return _bmff(data, head, start)
    codec = _utf16(head)
    if codec is not None:  # read as UTF-8 (``PROLOGUE`` bytes at most, an odd last byte aside)
        raw = base64_bytes(data, PROLOGUE // 3 * 4, start)
        head = raw[:len(raw) // 2 * 2].decode(codec, "replace").encode("utf-8")
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text[:4] == b"<svg":
        return "image/svg+xml"
    if text[:2] in (b"<?", b"<!"):  # a prologue first: read it whole (``PROLOGUE`` bytes at most)
        if codec is None:
            text = base64_bytes(data, PROLOGUE // 3 * 4, start).lstrip(b"\xef\xbb\xbf \t\r\n")
        return "image/svg+xml" if svg_prologue(text) else None
    return None


def _utf16(head: bytes) -> Optional[str]:
    """The codec of text in UTF-16 whose first bytes are *head*, as XML 1.0 tells it
    (Appendix F: a byte order mark ``FF FE`` / ``FE FF``, else ``3C 00 3F 00`` /
    ``00 3C 00 3F``, an XML declaration's ``<?``), else ``None``."""
    if head[:2] == b"\xff\xfe" or head[:4] == b"<\0?\0":
        return "utf-16-le"
    if head[:2] == b"\xfe\xff" or head[:4] == b"\0<\0?":
        return "utf-16-be"
    return None


def sent_type(m: ResultMedia, types: Collection[str], target: str, ctx: Any = None) -> str:
    """The type to send image *m* (base64 data) to *target* as, one of *types*: the one its
    bytes show (``shown_type``) where they show one, as Anthropic and Bedrock get it (they
    check), else its label (``image_media_type``). A label the bytes tell otherwise is noted
    ``converted`` on *ctx* (an ``EncodeContext``; none for a target that gets no type);
    ``EncodeError`` for a type not in *types*, never sent as it came."""
    assert m.data is not None
    if no_base64(m.data):  # the provider's decoder refuses it
        raise EncodeError(f"An image as data in a tool result cannot be written for {target} ({NOT_BASE64})",
                          dialect=target)
    label = image_media_type(m.media_type)
    shown = shown_type(m.data)
    mt = shown if shown is not None else label
    if mt is None or mt not in types:
        raise EncodeError(refusal("An image as data in a tool result", target, m.media_type, shown), dialect=target)
    if ctx is not None and m.media_type is not None and mt != label:
        ctx.note("converted", f"The image labelled {m.media_type!r} in",
                 f"is sent to {ctx.named(target)} as {mt!r}, the type its bytes show")
    return mt
