"""Which calls with an id results will answer, decided before any is paired (``plan``,
one pass from the end; ``_pairing`` pairs by it): as many calls as possible are
answered; of an id reused in several assistant turns the earlier turns' calls are left
unanswered, within a turn the later calls; per turn the id-less results by tool name get
the calls with ids the results with ids leave (``_transport.by_tool``, a transport between ids
and tools). A second result with an id its calls' results with the id answered is left
over (``_late``: a re-sent answer); a result with an id whose call a result by tool name
took takes it back, and that one moves to a call of its tool still free or, with none,
answers none (``SURPLUS``): a result with an id is never left over for a result by tool
name, and the others keep the calls they took in the order they came. A turn with a
call after one of its results (wrong-role input: a call in a tool message) keeps each
answer of a call after its first result where the pass from the end gave it
(``_settle``; the calls before it are settled as any turn's). Linear: each result and
call is counted once (a call's taken back once), and the transport has a budget."""

from __future__ import annotations

from collections import deque
from typing import Any, Deque, Dict, List, Optional, Sequence, Set, Tuple

from .._types import InvalidToolCall, ToolCall, ToolResult
from ._transport import by_tool
from ._values import Message, starts_turn

__all__ = ["BY_TOOL", "SURPLUS", "Plan", "Slot", "full_plan", "plan"]

