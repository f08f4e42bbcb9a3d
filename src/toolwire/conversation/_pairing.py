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
is used again while the first one is unanswered is a duplicate and waits for nothing.
Linear: each call is queued once and dropped once.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Deque, Dict, List, Optional, Sequence, Tuple

from .._types import InvalidToolCall, ToolCall, ToolResult
from ._values import Message, starts_turn

__all__ = ["Pairer", "Slot", "idless_answers"]

#: where a call stands: (message index, part index, the call)
Slot = Tuple[int, int, Any]

_NO_KEY = object()


class Pairer:
    """Calls and results fed in history order (``turn`` at each ``starts_turn``);
    ``result`` names the call each result answers. ``left`` is what no result answered."""

    __slots__ = ("open_ids", "_noid", "_named", "_expired")

    def __init__(self) -> None:
        self.open_ids: Dict[str, Slot] = {}  # unanswered calls with an id
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
            return first
        self.open_ids[c.id] = (i, j, c)
        self._named.setdefault(c.name, deque()).append(c.id)
        return None

    def result(self, r: ToolResult) -> Optional[Slot]:
        """The call the result *r* answers (taken: it answers no other), ``None`` if
        it answers none."""
        if r.id is not None:
            return self.open_ids.pop(r.id, None)
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

    def _by_name(self, name: Optional[str]) -> Optional[Slot]:
        """The oldest call named *name* with an id, in the open turn and unanswered,
        taken from ``open_ids``. Each id leaves its queue once."""
        queue = self._named[name]
        while queue:
            got = self.open_ids.pop(queue.popleft(), None)
            if got is not None and got[2].name == name:
                if not queue:
                    del self._named[name]
                return got
            if got is not None:  # an id used again by a call of another tool: that one's
                self.open_ids[got[2].id] = got
        del self._named[name]
        return None

    def left(self) -> List[Slot]:
        """The calls no result answered, in history order."""
        return sorted([*self.open_ids.values(), *self._expired, *(x for v in self._noid.values() for x in v)],
                      key=lambda x: (x[0], x[1]))


def idless_answers(messages: Sequence[Message]) -> Dict[int, Tuple[int, int, Optional[Any]]]:
    """``id()`` of each id-less result of *messages* -> ``(message, part, call)``: where
    it stands and the call it answers (``None``: none), paired as ``check_conversation``
    pairs them."""
    out: Dict[int, Tuple[int, int, Optional[Any]]] = {}
    pairer = Pairer()
    for i, m in enumerate(messages):
        if starts_turn(messages, i):
            pairer.turn()
        for j, p in enumerate(m.parts):
            t = type(p)
            if t is ToolCall or t is InvalidToolCall:
                pairer.call(i, j, p)
            elif t is ToolResult:
                got = pairer.result(p)  # type: ignore[arg-type]
                if p.id is None:  # type: ignore[union-attr]
                    out[id(p)] = (i, j, None if got is None else got[2])
    return out
