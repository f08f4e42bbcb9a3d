"""Image media types as the providers take them. A MIME type is case-insensitive (RFC 2045
§5.1) and ``image/jpg`` is a common label for JPEG (no registered type: IANA has
``image/jpeg``): both are read as the registered type. Bedrock and Anthropic check an
image's bytes against its type and refuse the request on a mismatch ("The image was
specified using the image/png media type, but the image appears to be a image/jpeg image"):
for them the type the bytes show (``sniff_image``: PNG, JPEG, GIF, WebP) wins."""

from __future__ import annotations

from typing import Collection, Optional

from ._result_media import ResultMedia, sniff_image

__all__ = ["OPENAI_IMAGE_TYPES", "checked_type", "image_media_type", "other_type"]

#: The image types OpenAI takes ("Image input requirements": PNG, JPEG, WEBP, non-animated
#: GIF, https://platform.openai.com/docs/guides/images-vision), as Mistral (vision: "PNG,
#: JPEG, WEBP, and non-animated GIF") and Ollama do
OPENAI_IMAGE_TYPES = ("image/png", "image/jpeg", "image/gif", "image/webp")

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


def other_type(m: ResultMedia, types: Collection[str], label: bool = True) -> bool:
    """Whether image *m*, given as data, has a type that is not one of *types*: its stated
    one (``image_media_type``), or with *label* false (a target that gets no type, only the
    bytes: Ollama) the one its bytes show first (``checked_type``). An image of no known
    type, or by URL, is not judged here."""
    if m.kind != "image" or m.data is None:
        return False
    mt = image_media_type(m.media_type) if label else checked_type(m.media_type, m.data)
    return mt is not None and mt not in types
