"""What ``openai.chat`` claims and what its containers hold (see ``chat``).

Follows https://platform.openai.com/docs/api-reference/chat (checked 2026-11-30): the
claims on a payload (``sniff``: tool calls, tool definitions, ``ChatCompletion``,
messages, requests, legacy ``function_call`` in a message or alone), the calls a
completion, message or request holds (``children``; ``message_children`` for the one-``message`` responses of
Cohere v2 and Ollama; ``message_calls``, a message's ``tool_calls``, which the history
readers share), and each choice's ``finish_reason`` (``choices``, ``finish``).
Choices are taken in the order of their ``index`` (position where it is missing), as
streams take them (``order``): the first choice of a reply listed out of order is the
one of index 0, whether read whole, streamed or normalised.

A message's ``content`` is text or a list of parts (text, refusal, image, audio, file);
a call or result block of another dialect there (an Anthropic ``tool_use``, a Responses
``function_call``: ``foreign_block``) is no Chat part. A message Chat's by a field of its
own (``refusal``...) or a role no other dialect's message has is claimed as holding
calls, and reading it raises a ``DecodeError`` at the block (``[]`` would drop the call
it carries); one of a role and blocks alone is left to the dialect it looks like, which
names itself when Chat is asked to read it. So is a message whose content holds an
object without ``type`` (``typeless_block``: every part has one; it may be a call).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

from ..._args import argument_keys
from ..._bound import Bound
from ..._dialect import CALL, CALLS, OTHER, RESULT, SERVER, TOOL, Choice
from ..._errors import DecodeError, an, excerpt
from .._common import as_dict, as_list
from .._history_read import foreign
from .._reply_fields import typeless
from .chat_server import as_data, executed, glm_call, merged, ran, wrap
from .chat_tools import NAME

__all__ = ["Unmirrored", "children", "choices", "finish", "first_choice", "foreign_block", "legacy_call",
           "message_calls", "message_children", "mirrors", "named", "not_a_mirror", "order", "refuse_foreign",
           "refuse_messages", "refuse_typeless", "sniff", "typeless_block"]

# the call and result blocks of other dialects' messages (``_history.FOREIGN``): never a
# part of a Chat-shaped message (nor of a Responses message item)
CALL_BLOCKS = frozenset({"tool_use", "server_tool_use", "mcp_tool_use", "tool_result",
                         "function_call", "function_call_output"})

# fields only a Chat message has (``ChatCompletionMessage``, ``refusal`` among them: Anthropic's
# reader declines a message with one), and the roles other dialects' messages share
_OWN = frozenset({"refusal", "annotations", "audio", "name"})
_SHARED_ROLES = ("user", "assistant")


def foreign_block(content: Any) -> Optional[int]:
    """The index of the first call or result block of another dialect (``CALL_BLOCKS``)
    in a message's *content*, or ``None``."""
    if type(content) is list:
        for i, p in enumerate(content):
            if type(p) is dict:
                t = p.get("type")
                if type(t) is str and t in CALL_BLOCKS:
                    return i
    return None


def typeless_block(content: Any) -> Optional[int]:
    """The index of the first object without a string ``type`` in a message's *content*
    list, or ``None``: every Chat part and Responses message part has one; such a block
    may be a call that lost it, so reading it as no part would drop the call."""
    if type(content) is list:
        for i, p in enumerate(content):
            if type(p) is dict and type(p.get("type")) is not str:
                return i
    return None


def refuse_typeless(msg: Dict[str, Any], loc: str, name: str) -> None:
    """``DecodeError`` at the first block without ``type`` in the message *msg*'s content
    (``typeless_block``), when *name* reads the message."""
    at = typeless_block(msg.get("content"))
    if at is not None:
        raise typeless(msg["content"][at], f"{loc}.content[{at}]", name)


