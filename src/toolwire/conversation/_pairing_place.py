"""Results paired by place (``Pairing.by_place``: Ollama's server renders tool messages in
order and pairs nothing by id; both ``tool_name`` and ``tool_call_id`` are optional in
``api.Message``: https://github.com/ollama/ollama/blob/main/docs/api.md, "Chat request
(with tools)"). A result with neither id nor tool name in a message of such a dialect,
with no id-less call waiting, answers the first call with an id, from the first call of
the open turn's last message with calls on, that is not taken and that no result with its
id in the same turn answers (a result with the id in a later turn, misplaced, does not
keep it: review revConv8 R2), a user message between them too (Ollama's templates render a
tool message after the only call still waiting wherever it stands: flagged
``misplaced-result``, review revDepth); by place only where nothing else may
claim these calls (no call of an earlier message of the turn waits, and no result right
after the message answers by tool name alone a tool with a call in an earlier message of the
turn that no result with an id claims: review revConv8 R1, revLead47 R2), else none.
"""

from __future__ import annotations

import sys
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

from .._registry import Registry
from .._types import ToolResult
from ._pairing_plan import BY_TOOL, Plan, Slot
from ._values import Message, starts_turn

__all__ = ["ByPlace"]


class ByPlace:
    """The state of pairing by place in one pass (``Pairer``): ``place`` is where the
    search goes on (the open turn's start, or the first call of its last message with
    calls, ``last``); ``ids`` the ids of the results with an id of that message's turn and
    ``to`` where it ends (each turn read once)."""

    __slots__ = ("msgs", "registry", "place", "last", "ids", "to", "known")

    def __init__(self, messages: Sequence[Message], registry: Optional[Registry] = None) -> None:
        self.msgs = messages
        self.registry = registry
        self.place = 0
        self.last = -1
        self.ids: Set[Any] = set()
        self.to = -1
        self.known: Dict[Any, bool] = {}  # the name a message was read as -> whether its codec pairs by place

    def applies(self, m: Message) -> bool:
        """Whether *m* was read as a dialect's whose codec pairs by place
        (``Pairing.by_place``), looked up once per name."""
        w = m.wire
        if w is None:
            return False
        got = self.known.get(w[0])
        if got is None:
            # (the built-ins looked up, not imported: ``dialects`` reaches this module, no import cycle)
            builtin = sys.modules[__name__.rsplit(".", 2)[0] + "._builtin"]
            h = builtin.history_of(w[0], builtin.registry_of(self.registry))
            got = self.known[w[0]] = h is not None and h.pairing.by_place
        return got

    def find(self, calls: List[Slot], taken: Set[Tuple[int, int]], plan: Plan, i: int) -> Optional[Slot]:
        """The call the result of message *i* answers by place, or ``None`` (each call and
        message passed once: linear). With a *plan*, a call it counted for a result with its
        id in a later turn may be given (the caller takes it from that count)."""
        k, n = self.place, len(calls)
        if n and calls[-1][0] != self.last:  # a later message with calls: from its first call on (each
            self.last = last = calls[-1][0]  # message's calls walked back once)
            start = n - 1
            while start and calls[start - 1][0] == last:
                start -= 1
            if last >= self.to:  # (a message of the turn read: its ids known)
                self.to, self.ids = _turn_after(self.msgs, last)
            earlier = calls[k:start]  # (the calls of the turn's earlier messages)
            if any((x[0], x[1]) not in taken for x in earlier) or _by_name_may_claim(
                    self.msgs, last, earlier, calls[max(k, start):], plan, self.ids):
                start = n
            k = max(k, start)
        ids = self.ids
        while k < n:
            x = calls[k]
            k += 1
            c = x[2]
            if c.id is None or (x[0], x[1]) in taken or c.id in ids and (not plan or (x[0], x[1]) in plan):
                continue
            if plan.get((x[0], x[1]), None) is BY_TOOL:  # (a result by tool name of the turn takes it)
                continue
            self.place = k
            return x
        self.place = k
        return None


def _turn_after(messages: Sequence[Message], last: int) -> Tuple[int, Set[Any]]:
    """Where the turn of message *last* ends (the next assistant turn's first message, or
    the end) and the ids of the results with an id after *last* in it."""
    ids: Set[Any] = set()
    i = last + 1
    while i < len(messages) and not starts_turn(messages, i):
        for p in messages[i].parts:
            if type(p) is ToolResult and p.id is not None:
                ids.add(p.id)
        i += 1
    return i, ids


def _by_name_may_claim(messages: Sequence[Message], last: int, earlier: List[Slot], own: List[Slot], plan: Plan,
                       ids: Set[Any]) -> bool:
    """Whether a result of the messages right after message *last* (up to the first one
    holding anything else) answers by tool name alone a tool with a call that it may be
    meant for and that the search by place would not pass over: one in *earlier* (the calls
    of the turn's earlier messages) that no result with an id was counted for (review
    revConv8 R1), or one of *own* (*last*'s calls) that ``plan`` counted for a result with its
    id in a later turn (not in *ids*, those of the turn). Only then are the messages read,
    each once (no slice of the rest: review revLead47 R1). Otherwise a result by tool name
    answers one of *own* that ``plan`` counted for it, passed over by place (review
    revLead47 R2)."""
    if not earlier and not any((x[0], x[1]) in plan and x[2].id not in ids for x in own):
        return False
    names: Set[Any] = set()
    for i in range(last + 1, len(messages)):
        m = messages[i]
        results = [p for p in m.parts if type(p) is ToolResult]
        if not results or len(results) < len(m.parts):
            break
        names.update(r.name for r in results if r.id is None and r.name is not None)
    return bool(names) and (
        any(x[2].name in names and plan.get((x[0], x[1]), BY_TOOL) is BY_TOOL for x in earlier)
        or any(x[2].name in names and plan.get((x[0], x[1]), BY_TOOL) is not BY_TOOL and x[2].id not in ids
               for x in own))
