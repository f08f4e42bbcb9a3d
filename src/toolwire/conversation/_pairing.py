"""The one rule that pairs a tool result with the call it answers, shared by
``check_conversation`` (``_check``) and ``encode_conversation`` (``_writer``), so that
what is judged valid is what is written.

A result with an id answers the earliest unanswered call before it with that id (and,
if it names the tool of such a call, with that name: Gemini documents a function
response's name as its call's, so it answers no call of another tool; a name no call
with the id has is read as no name) of those ``plan`` counted for results with its id: a
nameless one passes over a call of a tool whose remaining calls of its turn the results
naming that tool still to come need (``_Group``: the counts, not the calls, are
planned). Which calls stay unanswered when a history has
fewer results than calls is decided first (``plan``, one pass from the end): as many
calls as possible are answered; of an id reused in several assistant turns, the earlier
turns' calls are the ones left unanswered (per-reply ids, ``call_0`` in every reply: a
later result answers the later call), within one turn the later calls (DeepSeek and
GLM answer parallel calls of one id one tool message each, in order). So results that
arrive late, even after several later turns reused the id, answer the calls they
follow in order, and a call left unanswered takes no result meant for another.

An id-less result answers, in the open turn (``starts_turn``: an assistant turn and the
results after it), an id-less call of its tool still waiting (Gemini pairs by position,
within the turn after the calls'), else the earliest call of its tool with an id whose
id ``plan`` counted such results for, so that they take the calls in the order they come
(Ollama addresses a result by ``tool_name`` alone, whether its
calls have ids or not: https://github.com/ollama/ollama/blob/main/docs/api.md, "Chat
request (with tools)"), else the oldest unanswered call of its tool with an id that no
result with an id answers (none: it answers none, the result with the id keeps its call);
a result without a tool name answers the first id-less
call still waiting; in a message read as Ollama's, with none waiting, the earliest call
with an id of the open turn's last message with calls that no result with an id and no
result by tool name answers (``Pairer(messages=)``, ``_pairing_place``: where its
history codec's ``Pairing.by_place`` says so): Ollama's server renders tool
messages in order and pairs nothing by id (both ``tool_name`` and ``tool_call_id`` are
optional in ``api.Message``; its chat templates), so such results answer the calls
before them by position, as id-less calls are paired, within their turn (a result with
the id in a later turn keeps no call from them; a user message ends the turn); more
results than such calls: the later ones answer none (orphans), fewer: the later calls
have none. ``plan`` counts, per
turn, the id-less results by tool name that no id-less call of their tool takes, and
gives them the calls with ids the results with ids leave (``_transport.by_tool``: as
many as can be). A call whose id is used again while an earlier call with it is
unanswered is a duplicate (``check_conversation`` says so). Where an
id-less result took a call counted for a result with an id, that result answers the
earliest call with its id (and name) of the id's latest turn that none was counted for.
Linear: ``plan`` counts results per id and name, and each call is queued and dropped
once.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Deque, Dict, Iterator, List, Optional, Sequence, Set, Tuple

from .._registry import Registry
from .._types import InvalidToolCall, ToolCall, ToolResult
from ._pairing_place import ByPlace
from ._pairing_plan import BY_TOOL, SURPLUS, Plan, Slot, full_plan, plan
from ._values import Message, starts_turn

__all__ = ["Pairer", "Plan", "Slot", "answers", "full_plan", "idless_pairs", "paired", "plan"]


_NO_KEY = object()


class _Group:
    """One turn's calls with one id that results with the id will answer (``plan``): the
    answers are counted, not bound to calls (a result naming tool n answers the earliest
    call of n still unanswered, a nameless one the earliest call whose tool has more calls
    left than results naming it are to come), so results answer them in the order they
    arrive. All of a turn's calls come before its results: any of them may take any answer."""

    __slots__ = ("order", "by_name", "named", "nameless", "tool", "free")

    def __init__(self) -> None:
        self.order: Deque[Slot] = deque()  # the calls, for nameless results (each leaves it once)
        self.by_name: Dict[Any, Deque[Slot]] = {}  # tool -> its calls, for results naming it
        self.named: Dict[Any, int] = {}  # tool -> the answers of results naming it still to come
        self.nameless = 0  # the answers of nameless results still to come
        self.tool: Dict[Any, int] = {}  # tool -> the answers of id-less results by its name still to come
        self.free: Dict[Any, int] = {}  # tool -> its calls still unanswered

    def spare(self, name: Any) -> int:
        """How many calls of *name* no result naming it still needs."""
        return self.free.get(name, 0) - self.named.get(name, 0) - self.tool.get(name, 0)


