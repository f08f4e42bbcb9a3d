"""Gemini / Vertex AI histories: ``{"systemInstruction": ..., "contents": [...]}``.

Follows https://ai.google.dev/api/caching#Content,
https://ai.google.dev/gemini-api/docs/function-calling and
https://ai.google.dev/gemini-api/docs/thought-signatures (checked 2026-12-02): a
content has a ``role`` (``user`` / ``model``; older clients send ``function`` or
``tool`` for function responses; unset, it is ``user``) and ``parts``; the function
responses answering a model turn go together in the next user content;
``thoughtSignature`` rides on the part it signs and goes back to Gemini only; a text
part with ``thought: true`` is reasoning; a part's ``text`` is a string (any other value is
refused at its path). Images are ``inlineData`` (``mimeType`` + base64 ``data``) or ``fileData``
(``mimeType`` + ``fileUri``). snake_case keys (``function_call``, ``inline_data``,
``system_instruction``) are read too, and a google-genai ``model_dump()``: a part is its
set field (the dump writes every unset one as ``None``, JSON null is unset), its enums
are read as their words. google-genai's call form (``{"contents", "config"}``) gives
its ``config.system_instruction`` as the system message, written back as
``systemInstruction``. The history codec: read here (``decode``), written by
``history_encode``.
"""

from __future__ import annotations

import base64
from operator import is_
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from ..._access import to_plain_near
from ..._dialect import HistoryCodec, Pairing
from ..._errors import DecodeError, an, excerpt
from ..._history_codec import Refusals
from ...conversation._values import Field, Media, Message, Other, Part, Reasoning
from .._common import as_dict
from .._history_read import CallParts, finish_of, response_part, text_at, texts
from .._image_types import is_image_type
from .._own_image import untaken_in
from .blank import blank_part
from .compat_signature import signature_text, signed
from .fragments import fragment
from .history_encode import encode
from .nameless_args import merged
from .sniff import OBJECT_MEMBERS, SERVER_KEYS, data_key
from .step_signature import empty, first_unsigned

if TYPE_CHECKING:
    from ..._dialect import Dialect

__all__ = ["HISTORY"]

NAME = "gemini"
_ROLES = {"user": "user", "model": "assistant", "function": "tool", "tool": "tool"}
_BESIDE = frozenset(
    {"thought", "thoughtSignature", "thought_signature", "partMetadata", "part_metadata", "mediaResolution",
     "media_resolution", "videoMetadata", "video_metadata"}
)


def _b64(value: Any) -> Any:
    return base64.b64encode(value).decode("ascii") if type(value) is bytes else value


def _wire_part(p: Dict[str, Any], loc: str) -> Tuple[Dict[str, Any], bool]:
    """*p* as JSON holds it: the SDK's ``bytes`` (google-genai ``thought_signature``,
    a dummy's as the dummy, ``signature_text``; ``Blob.data``, a function
    response's ``FunctionResponseBlob.data``) as base64 text,
    which google-genai reads back as bytes, and an SDK dump's (``model_dump()``) enums
    (``Language.PYTHON``) and objects as their plain data; *p* itself when it holds none
    of these. Then whether *p* holds a ``None`` (an SDK dump's unset field)."""
    new: Dict[str, Any] = {}
    nones = False
    for k, v in p.items():
        t = type(v)
        if t is str or t is bool:
            continue
        if v is None:
            nones = True
        elif t is bytes:  # thoughtSignature (a dummy's bytes: the dummy)
            new[k] = signature_text(v)
        elif t is not dict:
            w = to_plain_near(v, 1, f"{loc}.{k}")
            if w is not v:
                new[k] = w
        else:  # a dump's enums stand right in it (``executable_code.language``); ``args`` is JSON
            w = v
            for x in v.values():
                tx = type(x)
                if not (tx is str or tx is dict or x is None or tx is list or tx is bool or tx is int or tx is float
                        or tx is bytes):
                    w = to_plain_near(v, 1, f"{loc}.{k}")
                    break
            if k in ("inlineData", "inline_data") and type(w.get("data")) is bytes:
                w = {**w, "data": _b64(w["data"])}
            elif k in ("functionResponse", "function_response") and type(w.get("parts")) is list:
                fparts = [_wire_part(fp, f"{loc}.{k}.parts[{j}]")[0] if type(fp) is dict else fp
                          for j, fp in enumerate(w["parts"])]
                if any(a is not b for a, b in zip(fparts, w["parts"])):
                    w = {**w, "parts": fparts}
            if w is not v:
                new[k] = w
    return ({k: new.get(k, v) for k, v in p.items()} if new else p), nones