def refuse_foreign(msg: Dict[str, Any], loc: str, name: str) -> None:
    """``DecodeError`` at the first call or result block in the message *msg*'s content
    (``foreign_block``), naming the dialect it is of, when *name* reads the message."""
    at = foreign_block(msg.get("content"))
    if at is not None:
        where = f"{loc}.content[{at}]"
        kind = msg["content"][at]["type"]
        foreign(kind, where, name)
        raise DecodeError(f"Content block at {where} has type {kind!r}, an item of its own, never a part of "
                          f"{an(name)} message", dialect=name, loc=where)


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
        if data.get("executed_tools"):  # the tools Groq ran: server calls
            return CALLS, "a message with 'executed_tools' (the tools Groq ran)"
        if foreign_block(data.get("content")) is not None and (role not in _SHARED_ROLES or not _OWN.isdisjoint(data)):
            # a Chat message by its fields or role (no other dialect reads it): read, the error names
            # the block; a message of role and blocks alone is left to the dialect it looks like
            return CALLS, f"{an(repr(role))} message whose content holds another dialect's call blocks"
        if typeless_block(data.get("content")) is not None:  # read: the error names it (it may be a call)
            return CALLS, f"{an(repr(role))} message whose content holds a block without 'type'"
        return OTHER, f"{an(repr(role))} message without tool calls"
    if "tool_calls" in data:
        return CALLS, "'tool_calls'"
    if legacy_call(data.get("function_call")):  # a message's call alone (LangChain's ``additional_kwargs``)
        return CALLS, "a legacy 'function_call' with text 'arguments' (a Chat message's)"
    if type(data.get("messages")) is list:
        return CALLS, "'messages' (a Chat request)"
    if len(data) == 2 and "name" in data and "arguments" in data:
        args = data["arguments"]
        if type(args) is str:
            return CALL, "only 'name' and string 'arguments' (a legacy function_call)"
        if args is None:  # what ``children`` gives for a function_call without arguments
            return CALL, "only 'name' and null 'arguments' (a legacy function_call without arguments)"
    elif "name" in data and data.get("arguments", 0) in _NONE and data.keys() - {"name"} <= {*argument_keys()}:
        # what ``children`` gives for one with arguments under another key: ``decode_call`` refuses it
        return CALL, "'name', no 'arguments' and another argument key (a legacy function_call)"
    if "function" in data and "id" in data and data.get("type") == "function":
        # a tool_calls item whose 'function' is no object: read (its error at the field, its
        # id kept by ``invalid="keep"``), not an item of no dialect
        return CALL, "a 'function' beside an 'id' and type 'function' (a Chat tool_calls item)"
    if "function" in data and data.get("type") == "function":
        # a tool definition whose 'function' is no object: read (its error at the field), not
        # a payload of no dialect
        return TOOL, "a 'function' beside type 'function' and no 'id' (a Chat tool definition)"
    if glm_call(data):  # (last: no shape above has one)
        return SERVER, f"type {data['type']!r} with its 'input' or 'outputs' (a tool GLM-4-AllTools runs)"
    wrapped = ran(data)
    if wrapped is not None:  # an item of a message's ``executed_tools`` (``children``); one naming a call: read,
        item = wrapped.item  # refused (not an object: ``decode_ran`` refuses it as itself, never its wrapper)
        kind = SERVER if type(item) is dict and executed(item) else CALL
        return kind, "an item of 'executed_tools' (a tool Groq ran)"
    # (a bare Groq ``executed_tools`` item is not claimed: its keys are a flat call's too, ``chat_server.Ran``)
    return None


_NONE = (None, "", "{}")  # a legacy function_call's ``arguments`` holding none


def legacy_call(fc: Any) -> bool:
    """Whether *fc* is the deprecated ``function_call`` of a message, ``{"name",
    "arguments": text}`` (a Gemini snake-case ``function_call`` has ``args``)."""
    return type(fc) is dict and type(fc.get("arguments")) is str and "args" not in fc


_TOP_LOCS = tuple(f"$.tool_calls[{i}]" for i in range(64))


def _choice(choice: Any, loc: str, dialect: str) -> Dict[str, Any]:
    """A choice object; one with a ``delta`` and no ``message`` is a stream chunk's,
    whose calls may be fragments, and one with ``messages`` and no ``message`` is of a
    form not documented (``refuse_messages``): both refused (``[]`` would drop the calls
    they carry). Errors name *dialect*, the reader's."""
    c = as_dict(choice, loc, dialect, "a choice object")
    if c.get("message") is None:
        if "delta" in c:
            raise DecodeError(
                f"Choice at {loc} has a 'delta', not a 'message': a stream chunk, whose calls may be fragments; "
                "feed the whole stream to toolwire.stream.accumulate",
                dialect=dialect,
                loc=loc,
            )
        refuse_messages(c, loc, dialect)
    return c


