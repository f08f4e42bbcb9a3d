"""Which ``$ref`` values of a schema are recursive (the rewrite keeps those as
references and inlines the others): one pass over the graph of subschemas and
references."""

from __future__ import annotations

from typing import Any, Dict, List, Set

from .._schema_keywords import DICT_KEYWORDS, LIST_KEYWORDS, SINGLE_KEYWORDS
from ._normalize import resolve_ref

__all__ = ["recursive_refs"]


def recursive_refs(root: Any) -> Set[str]:
    """The ``$ref`` values that lead back to themselves: a reference is recursive when
    its target reaches (through subschemas and references) a node holding it, i.e. the
    two are in one strongly connected component of the graph whose edges are
    "subschema of" and "refers to". One iterative Tarjan pass: linear in the nodes and
    references, no Python recursion."""
    targets: Dict[str, Any] = {}

    def successors(node: Any) -> List[Any]:
        out = _children(node)
        ref = node.get("$ref") if isinstance(node, dict) else None
        if isinstance(ref, str):
            if ref not in targets:
                try:
                    targets[ref] = resolve_ref(root, ref)
                except Exception:  # reported elsewhere; normalize already checked
                    targets[ref] = None
            if isinstance(targets[ref], dict):
                out.append(targets[ref])
        return [s for s in out if isinstance(s, dict)]

    index: Dict[int, int] = {}
    low: Dict[int, int] = {}
    component: Dict[int, int] = {}
    holders: List[Any] = []  # the nodes with a ``$ref``, kept alive beside their ids
    on_stack: Set[int] = set()
    stack: List[int] = []
    if not isinstance(root, dict):
        return set()
    work: List[tuple[Any, List[Any], int]] = []

    def enter(node: Any) -> None:
        key = id(node)
        index[key] = low[key] = len(index)
        stack.append(key)
        on_stack.add(key)
        if isinstance(node.get("$ref"), str):
            holders.append(node)
        work.append((node, successors(node), 0))

    enter(root)
    while work:
        node, succ, i = work[-1]
        key = id(node)
        if i < len(succ):
            work[-1] = (node, succ, i + 1)
            nxt = succ[i]
            if id(nxt) not in index:
                enter(nxt)
            elif id(nxt) in on_stack:
                low[key] = min(low[key], index[id(nxt)])
            continue
        work.pop()
        if work:
            parent = id(work[-1][0])
            low[parent] = min(low[parent], low[key])
        if low[key] == index[key]:
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component[member] = key
                if member == key:
                    break
    out: Set[str] = set()
    for holder in holders:
        target = targets.get(holder["$ref"])
        if isinstance(target, dict) and component.get(id(target)) == component[id(holder)]:
            out.add(holder["$ref"])
    return out


def _children(node: Dict[str, Any]) -> List[Any]:
    """The direct subschemas of *node* (one level of ``iter_subschemas``)."""
    children = [node[key] for key in SINGLE_KEYWORDS if key in node]
    for key in DICT_KEYWORDS:
        if isinstance(node.get(key), dict):
            children.extend(node[key].values())
    for key in LIST_KEYWORDS:
        if isinstance(node.get(key), list):
            children.extend(node[key])
    return children
