"""The calls of a stream under construction (``Calls``): started, looked up, and
their argument text or custom-tool input added (kept as fragments, joined once when
the call ends: the work per delta is constant, no scan of earlier calls nor re-join
of earlier fragments); ``Core`` (``_core.py``) builds the correlation on it.
"""

from __future__ import annotations

from typing import Any, Dict, Hashable, Optional, Tuple

from pydantic_core import from_json

from .._errors import excerpt
from ._call import Call
from ._events import ArgsDelta, CallStarted, new_event
from ._replies import Replies

__all__ = ["Calls"]

_alloc = object.__new__


class Calls(Replies):
    """The calls of one stream: made (``new``), looked up, and their text added.

    *preview* adds a partial parse to every ``ArgsDelta``.
    """

    preview: bool
    _last: Dict[Hashable, Call]  # the call each scope started last
    # calls by id: the id alone in scope ``None`` (no tuple), else ``(scope, id)``
    _by_id: Dict[Hashable, Call]
    # by call position, for ``not_text``: how many of its first argument pieces are white space
    # only, and whether the piece there has other text (``None`` until an object follows text)
    _blanks: Optional[Dict[int, Tuple[int, bool]]] = None
    tick: int = 0  # counts the arrivals stamped on calls (``Call.seen``)

    @property
    def ids(self) -> Dict[Hashable, Call]:
        """The calls of this stream by id (scope ``None``: the id itself), for a hot loop
        to ask whether an id came before (``start`` tells what it is then); read only."""
        return self._by_id

    def new(self, key: Optional[Hashable], scope: Hashable, id: Optional[str], name: Optional[str],
            needs_end: bool) -> Call:
        """A new open call (at *key*, which must be free)."""
        calls = self.calls
        c = _alloc(Call)  # every slot set here: cheaper than an ``__init__``
        c.pos = pos = len(calls)
        c.key = key
        c.scope = scope
        c.id = id
        c.name = name
        c.parts = []
        c.full = c.obj = c.tree = c.open_paths = c.pd = c.error = c.result = c.scan = None
        c.server = c.ended = c.done = c.cut = c.held = False
        c.needs_end = needs_end
        c.size = 0
        c.seen = self.tick = self.tick + 1
        if self.several:  # (what arrived last in each alternative: ``CutJudge.arrived``)
            self.arrived[scope] = c  # type: ignore[index]
        calls.append(c)
        self._last[scope] = c
        scoped = self._open.get(scope)
        if scoped is None:
            scoped = self._open[scope] = {}
        scoped[pos] = c
        if key is not None:
            self.by_key[key] = c
        if id is not None:
            self._by_id[id if scope is None else (scope, id)] = c
        if self.emit:
            self.events.append(CallStarted(c.pos, id, name))
        return c

    def latest(self, scope: Hashable) -> Optional[Call]:
        """The call of *scope* started last (open or not)."""
        return self._last.get(scope)

    def add(self, c: Call, text: str) -> None:
        """Add argument text to *c* (kept as a fragment; joined once at the end)."""
        if c.done or not text or c.error is not None:
            return
        size = c.size + len(text)
        c.size = size
        c.seen = self.tick = self.tick + 1
        if self.several:
            self.arrived[c.scope] = c  # type: ignore[index]
        if size > self.max_bytes:
            c.error = f"Arguments are over the limit of {self.max_bytes} characters"
            c.parts = []
            return
        c.parts.append(text)
        if self.emit:
            preview = _partial("".join(c.parts)) if self.preview else None
            self.events.append(new_event(ArgsDelta, (c.pos, c.id, text, preview, None)))

    def add_input(self, c: Call, field: str, text: Optional[str]) -> None:
        """A piece of *c*'s custom tool input (free text, not JSON: an OpenAI Chat
        ``custom.input``), kept apart from argument text and joined once when the call
        ends, given as ``{field: text}`` (``Results._input``); never previewed. A call
        with no piece has the input ``""``. Its ``max_bytes`` is the arguments'."""
        inputs = self.inputs
        if inputs is None:
            inputs = self.inputs = {}
        held = inputs.get(c.pos)
        if held is None:
            if c.done:
                return
            held = inputs[c.pos] = (field, [])
            self.mark_free_text(c)  # a truncating finish cuts it off (``close``)
        if c.done or not text or c.error is not None:
            return
        size = c.size + len(text)
        if size > self.max_bytes:
            self.fail(c, f"Custom tool input is over the limit of {self.max_bytes} characters")
            held[1].clear()
            return
        c.size = size
        c.seen = self.tick = self.tick + 1
        if self.several:
            self.arrived[c.scope] = c  # type: ignore[index]
        held[1].append(text)
        if self.emit:
            self.events.append(new_event(ArgsDelta, (c.pos, c.id, text, None, None)))

    def add_at(self, key: Optional[Hashable], text: Any) -> None:
        """Add text to the open call at *key* (a nameless call there if none). A delta
        that is not text (a number, a list...) makes that call invalid: skipping it
        would run the call without that part of its arguments."""
        c = self.by_key.get(key) if key is not None else self.latest(None)
        if c is None or c.done:
            c = self.new(key, None, None, None, True)
        if type(text) is str:
            self.add(c, text)
        else:
            self.fail(c, f"An argument delta is not text: {excerpt(text)}")

    def not_text(self, c: Call, value: Any, text: Optional[str]) -> None:
        """*value*, an argument delta that is not a string, went to *c* (as *text*, its JSON
        text if an object: ``chat_stream_args.whole_text``): an object is the call's whole
        arguments only with no text before it but white space (text after it leaves no JSON
        object); any other value, or an object after text, makes the call invalid
        (docs/streaming.md rule 8, as ``add_at``): glued in or skipped, the call would run
        with arguments the model did not write. mistralai ``FunctionCall.arguments`` may be
        an object; llama.cpp sends the whole arguments as one."""
        if c.done or c.error is not None:
            return
        before = len(c.parts) - (1 if text else 0)  # (the pieces before the object's own text)
        if type(value) is dict and (c.size == (len(text) if text else 0) or self._blank(c, before)):
            if not value and c.obj is None:  # ``{}``: given whole, as ``decode`` judges it (cut off at the token limit)
                c.obj = {}
            return
        self.fail(c, f"An argument delta is not text: {excerpt(value)}")

    def _blank(self, c: Call, end: int) -> bool:
        """Whether *c*'s first *end* argument pieces are white space only (``str.strip``, as the
        arguments policy reads empty arguments): read on from where the last question about
        *c* stopped (``_blanks``), each piece once over the stream (a ``{}`` adds no text: the
        white space before a run of them was read again for each, quadratic)."""
        blanks = self._blanks
        if blanks is None:
            blanks = self._blanks = {}
        read, solid = blanks.get(c.pos, (0, False))
        if solid:
            return end <= read
        parts = c.parts
        while read < end:
            if parts[read].strip():
                blanks[c.pos] = (read, True)
                return False
            read += 1
        blanks[c.pos] = (read, False)
        return True

    def broken(self, body: Any, scope: Hashable = None, why: str = "") -> None:
        """A call whose body is not an object (``5`` where a call object belongs), or
        not a call for the reason *why*: an invalid call in its place, never skipped
        (its siblings keep their positions)."""
        c = self.new(None, scope, None, None, False)
        c.ended = c.done = True
        self._open[scope].pop(c.pos, None)
        error = f"The tool call at $.calls[{c.pos}] " + (why or f"is not an object: {excerpt(body)}")
        self._settle(c, self._invalid(c, None, error, f"$.calls[{c.pos}]", False))




def _partial(text: str) -> Optional[Dict[str, Any]]:
    try:
        parsed = from_json(text, allow_inf_nan=False, allow_partial="trailing-strings")
    except (ValueError, TypeError):  # TypeError: a lone surrogate, no preview
        return None
    return parsed if type(parsed) is dict else None
