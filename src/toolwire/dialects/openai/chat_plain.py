"""Speed only: OpenAI Chat's plain call item in one step, for the default registry.

The plain item ``{"id", "type": "function", "function": {"name", "arguments"}}``
(named, detected, inside Chat containers), the openai SDK's function tool-call object
and a ``ChatCompletion`` of one plain choice (dict or SDK object), read straight into
``ToolCall`` values under the default policy. Each gives exactly what the plan
(claims, then ``chat.decode_call``) gives, or ``None``, and the registry uses it only
while the plan of its shape is the built-ins' (``_builtin.default_registry``); tests
hold each to the general path (``tests/plan_check.py``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from pydantic_core import from_json

from ..._args import DEFAULT_POLICY, EMPTY, TRUNCATING
from ..._policy import CUT_OFF, FAILED
from ..._repeats import unrepeated
from ..._stopped import STOPPED
from ..._types import ToolCall, new_call
from .chat_response import CHAT_FINISH
from .chat_tools import NAME
from .sdk import SDK_CALL, SDK_COMPLETION, SDK_PARSED_COMPLETION

__all__ = [
    "PLAIN_AHEAD",
    "PLAIN_COMPLETION",
    "PLAIN_COMPLETIONS",
    "PLAIN_OBJECT",
    "PLAIN_SHAPE",
    "decode_plain",
    "decode_plain_completion",
    "decode_plain_fields",
    "decode_plain_object",
    "decode_plain_sdk_completion",
]

_MAX_BYTES = DEFAULT_POLICY.max_bytes
PLAIN_SHAPE = ("id", "type", "function", "function")  # its keys as OpenAI sends them, its type
PLAIN_AHEAD = ("mistral", "cohere.v2", "openai.chat")  # the dialects detection asks on that shape
PLAIN_OBJECT = SDK_CALL  # the SDK class ``decode_plain_object`` reads
PLAIN_COMPLETION = SDK_COMPLETION  # the SDK class ``decode_plain_sdk_completion`` reads
# ... and its parsed form (``client.chat.completions.parse``: ``read_completion`` reads both alike)
PLAIN_COMPLETIONS = (SDK_COMPLETION, SDK_PARSED_COMPLETION)
# the finish reasons, spelt exactly, under which the walk hands the calls over as they are:
# none, or Chat's own words for a reply neither cut off, failed nor stopped. Any other value
# takes the walk: one it judges (cut off: truncated; failed, stopped: invalid), in any case (``LENGTH``,
# ``ERROR``: ``finish_lookup`` reads it as ``length``, ``error``), and an unknown one.
# A list of the words let through, not of those held back: a spelling missed is only slower.
_PLAIN_FINISH = frozenset(
    {None, *(word for word, norm in CHAT_FINISH.items()
             if norm not in CUT_OFF and norm != FAILED and norm not in STOPPED and word not in TRUNCATING)}
)
# a reply with one of these and no call is flagged by the walk (``decode_all``)
_CALLED = frozenset(word for word, norm in CHAT_FINISH.items() if norm == "tool_calls")


def decode_plain(item: Dict[str, Any]) -> Optional[ToolCall]:
    """What detection + ``decode_call`` give for the plain item under the default
    policy, or ``None`` (then the plan runs): ``{"id", "type": "function",
    "function": {"name", "arguments"}}`` with an id of at most 40 characters and the
    text of an object (or ``""``) as arguments. The registry uses it on ``PLAIN_SHAPE`` while
    detection asks ``PLAIN_AHEAD`` there, and for items named (or SDK objects read
    as) ``openai.chat``; an id either dialect ahead takes as its
    evidence (Mistral's ``"null"``, Cohere's ``<name>_`` + 12 characters: any id 13
    characters longer than the name) is refused. ``plan_check`` holds it to the plan."""
    fn = item.get("function")  # a ``get`` first: a missing key raised costs ~110 ns
    if type(fn) is not dict or len(fn) != 2 or len(item) != 3:
        return None
    try:  # then subscripts, not ``get``: a method call per key is ~8% of this path
        ident, name, text = item["id"], fn["name"], fn["arguments"]
        if item["type"] != "function":
            return None
    except KeyError:
        return None
    return decode_plain_fields(ident, name, text)


def decode_plain_object(o: Any) -> Optional[ToolCall]:
    """``decode_plain`` of ``sdk.read_object(o)`` (an openai SDK tool-call object),
    read straight from its fields (``__dict__``: what its attributes read, at half the cost)."""
    try:
        f = o.__dict__
        fn = f["function"]
        if f["type"] != "function" or o.__pydantic_extra__ or fn.__pydantic_extra__:
            return None
        return decode_plain_fields(f["id"], fn.name, fn.arguments)
    except (AttributeError, KeyError, TypeError):
        return None


# keys ``sniff`` asks before ``role``, and Groq's ``executed_tools`` (server calls: ``chat_server``)
_NOT_A_MESSAGE = frozenset({"function", "type", "choices", "object", "executed_tools"})


def decode_plain_completion(data: Dict[str, Any]) -> Optional[List[ToolCall]]:
    """What ``decode_all`` gives for the ChatCompletion *data* under the default
    policy when it holds one choice, its finish reason none or one of ``_PLAIN_FINISH``
    (exactly: not cut off or failed, in any case), whose message has only plain items
    (``decode_plain``) as calls; else ``None`` (then the walk runs). Held to the walk
    by the tests that compare ``decode_all`` with and without a policy keyword."""
    choices = data["choices"]
    if type(choices) is not list or len(choices) != 1 or type(choices[0]) is not dict:
        return None
    choice = choices[0]
    msg = choice.get("message")
    if (type(msg) is not dict or choice.get("finish_reason") not in _PLAIN_FINISH
            or msg.get("function_call") is not None):
        return None
    if msg.get("role") != "assistant" or not _NOT_A_MESSAGE.isdisjoint(msg):  # ``sniff`` would read it otherwise
        return None
    content = msg.get("content")
    if content is not None and type(content) is not str:  # parts: the walk looks for another dialect's blocks
        return None
    items = msg.get("tool_calls")
    if not items and choice.get("finish_reason") in _CALLED:  # says it called a tool, holds none
        return None
    if type(items) is not list:
        return [] if items is None else None
    out = []
    for item in items:
        call = decode_plain(item) if type(item) is dict else None
        if call is None:
            return None
        out.append(call)
    return out


def decode_plain_sdk_completion(o: Any) -> Optional[Tuple[Dict[str, Any], List[ToolCall]]]:
    """``decode_plain_completion`` of an openai SDK ``ChatCompletion`` read by attribute,
    without the dict ``sdk.read_completion`` builds: the calls (each by
    ``decode_plain_object``), with that dict's top and its choice without calls, on
    which the plan must name this dialect (else the general path runs); ``None`` where
    ``read_completion`` would give more (extra fields) or the one step would decline."""
    top = o.__dict__  # its fields (what its attributes read, at half the cost: ``decode_plain_object``)
    kind = top["object"]
    if kind != "chat.completion" or o.__pydantic_extra__:
        return None
    choices = top["choices"]
    if len(choices) != 1:
        return None
    choice = choices[0]
    msg, reason = choice.message, choice.finish_reason
    if choice.__pydantic_extra__ or msg.__pydantic_extra__ or reason not in _PLAIN_FINISH:
        return None
    fields = msg.__dict__
    role, content, items = fields["role"], fields["content"], fields["tool_calls"]
    if fields["function_call"] is not None or role != "assistant":
        return None
    if not items and reason in _CALLED:  # says it called a tool, holds none: the walk
        return None
    if content is not None and type(content) is not str:  # parts: the walk looks for another dialect's blocks
        return None
    out = []
    for tc in items or ():
        call = decode_plain_object(tc)
        if call is None:
            return None
        out.append(call)
    return {"object": kind, "model": top["model"], "choices": [
        {"finish_reason": reason, "message": {"role": role, "content": content}}]}, out


def decode_plain_fields(ident: Any, name: Any, text: Any) -> Optional[ToolCall]:
    """``decode_plain`` of the item with these fields."""
    if (
        type(ident) is not str
        or type(name) is not str
        or type(text) is not str
        or not 0 < len(ident) <= 40
        or ident == "null"
        or len(ident) == len(name) + 13
        or not name
        or len(text) > _MAX_BYTES
        or not name.isascii()  # (text UTF-8 cannot carry: the general path refuses it)
        or not ident.isascii()
    ):
        return None
    if not text:  # a tool without parameters: the empty table's ``{}``, the wire text kept
        return new_call(name, {}, ident, "", {NAME: {"arguments": ""}}, EMPTY)
    try:
        args = from_json(text, allow_inf_nan=False, cache_strings="keys")
    except (ValueError, TypeError):
        return None
    # a key given twice: the general path refuses it (``_args.parse_arguments``; inline:
    # one colon per pair of a plain object, ``_repeats.unrepeated``)
    if type(args) is not dict or text.count(":") != len(args) and not unrepeated(text, args):
        return None
    return new_call(name, args, ident, text)
