"""Image media types as the providers take them. A MIME type is case-insensitive (RFC 2045
§5.1) and ``image/jpg`` is a common label for JPEG (no registered type: IANA has
``image/jpeg``): both are read as the registered type. Bedrock and Anthropic check an
image's bytes against its type and refuse the request on a mismatch ("The image was
specified using the image/png media type, but the image appears to be a image/jpeg image"):
for them the type the bytes show (``sniff_image``: PNG, JPEG, GIF, WebP) wins."""

from __future__ import annotations

from typing import Optional

from ._result_media import sniff_image

__all__ = ["checked_type", "image_media_type"]

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
