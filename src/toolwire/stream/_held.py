"""The calls held by a name repeated with no text (``Held``, for ``Keyed.delta``): the
name of an open call again, no id telling, with no text after its whole value (or none
yet): the call is held (``Call.held``) and the place of the call that delta may begin is
kept (``_hold``); text beginning a value there starts it (``_take``), other text goes
on with the call (``_resume``), and without such text the repeat is an
``InvalidToolCall`` (``_unhold``; an id sent after it: ``_late_id``). The rules are
docs/streaming.md rule 1 (``_keyed.py`` holds the rest of the correlation).
"""

from __future__ import annotations

from typing import Dict, Hashable, List, Optional, Tuple

from ._call import Call, begins_value, no_value
from ._calls import Calls
from ._events import CallStarted

__all__ = ["HELD", "Held", "untold"]


class _Held:
    """The key of the held calls in ``Keyed._repeats`` (no scope): one object, pickled and
    copied as itself (a reader saved mid-stream finds its held calls again)."""

    __slots__ = ()

    def __reduce__(self) -> str:
        return "HELD"


HELD = _Held()


class Held(Calls):
    """Held calls: kept, taken, resumed or let go (``Keyed`` reads the deltas)."""

    # calls ``Keyed._unsure`` started, by scope, with their error: judged as they end
    # (under ``HELD``: the calls held, ``Call.held``, judged at the end: ``_unhold``)
    _repeats: Dict[Hashable, List[Tuple[Call, Optional[str]]]]

    def _hold(self, cur: Call, id: Optional[str]) -> None:
        """*cur*'s name came again with no text after its whole value (or none), no id
        telling: *cur* is held (``Call.held``), and the call that delta may begin is kept
        at once where it came (never placed where its text or the stream's end comes): the
        next call's if text beginning a value follows (``_take``), else an
        ``InvalidToolCall`` (``_unhold``). Kept out of its scope's open calls and of the
        lookups (its scope's latest call stays *cur*) until then."""
        scope = cur.scope
        r = self.new(None, scope, None, cur.name, False)
        if id is not None:
            r.id = id
            if self.emit and (cur.id is not None or not no_value(cur)):  # (else pending: maybe *cur*'s)
                self.events[-1] = CallStarted(r.pos, id, r.name)
        r.held = True
        del self._open[scope][r.pos]
        self._last[scope] = cur
        cur.held = r
        self._repeats.setdefault(HELD, []).append((cur, None))

    def _take(self, cur: Call, id: Optional[str], text: str) -> Call:
        """Text beginning a value after *cur*'s repeat (``_hold``): the call kept at the
        repeat's place is the next call, of that name, with *id* or the id sent after the
        repeat. After a call with no text and no id anywhere: one call's name repeated, or a
        call without arguments before it? *cur* is an ``InvalidToolCall`` (``untold``); the
        name repeated more than once, no id telling, the repeat is (``_unhold``) and the text
        begins a call of its own."""
        r = cur.held
        assert type(r) is Call
        again = r.held is not True
        if r.id is None:
            r.id = id
        if r.id is None and (cur.id is not None or no_value(cur)):
            self.fail(cur, untold(cur))
        scope, key = cur.scope, cur.key
        if again and r.id is None:
            # the name came again more than once with no text: the call's last fragments, or a
            # call without arguments, then this one's head? The first repeat is not guessed
            self._unhold(cur)
            c = self.new(key, scope, None, cur.name, False)
            self.add(c, text)
            return c
        cur.held = r.held = False
        r.key = key
        if key is not None:
            self.by_key[key] = r
        self._open.setdefault(scope, {})[r.pos] = r
        if self._last.get(scope) is cur:
            self._last[scope] = r
        if r.id is not None:
            self._by_id[r.id if scope is None else (scope, r.id)] = r
        self.add(r, text)
        return r

    def _resume(self, c: Call, text: str) -> Call:
        """Argument *text* for the call *c* whose name came again, no id telling, after its
        whole value (or none), with no text (``Call.held``): white space keeps it held; text
        beginning an object or array is the next call, of that name (``_take``: a gateway's
        id-less calls of one tool at one index); other text is *c*'s, and the repeat an
        ``InvalidToolCall`` (``_unhold``: Kimi K2's name on an empty fragment, or a call
        without arguments sent as ``""``? Not guessed)."""
        starts = begins_value(text)
        if starts:
            return self._take(c, None, text)
        if starts is not None:
            self._unhold(c)
        self.add(c, text)
        return c

    def _unhold(self, c: Call, late: bool = True) -> None:
        """The name came again with no text after *c*'s whole value (``Call.held``) and no
        text beginning a value followed: Kimi K2's name repeated, or a call without
        arguments (``""``)? Not guessed: *c* stands, the repeat is an ``InvalidToolCall``
        at its place (``_hold``; with the id sent after it, if one was: whose it is nothing
        tells), never dropped. *late*: nothing beginning a value follows, so ``_late_id``
        applies (not when a head's text does: ``_named_again``)."""
        r = c.held
        assert type(r) is Call
        c.held = r.held = False
        if late:
            self._late_id(c, r)
        after = ("the call before it, which has none either" if no_value(c)
                 else "the whole arguments of the call before it")
        self.fail(r, f"The name {c.name!r} came again, with no arguments, after {after}: the same call's name "
                     "repeated, or a call without arguments? Not guessed")
        self.finalize(r)

    def _late_id(self, c: Call, r: Call) -> None:
        """An id came after the repeat *r* of *c*, a call without arguments nor id, and no
        text beginning a value after it: *c*'s late id, or a second call's without arguments,
        the same call: it stays on *c*, the call that runs (*r* is invalid)."""
        if r.id is not None and c.id is None and c.error is None and not c.done and no_value(c):
            c.id, r.id = r.id, None
            self._by_id[c.id if c.scope is None else (c.scope, c.id)] = c


def untold(c: Call) -> str:
    """The error of a call with no text (or, with an id, ``{}``) whose name came again
    before text beginning a value, no id telling (``Keyed._named_again``, ``Keyed._take``)."""
    which = "none yet" if no_value(c) else "only {}"
    return (f"The name {c.name!r} came again, with arguments, after this call, which has {which}, with no id "
            "telling: the same call's name repeated, or a call without arguments sent as \"\" before the next? "
            "Not guessed")
