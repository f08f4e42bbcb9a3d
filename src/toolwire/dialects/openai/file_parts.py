"""A file part of a user message between OpenAI Chat and Responses.

openai-python types both with the same fields: Chat's ``{"type": "file", "file":
{file_id | file_data, filename}}`` (``chat.chat_completion_content_part_param.File``,
``FileFile``) and Responses' ``{"type": "input_file", file_id | file_data | file_url,
filename, detail}`` (``responses.ResponseInputFileParam``); both carry a
``prompt_cache_breakpoint`` of one shape. See
https://platform.openai.com/docs/guides/pdf-files (checked 2026-12-04): the same
``file_id`` or ``data:`` URL goes to either API. A ``file_url`` has no Chat
counterpart and is refused; a ``detail`` is dropped, noted (Chat's file part has
none); a key neither type has is refused: nothing vanishes unsaid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Tuple

from ..._errors import EncodeError
from ...conversation._values import Other

if TYPE_CHECKING:
    from ...conversation._writer import Writer

__all__ = ["CHAT", "RESPONSES", "chat_file", "responses_file"]

CHAT = "openai.chat"
RESPONSES = "openai.responses"
_NAMES = ("file_id", "file_data", "filename")  # FileFile's fields, ResponseInputFileParam's too
_CACHE = "prompt_cache_breakpoint"  # on both parts, of one shape


def _fields(src: Dict[str, Any], skip: Tuple[str, ...], w: Writer, at: str, what: str) -> Dict[str, Any]:
    """The file fields of *src* (a Chat ``file`` object or a Responses part), checked."""
    out: Dict[str, Any] = {}
    for k, v in src.items():
        if k in skip:
            continue
        if k not in _NAMES:
            raise EncodeError(f"Message {w.index} holds {what} with {k!r}, which {w.name} has no field for",
                              dialect=w.name, loc=f"{at}.{k}")
        if k == "file_id" and v is None:  # (Responses: Optional)
            continue
        if type(v) is not str:
            raise EncodeError(f"Message {w.index} holds {what} whose {k} is no string", dialect=w.name,
                              loc=f"{at}.{k}")
        out[k] = v
    if "file_id" not in out and "file_data" not in out:
        raise EncodeError(f"Message {w.index} holds {what} with neither file_id nor file_data", dialect=w.name,
                          loc=at)
    return out


def responses_file(p: Other, w: Writer) -> Dict[str, Any]:
    """The Responses ``input_file`` part of the Chat ``file`` part *p*."""
    at = w.where(p)
    f = p.data.get("file")
    if type(f) is not dict:
        raise EncodeError(f"Message {w.index} holds a file part whose 'file' is no object", dialect=w.name,
                          loc=f"{at}.file")
    for k in p.data:
        if k not in ("type", "file", _CACHE):
            raise EncodeError(f"Message {w.index} holds a file part with {k!r}, which {w.name} has no field for",
                              dialect=w.name, loc=f"{at}.{k}")
    out: Dict[str, Any] = {"type": "input_file", **_fields(f, (), w, f"{at}.file", "a file part")}
    if _CACHE in p.data:
        out[_CACHE] = p.data[_CACHE]
    return out


def chat_file(p: Other, w: Writer) -> Dict[str, Any]:
    """The Chat ``file`` part of the Responses ``input_file`` part *p*."""
    at = w.where(p)
    d = p.data
    if "file_url" in d:
        raise EncodeError(f"Message {w.index} holds an input_file by URL (file_url), which an {w.name} file part "
                          "cannot carry: it takes file_id or file_data", dialect=w.name, loc=f"{at}.file_url")
    detail = d.get("detail")
    if detail is not None and detail != "auto":  # "auto", the default, asks for nothing
        w.note("dropped", f"The file detail {detail!r} in message {w.index} is not sent to {w.name}: its file "
                          "parts have no detail")
    out: Dict[str, Any] = {"type": "file",
                           "file": _fields(d, ("type", "detail", _CACHE), w, at, "an input_file part")}
    if _CACHE in d:
        out[_CACHE] = d[_CACHE]
    return out
