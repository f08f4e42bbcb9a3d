"""Function responses of ``gemini`` (see that module): tool results.

Follows https://ai.google.dev/api/caching#FunctionResponse.

- Result: a part ``{"functionResponse": {"id", "name", "response": {...}, "parts"}}``
  (``function_response`` in a ``model_dump()``). ``response`` holds ``output``,
  ``result`` or ``error`` (or is the whole output); ``parts`` hold Gemini 3's
  multimodal responses (images and documents), read as content parts.
"""

from __future__ import annotations

import base64
from typing import Any, Dict, List, Optional

from ..._dialect import EncodeContext
from ..._errors import DecodeError, EncodeError, an, excerpt
from ..._payload_paths import result_at
from ..._types import ToolResult, evolve
from .._common import as_dict, opt_str, result_id, result_name, scoped
from .._image_types import is_image_type, sent_type
from .._result_media import GEMINI_PARTS, ResultMedia, rewrite_media
from .tools import IDS, NAME, NAMES

__all__ = ["decode_result", "encode_result"]

_KEYS = ("output", "result", "error")


def decode_result(part: Dict[str, Any], loc: str) -> ToolResult:
    key = "functionResponse" if "functionResponse" in part else "function_response"
    fr = as_dict(part.get(key), f"{loc}.{key}", NAME, "a function response object")
    floc = f"{loc}.{key}"
    pd: Dict[str, Any] = {}
    if key != "functionResponse":
        pd["snake"] = True
    ident = opt_str(fr.get("id"), floc + ".id", NAME)
    if fr.get("id") == "":
        pd["id"] = ""
    name = fr.get("name")
    if name is not None and type(name) is not str:
        raise DecodeError(f"Tool name at {floc}.name must be text", dialect=NAME, loc=floc + ".name")
    response = fr.get("response")
    rloc = floc + ".response"
    content: Any = ""
    is_error = False
    if response is None:
        pd["no_response"] = True
    elif type(response) is not dict:
        raise DecodeError(
            f"Function response at {floc}.response must be an object", dialect=NAME, loc=floc + ".response"
        )
    elif len(response) == 1 and next(iter(response)) in _KEYS:
        k, value = next(iter(response.items()))
        rloc = f"{rloc}.{k}"
        is_error = k == "error"
        content = value if type(value) is str else [{"type": "json", "json": value}]
        if k == "result" or (k == "output" and type(value) is not str):
            pd["key"] = k
    else:  # the whole response is the output, or error details when it has an "error" key
        content = [{"type": "json", "json": response}]
        if "error" in response:
            is_error = True
            pd["whole"] = True
    media = _media(fr.get("parts"))
    if media:  # Gemini 3 multimodal responses: content like any other provider's images
        content = [*([{"type": "text", "text": content}] if content else []), *media] \
            if isinstance(content, str) else [*content, *media]
    extra = {k: v for k, v in fr.items() if k not in ("name", "id", "response") and not (k == "parts" and media)}
    if extra:
        pd["response_extra"] = extra
    if len(part) > 1:
        pd["part"] = {k: v for k, v in part.items() if k != key}
    places = {"$.content[0].json": rloc, "$.content[0].text": rloc, "$.name": floc + ".name"}
    if type(content) is str:
        places["$.content"] = rloc
    return result_at(
        NAME, places, id=ident, name=name, content=content, is_error=is_error, provider_data={NAME: pd} if pd else {}
    )


def _media(parts: Any) -> List[Dict[str, Any]]:
    """``functionResponse.parts`` as content parts (``{"type": "image" | "file", <the part
    as sent>}``), or ``[]`` when it is absent or holds a part of no known kind (then it
    stays provider data, as before)."""
    if type(parts) is not list or not parts:
        return []
    out = []
    for part in parts:
        key = next((k for k in GEMINI_PARTS if k in part), None) if type(part) is dict and len(part) == 1 else None
        body = part[key] if key is not None else None
        if type(body) is not dict:
            return []
        if type(body.get("data")) is bytes:  # google-genai's ``FunctionResponseBlob``: base64 on the wire
            body = {**body, "data": base64.b64encode(body["data"]).decode("ascii")}
            part = {key: body}
        mime = body.get("mimeType", body.get("mime_type"))
        image = is_image_type(mime)  # (RFC 2045 §5.1: in any case)
        out.append({"type": "image" if image else "file", **part})
    return out


# the document and image types a function response part takes (Gemini docs, function
# calling, "Multimodal function responses")
_DOCUMENTS = frozenset({"application/pdf", "text/plain"})
_IMAGES = ("image/png", "image/jpeg", "image/webp")


