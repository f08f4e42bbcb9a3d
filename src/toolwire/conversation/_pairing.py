"""The one rule that pairs a tool result with the call it answers, shared by
``check_conversation`` (``_check``) and ``encode_conversation`` (``_writer``), so that
what is judged valid is what is written.

A result with an id answers the unanswered call with that id. An id-less result
answers, in the open turn (``starts_turn``: an assistant turn and the results after
it), an id-less call of its tool still waiting (Gemini pairs by position, within the
turn after the calls'), else the oldest unanswered call of its tool with an id
(Ollama addresses a result by ``tool_name`` alone, whether its calls have ids or
not: https://github.com/ollama/ollama/blob/main/docs/api.md, "Chat request (with
tools)"); a result without a tool name answers the first id-less call still waiting.
A result that names a tool answers no call of another (Gemini documents a function
response's name as its call's): with none of its own it is an orphan. A call whose id
is used again while the first one is unanswered is a duplicate (``check_conversation``
says so). In the same assistant turn it waits behind it: results with that id answer
the calls with it in order, the first result the first call, as DeepSeek and GLM
histories are laid out (parallel calls of one id, answered one tool message each, in
order), except that a result naming the tool of a call with the id answers the first
waiting call with the id and that name, and none (an orphan) when those are answered. A
call of a later turn ends the wait of the earlier ones (left unanswered): per-reply ids
(``call_0`` in every reply) reuse an id across turns, and a
later result answers the later call, unless more results with the id follow that turn
than it has calls with the id (``surplus``, one pass before): the first of them are
late results of the earlier calls and answer those. Linear: each call is queued once in
each of its queues and dropped once (a call kept for late results is queued again only
for a result that follows).
"""

from __future__ import annotations

from collections import deque
from typing import Any, Deque, Dict, List, Optional, Sequence, Set, Tuple

from .._types import InvalidToolCall, ToolCall, ToolResult
from ._values import Message, starts_turn

__all__ = ["Pairer", "Slot", "answers", "surplus"]

#: where a call stands: (message index, part index, the call)
Slot = Tuple[int, int, Any]

_NO_KEY = object()


class _Line:
    """The unanswered calls that hold one id, in order and by tool name (a call taken
    by name stays in ``order`` until it reaches the front: ``Pairer._gone`` says so)."""

    __slots__ = ("order", "by_name", "turn")

    def __init__(self, turn: int) -> None:
        self.order: Deque[Slot] = deque()
        self.by_name: Dict[Optional[str], Deque[Slot]] = {}
        self.turn = turn  # the assistant turn of its calls: a later turn's call with the id ends it


