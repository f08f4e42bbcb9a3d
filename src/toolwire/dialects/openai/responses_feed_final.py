"""The call items of a Responses stream's final response (``response.completed``,
``.incomplete``, ``.failed``) set against the calls the stream carried (``settle``).

- openai-python ``client.responses.retrieve(id, stream=True, starting_after=N)``
  (``resources/responses/responses.py``: "The sequence number of the event after which
  to start streaming"; background responses, openai/openai-python#2372) resumes a stream
  mid-reply: the items done before it are only in the final ``response.output``
  (``ResponseCompletedEvent.response: Response``).
- vLLM's gpt-oss Responses stream (``vllm/entrypoints/openai/responses/streaming_events.py``
  and ``responses/harmony.py``, checked 2026-12-06) adds a call with ``call_id``
  ``call_<uuid>``, ends it with an item whose ``call_id`` is ``fc_<uuid>`` made afresh,
  and its final response holds the reply parsed again: every call with new ``id``
  ``fc_<r>`` and ``call_id`` ``call_<r>``, at the place of its ``output_index`` (one
  item per harmony message).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from pydantic_core import from_json

from ..._types import ToolCall
from ...stream._call import Call, nonempty_str
from .responses_feed_builtin import client_done, is_server, server_done
from .responses_sniff import CLIENT_TYPES, client_name

if TYPE_CHECKING:
    from .responses_feed import Feed

__all__ = ["CALL_TYPES", "settle"]

#: The call items a ``function_call_arguments`` / ``custom_tool_call_input`` stream carries
CALL_TYPES = frozenset({"function_call", "custom_tool_call"})

# an entry of the final output: its place, the item, whether a server runs it, the
# built-in tool's name (a client item), its id (``call_id``; a server item's ``id``)
_Entry = Tuple[int, Dict[str, Any], bool, Optional[str], Optional[str]]


def _canonical(args: Any) -> Optional[str]:
    """Parsed arguments as one text whatever their spacing and key order, or ``None``."""
    try:
        return json.dumps(args, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return None


def _item_key(item: Dict[str, Any]) -> Optional[Tuple[Any, str]]:
    """A call item's tool and parsed arguments (a custom tool's ``{"input": text}``, as
    the call holds them), or ``None`` when they do not parse to an object."""
    if item.get("type") == "custom_tool_call":
        text = item.get("input")
        args: Any = {"input": text} if type(text) is str else None
    else:
        args = item.get("arguments")
        if type(args) is str:
            try:
                args = from_json(args, allow_inf_nan=False)
            except (ValueError, TypeError):
                return None
    if type(args) is not dict:
        return None
    canonical = _canonical(args)
    return None if canonical is None else (item.get("name"), canonical)


def _call_key(c: Call) -> Optional[Tuple[Any, str]]:
    """The tool and parsed arguments of the ended call *c* (none for an invalid one)."""
    r = c.result
    if type(r) is not ToolCall:
        return None
    canonical = _canonical(r.args)
    return None if canonical is None else (c.name, canonical)


def settle(feed: Feed, output: List[Any], first: int, fresh: bool) -> None:
    """The call items of the final *output* set against the calls of its response (those
    from *first* on in ``core.calls``). A streamed call is claimed at most once: first by
    ids, across the whole output (``call_id``; a server item's ``id``); then by place
    (``output_index``) when either has no id. An item whose ids name no call of the stream (vLLM's, parsed
    again) then claims a call the stream ended (``output_item.done``) with its tool and
    equal parsed arguments, at its place, else anywhere; else, at its place, an ended
    call with another tool or other arguments: a conflict, that call an
    ``InvalidToolCall`` (which one runs is not guessed; never a second run). A call still
    open is claimed by ids or place only, and completed by its item (one with other ids
    leaves it open, cut off at the end: never taken for it). An item left is a call the
    stream never carried (a resumed stream) and is added (never dropped), and the
    response's calls are put in the output's order, as ``decode_all`` gives them.
    Without *fresh* (the final event of a response read before, again), by ids and
    places only. Linear: each item and call is looked up by dict."""
    core = feed.core
    calls = core.calls
    mine = calls[first:]
    by_key: Dict[int, Call] = {}
    by_id: Dict[Tuple[bool, str], Call] = {}
    for m in mine:
        if type(m.key) is int:
            by_key[m.key] = m
        if m.id is not None and (m.server, m.id) not in by_id:
            by_id[(m.server, m.id)] = m
    entries: List[_Entry] = []
    for i, item in enumerate(output):
        if type(item) is not dict:
            continue
        kind = item.get("type")
        name = client_name(item) if kind in CLIENT_TYPES else None
        server = kind not in CALL_TYPES and name is None
        if server and not is_server(item, kind):
            continue  # a message, reasoning...: no call
        entries.append((i, item, server, name, nonempty_str(item.get("id" if server else "call_id"))))
    claimed: Dict[int, Call] = {}  # a streamed call's ``pos`` -> the call
    by_item: Dict[int, Call] = {}  # an entry's place in *output* -> the call it claimed
    conflict: Dict[int, bool] = {}  # the entries that are another call at a streamed call's place

    def claim(i: int, c: Optional[Call]) -> bool:
        if c is None or c.pos in claimed:
            return False
        claimed[c.pos] = by_item[i] = c
        return True

    for i, _, server, _, ident in entries:  # 1. ids, across the whole output
        if ident is not None:
            claim(i, by_id.get((server, ident)))
    for i, _, server, _, ident in entries:  # 2. place, where ids do not contradict
        c = by_key.get(i)
        if i not in by_item and c is not None and c.server is server and (c.id is None or ident is None):
            claim(i, c)
    others = [e for e in entries if fresh and e[0] not in by_item and e[1].get("type") in CALL_TYPES]
    # the function and custom tool calls an ``output_item.done`` ended (by ``pos``): only those
    # may be an item under fresh ids (a call still open is never taken for another item)
    ended_calls = {c.pos for c, it in feed.ended.values() if c is not None and c.done and it.get("type") in CALL_TYPES}
    keys = {e[0]: _item_key(e[1]) for e in others}
    for i, _, _, _, _ in others:  # 3. place: the ended call with its tool and arguments
        c = by_key.get(i)
        if c is not None and c.pos in ended_calls and keys[i] is not None and _call_key(c) == keys[i]:
            claim(i, c)
    left = [e for e in others if e[0] not in by_item and keys[e[0]] is not None]
    if left:  # 4. anywhere: an ended call with its tool and arguments (the first in stream order)
        ended: Dict[Tuple[Any, str], List[Call]] = {}
        for m in reversed(mine):
            if m.pos in ended_calls and m.pos not in claimed:
                k = _call_key(m)
                if k is not None:
                    ended.setdefault(k, []).append(m)
        for i, _, _, _, _ in left:
            stack = ended.get(keys[i] or ("", ""))
            while stack:
                if claim(i, stack.pop()):
                    break
    for i, _, _, _, _ in others:  # 5. place: another call where an ended one is
        c = by_key.get(i)
        if i not in by_item and c is not None and c.pos in ended_calls and claim(i, c):
            conflict[i] = True
    at: Dict[int, int] = {}  # a call's ``pos``: its item's position in *output*
    added = False
    for i, item, server, name, ident in entries:
        c = by_item.get(i)
        if c is not None:
            at[c.pos] = i
            if i in conflict:
                core.unrun(c, f"Tool call {c.pos} of this stream is another call than the final response's item at "
                              f"output_index {i} ({item.get('name')!r}, other ids, another tool or arguments): "
                              "not guessed which runs")
            elif not c.done:
                feed.complete(c, item)
            continue
        n = len(calls)
        if name is not None:
            client_done(core, None, item, name)
        elif server:
            server_done(core, None, item)
        else:
            feed._end(core.open(None, ident, nonempty_str(item.get("name"))), item)
        for m in calls[n:]:
            at[m.pos] = i
        added = True
    if added and len(at) == len(calls) - first:
        calls[first:] = sorted(calls[first:], key=lambda m: at[m.pos])
