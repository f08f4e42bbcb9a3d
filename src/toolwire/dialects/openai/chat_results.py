"""Tool results of ``openai.chat`` (see that module).

Follows https://platform.openai.com/docs/api-reference/chat/create
(``messages[].role: "tool"``).

- Result: ``{"role": "tool", "tool_call_id", "content"}`` (a ``name`` beside them, as
  https://cookbook.openai.com/examples/how_to_call_functions_with_chat_models writes
  it, is written back); legacy ``role: "function"``. A ``tool_call_id`` of ``"null"``
  or ``""`` is no id, as a call's is (mistralai's placeholder; the Vercel AI SDK echoes a
  call's ``"id": ""``): it answers an id-less call, and is written back as received. Content is text or a list of
  ``{"type": "text", "text"}`` parts; what else a text part holds (OpenRouter's
  ``"cache_control": {"type": "ephemeral", "ttl": "5m"}``) is provider data of the
  result (``part_extra``, by position), written back only to ``openai.chat``.
  ``text_content`` writes a result's content for the Chat-shaped dialects: for Chat
  a result of text only is one string (``lines``: DeepSeek answers a list of text parts
  "invalid type: sequence, expected a string", Together's SDK types the content as a
  string), unless a part holds more than its text (written back as read). An
  ``image_url`` part (a gateway's extension: OpenAI's own API takes text parts only) is
  written in Chat's object form (``{"url"}``), a Mistral URL string too.
"""

from __future__ import annotations

from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Tuple

from ..._dialect import EncodeContext
from ..._errors import DecodeError, EncodeError, an, excerpt
from ..._payload_paths import result_at
from ..._types import ToolResult
from .._common import QUIET, as_dict, check_native, json_text, required_id, result_id, result_name, scoped
from .._result_media import of_scheme
from .._result_resources import text_resources
from .chat_tools import IDS, NAME, NAMES

__all__ = ["ANSWER", "decode_result", "encode_result", "lines", "text_content"]


def decode_result(item: Dict[str, Any], loc: str) -> ToolResult:
    content = item.get("content")
    if content is None:
        content = ""
    if not isinstance(content, (str, list)):
        raise DecodeError(
            f"Tool result content at {loc}.content must be text or a list of parts", dialect=NAME, loc=loc + ".content"
        )
    pd: Dict[str, Any] = {}
    if isinstance(content, list):
        content, part_extra = _split_parts(content, loc + ".content")
        if part_extra is not None:
            pd["part_extra"] = part_extra
    if item.get("role") == "function":
        pd["legacy"] = True
        return result_at(NAME, {"$.content": loc + ".content", "$.name": loc + ".name"}, id=None,
                         name=item.get("name"), content=content, provider_data={NAME: pd})
    wire_id = item.get("tool_call_id")
    if wire_id == "null" or wire_id == "":  # no id, as in a call (mistralai's placeholder; "" echoing a call's
        # "id": "", as the Vercel AI SDK sends it): it pairs as an id-less result; written back
        ident = None
        pd["id"] = wire_id
    else:
        ident = required_id(wire_id, loc + ".tool_call_id", NAME)
    extra = {k: v for k, v in item.items() if k not in ("role", "tool_call_id", "content", "name")}
    if extra:
        pd["extra"] = extra
    if "name" in item:  # not in the reference, but servers and cookbook examples send it: written back
        pd["named"] = True
    check_native(ident, IDS, pd)
    return result_at(NAME, {"$.content": loc + ".content", "$.name": loc + ".name"}, id=ident,
                     name=item.get("name"), content=content, provider_data={NAME: pd} if pd else {})


def _split_parts(parts: List[Any], loc: str) -> Tuple[List[Any], Optional[List[Dict[str, Any]]]]:
    """Text parts as canonical ``{"type": "text", "text"}``, and what else each part
    held (OpenRouter's ``cache_control``), by position, for the re-encode; ``None``
    when no part held more. Other parts stay as they are."""
    out: List[Any] = []
    part_extra: List[Dict[str, Any]] = []
    for i, part in enumerate(parts):
        p = as_dict(part, f"{loc}[{i}]", NAME, "a content part")
        rest: Dict[str, Any] = {}
        if p.get("type") == "text" and type(p.get("text")) is str and len(p) > 2:
            rest = {k: v for k, v in p.items() if k not in ("type", "text")}
            p = {"type": "text", "text": p["text"]}
        out.append(p)
        part_extra.append(rest)
    return out, (part_extra if any(part_extra) else None)


