"""Ollama native chat API (``ollama``, ``/api/chat``).

Follows https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion
and https://docs.ollama.com/capabilities/tool-calling (checked 2026-11-30), the
server types ``api.ToolCall`` / ``api.Message`` and the ollama-python types
``Message.ToolCall``, ``ChatResponse``.

- Response: ``{"model", "created_at", "message": {"role", "content", "tool_calls"},
  "done", "done_reason"}``; ``done_reason: "length"`` marks cut-off calls; ``"load"`` /
  ``"unload"`` (a request without messages: no prompt ran) bar them (``FINISH``).
- Call: ``{"id"?, "function": {"index", "name", "arguments": {...}}}``: the
  arguments are a JSON **object**, ``index`` lives inside ``function``, there is
  no ``type``. Ids (``call_`` + 8 characters) exist only on recent servers, and the
  Python SDK drops them, so they are optional; ``index`` is written from the call's
  position. Argument text (from an OpenAI-compatible relay) is accepted.
- Tool: ``{"type": "function", "function": {"name", "description", "parameters"}}``;
  no strict mode, so ``strict`` is not written.
- Result: ``{"role": "tool", "tool_name"?, "content", "tool_call_id"?}``
  (``api.Message``: both ``omitempty``; with ``ollama`` named, a tool message with
  neither is read as a result, as the encoder writes one); content is
  one string (text parts are joined with newlines, JSON parts serialised). Tools and
  results are read and written in ``tools``.
- Tool-only assistant messages carry ``"content": ""`` (what Ollama itself sends).

Detection (the ``detect`` field) claims an ``/api/chat`` response (``message`` and
``done``; ``created_at`` is optional in the SDK's ``ChatResponse``; with ``"done": false``
it is a stream chunk, refused where a payload is read; ``"done": true`` with a ``message``
that is no object is a reply too, whose reading raises at ``$.message``), a call with no
``type`` and ``index`` inside ``function`` and object (or no) arguments, or object
arguments and no key but ``id`` and ``function`` (the docs' reply and ollama-python's
``Message.ToolCall`` have no ``index``; Chat's arguments are text), an assistant
message holding such a call, a message with ``tool_name`` or an ``images`` list, and a
request with Ollama ``options``/``keep_alive``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from pydantic_core import from_json

from ..._args import DEFAULT_POLICY, Policy, check_object, function_arguments, misplaced
from ..._dialect import CALL, CALLS, RESULT, Dialect, EncodeContext, Pairing
from ..._errors import refuse_server
from ..._types import ToolCall, new_call
from .._common import as_dict, encode_id, name_of, opt_str, scoped
from ..openai import chat_sniff
from ..openai.chat_history import chat_like
from . import stream, structured
from .call_data import provider_data
from .response import FINISH, RESPONSE, encode_message, reply
from .tools import IDS, NAME, decode_result, decode_tool, encode_result, encode_tool

__all__ = ["DIALECT"]

def detect(data: Any) -> Optional[Tuple[str, str]]:
    """Ollama evidence only (see the module docstring)."""
    if type(data) is not dict:
        return None
    fn = data.get("function")
    if type(fn) is dict:
        return _call(data, fn)
    if "done" in data and type(data.get("message")) is dict and "choices" not in data:
        if data["done"] is False:  # a stream chunk (its reply goes on): no payload (``no_dialect`` names it)
            return None
        # ``created_at`` is optional in the ollama SDK's ``ChatResponse`` (None: not dumped)
        return CALLS, "'message' and 'done' (an /api/chat response)"
    if data.get("done") is True and data.get("message") is not None and "choices" not in data:
        return CALLS, "'message' and 'done' (an /api/chat response; its 'message' is read there)"
    role = data.get("role")
    if role == "tool" and "tool_name" in data:
        return RESULT, "a tool message with 'tool_name'"
    if role is not None and (
        ("tool_calls" in data and ("tool_name" in data or "images" in data)) or type(data.get("images")) is list
    ):  # (a message holding no call gives none)
        return CALLS, "a message with Ollama's 'tool_name'/'images' fields"
    if role == "assistant":
        calls = data.get("tool_calls")
        if type(calls) is list:
            for c in calls:  # (the first call that is Ollama's; linear in the calls)
                fn = c.get("function") if type(c) is dict else None
                claim = _call(c, fn) if type(fn) is dict else None
                if claim is not None:
                    return CALLS, f"an assistant message whose 'tool_calls' hold an Ollama call ({claim[1]})"
    if type(data.get("messages")) is list and ("keep_alive" in data or type(data.get("options")) is dict):
        return CALLS, "a chat request with 'options'/'keep_alive'"
    return None


def _call(data: Dict[str, Any], fn: Dict[str, Any]) -> Optional[Tuple[str, str]]:
    """Whether the item *data* (its ``function``: *fn*) is an Ollama call: no ``type`` (a
    tool definition and a Chat call have one), and ``index`` inside ``function`` or
    object ``arguments`` with no key but ``id`` and ``function`` (docs/api.md's reply and
    ollama-python's ``Message.ToolCall`` have no ``index``; Chat's arguments are text)."""
    if "type" in data:
        return None
    args = fn.get("arguments")
    if "index" in fn:
        if type(args) is dict:
            return CALL, "'index' inside 'function' and object 'arguments'"
        if "arguments" not in fn:  # (inside a reply's tool_calls: never passed over)
            return CALL, "'index' inside 'function' and no 'arguments'"
        return None
    if type(args) is dict and len(data) <= 2 and (len(data) == 1 or "id" in data):
        return CALL, "object 'arguments' and no 'type' (an Ollama call; its 'index' is optional)"
    return None


def gate(keys: Tuple[Any, ...], kind: Optional[str]) -> bool:
    """``detect`` never claims a dict with both ``function`` and ``type`` unless it
    also has a message or response key (a typed Chat call is never Ollama's)."""
    return not ("function" in keys and "type" in keys) or any(
        k in keys for k in ("done", "role", "messages")
    )


def sniff(data: Any) -> Optional[Tuple[str, str]]:
    if type(data) is dict and data.get("done") is False and type(data.get("message")) is dict:
        return None  # a stream chunk, not Chat's either (``detect``)
    hit = detect(data)
    if hit is not None:
        return hit
    if type(data) is dict and data.get("role") == "tool" and "tool_calls" not in data:
        # ``tool_name`` and ``tool_call_id`` are both ``omitempty`` in ``api.Message`` (the
        # docs call ``tool_name`` optional): read as named, not left to ``detect``
        return RESULT, "a tool message ('tool_name' and 'tool_call_id' are optional)"
    return chat_sniff.sniff(data)


def finish(data: Dict[str, Any]) -> Optional[str]:
    reason = data.get("done_reason")
    return reason if type(reason) is str and reason else None


def decode_call(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    fn = item.get("function")
    if type(fn) is not dict:
        fn = as_dict(fn, loc + ".function", NAME, "a 'function' object")
    name = fn.get("name")
    if type(name) is not str or not name or not name.isascii():
        name = name_of(name, loc + ".function.name", NAME)
    wire_args = fn.get("arguments")
    aloc = loc + ".function.arguments"
    ident = item.get("id")
    if type(wire_args) is dict and len(item) == 2 and policy.finish_reason is None:  # the common item
        size = len(fn)
        if type(ident) is str and ident and ident.isascii() and (size == 2 or (size == 3 and "index" in fn)):
            wire_args = check_object(wire_args, policy, aloc, NAME)
            short: Dict[str, Any] = {"no_index": True} if size == 2 else {"function_extra": {"index": fn["index"]}}
            return new_call(name, wire_args, ident, None, {NAME: short})
    ident = opt_str(ident, loc + ".id", NAME)  # (before the arguments: its error first)
    if wire_args is None:  # none here: under another key they are refused
        misplaced(fn, "arguments", loc + ".function", NAME)
    args, raw, repairs = function_arguments(wire_args, policy, aloc, NAME)  # ``{}`` at the token limit: cut off
    if not args:  # empty (``{}``, ``""``): under another key they are refused too
        misplaced(fn, "arguments", loc + ".function", NAME)
    return new_call(name, args, ident, raw, provider_data(item, fn, ident), repairs)


# --- speed only: a plain call in one step (``ONE_STEP``: see ``dialects.ONE_STEP``) ---


def decode_plain(item: Dict[str, Any]) -> Optional[ToolCall]:
    """``decode_call`` under the default policy of a call ``detect`` claims (``index``
    inside ``function``, object arguments) when neither dialect the plan asks before
    it on these shapes would take it (Mistral claims the id ``"null"``, Cohere an id
    13 characters longer than the name: such ids are left to the plan); else ``None``."""
    fn = item["function"]
    if type(fn) is not dict or "index" not in fn or type(fn.get("arguments")) is not dict:
        return None
    ident = item.get("id")
    if ident is not None:
        name = fn.get("name")
        if type(ident) is not str or type(name) is not str or ident == "null" or len(ident) == len(name) + 13:
            return None
    return decode_call(item, DEFAULT_POLICY, "$")


ONE_STEP = ((("id", "function", None), decode_plain), (("function", None), decode_plain))


def encode_call(call: ToolCall, ctx: EncodeContext) -> Dict[str, Any]:
    if call.server:
        refuse_server(call.name, NAME)
    pd = scoped(call, NAME)
    fn: Dict[str, Any] = {"name": call.name, "arguments": call.args}
    if "arguments" in pd and _same(pd["arguments"], call.args):  # as received: text, null
        if pd.get("no_arguments"):
            del fn["arguments"]
        else:
            fn["arguments"] = pd["arguments"]
    if "function_extra" in pd:
        fn.update(pd["function_extra"])
    elif not pd.get("no_index"):
        fn["index"] = ctx.position
    out: Dict[str, Any] = {}
    if call.id is None and "id" in pd:
        out["id"] = pd["id"]
    else:
        ident = encode_id(call, ctx, IDS, pd)
        if ident is not None:
            out["id"] = ident
    out["function"] = fn
    out.update(pd.get("extra", ()))
    return out


def _same(wire: Any, args: Dict[str, Any]) -> bool:
    if wire is None or (type(wire) is str and wire.strip() in ("", "null")):
        return not args
    try:
        return type(wire) is str and bool(from_json(wire) == args)
    except (ValueError, TypeError):  # TypeError: a lone surrogate in the text
        return False


def _peek(item: Dict[str, Any]) -> Tuple[Any, Any]:
    fn = item.get("function")
    return (fn.get("name") if type(fn) is dict else None), item.get("id") or None


DIALECT = Dialect(
    history=chat_like(NAME, images=True, evidence=detect, pairing=Pairing(right_after=True, by_place=True),
                      ordered="Ollama pairs tool messages with calls by tool_name only",
                      one_text=f"{NAME} takes a message's content as one string"),
    name=NAME,
    argument_keys=("arguments",),
    keys=frozenset({"function", "done", "role", "messages"}),
    gate=gate,
    sniff=sniff,
    decode_call=decode_call,
    encode_call=encode_call,
    decode_tool=decode_tool,
    encode_tool=encode_tool,
    decode_result=decode_result,
    encode_result=encode_result,
    ids=IDS,
    children=chat_sniff.named(chat_sniff.message_children, NAME),
    finish=finish,
    description="Ollama native /api/chat (object arguments, optional ids)",
    stream=stream.Handler,
    stream_detect=stream.detect,
    stream_encoder=stream.encode,
    response=RESPONSE,
    finish_reasons=FINISH,
    response_envelope=reply,
    peek=_peek,
    detect=detect,
    assistant_message=encode_message,
    structured=(structured.FORMAT,),
)
