"""The calls of ``openai.responses`` (see ``responses``): output items read
(``decode_call``: ``function_call``, ``custom_tool_call``, provider-executed items and
built-in tools the client runs) and written (``encode_call``), with the one-step
decoder of a plain ``function_call`` (``ONE_STEP``).

Follows https://platform.openai.com/docs/api-reference/responses (checked 2026-11-30)
and the openai-python types ``response_function_tool_call``,
``response_custom_tool_call``, ``response_computer_tool_call``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, Optional, Tuple

from ..._args import DEFAULT_POLICY, Policy, check_object, encode_arguments, misplaced, parse_arguments
from ..._dialect import EncodeContext
from ..._errors import ArgumentsError, DecodeError, excerpt, refuse_server
from ..._types import ToolCall, new_call
from .._common import check_native, encode_id, name_of, opt_str, scoped
from .chat import check_custom_cut, check_custom_input, cut_custom_input, is_custom
from .responses_interactions import refuse_step
from .responses_response import WAITS
from .responses_sniff import CLIENT_TYPES, CONTAINERS, SERVER_TYPES, client_name
from .responses_tools import IDS, NAME, present, server_args

__all__ = [
    "ARG_FIELDS", "ONE_STEP", "client_args", "client_fault", "decode_call", "decode_plain", "encode_call", "peek",
    "scope",
]


_PLAIN = frozenset({"type", "call_id", "name", "arguments"})
_UNFINISHED = ("incomplete", "in_progress")  # an item's own ``status`` that says it is not whole (§2a)


def decode_call(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    kind = item.get("type")
    if kind == "function_call" and len(item) == 4:  # the item as clients send it back: no extra fields
        ident, name, text = item.get("call_id"), item.get("name"), item.get("arguments")
        if (type(ident) is str and ident and type(name) is str and name and type(text) is str and text
                and name.isascii() and ident.isascii()):
            args, raw, repairs = parse_arguments(text, policy, loc + ".arguments", NAME)
            if not repairs and IDS.valid(ident):
                return new_call(name, args, ident, raw)
    if type(kind) is not str and kind is not None:  # (a set's member test would raise on a list)
        raise DecodeError(f"'type' must be a string at {loc}.type, got {type(kind).__name__} {excerpt(kind)}",
                          dialect=NAME, loc=loc + ".type")
    if kind in CLIENT_TYPES:
        name = client_name(item)
        if name is not None:
            return _decode_client(item, name, policy, loc)
    if kind in SERVER_TYPES or kind == "shell_call":  # (a shell in the provider's container: ``hosted``)
        return _decode_server(item, policy, loc)
    if kind == "function_call" and "call_id" not in item:
        refuse_step(item, loc)
    ident = opt_str(item.get("call_id"), loc + ".call_id", NAME)
    name = name_of(item.get("name"), loc + ".name", NAME)
    extra = {k: v for k, v in item.items() if k not in _PLAIN}
    # the item itself says it was cut off, or is still being written (``in_progress``: the
    # item of ``response.output_item.added``, a snapshot of a running response; §2e)
    status = item.get("status")
    cut = status in _UNFINISHED
    if cut and policy.finish_reason is None:
        policy = replace(policy, finish_reason="incomplete")
    # (an item saying ``completed`` proves nothing under a token-limit finish: vLLM marks every
    # item so, the one cut off too, vllm-project/vllm#57998; a call another follows is whole
    # by its place: ``_cut_last``)
    if kind == "custom_tool_call":
        text = item.get("input")
        if type(text) is not str:
            raise DecodeError(f"Custom tool input at {loc}.input must be text", dialect=NAME, loc=loc + ".input")
        check_custom_input(text, policy, loc + ".input", NAME)
        extra.pop("input")
        extra["custom"] = True
        try:
            if cut and not policy.allow_truncated:  # free text: nothing shows where it stopped
                raise ArgumentsError(
                    f"Custom tool input at {loc}.input may be cut off: its item is {item['status']}; "
                    "pass allow_truncated=True to accept it",
                    dialect=NAME, loc=loc + ".input", raw=text, truncated=True)
            # the reply's own finish, whatever the item's status says (vllm-project/vllm#57998)
            repairs = check_custom_cut(text, policy, loc + ".input", NAME)
        except ArgumentsError as exc:  # kept on the InvalidToolCall: written back as the custom call it was
            _keep(exc, extra, ident)
            raise
        check_native(ident, IDS, extra)
        return new_call(name, {"input": text}, ident, None, {NAME: extra}, repairs)
    wire_args = item.get("arguments")
    if not wire_args or wire_args == "{}":  # none here: under another key they are refused
        misplaced(item, "arguments", loc, NAME)
    if "type" not in item:
        extra["no_type"] = True
    try:
        args, raw, repairs = parse_arguments(wire_args, policy, loc + ".arguments", NAME)
    except ArgumentsError as exc:
        _keep(exc, extra, ident)
        raise
    if repairs and repairs[0] == "empty-arguments":
        extra["arguments"] = wire_args
    check_native(ident, IDS, extra)
    return new_call(name, args, ident, raw, {NAME: extra} if extra else None, repairs)


def _keep(exc: ArgumentsError, extra: Dict[str, Any], ident: Optional[str]) -> None:
    """*exc* made to hold what the item held beside its arguments (its ``id``, ``status``),
    kept on the ``InvalidToolCall`` in its place as on a valid call."""
    check_native(ident, IDS, extra)
    if extra:
        exc.provider_data = {NAME: extra}


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
    elif not name.isascii():
        name = name_of(name, loc + ".name", NAME)
    ident = opt_str(item.get("id"), loc + ".id", NAME)
    text = item.get("arguments")
    if kind == WAITS and type(text) is str:  # not run yet: its text read as a ``function_call``'s
        args, raw, repairs = parse_arguments(text, policy, loc + ".arguments", NAME)
        return new_call(str(name), args, ident, raw, {NAME: {"item": item}}, repairs, server=True)
    args = server_args(item, policy.max_bytes)
    args = check_object(args, policy, loc + (".arguments" if type(text) is dict else ""), NAME)
    return new_call(str(name), args, ident, None, {NAME: {"item": item}}, server=True)


#: The argument fields of each built-in tool the client runs, as its item holds them
#: (openai-python ``ResponseComputerToolCall``, ``ResponseFunctionShellToolCall``,
#: ``LocalShellCall``, ``ResponseApplyPatchToolCall``)
ARG_FIELDS = {
    "computer_call": ("action", "actions"),
    "shell_call": ("action",),
    "local_shell_call": ("action",),
    "apply_patch_call": ("operation",),
}
_WHAT = {"computer_call": "Computer call", "shell_call": "Shell call", "local_shell_call": "Local shell call",
         "apply_patch_call": "Apply patch call"}


def client_args(item: Dict[str, Any]) -> Dict[str, Any]:
    """The arguments of a built-in tool the client runs, each field under its own key as
    the item holds it (``ARG_FIELDS``): a computer call's ``action`` (one action, as
    ``computer_use_preview`` sends it) and ``actions`` (the batched actions of the
    ``computer`` tool, openai-python ``ResponseComputerToolCall.actions``: "Flattened
    batched actions for computer_use"), so ``{"action": {...}}`` or ``{"actions":
    [...]}``, both kept when both are set (never merged: the client reads both); a
    shell or local shell call's ``action``; an apply_patch call's ``operation``; a tool
    search's ``arguments``. A field set to ``null`` is none (the SDK's default for the
    one it left out), in an action or operation object too (``present``: its optional
    fields, ``keys``, ``timeout_ms``..., are ``null`` in a ``model_dump()``). ``client_fault``
    says what makes them unusable."""
    kind = item["type"]
    if kind == "tool_search_call":
        args: Dict[str, Any] = item["arguments"]
        return args
    return {k: present(item[k]) for k in ARG_FIELDS[kind] if item.get(k) is not None}


def client_fault(item: Dict[str, Any]) -> Optional[Tuple[str, str, bool]]:
    """Why the built-in tool call *item* cannot be handed to the client, or ``None``:
    the path under the item, the message with ``{at}`` where its place goes, and whether
    its arguments are at fault (else the item). A tool search's ``arguments`` not an
    object; no argument field (the SDK requires ``action`` / ``operation``, and a
    computer call carries ``action`` or ``actions``: ``{}`` would run nothing); a
    computer call's ``actions`` not a list (``ComputerActionList``); a shell call's
    ``environment`` neither the client's nor the provider's container (``hosted``):
    whose machine runs it is unknown."""
    kind = item["type"]
    if kind == "tool_search_call":
        args = item.get("arguments")
        if type(args) is not dict:
            return ".arguments", "Tool search arguments{at} must be an object, got " + excerpt(args), True
        return None
    fields = ARG_FIELDS[kind]
    if all(item.get(k) is None for k in fields):
        names = " nor ".join(repr(k) for k in fields)
        return "", f"{_WHAT[kind]}{{at}} has {'neither ' if len(fields) > 1 else 'no '}{names}", True
    if kind == "computer_call":
        actions = item.get("actions")
        if actions is not None and type(actions) is not list:
            return ".actions", f"Computer call actions{{at}} must be a list, got {excerpt(actions)}", True
    elif kind == "shell_call":
        env = item.get("environment")
        if env is not None and not (type(env) is dict and env.get("type") == "local"):  # (``hosted``: not here)
            return ".environment", ("Shell call environment{at} must be null or an object with a 'type' ('local', "
                                    f"or the provider's container: {', '.join(sorted(CONTAINERS))}), got "
                                    f"{excerpt(env)}"), False
    return None


def _decode_client(item: Dict[str, Any], name: str, policy: Policy, loc: str) -> ToolCall:
    ident = opt_str(item.get("call_id"), loc + ".call_id", NAME)
    if item.get("status") in _UNFINISHED and not policy.allow_truncated:
        raise ArgumentsError(
            f"Built-in tool call at {loc} may be cut off: its item is {item['status']}; "
            "pass allow_truncated=True to accept it",
            dialect=NAME, loc=loc, raw=None, truncated=True)
    fault = client_fault(item)
    if fault is not None:
        where = loc + fault[0]
        message = fault[1].replace("{at}", f" at {where}", 1)
        if fault[2]:
            raise ArgumentsError(message, dialect=NAME, loc=where, raw=None)
        raise DecodeError(message, dialect=NAME, loc=where)
    args = check_object(client_args(item), policy, loc, NAME)
    return new_call(name, args, ident, None, {NAME: {"item": item}})


def encode_call(call: ToolCall, ctx: EncodeContext) -> Dict[str, Any]:
    pd = scoped(call, NAME)
    if call.server:
        if "item" not in pd:
            refuse_server(call.name, NAME)
        item: Dict[str, Any] = pd["item"]
        return dict(item)
    ident = encode_id(call, ctx, IDS, pd)
    if "item" in pd and type(pd["item"]) is dict and pd["item"].get("type") in CLIENT_TYPES:
        own = dict(pd["item"])  # a built-in tool the client runs: its item, with its id and arguments
        own["call_id"] = ident
        if own["type"] == "tool_search_call":
            own["arguments"] = call.args
        else:  # (``client_args``: a field set in the item but not in the arguments is dropped)
            for k in ARG_FIELDS.get(own["type"], ()):
                if k not in call.args and own.get(k) is not None:
                    del own[k]
            for k, v in call.args.items():  # (the item's own, ``null`` members and all, where the same)
                if own.get(k) is None or present(own[k]) != v:
                    own[k] = v
        return own
    if cut_custom_input(call) is not None:
        # a custom call cut off (``invalid_as_call``'s stand-in, of either OpenAI dialect): its free text as it came
        if ctx.ids is not None and type(ident) is str:
            ctx.ids.call_kinds[ident] = "custom"
        cut = {"type": "custom_tool_call", "call_id": ident, "name": call.name, "input": call.raw}
        cut.update((k, v) for k, v in pd.items() if k not in ("custom", "native_id"))
        return cut
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
    """Name and id as ``decode_call`` reads them: a built-in tool's name is its kind's
    (``shell``...), a provider-run item's id is its ``id``."""
    kind = item.get("type")
    if type(kind) is not str:
        return item.get("name"), item.get("call_id")
    if kind in CLIENT_TYPES:
        name = client_name(item)
        if name is not None:
            return name, item.get("call_id")
    if kind in SERVER_TYPES or kind == "shell_call":
        name = item.get("name")
        if (type(name) is not str or not name) and type(kind) is str:
            name = kind[: -len("_call")] if kind.endswith("_call") else kind
        return name, item.get("id")
    return item.get("name"), item.get("call_id")


def scope(pd: Any) -> Optional[str]:
    """The namespace a call or tool is named in, from its provider data: a call's
    ``namespace`` (openai-python ``ResponseFunctionToolCall.namespace``: "The namespace
    of the function to run"), a tool read from a ``{"type": "namespace", "name",
    "tools"}`` entry (``responses_tools``), which the API matches with the name."""
    ns = pd.get("namespace") if type(pd) is dict else None
    return ns if type(ns) is str else None
