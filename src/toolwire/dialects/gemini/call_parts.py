"""A Gemini call part read and written (``gemini``; the shapes: ``calls``):
``decode_call`` (``functionCall``, and ``executableCode`` / ``toolCall`` parts Gemini
runs itself), its one-step form for a plain part (``ONE_STEP``), ``encode_call``, the
google-genai ``FunctionCall`` / ``FunctionResponse`` objects as the parts that hold
them, and ``peek`` (a part's name and id).

Follows https://ai.google.dev/gemini-api/docs/function-calling,
https://ai.google.dev/gemini-api/docs/thought-signatures and
https://ai.google.dev/api/caching#FunctionCall (checked 2026-11-30).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from ..._access import to_data
from ..._args import DEFAULT_POLICY, Policy, check_object, misplaced, object_arguments, parse_arguments
from ..._dialect import EncodeContext
from ..._errors import DecodeError, excerpt, refuse_server
from ..._types import ToolCall, new_call
from .._common import as_dict, encode_id, name_of, opt_str, scoped
from . import fragments
from .compat_signature import chat_signature
from .fragments import fragment, streams
from .nameless_args import nameless
from .sniff import SERVER_KEYS, odd_fields, server_call, set_fields
from .tools import IDS, NAME

__all__ = ["ONE_STEP", "decode_call", "decode_plain", "encode_call", "peek", "read_function_call",
           "read_function_response"]


def decode_call(part: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    key = "functionCall"
    fc = part.get(key)
    if fc is None:
        key = "function_call"
        fc = part.get(key)
        if fc is None:
            return _decode_server(part, policy, loc)
    if type(fc) is not dict:
        fc = as_dict(fc, f"{loc}.{key}", NAME, "a function call object")
    name = fc.get("name")
    if type(name) is not str or not name or not name.isascii():
        if nameless(fc) and streams(fc):  # fragments no call opened, as the stream reads them (``fragments``)
            return fragments.decode(part, key, policy, loc)
        if nameless(fc) and fc.get("args") is not None and fc["args"] != {}:
            raise DecodeError(  # the stream's words (``stream``): no name-only call before it (``nameless_args``)
                f"The tool call at {loc} is a functionCall part without a name, with arguments no call waits "
                f"for: {excerpt(fc['args'])}",
                dialect=NAME,
                loc=loc,
            )
        name = name_of(name, f"{loc}.{key}.name", NAME)
    args = fc.get("args")
    ident = fc.get("id")
    if type(ident) is not str or not ident or not ident.isascii():  # (before the arguments: its error first)
        ident = opt_str(ident, f"{loc}.{key}.id", NAME)
    if type(args) is dict and policy.finish_reason is None:
        args = check_object(args, policy, f"{loc}.{key}.args", NAME)
        if not args:  # ``{}``: arguments under another key are refused
            misplaced(fc, "args", f"{loc}.{key}", NAME)
        if key == "functionCall":
            if len(part) == 1:
                if len(fc) == 2:
                    return new_call(name, args, None)
                if len(fc) == 3 and ident is not None:
                    return new_call(name, args, ident)
            elif len(part) == 2:
                signed = _signed(part, fc, name, args)
                if signed is not None:
                    return signed
        if fragment(fc):  # (the shapes above hold none) a Vertex call streamed in fragments (``fragments``)
            return fragments.decode(part, key, policy, loc)
        raw: Optional[str] = None
        repairs: Tuple[str, ...] = ()
    else:
        if fragment(fc):  # a Vertex call streamed in fragments, as the stream reads it (``fragments``)
            return fragments.decode(part, key, policy, loc)
        if not args or args == "{}":  # ``arguments`` (no field of FunctionCall) or another's: {} would lose them
            misplaced(fc, "args", f"{loc}.{key}", NAME)
        args, raw, repairs = object_arguments(args, policy, f"{loc}.{key}.args", NAME)
    pd: Dict[str, Any] = {}
    if key != "functionCall":
        pd["snake"] = True
    if "args" not in fc:
        pd["no_args"] = True
    if fc.get("id") == "":
        pd["id"] = ""
    extra = {k: v for k, v in set_fields(fc).items() if k not in ("name", "args", "id")}
    if extra:
        pd["call"] = extra
    if len(part) > 1:
        beside = set_fields(part, key)  # (an SDK dump's unset fields, ``None``, are none)
        if beside:
            pd["part"] = beside
    return new_call(name, args, ident, raw, {NAME: pd} if pd else None, repairs)


def _signed(part: Dict[str, Any], fc: Dict[str, Any], name: str, args: Dict[str, Any]) -> Optional[ToolCall]:
    """The common Gemini 3 part: a plain call and a text thought signature, nothing else."""
    sig = part.get("thoughtSignature")
    if type(sig) is not str:
        return None
    if len(fc) == 2:
        return new_call(name, args, None, None, {NAME: {"part": {"thoughtSignature": sig}}})
    ident = fc.get("id")
    if len(fc) == 3 and type(ident) is str and ident:
        return new_call(name, args, ident, None, {NAME: {"part": {"thoughtSignature": sig}}})
    return None


def _decode_server(part: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    for key in SERVER_KEYS:  # the one set: ``model_dump()`` gives the others as None
        if part.get(key) is not None:
            break
    body = as_dict(part.get(key), f"{loc}.{key}", NAME, "an object")
    odd = odd_fields(key, body)
    if odd:
        raise DecodeError(f"The server tool call at {loc}.{key} {odd}", dialect=NAME, loc=f"{loc}.{key}")
    name, args, ident, item = server_call(part, key, body)
    if key.startswith("executable"):  # the code, its language and the id its result echoes
        return new_call(name, args, None, None, {NAME: {"item": item}}, server=True)
    ident = opt_str(ident, f"{loc}.{key}.id", NAME)
    args, raw, repairs = parse_arguments(args, policy, f"{loc}.{key}.args", NAME)
    return new_call(name, args, ident, raw, {NAME: {"item": item}}, repairs, server=True)


# --- speed only: a plain call in one step (``ONE_STEP``: see ``dialects.ONE_STEP``) ---

def decode_plain(part: Dict[str, Any]) -> Optional[ToolCall]:
    """``decode_call`` under the default policy of a part ``sniff`` claims as a call."""
    return decode_call(part, DEFAULT_POLICY, "$") if type(part["functionCall"]) is dict else None


ONE_STEP = ((("functionCall", None), decode_plain),)


def encode_call(call: ToolCall, ctx: EncodeContext) -> Dict[str, Any]:
    pd = scoped(call, NAME)
    if call.server:
        if "item" not in pd:
            refuse_server(call.name, NAME)
        return dict(pd["item"])
    fc: Dict[str, Any] = {"name": call.name}
    if call.args or not pd.get("no_args"):
        fc["args"] = call.args
    ident = encode_id(call, ctx, IDS)
    if ident is not None:
        fc["id"] = ident
    elif "id" in pd:
        fc["id"] = pd["id"]
    if not pd:
        sig = chat_signature(call) if call.provider_data else None  # read from Gemini's OpenAI-compatible wire
        return {"functionCall": fc} if sig is None else {"functionCall": fc, "thoughtSignature": sig}
    fc.update(pd.get("call", ()))
    out: Dict[str, Any] = {"function_call" if pd.get("snake") else "functionCall": fc}
    out.update(pd.get("part", ()))
    sig = pd.get("thought_signature")  # where 0.1's stream kept it (stored histories); sent back as received
    if sig is None:
        sig = chat_signature(call)  # read from Gemini's OpenAI-compatible wire (``compat_signature``)
    if sig is not None and "thoughtSignature" not in out and "thought_signature" not in out:
        out["thoughtSignature"] = sig
    return out


def read_function_call(o: Any) -> Dict[str, Any]:
    """A google-genai ``FunctionCall`` as the part that holds it: its dump alone
    (``{"name"}`` for a call without ``args``) would read as a declaration."""
    return {"functionCall": to_data(o)}


def read_function_response(o: Any) -> Dict[str, Any]:
    """A google-genai ``FunctionResponse`` as the part that holds it: its dump alone
    (``{"id", "name", "response"}``) is no shape of any dialect."""
    return {"functionResponse": to_data(o)}


def peek(part: Dict[str, Any]) -> Tuple[Any, Any]:
    fc = part.get("functionCall") or part.get("function_call")
    return (fc.get("name"), fc.get("id") or None) if type(fc) is dict else (None, None)
