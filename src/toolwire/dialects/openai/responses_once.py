"""A call of a Responses stream (``openai.responses``) ended again under its ``call_id``: never a second run.

Follows https://platform.openai.com/docs/api-reference/responses-streaming (checked
2026-12-06): a ``function_call`` (``custom_tool_call``, built-in tool the client runs)
item's ``call_id`` is the id its ``function_call_output`` answers, one per call of a
response. A stream resumed from a sequence point (openai-python
``responses.retrieve(id, stream=True, starting_after=N)``) re-sends the events after it;
with every item at one ``output_index`` (gateways do so) the item ended there last is
another one, so nothing at that index tells the call streamed again from a new one. Its
``call_id`` does: a call that ends under the ``call_id`` of a call of its response that
ended before is that call again, an ``InvalidToolCall`` (never a second run); with another
tool or other arguments the first one does not run either (which one is the reply's is
not guessed). Likewise two responses merged into one stream (no ``response.created``, no
final event, no ``sequence_number`` between: read as one): the calls the first final
event does not hold are the second's (``orphans``), and its final event's items under
their ``call_id`` are those calls (``theirs``), never run again; those not claimed there
are the next such final event's (any number of merged responses).
"""

from __future__ import annotations

import json
from typing import Any, Dict, Optional, Tuple

from ..._json_equality import same
from ..._types import ToolCall
from ...stream._call import Call, nonempty_str
from ...stream._core import Core

__all__ = ["ended_again", "orphans", "ran_once", "theirs"]


def ran_once(core: Core, once: Dict[str, Call], first: int, c: Call,
             item_ids: Optional[Dict[int, str]] = None) -> None:
    """Before the client call *c* ends: the calls ended under each ``call_id`` (*once*,
    the latest under each; those of the response read are from *first* on in
    ``core.calls``) take *c*, or *c* is one of them again. A call at another
    ``output_index`` under another item ``id`` (*item_ids*, by ``pos``) is a parallel
    call sharing the ``call_id`` (a gateway reusing one id, as DeepSeek's and GLM's parallel
    calls do; ``decode_all`` keeps both): a call of its own, as a call streamed again comes
    at its own index."""
    ident = c.id
    if ident is None:
        return
    m = once.get(ident)
    if (m is None or m is c or m.pos < first or m.id != ident or m.server
            or item_ids is not None and _apart(m, c, item_ids)):
        once[ident] = c  # (another response's, renamed since, or a parallel call: this one's now)
        return
    own = c.error  # (its own fault says nothing against the call before)
    core.fail(c, f"Tool call {c.pos} of this stream is tool call {m.pos} again (call_id {ident!r}, ended before "
                 "in its response): never a second run")
    r = m.result
    if own is None and type(r) is ToolCall and (r.name != c.name or not _same_arguments(c, r)):
        core.unrun(m, f"Tool call {m.pos} of this stream ended again under its call_id {ident!r} (tool call "
                      f"{c.pos}) with another tool or arguments: not guessed which runs")


def ended_again(core: Core, once: Dict[str, Call], first: int, item: Dict[str, Any],
                done_of: Dict[int, Dict[str, Any]]) -> bool:
    """Whether the done function or custom tool call *item* is that of a call of the
    response read (from *first* on) that ended under its ``call_id`` (an end event
    delivered again): it adds nothing when it is the done item that ended that call (in
    *done_of*, by ``pos``; one whose text says nothing too) or says what that call ran,
    else that call does not run (which item is the reply's is not guessed)."""
    ident = nonempty_str(item.get("call_id"))
    m = once.get(ident) if ident is not None else None
    if m is None or m.pos < first or m.id != ident or m.server or not m.done:
        return False
    r = m.result
    if type(r) is ToolCall and not same(item, done_of.get(m.pos)):
        if item.get("type") == "custom_tool_call":
            text = item.get("input")
            said = type(text) is str and r.args == {"input": text}
        else:
            text = item.get("arguments")
            said = type(text) is str and text == r.raw
        if item.get("name") != r.name or not said:
            core.unrun(m, f"Tool call {m.pos} of this stream was ended again (call_id {ident!r}) with another "
                          "item: not guessed which one runs")
    return True


def _apart(m: Call, c: Call, item_ids: Dict[int, str]) -> bool:
    """Whether the calls *m* and *c* were streamed at two ``output_index`` under two item ``id``."""
    a, b = item_ids.get(m.pos), item_ids.get(c.pos)
    return (type(m.key) is int and type(c.key) is int and m.key != c.key
            and a is not None and b is not None and a != b)


def _same_arguments(c: Call, r: ToolCall) -> bool:
    """Whether the arguments *c* ends with (its object, else its text) are *r*'s."""
    if c.obj is not None:
        return same(c.obj, r.args)
    text = c.full if c.full is not None else "".join(c.parts)
    return text == r.raw


def orphans(core: Core, pending: Tuple[int, Dict[int, Call], int]) -> Dict[str, Call]:
    """The client calls of the response read that its final event did not hold, by
    ``call_id``: *pending* is where its calls begin in ``core.calls``, what that final event
    claimed and where its calls ended; calls of another response streamed into it (neither
    a ``response.created`` nor a final event between, no sequence numbers), whose own final
    event may follow (``theirs``). Built when a call item of such a final event needs them
    (a search per final event was n²)."""
    first, made, end = pending
    if len(made) >= end - first:
        return {}
    claimed = {id(c) for c in made.values()}
    return {c.id: c for c in core.calls[first:end] if id(c) not in claimed and c.id is not None and not c.server}


def theirs(core: Core, left: Dict[str, Call], item: Dict[str, Any]) -> Optional[Call]:
    """The call of *left* (``orphans``) the call item *item* of a final event with no call
    streamed since is (its ``call_id``): that call, not a second run of it; with another
    tool or other arguments neither runs (which is the reply's is not guessed)."""
    ident = item.get("call_id")
    m = left.pop(ident, None) if type(ident) is str else None
    if m is None:
        return None
    r = m.result
    if item.get("type") == "custom_tool_call":
        said = type(r) is ToolCall and r.args == {"input": item.get("input")}
    else:
        text = item.get("arguments")
        said = type(r) is ToolCall and (text == r.raw or type(text) is str and _parses_to(text, r.args))
    if type(r) is ToolCall and (item.get("name") != r.name or not said):
        core.unrun(m, f"Tool call {m.pos} of this stream is in a later final response under its call_id "
                      f"{ident!r} with another tool or arguments: not guessed which runs")
    return m


def _parses_to(text: str, args: Any) -> bool:
    """Whether the argument text *text* is the JSON value *args*."""
    try:
        return bool(same(json.loads(text), args))
    except ValueError:
        return False
