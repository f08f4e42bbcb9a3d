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
within the turn after the calls'), else a call of its tool with an id that ``plan``
counted for such results (Ollama addresses a result by ``tool_name`` alone, whether its
calls have ids or not: https://github.com/ollama/ollama/blob/main/docs/api.md, "Chat
request (with tools)"), else the oldest unanswered call of its tool with an id, one no
result with an id answers first; a result without a tool name answers the first id-less
call still waiting. ``plan`` counts, per turn, the id-less results by tool name that no
id-less call of their tool takes, and gives them the calls with ids the results with ids
leave (``_by_tool``: as many as can be). A call whose id is used again while an earlier
call with it is unanswered is a duplicate (``check_conversation`` says so). Where an
id-less result took a call counted for a result with an id, that result answers the
earliest call with its id (and name) of the id's latest turn that none was counted for.
Linear: ``plan`` counts results per id and name, and each call is queued and dropped
once.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Deque, Dict, List, Optional, Sequence, Set, Tuple

from .._types import InvalidToolCall, ToolCall, ToolResult
from ._values import Message, starts_turn

__all__ = ["Pairer", "Plan", "Slot", "answers", "full_plan", "plan"]

#: where a call stands: (message index, part index, the call)
Slot = Tuple[int, int, Any]
#: ``(message, part)`` of each call with an id that a result will answer -> the name of the
#: results that answer it (those naming its tool), ``None`` for results naming none,
#: ``BY_TOOL`` for an id-less result by tool name
Plan = Dict[Tuple[int, int], Any]

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
                 "_names", "_taken", "_calls", "_noid", "_named", "_turn")

    def __init__(self, planned: Optional[Plan] = None) -> None:
        self._plan = planned or {}
        self._group: Dict[Tuple[int, Any], _Group] = {}  # (turn, id) -> its calls results with the id will answer
        # (id, name) and id -> the groups with answers left for results naming that tool / naming none, in order
        self._by_name: Dict[Tuple[Any, Any], Deque[_Group]] = {}
        self._nameless: Dict[Any, Deque[_Group]] = {}
        # tool -> the open turn's groups with answers left for its id-less results
        self._by_tool: Dict[Any, Deque[_Group]] = {}
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
        # the open turn's calls with ids, by tool: those no result with an id will take, then the others
        self._named: Tuple[Dict[Optional[str], Deque[Slot]], ...] = ({}, {})
        self._turn = 0

    def turn(self) -> None:
        """A new assistant turn: the id-less calls waiting take no later result, and no
        result by tool name answers a call of an earlier turn."""
        self._turn += 1
        self._noid.clear()  # no emptied queue is walked again
        self._by_tool.clear()
        for named in self._named:
            named.clear()

    def call(self, i: int, j: int, c: Any) -> Optional[Slot]:
        """Records the call *c* (part *j* of message *i*); the earliest unanswered call
        that already has its id when it is a duplicate. A call of an earlier turn that no
        result will answer is a duplicate of the first later turn's call only."""
        at: Slot = (i, j, c)
        self._calls.append(at)
        if c.id is None:
            self._noid.setdefault(c.name, deque()).append(at)
            return None
        self._names.setdefault(c.id, set()).add(c.name)
        planned = (i, j) in self._plan
        self._named[planned].setdefault(c.name, deque()).append(at)
        first = self._live(self._open.get(c.id))
        idle = self._idle_live(self._idle.get(c.id), c.id)
        if idle is not None and (first is None or idle[:2] < first[:2]):
            first = idle
        self._since[c.id] = self._turn  # the wait of an earlier turn's calls ends at this call
        if planned:
            self._open.setdefault(c.id, deque()).append(at)
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
            if not g.tool.get(name, 0):
                self._by_tool.setdefault(name, deque()).append(g)
            g.tool[name] = g.tool.get(name, 0) + 1
        else:
            if not g.named.get(by, 0):
                self._by_name.setdefault((ident, by), deque()).append(g)
            g.named[by] = g.named.get(by, 0) + 1

    def result(self, r: ToolResult) -> Optional[Slot]:
        """The call the result *r* answers (taken: it answers no other), ``None`` if
        it answers none."""
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
            groups = self._by_tool.get(r.name)
            while groups and not groups[0].tool.get(r.name, 0):
                groups.popleft()
            if groups:  # a call ``plan`` counted for it
                g = groups[0]
                g.tool[r.name] -= 1
                g.free[r.name] -= 1
                return self._take(self._live(g.by_name[r.name]))
            for planned, named in enumerate(self._named):  # a call no result with an id takes first
                got = self._live(named.get(r.name))
                if got is not None:
                    if planned:
                        self._drop(got)
                    return self._take(got)
        if key is _NO_KEY and r.name is None:  # by position only without a name
            key = next(iter(self._noid), _NO_KEY)
        if key is _NO_KEY:
            return None
        waiting = self._noid[key]
        got = waiting.popleft()
        if not waiting:  # only queues that hold calls stay: the first one is found at once
            del self._noid[key]
        return self._take(got)

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

    def _drop(self, at: Slot) -> None:
        """An id-less result took the counted call *at*: its group has one answer fewer,
        a nameless result's while its tool has a call to spare, else one naming it."""
        c = at[2]
        g = self._group[(self._turn, c.id)]
        if g.tool.get(c.name, 0):
            g.tool[c.name] -= 1
        elif g.spare(c.name) > 0:
            g.nameless -= 1
        else:
            g.named[c.name] -= 1
        g.free[c.name] -= 1

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


