"""OpenAI Chat Completions (``openai.chat``).

Follows https://platform.openai.com/docs/api-reference/chat (checked 2026-11-30)
and the openai-python types ``chat_completion_message_tool_call``,
``chat_completion_tool_param``, ``chat_completion_tool_message_param``.

- Call: ``{"id", "type": "function", "function": {"name", "arguments": "<JSON>"}}``;
  ``type`` may be missing; ``arguments`` may be an object, ``""``, ``"null"``,
  missing or double-encoded (see the arguments policy). ``type: "custom"`` calls
  carry free text: ``args == {"input": text}``. The legacy ``function_call``
  message field (no id) is read too. An ``""`` id is no id.
- Tool: ``{"type": "function", "function": {"name", "description", "parameters", "strict"}}``.
- Result: ``{"role": "tool", "tool_call_id", "content"}``; legacy ``role: "function"``.
- Ids: at most 40 characters on input (the API rejects longer ones).
- Tool names: ``^[a-zA-Z0-9_-]{1,64}$``.

Encoding writes one level of JSON text for arguments, re-emitting the text as
received while it still parses to the call's ``args``.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Tuple

from ..._args import Policy, encode_arguments, parse_arguments
from ..._dialect import CALL, CALLS, OTHER, RESULT, TOOL, Dialect, EncodeContext
from ..._errors import ArgumentsError, DecodeError, an
from ..._types import ToolCall, new_call
from .._common import as_dict, as_list, check_native, encode_id, name_of, opt_str, scoped
from . import batch, chat_history, chat_stream
from .chat_tools import IDS, NAME, NAMES, decode_result, decode_tool, encode_result, encode_tool
from .response import CHAT_FINISH, CHAT_RESPONSE, chat_reply, encode_message
from .sdk import SDK_CALL, SDK_COMPLETION, read_completion, read_message, read_object

__all__ = ["DIALECT"]


def sniff(data: Any) -> Optional[Tuple[str, str]]:
    if type(data) is not dict:
        return None
    fn = data.get("function")
    if type(fn) is dict:
        if "arguments" in fn:
            return CALL, "a 'function' object with 'arguments' (a Chat tool_calls item)"
        if "id" in data:
            return CALL, "a 'function' object beside an 'id' (a Chat tool_calls item)"
        if "name" in fn:
            return TOOL, "a 'function' object with 'name' and no 'arguments' (a Chat tool definition)"
    if data.get("type") == "custom" and type(data.get("custom")) is dict:
        if "input" in data["custom"]:
            return CALL, "a 'custom' object with 'input' (a Chat custom tool call)"
        return TOOL, "a 'custom' object without 'input' (a Chat custom tool definition)"
    if "choices" in data or data.get("object") == "chat.completion":
        return CALLS, "'choices' (a ChatCompletion)"
    role = data.get("role")
    if role is not None:
        if "tool_calls" in data or "function_call" in data:
            return CALLS, "a message with 'tool_calls'"
        if role == "tool" and "tool_call_id" in data:
            return RESULT, "role 'tool' with 'tool_call_id'"
        if role == "function" and "name" in data:
            return RESULT, "role 'function' (a legacy function result)"
        return OTHER, f"{an(repr(role))} message without tool calls"
    if "tool_calls" in data:
        return CALLS, "'tool_calls'"
    if type(data.get("messages")) is list:
        return CALLS, "'messages' (a Chat request)"
    if len(data) == 2 and "name" in data and "arguments" in data:
        args = data["arguments"]
        if type(args) is str:
            return CALL, "only 'name' and string 'arguments' (a legacy function_call)"
        if args is None:  # what ``children`` gives for a function_call without arguments
            return CALL, "only 'name' and null 'arguments' (a legacy function_call without arguments)"
    return None


_TOP_LOCS = tuple(f"$.tool_calls[{i}]" for i in range(64))


def children(data: Dict[str, Any], loc: str) -> Iterator[Tuple[Any, str]]:
    choices = data.get("choices")
    if choices is not None:
        for i, choice in enumerate(as_list(choices, loc + ".choices", NAME)):
            c = as_dict(choice, f"{loc}.choices[{i}]", NAME, "a choice object")
            msg = c.get("message")
            if msg is not None:
                yield msg, f"{loc}.choices[{i}].message"
        return
    messages = data.get("messages")
    if messages is not None and "role" not in data:
        for i, m in enumerate(as_list(messages, loc + ".messages", NAME)):
            yield m, f"{loc}.messages[{i}]"
        return
    calls = data.get("tool_calls")
    if calls is not None:
        items = as_list(calls, loc + ".tool_calls", NAME)
        if loc == "$" and len(items) <= len(_TOP_LOCS):  # a message's own calls: paths made once
            yield from zip(items, _TOP_LOCS)
        else:
            for i, tc in enumerate(items):
                yield tc, f"{loc}.tool_calls[{i}]"
    fc = data.get("function_call")
    if type(fc) is dict and fc.get("name"):  # some servers send an all-empty dummy
        yield {"name": fc["name"], "arguments": fc.get("arguments")}, f"{loc}.function_call"


def message_children(data: Dict[str, Any], loc: str) -> Iterator[Tuple[Any, str]]:
    """``children`` for Chat-like responses that hold one ``message`` (Cohere v2,
    Ollama ``/api/chat``); anything else is read as Chat."""
    msg = data.get("message")
    if msg is not None and "role" not in data:
        yield msg, loc + ".message"
        return
    yield from children(data, loc)


def choices(data: Dict[str, Any], loc: str) -> Optional[List[Tuple[Any, str, Optional[str]]]]:
    """A ``ChatCompletion``'s choices (``n`` > 1 gives several): each one's message,
    path and ``finish_reason``; ``None`` for anything else."""
    cs = data.get("choices")
    if type(cs) is not list:
        return None
    out = []
    for i, c in enumerate(cs):
        c = as_dict(c, f"{loc}.choices[{i}]", NAME, "a choice object")
        reason = c.get("finish_reason")
        out.append((c.get("message"), f"{loc}.choices[{i}].message", reason if type(reason) is str else None))
    return out


def finish(data: Dict[str, Any]) -> Optional[str]:
    choices = data.get("choices")
    if type(choices) is list:
        for c in choices:
            if type(c) is dict and c.get("finish_reason"):
                return str(c["finish_reason"])
    return None


_PLAIN_FN = frozenset({"name", "arguments"})


def decode_call(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    fn = item.get("function")
    if fn is None:
        if item.get("type") == "custom":
            return _decode_custom(item, policy, loc)
        if "name" in item:  # legacy function_call
            name = name_of(item["name"], loc + ".name", NAME)
            args, raw, repairs = parse_arguments(item.get("arguments"), policy, loc + ".arguments", NAME)
            return new_call(name, args, None, raw, {NAME: {"legacy": True}}, repairs)
        raise DecodeError(f"Tool call at {loc} has no 'function'", dialect=NAME, loc=loc)
    if type(fn) is not dict:
        fn = as_dict(fn, loc + ".function", NAME, "a 'function' object")
    wire_name = fn.get("name")
    name = wire_name if type(wire_name) is str and wire_name else name_of(wire_name, loc + ".function.name", NAME)
    wire_args = fn.get("arguments")
    args, raw, repairs = parse_arguments(wire_args, policy, loc + ".function.arguments", NAME)
    wire_id = item.get("id")
    ident = wire_id if type(wire_id) is str and wire_id else opt_str(wire_id, loc + ".id", NAME)
    if (
        len(item) == 3
        and item.get("type") == "function"
        and len(fn) == 2
        and not repairs
        and ident
        and len(ident) <= 40
    ):
        return new_call(name, args, ident, raw)
    # keep what the canonical value does not hold, for a lossless re-encode
    pd: Dict[str, Any] = {}
    has_type, has_id = "type" in item, "id" in item
    if len(item) > 1 + has_type + has_id:  # keys beyond these (counting is cheaper than copying)
        pd["extra"] = {k: v for k, v in item.items() if k not in ("id", "type", "function")}
    if len(fn) > ("name" in fn) + ("arguments" in fn):
        pd["function_extra"] = {k: v for k, v in fn.items() if k not in _PLAIN_FN}
    if not has_type:
        pd["no_type"] = True
    if not has_id:
        pd["no_id"] = True
    elif wire_id == "":
        pd["id"] = ""
    if repairs and repairs[0] == "empty-arguments":
        pd["arguments"] = wire_args
        if "arguments" not in fn:
            pd["no_arguments"] = True
    check_native(ident, IDS, pd)
    return new_call(name, args, ident, raw, {NAME: pd} if pd else None, repairs)



def _decode_custom(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    custom = as_dict(item["custom"], loc + ".custom", NAME, "a 'custom' object")
    name = name_of(custom.get("name"), loc + ".custom.name", NAME)
    text, where = custom.get("input"), loc + ".custom.input"
    if type(text) is not str:
        raise DecodeError(f"Custom tool input at {where} must be text", dialect=NAME, loc=where)
    check_custom_input(text, policy, where, NAME)
    wire_id = item.get("id")
    ident = opt_str(wire_id, loc + ".id", NAME)
    pd: Dict[str, Any] = {"custom": True}
    if wire_id == "":  # no id, written back as received
        pd["id"] = ""
    check_native(ident, IDS, pd)
    return new_call(name, {"input": text}, ident, None, {NAME: pd})


def check_custom_input(text: str, policy: Policy, loc: str, dialect: str) -> None:
    """Free-text input of a custom tool call is held to ``max_bytes`` as argument text is."""
    if len(text) > policy.max_bytes:
        raise ArgumentsError(
            f"Custom tool input at {loc} is {len(text)} characters long, over the limit of {policy.max_bytes}",
            dialect=dialect,
            loc=loc,
            raw=text[:200],
        )


def is_custom(call: ToolCall) -> bool:
    """A free-text call of OpenAI custom tools (either OpenAI dialect)."""
    for pd in call.provider_data.values():
        if pd.get("custom") and set(call.args) == {"input"} and type(call.args["input"]) is str:
            return True
    return False


def encode_call(call: ToolCall, ctx: EncodeContext) -> Dict[str, Any]:
    pd = scoped(call, NAME)
    if pd.get("legacy"):
        return {"name": call.name, "arguments": encode_arguments(call.args, call.raw)}
    ident = encode_id(call, ctx, IDS, pd)
    if is_custom(call):
        if call.id is None and pd.get("id") == "":
            ident = ""
        return {"id": ident, "type": "custom", "custom": {"name": call.name, "input": call.args["input"]}}
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
        out["id"] = "" if ident is None or (call.id is None and "id" in pd) else ident
    if not pd.get("no_type"):
        out["type"] = "function"
    out["function"] = fn
    out.update(pd.get("extra", ()))
    return out


def peek(item: Dict[str, Any]) -> Tuple[Any, Any]:
    fn = item.get("function")
    return (fn.get("name") if type(fn) is dict else item.get("name")), item.get("id") or None


DIALECT = Dialect(
    history=chat_history.HISTORY,
    name=NAME,
    keys=frozenset({"function", "type", "choices", "object", "role", "tool_calls", "messages", "name"}),
    sniff=sniff,
    decode_call=decode_call,
    encode_call=encode_call,
    decode_tool=decode_tool,
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
    stream_encoder=chat_stream.encode,
    response=CHAT_RESPONSE,
    finish_reasons=CHAT_FINISH,
    response_envelope=chat_reply(encode_message, "gpt-4o"),
    batch_envelope=batch.open_line,
    assistant_message=encode_message,
    peek=peek,
    sdk_calls={SDK_CALL: read_object},
    sdk_responses={SDK_COMPLETION: read_completion, "openai:ChatCompletionMessage": read_message},
)
