"""Nameless pieces under an id no call has (``Fresh``, for ``Keyed.delta``; docs/streaming.md
rule 1): the open call's rest, or the next call's head with its name later? Read from the
open call's text where it tells (a value begun: its rest; a whole value and text beginning
another: a new call), else from the piece after it (``hold_fresh``).

GLM-4's own server (zai-org/GLM-4 ``basic_demo/openai_api_server.py`` of 2024-06-18,
zai-org/GLM-4#194) sends a call's head (its id, its name, ``"arguments": ""``), then every
step of the model's text under a fresh id with ``"name": null``, ``""`` where a step adds
no text (a character not yet whole, the stop token after the value). Other servers send a
second call's head id-first with ``""`` or its first text, its name in the next piece
(vercel/ai#14722, pipecat-ai/pipecat#5023), at index 0 or without index. The piece itself
cannot tell them apart; the next one can: another fresh id without a name is GLM's next
step (the held piece was the call's rest), a name without an id or under the held id is
the new call's (the held piece was its head); the end of the choice, or of the stream,
with the piece still held is GLM's stop (never named, it could only be an invalid call).
Held pieces keep their place: one named while one held before it still waits for its next
piece comes as a call after that one is read (``settle_fresh``), never before it, and never
by starting the earlier one (a GLM rest held at a parallel index would be made a call).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Dict, Hashable, List, Optional, Set

from ._call import BEGUN, NO_VALUE, WHOLE, Call, add_kept, begins_value, merge_kept, no_value, text_state
from ._calls import Calls
from ._held import Held

__all__ = ["CONT", "Fresh", "NEW", "PENDING"]

# how a nameless piece with an id no call has reads at the open call (``fresh_reading``)
CONT, NEW, PENDING = range(3)


class Fresh(Held):
    """Nameless pieces under a fresh id held until the piece after them tells whose they are."""

    # by scope, then key, in the order they came: the open call such a piece came at, its id, its
    # text (argument strings, or a value that is not text with its JSON text: ``Calls.not_text``;
    # between them, by dialect, what a dialect kept of a piece beside its fields: ``_call.add_kept``)
    # the name a later piece gave it while one held before it waited (``None`` until then), and
    # whether the call it came at had its name joined (then it is never that call's rest)
    _fresh: Optional[Dict[Hashable, Dict[Optional[Hashable], List[Any]]]] = None
    # by scope: the keys of the pieces named while one held before them waits, in the order they came
    _waiting: Optional[Dict[Hashable, Dict[Optional[Hashable], None]]] = None
    # the calls that took such a piece as their rest: their name is whole (never joined to: ``Keyed``)
    _named: Optional[Set[int]] = None
    _joined: Dict[int, str]  # (``Keyed``)

    def new(self, key: Optional[Hashable], scope: Hashable, id: Optional[str], name: Optional[str],
            needs_end: bool) -> Call:
        """``Calls.new``: a call that starts where heads held in *scope* wait for a piece held
        before them (``_wait``) starts after them (their first pieces came before its own)."""
        waiting = self._waiting
        if waiting and scope in waiting:
            keys = waiting.pop(scope)
            pending = self._fresh
            for at in keys:
                if pending and scope in pending and at in pending[scope]:
                    given = pending[scope][at][3]
                    self.settle_fresh(scope, at, False, given, given is not None)
        return Calls.new(self, key, scope, id, name, needs_end)

    def _wait(self, scope: Hashable, key: Optional[Hashable]) -> None:
        """The piece held in *scope* at *key* is a call's head (named, or at a call whose name
        was joined): it starts before any call that starts after it (``new``)."""
        waiting = self._waiting
        if waiting is None:
            waiting = self._waiting = {}
        waiting.setdefault(scope, {})[key] = None

    def takes_fresh(self, c: Call, text: Optional[str]) -> bool:
        """Whether such a piece at *c* (held by a repeated name) is *c*'s rest: its text
        not yet a whole value (with no text yet, only a piece with text)."""
        if c.id is None or c.pos in self._joined:
            return False
        state = text_state(c)
        return begins_value(text) is not None if state == NO_VALUE else state != WHOLE

    def fresh_reading(self, c: Call, text: Optional[str]) -> int:
        """How a nameless piece with an id no call has, with argument *text*, reads at the
        open call *c*: ``CONT`` (its rest, read as without an id; the call keeps its own),
        ``NEW`` (a call of its own) or ``PENDING`` (the next piece tells: ``hold_fresh``).
        A call without an id takes the piece's (``NEW`` here: ``Keyed.delta`` gives it), one
        whose name was joined from pieces is no such call's (a call of its own: held while a
        piece held before it waits, so that it keeps its place, and never read as a rest). A value
        begun is continued; after a whole value, text beginning another is a new call;
        with no value yet, or after a whole one (or a scalar: ``null``) with no text or
        white space, or text beginning a value after a scalar, the next piece tells."""
        if c.id is None:
            return NEW
        if c.pos in self._joined:  # (held, while a piece before it is: a call of its own, in its place)
            pending = self._fresh
            return PENDING if pending and c.scope in pending else NEW
        if c.held:
            return CONT if self.takes_fresh(c, text) else NEW
        state = text_state(c)
        if state == BEGUN:
            return CONT
        if state == NO_VALUE:
            return PENDING
        starts = begins_value(text)
        if state == WHOLE:
            return NEW if starts is not None else PENDING
        return CONT if starts is False else PENDING  # (``OTHER_TEXT``: a double-encoded string goes on)

    def hold_fresh(self, c: Call, scope: Hashable, key: Optional[Hashable], id: str, text: Optional[str]) -> Call:
        """Hold such a piece (``PENDING``) at *c*: no call yet, no event; *c* is marked held
        so that hot loops leave the next chunk at its key to ``delta`` (``fresh_piece``)."""
        pending = self._fresh
        if pending is None:
            pending = self._fresh = {}
        own = c.pos in self._joined
        pending.setdefault(scope, OrderedDict())[key] = [c, id, [text] if text else [], None, own]
        if own:  # (a call of its own, its name later: it starts before any call after it)
            self._wait(scope, key)
        c.held = True
        return c

    def hold_kept(self, scope: Hashable, index: Optional[Hashable], id: str, c: Call,
                  kept: Optional[Dict[str, Any]]) -> bool:
        """What a dialect *kept* of the piece with *id* just held at *c* (``hold_fresh``; *index*
        its index in *scope*, or none): held with its text, read into the call the text goes to
        (``settle_fresh``); ``False`` when no piece with *id* is held there."""
        pending = self._fresh
        entry = pending[scope].get(None if index is None else (scope, index)) if pending and scope in pending else None
        if entry is None or entry[0] is not c or entry[1] != id:
            return False
        if kept:
            keep_with(entry[2], kept)
        return True

    def fresh_piece(self, scope: Hashable, key: Optional[Hashable], id: Optional[str], name: Optional[str],
                    text: Optional[str], plain: bool = True, value: Any = None,
                    opening: bool = False, kept: Optional[Dict[str, Any]] = None) -> Optional[Call]:
        """The next piece of *scope*, where a piece is held (``hold_fresh``): one at its key
        (or without an index, for the one piece held, at the latest call) with no id or the
        held one, without a name, is the held piece's text (kept; the call it is held at is
        returned): *plain* (its arguments text or none), or an object *value* (llama.cpp's
        whole arguments; as its text is read) where the call it is held at has none yet, or once the
        piece is named (judged where it goes: ``Calls.not_text``; any other value can be no
        call's arguments). With a name, it names the held
        piece: that was the next call's head, a call of its own now, or, while a piece held
        before it waits, once that one is read (its place kept). A piece at another key
        says nothing of it (a parallel call's: the hot loop reads it so), but one for the
        very call it is held at (its index, or none: the latest). Any other piece at its key
        (another fresh id without a name: GLM's next step; a head under its own id; a custom
        tool's, or arguments not text it does not take: never its text; a name again, but
        its rest with no text yet, no id and no *opening* ``"type"``) and the end show
        the held text was the call's rest (``settle_fresh``), or start the call it was named.
        ``None``: the piece is read as any other. What the dialect *kept* of a piece taken
        here (its provider data: ``_call.add_kept``) goes with its text to the call it is read into."""
        pending = self._fresh
        assert pending is not None
        held = pending[scope]
        entry = held.get(key)
        if entry is None and key is None and len(held) == 1:
            # a piece without an index for the one piece held, at an index, in *scope*: a name names
            # it; nameless, at the latest call, it is read as at its index (vercel/ai#14722)
            at, entry = next(iter(held.items()))
            if (id is not None and id != entry[1]) or (name is None and entry[0] is not self._last.get(scope)):
                entry = None
            else:
                key = at
        if entry is None:
            # (the call the piece goes to, held at another key: with an index and without, the latest)
            to = self.by_key.get(key) if key is not None else self.latest(scope)
            if to is not None and to.held is True:
                for at in (to.key, None):
                    if at in held and held[at][0] is to:
                        named = held[at][3]
                        self.settle_fresh(scope, at, named is None, named, True)
                        break
            return None
        c: Call = entry[0]
        held_id, parts, named = entry[1], entry[2], entry[3]
        if id is None or id == held_id:
            if name is None and (plain or (type(value) is dict and (named or no_value(c)))):
                if text or not plain:
                    parts.append(text if plain else (value, text))
                if kept:
                    keep_with(parts, kept)
                return c
            if named is not None and name is not None and plain and id is None and not opening and not (
                    parts and (len(parts) > 1 or type(parts[0]) is not dict)):  # (no text: one kept object at most)
                entry[3] = named + name  # (the rest of its name, as ``Keyed._named_again`` joins it)
                if kept:
                    keep_with(parts, kept)
                return c
            if named is None and name is not None and plain and next(iter(held)) != key:
                # (named while a piece held before it waits: a call after that one, its place kept. One
                # held at another key stays held, its own index's next piece decides it: made a call
                # here, a GLM rest held there became a nameless call, its call ran without it: revC3)
                entry[3] = name
                self._wait(scope, key)
                if text:
                    parts.append(text)
                if kept:
                    keep_with(parts, kept)
                return c
            # (a name, or arguments not text: the held piece began a call, named by this piece; with
            # pieces named after it, started at once, without an index, where they would take the latest)
            if key is None and named is None and name is not None and plain and len(held) > 1:
                if text:
                    parts.append(text)
                if kept:
                    keep_with(parts, kept)
                return self.settle_fresh(scope, key, False, name, True)
            self.settle_fresh(scope, key, False, named or name, named is not None)
            return None
        self.settle_fresh(scope, key, named is None, named, True)
        return None

    def settle_fresh(self, scope: Hashable, key: Optional[Hashable], rest: bool, name: Optional[str] = None,
                     given: bool = False) -> Call:
        """The piece held in *scope* at *key* is the call's rest (*rest*: its text added to
        the call it came at, whose name is whole then: ``_named``), else a call of its own at
        its key, with its id and text, started (``CallStarted``) with the *name* the piece
        after it gave (*given*: its own; else set on the call as that piece is read: a
        nameless call there). The pieces held after it that were named meanwhile start then,
        in the order they came (a first piece still waiting stops them). The call the held
        piece's text went to is returned."""
        pending = self._fresh
        assert pending is not None
        held = pending[scope]
        first: Optional[Call] = None
        while True:
            c, id, parts, named, own = held.pop(key)
            c.held = False
            rest = rest and not own  # (at a call whose name was joined: a call of its own, ``fresh_reading``)
            if (named is not None or own) and self._waiting and scope in self._waiting:
                self._waiting[scope].pop(key, None)
            if rest:
                whole = self._named
                if whole is None:
                    whole = self._named = set()
                whole.add(c.pos)
            else:
                c = Calls.new(self, key, scope, id, name, False)
                if not given:
                    c.name = None
            for text in parts:
                if type(text) is str:
                    self.add(c, text)
                elif type(text) is dict:  # (what the dialect kept of a piece: ``fresh_piece``)
                    add_kept(c, text)
                else:
                    if text[1]:
                        self.add(c, text[1])
                    self.not_text(c, text[0], text[1])
            if first is None:
                first = c
            if not held:
                del pending[scope]
                return first
            key, entry = next(iter(held.items()))
            name = entry[3]
            if name is None:
                return first
            rest, given = False, True

    def settle_scope(self, scope: Hashable) -> None:
        """Every piece held in *scope* is its call's rest (the choice finished; GLM's stop step),
        or, named, a call of its own (in the order they came)."""
        pending = self._fresh
        if pending and scope in pending:
            held = pending[scope]
            while scope in pending:
                key, entry = next(iter(held.items()))
                self.settle_fresh(scope, key, entry[3] is None, entry[3], True)

    def settle_all(self) -> None:
        """The stream ended: every piece still held is its call's rest (GLM's stop step)."""
        if self._fresh:
            for scope in list(self._fresh):
                self.settle_scope(scope)



def keep_with(parts: List[Any], kept: Dict[str, Any]) -> None:
    """Hold what a dialect *kept* of a piece with a held piece's *parts* (merged into the
    one held last when nothing came between: a held piece's parts hold one such object at
    most without text between them)."""
    if parts and type(parts[-1]) is dict:
        merge_kept(parts[-1], kept)
    else:
        parts.append(kept)