def plan(messages: Sequence[Message]) -> Plan:
    """``full_plan(messages)``, found empty at once in the common case (``_plain``)."""
    return {} if _plain(messages) else full_plan(messages)


def _plain(messages: Sequence[Message]) -> bool:
    """Whether no two calls share an id, no two results, and no id-less result names the
    tool of a call with an id: then no two results want one call, a result with an id
    answers the one call with it before it and an id-less one an id-less call, as
    ``Pairer`` pairs them with no plan, and ``full_plan`` would plan no other answer
    (tests/conversation/test_pairing_plan_skipped.py holds it)."""
    parts: List[Any] = [p for m in messages for p in m.parts]
    calls = [p for p in parts if type(p) is ToolCall or type(p) is InvalidToolCall]
    ids = [c.id for c in calls if c.id is not None]
    if len(set(ids)) != len(ids):
        return False
    results: List[ToolResult] = [p for p in parts if type(p) is ToolResult]
    answered = [r.id for r in results if r.id is not None]
    if len(set(answered)) != len(answered):
        return False
    asked = {r.name for r in results if r.id is None and r.name is not None}  # the tools id-less results name
    return not asked or asked.isdisjoint([c.name for c in calls if c.id is not None])


def full_plan(messages: Sequence[Message]) -> Plan:
    """The calls with an id that results will answer, and by which results (``Plan``):
    one pass from the end counts the results still to answer per id and name; a call
    takes one of its own name if any waits, else one naming none, else none waits for it.
    Then, per turn, the id-less results by tool name of it (Ollama's) answer as many of its
    calls with ids that those left as can be (``_by_tool``). Of a turn's calls with an id,
    as many as it takes are its first ones (a turn's later calls are left unanswered, an
    earlier turn's before a later one's)."""
    kinds: List[Optional[str]] = []  # per result with an id, in order: the name it answers by
    names: Dict[Any, Set[Any]] = {}
    # a turn's first message -> per tool, its id-less results no id-less call takes
    idless: Dict[int, Dict[Any, int]] = {}
    turn = 0
    noid: List[Any] = []  # the turn's id-less calls: [tool, taken]
    first = 0  # the first of them a nameless result may take
    by_name: Dict[Any, Deque[List[Any]]] = {}
    for i, m in enumerate(messages):
        if starts_turn(messages, i):
            turn, noid, first = i, [], 0
            by_name.clear()
        for q in m.parts:
            p: Any = q
            t = type(p)
            if t is ToolCall or t is InvalidToolCall:
                if p.id is not None:
                    names.setdefault(p.id, set()).add(p.name)
                else:  # id-less calls pair with id-less results as ``Pairer`` pairs them
                    noid.append([p.name, False])
                    by_name.setdefault(p.name, deque()).append(noid[-1])
            elif t is ToolResult and p.id is not None:
                kinds.append(p.name if p.name in names.get(p.id, ()) else None)
            elif t is ToolResult:
                mine = by_name.get(p.name) if p.name is not None else None
                while mine and mine[0][1]:
                    mine.popleft()
                if mine:
                    mine.popleft()[1] = True
                elif p.name is not None:
                    over = idless.setdefault(turn, {})
                    over[p.name] = over.get(p.name, 0) + 1
                else:
                    while first < len(noid) and noid[first][1]:
                        first += 1
                    if first < len(noid):
                        noid[first][1] = True
    out: Plan = {}
    waiting: Dict[Tuple[Any, Optional[str]], int] = {}  # (id, name or None) -> results still to answer
    group: Dict[Any, List[Tuple[Tuple[int, int], Any, int]]] = {}  # id -> this turn's calls, last first
    for i in range(len(messages) - 1, -1, -1):
        parts = messages[i].parts
        for j in range(len(parts) - 1, -1, -1):
            p = parts[j]
            t = type(p)
            if p.id is None if t is ToolResult or t is ToolCall or t is InvalidToolCall else True:
                continue
            if t is ToolResult:
                key = (p.id, kinds.pop())
                waiting[key] = waiting.get(key, 0) + 1
            elif waiting.get((p.id, p.name), 0):
                waiting[(p.id, p.name)] -= 1
                group.setdefault(p.id, []).append(((i, j), p.name, 1))
            elif waiting.get((p.id, None), 0):
                waiting[(p.id, None)] -= 1
                group.setdefault(p.id, []).append(((i, j), p.name, 0))
            else:
                group.setdefault(p.id, []).append(((i, j), p.name, -1))
        if group and (i == 0 or starts_turn(messages, i)):
            for ident, k in _settle(group, idless.get(i, {}), out).items():  # for an earlier turn's calls
                waiting[(ident, None)] = waiting.get((ident, None), 0) + k
            group.clear()
    return out


