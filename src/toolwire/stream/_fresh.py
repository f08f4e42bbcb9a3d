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
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Dict, Hashable, List, Optional, Set, Tuple

from ._call import BEGUN, NO_VALUE, WHOLE, Call, begins_value, text_state
from ._held import Held

__all__ = ["CONT", "Fresh", "NEW", "PENDING"]

# how a nameless piece with an id no call has reads at the open call (``fresh_reading``)
CONT, NEW, PENDING = range(3)


class Fresh(Held):
    """Nameless pieces under a fresh id held until the piece after them tells whose they are."""

    # by scope, then key: the open call such a piece came at, its id and its text (none until one)
    _fresh: Optional[Dict[Hashable, Dict[Optional[Hashable], Tuple[Call, str, List[str]]]]] = None
    # the calls that took such a piece as their rest: their name is whole (never joined to: ``Keyed``)
    _named: Optional[Set[int]] = None
    _joined: Set[int]  # (``Keyed``)

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
        whose name was joined from pieces is no such call's (a call of its own). A value
        begun is continued; after a whole value, text beginning another is a new call;
        with no value yet, or after a whole one (or a scalar: ``null``) with no text or
        white space, or text beginning a value after a scalar, the next piece tells."""
        if c.id is None or c.pos in self._joined:
            return NEW
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
        held = pending.get(scope)
        if held is None:
            held = pending[scope] = OrderedDict()
        held[key] = (c, id, [text] if text else [])
        c.held = True
        return c

    def fresh_piece(self, scope: Hashable, key: Optional[Hashable], id: Optional[str], name: Optional[str],
                    text: Optional[str], plain: bool = True) -> Optional[Call]:
        """The next piece of *scope*, where a piece is held (``hold_fresh``): one at its key
        with no id or the held one, without a name (*plain*: its arguments text or none),
        is the held piece's text (kept; the call it is held at is returned); with a name, it
        names the held piece: that was the next call's head, a call of its own now. A piece
        at another key says nothing of it (a parallel call's: the hot loop reads it so), but
        one for the very call it is held at (its index, or none: the latest). Any other piece at
        its key (another fresh id without a name: GLM's next step; a head under its own id;
        a custom tool's, or arguments not text: never its text) and the end show the held
        text was the call's rest (``settle_fresh``). ``None``: the piece is read as any other."""
        pending = self._fresh
        assert pending is not None
        held = pending[scope]
        entry = held.get(key)
        if entry is None and key is None and name is not None and len(held) == 1:
            # a name without an index for the one piece held, at an index, in *scope*: it names it
            key, entry = next(iter(held.items()))
            if id is not None and id != entry[1]:
                key, entry = None, None
        if entry is None:
            # (the call the piece goes to, held at another key: with an index and without, the latest)
            to = self.by_key.get(key) if key is not None else self.latest(scope)
            if to is not None and to.held is True:
                for at in (to.key, None):
                    if at in held and held[at][0] is to:
                        self.settle_fresh(scope, at, True)
                        break
            return None
        c, held_id, parts = entry
        if id is None or id == held_id:
            if name is None and plain:
                if text:
                    parts.append(text)
                return c
            # (a name, or arguments not text: the held piece began a call. One held at another key
            # stays held, its own index's next piece decides it: made a call here, a GLM rest held
            # there became a nameless call and its call ran without it (review revC3). So calls
            # named out of order come in the order they are named.)
            self.settle_fresh(scope, key, False, name)
            return None
        self.settle_fresh(scope, key, True)
        return None

    def settle_fresh(self, scope: Hashable, key: Optional[Hashable], rest: bool, name: Optional[str] = None) -> None:
        """The piece held in *scope* at *key* is the call's rest (*rest*: its text added to
        the call it came at, whose name is whole then: ``_named``), else a call of its own at
        its key, with its id and text, started (``CallStarted``) with the *name* the piece
        after it gave (set on the call as that piece is read: a nameless call there)."""
        pending = self._fresh
        assert pending is not None
        held = pending[scope]
        c, id, parts = held.pop(key)
        if not held:
            del pending[scope]
        c.held = False
        if rest:
            named = self._named
            if named is None:
                named = self._named = set()
            named.add(c.pos)
        else:
            c = self.new(key, scope, id, name, False)
            c.name = None
        for text in parts:
            self.add(c, text)

    def settle_scope(self, scope: Hashable) -> None:
        """Every piece held in *scope* is its call's rest (the choice finished; GLM's stop step)."""
        pending = self._fresh
        if pending and scope in pending:
            for key in list(pending[scope]):
                self.settle_fresh(scope, key, True)

    def settle_all(self) -> None:
        """The stream ended: every piece still held is its call's rest (GLM's stop step)."""
        if self._fresh:
            for scope in list(self._fresh):
                self.settle_scope(scope)