def text_content(
    result: ToolResult,
    dialect: str,
    part_extra: Sequence[Any] = (),
    keep: FrozenSet[str] = frozenset({"image_url"}),
    holds: str = "only text",
    ctx: EncodeContext = QUIET,
    one: bool = False,
) -> Any:
    """Result content as Chat accepts it: text, or a list of text parts; *part_extra*:
    what the text part at each position held beyond its type and text. Parts of a type
    in *keep* are the dialect's own and written as they are (an ``image_url`` part that
    a gateway took in a tool message is written back; OpenAI's own API takes text); a
    JSON part goes as its text, noted on *ctx*; *one*: text parts alone (none holding
    more than its type and text) go as one text (``lines``)."""
    content = result.content
    if isinstance(content, str):
        return content
    if not content:  # a list of parts has at least one (the API's minItems): no parts is no text
        return ""
    parts = []
    for i, part in enumerate(content):
        kind = part.get("type")
        if kind == "text":
            out = {"type": "text", "text": part.get("text", "")}
            rest = part_extra[i] if i < len(part_extra) else None
            if type(rest) is dict:
                out.update(rest)
            parts.append(out)
        elif kind == "json":
            said = json_text(part.get("json"), ctx, dialect, "its tool messages hold no JSON part")
            parts.append({"type": "text", "text": said})
        elif kind == "image_url" and dialect == NAME:
            parts.append(_image_part(part))
        elif kind in keep:
            parts.append(part)
        else:
            raise EncodeError(
                f"{an(dialect, True)} tool result holds {holds}; got {an(repr(kind))} part", dialect=dialect
            )
    if one and all(p.get("type") == "text" and len(p) == 2 for p in parts):
        return lines([p["text"] for p in parts], dialect, ctx)
    return parts


def lines(texts: List[str], dialect: str, ctx: EncodeContext) -> str:
    """The text parts *texts* of a result written as a string for *dialect*: one text,
    the parts joined by newlines, noted on *ctx* when there are two or more."""
    if len(texts) > 1:
        ctx.note("converted", f"The {len(texts)} parts of",
                 f"are sent to {ctx.named(dialect)} as one text, joined by newlines: a tool message's content is a "
                 "string")
    return "\n".join(texts)


def _image_part(part: Dict[str, Any]) -> Dict[str, Any]:
    """The ``image_url`` part *part* in Chat's shape (``ChatCompletionContentPartImageParam``:
    ``image_url`` is an ``ImageURL`` object, ``{"url", "detail"}``): one read as such is
    kept; Mistral's plain URL string (an http(s) or data: URL, as Chat's images take)
    becomes ``{"url": ...}``; anything else raises ``EncodeError``."""
    iu = part.get("image_url")
    if type(iu) is dict and type(iu.get("url")) is str:
        return part
    if type(iu) is str and of_scheme(iu, "data:", "http://", "https://"):
        return {**part, "image_url": {"url": iu}}
    raise EncodeError(f"An image_url part in a tool result cannot be written for {NAME}: {excerpt(part)}",
                      dialect=NAME)


# The ``legacy`` flag of an id-less result a history writer answers a legacy ``function_call`` it wrote
# with (``chat_history_encode``): a ``role: "function"`` message, whatever id the writer pairs it by
ANSWER = "answer"


def encode_result(result: ToolResult, ctx: EncodeContext) -> Dict[str, Any]:
    result = text_resources(result, NAME, ctx)  # an MCP embedded text resource: text
    pd = scoped(result, NAME)
    legacy = pd.get("legacy")  # (with an id: the tool message answering it, unless the writer's ``ANSWER``)
    if legacy and (result.id is None or legacy == ANSWER):
        content = text_content(result, NAME, pd.get("part_extra", ()), ctx=ctx, one=True)
        return {"role": "function", "name": result_name(result.name, NAMES, NAME), "content": content}
    ident = pd["id"] if result.id is None and "id" in pd else result_id(result, ctx, IDS, NAME)
    out: Dict[str, Any] = {"role": "tool", "tool_call_id": ident}
    if pd.get("named"):
        out["name"] = result_name(result.name, NAMES, NAME)
    out["content"] = text_content(result, NAME, pd.get("part_extra", ()), ctx=ctx, one=True)
    out.update(pd.get("extra", ()))
    return out
