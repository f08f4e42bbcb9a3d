"""A target's own image parts by the bytes rule, as a converted image goes
(``_history_write.image_type``): written fresh, a Gemini ``inlineData`` image, a Responses
``input_image`` or a Chat-shaped ``image_url`` of base64 data whose bytes show a type the
target does not take (``USER_IMAGE_TYPES``) is refused, one labelled other than its bytes
show goes as they show, noted ``converted`` (``_history_write.own_image``, ``relabelled``). Replayed as it came, a
message is judged by what its provider is documented to take (``untaken_in``): bytes of
a type outside its list are refused (the message is written fresh, ``HistoryCodec.refused``);
a label alone that its bytes contradict is no documented refusal (Gemini and OpenAI do not
say they check it, as Anthropic and Converse do), so it goes as it came."""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from ._image_types import USER_IMAGE_TYPES, is_image_type, shown_type
from ._result_media import data_url, of_scheme

__all__ = ["misnamed", "relabelled", "untaken_in"]

_BLOBS = ("inlineData", "inline_data")  # a Gemini Part's blob, either spelling


def relabelled(x: Any, mt: str, data: str) -> Optional[Dict[str, Any]]:
    """The own image part *x* with its type *mt*, in its own shape and spelling (its other
    fields as they came); ``None`` for a shape not known here."""
    if type(x) is not dict:
        return None
    for key in _BLOBS:
        blob = x.get(key)
        if type(blob) is dict:
            mkey = "mimeType" if "mimeType" in blob else "mime_type"
            return {**x, key: {**blob, mkey: mt}}
    url = f"data:{mt};base64,{data}"
    iu = x.get("image_url")
    if type(iu) is str:  # a Responses input_image, a Mistral image_url as a string
        return {**x, "image_url": url}
    if type(iu) is dict and type(iu.get("url")) is str:  # a Chat / Mistral image_url
        return {**x, "image_url": {**iu, "url": url}}
    return None


def _blob(x: Any) -> Optional[Tuple[str, str]]:
    """The type and base64 data of *x* where it is a Gemini blob the decoder reads as an
    image (``gemini.history._media``: its type in any case, ``is_image_type``), else ``None``."""
    blob = x.get("inlineData") if type(x) is dict else None  # (``_BLOBS``, in order)
    if type(blob) is not dict:
        blob = x.get("inline_data") if type(x) is dict else None
        if type(blob) is not dict:
            return None
    mt, data = blob.get("mimeType", blob.get("mime_type")), blob.get("data")
    return (mt, data) if type(mt) is str and is_image_type(mt) and type(data) is str else None


def misnamed(x: Any) -> bool:
    """Whether *x* is a Gemini image blob (``_blob``) labelled ``image/jpg`` (in any case):
    Gemini answers "Unsupported MIME type: image/jpg" (no registered type: IANA has
    ``image/jpeg``), so it is written as ``image/jpeg``, noted, never replayed as it came."""
    got = _blob(x)
    return got is not None and got[0].strip().lower() == "image/jpg"


def _data_of(part: Any) -> Optional[Tuple[str, int]]:
    """The text holding the base64 data of an own image *part* (a Gemini blob's, an
    OpenAI-style ``image_url`` data URL) and where the data starts in it (a URL is not
    copied), else ``None``."""
    if type(part) is not dict:
        return None
    if type(part.get("inlineData")) is dict or type(part.get("inline_data")) is dict:  # (``_BLOBS``)
        got = _blob(part)
        return None if got is None else (got[1], 0)
    iu = part.get("image_url")
    url = iu.get("url") if type(iu) is dict else iu
    if type(url) is not str or not of_scheme(url, "data:"):
        return None
    comma = url.find(",")
    return None if comma < 0 or data_url(url[:comma + 1]) is None else (url, comma + 1)


def untaken_in(parts: Any, target: str) -> Optional[str]:
    """Why *target* refuses an image among *parts* (a message's list of content parts, as
    they came): the type its bytes show where *target* does not take it
    (``USER_IMAGE_TYPES``; a target not listed there, Chat, is not asked of types), or data
    no decoder reads (``no_base64``), else ``None``. One ``shown_type`` per image of data."""
    takes = USER_IMAGE_TYPES.get(target)
    for p in parts if type(parts) is list else ():
        if target == "gemini" and misnamed(p):
            return "it holds an image labelled 'image/jpg', which Gemini refuses (\"Unsupported MIME type: image/jpg\")"
        at = _data_of(p)
        if at is None:
            continue
        if not at[0].isascii() and not at[0][at[1]:].isascii():  # (its data, not a URL's parameters)
            return f"it holds an image whose data is no base64 (a character outside ASCII), which {target} refuses"
        shown = shown_type(*at) if takes is not None else None
        if shown is not None and takes is not None and shown not in takes:
            return f"it holds an image whose bytes show {shown!r}, which {target} does not take ({', '.join(takes)})"
    return None
