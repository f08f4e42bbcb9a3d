"""Image parts of OpenAI messages: an ``image_url`` value read as ``Media``.

Follows https://platform.openai.com/docs/api-reference/chat/create and
https://platform.openai.com/docs/api-reference/responses/create (checked 2026-12-02): a
Chat ``image_url`` part and a Responses ``input_image`` part carry an http(s) URL or a
``data:`` URL; read by the Chat-shaped histories (``chat_history``) and the Responses
one (``responses_input``).
"""

from __future__ import annotations

from typing import Any, Dict

from ...conversation._values import Media, Other, Part
from .._result_media import data_url

__all__ = ["media_of"]


def media_of(url: Any, part: Dict[str, Any], dialect: str) -> Part:
    """An image part from an ``image_url`` value (a ``data:`` URL gives base64 data)."""
    if type(url) is not str:
        return Other("image_url", dialect, part)
    if url.startswith("data:"):
        got = data_url(url)
        if got is None:
            return Other("image_url", dialect, part)
        return Media("image", media_type=got[0], data=got[1], dialect=dialect, extra=part)
    return Media("image", url=url, dialect=dialect, extra=part)
