"""How many calls of each id and tool the id-less results by tool name answer: a transport
between ids and tools (``by_tool``), solved exactly where no cycle is and mended by
augmenting paths under a budget (``_augment``) past that; ``_pairing_plan`` asks it once
per turn. Linear: each pair leaves once, and the mending has a budget."""

from __future__ import annotations

from typing import Any, Dict, List

__all__ = ["by_tool"]


def by_tool(need: Dict[Any, int], supply: Dict[Any, int],
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
