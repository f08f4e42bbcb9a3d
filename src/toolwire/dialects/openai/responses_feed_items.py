"""The output items of the Responses stream (``openai.responses``): its reader's state, items added and done.

Follows https://platform.openai.com/docs/api-reference/responses-streaming (checked
2026-12-06) and the openai-python types ``response_output_item_added_event``,
``response_output_item_done_event``, ``response_function_call_arguments_done_event``.
``Items`` holds the state of ``responses_feed.Feed`` and reads the items of its
stream: ``_added`` / ``_done`` open and end function and custom tool calls (built-in and
provider-executed ones: ``responses_feed_builtin``), ``caught_up`` the deltas of an item
streamed again from its start (an argument event of a call that ended, sent again:
``responses_feed_late``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple, Union

from ..._errors import DecodeError, excerpt
from ...stream._call import Call, nonempty_str
from ...stream._core import Core
from ...stream._events import ArgsDelta, new_event
from .responses_feed_builtin import client_done, is_server, server_added, server_done
from .responses_feed_final import CALL_TYPES, Settled
from .responses_once import ended_again, ran_once
from .responses_response import WAITS
from .responses_sniff import CLIENT_TYPES, client_name
from .responses_tools import NAME

__all__ = ["Items", "Last", "over", "shown", "typed"]

#: The final event read last (``Items.last``): where its response's calls begin in
#: ``core.calls``, its ``response.id``, that of the ``response.created`` before it, where
#: its calls end, and its output
Last = Tuple[int, Optional[str], Optional[str], int, Any]

_CALL = CALL_TYPES
_PLAIN = frozenset({"type", "call_id", "name", "arguments", "input"})


def _extra(item: Dict[str, Any]) -> Optional[Dict[str, Dict[str, Any]]]:
    extra = item.copy()  # cheaper than a comprehension, in the same order
    for k in _PLAIN:
        if k in extra:
            del extra[k]
    if item["type"] == "custom_tool_call":
        extra["custom"] = True
    return {NAME: extra} if extra else None


class Items:
    """The state of the Responses stream's reader, and its items added and done."""

    # the calls of the response whose final event came last that it did not hold, by
    # ``call_id`` (``responses_once.orphans``): the next final events' items (no call streamed
    # since), if they are those, are those calls; kept as where its calls begin, what its final
    # event claimed and where its calls end until a call item of such a final event needs them,
    # then as those left; a class default until some may be
    orphans: Union[Tuple[int, Dict[int, Call], int], Dict[str, Call], None] = None
    # where the calls of the response whose final event left ``orphans`` begin, whether the
    # final event read last was a merged response's (no call streamed since, ``orphans``
    # carried: one delivered again is set against the calls from ``group`` on), and the
    # calls ``orphans`` holds by content (``_by_content``): class defaults
    group: Optional[int] = None
    seen: Optional[Set[str]] = None
    merged: bool = False
    by_key: Optional[Tuple[Dict[str, Call], Dict[Any, List[Call]]]] = None
    # the ended calls (by ``pos``) whose ``output_item.added`` came again: their deltas that follow
    # are the item streamed again whole (``responses_stream_again``), not ``late``'s
    readded: Optional[Set[int]] = None
    # the highest done item number read before a lower one came (``top`` went back: events sent
    # again, ``LateDeltas.resent_number``); none while the numbers only went up
    peak: Any = None

    def __init__(self, core: Core) -> None:
        self.core = core
        # custom tool input by call position: its pieces, and their length (``max_bytes`` holds;
        # ``None`` until a piece came, as the tables below that only some streams fill: a stream
        # of plain calls builds none of them)
        self.custom: Optional[Dict[Any, List[str]]] = None
        self.custom_size: Optional[Dict[Any, int]] = None
        self.waits = False  # an ``mcp_approval_request`` came: the reply waits on the client (``WAITS``)
        # the final response must be read here (``Handler.run``): an approval request came,
        # or a call was opened without ``output_index`` (its final item may end it)
        self.read_final = False
        # where the calls of the response read begin in ``core.calls`` (a stream may carry several
        # responses): its final response is set against those only (``settle``); where those of
        # the response whose ``response.created`` was read (``rid``) begin (a replay of it goes
        # back there); and the response whose final event came last: where its calls begin, its id
        self.first = 0
        self.rid_first = 0
        self.last: Optional[Last] = None
        # what the settle of that final event claimed (``settle``: its final event again is read by it)
        self.settled: Optional[Settled] = None
        # the response read (``rid``) and the items it had ended when its final event came (``ended``
        # starts afresh there): a ``response.created`` of it again (streamed again from its start)
        # takes them back; the final event again reads the calls it ended there (``settle``)
        self.kept: Optional[Tuple[Optional[str], Dict[int, Tuple[Optional[Call], Dict[str, Any]]]]] = None
        # the refusal parts (output index, else item id; content index) whose deltas came (``_refusal``)
        self.refused: Optional[Set[Any]] = None
        # the item each ``output_item.done`` ended, by ``output_index``, and its call (``responses_stream_phase``)
        self.ended: Dict[int, Tuple[Optional[Call], Dict[str, Any]]] = {}
        # the argument deltas of each call ended since the last ``response.created`` of a new
        # response (without one: since the last final event), by ``pos`` (``finalize`` lets
        # them go): where each began, for ``late``
        self.parts_of: Dict[int, List[str]] = {}
        # the ``call_id`` a call's added item gave where its done item gave another (vLLM's
        # gpt-oss), by the call's ``pos``: its added item again (a replay) is that call's
        self.added_ids: Optional[Dict[int, str]] = None
        # the ``id`` of the response read (its ``response.created``), and whether it is streamed
        # again from its start (``responses_stream_phase``); set here, not later: an attribute
        # first set mid-stream slows every attribute read of the hot loop
        self.rid: Optional[str] = None
        self.replaying = False
        # the ``sequence_number`` of the item event read (``seq``), and of the last
        # ``output_item.done`` of the response read (``top``; ``None`` at its start), as sent
        # (numbers count up within a response): an item added where another ended at a number
        # below it is another response's (``responses_stream_phase``); set here, as
        # ``rid``: the hot loop sets ``top``
        self.seq: Any = None
        self.top: Any = None
        # the call each ``output_item.done`` ended, by that event's ``sequence_number`` (the
        # latest under each; cleared in place, the hot loop holds it), and whether the item
        # events' numbers are a count (``varied``: two of them differ, or one is above
        # ``life``, the highest number of the response's ``response.created`` / ``.in_progress``
        # read: lifecycle events numbered and one placeholder on every item event is no count):
        # a done item again under fresh ids is the call its number names
        # (``resent_under_fresh_ids``); set here, as ``rid``
        self.done_at: Dict[Tuple[int, int], Call] = {}
        self.varied = False
        self.life: Any = None
        # each call whose id was set or changed where it ended (``_end``, ``_done``), with
        # the id it had and the one it was given: ``settle``'s tables follow them
        self.renames: Optional[List[Tuple[Call, Optional[str], Optional[str]]]] = None
        # the items streamed again from their start while open, by ``output_index``: their
        # call (``None``: a message), the text they had, and how much of it the deltas re-sent
        # have repeated
        self.behind: Optional[Dict[int, Tuple[Optional[Call], str, int]]] = None
        # the client calls ended, by ``call_id`` (the latest under each): one of the response
        # read ending again under it is that call again (``ran_once``)
        self.once: Dict[str, Call] = {}
        # the item ``id`` of each call's added item (by ``pos``), and the client calls ended, by
        # their item's ``id``: an argument event of one of those, at an index where another call
        # is open, is that call's again (``stale``); and the done item that ended each client
        # call (by ``pos``): the same item again adds nothing, even one whose text says nothing
        # (``ended_again``); one attribute (the hot loop's attribute reads are fast while an
        # instance has few)
        self.ids: Tuple[Dict[int, str], Dict[str, Call], Dict[int, Dict[str, Any]]] = ({}, {}, {})

    def caught_up(self, key: int, delta: str) -> Optional[str]:
        """The part of *delta* that is new, for the item at *key* streamed again from its
        start (``behind``): a delta that repeats the text it had adds nothing; one that
        differs makes its call an ``InvalidToolCall`` (which text is the call's is not
        guessed: ``""``), or for a message gives ``None`` (its text starts over)."""
        behind = self.behind
        assert behind is not None
        c, seen, at = behind[key]
        rest = len(seen) - at
        new: Optional[str] = ""
        if c is not None and self.core.by_key.get(key) is not c:
            new = delta  # (the call there ended or changed: nothing to catch up)
        elif delta[:rest] == seen[at:at + len(delta)]:
            if len(delta) < rest:
                behind[key] = (c, seen, at + len(delta))
                return ""
            new = delta[rest:]
        elif c is not None:
            self.core.fail(c, f"Tool call {c.pos} of this stream was streamed again from its start with other "
                              "argument text: not guessed which one runs")
        else:
            new = None
        del behind[key]
        if not behind:
            self.behind = None
        return new

    def _refusal(self, data: Dict[str, Any], text: str, whole: bool) -> None:
        """A refusal part's delta, or its whole text (*whole*: added only when no delta of
        that part came), as ``normalize`` joins a response's refusal parts."""
        at = data.get("output_index")  # (by position: some servers change ``item_id`` per event)
        part = (at if type(at) is int else data.get("item_id"), data.get("content_index"))
        refused = self.refused
        if whole:
            if refused is not None and part in refused:
                return
        elif refused is None:
            refused = self.refused = {part}
        else:
            refused.add(part)
        self.core.refused(text)

    def _call_at(self, key: Optional[int]) -> Call:
        """The open call at *key* (the latest open one without a key), or a new one there."""
        core = self.core
        c = core.by_key.get(key) if key is not None else core.find(None)
        return core.open(key, None, None) if c is None else c

    def _keyless(self, ident: Optional[str]) -> Optional[Call]:
        """The open call a final item without ``output_index`` ends: the one with its
        ``call_id``, else the latest open one when either has no id (never another
        call's: parallel calls stay apart)."""
        core = self.core
        c = core.find(None, ident) if ident is not None else None
        if c is None:
            c = core.find(None)
            if c is not None and ident is not None and c.id is not None:
                return None
        return c

    def complete(self, c: Call, item: Dict[str, Any]) -> None:
        """The final response's *item* ends *c*, a call still open (its ``output_item.done``
        never came), as that event would."""
        key = c.key if type(c.key) is int else None
        if item.get("type") in _CALL and (key is None or self.core.by_key.get(key) is not c):
            self._end(c, item)
        else:
            self._done(key, item)

    def _added(self, key: Optional[int], item: Dict[str, Any]) -> None:
        kind = item.get("type")
        if type(kind) is not str and kind is not None:
            typed(item, "$.item")
        if key is None and (kind in _CALL or kind in CLIENT_TYPES or is_server(item, kind)):
            self.read_final = True
        if kind in _CALL:
            core = self.core
            ident, name = item.get("call_id"), item.get("name")
            c = core.open(key, ident if type(ident) is str and ident else None,
                          name if type(name) is str and name else None)  # provider data: from the final item
            iid = item.get("id")
            if type(iid) is str and iid:
                self.ids[0][c.pos] = iid
            text = item.get("arguments")
            if type(text) is str and text:
                core.add(c, text)
            elif not text and kind == "function_call":  # (a custom call's is its ``input``)
                core.misplaced(c, item, "arguments", "$.item")
            return
        name = client_name(item) if kind in CLIENT_TYPES else None
        if name is not None:  # a built-in tool the client runs: open until its item is done
            self.core.open(key, nonempty_str(item.get("call_id")), name)
        elif is_server(item, kind):  # a provider-run item: a server call, open until its item is done
            server_added(self.core, key, item)

    def _done(self, key: Optional[int], item: Dict[str, Any]) -> None:
        core = self.core
        kind = item.get("type")
        if type(kind) is not str and kind is not None:  # (the final response's: checked at their place first)
            typed(item, "$.item")
        if kind in CLIENT_TYPES:
            name = client_name(item)
            if name is not None:  # (the call its ``output_item.added`` opened, if any)
                ident = nonempty_str(item.get("call_id"))
                c = core.by_key.get(key) if key is not None else self._keyless(ident)
                if c is not None and c.id is None and ident is not None:
                    self.renamed(c, None, ident)  # (``client_done`` gives it that id)
                client_done(core, c, item, name, self._once)
                return
        if is_server(item, kind):
            if kind == WAITS:
                self.waits = self.read_final = True
            ident = nonempty_str(item.get("id"))  # (the server call its ``output_item.added`` opened, if any)
            server_done(core, core.by_key.get(key) if key is not None else
                        core.find(None, ident) if ident is not None else None, item)
            return
        if kind not in _CALL:
            return
        ident = nonempty_str(item.get("call_id"))
        c = core.by_key.get(key) if key is not None else self._keyless(ident)
        if (ident is not None and (c is None or c.id is not None and c.id != ident)
                and ended_again(core, self.once, self.first, item, self.ids[2])):
            return  # (nothing open there, or another call: left as it is)
        if c is None:
            c = core.open(key, nonempty_str(item.get("call_id")), nonempty_str(item.get("name")))
        self._end(c, item)

    def _end(self, c: Call, item: Dict[str, Any]) -> None:
        """*item*, a ``function_call`` or ``custom_tool_call``, ends the call *c*."""
        core = self.core
        kind = item.get("type")
        named = nonempty_str(item.get("name"))
        if c.name is None:
            c.name = named
        elif named is not None and named != c.name:  # (its added item named another tool: which runs is not guessed)
            core.fail(c, f"Tool call {c.pos} of this stream was added as {c.name!r} and ended as {named!r}: "
                         "not guessed which tool runs")
        ident = nonempty_str(item.get("call_id"))
        if ident is not None and c.id != ident:  # the done item's, as openai-python's stream state keeps it
            if c.id is not None:  # (vLLM's gpt-oss stream gives the added item and the done item each its
                if self.added_ids is None:  # own ``call_id``)
                    self.added_ids = {}
                self.added_ids[c.pos] = c.id
            self.renamed(c, c.id, ident)
            c.id = ident
        c.pd = _extra(item)
        status = item.get("status")
        if status == "incomplete":  # cut off, whatever its place (§2a; one saying completed: by its place)
            core.mark_whole(c, False)
        if status == "incomplete" and core.finish_reason is None:
            # the item says it was cut off (the reply's own ``response.incomplete`` comes
            # later): its arguments are judged as under a token-limit finish
            core.finish("incomplete")
        if kind == "custom_tool_call":
            core.mark_free_text(c)  # (whatever its status: vllm-project/vllm#57998)
            text = item.get("input")
            sizes = self.custom_size
            if type(text) is str and text and not (sizes and sizes.get(c.pos)):  # (it arrives whole here)
                c.seen = core.tick = core.tick + 1
            if type(text) is str and text and not (sizes and sizes.get(c.pos)) and len(text) <= core.max_bytes:
                shown(core, c, text)  # no delta carried it: the missing ``ArgsDelta``, as ``set_full`` emits
            if text is None or text == "" and self.custom and self.custom.get(c.pos):  # the deltas carried it
                # (an empty done text after deltas, as some gateways send, says nothing of them)
                text = "".join(self.custom.pop(c.pos, ())) if self.custom is not None else ""
            elif type(text) is not str:  # never an empty input that runs
                core.fail(c, f"Custom tool input must be text, got {excerpt(text)}")
            elif len(text) > core.max_bytes:
                core.fail(c, over(core))
            elif item.get("status") == "incomplete" and not core.policy.allow_truncated:
                # free text: nothing shows where it stopped (as ``responses_calls.decode_call``)
                core.fail(c, "Custom tool input may be cut off: its item is incomplete; "
                             "pass allow_truncated=True to accept it", cut=True)
            if c.error is not None and not c.cut:
                text = ""  # nothing of an input over the limit is kept
            c.parts = []
            c.full = text if c.cut else None  # a cut-off input is the invalid call's ``raw``
            c.obj = {"input": text}
        else:
            text = item.get("arguments")
            if not text and kind == "function_call":  # none: under another key they are refused
                core.misplaced(c, item, "arguments", "$.item")
            if type(text) is str:
                core.set_full(c, text)
            elif type(text) is dict:
                c.parts = []
                c.obj = text
                c.seen = core.tick = core.tick + 1
        c.ended = True
        self.ids[2][c.pos] = item
        ran_once(core, self.once, self.first, c, self.ids[0])
        iid = item.get("id")
        if type(iid) is str and iid:
            self.ids[1][iid] = c
        self.parts_of[c.pos] = c.parts
        core.finalize(c)

    def renamed(self, c: Call, old: Optional[str], new: str) -> None:
        """*c*'s id was set or changed where it ended (from *old* to *new*): ``renames``."""
        if self.renames is None:
            self.renames = []
        self.renames.append((c, old, new))

    def _once(self, c: Call) -> None:
        ran_once(self.core, self.once, self.first, c)

    def close(self) -> None:
        return None


def typed(item: Dict[str, Any], loc: str) -> None:
    """An item's ``type`` that is no string (a list, an object) names no kind of item: a
    ``DecodeError`` at it (the item may be a call: never passed over)."""
    kind = item.get("type")
    if kind is not None and type(kind) is not str:
        raise DecodeError(f"Output item type at {loc}.type is not a string: {excerpt(kind)}", dialect=NAME,
                          loc=f"{loc}.type")


def shown(core: Core, c: Call, text: str) -> None:
    """The ``ArgsDelta`` of a piece of custom tool input (free text, not JSON: kept apart
    from the call's argument parts, and never previewed)."""
    if core.emit:
        core.events.append(new_event(ArgsDelta, (c.pos, c.id, text, None, None)))


def over(core: Core) -> str:
    return f"Custom tool input is over the limit of {core.max_bytes} characters"
