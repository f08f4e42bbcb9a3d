"""Anthropic images written fresh in a history (``history``): a converted one by its bytes,
and this dialect's own base64 ``image`` block where it cannot go as it came. Anthropic's
``Base64ImageSource.media_type`` is one of ``image/jpeg``, ``image/png``, ``image/gif``,
``image/webp`` (docs.claude.com, "Vision") and is checked against the bytes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Optional

from ...conversation._values import Media
from .._history_write import image_type, renamed_type, url_type
from .._image_types import image_media_type, untaken
from .._result_media import web
from .tools import IMAGE_TYPES, NAME, relabelled

if TYPE_CHECKING:
    from ...conversation._writer import Writer

__all__ = ["own_image", "write_image"]


def write_image(m: Media, w: Writer) -> Any:
    if m.data is not None:
        mt = image_type(m, w, checked=True)  # Anthropic checks the bytes against the type
        if mt not in IMAGE_TYPES:
            raise w.no_media(m, untaken(m.media_type, mt, ", ".join(IMAGE_TYPES)))
        return {"type": "image", "source": {"type": "base64", "media_type": mt, "data": m.data}}
    if not web(m.url):  # a URL source is fetched over the web: no S3, Cloud Storage or file URI
        raise w.no_media(m, "a URL image source takes an http(s) URL")
    url_type(m, w)
    return {"type": "image", "source": {"type": "url", "url": m.url}}


_NOT_OWN = object()  # (``_own``: a label may be ``False``)


def _own(q: Media) -> Any:
    """The label of *q* as it came where it is this dialect's own base64 image written otherwise
    (labelled other than its bytes show, or not as Anthropic's enum takes; one that is no string,
    ``false`` too, only where its bytes show their type, as ``tools._block``; relabelled by the
    caller: ``q.media_type`` no longer that label), else ``_NOT_OWN``."""
    if q.dialect != NAME or q.data is None:
        return _NOT_OWN
    src = q.extra.get("source") if type(q.extra) is dict else None
    if type(src) is not dict:  # (no wire block: written by ``write_image``)
        return _NOT_OWN
    label = src.get("media_type")
    if relabelled(q.extra) is not None or (label is None or type(label) is str) and (
            image_media_type(q.media_type) not in IMAGE_TYPES or q.media_type != label):
        return label
    return _NOT_OWN


def own_image(q: Media, w: Writer) -> Optional[Dict[str, Any]]:
    """This dialect's own image *q* written otherwise than it came (``_own``): as its bytes
    show, noted; ``None`` for any other part (written as any is)."""
    label = _own(q)
    if label is _NOT_OWN:
        return None
    extra: Dict[str, Any] = q.extra
    mt = image_type(q, w, checked=True)  # its own image labelled other than its bytes show (or of a type
    # Anthropic does not take: its media_type is an enum): as they show, noted
    if mt not in IMAGE_TYPES:  # (bytes of a type Anthropic does not take: never sent mislabelled)
        raise w.no_media(q, untaken(q.media_type, mt, ", ".join(IMAGE_TYPES)))
    renamed_type(q, mt, w)  # (or named another way: ``image/jpg``)
    # (none, blank, ``7``: as it came; a label the caller blanked on a block that goes out as it came, none)
    if (type(q.media_type) is not str or image_media_type(q.media_type) is None) and mt != label:
        # ("no media type" only where the wire's label is none: one the caller blanked may be one)
        none = "" if type(label) is str and image_media_type(label) is not None else " (no media type)"
        w.note("converted", f"The image in message {w.index} labelled {label!r}{none} is sent as "
                            f"{mt!r}, the type its bytes show: {w.name} checks them")
    return {**extra, "source": {**extra["source"], "media_type": mt}}