class Pairer:
    """Calls and results fed in history order (``turn`` at each ``starts_turn``), after
    ``plan`` of the same messages; ``result`` names the call each result answers.
    ``left`` is what no result answered."""

    __slots__ = ("_plan", "_group", "_by_name", "_nameless", "_by_tool", "_open", "_idle", "_idle_named", "_since",
                 "_names", "_taken", "_calls", "_noid", "_noid_order", "_named", "_turn", "_msgs", "_places")

    def __init__(self, planned: Optional[Plan] = None, messages: Optional[Sequence[Message]] = None,
                 registry: Optional[Registry] = None) -> None:
        self._plan = planned or {}
        # *messages*: a result with neither id nor name in one read as a dialect's whose codec pairs
        # by place (Ollama's) answers by place the open turn's last message's calls (``_pairing_place``;
        # *registry* holds the codecs, the default one those of built-ins and dialects derived from them)
        self._msgs = messages
        self._places = None if messages is None else ByPlace(messages, registry)
        self._group: Dict[Tuple[int, Any], _Group] = {}  # (turn, id) -> its calls results with the id will answer
        # (id, name) and id -> the groups with answers left for results naming that tool / naming none, in order
        self._by_name: Dict[Tuple[Any, Any], Deque[_Group]] = {}
        self._nameless: Dict[Any, Deque[_Group]] = {}
        # tool -> the open turn's calls with ids ``plan`` counted, in order, for its id-less results: the
        # earliest whose group has an answer left for them takes the next (arrival order)
        self._by_tool: Dict[Any, Deque[Slot]] = {}
        self._open: Dict[Any, Deque[Slot]] = {}  # id -> its calls a result will take, in order
        # id, (id, name) -> (turn, call) no result with an id was counted for (``plan``); one an
        # id-less result took (by tool name) leaves its result to the next such call of the turn
        self._idle: Dict[Any, Deque[Tuple[int, Slot]]] = {}
        self._idle_named: Dict[Tuple[Any, Optional[str]], Deque[Tuple[int, Slot]]] = {}
        self._since: Dict[Any, int] = {}  # id -> the turn of its latest call: earlier ones wait no more
        self._names: Dict[Any, Set[Any]] = {}  # id -> the tools of its calls so far
        self._taken: Set[Tuple[int, int]] = set()
        self._calls: List[Slot] = []
        self._noid: Dict[Optional[str], Deque[Slot]] = {}  # the open turn's id-less calls waiting, by tool
        self._noid_order: Deque[Slot] = deque()  # ... all of them, in order (a taken one is passed over)
        # the open turn's calls with ids that no result with an id will take, by tool (a surplus result
        # by tool name takes none of the others: the result with the id keeps its call, review revC r7)
        self._named: Dict[Optional[str], Deque[Slot]] = {}
        self._turn = 0

    def turn(self) -> None:
        """A new assistant turn: the id-less calls waiting take no later result, and no
        result by tool name answers a call of an earlier turn."""
        self._turn += 1
        # no emptied queue is walked again (each cleared only when it holds any: a check per turn)
        if self._noid:
            self._noid.clear()
        if self._noid_order:
            self._noid_order.clear()
        if self._by_tool:
            self._by_tool.clear()
        if self._named:
            self._named.clear()
        if self._places is not None:
            self._places.place = len(self._calls)

    def call(self, i: int, j: int, c: Any) -> Optional[Slot]:
        """Records the call *c* (part *j* of message *i*); the earliest unanswered call
        that already has its id when it is a duplicate. A call of an earlier turn that no
        result will answer is a duplicate of the first later turn's call only."""
        at: Slot = (i, j, c)
        self._calls.append(at)
        if c.id is None:
            self._noid.setdefault(c.name, deque()).append(at)
            self._noid_order.append(at)
            return None
        self._names.setdefault(c.id, set()).add(c.name)
        planned = (i, j) in self._plan
        if not planned:
            self._named.setdefault(c.name, deque()).append(at)
        queue = self._open.get(c.id)  # (a fresh id, the common case, has neither queue)
        first = self._live(queue) if queue else None
        waiting = self._idle.get(c.id)
        idle = self._idle_live(waiting, c.id) if waiting else None
        if idle is not None and (first is None or idle[:2] < first[:2]):
            first = idle
        self._since[c.id] = self._turn  # the wait of an earlier turn's calls ends at this call
        if planned:
            self._open.setdefault(c.id, deque()).append(at)
            self._by_tool.setdefault(c.name, deque()).append(at)
            self._answer(c.id, c.name, self._plan[(i, j)], at)
        else:
            self._idle.setdefault(c.id, deque()).append((self._turn, at))
            self._idle_named.setdefault((c.id, c.name), deque()).append((self._turn, at))
        return first

    def _answer(self, ident: Any, name: Any, by: Optional[str], at: Slot) -> None:
        """Counts the planned call *at* in its turn's group: answered by a result naming *by*
        (``None``: naming none)."""
        g = self._group.get((self._turn, ident))
        if g is None:
            g = self._group[(self._turn, ident)] = _Group()
        g.order.append(at)
        g.by_name.setdefault(name, deque()).append(at)
        g.free[name] = g.free.get(name, 0) + 1
        if by is None:
            if not g.nameless:
                self._nameless.setdefault(ident, deque()).append(g)
            g.nameless += 1
        elif by is BY_TOOL:
            g.tool[name] = g.tool.get(name, 0) + 1
        else:
            if not g.named.get(by, 0):
                self._by_name.setdefault((ident, by), deque()).append(g)
            g.named[by] = g.named.get(by, 0) + 1

    def result(self, r: ToolResult, i: int, j: int) -> Optional[Slot]:
        """The call the result *r* (part *j* of message *i*) answers (taken: it answers
        no other), ``None`` if it answers none."""
        if r.id is not None:
            names = self._names.get(r.id)
            if names is None:
                return None
            name = r.name if r.name in names else None
            got = self._counted(r.id, name) if self._plan else None
            if got is None:  # those counted for it were taken by id-less results: a call of the turn not counted
                got = self._idle_live(self._idle.get(r.id) if name is None else self._idle_named.get((r.id, name)),
                                      r.id)
            return self._take(got)
        key: Any = r.name if r.name in self._noid else _NO_KEY
        if key is _NO_KEY and r.name is not None:
            if self._plan and self._plan.get((i, j)) is SURPLUS:  # a result with an id took its call back
                return None
            queue = self._by_tool.get(r.name)  # a call left there when its group has none is left for good
            while queue and ((queue[0][0], queue[0][1]) in self._taken
                             or not self._group[(self._turn, queue[0][2].id)].tool.get(r.name, 0)):
                queue.popleft()
            if queue:  # the earliest call whose group ``plan`` counted an answer of its tool for
                g = self._group[(self._turn, queue[0][2].id)]
                g.tool[r.name] -= 1
                g.free[r.name] -= 1
                return self._take(queue[0])
            got = self._live(self._named.get(r.name))  # a call no result with an id takes
            if got is not None:
                return self._take(got)
        if key is _NO_KEY and r.name is None:  # by position only without a name: the earliest waiting
            order = self._noid_order  # (the front of its tool's queue: the earlier calls of its tool are taken)
            while order and (order[0][0], order[0][1]) in self._taken:
                order.popleft()
            if order:
                key = order[0][2].name
            elif self._places is not None and self._places.applies(self._msgs[i]):  # type: ignore[index]
                got = self._places.find(self._calls, self._taken, self._plan, i)  # by place (Ollama's)
                if got is not None and (got[0], got[1]) in self._plan:  # counted for a result of a later turn
                    self._uncount(got)
                return self._take(got)
        if key is _NO_KEY:
            return None
        waiting = self._noid[key]
        got = waiting.popleft()
        if not waiting:  # only queues that hold calls stay: the first one is found at once
            del self._noid[key]
        return self._take(got)

    def _uncount(self, at: Slot) -> None:
        """The planned call *at*, taken by place, leaves its group's count: the result with
        its id that ``plan`` counted it for (in a later turn) answers none."""
        c = at[2]
        g = self._group[(self._turn, c.id)]
        by = self._plan[(at[0], at[1])]
        if by is None:
            g.nameless -= 1
        else:
            g.named[by] -= 1
        g.free[c.name] -= 1

    def _counted(self, ident: Any, name: Optional[str]) -> Optional[Slot]:
        """The call a result with the id *ident* (naming *name*) answers of those counted
        for such results: in the earliest group with an answer left for it, the earliest
        call of its tool, or (naming none) the earliest whose tool has a call to spare."""
        groups = self._nameless.get(ident) if name is None else self._by_name.get((ident, name))
        while groups and not (groups[0].nameless if name is None else groups[0].named.get(name, 0)):
            groups.popleft()
        if not groups:
            return None
        g = groups[0]
        if name is None:
            order = g.order  # a call whose tool has none to spare never has one again: it leaves
            while (order[0][0], order[0][1]) in self._taken or g.spare(order[0][2].name) <= 0:
                order.popleft()
            got = order[0]
            g.nameless -= 1
        else:
            got = self._live(g.by_name[name])  # type: ignore[assignment]
            g.named[name] -= 1
        g.free[got[2].name] -= 1
        return got

    def _live(self, queue: Optional[Deque[Slot]]) -> Optional[Slot]:
        """The first call of *queue* not yet taken (those taken before it leave it)."""
        while queue:
            if (queue[0][0], queue[0][1]) not in self._taken:
                return queue[0]
            queue.popleft()
        return None

    def _idle_live(self, queue: Optional[Deque[Tuple[int, Slot]]], ident: Any) -> Optional[Slot]:
        """The first call of *queue* (``_idle``) neither taken nor of a turn before the
        latest call with its id *ident* (each leaves it once)."""
        since = self._since.get(ident, 0)
        while queue:
            turn, x = queue[0]
            if turn >= since and (x[0], x[1]) not in self._taken:
                return x
            queue.popleft()
        return None

    def _take(self, got: Optional[Slot]) -> Optional[Slot]:
        if got is not None:
            self._taken.add((got[0], got[1]))
        return got

    def left(self) -> List[Slot]:
        """The calls no result answered, in history order."""
        return [x for x in self._calls if (x[0], x[1]) not in self._taken]


