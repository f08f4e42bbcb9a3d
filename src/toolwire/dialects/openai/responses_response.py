"""OpenAI Responses whole responses: ``Response`` objects read (text, reasoning,
refusal, finish reason, usage), their finish reasons, and the input histories and
replies that hold call items.

Follows (checked 2026-11-30) https://platform.openai.com/docs/api-reference/responses/object
— ``output[]`` items ``message`` (``output_text`` / ``refusal`` parts) and
``reasoning`` (``summary`` / ``content``), ``status``, ``incomplete_details.reason``;
a ``ParsedResponse`` (``client.responses.parse``) holds its parsed answer in each
``output_text`` part's ``parsed`` (its ``output_parsed`` is a property: the first one set)
(openai-python's ``IncompleteDetails``: ``max_output_tokens``, ``content_filter``,
``max_messages``, ``steered``). A message's ``phase`` (openai-python 3.60+
``ResponseOutputMessage.phase``: "Labels an `assistant` message as intermediate commentary
(`commentary`) or the final answer (`final_answer`)", sent by ``gpt-5.3-codex`` and later)
says which text is the answer: a ``commentary`` message's text is ``Response.commentary``,
never ``text``; a message without a phase (older models) is the answer's, as is the rest.

The Chat ``ChatCompletion`` is read in ``chat_response``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..._access import to_data
from ..._dialect import ResponseFields, ResponseReader
from ..._errors import DecodeError, excerpt
from ..._policy import UNFINISHED
from ..._usage import counts, make_usage
from .._common import any_block, as_int, join_text
from .._reply_fields import objects_at
from .chat_response import Items
from .responses_tools import NAME

__all__ = [
    "RESPONSES_FINISH", "RESPONSES_RESPONSE", "RESPONSES_UNFINISHED", "WAITS", "response_object", "responses_finish",
    "responses_history",
    "responses_reply",
]


#: The item a completed reply waits on, given as its raw finish reason (``pause``): an MCP
#: tool call the server runs once the client answers with an ``mcp_approval_response``
#: (https://platform.openai.com/docs/guides/tools-connectors-mcp#approvals, checked
#: 2026-12-04); the item itself is a server call (``responses_sniff``)
WAITS = "mcp_approval_request"

#: A message's ``phase`` that says it is no answer (``ResponseOutputMessage.phase``)
COMMENTARY = "commentary"


def read_responses(d: Dict[str, Any]) -> ResponseFields:
    text: List[str] = []
    reasoning: List[str] = []
    refusal: Optional[str] = None
    parsed = d.get("output_parsed")  # a property of openai's ``ParsedResponse``, in no dump: read below
    waits = False
    for i, item in enumerate(objects_at(d.get("output"), "$.output")):  # none skipped: each an object
        kind = item.get("type")
        if kind == "message":
            answer = item.get("phase") != COMMENTARY  # commentary is ``read_commentary``'s
            for part in objects_at(item.get("content"), f"$.output[{i}].content"):
                if part.get("type") == "output_text":
                    if answer:
                        text.append(part.get("text") or "")
                    if parsed is None:  # ``ParsedResponse.output_parsed``: the first output_text's ``parsed``
                        parsed = part.get("parsed")
                elif part.get("type") == "refusal":
                    refusal = (refusal or "") + (part.get("refusal") or "")
        elif kind == "reasoning":
            for key in ("content", "summary"):
                for part in objects_at(item.get(key), f"$.output[{i}].{key}"):
                    if isinstance(part.get("text"), str):
                        reasoning.append(part["text"])
        elif kind == WAITS:
            waits = True
    status = _status(d)
    details = d.get("incomplete_details")
    details = details if type(details) is dict else {}
    raw = details.get("reason") if status == "incomplete" and details.get("reason") else status
    if waits and status == "completed":  # it waits on the client's approval: ``WAITS``
        raw = WAITS
    u = counts(d, "usage", "$")
    usage = make_usage(
        as_int(u.get("input_tokens")),
        as_int(u.get("output_tokens")),
        as_int(counts(u, "output_tokens_details", "$.usage").get("reasoning_tokens")),
        as_int(u.get("total_tokens")),
    )
    return join_text(text), "\n".join(reasoning), refusal, raw, usage, parsed


def read_commentary(d: Dict[str, Any]) -> str:
    """The text of the messages labelled ``phase: "commentary"`` (a preamble, a status
    update before a call), one line per message; ``read_responses`` leaves it out of the
    answer."""
    said: List[str] = []
    for item in d.get("output") or []:
        if isinstance(item, dict) and item.get("type") == "message" and item.get("phase") == COMMENTARY:
            said.append(join_text([p.get("text") or "" for p in item.get("content") or []
                                   if isinstance(p, dict) and p.get("type") == "output_text"]))
    return "\n".join(said)


def responses_finish(data: Dict[str, Any]) -> Optional[str]:
    """The finish reason a whole ``response`` gives its calls (``decode_all``, and a
    stream's last event): ``failed``; for ``incomplete`` the token limit
    (``max_output_tokens``), the content filter (``content_filter``: "content was
    omitted", no call of it runs) or else ``incomplete`` (``steered``,
    ``max_messages``: cut short all the same); ``unfinished`` (``UNFINISHED``) for a
    reply not finished (``queued``, ``in_progress``: background mode, polled;
    ``cancelled``); ``None`` for a finished reply."""
    status = _status(data)
    if status == "failed":
        return "failed"
    if status in RESPONSES_UNFINISHED:
        return UNFINISHED
    if status == "incomplete":
        details = data.get("incomplete_details")
        reason = details.get("reason") if type(details) is dict else None
        return reason if reason in _OWN_REASONS else "incomplete"
    return None


def _status(data: Dict[str, Any]) -> Optional[str]:
    """The reply's ``status``: a string or absent, else a ``DecodeError`` at ``$.status``."""
    status = data.get("status")
    if type(status) is not str and status is not None:
        raise DecodeError(f"'status' must be a string at $.status, got {type(status).__name__} {excerpt(status)}",
                          dialect=NAME, loc="$.status")
    return status


_OWN_REASONS = ("max_output_tokens", "content_filter")  # the incomplete reasons with a finish reason of their own


_NOT_DONE = ("incomplete", "cancelled", "in_progress", "queued")
#: the statuses of a reply not finished, and not cut off either (``responses_finish``):
#: ``Dialect.unfinished_reasons``
RESPONSES_UNFINISHED = frozenset(_NOT_DONE[1:])

def _parsed_answer(o: Any) -> Dict[str, Any]:
    """openai's ``ParsedResponse.output_parsed`` (``client.responses.parse``): a property
    no dump holds, and its parts' ``parsed`` are left out of one as the SDK's own
    request writer leaves them out (``__api_exclude__``)."""
    if not isinstance(getattr(type(o), "output_parsed", None), property):
        return {}
    parsed = o.output_parsed
    return {} if parsed is None else {"output_parsed": to_data(parsed, "$.output_parsed")}


def _detect(d: Dict[str, Any]) -> bool:
    return d.get("object") == "response" or (isinstance(d.get("output"), list) and "status" in d)


def _may_hold_calls(d: Dict[str, Any]) -> bool:
    return any_block(d.get("output"), lambda i: i.get("type") not in ("message", "reasoning"))


def _unfinished(d: Dict[str, Any], raw: Optional[str]) -> bool:
    # a status that says the reply did not finish; ``incomplete`` unless its reason has a
    # finish reason of its own (``length``, ``content_filter``): ``steered``, ``max_messages``...
    return d.get("status") in _NOT_DONE and raw not in ("max_output_tokens", "content_filter")


# module-level functions, no lambdas: a dialect derived from this one pickles by value
RESPONSES_RESPONSE = ResponseReader(
    _detect,
    read_responses,
    _may_hold_calls,
    frozenset({"object", "output"}),
    _unfinished,
    _parsed_answer,
    commentary=read_commentary,
)

#: Responses ``status`` (or ``incomplete_details.reason``) -> the normalised vocabulary
RESPONSES_FINISH: Dict[str, str] = {
    "completed": "stop",
    "max_output_tokens": "length",
    "content_filter": "content_filter",
    "failed": "error",
    "cancelled": "other",
    "in_progress": "other",
    "queued": "other",
    "incomplete": "other",
    WAITS: "pause",
}


def _output_text(content: str) -> Dict[str, Any]:
    return {"type": "message", "id": "msg_0", "role": "assistant", "status": "completed",
            "content": [{"type": "output_text", "text": content, "annotations": []}]}


def responses_history(items: Items, content: Optional[str] = None) -> Dict[str, Any]:
    """The Responses API has no assistant message holding calls: a request's input
    history does (the user turn, the model's text, its calls)."""
    history: Items = [{"role": "user", "content": "What is the weather?"}]
    if content:
        history.append({"type": "message", "role": "assistant", "id": "msg_0", "status": "completed",
                        "content": [{"type": "output_text", "text": content, "annotations": []}]})
    return {"model": "gpt-5", "input": [*history, *items]}


def responses_reply(items: Items, content: Optional[str] = None, finish: Optional[str] = None) -> Dict[str, Any]:
    """A whole ``response`` object holding *items* after a reasoning item (and *content*),
    with the fields openai's ``Response`` requires (``parallel_tool_calls``,
    ``tool_choice``, ``tools``). A ``function_call`` output item carries its item ``id``
    (``fc_…``) and ``status`` as the API sends them (an input item, as ``encode``
    writes it, may leave both out): added where the item has none. ``tools`` declares a
    ``function`` tool for each name called (a ``Response`` echoes the request's tools, and
    a model calls only declared functions: openai-python ``FunctionTool``)."""
    out: Items = [{"type": "reasoning", "id": "rs_0", "summary": []}]
    if content:
        out.append(_output_text(content))
    reply = response_object(finish or "completed", [*out, *(_output_call(i, item) for i, item in enumerate(items))])
    names = dict.fromkeys(i["name"] for i in items if i.get("type") == "function_call" and type(i.get("name")) is str)
    reply["tools"] = [{"type": "function", "name": n, "parameters": {"type": "object", "properties": {}},
                       "strict": False} for n in names]
    return reply


def _output_call(i: int, item: Dict[str, Any]) -> Dict[str, Any]:
    if item.get("type") != "function_call" or ("id" in item and "status" in item):
        return item
    return {**item, "id": item.get("id", f"fc_{i}"), "status": item.get("status", "completed")}


def response_object(status: str, output: Items) -> Dict[str, Any]:
    """A ``response`` object with *status* and *output*, and the other fields openai's
    ``Response`` requires (a reply's envelope, a stream's lifecycle events)."""
    return {"id": "resp_0", "object": "response", "created_at": 1764460800, "model": "gpt-5", "status": status,
            "output": list(output), "parallel_tool_calls": True, "tool_choice": "auto", "tools": []}