#: ``Plan``'s mark of a call an id-less result by tool name answers
BY_TOOL: Any = object()


def _settle(group: Dict[Any, List[Tuple[Tuple[int, int], Any, int]]], supply: Dict[Any, int],
            out: Plan) -> Dict[Any, int]:
    """Gives one turn's answers (*group*: id -> its calls, last first, each with how the
    pass from the end answered it: 1 by its name, 0 by no name, -1 not) to its calls: those
    naming a tool to the first calls of it, those of the id-less results by tool name
    (*supply*: per tool, those no id-less call of it takes: they answer this turn's calls
    only) to the first calls of their tool left, as many as ``_by_tool`` gives, and the
    nameless ones to the first calls left; per id, the nameless answers no call of the
    turn is left for (an earlier turn's call may take them). Moving an answer to an
    earlier call of the turn keeps every result after its call."""
    rows: Dict[Any, Tuple[Dict[Any, int], int, Dict[Any, int]]] = {}
    need: Dict[Any, int] = {}
    for ident, calls in group.items():
        named: Dict[Any, int] = {}
        count: Dict[Any, int] = {}
        nameless = 0
        for _at, name, how in calls:
            count[name] = count.get(name, 0) + 1
            if how == 1:
                named[name] = named.get(name, 0) + 1
            elif how == 0:
                nameless += 1
        left = {n: k - named.get(n, 0) for n, k in count.items() if k > named.get(n, 0)}
        rows[ident] = (named, nameless, left)
        if supply and sum(left.values()) > nameless:
            need[ident] = sum(left.values()) - nameless
    flow = _by_tool(need, supply, {ident: rows[ident][2] for ident in need}) if need else {}
    back: Dict[Any, int] = {}
    for ident, calls in group.items():
        named, nameless, _left = rows[ident]
        tool = flow.get(ident, {})
        rest: List[Tuple[int, int]] = []
        for at, name, _how in reversed(calls):
            if named.get(name, 0):
                named[name] -= 1
                out[at] = name
            elif tool.get(name, 0):
                tool[name] -= 1
                out[at] = BY_TOOL
            else:
                rest.append(at)
        for at in rest[:nameless]:
            out[at] = None
        if nameless > len(rest):
            back[ident] = nameless - len(rest)
    return back


def _by_tool(need: Dict[Any, int], supply: Dict[Any, int],
             cells: Dict[Any, Dict[Any, int]]) -> Dict[Any, Dict[Any, int]]:
    """How many calls of each id and tool (*cells*: id -> tool -> calls no result with the
    id answers) the id-less results by tool name (*supply*: per tool) answer, each id
    wanting *need* of them: a transport between ids and tools, solved exactly where the
    ids and tools that share calls form no cycle (an id or a tool with one partner left
    takes all it can of that one: no other choice is better), greedily in call order past
    that, mended by augmenting paths (``_augment``). Linear: each pair leaves once, and
    the mending has a budget."""
    flow: Dict[Any, Dict[Any, int]] = {}
    edges: Dict[Any, Dict[Any, int]] = {}  # node -> partner -> capacity; ids as ("i", id), tools as ("t", tool)
    for ident, tools in cells.items():
        for name, k in tools.items():
            if supply.get(name, 0) > 0:
                edges.setdefault(("i", ident), {})[("t", name)] = k
                edges.setdefault(("t", name), {})[("i", ident)] = k
    left: Dict[Any, int] = {("i", x): k for x, k in need.items()}
    left.update((("t", n), k) for n, k in supply.items())

    def cut(node: Any) -> None:  # the node has nothing left to give or take: its pairs go
        for other in edges.pop(node, {}):
            partners = edges.get(other)
            if partners is not None:
                partners.pop(node, None)
                if len(partners) == 1:
                    leaves.append(other)

    def push(a: Any, b: Any) -> None:
        k = min(left[a], left[b], edges[a][b])
        x, n = (a, b) if a[0] == "i" else (b, a)
        got = flow.setdefault(x[1], {})
        got[n[1]] = got.get(n[1], 0) + k
        left[a] -= k
        left[b] -= k
        del edges[a][b], edges[b][a]
        for end in (a, b):
            if not left[end] or not edges[end]:
                cut(end)
            elif len(edges[end]) == 1:
                leaves.append(end)

    leaves = [node for node, partners in edges.items() if len(partners) == 1]
    while leaves:
        node = leaves.pop()
        partners = edges.get(node)
        if partners is not None and len(partners) == 1:
            push(node, next(iter(partners)))
    greedy = False
    for node in list(edges):  # cycles: greedily, then mended by augmenting paths
        while node in edges and edges[node]:
            greedy = True
            push(node, next(iter(edges[node])))
    if greedy:
        _augment(flow, need, supply, cells)
    return flow