def _own_media(part: Dict[str, Any]) -> bool:
    return any(type(part.get(k)) is dict for k in GEMINI_PARTS)  # (a Responses ``file_data`` is text)


def _media_part(m: ResultMedia, ctx: EncodeContext) -> Optional[Dict[str, Any]]:
    """A ``FunctionResponsePart`` blob (inline data only: a URI is an upload), or ``None``;
    an image of the type its bytes show (``sent_type``: an SVG, BMP, TIFF, GIF refused)."""
    if m.data is None:
        return None
    if m.kind == "image":
        return {"type": "image", "inlineData": {"mimeType": sent_type(m, _IMAGES, NAME, ctx), "data": m.data}}
    if m.media_type not in _DOCUMENTS:
        return None
    return {"type": "file", "inlineData": {"mimeType": m.media_type, "data": m.data}}


def _is_media(part: Dict[str, Any]) -> bool:
    return part.get("type") in ("image", "file") and len(part) == 2 and _own_media(part)


def _response(result: ToolResult, pd: Dict[str, Any], ctx: EncodeContext) -> Any:
    content = result.content
    key = "error" if result.is_error else pd.get("key", "output")
    value: Any
    if isinstance(content, str):
        value = content
    elif len(content) == 1 and content[0].get("type") == "json":
        value = content[0].get("json")
        whole = type(value) is dict and not (len(value) == 1 and next(iter(value)) in _KEYS)
        if whole and not result.is_error and "key" not in pd and "error" not in value:
            return value  # the whole object is the output
        if whole and result.is_error and pd.get("whole") and "error" in value:
            return value  # the whole object, its "error" key beside others
    elif all(p.get("type") == "text" for p in content):
        value = "\n".join(_text(p, i) for i, p in enumerate(content))  # the parts kept apart, as Ollama does
        if len(content) > 1:
            ctx.note("converted", f"The {len(content)} text parts of",
                     f"are sent to {ctx.named(NAME)} as one text, joined by newlines: a function response holds one "
                     "value")
    else:  # text and JSON parts: one array, each part's value in order (reads back as one JSON part)
        value = []
        for p in content:
            kind = p.get("type")
            if kind not in ("text", "json"):
                raise EncodeError(f"{an(NAME, True)} function response cannot hold {an(repr(kind))} part", dialect=NAME)
            value.append(p.get(kind))
        ctx.note("converted", f"The {len(content)} text and JSON parts of",
                 f"are sent to {ctx.named(NAME)} as one JSON array (read back as one JSON part): a function response "
                 "holds one value")
    return {key: value}


def _text(part: Dict[str, Any], i: int) -> str:
    """The text of text part *i* of a result being written: a string, else an
    ``EncodeError`` at its ``.text`` (never its ``str()``)."""
    text = part.get("text", "")
    if type(text) is not str:
        raise EncodeError(f"Text part at $.content[{i}].text must hold a string, got {excerpt(text)}", dialect=NAME,
                          loc=f"$.content[{i}].text")
    return text


def encode_result(result: ToolResult, ctx: EncodeContext) -> Dict[str, Any]:
    # another provider's images and documents
    result = rewrite_media(result, NAME, _own_media, lambda m: _media_part(m, ctx), ctx)
    pd = scoped(result, NAME)
    media: List[Dict[str, Any]] = []
    if not isinstance(result.content, str) and any(_is_media(p) for p in result.content):
        media = [{k: v for k, v in p.items() if k != "type"} for p in result.content if _is_media(p)]
        rest = [p for p in result.content if not _is_media(p)]
        text = rest[0].get("text") if len(rest) == 1 and rest[0].get("type") == "text" else None
        result = evolve(result, content=text if type(text) is str else rest or "")
    if not result.name:
        raise EncodeError(
            f"{an(NAME, True)} function response needs the tool name (Gemini rejects an empty one); this result "
            "has none: set its name from its call",
            dialect=NAME,
        )
    fr: Dict[str, Any] = {"name": result_name(result.name, NAMES, NAME)}
    ident = result_id(result, ctx, IDS, NAME)
    if ident is not None:
        fr["id"] = ident
    elif "id" in pd:
        fr["id"] = pd["id"]
    if not (pd.get("no_response") and result.content == "" and not result.is_error):
        fr["response"] = _response(result, pd, ctx)
    fr.update(pd.get("response_extra", ()))
    if media:
        fr["parts"] = media
    out: Dict[str, Any] = {"function_response" if pd.get("snake") else "functionResponse": fr}
    out.update(pd.get("part", ()))
    return out
