"""The call items of a Responses stream's final response (``response.completed``,
``.incomplete``, ``.failed``) set against the calls the stream carried (``settle``;
what an item under fresh ids shares with a call to be it: ``responses_final_keys``), a
plain one read short (``plain``).

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
  item per harmony message); its browser tool's ``web_search_call`` gets a new
  ``ws_<uuid>`` id there (``_parse_browser_tool_call``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from ...stream._call import Call, nonempty_str
from ...stream._core import Core
from .responses_feed_builtin import client_done, is_server, server_done
from .responses_feed_tables import call_tables, content_index
from .responses_final_keys import (
    CALL_TYPES,
    call_key,
    contradicts,
    given_namespace,
    item_key,
    loose_key,
    none_given,
    restate,
    retake,
    runs_other,
)
from .responses_response import WAITS
from .responses_sniff import CLIENT_TYPES, client_name

if TYPE_CHECKING:
    from .responses_feed import Feed

__all__ = ["CALL_TYPES", "Settled", "ended_items", "plain", "settle"]

# an entry of the final output: its place, the item, whether a server runs it, the
# built-in tool's name (a client item), its id (``call_id``; a server item's ``id``)
_Entry = Tuple[int, Dict[str, Any], bool, Optional[str], Optional[str]]


def ended_items(feed: Feed, first: int, ended: Dict[int, Any]) -> Dict[int, Dict[str, Any]]:
    """The calls of the response read (from *first* on in ``core.calls``) that an
    ``output_item.done`` ended (by ``pos``; *ended*: the items ended, by
    ``output_index``), and their done item: only those may be a final item under fresh
    ids (a call still open is never taken for another item). Linear in that response's
    calls."""
    out: Dict[int, Dict[str, Any]] = {}
    for m in feed.core.calls[first:]:
        key = m.key
        if type(key) is int and m.done:
            e = ended.get(key)
            if e is not None and e[0] is m:
                out[m.pos] = e[1]
    return out


# final items that are no call (``settle`` passes them over; their text is ``final_text``'s)
_NO_CALL = frozenset({"message", "reasoning"})


def plain(feed: Feed, output: List[Any], first: int) -> Optional[Dict[int, Call]]:
    """The call each item of the final *output* is (by its place), when the final
    response is plain: its function and custom tool call items are, in order, the calls
    of its response (from *first* on in ``core.calls``), each ended at that item's place
    (``output_item.done``) under its ``call_id`` (one each), and its other items messages
    or reasoning; else ``None``. What ``settle`` claims then (each by its ids), without
    its tables: the hot loop's and the general reader's short path. Linear in *output*."""
    calls = feed.core.calls
    ended = feed.ended
    n = len(calls)
    j = first
    made: Dict[int, Call] = {}
    ids = set()
    for i, item in enumerate(output):
        if type(item) is not dict:
            continue
        kind = item.get("type")
        if type(kind) is not str:  # (none, or no kind of item: the general path's, which names it)
            return None
        if kind in _NO_CALL:
            continue
        if kind not in CALL_TYPES or j == n:
            return None
        c = calls[j]
        e = ended.get(i)
        ident = item.get("call_id")
        if (e is None or e[0] is not c or not c.done or c.server or type(ident) is not str or c.id != ident
                or ident in ids):
            return None
        d = e[1]
        try:  # (other arguments than its done item's, another tool, or none: ``settle`` reads them; an
            # item of another type than its done item's lacks its field)
            if kind == "function_call":
                text = item["arguments"]
                if text != d["arguments"] and text != "":
                    return None
            else:
                text = item["input"]
                if text != d["input"] and text != "":
                    return None
            if item["name"] != c.name or item.get("namespace") != d.get("namespace"):
                return None
        except KeyError:
            return None
        ids.add(ident)
        made[i] = c
        j += 1
    return made if j == n else None


#: What a settle claimed, for a final event delivered again: its output, the call each of
#: its items (by place) was, and the calls the stream ended (``ended_items``; ``None``: not
#: read, the output held no call)
Settled = Tuple[List[Any], Dict[int, Call], Optional[Dict[int, Dict[str, Any]]]]


def settle(feed: Feed, output: List[Any], first: int, done: Optional[Dict[int, Dict[str, Any]]],
           prior: Optional[Settled] = None, ended_at: Optional[Dict[int, Any]] = None) -> Settled:
    """The call items of the final *output* set against the calls of its response (those
    from *first* on in ``core.calls``; *done*: those an ``output_item.done`` ended, read
    from *ended_at* (else ``feed.ended``) when ``None`` and the output holds a call). A
    streamed call is claimed at most once: with *prior* (this response's final event
    read before, delivered again), an item equal to the one at its place then is the call
    it was; then by ids, across the whole output (``call_id``; a server item's ``id``);
    then by place (``output_index``) when either has no id: an item so claimed for an
    ended call that is another call (``contradicts``) makes it an ``InvalidToolCall``, a
    built-in one with another ``status`` gives it its status (``restate``). An item whose ids name no
    call of the stream (vLLM's, parsed again) then claims a call the stream ended with
    the same content (``item_key``), at its place, else anywhere (an item giving a
    ``namespace`` first a call of it, then one giving none; an item giving none any call
    after those: a pairing is found where one exists); else a function or
    custom tool call at an ended one's place: of its tool with arguments the policy
    cannot read, that call (unknown: no contradiction); with another tool or other arguments, a
    conflict, that call an ``InvalidToolCall`` (which one runs is not guessed; never a
    second run). A call still open is claimed by ids or place only, and completed by its
    item (one with other ids leaves it open, cut off at the end: never taken for it). An
    item left is a call the stream never carried (a resumed stream) and is added (never
    dropped), and the response's calls are put in the output's order, as ``decode_all``
    gives them. Returns what was claimed. Linear: each item and call is looked up by dict;
    an output without calls, or one whose every item is the call it was (*prior*), costs
    nothing per call of the response."""
    core = feed.core
    calls = core.calls
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
    if not entries:
        return output, {}, done
    claimed: Dict[int, Call] = {}  # a streamed call's ``pos`` -> the call
    by_item: Dict[int, Call] = {}  # an entry's place in *output* -> the call it claimed
    conflict: Dict[int, bool] = {}  # the entries that are another call at a streamed call's place
    restated: Dict[int, bool] = {}  # the entries whose status is the call's (``restate``)
    retaken: Dict[int, bool] = {}  # the entries whose arguments a call that got none takes (``retake``)
    seen: Dict[int, bool] = {}  # the entries the final event read before gave, as they were

    def claim(i: int, c: Optional[Call]) -> bool:
        if c is None or c.pos in claimed:
            return False
        claimed[c.pos] = by_item[i] = c
        return True

    if prior is not None:  # 0. the item read before at this place, again: the call it was
        was, was_by_item = prior[0], prior[1]
        for i, item, _, _, _ in entries:
            if i < len(was) and i in was_by_item and was[i] == item and claim(i, was_by_item[i]):
                seen[i] = True
        if len(seen) == len(entries):  # (each the call it was: no table of the response's calls)
            return output, by_item, done
    if done is None:
        done = ended_items(feed, first, feed.ended if ended_at is None else ended_at)
    by_key, by_id = call_tables(feed, first)
    for i, _, server, _, ident in entries:  # 1. ids, across the whole output
        if ident is not None and i not in by_item:
            claim(i, by_id.get((server, ident)))
    for i, _, server, _, ident in entries:  # 2. place, where ids do not contradict
        c = by_key.get(i)
        if i not in by_item and c is not None and c.server is server and (c.id is None or ident is None):
            claim(i, c)
    for i, item, server, name, _ in entries:  # 2b. a call ended under the item's ids (or at its place): the same?
        c = by_item.get(i)
        if c is None or i in seen or c.pos not in done:
            continue
        streamed = done[c.pos]
        if item.get("type") in CALL_TYPES:
            if _takes(core, c, streamed, item):
                retaken[i] = True
            elif contradicts(core, c, streamed, item):
                conflict[i] = True
        elif (server or name is not None) and streamed.get("type") == item.get("type"):
            if runs_other(core, streamed, item):
                conflict[i] = True  # (what the client would run: another action, arguments...)
            elif "status" in item and streamed.get("status") != item.get("status"):
                restated[i] = True  # (its final status, as under fresh ids: 3b)
    others = [e for e in entries if e[0] not in by_item]
    keys = {e[0]: item_key(core, e[1], e[2], e[3]) for e in others}
    spaces = {e[0]: given_namespace(e[1]) for e in others}
    index: Optional[Dict[Tuple[Any, ...], List[Tuple[Call, Any]]]] = None
    done_of = feed.ids[2]  # (every ended call's done item, by ``pos``)
    cursor: Dict[Tuple[Any, ...], int] = {}  # (per key: the calls before it are claimed, or no more its)

    def anywhere(i: int, k: Tuple[Any, ...]) -> None:
        # (an ended call with that content, the first unclaimed in stream order: the index is
        # kept across this response's final events (``content_index``); a call passed over here is
        # claimed by this settle, or no more one of that content: each once per settle)
        nonlocal index
        if index is None:
            index = content_index(feed, first, done)
        stack = index.get(k)
        if not stack:
            return
        j = cursor.get(k, 0)
        while j < len(stack):
            m, was = stack[j]
            j += 1
            ended = done.get(m.pos)
            if ended is None and m.done and type(m.key) is int:
                ended = done_of.get(m.pos)  # (its place taken by an item ended there since)
            if m.pos in claimed or ended is None:
                continue
            if m.result is not was:  # (ended since with another result: its content read again)
                key = call_key(m, ended)
                if key != (k[1] if k[0] == "ns" else k) or k[0] == "ns" and given_namespace(ended) != k[2]:
                    continue
            if claim(i, m):
                break
        cursor[k] = j

    # 3. the ended call with the same content: at its place, then anywhere; an item giving a
    # namespace first takes a call of it, then one giving none, and an item giving none any
    # call after them (one left out is none): never a call by place that only the item of its
    # namespace could be
    for tier in (0, 1, 2):
        tiered = [i for i, _, _, _, _ in others
                  if i not in by_item and keys[i] is not None and (spaces[i] is None) == (tier == 2)]
        for i in tiered:  # (every item's place first: an item takes no call anywhere before
            k, ns = keys[i], spaces[i]  # a later item's claim by place)
            c = by_key.get(i)
            if c is not None and c.pos in done and call_key(c, done[c.pos]) == k:
                mine = given_namespace(done[c.pos])
                if mine == ns if tier == 0 else mine is None if tier == 1 else True:
                    claim(i, c)
        if tier == 2:
            continue  # (anywhere after 3b)
        for i in tiered:
            if i not in by_item:
                anywhere(i, ("ns", keys[i], spaces[i] if tier == 0 else None))
    for i, item, server, name, _ in others:  # 3b. place: the ended built-in it differs from by ids and status only
        c = by_key.get(i)
        if (i not in by_item and (server or name is not None) and c is not None and c.pos in done
                and done[c.pos].get("type") == item.get("type")
                and done[c.pos].get("status") != item.get("status")
                and loose_key(done[c.pos]) == loose_key(item) is not None and claim(i, c)):
            restated[i] = True
    for i, _, _, _, _ in others:  # 4. anywhere: an item giving no namespace, a call with the same content
        k = keys[i]
        if i not in by_item and k is not None and spaces[i] is None:
            anywhere(i, k)
    for i, item, _, _, _ in others:  # 5. place: another function or custom tool call where an ended one is
        c = by_key.get(i)
        if (i not in by_item and item.get("type") in CALL_TYPES and c is not None and c.pos in done
                and done[c.pos].get("type") in CALL_TYPES and claim(i, c)):
            if _takes(core, c, done[c.pos], item):
                retaken[i] = True  # (the call got no arguments: the item's are its own)
            elif keys[i] is not None or item.get("name") != c.name:
                conflict[i] = True  # (its tool's arguments the policy cannot read: unknown, no contradiction)
    # 6. a function or custom tool call left and an ended one left (in stream order): another
    # call, an ``InvalidToolCall`` (the response holds one call there, not which: never both run)
    # (read only when such an item is left, up to the calls it takes)
    left = (m for m in calls[first:] if m.pos not in claimed and m.pos in done
            and done[m.pos].get("type") in CALL_TYPES)
    for i, item, _, _, _ in others:
        if i not in by_item and item.get("type") in CALL_TYPES:
            c = next(left, None)
            if c is None:
                break
            claim(i, c)
            conflict[i] = True
    at: Dict[int, int] = {}  # a call's ``pos``: its item's position in *output*
    added = False
    made: Dict[int, Dict[str, Any]] = {}  # the calls added, as ``done``: by ``pos``, their item
    for i, item, server, name, ident in entries:
        c = by_item.get(i)
        if c is not None:
            at[c.pos] = i
            if i in conflict:
                how = "its ids" if ident is not None and ident == c.id else "other ids"
                core.unrun(c, f"Tool call {c.pos} of this stream is another call than the final response's item at "
                              f"output_index {i} ({item.get('name') or item.get('type')!r}, {how}, another tool, "
                              "action or arguments): not guessed which runs")
            elif i in retaken:
                retake(core, c, item)
                feed.contents = None  # (its content is the item's now)
            elif i in restated:
                restate(core, c, done[c.pos], item, server)
            elif not c.done and i not in seen:
                feed.complete(c, item)
            continue
        n = len(calls)
        if name is not None:
            client_done(core, None, item, name)
        elif server:
            if item.get("type") == WAITS:  # (the reply waits on it: ``Feed.final_end``)
                feed.waits = True
            server_done(core, None, item)
        else:
            feed._end(core.open(None, ident, nonempty_str(item.get("name"))), item)
        if len(calls) > n:
            by_item[i] = calls[n]
            if calls[n].done:  # (the final event again may show it under other fresh ids)
                made[calls[n].pos] = item
        for m in calls[n:]:
            at[m.pos] = i
        added = True
    if added and len(at) == len(calls) - first:
        calls[first:] = sorted(calls[first:], key=lambda m: at[m.pos])
        feed.was = feed.tables = feed.contents = feed.claim_index = None  # (their tables follow the calls' order)
    return output, by_item, {**done, **made} if made else done


def _takes(core: Core, c: Call, streamed: Dict[str, Any], item: Dict[str, Any]) -> bool:
    """Whether the final *item* gives the function call *c*, that *streamed* ended with no
    arguments (``none_given``: ``""`` is not given), its arguments: the same tool, with some."""
    return (none_given(c, streamed) and bool(item.get("arguments"))
            and not contradicts(core, c, {**streamed, "arguments": item.get("arguments")}, item))