def _parts(
    parts: Any, loc: str, d: Dialect, finish: Optional[str] = None, wire: Optional[List[Any]] = None
) -> Tuple[Part, ...]:
    """The parts of a content; *wire* receives each part as JSON holds it (``_wire_part``)."""
    if type(parts) is not list:
        raise DecodeError(f"Parts at {loc} must be a list", dialect=NAME, loc=loc)
    out: List[Part] = []
    calls = CallParts(d, finish, out)  # only the last call of a reply cut off may be cut
    read: List[Tuple[Dict[str, Any], str]] = []
    odd = False  # a call part that ``merged`` may join to another (speed only: the others read alike)
    for i, p in enumerate(parts):
        where = f"{loc}[{i}]"
        p, nones = _wire_part(as_dict(p, where, NAME, "a part"), where)
        if wire is not None:
            wire.append(p)
        if nones:  # an SDK dump's unset fields (JSON null: unset) are no part
            p = {k: v for k, v in p.items() if v is not None}
        read.append((p, where))
        if not odd:
            fc = p.get("functionCall")
            if fc is None:
                fc = p.get("function_call")
            odd = type(fc) is dict and (not fc.get("name") or fragment(fc))
    # a call's nameless argument parts and fragments: one call, as decode_all reads them (``merged``)
    for p, where in merged(read) if odd else read:
        # the part is its data field wherever it stands (metadata may come first); else, as before,
        # its first key that is not metadata (a newer data field is kept as its ``Other``)
        key = data_key(p) or next((k for k in p if k not in _BESIDE), None)
        if type(key) is not str and (key is not None or None in p):  # no JSON object has it
            raise DecodeError(f"Part at {where} has a key that is not a string: {excerpt(key)}", dialect=NAME,
                              loc=where)
        if key not in ("functionCall", "function_call") and not blank_part(p):
            calls.follow()  # any part after a call but empty text: the model went on past it (``goes_on``)
        if key == "text":
            text = p["text"]
            if type(text) is not str:  # ``Part.text`` is a string: anything else is refused there
                text_at(text, where + ".text", NAME)
            if p.get("thought") is True:
                out.append(Reasoning(text, NAME, p))
            elif len(p) > 1 and text == "":
                out.append(Reasoning("", NAME, p))  # an empty text that carries a signature
            elif "thoughtSignature" in p or "thought_signature" in p:
                # the text, then its signature as Gemini's own empty signed part: it goes back to
                # Gemini, and elsewhere its drop is noted (as for a signed call)
                out.extend(texts(text))
                out.append(Reasoning("", NAME, {"text": "", **{k: v for k, v in p.items() if k != "text"}}))
            else:
                out.extend(texts(text))
        elif key in ("functionCall", "function_call"):
            fc = p[key]
            peek = (fc.get("name"), fc.get("id")) if type(fc) is dict else (None, None)
            calls.call(p, where, peek)
        elif key in ("functionResponse", "function_response"):
            out.append(d.decode_result(p, where))
        elif key in ("inlineData", "inline_data", "fileData", "file_data"):
            out.append(_media(p, key))
        elif key in SERVER_KEYS and p[key] is not None and type(p[key]) is not dict:  # never kept as Other
            as_dict(p[key], f"{where}.{key}", NAME, OBJECT_MEMBERS[key])
        elif key is None and p.get("thought") is True:
            out.append(Reasoning("", NAME, p))
        else:
            if key in SERVER_KEYS and p[key] is not None:  # a tool Gemini runs: a call after the one held back
                calls.follow()
            out.append(Other(key or "unknown", NAME, p))
    return calls.close()