def refuse_messages(choice: Dict[str, Any], loc: str, dialect: str = NAME) -> None:
    """``DecodeError`` for the choice *choice* (at *loc*, without a ``message``) when it
    holds ``messages``: mistralai 3.7's ``ChatCompletionChoice.messages:
    Optional[List[DeltaMessage]]``, which neither the SDK's docs nor Mistral's API
    reference explain. A ``DeltaMessage`` has ``role``, ``tool_call_id`` and an ``index``
    ("If the completion returns multiple messages, this is to specify which message
    this delta is for"): the list may hold several messages, tool messages among them,
    so reading it as the reply's one message is a guess, and skipping it reads as a
    reply of nothing."""
    if choice.get("messages"):
        raise DecodeError(
            f"Choice at {loc} has 'messages' (mistralai's ChatCompletionChoice.messages, a list of message deltas "
            "Mistral does not document) and no 'message': not read, as a guess could run calls the API ran "
            "itself or drop the reply",
            dialect=dialect,
            loc=loc,
        )


def children(data: Dict[str, Any], loc: str, dialect: str = NAME) -> Iterator[Tuple[Any, str]]:
    """The items of a completion, message or request; errors name *dialect* (the
    reader's: Mistral, Cohere v2 and Ollama read Chat's shapes too)."""
    choices = data.get("choices")
    if choices is not None:
        for i, choice in enumerate(as_list(choices, loc + ".choices", dialect)):
            msg = _choice(choice, f"{loc}.choices[{i}]", dialect).get("message")
            if msg is not None:
                yield msg, f"{loc}.choices[{i}].message"
        return
    messages = data.get("messages")
    if messages is not None and "role" not in data:
        for i, m in enumerate(as_list(messages, loc + ".messages", dialect)):
            yield m, f"{loc}.messages[{i}]"
        return
    if "role" in data and type(data.get("content")) is list:  # (text or none holds no block)
        refuse_foreign(data, loc, dialect)
        refuse_typeless(data, loc, dialect)
    calls = data.get("tool_calls")
    items = () if calls is None else message_calls(calls, loc, dialect)
    glm = merged(items) if items and dialect == NAME else None  # GLM items of one id: one call
    if glm is not None:
        for i, tc in enumerate(items):
            if i in glm:
                tc = glm[i]
                if tc is None:
                    continue
            yield tc, f"{loc}.tool_calls[{i}]"
    elif items:
        if loc == "$" and len(items) <= len(_TOP_LOCS):  # a message's own calls: paths made once
            yield from zip(items, _TOP_LOCS)
        else:
            for i, tc in enumerate(items):
                yield tc, f"{loc}.tool_calls[{i}]"
    fc = data.get("function_call")
    if type(fc) is dict and fc.get("name"):  # some servers send an all-empty dummy
        if not items:
            legacy = {"name": fc["name"], "arguments": fc.get("arguments")}
            if legacy["arguments"] in _NONE:  # and under another key: ``decode_call`` refuses them
                legacy.update((k, fc[k]) for k in argument_keys() if k in fc)
            yield legacy, f"{loc}.function_call"
        elif not mirrors(fc, items):  # ``chat.decode_call`` refuses it: an invalid call in its place
            yield _unmirrored(fc, f"{loc}.function_call")
    ran = data.get("executed_tools")  # the tools Groq ran (``chat_server``): server calls, Chat's only
    if ran is not None and dialect == NAME and data.get("role") != "tool":
        for i, item in enumerate(as_list(ran, loc + ".executed_tools", dialect)):
            iloc = f"{loc}.executed_tools[{i}]"  # (a mapping as a plain dict, as a ``tool_calls`` item is read)
            yield wrap(as_data(item, iloc)), iloc


def message_calls(calls: Any, loc: str, dialect: str = NAME) -> Any:
    """The items of *calls*, the ``tool_calls`` set on the message at *loc* (``null`` is
    none: the caller asks for it only when set): a list (or a tuple); anything else is a
    ``DecodeError`` at the field, never a message without its calls. ``children`` and
    the history readers (``chat_history``) read it so."""
    return as_list(calls, loc + ".tool_calls", dialect)


