"""The OpenAI-like pieces ``mistral``, ``cohere.v2`` and ``ollama`` share (see ``calls``).

Follows https://platform.openai.com/docs/api-reference/chat and
https://docs.mistral.ai/capabilities/function_calling/ (checked 2026-11-30): a call item
``{"id", "type": "function", "function": {"name", "arguments"}}`` read and written for a
given dialect (``decode_fn_call``, ``encode_fn_call``), provider data moved from one
dialect to another (``rescoped``), a Chat-shaped tool definition read for a dialect
(``chat_tool``) and a tool message's ``content`` (``tool_content``).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from ..._args import Policy, encode_arguments, function_arguments, misplaced
from ..._dialect import EncodeContext
from ..._errors import DecodeError, EncodeError, excerpt, refuse_server
from ..._ids import IdRule
from ..._types import Tool, ToolCall, evolve, new_call
from ..._value_checks import part_member
from .._common import as_dict, check_native, encode_id, name_of, opt_str, scoped
from ..openai import chat_tools as chat_parts

__all__ = ["chat_tool", "decode_fn_call", "encode_fn_call", "rescoped", "text_of", "text_part",
           "tool_content"]


def decode_fn_call(
    item: Dict[str, Any], policy: Policy, loc: str, dialect: str, ids: IdRule, none_ids: Tuple[str, ...] = ("",)
) -> ToolCall:
    """A ``{"id", "type", "function": {"name", "arguments"}}`` item of *dialect*.

    Everything the canonical value does not hold (missing keys, extra keys, object
    arguments, a placeholder id) is kept as provider data for a lossless re-encode.
    """
    fn = item.get("function")
    if type(fn) is not dict:
        fn = as_dict(fn, loc + ".function", dialect, "a 'function' object")
    name = name_of(fn.get("name"), loc + ".function.name", dialect)
    wire_id = item.get("id")  # (name and id before the arguments: their errors come first)
    if type(wire_id) is str and wire_id not in none_ids and wire_id.isascii():
        ident: Optional[str] = wire_id
    else:
        ident = None if wire_id in none_ids else opt_str(wire_id, loc + ".id", dialect)
    wire_args = fn.get("arguments")
    if not wire_args or wire_args == "{}":  # none here: under another key they are refused
        misplaced(fn, "arguments", loc + ".function", dialect)
    args, raw, repairs = function_arguments(wire_args, policy, loc + ".function.arguments", dialect)
    if (
        len(item) == 3
        and item.get("type") == "function"
        and len(fn) == 2
        and raw is not None
        and not repairs
        and ident is not None
        and ids.valid(ident)
    ):
        return new_call(name, args, ident, raw)
    pd: Dict[str, Any] = {}
    extra = {k: v for k, v in item.items() if k not in ("id", "type", "function")}
    if extra:
        pd["extra"] = extra
    fextra = {k: v for k, v in fn.items() if k not in ("name", "arguments")}
    if fextra:
        pd["function_extra"] = fextra
    if "type" not in item:
        pd["no_type"] = True
    elif item["type"] != "function":
        pd["type"] = item["type"]
    if "id" not in item:
        pd["no_id"] = True
    elif ident is None:
        pd["id"] = wire_id
    if type(wire_args) is dict:
        pd["object_args"] = True
    if repairs and repairs[0] == "empty-arguments":
        pd["arguments"] = wire_args
        if "arguments" not in fn:
            pd["no_arguments"] = True
    check_native(ident, ids, pd)
    return new_call(name, args, ident, raw, {dialect: pd} if pd else None, repairs)


def encode_fn_call(call: ToolCall, ctx: EncodeContext, dialect: str, ids: IdRule) -> Dict[str, Any]:
    """The item for *call*; provider data of *dialect* restores what decoding kept."""
    if call.server:
        refuse_server(call.name, dialect)
    pd = scoped(call, dialect)
    if not pd:
        ident = encode_id(call, ctx, ids, pd)
        args = encode_arguments(call.args, call.raw)
        return {"id": ident, "type": "function", "function": {"name": call.name, "arguments": args}}
    fn: Dict[str, Any] = {"name": call.name}
    if pd.get("object_args"):  # the arguments came as an object (llama.cpp): so they go back
        fn["arguments"] = call.args
    else:
        fn["arguments"] = encode_arguments(call.args, call.raw)
    fn.update(pd.get("function_extra", ()))
    out: Dict[str, Any] = {}
    if not pd.get("no_id"):
        out["id"] = pd["id"] if call.id is None and "id" in pd else encode_id(call, ctx, ids, pd)
    if not pd.get("no_type"):
        out["type"] = pd.get("type", "function")
    out["function"] = fn
    out.update(pd.get("extra", ()))
    return out


def rescoped(obj: Any, src: str, dst: str) -> Any:
    """*obj* with the provider data of *src* moved under *dst* (a model copy)."""
    pd = dict(obj.provider_data)
    moved = pd.pop(src, None)
    if moved:
        pd[dst] = moved
    else:
        pd.pop(dst, None)
    return evolve(obj, provider_data=pd)


def chat_tool(item: Dict[str, Any], loc: str, dialect: str) -> Tool:
    """A Chat-shaped tool definition read for *dialect*: its errors and its provider
    data are *dialect*'s, not ``openai.chat``'s."""
    out: Tool = rescoped(chat_parts.decode_tool(item, loc, dialect), chat_parts.NAME, dialect)
    return out


def tool_content(content: Any, loc: str, dialect: str) -> Any:
    """A tool message's ``content`` (not ``None``): text, or a list of objects; anything
    else is a ``DecodeError`` at ``.content`` (never turned into text silently)."""
    if type(content) is str:
        return content
    if type(content) is not list:
        raise DecodeError(
            f"Tool result content at {loc}.content must be text or a list of parts, got {excerpt(content)}",
            dialect=dialect,
            loc=loc + ".content",
        )
    parts = [as_dict(p, f"{loc}.content[{i}]", dialect, "a content part") for i, p in enumerate(content)]
    for i, p in enumerate(parts):
        text_part(p, f"{loc}.content[{i}]", dialect)
    return parts


def text_of(part: Dict[str, Any], i: int, dialect: str) -> str:
    """The text of the text part *i* of a result being written: a string (the
    ``ToolResult`` constructor checks it), else an ``EncodeError`` at its ``.text``,
    never its ``str()``."""
    text = part.get("text", "")
    if type(text) is not str:
        raise EncodeError(f"Text part at $.content[{i}].text must hold a string, got {excerpt(text)}",
                          dialect=dialect, loc=f"$.content[{i}].text")
    return text


def text_part(part: Dict[str, Any], loc: str, dialect: str) -> None:
    """A ``text`` part's ``text`` must be a string (``TextChunk.text``, Cohere's
    ``TextContent.text``, Ollama's text): anything else, or none, raises at ``.text``
    (never turned into text)."""
    if part.get("type") == "text" and type(part.get("text")) is not str:
        raise DecodeError(f"Text part at {loc}.text {part_member(part, 'text')}", dialect=dialect, loc=loc + ".text")