#: what ``answers`` gives for a result whose id no call before it has but a later one has
LATER = object()


def answers(messages: Sequence[Message],
            registry: Optional[Registry] = None) -> Dict[Tuple[int, int], Tuple[int, int, Optional[Any]]]:
    """``(message, k)`` of the *k*-th result of a message (counted from 0) ->
    ``(message, part, call)``: where it stands and the call it answers (``None``: none),
    paired as ``check_conversation`` pairs them; every result but one with an id no call
    before it has (its name is the ``IdMap``'s to give: one passed in may know its call,
    or state a provider stored may hold it); one whose id only a later call has answers
    ``LATER`` (an orphan, unless a call stored before it is its own: Bedrock Mantle gives
    ``call_0`` in every response). Keyed by place: one result object may stand in
    several places."""
    out: Dict[Tuple[int, int], Tuple[int, int, Optional[Any]]] = {}
    ids: Set[Any] = {p.id for m in messages for p in m.calls}  # the ids of the history's calls
    called: Set[Any] = set()  # the ids of the calls before the result
    at, k = -1, 0  # the message read, and its results counted
    for i, j, p, got in paired(messages, registry):
        if type(p) is not ToolResult:
            called.add(p.id)
            continue
        if i != at:
            at, k = i, 0
        r: ToolResult = p
        if got is not None or r.id is None or r.id in called:
            out[(i, k)] = (i, j, None if got is None else got[2])
        elif r.id in ids:
            out[(i, k)] = (i, j, LATER)
        k += 1
    return out


def idless_pairs(messages: Sequence[Message], registry: Optional[Registry] = None) -> List[Tuple[int, int]]:
    """``(message of the call, message of the result)`` of each id-less call and the
    result answering it, paired as ``check_conversation`` pairs them (one pass)."""
    return [(got[0], i) for i, _j, _p, got in paired(messages, registry)
            if got is not None and got[2].id is None]


def paired(messages: Sequence[Message],
           registry: Optional[Registry] = None) -> Iterator[Tuple[int, int, Any, Optional[Tuple[int, int, Any]]]]:
    """``(message, part, the part, what it answers)`` for each call and result of *messages*
    in order, paired as ``check_conversation`` pairs them (``Pairer``, one pass): a result's
    ``(message, part, call)`` or ``None``; a call's ``None``."""
    pairer = Pairer(plan(messages), messages, registry)
    for i, m in enumerate(messages):
        if starts_turn(messages, i):
            pairer.turn()
        for j, p in enumerate(m.parts):
            t = type(p)
            if t is ToolCall or t is InvalidToolCall:
                pairer.call(i, j, p)
                yield i, j, p, None
            elif t is ToolResult:
                yield i, j, p, pairer.result(p, i, j)  # type: ignore[arg-type]