class Unmirrored(str):
    """The path (``$.function_call``) of a legacy ``function_call`` beside ``tool_calls``
    that repeats none of them, typed, with its error (``not_a_mirror``): ``chat.decode_call``
    refuses the item read there. No payload writes a path; a caller's dict may hold any key."""

    error: str


def _unmirrored(fc: Dict[str, Any], loc: str) -> Tuple[Dict[str, Any], str]:
    at = Unmirrored(loc)  # the item as a legacy call (text or null arguments: ``sniff`` claims it)
    at.error = not_a_mirror(fc["name"], fc.get("arguments"), loc)
    args = fc.get("arguments")
    return {"name": fc["name"], "arguments": args if type(args) is str else None}, at


def not_a_mirror(name: Any, args: Any, loc: str) -> str:
    """The error of a legacy ``function_call`` (at *loc*) beside ``tool_calls`` that
    repeats none of them (``mirrors``)."""
    return (f"Legacy function_call at {loc} repeats none of the tool_calls beside it (name {excerpt(name)}, "
            f"arguments {excerpt(args)}): a message carries its calls in one of the two; not guessed which to run")


def mirrors(fc: Dict[str, Any], items: List[Any]) -> bool:
    """Whether the legacy ``function_call`` *fc* of a message repeats one of its
    ``tool_calls`` *items*: the same name and the same argument text (value) as one
    ``function`` call there. llama-cpp-python's server writes the (first) call so in
    both fields; such a mirror is no call of its own (LangChain #31198)."""
    name, args = fc.get("name"), fc.get("arguments")
    for tc in items:
        fn = tc.get("function") if type(tc) is dict else None
        if type(fn) is dict and fn.get("name") == name and fn.get("arguments") == args:
            return True
    return False


def message_children(data: Dict[str, Any], loc: str, dialect: str = NAME) -> Iterator[Tuple[Any, str]]:
    """``children`` for Chat-like responses that hold one ``message`` object (Cohere
    v2, Ollama ``/api/chat``: anything else there is a ``DecodeError`` at it, as
    ``response.normalize`` says); anything else is read as Chat. Errors name *dialect*."""
    msg = data.get("message")
    if msg is not None and "role" not in data:
        yield as_dict(msg, loc + ".message", dialect, "an object"), loc + ".message"
        return
    yield from children(data, loc, dialect)


def named(read: Callable[..., Any], dialect: str) -> Callable[[Dict[str, Any], str], Any]:
    """*read* (``children``, ``message_children``, ``choices``) for another dialect that
    reads Chat's shapes, its errors naming *dialect* (a partial of a module-level function,
    not a closure: a record holding it pickles)."""
    return Bound(read, dialect=dialect)


def order(cs: List[Any]) -> List[int]:
    """The positions of the choices *cs* in their order: by ``index`` where it is an
    int, else by position (ties keep the list's order), as a stream orders them (its
    first choice is the lowest index seen). Linear on choices already in order."""
    keys = []
    for i, c in enumerate(cs):
        k = c.get("index", i) if type(c) is dict else i
        keys.append(k if type(k) is int else i)
    return sorted(range(len(cs)), key=keys.__getitem__)


def first_choice(cs: List[Any]) -> Any:
    """The first of the choices *cs* (``order``), or ``None`` when there is none."""
    if not cs:
        return None
    if len(cs) == 1:
        return cs[0]
    return cs[order(cs)[0]]


def choices(data: Dict[str, Any], loc: str, dialect: str = NAME) -> Optional[List[Choice]]:
    """A ``ChatCompletion``'s choices (``n`` > 1 gives several) in their ``order``: each
    one's message, path and ``finish_reason`` (Chat has no words on a failure); ``None``
    for anything else."""
    cs = data.get("choices")
    if type(cs) is not list:
        return None
    out: List[Choice] = []
    for i in range(len(cs)) if len(cs) < 2 else order(cs):
        c = _choice(cs[i], f"{loc}.choices[{i}]", dialect)
        reason = c.get("finish_reason")
        out.append((c.get("message"), f"{loc}.choices[{i}].message", reason if type(reason) is str else None, None))
    return out


def finish(data: Dict[str, Any]) -> Optional[str]:
    cs = data.get("choices")
    if type(cs) is list:
        for i in range(len(cs)) if len(cs) < 2 else order(cs):
            c = cs[i]
            if type(c) is dict and c.get("finish_reason"):
                return str(c["finish_reason"])
    return None
