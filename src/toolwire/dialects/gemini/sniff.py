"""What ``gemini`` claims and what its containers hold (see ``calls`` for the shapes).

Follows https://ai.google.dev/api/caching#Content and
https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/inference
(checked 2026-11-30): the claims on a payload's keys (``gate``, ``sniff``, ``detect``),
content parts by kind, and the parts of a ``GenerateContentResponse`` (every
candidate's), a ``Content`` or a request's ``contents`` (``children``); each
candidate's number, ``finishReason`` and ``finishMessage`` are read in ``candidates``.
A lone ``function_call`` whose ``arguments`` are text and which has no ``args`` is
OpenAI Chat's deprecated call (a ``FunctionCall`` has ``id``, ``name``, ``args``): left
to ``openai.chat``.
"""

from __future__ import annotations

import base64
from typing import Any, Dict, Iterator, Optional, Tuple

from ..._access import to_data, to_plain
from ..._dialect import CALL, CALLS, OTHER, RESULT, SERVER, TOOL
from ..._errors import DecodeError, an
from .._common import as_dict, as_list
from .compat_signature import signature_text
from .tools import DECLARATION_KEYS, GEMINI_ONLY_DECLARATION_KEYS, NAME

__all__ = [
    "DATA_KEYS", "OBJECT_MEMBERS", "SERVER_KEYS", "TOP_KEYS", "children", "data_key", "detect", "gate", "odd_fields",
    "server_call", "set_fields", "sniff",
]

# every field of google-genai 3.6.1 ``Part``, camelCase (the wire) and snake_case (the SDK's
# ``model_dump()``); a test fails when the installed SDK's ``Part`` has one more
_PART_KEYS = frozenset(
    {"text", "thought", "thoughtSignature", "thought_signature", "inlineData", "inline_data", "fileData",
     "file_data", "functionCall", "function_call", "functionResponse", "function_response",
     "executableCode", "executable_code", "codeExecutionResult", "code_execution_result", "toolCall",
     "tool_call", "toolResponse", "tool_response", "videoMetadata", "video_metadata", "partMetadata",
     "part_metadata", "mediaResolution", "media_resolution", "audioMetadata", "audio_metadata",
     "audioTranscription", "audio_transcription", "documentMetadata", "document_metadata", "mediaProcessing",
     "media_processing", "speechMetadata", "speech_metadata", "spreadsheetMetadata", "spreadsheet_metadata"}
)
# the fields of ``Part``'s ``data`` union (https://ai.google.dev/api/caching#Part: "data can be
# only one of"), camelCase and snake_case; every other field of ``_PART_KEYS`` is metadata
# beside it (``thought``, ``thoughtSignature``, ``videoMetadata``, ``partMetadata``,
# ``mediaResolution``, ``audioTranscription``...), whatever order the keys come in
DATA_KEYS = frozenset(
    {"text", "inlineData", "inline_data", "fileData", "file_data", "functionCall", "function_call",
     "functionResponse", "function_response", "executableCode", "executable_code", "codeExecutionResult",
     "code_execution_result", "toolCall", "tool_call", "toolResponse", "tool_response"}
)
SERVER_KEYS = ("executableCode", "executable_code", "toolCall", "tool_call")
_TOOL_CALL_KEYS = frozenset({"toolCall", "tool_call"})
# the fields of a server ``ToolCall`` (google-genai 3.6.1 ``ToolCall``: ``id``, ``tool_type``,
# ``args``), camelCase and snake_case: one holding another (Haystack's serialized
# ``{"tool_call": {"tool_name", "arguments", "id"}}``) is no Gemini part (``odd_fields``)
TOOL_CALL_FIELDS = frozenset({"id", "toolType", "tool_type", "args"})
# members that, when set, must hold an object, and what the error calls it (a
# ``functionCall`` is claimed as a call whatever it holds, and its decoding reports it)
OBJECT_MEMBERS = {"functionResponse": "a function response object", "function_response": "a function response object",
                  **{k: "an object" for k in SERVER_KEYS}}


def data_key(part: Dict[str, Any]) -> Optional[str]:
    """The key of *part*'s data field (``DATA_KEYS``), wherever it stands among its keys, or ``None``."""
    for k in part:
        if k in DATA_KEYS:
            return k
    return None


