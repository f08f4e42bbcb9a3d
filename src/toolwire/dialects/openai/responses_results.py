"""Tool results of ``openai.responses`` (see that module).

Follows https://platform.openai.com/docs/api-reference/responses/create (``input[]``
items of type ``function_call_output``) and openai-python's ``FunctionCallOutput``
(checked 2026-12-04).

- Result: ``{"type": "function_call_output", "call_id", "output"}`` (text, or a list
  of ``input_text`` / ``input_image`` / ``input_file`` parts);
  ``custom_tool_call_output`` likewise. The optional ``name`` is the result's name,
  written back where it was read (``named``); a text part keeps its own optional
  ``prompt_cache_breakpoint`` (``ResponseInputTextContentParam``), and no other
  provider's fields.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from ..._dialect import EncodeContext
from ..._errors import DecodeError, EncodeError, an
from ..._payload_paths import result_at
from ..._types import ToolResult
from ..._value_checks import part_member
from .._common import as_dict, check_native, json_text, required_id, result_id, result_name, scoped
from .._image_types import OPENAI_IMAGE_TYPES, sent_type
from .._result_media import ResultMedia, extension, rewrite_media, web
from .media import OPENAI_DETAILS
from .responses_tools import IDS, NAME, NAMES

__all__ = ["decode_result", "encode_result"]


_PART_IN = {"input_text": "text", "input_image": "image", "input_file": "file"}
_FILE_KEYS = frozenset({"file_id", "file_data", "file_url"})  # an input_file names its file by one of these
_PART_OUT = {v: k for k, v in _PART_IN.items()}


def decode_result(item: Dict[str, Any], loc: str) -> ToolResult:
    ident = required_id(item.get("call_id"), loc + ".call_id", NAME)
    output = item.get("output")
    content: Any
    if output is None:
        content = ""
    elif type(output) is str:
        content = output
    elif isinstance(output, list):
        content = []
        for i, part in enumerate(output):
            p = as_dict(part, f"{loc}.output[{i}]", NAME, "a content part")
            kind = p.get("type")
            if type(kind) is not str:  # it could not be written back
                raise DecodeError(f"Content part at {loc}.output[{i}] has no 'type'", dialect=NAME,
                                  loc=f"{loc}.output[{i}].type")
            if kind == "input_text" and type(p.get("text")) is not str:  # (its ``text`` is required)
                raise DecodeError(f"Text part at {loc}.output[{i}].text {part_member(p, 'text')}", dialect=NAME,
                                  loc=f"{loc}.output[{i}].text")
            content.append({**p, "type": _PART_IN.get(kind, kind)})
    else:
        raise DecodeError(
            f"Tool output at {loc}.output must be text or a list of parts", dialect=NAME, loc=loc + ".output"
        )
    extra = {k: v for k, v in item.items() if k not in ("type", "call_id", "output", "name")}
    if "name" in item:  # the result's name, written back to this dialect only
        extra["named"] = True
    if item.get("type") == "custom_tool_call_output":
        extra["custom"] = True
    check_native(ident, IDS, extra)
    return result_at(NAME, {"$.content": loc + ".output", "$.name": loc + ".name"}, id=ident,
                     name=item.get("name"), content=content, provider_data={NAME: extra} if extra else {})


def _own_media(part: Dict[str, Any]) -> bool:
    if part.get("type") == "file":  # its file named by text (a Gemini blob or file URI is a dict)
        return any(type(part.get(k)) is str for k in _FILE_KEYS)
    # (a Chat or Mistral ``image_url`` part is another provider's)
    return (part.get("type") == "image" and type(part.get("image_url")) is str) or "file_id" in part


def _media_part(m: ResultMedia, ctx: EncodeContext) -> Optional[Dict[str, Any]]:
    """An ``input_image`` (data URL or URL) or ``input_file`` (``file_data`` as a data URL
    with a ``filename``, or ``file_url``) part, or ``None``; an image as data of the type its
    bytes show (``sent_type``: an SVG, BMP, TIFF refused whatever its label)."""
    if m.kind == "image":
        if m.data is not None:
            url: Optional[str] = f"data:{sent_type(m, OPENAI_IMAGE_TYPES, NAME, ctx)};base64,{m.data}"
        else:
            url = m.url if web(m.url) else None
        detail = m.detail if m.detail in OPENAI_DETAILS else "auto"  # (required: "auto" when none is known)
        return None if url is None else {"type": "image", "image_url": url, "detail": detail}
    ext = extension(m.media_type)
    name = m.name or "document"
    if ext is not None and not name.lower().endswith("." + ext):
        name = f"{name}.{ext}"
    if m.data is not None and m.media_type is not None:
        return {"type": "file", "file_data": f"data:{m.media_type};base64,{m.data}", "filename": name}
    if m.data is None and web(m.url):
        return {"type": "file", "file_url": m.url}
    return None


# provider data of a result that is no field of its item
_FLAGS = frozenset({"custom", "native_id", "named"})


def encode_result(result: ToolResult, ctx: EncodeContext) -> Dict[str, Any]:
    # another provider's images and documents
    result = rewrite_media(result, NAME, _own_media, lambda m: _media_part(m, ctx), ctx)
    pd = scoped(result, NAME)
    content = result.content
    output: Any
    if isinstance(content, str):
        output = content
    else:
        output = []
        for part in content:
            kind = part.get("type")
            if kind == "json":
                said = json_text(part.get("json"), ctx, NAME, "its tool output holds no JSON part")
                output.append({"type": "input_text", "text": said})
            elif kind == "text":  # ``ResponseInputTextContentParam``: type, text, prompt_cache_breakpoint
                text = {"type": "input_text", "text": part.get("text")}  # (no cache_control, citations)
                if "prompt_cache_breakpoint" in part:  # a field of this dialect's text part, as read
                    text["prompt_cache_breakpoint"] = part["prompt_cache_breakpoint"]
                output.append(text)
            elif kind in _PART_OUT and (kind != "file" or _own_media(part)):
                output.append({**part, "type": _PART_OUT[kind]})  # a file in its own shape, not a Gemini blob
            else:
                raise EncodeError(f"{an(NAME, True)} tool output cannot hold {an(repr(kind))} part", dialect=NAME)
    ident = result_id(result, ctx, IDS, NAME)
    # a custom tool call's result, by its own mark or by the call this id map wrote (``encode``)
    custom = pd.get("custom") or (ctx.ids is not None and ctx.ids.call_kinds.get(ident) == "custom")
    out: Dict[str, Any] = {
        "type": "custom_tool_call_output" if custom else "function_call_output",
        "call_id": ident,
        "output": output,
    }
    if pd.get("named"):
        out["name"] = result_name(result.name, NAMES, NAME)
    out.update((k, v) for k, v in pd.items() if k not in _FLAGS)
    return out