def _media(p: Dict[str, Any], key: str) -> Part:
    v = p[key]
    inline = key.startswith("inline")
    kind = "inlineData" if inline else "fileData"
    if type(v) is not dict:
        return Other(kind, NAME, p)
    mt = v.get("mimeType", v.get("mime_type"))
    if not is_image_type(mt):  # (in any case: RFC 2045 §5.1; ``IMAGE/JPG`` is written as image/jpeg)
        return Other(kind, NAME, p)
    src = v.get("data") if inline else v.get("fileUri", v.get("file_uri"))
    if type(src) is not str:
        return Other(kind, NAME, p)
    if inline:
        return Media("image", media_type=mt, data=src, dialect=NAME, extra=p)
    return Media("image", url=src, media_type=mt, dialect=NAME, extra=p)


def decode(data: Any, d: Dialect) -> List[Message]:
    out: List[Message] = []
    loc = "$"
    if type(data) is dict:
        for key in ("systemInstruction", "system_instruction"):
            si = data.get(key)
            if si is not None:
                si_d = as_dict(si, f"$.{key}", NAME, "a system instruction")
                wire_si: List[Any] = []
                parts = _parts(si_d.get("parts", []), f"$.{key}.parts", d, wire=wire_si)
                if not all(map(is_, wire_si, si_d.get("parts", []))):  # as JSON holds them
                    si_d = {**si_d, "parts": wire_si}
                out.append(Message("system", parts, wire=(NAME, Field(key, si_d), "system", parts)))
        config = data.get("config")
        if config is not None:  # google-genai's ``generate_content(..., config=...)`` as a dict
            system = _config_instruction(as_dict(config, "$.config", NAME, "a config"), d)
            if system and out:  # the SDK's call form has no top-level one: not guessed which is sent
                raise DecodeError("A system instruction at the top and another in $.config: not guessed which "
                                  "the request sends", dialect=NAME, loc="$.config")
            out.extend(system)
        msgs = data.get("contents")
        loc = "$.contents"
    else:
        msgs = data
    if type(msgs) is not list:
        raise DecodeError(f"{an(NAME, True)} history needs a list at {loc}", dialect=NAME, loc=loc)
    for i, c in enumerate(msgs):
        where = f"{loc}[{i}]"
        c = as_dict(c, where, NAME, "a content")
        if "parts" not in c:
            response_part(c, where, NAME, "content", "finishReason", "candidate")
        wire_role = c.get("role")
        if wire_role is None:  # unset (an SDK dump's None, JSON null): "the service will default to 'user'"
            wire_role = "user"
        role = _ROLES.get(wire_role) if type(wire_role) is str else None
        if role is None:
            raise DecodeError(f"Content at {where} has role {c.get('role')!r}", dialect=NAME, loc=where + ".role")
        wire: List[Any] = []
        parts = _parts(c.get("parts"), where + ".parts", d, finish_of(d, c), wire)
        if any(a is not b for a, b in zip(wire, c["parts"])):  # SDK bytes: base64, as written fresh
            c = {**c, "parts": wire}
        out.append(Message(role, parts, wire=(NAME, c, role, parts)))
    return out


