"""``Writer``: the state of one ``encode_conversation`` that dialects write through.

A dialect's history writer (``HistoryCodec.encode``) receives the messages and a
``Writer``; it asks the writer to encode each call and result (one ``IdMap`` and
one ``NameMap`` for the whole conversation, the same maps ``convert`` uses), and
to tell what to do with reasoning and other parts of another provider:

- ``call(c)``: the wire item of a call; an invalid call is written with its argument
  text where the target carries text (as ``encode`` writes it), else refused;
- ``reasoning(part)``: its wire data when *part* was made by this dialect; signed
  Claude thinking of another dialect that declares it (``HistoryCodec.thinking``:
  Anthropic, Bedrock) as this dialect's block where this one declares it too; else
  ``None`` after noting ``reasoning-dropped`` (never sent to another provider);
- ``other(part)``: its wire data when made by this dialect; what the dialect that
  made it declares provider state (``HistoryCodec.state``: provider-executed items,
  cache hints) is dropped and noted; anything else (documents, files, audio...)
  raises ``EncodeError``: it never silently vanishes.
"""

from __future__ import annotations

from bisect import bisect
from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Tuple

from .._builtin import default_registry, history_of, own_name
from .._convert import _Target, counted_refusal
from .._dialect import Dialect, EncodeContext
from .._encode import _encoded, invalid_as_call, made_id_data, result_notes, written
from .._errors import EncodeError
from .._ids import IdMap
from .._names import NameMap
from .._payload_paths import moved
from .._registry import Registry
from .._types import InvalidToolCall, ToolCall, ToolResult
from ._pairing import LATER, answers
from ._problems import Problem
from ._values import (
    EMPTY_RESULT,
    Media,
    Message,
    Other,
    Reasoning,
    starts_turn,
    stored,
    stored_calls,
    unresolvable,
    unresolved,
)

__all__ = ["Writer"]


def _who(name: Optional[str]) -> str:
    return f"{name!r} (no id)" if name else "an unnamed tool (no id)"


def _empty(content: Any) -> bool:
    """Whether a result's content holds nothing: ``""``, no parts, or empty text parts only."""
    if type(content) is str:
        return not content
    return all(p.get("type") == "text" and not p.get("text") for p in content)


