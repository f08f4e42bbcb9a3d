"""OpenAI Responses API (``openai.responses``).

Follows https://platform.openai.com/docs/api-reference/responses (checked
2026-11-30) and the openai-python types ``response_function_tool_call``,
``function_tool_param``, ``response_input_item_param`` (``FunctionCallOutput``).

- Call: output item ``{"type": "function_call", "id": "fc_…", "call_id", "name",
  "arguments": "<JSON>", "status"}``. The canonical id is ``call_id`` (what a
  ``function_call_output`` references); the item ``id``, ``status`` and any other
  field (``namespace``, ``caller``) are kept as provider data for a lossless round
  trip. ``custom_tool_call`` carries free text: ``args == {"input": text}``.
- Provider-executed items (``web_search_call``, ``file_search_call``,
  ``code_interpreter_call``, ``image_generation_call``, ``mcp_call``,
  ``mcp_list_tools``, ``tool_search_call``) are server calls: returned only on request.
  A ``tool_search_call`` with ``"execution": "client"`` (a tool search the client
  ran, as histories replay it; its ``arguments`` are an object, its ``call_id``
  pairs it with a ``tool_search_output``) is neither a call nor a server call: an
  item without calls, like ``tool_search_output`` and ``additional_tools``
  (``{"type": "additional_tools", "role": "developer", "tools": [...]}``, tools
  added at that point of the input).
- Built-in tools the client runs (``computer_call``, ``shell_call``, ``apply_patch_call``,
  ``local_shell_call``) are calls keyed by ``call_id`` (a ``*_call_output`` answers
  them), named ``computer``, ``shell``, ``apply_patch``, ``local_shell``, with their
  ``action`` (or ``operation``) as arguments and the whole item as provider data.
  Their outputs, ``program`` / ``program_output`` and ``mcp_approval_response`` are
  items without calls.
- Tool: flat ``{"type": "function", "name", "description", "parameters", "strict"}``.
- Result: input item ``{"type": "function_call_output", "call_id", "output"}``.
- Ids: ``call_id`` at most 64 characters on input.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, Iterator, Optional, Tuple

from ..._args import DEFAULT_POLICY, Policy, check_object, encode_arguments, parse_arguments
from ..._dialect import CALL, CALLS, OTHER, RESULT, SERVER, TOOL, Dialect, EncodeContext
from ..._errors import ArgumentsError, DecodeError, an
from ..._types import ToolCall, new_call
from .._common import (
    as_list,
    check_native,
    describe_error,
    encode_id,
    name_of,
    nameless_result,
    opt_str,
    refuse_server,
    scoped,
)
from . import responses_input, responses_stream
from .chat import check_custom_cut, check_custom_input, is_custom
from .chat_sniff import foreign_block, refuse_foreign
from .custom_tools import builtin_kind
from .responses_response import (
    RESPONSES_FINISH,
    RESPONSES_RESPONSE,
    responses_finish,
    responses_history,
    responses_reply,
)
from .responses_tools import (
    IDS,
    NAME,
    NAMES,
    decode_result,
    decode_tool,
    encode_result,
    encode_tool,
    server_args,
    tool_entry,
)
from .sdk import SDK_PARSED_ITEM, SDK_PARSED_RESPONSE, read_call_item, read_response
from .structured import RESPONSES as STRUCTURED

__all__ = ["DIALECT"]

SERVER_TYPES = frozenset(
    {
        "web_search_call",
        "file_search_call",
        "code_interpreter_call",
        "image_generation_call",
        "mcp_call",
        "mcp_list_tools",
        "tool_search_call",
    }
)
#: Built-in tools the client runs (openai-python ``ResponseComputerToolCall``,
#: ``ResponseFunctionShellToolCall``, ``ResponseApplyPatchToolCall``, ``LocalShellCall``):
#: calls keyed by ``call_id``, answered by a ``*_call_output`` item; the canonical name
CLIENT_TYPES = {
    "computer_call": "computer",
    "shell_call": "shell",
    "apply_patch_call": "apply_patch",
    "local_shell_call": "local_shell",
}
_ROLES = ("user", "assistant", "system", "developer")
# the roles of message items no other dialect's message has (Anthropic's are user, assistant)
_NO_BLOCKS_ROLES = ("system", "developer")
_OTHER_TYPES = frozenset(
    {"message", "reasoning", "tool_search_output", "additional_tools", "mcp_approval_request",
     "mcp_approval_response", "item_reference", "compaction", "input_text", "output_text",
     # a program the provider runs for programmatic tool calling (the calls it makes are
     # ``function_call`` items with ``caller``) and its output; the outputs of built-in tools
     "program", "program_output", "computer_call_output", "shell_call_output",
     "apply_patch_call_output", "local_shell_call_output"}
)


_CLAIMED_TYPES = frozenset(
    {"function_call", "custom_tool_call", "function_call_output", "custom_tool_call_output"}
) | SERVER_TYPES | _OTHER_TYPES | frozenset(CLIENT_TYPES)
_UNTYPED = frozenset({"object", "output", "input", "call_id"})
# a Chat message's own fields: such a message is never a Responses message item
_CHAT_CALLS = frozenset({"tool_calls", "function_call", "refusal"})


def gate(keys: Tuple[Any, ...], kind: Optional[str]) -> bool:
    """A necessary condition of ``sniff`` on the top-level keys and ``type`` value."""
    if "choices" in keys:  # a Chat completion
        return False
    if kind in _CLAIMED_TYPES:
        return True
    if kind in ("function", "custom") and "name" in keys and "function" not in keys and "custom" not in keys:
        return True
    if kind == "namespace" and "tools" in keys:
        return True
    if not _UNTYPED.isdisjoint(keys):
        return True
    # a message item (``OTHER``): never one with tool calls or a refusal (a Chat message)
    return kind is None and "role" in keys and "content" in keys and _CHAT_CALLS.isdisjoint(keys)


def sniff(data: Any) -> Optional[Tuple[str, str]]:
    if type(data) is not dict or "choices" in data:  # ``choices``: a Chat completion
        return None
    kind = data.get("type")
    if type(kind) is not str:
        kind = None
    if kind == "function_call":
        return CALL, "type 'function_call' (a Responses output item)"
    if kind == "custom_tool_call":
        return CALL, "type 'custom_tool_call'"
    if kind in CLIENT_TYPES:
        return CALL, f"type {kind!r} (a built-in tool the client runs)"
    if kind in _OTHER_TYPES:  # before 'output': a ``shell_call_output`` holds a list there
        if kind == "message" and _call_part(data.get("content")) is not None:  # read: the error names it
            return CALLS, "a message item whose content holds a call"
        return OTHER, f"{an(kind)} item without tool calls"
    if kind in SERVER_TYPES:
        if kind == "tool_search_call" and data.get("execution") == "client":
            return OTHER, "type 'tool_search_call' with execution 'client' (a search the client ran)"
        return SERVER, f"type {kind!r} (a tool the provider runs)"
    if kind in ("function_call_output", "custom_tool_call_output"):
        return RESULT, f"type {kind!r}"
    if kind in ("function", "custom") and "name" in data and "function" not in data and "custom" not in data:
        return TOOL, f"a flat type {kind!r} definition with 'name' at the top"
    if kind == "namespace" and type(data.get("tools")) is list:
        return TOOL, "type 'namespace' (tools under a shared name)"
    if data.get("object") == "response" or type(data.get("output")) is list:
        return CALLS, "'output' items (a Responses Response)"
    if type(data.get("input")) is list:
        return CALLS, "'input' items (a Responses request)"
    if (
        kind is None
        and data.get("role") in _ROLES
        and "content" in data
        and _CHAT_CALLS.isdisjoint(data)
    ):
        if _call_part(data["content"]) is not None:  # read: the error names it ([] would drop the call)
            return CALLS, f"{an(repr(data['role']))} message whose content holds a call"
        if data["role"] in _NO_BLOCKS_ROLES and foreign_block(data["content"]) is not None:
            # no dialect's message of this role holds call blocks: read, the error names the
            # block ([] would drop the call); a user or assistant one is left to Anthropic's
            return CALLS, f"{an(repr(data['role']))} message whose content holds another dialect's call blocks"
        return OTHER, f"{an(kind or 'role')} item without tool calls"
    if kind is None and "call_id" in data and "name" in data and "arguments" in data:
        return CALL, "'call_id', 'name' and 'arguments' (a function_call without 'type')"
    return None


# the parts of a message's content that are calls or results, which stand beside messages
# (Responses items) or in other wires' messages (a Chat tool call, a Gemini part): never in one
_ITEM_PARTS = frozenset({"function_call", "function_call_output", "custom_tool_call", "custom_tool_call_output"})
_GEMINI_PARTS = frozenset({"functionCall", "function_call", "functionResponse", "function_response"})


def _call_part(content: Any) -> Optional[Tuple[int, str]]:
    """The index of the first call or result among a message item's *content* parts
    (``_ITEM_PARTS``, a Chat tool call, a Gemini part) and what it is, or ``None``."""
    if type(content) is list:
        for i, p in enumerate(content):
            if type(p) is dict:
                t = p.get("type")
                if type(t) is str and t in _ITEM_PARTS:
                    return i, f"a {t} item, which stands beside messages"
                if t == "function" and type(p.get("function")) is dict:
                    return i, "an openai.chat tool call"
                if t is None and not _GEMINI_PARTS.isdisjoint(p):
                    return i, "a gemini part"
    return None


def children(data: Dict[str, Any], loc: str) -> Iterator[Tuple[Any, str]]:
    if "role" in data and "output" not in data and "input" not in data:  # a message item (``sniff``)
        refuse_foreign(data, loc, NAME)
        found = _call_part(data.get("content"))
        if found is not None:
            where = f"{loc}.content[{found[0]}]"
            raise DecodeError(f"Content block at {where} is {found[1]}, never a part of a message", dialect=NAME,
                              loc=where)
        return
    key = "output" if "output" in data else "input"
    for i, item in enumerate(as_list(data.get(key), f"{loc}.{key}", NAME)):
        yield item, f"{loc}.{key}[{i}]"


def failure(data: Dict[str, Any]) -> Optional[str]:
    """A failed response's ``error`` (``{"code", "message"}``), in one line."""
    err = data.get("error")
    return describe_error(err) if type(err) is dict else None