def set_fields(part: Dict[str, Any], skip: Any = None) -> Dict[str, Any]:
    """The fields of *part* (but *skip*) as the wire holds them: one set to ``None`` is
    left out (an SDK dump, ``model_dump()``, writes every field, the unset ones ``None``;
    JSON null is an unset field in proto3 JSON), an enum of the dump is its wire word and
    SDK ``bytes`` are base64 text (``thought_signature``'s a dummy's as the dummy:
    ``compat_signature.signature_text``)."""
    return {k: _wire(v, k) for k, v in part.items() if v is not None and k != skip}


def _wire(value: Any, key: Any) -> Any:
    t = type(value)
    if t is str:
        return value
    if t is bytes:
        if key == "thought_signature" or key == "thoughtSignature":
            return signature_text(value)
        return base64.b64encode(value).decode("ascii")
    return to_plain(value)


def odd_fields(key: str, body: Dict[str, Any]) -> str:
    """Why the server-call body *body* under *key* is refused (``""``: it is not): a
    ``toolCall`` holding a field its documented ``ToolCall`` has not, whose name and
    arguments would be lost (read as a call named ``tool_call`` with no arguments)."""
    if key.startswith("executable"):
        return ""
    odd = sorted(k for k, v in body.items() if k not in TOOL_CALL_FIELDS and v is not None)
    if not odd:
        return ""
    return (f"holds {', '.join(map(repr, odd))}, which a Gemini ToolCall has not (its fields: id, toolType, args): "
            "its name and arguments would be lost")


def server_call(part: Dict[str, Any], key: str, body: Dict[str, Any]) -> Tuple[str, Any, Any, Dict[str, Any]]:
    """The name, arguments (an object, or a ``toolCall``'s text), raw id and wire part of
    the server-call part *part* whose member *key* holds the object *body*: the part's
    fields and the body's as the wire holds them (``set_fields``: an SDK dump's ``None``
    fields left out, its enums as their words, ``toolType`` too). Code execution's
    arguments are its whole ``{"code", "language", "id"?}``."""
    body = set_fields(body)
    item = set_fields(part)
    item[key] = body
    if key.startswith("executable"):
        return "code_execution", dict(body), None, item
    tool_type = body.get("toolType") or body.get("tool_type")
    name = tool_type if type(tool_type) is str and tool_type else "tool_call"
    return name, body.get("args"), body.get("id"), item


TOP_KEYS = _PART_KEYS | {"candidates", "promptFeedback", "prompt_feedback", "parts", "contents",
                     "functionDeclarations", "function_declarations", "name"}


# keys through which ``_claim`` can accept a dict with a string "type" (none of
# Gemini's objects has one; a "type" key rules out every subset-of-keys test below)
_TYPED = frozenset(
    {"functionCall", "function_call", "functionResponse", "function_response", *SERVER_KEYS, "candidates",
     "promptFeedback", "prompt_feedback", "parts", "contents", "functionDeclarations", "function_declarations"}
)


def gate(keys: Tuple[Any, ...], kind: Optional[str]) -> bool:
    """A necessary condition of ``_claim`` on the top-level keys and ``type`` value."""
    return kind is None or not _TYPED.isdisjoint(keys)


def sniff(data: Any) -> Optional[Tuple[str, str]]:
    return _claim(data, False)


def detect(data: Any) -> Optional[Tuple[str, str]]:
    """``sniff`` for auto-detection: a declaration of exactly the canonical tool shape is
    left to ``canonical`` (it decodes to the same ``Tool``)."""
    return _claim(data, True)


