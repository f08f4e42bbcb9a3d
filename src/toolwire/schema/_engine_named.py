"""The places in vLLM's wire a ``$ref`` still names, read for the cyclic-``$ref`` moves of
``_engine_refs.py``: a sibling of a cyclic ``$ref`` moved into ``description`` takes its
subschemas off the wire, so one another ``$ref`` names a place in is kept (llguidance and
xgrammar both refuse a pointer to nowhere: "Pointer ... does not exist", "Cannot find
field ...").

Only a ``$ref`` the engines compile names anything: one reached from the root through the
schema keywords and ``$ref`` targets (llguidance 1.9.1 and xgrammar 0.2.9, checked
2026-12-07, compile a ``$defs`` entry no ``$ref`` reaches not at all, a pointer to nowhere
in it included), and one inside the siblings about to move goes with them. A ``$ref`` in a
``$defs`` entry reached only through the siblings moved still counts (read once, before any
move): kept, as before.

Linear: the wire read twice (the extent of each container in document order, the reached
``$ref`` values), each reference's tokens once, each subtree moved read once more.
"""

from __future__ import annotations

from typing import Any, Dict, List, Set, Tuple

from .._schema_keywords import DICT_KEYWORDS, LIST_KEYWORDS, SINGLE_KEYWORDS
from ._engine_cycles import LLG_META
from ._util import array_index, decode_pointer, resolve_local

__all__ = ["RefNames"]

_Place = Tuple[int, str]


class RefNames:
    """For each place ``(id(dict), key)`` in *wire*, how many reached ``$ref`` values name
    a node through it from outside the keys of the dict that move together."""

    def __init__(self, wire: Any) -> None:
        self.span = _spans(wire)
        self.outside: Dict[_Place, int] = {}
        self.steps: Dict[int, List[_Place]] = {}  # a reached $ref's holder: the places it counts in
        self.gone: Set[int] = set()  # the containers moved out (read once)
        self.kept: List[Any] = []  # (the values moved out, held: their ids name nothing else)
        for holder in _reached(wire):
            self.steps[id(holder)] = self._count(wire, holder)

    def _count(self, wire: Any, holder: Dict[str, Any]) -> List[_Place]:
        ref: str = holder["$ref"]
        at = self.span.get(id(holder), (-1, -1))[0]
        counted: List[_Place] = []
        node = wire if ref.startswith("#/") else None  # ("#": the root, through no place)
        for token in decode_pointer(ref[1:]) if node is not None else ():
            if isinstance(node, dict):
                if not self._moves_with(node, at):
                    place = (id(node), token)
                    self.outside[place] = self.outside.get(place, 0) + 1
                    counted.append(place)
                node = node.get(token)
            elif isinstance(node, list):
                i = array_index(token, len(node))
                node = node[i] if i is not None and i < len(node) else None
            else:
                break
        return counted

    def _moves_with(self, node: Dict[str, Any], at: int) -> bool:
        """Whether the node numbered *at* lies under a key of *node* that moves with the
        others (any but ``$ref`` and the annotations llguidance takes beside it)."""
        first, last = self.span[id(node)]
        if not first < at <= last:  # (outside it, or the node itself: its $ref stays)
            return False
        for key in LLG_META:
            value = node.get(key)
            if isinstance(value, (dict, list)) and self.span[id(value)][0] <= at <= self.span[id(value)][1]:
                return False
        return True

    def keeps(self, node: Dict[str, Any], keys: List[str]) -> bool:
        """Whether a ``$ref`` that stays names a place through one of *keys* of *node*."""
        return any(self.outside.get((id(node), key), 0) > 0 for key in keys)

    def moving(self, node: Dict[str, Any], keys: List[str]) -> None:
        """*keys* of *node* are about to leave the wire: the ``$ref`` values in them name nothing."""
        stack = [node[key] for key in keys if isinstance(node.get(key), (dict, list))]
        while stack:
            n = stack.pop()
            if id(n) in self.gone:
                continue
            self.gone.add(id(n))
            self.kept.append(n)
            if isinstance(n, dict):
                for place in self.steps.pop(id(n), ()):
                    self.outside[place] -= 1
                stack.extend(v for v in n.values() if isinstance(v, (dict, list)))
            else:
                stack.extend(v for v in n if isinstance(v, (dict, list)))


def _spans(wire: Any) -> Dict[int, Tuple[int, int]]:
    """Each container's number in document order and the last number under it."""
    out: Dict[int, Tuple[int, int]] = {}
    count = 0
    stack: List[Tuple[Any, bool]] = [(wire, True)]
    while stack:
        n, entering = stack.pop()
        if not entering:
            out[id(n)] = (out[id(n)][0], count - 1)
            continue
        if not isinstance(n, (dict, list)) or id(n) in out:
            continue
        out[id(n)] = (count, count)
        count += 1
        stack.append((n, False))
        stack.extend((v, True) for v in (n.values() if isinstance(n, dict) else n) if isinstance(v, (dict, list)))
    return out


def _reached(wire: Any) -> List[Dict[str, Any]]:
    """The nodes holding a local ``$ref`` reached from the root: through every schema
    keyword but ``$defs`` (an entry is compiled through a ``$ref`` alone) and each ``$ref``
    target once."""
    out: List[Dict[str, Any]] = []
    seen: Set[int] = set()
    stack: List[Any] = [wire]
    while stack:
        n = stack.pop()
        if not isinstance(n, dict) or id(n) in seen:
            continue
        seen.add(id(n))
        ref = n.get("$ref")
        if isinstance(ref, str) and ref.startswith("#"):
            out.append(n)
            stack.append(resolve_local(wire, ref))
        stack.extend(n[key] for key in SINGLE_KEYWORDS if key in n)
        for key in DICT_KEYWORDS:
            if key != "$defs" and isinstance(n.get(key), dict):
                stack.extend(n[key].values())
        for key in LIST_KEYWORDS:
            if isinstance(n.get(key), list):
                stack.extend(n[key])
    return out