_PLAIN = frozenset({"type", "call_id", "name", "arguments"})


def decode_call(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    kind = item.get("type")
    if kind == "function_call" and len(item) == 4:  # the item as clients send it back: no extra fields
        ident, name, text = item.get("call_id"), item.get("name"), item.get("arguments")
        if type(ident) is str and ident and type(name) is str and name and type(text) is str and text:
            args, raw, repairs = parse_arguments(text, policy, loc + ".arguments", NAME)
            if not repairs and IDS.valid(ident):
                return new_call(name, args, ident, raw)
    if kind in SERVER_TYPES:
        return _decode_server(item, policy, loc)
    if kind in CLIENT_TYPES:
        return _decode_client(item, policy, loc)
    ident = opt_str(item.get("call_id"), loc + ".call_id", NAME)
    name = name_of(item.get("name"), loc + ".name", NAME)
    extra = {k: v for k, v in item.items() if k not in _PLAIN}
    cut = item.get("status") == "incomplete"  # the item itself says it was cut off
    if cut and policy.finish_reason is None:
        policy = replace(policy, finish_reason="incomplete")
    if kind == "custom_tool_call":
        text = item.get("input")
        if type(text) is not str:
            raise DecodeError(f"Custom tool input at {loc}.input must be text", dialect=NAME, loc=loc + ".input")
        check_custom_input(text, policy, loc + ".input", NAME)
        if cut and not policy.allow_truncated:  # free text: nothing shows where it stopped
            raise ArgumentsError(
                f"Custom tool input at {loc}.input may be cut off: its item is incomplete; "
                "pass allow_truncated=True to accept it",
                dialect=NAME, loc=loc + ".input", raw=text, truncated=True)
        # the reply's own finish, unless the item says it completed (the reply stopped after it)
        repairs = () if item.get("status") == "completed" else check_custom_cut(text, policy, loc + ".input", NAME)
        extra.pop("input")
        extra["custom"] = True
        check_native(ident, IDS, extra)
        return new_call(name, {"input": text}, ident, None, {NAME: extra}, repairs)
    wire_args = item.get("arguments")
    args, raw, repairs = parse_arguments(wire_args, policy, loc + ".arguments", NAME)
    if repairs and repairs[0] == "empty-arguments":
        extra["arguments"] = wire_args
    if "type" not in item:
        extra["no_type"] = True
    check_native(ident, IDS, extra)
    return new_call(name, args, ident, raw, {NAME: extra} if extra else None, repairs)


# --- speed only: a plain call in one step (``ONE_STEP``: see ``dialects.ONE_STEP``) ---


def decode_plain(item: Dict[str, Any]) -> ToolCall:
    """``decode_call`` under the default policy: ``sniff`` claims every
    ``function_call`` item as a call, whatever its values."""
    return decode_call(item, DEFAULT_POLICY, "$")


ONE_STEP = (
    (("type", "call_id", "name", "arguments", "function_call"), decode_plain),  # as clients send it back
    (("id", "type", "status", "arguments", "call_id", "name", "function_call"), decode_plain),  # as the API sends it
    (("type", "id", "call_id", "name", "arguments", "status", "function_call"), decode_plain),
)


def _decode_server(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    kind = item["type"]
    name = item.get("name")
    if type(name) is not str or not name:
        name = kind[: -len("_call")] if kind.endswith("_call") else kind
    ident = opt_str(item.get("id"), loc + ".id", NAME)
    args = server_args(item, policy.max_bytes)
    args = check_object(args, policy, loc + (".arguments" if type(item.get("arguments")) is dict else ""), NAME)
    return new_call(str(name), args, ident, None, {NAME: {"item": item}}, server=True)


def client_args(item: Dict[str, Any]) -> Dict[str, Any]:
    """The arguments of a built-in tool the client runs: its ``action`` (computer,
    shell, local shell) or ``operation`` (apply_patch)."""
    return {k: item[k] for k in ("action", "operation") if k in item}


def _decode_client(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    kind = item["type"]
    ident = opt_str(item.get("call_id"), loc + ".call_id", NAME)
    args = check_object(client_args(item), policy, loc, NAME)
    if item.get("status") == "incomplete" and not policy.allow_truncated:
        raise ArgumentsError(
            f"Built-in tool call at {loc} may be cut off: its item is incomplete; "
            "pass allow_truncated=True to accept it",
            dialect=NAME, loc=loc, raw=None, truncated=True)
    return new_call(CLIENT_TYPES[kind], args, ident, None, {NAME: {"item": item}})


def encode_call(call: ToolCall, ctx: EncodeContext) -> Dict[str, Any]:
    pd = scoped(call, NAME)
    if call.server:
        if "item" not in pd:
            refuse_server(call, NAME)
        item: Dict[str, Any] = pd["item"]
        return dict(item)
    ident = encode_id(call, ctx, IDS, pd)
    if "item" in pd and type(pd["item"]) is dict and pd["item"].get("type") in CLIENT_TYPES:
        own = dict(pd["item"])  # a built-in tool the client runs: its item, with its id and arguments
        own["call_id"] = ident
        own.update(call.args)
        return own
    if is_custom(call):
        if ctx.ids is not None and type(ident) is str:  # its result is a ``custom_tool_call_output`` (encode_result)
            ctx.ids.call_kinds[ident] = "custom"
        out: Dict[str, Any] = {"type": "custom_tool_call", "call_id": ident, "name": call.name}
        out["input"] = call.args["input"]
        out.update((k, v) for k, v in pd.items() if k not in ("custom", "native_id"))
        return out
    if not pd:
        return {
            "type": "function_call",
            "call_id": ident,
            "name": call.name,
            "arguments": encode_arguments(call.args, call.raw),
        }
    args = encode_arguments(call.args, call.raw)  # empty-equivalents received ("", "null", none) as "{}"
    out = {} if pd.get("no_type") else {"type": "function_call"}
    out.update(call_id=ident, name=call.name, arguments=args)
    out.update((k, v) for k, v in pd.items() if k not in ("arguments", "no_type", "native_id"))
    return out


def peek(item: Dict[str, Any]) -> Tuple[Any, Any]:
    """Name and id as ``decode_call`` reads them: a provider-run item's id is its ``id``."""
    if item.get("type") in SERVER_TYPES:
        return item.get("name"), item.get("id")
    return item.get("name"), item.get("call_id")


def scope(pd: Any) -> Optional[str]:
    """The namespace a call or tool is named in, from its provider data: a call's
    ``namespace`` (openai-python ``ResponseFunctionToolCall.namespace``: "The namespace
    of the function to run"), a tool read from a ``{"type": "namespace", "name",
    "tools"}`` entry (``responses_tools``), which the API matches with the name."""
    ns = pd.get("namespace") if type(pd) is dict else None
    return ns if type(ns) is str else None


DIALECT = Dialect(
    history=responses_input.HISTORY,
    name=NAME,
    keys=frozenset({"type", "object", "output", "input", "role", "call_id"}),
    gate=gate,
    sniff=sniff,
    decode_call=decode_call,
    encode_call=encode_call,
    decode_tool=decode_tool,
    tool_entry=tool_entry,
    builtin_tool=builtin_kind,
    encode_tool=encode_tool,
    decode_result=decode_result,
    encode_result=encode_result,
    ids=IDS,
    names=NAMES,
    children=children,
    finish=responses_finish,
    failure=failure,
    aliases=("responses",),
    description="OpenAI Responses API",
    stream=responses_stream.Handler,
    stream_detect=responses_stream.detect,
    stream_events=responses_stream.EVENTS,
    stream_encoder=responses_stream.encode,
    response=RESPONSES_RESPONSE,
    finish_reasons=RESPONSES_FINISH,
    message_envelope=responses_history,
    response_envelope=responses_reply,
    peek=peek,
    sdk_responses={"openai:Response": read_response, SDK_PARSED_RESPONSE: read_response},
    sdk_calls={SDK_PARSED_ITEM: read_call_item},
    structured=(STRUCTURED,),
    result_read_back=nameless_result,
    scope=scope,
)