def _claim(data: Any, strict: bool) -> Optional[Tuple[str, str]]:
    if type(data) is not dict or data.keys().isdisjoint(TOP_KEYS):
        return None
    if "role" not in data:  # a call whose body is no object is claimed, so decoding reports it
        fc = data.get("functionCall")
        if fc is None:
            fc = data.get("function_call")
            if type(fc) is dict and type(fc.get("arguments")) is str and "args" not in fc:
                return None  # Chat's deprecated ``function_call`` {name, arguments: text}: no FunctionCall
        if fc is not None:
            return CALL, "a 'functionCall' part (a Gemini content part)"
        if data.get("functionResponse") is not None or data.get("function_response") is not None:
            return RESULT, "a 'functionResponse' part"
        for key in SERVER_KEYS:
            body = data.get(key)
            if body is not None:
                if type(body) is dict and odd_fields(key, body):  # claimed as a call, so decoding refuses it
                    return CALL, f"{an(repr(key))} part holding fields no Gemini ToolCall has"
                return SERVER, f"{an(repr(key))} part (a tool Gemini runs itself)"
    if type(data.get("candidates")) is list or "promptFeedback" in data or "prompt_feedback" in data:
        return CALLS, "'candidates' (a GenerateContentResponse)"
    if type(data.get("candidates")) is dict:  # one candidate where the list belongs: read, the error names it
        return CALLS, "'candidates' holding one object (a GenerateContentResponse's, not a list)"
    if type(data.get("parts")) is list:
        return CALLS, "'parts' (a Gemini Content)"
    if type(data.get("contents")) is list:
        return CALLS, "'contents' (a Gemini request)"
    if "functionDeclarations" in data or "function_declarations" in data:
        return TOOL, "'functionDeclarations' (a Gemini tool entry)"
    if data and (data.keys() <= _PART_KEYS or _set_part(data)):
        return OTHER, "a content part without a function call"
    if type(data.get("name")) is str and data.keys() <= DECLARATION_KEYS:
        params = data.get("parameters")
        if (
            not strict
            or not data.keys().isdisjoint(GEMINI_ONLY_DECLARATION_KEYS)
            or "parameters" not in data
            or (type(params) is dict and type(params.get("type")) is str and params["type"].isupper())
        ):
            return TOOL, "a function declaration ('parametersJsonSchema' or OpenAPI 'parameters')"
    return None


def _set_part(data: Dict[str, Any]) -> bool:
    """A part whose keys are not all ``Part``'s, read as an SDK dump writes it (every field,
    unset ones ``None``: ``model_dump()``, ``model_dump_json()``): a key set to ``None`` is
    absent, so a field newer than ``_PART_KEYS`` left unset does not hide the part. Only a
    dump (it holds ``text`` and ``thought``, set or not, and no ``role``: an OpenAI
    message or delta written with its ``None`` fields is no part); at least one field of
    ``Part`` is set, none of another."""
    if "text" not in data or "thought" not in data or "role" in data:
        return False
    known = False
    for k, v in data.items():
        if v is not None:
            if k not in _PART_KEYS:
                return False
            known = True
    return known


def children(data: Dict[str, Any], loc: str) -> Iterator[Tuple[Any, str]]:
    candidates = data.get("candidates")
    if candidates is not None:
        for i, cand in enumerate(as_list(candidates, loc + ".candidates", NAME)):
            cloc = f"{loc}.candidates[{i}]"
            content = as_dict(cand, cloc, NAME, "a candidate").get("content")
            if content is not None:
                parts = as_dict(content, cloc + ".content", NAME, "a Content object").get("parts")
                yield from _parts(parts, cloc + ".content.parts")
        return
    if "parts" in data:
        yield from _parts(data["parts"], loc + ".parts")
        return
    contents = data.get("contents")
    if contents is not None:
        for i, content in enumerate(as_list(contents, loc + ".contents", NAME)):
            cloc = f"{loc}.contents[{i}]"
            yield from _parts(as_dict(content, cloc, NAME, "a Content object").get("parts"), cloc + ".parts")


def _parts(parts: Any, loc: str) -> Iterator[Tuple[Any, str]]:
    if parts is None:
        return
    for j, part in enumerate(as_list(parts, loc, NAME)):
        ploc = f"{loc}[{j}]"
        p = to_data(part, ploc)
        if type(p) is dict:
            for k in p:  # a result or server-call member that is no object: never passed over
                v = p[k]
                if k in OBJECT_MEMBERS and v is not None and type(v) is not dict:
                    as_dict(v, f"{ploc}.{k}", NAME, OBJECT_MEMBERS[k])
                elif k in _TOOL_CALL_KEYS and type(v) is dict:  # refused as a non-object is, whatever include_server
                    odd = odd_fields(k, v)
                    if odd:
                        raise DecodeError(f"The server tool call at {ploc}.{k} {odd}", dialect=NAME, loc=f"{ploc}.{k}")
        if type(p) is not dict or not p.keys().isdisjoint(_PART_KEYS):
            yield p, ploc  # a non-object is reported by the walk; unknown parts are passed over
