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
says so) and waits behind it: results with that id answer the calls with it in order,
the first result the first call, as DeepSeek and GLM histories are laid out (parallel
calls of one id, answered one tool message each, in order). Linear: each call is
queued once and dropped once.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Deque, Dict, List, Optional, Sequence, Tuple

from .._types import InvalidToolCall, ToolCall, ToolResult
from ._values import Message, starts_turn

__all__ = ["Pairer", "Slot", "answers"]

#: where a call stands: (message index, part index, the call)
Slot = Tuple[int, int, Any]

_NO_KEY = object()


class Pairer:
    """Calls and results fed in history order (``turn`` at each ``starts_turn``);
    ``result`` names the call each result answers. ``left`` is what no result answered."""

    __slots__ = ("open_ids", "_later", "_noid", "_named", "_expired")

    def __init__(self) -> None:
        self.open_ids: Dict[str, Slot] = {}  # unanswered calls with an id (the first, where it is shared)
        self._later: Dict[str, Deque[Slot]] = {}  # the unanswered calls after it with its id, in order
        self._noid: Dict[Optional[str], Deque[Slot]] = {}  # the open turn's id-less calls waiting, by tool
        self._named: Dict[Optional[str], Deque[str]] = {}  # the open turn's calls with ids, by tool
        self._expired: List[Slot] = []  # id-less calls of closed turns, never answered

    def turn(self) -> None:
        """A new assistant turn: the id-less calls waiting take no later result, and no
        result by tool name answers a call of an earlier turn."""
        for queue in self._noid.values():
            self._expired.extend(queue)
        self._noid.clear()  # no emptied queue is walked again
        self._named.clear()

    def call(self, i: int, j: int, c: Any) -> Optional[Slot]:
        """Records the call *c* (part *j* of message *i*); the unanswered call that
        already has its id when it is a duplicate (then *c* waits for nothing)."""
        if c.id is None:
            self._noid.setdefault(c.name, deque()).append((i, j, c))
            return None
        first = self.open_ids.get(c.id)
        if first is not None:
            self._later.setdefault(c.id, deque()).append((i, j, c))
            return first
        self.open_ids[c.id] = (i, j, c)
        self._named.setdefault(c.name, deque()).append(c.id)
        return None

    def result(self, r: ToolResult) -> Optional[Slot]:
        """The call the result *r* answers (taken: it answers no other), ``None`` if
        it answers none."""
        if r.id is not None:
            return self._take(r.id)
        key: Any = r.name if r.name in self._noid else _NO_KEY
        if key is _NO_KEY and r.name in self._named:
            got = self._by_name(r.name)
            if got is not None:
                return got
        if key is _NO_KEY and r.name is None:  # by position only without a name
            key = next(iter(self._noid), _NO_KEY)
        if key is _NO_KEY:
            return None
        waiting = self._noid[key]
        got = waiting.popleft()
        if not waiting:  # only queues that hold calls stay: the first one is found at once
            del self._noid[key]
        return got

    def _take(self, id: str) -> Optional[Slot]:
        """The first unanswered call with the id *id*, taken: the next call with it, if
        any, is the first now."""
        got = self.open_ids.pop(id, None)
        later = self._later.get(id)
        if later:
            self.open_ids[id] = later.popleft()
            if not later:
                del self._later[id]
        return got

    def _by_name(self, name: Optional[str]) -> Optional[Slot]:
        """The oldest call named *name* with an id, in the open turn and unanswered,
        taken from ``open_ids``. Each id leaves its queue once."""
        queue = self._named[name]
        while queue:
            id = queue.popleft()
            got = self.open_ids.get(id)
            if got is not None and got[2].name == name:
                self._take(id)
                if not queue:
                    del self._named[name]
                return got
        del self._named[name]
        return None

    def left(self) -> List[Slot]:
        """The calls no result answered, in history order."""
        return sorted([*self.open_ids.values(), *(x for v in self._later.values() for x in v), *self._expired,
                       *(x for v in self._noid.values() for x in v)], key=lambda x: (x[0], x[1]))


def answers(messages: Sequence[Message]) -> Dict[int, Tuple[int, int, Optional[Any]]]:
    """``id()`` of each result of *messages* that is id-less or has an id several calls
    share -> ``(message, part, call)``: where it stands and the call it answers
    (``None``: none), paired as ``check_conversation`` pairs them."""
    out: Dict[int, Tuple[int, int, Optional[Any]]] = {}
    shared: Dict[Any, None] = {}  # the ids used again while open
    by_id: List[Tuple[Any, int, int, Optional[Any]]] = []  # results with an id, paired
    pairer = Pairer()
    for i, m in enumerate(messages):
        if starts_turn(messages, i):
            pairer.turn()
        for j, p in enumerate(m.parts):
            t = type(p)
            if t is ToolCall or t is InvalidToolCall:
                c: Any = p
                if pairer.call(i, j, c) is not None:
                    shared[c.id] = None
            elif t is ToolResult:
                got = pairer.result(p)  # type: ignore[arg-type]
                call = None if got is None else got[2]
                if p.id is None:  # type: ignore[union-attr]
                    out[id(p)] = (i, j, call)
                else:
                    by_id.append((p, i, j, call))
    for r, i, j, call in by_id:
        if r.id in shared:
            out[id(r)] = (i, j, call)
    return out
