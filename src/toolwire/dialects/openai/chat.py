"""OpenAI Chat Completions (``openai.chat``).

Follows https://platform.openai.com/docs/api-reference/chat (checked 2026-11-30)
and the openai-python types ``chat_completion_message_tool_call``,
``chat_completion_tool_param``, ``chat_completion_tool_message_param``.

- Call: ``{"id", "type": "function", "function": {"name", "arguments": "<JSON>"}}``;
  ``type`` may be missing; ``arguments`` may be an object, ``""``, ``"null"``,
  missing or double-encoded (see the arguments policy). ``type: "custom"`` calls
  carry free text: ``args == {"input": text}``. The legacy ``function_call``
  message field (no id) is read too; beside ``tool_calls`` one that repeats a call
  there (llama-cpp-python's server writes both) adds nothing, any other is refused
  (``chat_sniff.mirrors``). An ``""`` id is no id, and so is ``"null"``: the
  placeholder mistralai's SDK writes for a call sent without one (written back as received).
- Tool: ``{"type": "function", "function": {"name", "description", "parameters", "strict"}}``.
- Result: ``{"role": "tool", "tool_call_id", "content"}``; legacy ``role: "function"``.
  A ``tool_call_id`` of ``"null"`` or ``""`` is no id either: the result pairs with an
  id-less call (written back as received).
- Ids: at most 40 characters on input (the API rejects longer ones).
- Tool names: ``^[a-zA-Z0-9_-]{1,64}$``.

Encoding writes one level of JSON text for arguments, re-emitting the text as
received while it still parses to the call's ``args``. A call read from native Gemini
keeps its ``thoughtSignature`` to itself: OpenAI refuses a field it does not know on a
call (``Unknown parameter: 'messages[1].tool_calls[0]...'``), and nothing tells Gemini's
OpenAI-compatible endpoint from OpenAI's, so the signature is dropped and
``encode_conversation`` notes it. Claims and containers are read in ``chat_sniff``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from ..._args import (
    TRUNCATING,
    Policy,
    encode_arguments,
    function_arguments,
    misplaced,
    over_max_bytes,
    parse_arguments,
)
from ..._dialect import Dialect, EncodeContext
from ..._errors import ArgumentsError, DecodeError, refuse_server
from ..._types import ToolCall, new_call
from .._common import as_dict, check_native, encode_id, name_of, nameless_result, opt_str, scoped
from . import batch, chat_history, chat_stream, chat_stream_encode
from .chat_refused import CALL_TYPES
from .chat_response import CHAT_FINISH, CHAT_RESPONSE, CHAT_UNFINISHED, chat_reply, encode_message
from .chat_results import decode_result, encode_result
from .chat_server import decode_ran, decode_server, encode_server, glm_call, ran
from .chat_sniff import Unmirrored, children, choices, finish, sniff
from .chat_tools import FUNCTION_FIELDS, IDS, NAME, NAMES, decode_tool, encode_tool
from .custom_tools import builtin_kind
from .sdk import (
    SDK_CALL,
    SDK_COMPLETION,
    SDK_PARSED_CALL,
    SDK_PARSED_COMPLETION,
    SDK_PARSED_MESSAGE,
    read_completion,
    read_message,
    read_object,
    read_parsed_call,
)
from .structured import CHAT as STRUCTURED
from .structured import VLLM

__all__ = ["DIALECT"]



def decode_call(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    fn = item.get("function")
    if fn is None:
        if item.get("type") == "custom":
            return _decode_custom(item, policy, loc)
        if glm_call(item):  # a tool GLM-4-AllTools ran (``chat_server``)
            return decode_server(item, policy, loc)
        wrapped = ran(item)
        if wrapped is not None:  # an item of a message's ``executed_tools``: a tool Groq ran (``chat_server``)
            return decode_ran(wrapped.item, policy, loc)
        if "name" in item:  # legacy function_call
            if type(loc) is Unmirrored:  # ``chat_sniff.children``: beside tool_calls, repeating none of them
                raise DecodeError(loc.error, dialect=NAME, loc=str(loc))
            name = name_of(item["name"], loc + ".name", NAME)
            if not (given := item.get("arguments")) or given == "{}":  # under another key: refused
                misplaced(item, "arguments", loc, NAME)
            args, raw, repairs = parse_arguments(item.get("arguments"), policy, loc + ".arguments", NAME)
            return new_call(name, args, None, raw, {NAME: {"legacy": True}}, repairs)
        raise DecodeError(f"Tool call at {loc} has no 'function'", dialect=NAME, loc=loc)
    if type(fn) is not dict:
        fn = as_dict(fn, loc + ".function", NAME, "a 'function' object")
    wire_name = fn.get("name")
    name = (wire_name if type(wire_name) is str and wire_name and wire_name.isascii()
            else name_of(wire_name, loc + ".function.name", NAME))
    wire_id = item.get("id")  # (name and id before the arguments: their errors come first)
    ident = wire_id if type(wire_id) is str and wire_id and wire_id.isascii() else opt_str(wire_id, loc + ".id", NAME)
    wire_args = fn.get("arguments")
    if not wire_args or wire_args == "{}":  # none here: under another key they are refused
        misplaced(fn, "arguments", loc + ".function", NAME)
    try:
        args, raw, repairs = function_arguments(wire_args, policy, loc + ".function.arguments", NAME)
    except ArgumentsError as exc:  # the call's other data kept on the ``InvalidToolCall`` in its place
        kept = _kept(item, fn, ident, wire_id)
        if kept:
            exc.provider_data = {NAME: kept}
        raise
    if ident == "null":  # mistralai's placeholder for a call sent without an id (its models read as Chat)
        ident = None
    if (
        len(item) == 3
        and item.get("type") == "function"
        and len(fn) == 2
        and not repairs
        and ident
        and len(ident) <= 40
    ):
        return new_call(name, args, ident, raw)
    pd = _kept(item, fn, ident, wire_id)
    if repairs and repairs[0] == "empty-arguments":
        pd["arguments"] = wire_args
        if "arguments" not in fn:
            pd["no_arguments"] = True
    return new_call(name, args, ident, raw, {NAME: pd} if pd else None, repairs)


def _kept(item: Dict[str, Any], fn: Dict[str, Any], ident: Any, wire_id: Any) -> Dict[str, Any]:
    """What the call *item* holds that the canonical value does not, for a lossless re-encode."""
    pd: Dict[str, Any] = {}
    has_type, has_id = "type" in item, "id" in item
    if len(item) > 1 + has_type + has_id:  # keys beyond these (counting is cheaper than copying)
        pd["extra"] = {k: v for k, v in item.items() if k not in ("id", "type", "function")}
    if len(fn) > ("name" in fn) + ("arguments" in fn):
        pd["function_extra"] = {k: v for k, v in fn.items() if k not in FUNCTION_FIELDS}
    if not has_type:
        pd["no_type"] = True
    elif item["type"] != "function":  # another value (a gateway's): written back as it came
        pd["type"] = item["type"]
    if not has_id:
        pd["no_id"] = True
    elif wire_id == "" or wire_id == "null":
        pd["id"] = wire_id
    check_native(None if ident == "null" else ident, IDS, pd)
    return pd


def _decode_custom(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    custom = as_dict(item["custom"], loc + ".custom", NAME, "a 'custom' object")
    name = name_of(custom.get("name"), loc + ".custom.name", NAME)
    wire_id = item.get("id")
    ident = opt_str(wire_id, loc + ".id", NAME)
    text, where = custom.get("input"), loc + ".custom.input"
    if type(text) is not str:
        raise DecodeError(f"Custom tool input at {where} must be text", dialect=NAME, loc=where)
    check_custom_input(text, policy, where, NAME)
    pd: Dict[str, Any] = {"custom": True}
    if wire_id == "":  # no id, written back as received
        pd["id"] = ""
    try:
        repairs = check_custom_cut(text, policy, where, NAME)
    except ArgumentsError as exc:  # kept on the InvalidToolCall: written back as the custom call it was
        exc.provider_data = {NAME: pd}
        raise
    check_native(ident, IDS, pd)
    return new_call(name, {"input": text}, ident, None, {NAME: pd}, repairs)


def check_custom_input(text: str, policy: Policy, loc: str, dialect: str) -> None:
    """Free-text input of a custom tool call is held to ``max_bytes`` as argument text is."""
    if len(text) > policy.max_bytes:
        raise over_max_bytes(f"Custom tool input at {loc} is", text, policy, loc, dialect)


def check_custom_cut(text: str, policy: Policy, loc: str, dialect: str) -> Tuple[str, ...]:
    """Free-text input of a custom tool call in a reply cut off by its token limit (a
    truncating finish reason): nothing shows where it stopped, so it is cut off unless
    ``allow_truncated`` (then the repair ``truncated`` records it)."""
    if policy.finish_reason not in TRUNCATING:
        return ()
    if not policy.allow_truncated:
        raise ArgumentsError(
            f"Custom tool input at {loc} may be cut off: the reply stopped before its end "
            f"({policy.finish_reason}); pass allow_truncated=True to accept it",
            dialect=dialect, loc=loc, raw=text, truncated=True)
    return ("truncated",)


def cut_custom_input(call: ToolCall) -> Optional[str]:
    """The free text of a custom call cut off (``invalid_as_call``'s stand-in of an
    ``InvalidToolCall`` read from either OpenAI dialect's custom call), to be written back
    as a custom call (never as a function call whose arguments are no JSON); else ``None``."""
    if ("invalid-call" in call.repairs and call.raw is not None and not call.args
            and any(pd.get("custom") for pd in call.provider_data.values())):
        return call.raw
    return None


def is_custom(call: ToolCall) -> bool:
    """A free-text call of OpenAI custom tools (either OpenAI dialect)."""
    for pd in call.provider_data.values():
        if pd.get("custom") and set(call.args) == {"input"} and type(call.args["input"]) is str:
            return True
    return False


def encode_call(call: ToolCall, ctx: EncodeContext) -> Dict[str, Any]:
    pd = scoped(call, NAME)
    if call.server:
        if "item" not in pd and "executed" not in pd:
            refuse_server(call.name, NAME)
        return encode_server(call, pd)
    if pd.get("legacy") and call.id is None:  # (with an id: a tool_calls call, answered by it)
        return {"name": call.name, "arguments": encode_arguments(call.args, call.raw)}
    ident = encode_id(call, ctx, IDS, pd)
    cut = cut_custom_input(call)
    if cut is not None or is_custom(call):
        if call.id is None and pd.get("id") == "":
            ident = ""
        text = call.args["input"] if cut is None else cut  # (the Verbatim: ``written`` finds it)
        return {"id": ident, "type": "custom", "custom": {"name": call.name, "input": text}}
    if not pd:
        return {
            "id": ident,
            "type": "function",
            "function": {"name": call.name, "arguments": encode_arguments(call.args, call.raw)},
        }
    # empty-equivalents received ("", " ", "null", none) are written "{}": servers that
    # parse the history refuse the others
    fn: Dict[str, Any] = {"name": call.name, "arguments": encode_arguments(call.args, call.raw)}
    fn.update(pd.get("function_extra", ()))
    out: Dict[str, Any] = {}
    if not pd.get("no_id"):
        out["id"] = pd["id"] if call.id is None and "id" in pd else "" if ident is None else ident  # as received
    kind = pd.get("type", "function")
    if (pd.get("no_type") or kind not in CALL_TYPES) and _refused_shape(call, pd):
        ctx.note("converted", "no type" if pd.get("no_type") else f"the type {kind!r}",
                 f"with \"function\": {ctx.named(NAME)} takes \"function\" only (openai-python: type: "
                 "Required[Literal[\"function\"]])")
        kind = "function"  # (written otherwise than it came: typed, as ``encode_conversation`` writes it fresh)
    elif pd.get("no_type"):
        kind = _NO_TYPE
    if kind is not _NO_TYPE:
        out["type"] = kind
    out["function"] = fn
    out.update(pd.get("extra", ()))
    return out


_NO_TYPE = object()  # (a call that came without a ``type``, written so)


def _refused_shape(call: ToolCall, pd: Dict[str, Any]) -> bool:
    """Whether the decoded call came in a shape OpenAI refuses, so that it is written otherwise
    than it came (``chat_refused``: its ``arguments`` no string, an object (no ``raw`` text),
    null or missing; its ``id`` null, or missing where an id is made for it; a call without
    an id written so keeps its shape): then without a ``type``, with null or another word
    (``"Function"``; not Kimi's ``"builtin_function"``: ``CALL_TYPES``) it gets
    ``"type": "function"``, as ``encode_conversation`` writes such a call fresh
    (openai-python ``ChatCompletionMessageFunctionToolCallParam``: ``type:
    Required[Literal["function"]]``); one written as it came keeps its shape."""
    return (call.raw is None or bool(pd.get("no_arguments")) or ("arguments" in pd and pd["arguments"] is None)
            or (call.id is None and "id" not in pd and not pd.get("no_id")) or "id-synthesized" in call.repairs)


def peek(item: Dict[str, Any]) -> Tuple[Any, Any]:
    fn = item.get("function")
    if fn is None and type(item.get("custom")) is dict:  # a custom tool call
        fn = item["custom"]
    elif fn is None and glm_call(item):  # a tool GLM-4-AllTools ran: named by its type (``chat_server``)
        return item["type"], item.get("id") or None
    return (fn.get("name") if type(fn) is dict else item.get("name")), item.get("id") or None


DIALECT = Dialect(
    history=chat_history.HISTORY,
    name=NAME,
    argument_keys=("arguments",),
    id_placeholders=frozenset({"no_id", "id", "legacy", "native_id"}),
    keys=frozenset(
        {"function", "type", "choices", "object", "role", "tool_calls", "messages", "name", "function_call"}
    ),
    sniff=sniff,
    decode_call=decode_call,
    encode_call=encode_call,
    decode_tool=decode_tool,
    builtin_tool=builtin_kind,
    encode_tool=encode_tool,
    decode_result=decode_result,
    encode_result=encode_result,
    ids=IDS,
    names=NAMES,
    children=children,
    finish=finish,
    choices=choices,
    aliases=("openai", "chat"),
    description="OpenAI Chat Completions (and OpenAI-compatible servers)",
    stream=chat_stream.Handler,
    stream_detect=chat_stream.detect,
    stream_encoder=chat_stream_encode.encode,
    stream_options=chat_stream_encode.options,
    sdk_stream_events=chat_stream.SDK_EVENTS,
    response=CHAT_RESPONSE,
    finish_reasons=CHAT_FINISH,
    unfinished_reasons=CHAT_UNFINISHED,
    response_envelope=chat_reply(encode_message, "gpt-4o"),
    batch_envelope=batch.open_line,
    assistant_message=encode_message,
    peek=peek,
    sdk_calls={SDK_CALL: read_object, SDK_PARSED_CALL: read_parsed_call},
    sdk_responses={SDK_COMPLETION: read_completion, "openai:ChatCompletionMessage": read_message,
                   SDK_PARSED_COMPLETION: read_completion, SDK_PARSED_MESSAGE: read_message},
    structured=(STRUCTURED, VLLM),  # vLLM serves the Chat Completions wire
    result_read_back=nameless_result,
)
