"""``CallOrder``: a turn's results in the order of the calls they answer, for the
history writers of targets that pair results with calls by position.

Gemini models that give no call ids (2.x, Vertex) pair a turn's function responses with
its calls by position (https://ai.google.dev/gemini-api/docs/function-calling,
"Parallel function calling", checked 2026-12-06: one ``functionResponse`` per call,
together after the model turn; any-llm puts them in call order for this,
mozilla-ai/any-llm#1318; token-js/token.js#36 saw results sent out of order swapped);
Ollama pairs tool messages by ``tool_name`` only (docs/dialects/ollama.md). A history
of a provider that pairs by id (Chat, Anthropic) may hold them in the order they
finished. The writer writes the results as they come (each paired by
``conversation._pairing``, as ``check_conversation`` pairs it) and hands each run of
results it wrote next to each other (one Gemini user content, consecutive Ollama tool
messages) to ``arrange``, which puts those answering calls of their own turn in the
order of those calls; the others (a late result of an earlier turn's call, an orphan)
keep their order after them; an empty assistant message, which the writers leave out,
starts no turn. A change is noted (``moved``). Linear: one position
table of the calls, built at the first run of two results; a run is sorted only when it
is out of order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple

from .._types import InvalidToolCall, ToolCall
from ..conversation._values import Message, Text, starts_turn

if TYPE_CHECKING:
    from ..conversation._writer import Writer

__all__ = ["CallOrder"]


class CallOrder:
    """See the module docstring: one per ``encode`` of a history; *why* ends the note
    (the target's rule)."""

    __slots__ = ("_messages", "_w", "_why", "_answers", "_turns", "_place", "_counted")

    def __init__(self, messages: Sequence[Message], w: Writer, why: str) -> None:
        self._messages = messages
        self._w = w
        self._why = why
        self._answers: Optional[Dict[Tuple[int, int], Tuple[int, int, Optional[Any]]]] = None
        self._turns: List[int] = []  # the assistant turn of each message (``starts_turn``)
        self._place: Dict[Tuple[int, int], int] = {}  # (turn, id() of a call) -> its place among the turn's calls
        self._counted: Dict[int, int] = {}  # the results of each message seen so far (in writing order)

    def _table(self) -> Dict[Tuple[int, int], Tuple[int, int, Optional[Any]]]:
        """The pairing and the position table, made once: one pass over the history."""
        if self._answers is None:
            self._answers = self._w.answered()  # (the writer's pairing: its messages hold the same parts)
            turn = n = 0
            opening = False  # an assistant turn began with empty messages only, so far
            for i, m in enumerate(self._messages):
                if starts_turn(self._messages, i):
                    opening = True
                elif m.role != "assistant":
                    opening = False
                # an empty assistant message is left out by the writers (``dropped``): the results on
                # both sides of it are written as one turn's, so it starts none
                if opening and not _empty(m):
                    turn, n, opening = turn + 1, 0, False
                self._turns.append(turn)
                for p in m.parts:
                    if type(p) is ToolCall or type(p) is InvalidToolCall:
                        self._place.setdefault((turn, id(p)), n)  # (a call object twice in a turn: its first place)
                        n += 1
        return self._answers

    def arrange(self, run: List[Tuple[int, Any]]) -> List[Any]:
        """The items of *run* (``(message, item)`` of each result written, in writing
        order: every result a writer writes goes through here, once) in call order."""
        if len(run) < 2:
            for i, _ in run:
                self._counted[i] = self._counted.get(i, 0) + 1
            return [item for _, item in run]
        table = self._table()
        keyed: List[Tuple[int, int, Any]] = []  # (its call's place, its place in the run, the item)
        others: List[Tuple[int, Any]] = []
        for seq, (i, item) in enumerate(run):
            k = self._counted.get(i, 0)
            self._counted[i] = k + 1
            found = table.get((i, k))
            call = found[2] if found is not None else None
            at = self._place.get((self._turns[i], id(call))) if call is not None else None
            if at is None:
                others.append((seq, item))
            else:
                keyed.append((at, seq, item))
        if all(keyed[x][0] < keyed[x + 1][0] for x in range(len(keyed) - 1)) and (
                not others or not keyed or others[0][0] > keyed[-1][1]):
            return [item for _, item in run]  # in call order already
        keyed.sort(key=lambda x: x[0])
        self._w.index = run[0][0]
        self._w.note("moved", f"The {len(run)} results from message {run[0][0]} on are written in the order of the "
                              f"calls they answer, not in the order they came: {self._why}")
        return [x[2] for x in keyed] + [item for _, item in others]


def _empty(m: Message) -> bool:
    """Whether *m* holds nothing (no part, or empty text only)."""
    return all(type(p) is Text and not p.text for p in m.parts)