#: where a call stands: (message index, part index, the call)
Slot = Tuple[int, int, Any]
#: ``(message, part)`` of each call with an id that a result will answer -> the name of the
#: results that answer it (those naming its tool), ``None`` for results naming none,
#: ``BY_TOOL`` for an id-less result by tool name;
#: and of each id-less result by tool name that answers none -> ``SURPLUS``
Plan = Dict[Tuple[int, int], Any]


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
    calls with ids that those left as can be (``by_tool``). Of a turn's calls with an id,
    as many as it takes are its first ones (a turn's later calls are left unanswered, an
    earlier turn's before a later one's)."""
    kinds: List[Optional[str]] = []  # per result with an id, in order: the name it answers by
    names: Dict[Any, Set[Any]] = {}
    # a turn's first message -> per tool, its id-less results no id-less call takes
    idless: Dict[int, Dict[Any, int]] = {}
    # the turns (first message) with a call after a result (wrong-role input) -> the first result
    mixed: Dict[int, Tuple[int, int]] = {}
    start: Tuple[int, int] = (0, 0)  # the turn's first result
    turn = 0
    answered = False  # whether a result of the turn came yet
    noid: List[Any] = []  # the turn's id-less calls: [tool, taken]
    first = 0  # the first of them a nameless result may take
    by_name: Dict[Any, Deque[List[Any]]] = {}
    # the turn's calls with ids: per id, its tools, its calls, the results with the id that answered
    # one, its cells (``_late``: [taken, the result by tool name holding it or None, that deque]) and
    # those a result by tool name holds; per tool, its cells
    own: Dict[Any, List[Any]] = {}
    tools: Dict[Any, Deque[List[Any]]] = {}
    surplus: Dict[Tuple[int, int], Any] = {}  # the results by tool name a result with an id took the call of
    calls: Dict[Any, int] = {}  # id -> its calls so far
    for i, m in enumerate(messages):
        if starts_turn(messages, i):
            turn, noid, first, answered = i, [], 0, False
            by_name.clear()
            if own:
                own.clear()
                tools.clear()
        for j, q in enumerate(m.parts):
            p: Any = q
            t = type(p)
            if t is ToolCall or t is InvalidToolCall:
                if answered:
                    mixed[turn] = start
                if p.id is not None:
                    names.setdefault(p.id, set()).add(p.name)
                    calls[p.id] = calls.get(p.id, 0) + 1
                    row = own.setdefault(p.id, [set(), 0, 0, deque(), deque()])
                    row[0].add(p.name)
                    row[1] += 1
                    cell = [False, None, row[4]]  # taken: by a result with its id, or the oldest by tool name
                    row[3].append(cell)
                    tools.setdefault(p.name, deque()).append(cell)
                else:  # id-less calls pair with id-less results as ``Pairer`` pairs them
                    noid.append([p.name, False])
                    by_name.setdefault(p.name, deque()).append(noid[-1])
            elif t is ToolResult and p.id is not None:
                if not answered:
                    answered, start = True, (i, j)
                # (a result of an id an earlier turn used too may answer that turn's call; in a turn with a
                # call after a result, a result by tool name before a call takes no call after it)
                got = own.get(p.id)
                late = (got is not None and got[1] == calls[p.id] and turn not in mixed
                        and _late(got, p.name, tools, idless.get(turn), surplus))
                kinds.append(_RESENT if late else p.name if p.name in names.get(p.id, ()) else None)
            elif t is ToolResult:
                if not answered:
                    answered, start = True, (i, j)
                mine = by_name.get(p.name) if p.name is not None else None
                while mine and mine[0][1]:
                    mine.popleft()
                if mine:
                    mine.popleft()[1] = True
                elif p.name is not None:
                    over = idless.setdefault(turn, {})
                    over[p.name] = over.get(p.name, 0) + 1
                    _hold(tools.get(p.name), (i, j))  # the oldest call of its tool not taken
                else:
                    while first < len(noid) and noid[first][1]:
                        first += 1
                    if first < len(noid):
                        noid[first][1] = True
    out: Plan = dict(surplus)
    end = (len(messages), 0)  # past every call: a turn with no call after a result settles all its calls
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
                how = kinds.pop()
                if how is not _RESENT:
                    key = (p.id, how)
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
            # (the nameless answers no call of the turn takes: for an earlier turn's calls)
            for ident, k in _settle(group, idless.get(i, {}), out, mixed.get(i, end)).items():
                waiting[(ident, None)] = waiting.get((ident, None), 0) + k
            group.clear()
    return out


#: ``Plan``'s mark of a call an id-less result by tool name answers
BY_TOOL: Any = object()
#: ``full_plan``'s mark of a result with an id that came after its turn's calls of its tool were all answered
_RESENT: Any = object()
#: ``Plan``'s mark of a result by tool name whose call a result with the id took back: it answers none
SURPLUS: Any = object()


def _late(row: List[Any], name: Any, tools: Dict[Any, Deque[List[Any]]], over: Optional[Dict[Any, int]],
          surplus: Dict[Tuple[int, int], Any]) -> bool:
    """Whether a result with an id (naming *name*) of the open turn's calls, and of no
    earlier call (*row*: their tools, how many, how many results with the id answered
    one, their cells and those results by tool name hold), is a re-sent answer: one that
    comes after results with the id answered all its calls. Counts it otherwise, in one
    of its calls: a free one, else one a result by tool name took (Ollama's by
    ``tool_name``: the oldest unanswered call of its tool), which moves to the oldest
    call of its tool still free or, with none, is the surplus (*surplus*; *over*, per
    tool the id-less results by its name no id-less call took, counts it no more). So
    a result with an id is never left over for a result by tool name, in any order
    (review revC3), and the results by tool name keep the calls they took in the order
    they came (none is handed to another's call: review revC2 r1)."""
    if len(row[0]) != 1 or (name is not None and name not in row[0]):
        return False
    if row[2] >= row[1]:  # its id's calls were all answered by results with the id: re-sent
        return True
    row[2] += 1
    cell = _free(row[3])
    if cell is not None:
        cell[0] = True
        return False
    cell = row[4].popleft()  # (its calls are all taken, fewer by results with its id: one by tool name)
    holder, cell[1] = cell[1], None
    tool = next(iter(row[0]))
    if not _hold(tools.get(tool), holder):
        surplus[holder] = SURPLUS
        if over is not None:
            over[tool] -= 1
    return False


def _free(cells: Optional[Deque[List[Any]]]) -> Optional[List[Any]]:
    """The first cell of *cells* not taken (the taken ones before it leave: each once)."""
    while cells and cells[0][0]:
        cells.popleft()
    return cells[0] if cells else None


def _hold(cells: Optional[Deque[List[Any]]], holder: Tuple[int, int]) -> bool:
    """Marks the first cell of *cells* not taken as taken by the result by tool name at
    *holder*; whether one was left."""
    cell = _free(cells)
    if cell is None:
        return False
    cell[0], cell[1] = True, holder
    cell[2].append(cell)
    return True


def _settle(group: Dict[Any, List[Tuple[Tuple[int, int], Any, int]]], supply: Dict[Any, int],
            out: Plan, first: Tuple[int, int]) -> Dict[Any, int]:
    """Gives one turn's answers (*group*: id -> its calls, last first, each with how the
    pass from the end answered it: 1 by its name, 0 by no name, -1 not) to its calls
    before its first result (*first*; a turn with no call after a result: all of them):
    those naming a tool to the first calls of it, those of the id-less results by tool
    name (*supply*: per tool, those no id-less call of it takes: they answer this turn's
    calls only) to the first calls of their tool left, as many as ``by_tool`` gives, and
    the nameless ones to the first calls left; per id, the nameless answers no call of the
    turn is left for (an earlier turn's call may take them). Moving an answer to an
    earlier call before *first* keeps every result after its call. A call after *first*
    (wrong-role input: a call in a tool message) keeps the answer the pass from the end
    gave it (a result after it: moved to an earlier call, it might come before that
    call), and the id-less results by tool name answer those left too."""
    rows: Dict[Any, Tuple[Dict[Any, int], int]] = {}
    cells: Dict[Any, Dict[Any, int]] = {}  # (id, 0): the calls before *first* left; (id, 1): after, unanswered
    need: Dict[Any, int] = {}
    for ident, calls in group.items():
        named: Dict[Any, int] = {}
        count: Dict[Any, int] = {}
        nameless = 0
        for at, name, how in calls:
            if at < first:
                count[name] = count.get(name, 0) + 1
                if how == 1:
                    named[name] = named.get(name, 0) + 1
                elif how == 0:
                    nameless += 1
            elif how < 0 and supply:
                row = cells.setdefault((ident, 1), {})
                row[name] = row.get(name, 0) + 1
        rows[ident] = (named, nameless)
        if supply:
            left = {n: k - named.get(n, 0) for n, k in count.items() if k > named.get(n, 0)}
            if sum(left.values()) > nameless:
                cells[(ident, 0)] = left
                need[(ident, 0)] = sum(left.values()) - nameless
            if (ident, 1) in cells:
                need[(ident, 1)] = sum(cells[(ident, 1)].values())
    flow = by_tool(need, supply, {key: cells[key] for key in need}) if need else {}
    back: Dict[Any, int] = {}
    for ident, calls in group.items():
        named, nameless = rows[ident]
        tool, late = flow.get((ident, 0), {}), flow.get((ident, 1), {})
        rest: List[Tuple[int, int]] = []
        for at, name, how in reversed(calls):
            if not at < first:  # after the turn's first result: its answer stays
                if how > 0:
                    out[at] = name
                elif how == 0:
                    out[at] = None
                elif late.get(name, 0):
                    late[name] -= 1
                    out[at] = BY_TOOL
            elif named.get(name, 0):
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