class Pairer:
    """Calls and results fed in history order (``turn`` at each ``starts_turn``);
    ``result`` names the call each result answers. ``left`` is what no result answered."""

    __slots__ = ("_ids", "_gone", "_noid", "_named", "_expired", "_turn", "_surplus")

    def __init__(self, surplus: Optional[Dict[Tuple[int, int], int]] = None) -> None:
        self._surplus = surplus or {}
        self._ids: Dict[str, _Line] = {}  # the unanswered calls of each id, of one turn
        self._gone: Set[Tuple[int, int]] = set()  # the calls with an id taken or expired
        self._noid: Dict[Optional[str], Deque[Slot]] = {}  # the open turn's id-less calls waiting, by tool
        self._named: Dict[Optional[str], Deque[Slot]] = {}  # the open turn's calls with ids, by tool
        self._expired: List[Slot] = []  # calls of closed turns no result can answer any more
        self._turn = 0

    def turn(self) -> None:
        """A new assistant turn: the id-less calls waiting take no later result, and no
        result by tool name answers a call of an earlier turn."""
        self._turn += 1
        for queue in self._noid.values():
            self._expired.extend(queue)
        self._noid.clear()  # no emptied queue is walked again
        self._named.clear()

    def call(self, i: int, j: int, c: Any) -> Optional[Slot]:
        """Records the call *c* (part *j* of message *i*); the unanswered call that
        already has its id when it is a duplicate. In the same turn *c* waits behind it;
        in a later turn *c* ends it (and the calls behind it): they stay unanswered."""
        at: Slot = (i, j, c)
        if c.id is None:
            self._noid.setdefault(c.name, deque()).append(at)
            return None
        line = self._ids.get(c.id)
        first = self._head(line) if line is not None else None
        if line is None or first is None or line.turn != self._turn:
            kept: List[Slot] = []
            if first is not None and line is not None:  # an earlier turn's calls with the id wait no more
                keep = self._surplus.get((i, j), 0)  # unless more results follow than this turn has calls
                for x in line.order:
                    if (x[0], x[1]) not in self._gone:
                        if len(kept) < keep:
                            kept.append(x)
                            continue
                        self._gone.add((x[0], x[1]))
                        self._expired.append(x)
            line = self._ids[c.id] = _Line(self._turn)
            for x in kept:
                line.order.append(x)
                line.by_name.setdefault(x[2].name, deque()).append(x)
        line.order.append(at)
        line.by_name.setdefault(c.name, deque()).append(at)
        self._named.setdefault(c.name, deque()).append(at)
        return first

    def result(self, r: ToolResult) -> Optional[Slot]:
        """The call the result *r* answers (taken: it answers no other), ``None`` if
        it answers none."""
        if r.id is not None:
            line = self._ids.get(r.id)
            if line is None:
                return None
            if r.name is not None and r.name in line.by_name:  # its tool's, never another's
                return self._take(self._live(line.by_name[r.name]))
            return self._take(self._head(line))  # nameless, or a name none of the calls has
        key: Any = r.name if r.name in self._noid else _NO_KEY
        if key is _NO_KEY and r.name in self._named:
            got = self._live(self._named[r.name])
            if got is not None:
                return self._take(got)
        if key is _NO_KEY and r.name is None:  # by position only without a name
            key = next(iter(self._noid), _NO_KEY)
        if key is _NO_KEY:
            return None
        waiting = self._noid[key]
        got = waiting.popleft()
        if not waiting:  # only queues that hold calls stay: the first one is found at once
            del self._noid[key]
        return got

    def _live(self, queue: Optional[Deque[Slot]]) -> Optional[Slot]:
        """The first call of *queue* not yet taken (those taken before it leave it)."""
        while queue:
            if (queue[0][0], queue[0][1]) not in self._gone:
                return queue[0]
            queue.popleft()
        return None

    def _head(self, line: _Line) -> Optional[Slot]:
        return self._live(line.order)

    def _take(self, got: Optional[Slot]) -> Optional[Slot]:
        if got is not None:
            self._gone.add((got[0], got[1]))
        return got

    def left(self) -> List[Slot]:
        """The calls no result answered, in history order."""
        gone = self._gone
        waiting = (x for line in self._ids.values() for x in line.order if (x[0], x[1]) not in gone)
        return sorted([*waiting, *self._expired, *(x for v in self._noid.values() for x in v)],
                      key=lambda x: (x[0], x[1]))


def answers(messages: Sequence[Message]) -> Dict[Tuple[int, int], Tuple[int, int, Optional[Any]]]:
    """``(message, k)`` of the *k*-th result of a message (counted from 0) ->
    ``(message, part, call)``: where it stands and the call it answers (``None``: none),
    paired as ``check_conversation`` pairs them; every result but one with an id no call
    in the history has (its name is the ``IdMap``'s to give: one passed in may know its
    call; one standing before its id's first call is an orphan, not that call's). Keyed
    by place: one result object may stand in several places."""
    out: Dict[Tuple[int, int], Tuple[int, int, Optional[Any]]] = {}
    called: Set[Any] = {p.id for m in messages for p in m.calls}  # the ids of the history's calls
    pairer = Pairer(surplus(messages))
    for i, m in enumerate(messages):
        if starts_turn(messages, i):
            pairer.turn()
        k = 0
        for j, p in enumerate(m.parts):
            t = type(p)
            if t is ToolCall or t is InvalidToolCall:
                pairer.call(i, j, p)
            elif t is ToolResult:
                r: ToolResult = p  # type: ignore[assignment]
                got = pairer.result(r)
                if got is not None or r.id is None or r.id in called:
                    out[(i, k)] = (i, j, None if got is None else got[2])
                k += 1
    return out


def surplus(messages: Sequence[Message]) -> Dict[Tuple[int, int], int]:
    """``(message, part)`` of the first call of a turn reusing an id -> how many more
    results with the id follow it (up to a later turn's call with the id) than the turn
    has calls with it: the first that many answer the earlier calls still waiting (late
    results), not the turn's own. One pass, a few counters per id."""
    out: Dict[Tuple[int, int], int] = {}
    seg: Dict[Any, List[Any]] = {}  # id -> [its turn, its first call's place, calls, results]
    turn = 0
    for i, m in enumerate(messages):
        if starts_turn(messages, i):
            turn += 1
        for j, p in enumerate(m.parts):
            t = type(p)
            pid: Any = getattr(p, "id", None)
            if pid is None:
                continue
            if t is ToolCall or t is InvalidToolCall:
                s = seg.get(pid)
                if s is None or s[0] != turn:
                    if s is not None and s[3] > s[2]:
                        out[s[1]] = s[3] - s[2]
                    s = seg[pid] = [turn, (i, j), 0, 0]
                s[2] += 1
            elif t is ToolResult:
                s = seg.get(pid)
                if s is not None:
                    s[3] += 1
    for s in seg.values():
        if s[3] > s[2]:
            out[s[1]] = s[3] - s[2]
    return out