def _config_instruction(config: Dict[str, Any], d: Dialect) -> List[Message]:
    """The system message of google-genai's ``GenerateContentConfig.system_instruction``
    (a ``Content``, a text, a part or a list of them), written back as the REST body's
    ``systemInstruction``; none when the config holds none."""
    for key in ("system_instruction", "systemInstruction"):
        si = config.get(key)
        if si is None:
            continue
        loc = f"$.config.{key}"
        if type(si) is str:
            si = [si]
        if type(si) is list:  # texts and parts: one content
            si = {"parts": [{"text": p} if type(p) is str else p for p in si]}
        si_d = as_dict(si, loc, NAME, "a system instruction (a content, a text or a list of parts)")
        if "parts" not in si_d:  # one part
            si_d = {"parts": [si_d]}
        wire: List[Any] = []
        parts = _parts(si_d["parts"], loc + ".parts", d, wire=wire)
        si_d = {k: v for k, v in si_d.items() if k not in ("parts", "role")}
        si_d["parts"] = wire
        return [Message("system", parts, wire=(NAME, Field("systemInstruction", si_d), "system", parts))]
    return []


def detect(data: Any) -> bool:
    if type(data) is dict:
        return "contents" in data or "systemInstruction" in data or "system_instruction" in data
    return type(data) is list and any(type(c) is dict and "parts" in c and "content" not in c for c in data)


# Gemini's INVALID_ARGUMENT text for a history that starts with a function call turn
# (google-gemini/gemini-cli#11814); written anew, a user turn goes first (``user_turn_first``)
_CALL_FIRST = ("Please ensure that function call turn comes immediately after a user turn or after a function "
               "response turn.")
# Gemini answers both with one INVALID_ARGUMENT text (400: "Please ensure that the number of function
# response parts is equal to the number of function call parts of the function call turn.",
# google-gemini/gemini-cli#4504): it counts a turn's responses, so a response for no call is never sent
_COUNT = "the number of function response parts must equal the number of function call parts of the function call turn"
# Gemini / Vertex's 400 for a function call turn's responses split over two user contents
# (pydantic/pydantic-ai#580, microsoft/semantic-kernel#10597); a user content of text or a
# file after the responses' content is taken (corpus: pai-gemini-3.6-flash-user-text-after-response)
_SPLIT = ("Please ensure that the number of function response parts is equal to the number of function call parts "
          "of the function call turn.")


def _refused(wire: Any, state: Dict[str, Any], final: bool) -> Optional[str]:
    """``Refusals.message``: a ``functionCall`` whose ``args`` are there and no object
    (``FunctionCall.args`` is a ``Struct``: JSON text from a gateway, a list), which the
    writer writes as the object it decodes to (an unreadable one is an invalid call, which
    it refuses); no ``args`` (or null) is taken; an image whose bytes show a type Gemini does
    not take (``_own_image.untaken_in``: a GIF); a first call whose thought signature is
    empty (no signature: https://ai.google.dev/gemini-api/docs/thought-signatures), which
    the writer gives the dummy as it does a fresh one's."""
    parts = wire.get("parts") if type(wire) is dict else None
    said = untaken_in(parts, NAME)
    if said is not None:
        return said
    at = first_unsigned(parts) if type(parts) is list else None
    if type(parts) is list and at is not None and empty(parts[at]):  # (``step_signature``: the dummy, noted)
        return ("its first function call carries an empty thought signature, which Gemini 3 refuses as missing "
                "(\"Function call is missing a thought_signature in functionCall parts\")")
    for p in parts if type(parts) is list else ():
        fc = p.get("functionCall", p.get("function_call")) if type(p) is dict else None
        args = fc.get("args") if type(fc) is dict else None
        if args is not None and type(args) is not dict:
            return (f"it holds a functionCall whose args are no object ({type(args).__name__}), which Gemini refuses "
                    "(FunctionCall.args is a Struct)")
    return None


HISTORY = HistoryCodec(
    decode, encode, detect, frozenset({"systemInstruction", "system_instruction", "contents"}), signed=signed,
    state=frozenset({"executableCode", "codeExecutionResult", "toolCall", "toolResponse",  # server-run tools,
                     "executable_code", "code_execution_result", "tool_call", "tool_response"}),  # also snake_case
    pairing=Pairing(alternating=True, missing=_COUNT, orphan=_COUNT, call_first=_CALL_FIRST, counted=True,
                    split_results=_SPLIT),
    refusals=Refusals(_refused), decodes_as=NAME,
)
