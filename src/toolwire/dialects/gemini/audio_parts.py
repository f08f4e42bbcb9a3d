"""Audio in a user message between OpenAI Chat and Gemini: each side writes the other's
part as its own (``gemini_audio`` in ``history_encode``, ``chat_audio`` in
``openai.chat_history_encode``).

Follows https://platform.openai.com/docs/api-reference/chat/create (a user content part
``{"type": "input_audio", "input_audio": {"data": <base64>, "format": "wav" | "mp3"}}``,
openai-python ``ChatCompletionContentPartInputAudioParam``),
https://ai.google.dev/gemini-api/docs/audio ("Supported audio formats": ``audio/wav``,
``audio/mp3``, ...) and https://ai.google.dev/api/caching#Blob (``inlineData``:
``mimeType`` + base64 ``data``), checked 2026-12-06. ``audio/mpeg``, the registered MP3
type (RFC 3003), is mp3 too. A format the other side does not take, or a field it has
no place for, is refused: nothing vanishes unsaid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict

from ..._errors import EncodeError
from ...conversation._values import Other

if TYPE_CHECKING:
    from ...conversation._writer import Writer

__all__ = ["chat_audio", "gemini_audio", "is_chat_audio", "is_gemini_audio"]

CHAT = "openai.chat"
GEMINI = "gemini"
_TO_GEMINI = {"wav": "audio/wav", "mp3": "audio/mp3"}
_TO_CHAT = {"audio/wav": "wav", "audio/mp3": "mp3", "audio/mpeg": "mp3"}


def is_chat_audio(p: Any) -> bool:
    return type(p) is Other and p.dialect == CHAT and p.type == "input_audio"


def is_gemini_audio(p: Any) -> bool:
    """A Gemini part of inline data of an audio type (``history`` keeps it as ``Other``)."""
    if type(p) is not Other or p.dialect != GEMINI or p.type != "inlineData":
        return False
    blob = p.data.get("inlineData", p.data.get("inline_data"))
    mt = blob.get("mimeType", blob.get("mime_type")) if type(blob) is dict else None
    return type(mt) is str and mt.startswith("audio/")


def _refuse(said: str, w: Writer, loc: str) -> EncodeError:
    return EncodeError(f"Message {w.index} holds {said}", dialect=w.name, loc=loc)


def gemini_audio(p: Other, w: Writer) -> Dict[str, Any]:
    """The Gemini ``inlineData`` part of the Chat ``input_audio`` part *p*."""
    at = w.where(p)
    for k in p.data:
        if k not in ("type", "input_audio"):
            raise _refuse(f"an input_audio part with {k!r}, which {w.name} has no field for", w, f"{at}.{k}")
    audio = p.data.get("input_audio")
    if type(audio) is not dict:
        raise _refuse("an input_audio part whose 'input_audio' is no object", w, f"{at}.input_audio")
    for k, v in audio.items():
        if k not in ("data", "format"):
            raise _refuse(f"an input_audio part with {k!r}, which {w.name} has no field for", w,
                          f"{at}.input_audio.{k}")
        if type(v) is not str:
            raise _refuse(f"an input_audio part whose {k} is no string", w, f"{at}.input_audio.{k}")
    if "data" not in audio:
        raise _refuse("an input_audio part without data", w, f"{at}.input_audio")
    mt = _TO_GEMINI.get(audio.get("format", ""))
    if mt is None:
        raise _refuse(f"input_audio of format {audio.get('format')!r}, which {w.name} cannot take: its inline audio "
                      f"is one of {', '.join(_TO_GEMINI.values())} (an input_audio format is wav or mp3)", w,
                      f"{at}.input_audio.format")
    return {"inlineData": {"mimeType": mt, "data": audio["data"]}}


def chat_audio(p: Other, w: Writer) -> Dict[str, Any]:
    """The Chat ``input_audio`` part of the Gemini inline audio part *p*."""
    at = w.where(p)
    key = "inlineData" if "inlineData" in p.data else "inline_data"
    for k in p.data:
        if k != key:
            raise _refuse(f"an inline audio part with {k!r}, which {w.name} has no field for", w, f"{at}.{k}")
    blob = p.data[key]
    mk = "mimeType" if "mimeType" in blob else "mime_type"
    for k in blob:
        if k not in (mk, "data"):
            raise _refuse(f"an inline audio part with {k!r}, which {w.name} has no field for", w, f"{at}.{key}.{k}")
    data = blob.get("data")
    if type(data) is not str:
        raise _refuse("an inline audio part whose data is no base64 text", w, f"{at}.{key}.data")
    fmt = _TO_CHAT.get(blob[mk])
    if fmt is None:
        raise _refuse(f"inline audio of type {blob[mk]!r}, which {w.name} cannot take: its input_audio format is "
                      "wav or mp3", w, f"{at}.{key}.{mk}")
    return {"type": "input_audio", "input_audio": {"data": data, "format": fmt}}
