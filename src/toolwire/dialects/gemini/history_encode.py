"""Writing Gemini / Vertex AI histories (``history``): canonical messages as
``{"systemInstruction": ..., "contents": [...]}`` (``encode``).

Follows https://ai.google.dev/api/caching#Content and
https://ai.google.dev/gemini-api/docs/function-calling (checked 2026-12-02): the
system messages are one ``systemInstruction`` (a decoded one's spelling and fields; none
for system messages of nothing but empty text, noted: a ``Content`` with no parts is
refused, "contents.parts must not be empty", vercel/ai#3775);
turns alternate ``user`` / ``model``, the function responses answering a model turn
together in the next user content (``write_turns``), in the order of the calls they
answer (``CallOrder``: models without call ids pair them by position); a history that
would start with a function call turn gets a user turn first (``user_turn_first``); the first
call of a model content, when it carries no signature of its own (whatever later parts
carry) and is not Gemini's (neither decoded from a Gemini history nor holding Gemini's
provider data), or carries an empty one, gets the dummy one Gemini 3 takes for it
(``step_signature``), noted ``inserted``. Images are
``inlineData`` (``mimeType`` + base64 ``data``) or ``fileData`` (``mimeType`` +
``fileUri``: an http(s) URL or a ``gs://`` URI, its MIME type given or told by the
URL's extension). Chat's ``input_audio`` goes as inline audio (``audio_parts``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple, Union, cast

from ..._types import InvalidToolCall, ToolCall
from ...conversation._values import Field, Media, Message, Part
from .._history_write import FIRST_USER, image_type, plan_turns, system_parts, user_turn_first, write_part, write_turns
from .._result_media import of_scheme
from .._result_order import CallOrder
from .audio_parts import gemini_audio, is_chat_audio
from .step_signature import SKIP, empty, first_unsigned, stamped

if TYPE_CHECKING:
    from ...conversation._writer import Writer

__all__ = ["encode"]

NAME = "gemini"
_EXT = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp"}


def _write_image(m: Media, w: Writer) -> Any:
    if m.data is not None:
        return {"inlineData": {"mimeType": image_type(m, w), "data": m.data}}
    if not of_scheme(m.url, "http://", "https://", "gs://"):
        raise w.no_media(m, "a fileData part takes an http(s) URL or a Cloud Storage (gs://) URI")
    mt = m.media_type or _guess(m.url)
    if mt is None:
        raise w.no_media(m, "a Gemini fileData part needs its MIME type, which this URL does not tell")
    return {"fileData": {"mimeType": mt, "fileUri": m.url}}


def _part(p: Part, w: Writer) -> Any:
    if is_chat_audio(p):  # Chat's input_audio: Gemini's inline audio (``audio_parts``)
        return gemini_audio(p, w)  # type: ignore[arg-type]
    return write_part(p, w, NAME, lambda text: {"text": text}, _write_image)


def _guess(url: Optional[str]) -> Optional[str]:
    path = (url or "").split("?", 1)[0].lower()
    return next((mt for ext, mt in _EXT.items() if path.endswith(ext)), None)


def _wire_role(role: str) -> str:
    return "model" if role == "assistant" else "user"


def encode(messages: List[Message], w: Writer) -> Dict[str, Any]:
    system, turns = plan_turns(messages, w)
    out: Dict[str, Any] = {}
    if system:
        first = system[0][1].original(NAME)
        if len(system) == 1 and isinstance(first, Field):
            out[first.key] = first.value
        else:  # one instruction: the first decoded one's spelling and fields (``role``), all the parts
            sp = [{"text": s} if type(s) is str else s for s in system_parts(system, w)]
            key, fields = "systemInstruction", {}
            if isinstance(first, Field) and type(first.value) is dict:
                key, fields = first.key, {k: v for k, v in first.value.items() if k != "parts"}
            if sp:
                out[key] = {**fields, "parts": sp}
            else:  # a Content with no parts: refused ("contents.parts must not be empty"), so none
                w.unnote("moved", frozenset(i for i, _m in system), "System message")  # moved nowhere
                for i, _m in system:
                    w.index = i
                    w.note("dropped", f"System message {w.index} holds nothing {w.name} can take: no systemInstruction "
                                      "is written (an empty one has no parts)")
    order = CallOrder(messages, w, "Gemini pairs a turn's function responses with its calls by position where the "
                                   "calls have no ids")
    foreign: Dict[int, Tuple[int, Any]] = {}  # id() of a call part not decoded from Gemini -> (message, call)

    def part(p: Part, w: Writer) -> Any:
        item = _part(p, w)
        t = type(p)
        if (t is ToolCall or t is InvalidToolCall) and item is not None:
            wire = messages[w.index].wire
            own = bool(cast(Union[ToolCall, InvalidToolCall], p).provider_data.get(NAME))  # Gemini's data: its
            if (not own and (wire is None or wire[0] != NAME)) or (type(item) is dict and empty(item)):
                foreign[id(item)] = (w.index, p)
        return item

    contents = out["contents"] = write_turns(turns, w, "parts", part, wire_role=_wire_role,
                                             arrange=order.arrange)
    if foreign:
        _sign_steps(contents, foreign, messages, w)
    if contents and contents[0].get("role") == "model" and any(
            type(p) is dict and ("functionCall" in p or "function_call" in p) for p in contents[0].get("parts") or ()):
        user_turn_first(contents, turns, w, {"role": "user", "parts": [{"text": FIRST_USER}]},  # call_first
                        "takes a function call turn only right after a user turn or a function response turn")
    return out


def _sign_steps(contents: List[Dict[str, Any]], foreign: Dict[int, Tuple[int, Any]], messages: List[Message],
                w: Writer) -> None:
    """The dummy signature on the first call part of each model content of *contents*
    when it carries none of its own and that call is not Gemini's or its signature is
    empty (*foreign*), noted at the call's message (``step_signature``); one pass over the parts."""
    for k, c in enumerate(contents):
        parts = c.get("parts")
        if c.get("role") != "model" or type(parts) is not list:
            continue
        at = first_unsigned(parts)
        got = foreign.get(id(parts[at])) if at is not None else None
        if got is None or at is None:
            continue
        i, call = got
        new = list(parts)
        new[at] = stamped(new[at])
        contents[k] = {**c, "parts": new}
        wire = messages[i].wire
        origin = f"came from {wire[0]}" if wire is not None else "was not decoded from a provider's history"
        who = f"{call.id} ({call.name!r})" if call.id is not None else repr(call.name)
        w.index = i
        w.note("inserted", f"The thought signature {SKIP!r} is written on call {who} in message {i}, the first call "
                           f"of its {w.name} model content: Gemini 3 refuses a step whose first function call has no "
                           f"signature (\"Function call is missing a thought_signature in functionCall parts\"), and "
                           f"this call {origin}", call.id)
