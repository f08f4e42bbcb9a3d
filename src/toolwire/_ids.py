"""Call ids: ``IdMap``, the ids of one conversation for one target rule.

Each dialect's rule, the mapping of an id it refuses and the synthesis of a missing
one are in ``_id_rule`` (named here too, for the dialect modules and for pickles
written by earlier versions). ``IdMap`` keeps the mapping of one conversation and
refuses collisions: two different source ids that would become the same target id.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Deque, Dict, Optional, Pattern, Set, Tuple  # noqa: F401 (``Pattern``: ``IdRule``'s hints, read here)

from ._errors import EncodeError, an, excerpt
from ._id_rule import IdRule, _digest_to, _seed, _slot_key, map_id, not_a_rule, rule, synthesize_id

__all__ = ["IdMap", "IdRule", "map_id", "rule", "synthesize_id"]


class IdMap:
    """The id mapping of one conversation for one target rule.

    ``map(id)`` returns the target id and remembers it; mapping two different
    source ids onto one target id raises ``EncodeError``. ``mapping`` gives the
    source -> target pairs (to translate results back).

    Calls without an id (Gemini, Ollama, text formats) get one where the target
    needs it: ``id_of(call)`` gives each call its own stable id (from its content and
    how many id-less calls this map has given ids before it, so two identical calls
    differ), the same one again for the same call object; ``id_of(call, slot)`` (how
    ``encode_conversation`` asks: *slot* counts the id-less calls of the history before
    it) makes it from the call's content and slot instead, and gives the same id again
    to an equal call at the same slot of a history read again (a new object each
    turn), so the history's prefix stays the same from turn to turn. ``answer(name)``
    gives the oldest such id of a call named *name* not yet answered (else, or with
    no *name*, the oldest of the first tool still waiting: Gemini pairs responses by
    position too); an id-less result takes it. ``turn()`` starts a new assistant turn:
    the id-less calls still waiting take no later result (Gemini pairs the calls of a
    turn with the responses of the turn after it only). ``restart()`` begins writing a
    whole history again (each turn of an agent loop): the calls written from then on
    wait for their results anew, and the call objects of the pass before last are
    forgotten (their slots are not). ``numbers`` holds the
    target ids a call was written with as a JSON number (a JSON-RPC request id), so
    that the result answering it is written with the same number. ``tool_names``
    keeps each call id's tool name, for results that lack it (Gemini needs it), and
    ``named(id, name)`` / ``name_for(id)`` the names of calls that share an id in order
    (DeepSeek and GLM give the parallel calls of one reply one id): a nameless result
    takes the name of the oldest call with its id that no result has taken. Calls
    written one after another are one turn's; one written after a result, or after
    ``turn()``, starts a later turn, and the earlier calls with its id that no result
    took wait no more. Without either between them, a call reusing the id of a call
    still unanswered is ambiguous (a parallel call of one reply, or a later reply's
    after the first call was left unanswered: per-reply ids, ``call_0`` in every
    reply): it is taken for the same turn's (``unanswered`` names the call it waits
    behind), and ``convert`` notes it in its ``report`` (``duplicate-id``) when the two
    were written by different ``convert`` calls;
    ``call_kinds`` the kind a dialect wrote a call as, by its target id, for a result
    whose wire depends on it (a Responses custom tool call's ``custom_tool_call_output``). A copy
    (``pickle``, ``copy.deepcopy``) carries all of it.
    """

    def __init__(self, rule: IdRule, *, dialect: Optional[str] = None) -> None:
        if not isinstance(rule, IdRule):
            raise EncodeError(not_a_rule("IdMap", "an IdRule", "ids", rule, dialect or "mistral"), dialect=dialect)
        self.rule = rule
        self.dialect = dialect
        self.mapping: Dict[str, str] = {}
        self._owner: Dict[str, str] = {}
        self._given: Dict[int, Tuple[Any, str]] = {}  # id(call) -> (call, its id): calls stay alive
        self._last: Dict[int, Tuple[Any, str]] = {}  # the same, of the pass before (``restart``)
        self._slots: Dict[bytes, str] = {}  # digest of a call's content and slot -> the id made for it
        self._pass: Dict[str, int] = {}  # id given -> id() of its call, since ``restart``
        self._waiting: Dict[str, Deque[str]] = {}  # tool name -> ids given, not yet answered
        self._answered: Set[str] = set()
        self._handed: Set[str] = set()  # target ids of calls with ids, as ``id_of`` gave them out
        self._reserved: Set[str] = set()  # ids of the history being written: never made for another call
        self._made: Set[str] = set()  # ids ``id_of`` made for id-less calls
        self.tool_names: Dict[str, str] = {}  # call id -> tool name, for results that lack it (Gemini)
        self._names: Dict[str, Deque[str]] = {}  # call id -> names of its calls no result has taken, in order
        self._results = 0  # results named so far (``name_for``)
        self._named_at: Dict[str, int] = {}  # call id -> ``_results`` when a call with it was last written
        self._turns = False  # ``turn()`` was called: the caller tells where turns start
        self.call_kinds: Dict[str, str] = {}  # target call id -> the kind its dialect wrote it as ("custom")
        self._count = 0
        self.numbers: Set[str] = set()

    def __setstate__(self, state: Dict[str, Any]) -> None:
        """A copy (``pickle``, ``copy.deepcopy``) keys its calls by the copied objects, so
        calls copied with it keep their ids."""
        self.__dict__.update(state)
        self.__dict__.setdefault("tool_names", {})
        self.__dict__.setdefault("_names", {})
        self.__dict__.setdefault("_results", 0)
        self.__dict__.setdefault("_named_at", {})
        self.__dict__.setdefault("_turns", False)
        self.__dict__.setdefault("call_kinds", {})
        self.__dict__.setdefault("_reserved", set())
        self.__dict__.setdefault("_made", set())
        self.__dict__.setdefault("numbers", set())
        self.__dict__.setdefault("_slots", {})
        self._given = {id(c): (c, i) for c, i in self._given.values()}
        self._last = {id(c): (c, i) for c, i in self.__dict__.get("_last", {}).values()}
        self._pass = {i: id(c) for c, i in self._given.values()}  # (object ids: a copy's are new)

    def id_of(self, call: Any, slot: Optional[int] = None) -> str:
        """The id *call* (a ``ToolCall``) has in the target: its own id mapped, or the
        id this map gave it (one is made on first use; *slot*: see the class docstring)."""
        if call.id is not None:
            target = self.map(call.id)
            self._handed.add(target)
            return target
        args = getattr(call, "args", {})  # an invalid call: {}
        seed = key = None
        if slot is not None:
            seed = _seed(call.name, args, slot)
            key = _slot_key(seed)
        given = self._given.get(id(call)) or self._last.get(id(call))
        new = given[1] if given is not None and given[0] is call else None  # written again: the same id
        if new is None and key is not None:
            new = self._slots.get(key)
            if new is not None and new in self._reserved:  # a call of the history has it as its own id now
                new = None
        if new is not None and self._pass.get(new, id(call)) != id(call):  # another call of this pass has it
            new = None
        if new is None:
            new = self._make(call.name, args, seed)
        self._given[id(call)] = (call, new)
        self._pass[new] = id(call)
        if key is not None:
            self._slots[key] = new
        self._waiting.setdefault(call.name, deque()).append(new)  # (written again: waits again)
        return new

    def _make(self, name: str, args: Any, seed: Optional[str]) -> str:
        """A new id for an id-less call, from *seed* (its content and slot) or, without
        one, from its content and the count of ids made; never an id another call has:
        made earlier, kept, or in the history."""
        attempt = 0
        while True:
            if seed is None:
                new = synthesize_id(name, args, self.rule, self._count)
                self._count += 1
            else:
                new = _digest_to("new:" + (seed if not attempt else f"{seed}#{attempt}"), self.rule)
                attempt += 1
            if not (new in self._owner or new in self.mapping or new in self._handed or new in self._reserved):
                break
        new = self.map(new)
        self._made.add(new)
        return new

    def answer(self, name: Optional[str] = None, loc: str = "$") -> Optional[str]:
        """The oldest id given to an id-less call named *name* in the open turn that no
        result has taken yet; without a *name*, the oldest of the first tool still
        waiting (by position, as Gemini pairs). ``None`` if no call waits. A result that
        names its tool answers only a call of that tool (Gemini documents a function
        response's name as the name of its call): when only calls of other tools wait,
        ``EncodeError`` names both tools (*loc*: where the result stands). Taking an id
        marks it answered."""
        waiting = self._waiting
        if name is not None:
            queue = waiting.get(name)
            while queue:
                new = queue.popleft()
                if new not in self._answered:
                    if not queue:
                        del waiting[name]
                    self._answered.add(new)
                    return new
            if queue is not None:
                del waiting[name]
        while waiting:
            key = next(iter(waiting))
            queue = waiting[key]
            while queue:
                new = queue[0]
                if new not in self._answered:
                    if name is not None:  # another tool's call: not this result's
                        where = "" if loc == "$" else f" (at {loc})"
                        raise EncodeError(
                            f"A tool result of {name!r} has no id, and no call of {name!r} waits for one: it "
                            f"would take the id of a call of {key!r}{where}", dialect=self.dialect, loc=loc)
                    queue.popleft()
                    if not queue:
                        del waiting[key]
                    self._answered.add(new)
                    return new
                queue.popleft()
            del waiting[key]  # only queues that hold calls stay: the first one is found at once
        return None

    def named(self, id: str, name: str) -> None:
        """A call of *name* was written with the id *id* (``name_for``). Written after a
        result, it is of a later turn: the earlier calls with its id wait no more (a
        call left unanswered never takes a later turn's result)."""
        self.tool_names[id] = name
        if self._named_at.get(id, self._results) != self._results:
            self._names.pop(id, None)
        self._named_at[id] = self._results
        self._names.setdefault(id, deque()).append(name)

    def unanswered(self, id: str) -> Optional[str]:
        """The tool name of the oldest call with the id *id* that a call written with it
        now would wait behind (``named``: no result and no ``turn()`` since it), ``None``
        when none would, or when the caller calls ``turn()`` (then such calls are one
        turn's, not a doubt to note)."""
        if self._turns or self._named_at.get(id, -1) != self._results:
            return None
        queue = self._names.get(id)
        return queue[0] if queue else None

    def name_for(self, id: str) -> Optional[str]:
        """The tool name of the call a result with the id *id* answers (a nameless result
        takes it): the oldest call's with that id that no result has taken (calls that
        share an id are answered in order), else the last call's with it (a result
        written again), else ``None``. Every result with an id is asked once."""
        self._results += 1
        queue = self._names.get(id)
        if queue:
            name = queue.popleft()
            if not queue:
                del self._names[id]
            return name
        return self.tool_names.get(id)

    def wait(self, name: str, id: str) -> None:
        """A call of *name* written with a wire id of its own though it has no canonical
        one (an MCP request's ``""`` id): the id-less result answering it takes *id*
        (``answer``), as it would take an id this map had given."""
        self._waiting.setdefault(name, deque()).append(id)

    def turn(self) -> None:
        """A new assistant turn starts: the id-less calls still waiting take no later
        result (``answer``), as Gemini pairs the calls of one turn with the responses of
        the next. Once called, the caller tells the turns: calls written with no
        ``turn()`` between are one turn's (``convert`` notes no reused id)."""
        self._turns = True
        self.next_turn()

    def next_turn(self) -> None:
        """``turn()`` as a history's writer calls it (``encode_conversation``): the turn
        is the history's, and the caller's later ``convert`` calls are not told by it."""
        self._waiting.clear()
        self._names.clear()

    def reserve(self, id: str) -> None:
        """*id* is a call's own id in the history being written: no id-less call is given it."""
        self._reserved.add(id)

    def restart(self) -> None:
        """A whole history is written again: no call waits for a result until it is
        written (``id_of``) in this pass; the ids given stay the same (a call object of
        the pass before this one keeps its id by itself, any equal call at its slot)."""
        self._waiting.clear()
        self._answered.clear()
        self._names.clear()
        self._last = self._given
        self._given = {}
        self._pass = {}

    def check_rule(self, rule: IdRule, dialect: str) -> None:
        """``EncodeError`` unless this map is for *rule*, the ids of *dialect* (a map of
        another dialect's rule would let ids *dialect* refuses through)."""
        if self.rule is not rule and self.rule != rule:
            made = f"the ids of {self.dialect}" if self.dialect else "another id rule"
            raise EncodeError(
                f"The IdMap was made for {made}, not of {dialect}: pass "
                f"toolwire.IdMap(toolwire.get_dialect({dialect!r}).ids, dialect={dialect!r})",
                dialect=dialect,
            )

    def answered(self, target: str) -> None:
        """A result with the target id *target* was written: no id-less result takes it."""
        self._answered.add(target)

    def map(self, id: str) -> str:
        """The target id of the call id *id* (a non-empty string), remembered; the same
        again for the same *id*."""
        if type(id) is not str or not id:  # "" is no id: no fresh id is made for it
            raise EncodeError(f"IdMap.map takes a call id, a non-empty string, got {an(type(id).__name__)} "
                              f"{excerpt(id)}", dialect=self.dialect)
        known = self.mapping.get(id)
        if known is not None:
            return known
        if id in self._handed:  # a target id ``id_of`` gave out (a result built with it)
            return id
        target = map_id(id, self.rule)
        owner = self._owner.get(target)
        if owner is not None and owner != id:
            raise EncodeError(
                f"Ids {owner!r} and {id!r} both become {target!r} in {self.dialect or 'the target'}",
                dialect=self.dialect,
            )
        self._owner[target] = id
        self.mapping[id] = target
        return target

    def keep(self, id: str) -> None:
        """Record *id* as written unchanged (a call written back as it was decoded), so
        that its result maps to it too; a collision raises ``EncodeError``."""
        if id in self.mapping:
            return
        owner = self._owner.get(id)
        if owner is not None and owner != id:
            raise EncodeError(
                f"Ids {owner!r} and {id!r} both become {id!r} in {self.dialect or 'the target'}", dialect=self.dialect
            )
        self._owner[id] = id
        self.mapping[id] = id

    def original(self, target: str) -> str:
        """The id *target* was mapped from (itself when it was never mapped, or was made
        for an id-less call: see ``made``), as ``NameMap.original``: the target's reply
        names the caller's call again."""
        return self._owner.get(target, target)

    def made(self, target: str) -> bool:
        """Whether *target* is an id this map made for a call that had none: ``original``
        gives it back as it is, and a dialect whose calls had no id (Gemini) is sent none."""
        return target in self._made

    def reverse(self) -> Dict[str, str]:
        return {v: k for k, v in self.mapping.items()}