def _augment(flow: Dict[Any, Dict[Any, int]], need: Dict[Any, int], supply: Dict[Any, int],
             cells: Dict[Any, Dict[Any, int]]) -> None:
    """Grow *flow* (id -> tool -> results, a greedy fill of ``_by_tool``'s transport) to
    the most results the calls can take, by augmenting paths (tool -> id forward where the
    cell has calls left, id -> tool back where results flow): the greedy fill may stop
    short in a cycle. The work is bounded by a budget of 16 times the transport's size,
    so a hostile history stays linear (past it the fill stays as found: best effort)."""
    by_tool: Dict[Any, List[Any]] = {}
    for ident, tools in cells.items():
        for name in tools:
            if supply.get(name, 0) > 0 and need.get(ident, 0) > 0:
                by_tool.setdefault(name, []).append(ident)
    budget = 16 * (sum(map(len, by_tool.values())) + len(by_tool) + len(need)) + 64
    given: Dict[Any, int] = {}  # tool -> results it gave
    taken: Dict[Any, int] = {}  # id -> results it took
    for ident, tools in flow.items():
        for name, k in tools.items():
            given[name] = given.get(name, 0) + k
            taken[ident] = taken.get(ident, 0) + k
    while budget > 0:
        back: Dict[Any, Any] = {}  # ("t", tool) / ("i", id) -> the node it was reached from
        queue = [("t", n) for n in by_tool if supply[n] - given.get(n, 0) > 0]
        for node in queue:
            back[node] = None
        end = None
        at = 0
        while at < len(queue) and end is None and budget > 0:
            node = queue[at]
            at += 1
            if node[0] == "t":
                for ident in by_tool.get(node[1], ()):
                    budget -= 1
                    nxt = ("i", ident)
                    if nxt not in back and cells[ident][node[1]] - flow.get(ident, {}).get(node[1], 0) > 0:
                        back[nxt] = node
                        if need[ident] - taken.get(ident, 0) > 0:
                            end = nxt
                            break
                        queue.append(nxt)
            else:
                for name, k in flow.get(node[1], {}).items():
                    budget -= 1
                    nxt = ("t", name)
                    if k > 0 and nxt not in back:
                        back[nxt] = node
                        queue.append(nxt)
        if end is None:
            return
        path = [end]
        while back[path[-1]] is not None:
            path.append(back[path[-1]])
        path.reverse()  # tool, id, tool, id, ..., id
        first, last = path[0][1], path[-1][1]
        k = min(supply[first] - given.get(first, 0), need[last] - taken.get(last, 0))
        for a, b in zip(path, path[1:]):
            if a[0] == "t":
                k = min(k, cells[b[1]][a[1]] - flow.get(b[1], {}).get(a[1], 0))
            else:
                k = min(k, flow[a[1]][b[1]])
        for a, b in zip(path, path[1:]):
            if a[0] == "t":
                row = flow.setdefault(b[1], {})
                row[a[1]] = row.get(a[1], 0) + k
            else:
                flow[a[1]][b[1]] -= k
        given[first] = given.get(first, 0) + k
        taken[last] = taken.get(last, 0) + k


def answers(messages: Sequence[Message]) -> Dict[Tuple[int, int], Tuple[int, int, Optional[Any]]]:
    """``(message, k)`` of the *k*-th result of a message (counted from 0) ->
    ``(message, part, call)``: where it stands and the call it answers (``None``: none),
    paired as ``check_conversation`` pairs them; every result but one with an id no call
    in the history has (its name is the ``IdMap``'s to give: one passed in may know its
    call; one standing before its id's first call is an orphan, not that call's). Keyed
    by place: one result object may stand in several places."""
    out: Dict[Tuple[int, int], Tuple[int, int, Optional[Any]]] = {}
    called: Set[Any] = {p.id for m in messages for p in m.calls}  # the ids of the history's calls
    pairer = Pairer(plan(messages))
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
