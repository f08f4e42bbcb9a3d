"""Image parts of OpenAI messages: an ``image_url`` value read as ``Media``, and its
``detail``.

Follows https://platform.openai.com/docs/api-reference/chat/create and
https://platform.openai.com/docs/api-reference/responses/create (checked 2026-12-02): a
Chat ``image_url`` part and a Responses ``input_image`` part carry an http(s) URL or a
``data:`` URL, and a ``detail`` (Chat ``ImageURL.detail``, Responses ``ImageDetail``:
``auto``, ``low``, ``high``, ``original``; required on ``input_image``); read by the
Chat-shaped histories (``chat_history``) and the Responses one (``responses_input``).
Mistral's ``ImageURL.detail`` and Cohere's ``ImageUrl.detail`` (https://docs.mistral.ai/api/,
https://docs.cohere.com/reference/chat, checked 2026-12-03) take ``auto``, ``low`` and
``high``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple

from ...conversation._values import Media, Other, Part
from .._result_media import data_url, of_scheme

if TYPE_CHECKING:
    from ...conversation._writer import Writer

__all__ = ["DETAILS", "OPENAI_DETAILS", "detail_of", "media_of", "write_detail"]

#: the image ``detail`` values of OpenAI Chat and Responses
OPENAI_DETAILS = ("auto", "low", "high", "original")
#: those of Mistral and Cohere v2
DETAILS = ("auto", "low", "high")


def media_of(url: Any, part: Dict[str, Any], dialect: str) -> Part:
    """An image part from an ``image_url`` value (a ``data:`` URL gives base64 data)."""
    if type(url) is not str:
        return Other("image_url", dialect, part)
    if of_scheme(url, "data:"):  # (any case: RFC 3986 section 3.1)
        got = data_url(url)
        if got is None:
            return Other("image_url", dialect, part)
        return Media("image", media_type=got[0], data=got[1], dialect=dialect, extra=part)
    return Media("image", url=url, dialect=dialect, extra=part)


def detail_of(part: Any) -> Optional[str]:
    """The ``detail`` of an image part of this shape (a Responses ``input_image`` or
    tool-output ``image``, a Chat, Mistral or Cohere ``image_url``), else ``None``."""
    if type(part) is not dict:
        return None
    found = part.get("detail")
    iu = part.get("image_url")
    if type(iu) is dict and part.get("type") == "image_url":
        found = iu.get("detail")
    return found if type(found) is str else None


def write_detail(m: Media, w: Writer, takes: Tuple[str, ...]) -> Optional[str]:
    """The ``detail`` image *m* came with when the target takes it (one of *takes*),
    else ``None``, noting a detail left out (``dropped``)."""
    found = detail_of(m.extra)
    if found is None or found in takes:
        return found
    w.note("dropped", f"The image detail {found!r} in message {w.index} is not sent to {w.name}: its images take "
                      f"{', '.join(takes[:-1])} or {takes[-1]}")
    return None