class Writer:
    """See the module docstring. ``index`` is the message being written (for notes and
    errors: the message that holds the part being written); ``run``, where set, the
    first message of the merged run being written as one wire message (Chat), in which
    ``_place`` counts the calls."""

    def __init__(
        self,
        d: Dialect,
        ids: Optional[IdMap],
        names: Optional[NameMap],
        registry: Optional[Registry],
        report: Optional[List[Problem]],
        messages: Sequence[Message] = (),
    ) -> None:
        self.d = d
        self.name = d.name
        self.own = own_name(d)  # the name its own parts carry (HistoryCodec.decodes_as)
        self.registry = registry if registry is not None else default_registry()
        if ids is not None:
            ids.check_rule(d.ids, d.name)
            ids.restart()  # the whole history is written again: its id-less calls wait for their results anew
        self.target = _Target(d, ids, names, registry)
        self.report: List[Problem] = report if report is not None else []
        self._first = len(self.report)  # the first note of this write (the caller's list may hold more)
        self.index = 0
        self.run: Optional[int] = None
        # the place of the next call in the message being written (``_place``): Ollama's
        # ``function.index`` counts the calls of one message, from 0 in each
        self.position = 0
        self._placed = -1  # the message ``position`` counts in
        self._slot = 0  # id-less calls given an id so far (``IdMap.id_of``'s slot)
        # the assistant turn each message is in (a turn starts at an assistant message after
        # another role), as check_conversation counts them: id-less calls pair within the next turn
        self._turns: List[int] = []
        turn = 0
        for i in range(len(messages)):
            if starts_turn(messages, i):
                turn += 1
            self._turns.append(turn)
        self._turn = 0
        self._messages = messages
        # (message, k) of its k-th result -> (message, part, the call it answers or None)
        self._named: Optional[Dict[Tuple[int, int], Tuple[int, int, Optional[Any]]]] = None
        self._counted = (-1, 0)  # (the message whose results are being written, how many so far)
        # the parts of another dialect standing for stored items, with their messages (``_unresolved``)
        self._behind: Optional[List[Tuple[int, Other]]] = None

    def _sync(self) -> None:
        """A new assistant turn at the message being written closes the id-less calls
        still waiting (``IdMap.turn``): no later result answers them."""
        i = self.index
        if 0 <= i < len(self._turns) and self._turns[i] > self._turn:
            self._turn = self._turns[i]
            self.target.ids.next_turn()

    def _slot_of(self, c: Any) -> Optional[int]:
        """The slot of *c* when it is an id-less call the target gives an id."""
        if c.id is not None or not self.d.ids.required:
            return None
        self._slot += 1
        return self._slot - 1

    def _place(self) -> int:
        """The place of the call being written within its wire message (0 for its first)."""
        at = self.index if self.run is None else self.run
        if at != self._placed:
            self._placed = at
            self.position = 0
        self.position += 1
        return self.position - 1

    def note(self, kind: str, message: str, id: Optional[str] = None) -> None:
        self.report.append(Problem(kind, self.index, id, message))

    def unnote(self, kind: str, indexes: FrozenSet[int], start: str) -> None:
        """Takes back this write's *kind* notes at *indexes* that begin with *start*: a
        later step of the writer undid what they said (one pass over its notes)."""
        mine = self.report[self._first:]
        keep = [p for p in mine if not (p.kind == kind and p.index in indexes and p.message.startswith(start))]
        if len(keep) != len(mine):
            self.report[self._first:] = keep

    def where(self, part: Any) -> str:
        """The path of *part* of the message being written (``$.messages[i].parts[j]``),
        for an ``EncodeError``; the message's own path where *part* is not found there
        (a writer's copy: a result found by its id). Looked up only for an error."""
        i = self.index
        parts = self._messages[i].parts if 0 <= i < len(self._messages) else ()
        for j, q in enumerate(parts):
            if q is part:
                return f"$.messages[{i}].parts[{j}]"
        ident = part.id if type(part) is ToolResult else None
        for j, q in enumerate(parts):
            if ident is not None and type(q) is ToolResult and q.id == ident:
                return f"$.messages[{i}].parts[{j}]"
        return f"$.messages[{i}]"

    def call(self, c: Any) -> Dict[str, Any]:
        if type(c) is InvalidToolCall:
            return self._invalid(c)
        assert isinstance(c, ToolCall)
        self._sync()
        pd = c.provider_data
        # a signature the target writes too (Gemini's, on either wire it serves) is not dropped
        if pd and not self._signed(self.own, c):
            self._dropped(c)
        return self.target.call(c, self._place(), self._slot_of(c))

    def _dropped(self, c: ToolCall) -> None:
        for other in c.provider_data:
            if other != self.own and self._signed(other, c):
                self.note("reasoning-dropped", f"The {other} reasoning signature on call {c.name!r} in message "
                                               f"{self.index} is not sent to {self.name}", c.id)

    def _invalid(self, c: InvalidToolCall) -> Dict[str, Any]:
        """*c* with its argument text written back where the target carries text, as
        ``encode`` writes it (docs/convert.md); ``EncodeError`` where it cannot be."""
        part = c
        self._sync()
        slot = self._slot_of(c)
        if slot is not None:  # its id by its slot, as a valid call's
            c = c.replace(id=self.target.ids.id_of(c, slot), provider_data=made_id_data(c, self.target.d))
        try:
            stand_in = invalid_as_call(c, self.d, self.target.ids)
            out = self.target.call(stand_in, self._place())
            written(out, c, self.d)
        except EncodeError as exc:
            said, loc = _placed(exc, self.where(part))
            raise EncodeError(
                f"Message {self.index} holds an invalid call of {c.name!r} that cannot be written: {said}",
                dialect=self.name, loc=loc,
            ) from None
        if c.provider_data and not self._signed(self.own, stand_in):  # a signature dropped, as a valid call's
            self._dropped(stand_in)
        return out

    def history(self, dialect: str) -> Any:
        """The history codec of *dialect* (``_builtin.history_of``: the built-in's where the registry has none)."""
        return history_of(dialect, self.registry)

    def _state(self, dialect: str) -> FrozenSet[str]:
        h = self.history(dialect)
        return h.state if h is not None else frozenset()

    def _signed(self, dialect: str, c: ToolCall) -> bool:
        h = self.history(dialect)
        signed = h.signed if h is not None else None
        return signed is not None and signed(c)

    def _answered_call(self, r: ToolResult) -> Optional[Tuple[int, int, Optional[Any]]]:
        """Where the result *r* stands and the call it answers (``None`` for none; no
        entry for an id no call in the history has), paired as ``check_conversation`` pairs
        (``_pairing``); found for the whole history at the first result written. Found by
        place (the message being written and how many of its results went before), as
        one result object may stand in several places."""
        i, k = self._counted
        k = k if i == self.index else 0
        self._counted = (self.index, k + 1)
        return self.answered().get((self.index, k))

    def answered(self) -> Dict[Tuple[int, int], Tuple[int, int, Optional[Any]]]:
        """The pairing of the whole history (``_pairing.answers``: ``(message, k)`` of its
        *k*-th result -> where it stands and the call it answers), found once for the
        write (a writer that orders results by their calls reads it too: ``CallOrder``)."""
        if self._named is None:
            self._named = answers(self._messages, self.registry)
        return self._named

    def result(self, r: ToolResult) -> Dict[str, Any]:
        part = r
        orphan: Optional[Tuple[int, int]] = None
        lookup = True  # the name of a result without one: its id's call's (``_Target.resolve``)
        if r.id is not None:
            found = self._answered_call(r)
            if found is not None and found[2] is LATER:  # an orphan, unless a call stored before it is its own
                self._unresolved(r, part)
                found = (found[0], found[1], None)
            if found is not None:  # the call it answers (as check_conversation pairs) names it, not the IdMap
                lookup = False
                c = found[2]
                if c is not None and r.name is None:
                    r = r.replace(name=c.name)
                if c is None:
                    orphan = (found[0], found[1])
        else:
            found = self._answered_call(r)
            c = found[2] if found is not None else None
            if c is not None and c.id is not None:  # addressed by its tool's name alone: it answers that call
                r = r.replace(id=c.id)
            if c is not None and r.name is None and c.name:  # by position (Gemini needs the name)
                r = r.replace(name=c.name)
            if found is not None and c is None:
                orphan = (found[0], found[1])
        if found is None and r.id not in self.target.name_of:
            self._unresolved(r, part)
        pairing = self.target.d.history.pairing if self.target.d.history is not None else None
        if pairing is not None and pairing.counted and r.name is not None and (
                orphan is not None or (found is None and r.id not in self.target.name_of)):
            # an orphan, or an id no call has (here, or written before with the IdMap): the
            # target counts a turn's results, so it would be refused or taken as another's
            # (a nameless one is refused below: the target needs its call's name)
            where = self.where(part) if orphan is None else f"$.messages[{orphan[0]}].parts[{orphan[1]}]"
            at = self.index if orphan is None else orphan[0]
            who = _who(r.name) if r.id is None else f"{r.id} ({r.name!r})" if r.name else r.id
            raise EncodeError(
                f"Message {at}: the result for {who} answers no call before it (check_conversation: "
                f"orphan-result), so it cannot be written: {counted_refusal(self.name, pairing.orphan)}",
                dialect=self.name, loc=where,
            )
        try:
            out = self._result(r, lookup)
        except EncodeError as exc:
            if orphan is None:  # where it is, and which (the target's reader does not know)
                name = r.name or (self.target.name_of.get(r.id) if r.id is not None else None)
                who = f"{r.id} ({name!r})" if r.id and name else r.id or repr(name)
                said, loc = _placed(exc, self.where(part))
                raise EncodeError(f"Message {self.index}: the result for {who} cannot be written: {said}",
                                  dialect=self.name, loc=loc) from None
            i, j = orphan
            said, loc = _placed(exc, f"$.messages[{i}].parts[{j}]")
            who = _who(r.name) if r.id is None else f"{r.id} ({r.name!r})" if r.name else r.id
            raise EncodeError(
                f"Message {i}: the result for {who} answers no call before it (check_conversation: "
                f"orphan-result), so it cannot be written: {said}",
                dialect=self.name, loc=loc,
            ) from None
        if not lookup and orphan is not None and r.name is None and self._writes_names(r):
            self.note("dropped", f"The result for {r.id} in message {self.index} answers none of the calls with its "
                                 "id (more results than calls): it is sent without a tool name", r.id)
        return out

    def _unresolved(self, r: ToolResult, part: ToolResult) -> None:
        """Raises for the result *r*, whose id no call of the history has, when a part of
        another dialect standing for items that dialect's provider stored
        (``HistoryCodec.stored``) comes before it: its call may be one stored there, which
        this target cannot resolve (written, it would be a lone result;
        ``check_conversation``: ``stored-state``); so is one whose id only a later call
        has (Bedrock Mantle reuses ``call_0``). A result whose id a call before it has
        answers that call or none (an orphan, written as any is)."""
        if self._behind is None:  # (found once, at the first such result)
            self._behind = [(i, p) for i, m in enumerate(self._messages) for p in m.parts
                            if type(p) is Other and not self._own(p.dialect)
                            and stored_calls(p, self.history(p.dialect))]
        k = bisect(self._behind, self.index, key=lambda x: x[0])  # the nearest one before it
        if not k:
            return
        first, p = self._behind[k - 1]
        who = f"{r.id} ({r.name!r})" if r.name else str(r.id)
        raise EncodeError(unresolved(who, self.index, p, first, self.name) + ", so it cannot be written",
                          dialect=self.name, loc=self.where(part))

    def _writes_names(self, r: ToolResult) -> bool:
        """Whether the target's results carry their tool's name (Gemini, Mistral, Ollama;
        not Chat, Responses, Anthropic, Bedrock, Cohere, MCP): its declared
        ``Dialect.result_read_back`` keeps a result's name (``None``: the wire carries all)."""
        back = self.target.d.result_read_back
        return back is None or back(r.replace(name="f")).name is not None

    def _result(self, r: ToolResult, lookup: bool = True) -> Dict[str, Any]:
        name = r.name or (self.target.name_of.get(r.id) if r.id is not None and lookup else None)
        who = f"{r.id} ({name!r})" if r.id and name else r.id or repr(name)
        t = self.target
        self._sync()
        resolved = t.resolve(r, lookup=lookup)  # the id once: the retry below answers the same call
        notes: List[Tuple[str, str, str]] = []
        try:
            out = _encoded(t.d, t.d.encode_result, resolved, EncodeContext(ids=t.ids, notes=notes, target=t.d.name))
        except EncodeError:
            if not _empty(r.content):
                raise
            # a target that refuses an empty result (Converse: "text content blocks must be
            # non-empty"): the history still goes, with a word in its place, noted
            notes.clear()
            out = _encoded(t.d, t.d.encode_result, resolved.replace(content=EMPTY_RESULT),
                           EncodeContext(ids=t.ids, notes=notes, target=t.d.name))
            self.note("inserted", f"The result for {who} in message {self.index} is empty, which {self.name} "
                                  f"refuses: it is sent as {EMPTY_RESULT!r}", r.id)
        result_notes(self.d, r, out, notes)
        for kind, before, after in notes:  # (what encode_result(report=...) notes, said with its message)
            self.note(kind, f"{before} the result for {who} in message {self.index} {after}", r.id)
        return out

    def reasoning(self, part: Reasoning) -> Any:
        if part.dialect == self.own:
            return part.data
        # Claude's signature: "Values generated on one platform will be compatible with another"
        # (https://platform.claude.com/docs/en/build-with-claude/extended-thinking, Thinking encryption)
        mine = self.d.history.thinking if self.d.history is not None else None
        if mine is not None and part.data is not None:
            reg = self.registry
            theirs = reg.get(part.dialect).history if part.dialect in reg else None
            signed = theirs.thinking[0](part.data) if theirs is not None and theirs.thinking is not None else None
            if signed is not None:
                return mine[1](*signed)
        self.note(
            "reasoning-dropped",
            f"Reasoning of {part.dialect} in message {self.index} is not sent to {self.name}",
        )
        return None

    def _own(self, dialect: str) -> bool:
        """Whether the target reads *dialect*'s parts as its own: named ``own`` (``decodes_as``) or of its codec."""
        h = self.d.history
        return dialect == self.own or (h is not None and self.history(dialect) is h)

    def other(self, part: Other) -> Any:
        if self._own(part.dialect):
            return part.data
        if part.type not in self._state(part.dialect) and stored(part, self.history(part.dialect)):
            raise EncodeError(unresolvable(part, self.index, self.name), dialect=self.name, loc=self.where(part))
        if part.type in self._state(part.dialect):
            self.note(
                "dropped", f"A {part.type!r} item of {part.dialect} in message {self.index} is not sent to {self.name}"
            )
            return None
        raise EncodeError(
            f"Message {self.index} holds a {part.type!r} part of {part.dialect}, which {self.name} has no "
            "documented equivalent for",
            dialect=self.name, loc=self.where(part),
        )

    def no_media(self, part: Media, why: str) -> EncodeError:
        return EncodeError(
            f"Message {self.index} holds an {part.kind} {'as data' if part.data is not None else 'by URL'} that "
            f"{self.name} cannot take: {why}",
            dialect=self.name, loc=self.where(part),
        )


def _placed(exc: EncodeError, where: str) -> Tuple[str, str]:
    """The words and the path of *exc*, raised writing the part at *where*: a path it
    gives (``$.raw``, of the part alone) said under *where*, once."""
    if exc.loc == where or (exc.loc.startswith(where) and exc.loc[len(where)] in ".["):
        return getattr(exc, "_written", exc.message), exc.loc  # said at its place already
    out = moved(exc, exc.dialect, {"$": where})
    return getattr(out, "_written", out.message), out.loc
