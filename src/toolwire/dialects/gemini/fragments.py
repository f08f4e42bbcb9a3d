"""A Vertex call streamed in argument fragments, read from a whole reply (``gemini``): the
parts a caller collected from the stream's chunks into one ``Content`` (google-genai's
chat history does so), read as the stream reads them.

Follows https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling
(``streamFunctionCallArguments``, checked 2026-12-04) and google-genai 3.6.1
``FunctionCall.partial_args`` / ``will_continue`` ("Whether this is the last part of the
FunctionCall. If true, another partial message for the current FunctionCall is
expected to follow") and ``PartialArg``: a call opened by ``{"name", "willContinue":
true}`` takes the ``partialArgs`` of the nameless parts after it until one whose
``willContinue`` is not true (``functionCall: {}``) ends it (wire-formats §4e).

``pack`` makes such a run of parts (``nameless_args.merged`` finds it) one part: the
opening part's name and id, every ``partialArgs`` entry in order, ``willContinue: true``
when no part ended the call, and the fields beside the call of the part the stream
keeps them from (the rule ``nameless_args`` states); ``args`` that a part of the run holds
beside streamed ones go along, so that they are refused, never dropped. ``decode``
reads one such part with the stream's own handler (``stream.Handler``,
``partial_args.apply``): a call whose fragments end is a whole call, as the stream gives
it; one whose fragments never end is cut off (``ArgumentsError``, ``truncated``); one the
stream makes invalid (an unreadable ``jsonPath``...) is an ``ArgumentsError`` with the
stream's words, at the part's path.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from ..._args import Policy
from ..._errors import ArgumentsError
from ..._types import InvalidToolCall, ToolCall
from ...stream._core import Core
from .partial_args import field
from .stream import Handler
from .tools import NAME

__all__ = ["FRAGMENT_KEYS", "continues", "decode", "fragment", "pack", "streams"]

# a Vertex stream's argument fragments: the call is not all in the part
FRAGMENT_KEYS = ("partialArgs", "partial_args", "willContinue", "will_continue")


def continues(fc: Dict[str, Any]) -> bool:
    """Whether more parts of the call *fc* belongs to follow (``willContinue: true``)."""
    return field(fc, "willContinue", "will_continue") is True


def streams(fc: Dict[str, Any]) -> bool:
    """Whether the call object *fc* carries ``partialArgs`` (set: an SDK dump writes ``None``)."""
    return field(fc, "partialArgs", "partial_args") is not None


def fragment(fc: Dict[str, Any]) -> bool:
    """Whether the call object *fc* is a fragment of a streamed call, as the stream reads
    it: it streams ``partialArgs`` or says more follows (``None`` / ``False``, the SDK's
    unset fields and the end of a stream, are none)."""
    return streams(fc) or continues(fc)


def pack(parts: List[Tuple[str, Dict[str, Any]]], base: Tuple[str, Dict[str, Any]], ended: bool) -> Dict[str, Any]:
    """One part of the run *parts* (each ``(key, part)``, the first opening the call):
    *base* is the part (and its key) whose fields beside the call are kept; *ended*
    whether a part of the run ended the call."""
    fc = {k: v for k, v in parts[0][1][parts[0][0]].items() if k not in FRAGMENT_KEYS and k != "args"}
    partial: List[Any] = []
    args: Optional[Any] = None
    for key, part in parts:
        body = part[key]
        got = field(body, "partialArgs", "partial_args")
        if type(got) is list:
            partial.extend(got)
        elif got is not None:
            partial.append([got])  # no list: ``apply`` refuses it (no entry is a list) in its place
        a = body.get("args")
        if args is None and a is not None and a != {}:
            args = a
    if args is not None:
        fc["args"] = args
    fc["partialArgs"] = partial
    if not ended:
        fc["willContinue"] = True
    bkey, bpart = base
    out = {k: v for k, v in bpart.items() if k != bkey}
    out[bkey] = fc
    return out


def decode(part: Dict[str, Any], key: str, policy: Policy, loc: str) -> ToolCall:
    """The call of the fragment part *part* (its call under *key*), read by the stream's
    handler under *policy*; an ``ArgumentsError`` at *loc* when it is invalid or cut off."""
    where = f"{loc}.{key}"
    core = Core(NAME, policy, False, False, emit=False)
    handler = Handler(core)
    handler.feed({"candidates": [{"content": {"parts": [part]}}]})
    handler.close()
    results = core.close()
    result = results[0] if len(results) == 1 else None
    if type(result) is ToolCall:
        return result
    assert isinstance(result, InvalidToolCall)
    error = result.error.replace("$.calls[0]", where)
    if result.truncated and continues(part[key]) and error.startswith(_UNENDED):
        said = "willContinue" if part[key].get("willContinue") is True else "will_continue"
        error = (f"Function call at {where} is a fragment of a streamed call ({said}) that no later part ends: its "
                 "arguments are not all here; read the whole stream with toolwire.stream")
    raise ArgumentsError(error, dialect=NAME, loc=where, raw=result.raw, truncated=result.truncated)


_UNENDED = "The stream ended before this call was complete"  # (the stream's words: ``Results.finalize``)
