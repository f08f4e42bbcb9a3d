"""The dialect-agnostic core of stream accumulation (no provider field names here).

A dialect's stream handler reads its own chunk shapes and calls this core; the core
owns correlation, argument accumulation, finalization and events.

Rules (the same for every dialect):

- Correlate a fragment with a call by id, then by index (key), then the latest open
  call of its scope. A new id, or a different name, on an occupied index starts a
  new call; an ``""`` id is no id and never overwrites one.
- Argument fragments are kept in a list and joined once, when the call ends; the
  work per delta is constant (no scan of earlier calls, no re-join of earlier
  fragments): the latest call and the open calls of each scope are kept by scope.
- A call is finalized only on its end (``end``), at the end of its scope (a choice's
  finish reason) or at ``close``: never because the partial text happens to parse.
- A call of a dialect with explicit end events (``needs_end``) that is still open at
  ``close`` is cut off: it becomes an ``InvalidToolCall`` with ``truncated=True``.
- Arguments are finalized by the one arguments policy (``parse_arguments``); a
  truncating finish reason (``length``, ``max_tokens``...) is passed to it.

The hot path: ``by_key`` holds open calls only (a call leaves it when finalized),
so a handler's ``run`` loop may work on ``c = by_key[key]`` itself, and must do
exactly what the methods would:

- add a fragment: when ``c.size + len(piece) <= max_bytes`` (never so for a call
  with an error: its size is over the limit), add ``len(piece)`` to ``c.size``,
  append *piece* to ``c.parts`` and, when ``emit`` is on, an ``ArgsDelta(c.pos,
  c.id, piece)`` to ``events`` (never with ``preview``: such accumulators do not
  use ``run``);
- take the whole text: ``c.full = text`` when ``len(text) == c.size``, ``c.error``
  and ``c.tree`` are ``None`` (``set_full`` then);
- end it: set ``c.pd`` if its end carries provider data, then ``c.ended = True;
  finalize(c)``;
- start a call: ``new(key, scope, id, name, needs_end)`` when ``key`` is not in
  ``by_key`` (``open`` then, for a client call without provider data), then do
  what the handler's own general path does after ``open``.

Anything else goes through the methods, and a loop that cannot tell must leave the
chunk to them.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Dict, FrozenSet, Hashable, List, Optional, Tuple, Union, cast

from pydantic_core import from_json

from .._args import TRUNCATING, Policy, parse_arguments
from .._errors import ArgumentsError, DecodeError, excerpt
from .._policy import failed_no_call, no_call
from .._types import InvalidToolCall, ToolCall, new_call, new_invalid
from ._events import ArgsDelta, CallDone, CallStarted, Event, new_event

__all__ = ["Call", "Core", "dump", "join_open", "nonempty_str"]

_alloc = object.__new__
# the parts of a finalized call: none, and none can be added (a tuple: no list to allocate)
_NO_PARTS = cast(List[str], ())

_LOCS = tuple(f"$.calls[{i}].arguments" for i in range(16))

Result = Union[ToolCall, InvalidToolCall]


class Call:
    """A call under construction; made by ``Core.new`` only (which sets every slot)."""

    __slots__ = (
        "pos", "key", "scope", "id", "name", "parts", "full", "obj", "tree", "open_paths",
        "server", "pd", "needs_end", "ended", "done", "error", "cut", "size", "result",
    )
    pos: int
    key: Optional[Hashable]
    scope: Hashable
    id: Optional[str]
    name: Optional[str]
    parts: List[str]
    full: Optional[str]  # authoritative whole text (an item's final form)
    obj: Any  # whole arguments given as an object
    tree: Optional[Dict[str, Any]]  # arguments assembled by JSON path
    # strings of ``tree`` still growing: (container id, key) -> (container, key, pieces);
    # the container holds the first piece until the pieces are joined (``join_open``)
    open_paths: Optional[Dict[Tuple[int, Hashable], Tuple[Any, Hashable, List[str]]]]
    server: bool
    pd: Optional[Dict[str, Dict[str, Any]]]
    needs_end: bool  # a call cut off without its end event is truncated
    ended: bool
    done: bool
    error: Optional[str]
    cut: bool  # its error is that it was cut off (``fail(..., cut=True)``): the invalid call is truncated
    size: int  # characters taken: the length of ``parts`` joined while error and tree are None;
    # over ``max_bytes`` once error is set (``fail``), so that the hot path adds nothing
    result: Optional[Result]  # set when finalized


class Core:
    """Calls under construction, events, text and finish reason of one stream.

    *emit* records events (``accumulate`` needs none); *preview* adds a partial
    parse to every ``ArgsDelta``.
    """

    def __init__(
        self,
        dialect: str,
        policy: Policy,
        include_server: bool,
        preview: bool,
        emit: bool = True,
        truncating: FrozenSet[str] = TRUNCATING,
        failing: FrozenSet[str] = frozenset(),
        calling: FrozenSet[str] = frozenset(),
    ) -> None:
        self.dialect = dialect
        self.truncating = truncating  # finish reasons that cut calls short (the dialect's too)
        self.failing = failing  # finish reasons of a failed reply: none of its calls runs
        self.calling = calling  # finish reasons that say the model called a tool
        self.uncalled: Optional[InvalidToolCall] = None  # what ``close`` says of such a stream without calls
        self.failure: Optional[str] = None  # the error the provider reported in the stream (``error``)
        self.emit = emit
        self.policy = policy
        self.include_server = include_server
        self.preview = preview
        self.max_bytes = policy.max_bytes
        # the strict JSON path of ``parse_arguments`` may run inline: pydantic-core's own
        # depth limit (200) is the policy's, and no finish reason changes a strict parse
        self.strict_fast = policy.max_depth >= 200
        self.events: List[Event] = []
        self.text_parts: List[str] = []
        self.finish_reason: Optional[str] = None
        self.calls: List[Call] = []
        self.by_key: Dict[Hashable, Call] = {}  # open calls by key
        self._last: Dict[Hashable, Call] = {}  # the call each scope started last
        self._open: Dict[Hashable, Dict[int, Call]] = {}  # open calls of each scope, by position
        # calls by id: the id alone in scope ``None`` (no tuple), else ``(scope, id)``
        self._by_id: Dict[Hashable, Call] = {}
        # several alternative replies (Chat ``n`` > 1, Gemini candidates): the first one
        # seen (the lowest index), whether another was seen, each one's finish reason
        self.first_choice: Optional[int] = None
        self.several = False
        self.choice_finish: Dict[int, str] = {}

    def malformed(self, exc: Exception, data: Any) -> DecodeError:
        """The error for a chunk whose shape the handler did not foresee."""
        return DecodeError(
            f"Malformed {self.dialect} stream chunk ({type(exc).__name__}: {exc}): {excerpt(data)}",
            dialect=self.dialect,
        )

    # ---- calls with explicit lifecycles (blocks, items) ----------------------------

    def open(
        self,
        key: Optional[Hashable],
        id: Optional[str],
        name: Optional[str],
        *,
        scope: Hashable = None,
        server: bool = False,
        provider_data: Optional[Dict[str, Dict[str, Any]]] = None,
        needs_end: bool = True,
    ) -> Call:
        """Start a call at *key*; a call still open there is finalized first."""
        if key is not None:
            old = self.by_key.get(key)
            if old is not None:  # ``by_key`` holds open calls only
                self.finalize(old)
        c = self.new(key, scope, id, name, needs_end)
        if server:
            c.server = True
        c.pd = provider_data
        return c

    def find(
        self, key: Optional[Hashable], id: Optional[str] = None, scope: Hashable = None
    ) -> Optional[Call]:
        """The open call at *key*, else with *id*, else the latest open one of *scope*."""
        c = self.by_key.get(key) if key is not None else None
        if (c is None or c.done) and id is not None:
            c = self._by_id.get(id if scope is None else (scope, id))
        if (c is None or c.done) and key is None and id is None:
            c = self._latest(scope)
        return None if c is None or c.done else c

    def set_full(self, c: Call, text: str) -> None:
        """The authoritative whole argument text; the part not yet seen is emitted."""
        if c.done:
            return
        if len(text) == c.size and c.error is None and c.tree is None:  # nothing unseen: no join
            c.full = text
            return
        seen = "".join(c.parts)
        if len(c.parts) > 1:
            c.parts = [seen]  # joined once: a second whole text compares, it does not re-join
        if text.startswith(seen) and len(text) > len(seen):
            self.add(c, text[len(seen):])
        c.full = text

    def end(self, c: Optional[Call]) -> None:
        """The call's end event arrived: finalize it."""
        if c is not None and not c.done:
            c.ended = True
            self.finalize(c)

    def whole(
        self,
        name: Optional[str],
        args: Any,
        id: Optional[str],
        *,
        scope: Hashable = None,
        server: bool = False,
        provider_data: Optional[Dict[str, Dict[str, Any]]] = None,
    ) -> None:
        """A complete call in one piece: started and finalized at once."""
        c = self.new(None, scope, id, name, False)
        c.server = server
        c.pd = provider_data
        if type(args) is str:
            self.add(c, args)
        else:
            c.obj = args
        c.ended = True
        self.finalize(c)

    def fail(self, c: Call, error: str, cut: bool = False) -> None:
        """Mark the call invalid (it is still finalized at its end); *cut*: because it
        was cut off (its ``InvalidToolCall`` is ``truncated``)."""
        if c.error is None:
            c.error = error
            c.cut = cut
            c.size = max(c.size, self.max_bytes + 1)

    # ---- correlation for keyed deltas (Chat-like) ----------------------------------

    def delta(
        self,
        scope: Hashable,
        index: Optional[Hashable],
        id: Optional[str],
        name: Optional[str],
        text: Optional[str],
    ) -> None:
        """One tool-call delta: correlate by id, then index, then the latest call."""
        c: Optional[Call] = None
        if id is None and name is None and index is not None:  # the common continuation
            c = self.by_key.get((scope, index))
            if c is not None and not c.done:
                if text:
                    self.add(c, text)
                return
            c = None
        if id is not None:
            c = self._by_id.get(id if scope is None else (scope, id))
            if c is not None and c.done:
                c = None
        key = (scope, index) if index is not None else None
        if c is None and key is not None:
            cur = self.by_key.get(key)
            if cur is not None and not cur.done:
                if id is not None and cur.id is not None and cur.id != id:
                    cur = None  # a new id on an occupied index: a new call
                elif name is not None and cur.name is not None and name != cur.name:
                    cur = None  # a different name on an occupied index: a new call
            c = cur
        if c is None and key is None and id is None:
            cur = self._latest(scope)
            if cur is not None and not cur.done and not (name is not None and cur.name is not None):
                c = cur
        if c is None:
            c = self.new(key, scope, id, name, False)
        else:
            if id is not None and c.id is None:
                c.id = id
                self._by_id[id if scope is None else (scope, id)] = c
            if name is not None and c.name is None:
                c.name = name
        if text:
            self.add(c, text)

    def end_scope(self, scope: Hashable) -> None:
        """The scope (a choice) finished: finalize its open calls (those only: a
        finish reason per chunk costs nothing per earlier call)."""
        open_calls = self._open.get(scope)
        if open_calls:
            for c in list(open_calls.values()):
                if not c.done:
                    c.ended = True
                    self.finalize(c)

    # ---- text, finish, close ---------------------------------------------------------

    def text(self, piece: str) -> None:
        if piece:
            self.text_parts.append(piece)

    def finish(self, reason: Any) -> None:
        if type(reason) is str:  # the usual case, without a ``str()`` call
            if reason:
                self.finish_reason = reason
        elif reason is not None and reason != "":
            self.finish_reason = str(reason)

    def error(self, words: str) -> None:
        """The provider reported an error inside the stream (an error event or chunk,
        in *words*): the reply failed, as under a failing finish reason. The first is kept."""
        if self.failure is None:
            self.failure = words

    def choice(self, index: int) -> None:
        """A chunk of the alternative reply *index* (a choice, a candidate)."""
        first = self.first_choice
        if first is None:
            self.first_choice = index
        elif index != first:
            self.several = True
            if index < first:
                self.first_choice = index

    def close(self) -> List[Result]:
        """Finalize the calls still open; return ``results_list()`` (in the same pass).

        A call still open without any argument text was cut off with the stream; under
        a truncating finish reason a call finalized earlier with empty arguments (a
        whole Gemini call before its chunk's ``MAX_TOKENS``; not a block that had its end
        event) is cut off too. Under a failing finish reason or an error in the stream (the
        provider reports the reply as failed) every client call is invalid, whatever its
        ``CallDone`` said."""
        out = []
        include_server = self.include_server
        # several alternative replies: the first one's calls only (as ``decode_all`` reads
        # a whole response), under its own finish reason; never a mix
        only = self.first_choice if self.several else None
        finish = self.finish_reason if only is None else self.choice_finish.get(only)
        cut = finish in self.truncating and self.policy.finish_reason is None
        failed = finish in self.failing or self.failure is not None
        word = self.failure if self.failure is not None else finish
        for c in self.calls:
            if only is not None and c.scope != only:
                continue
            if not c.done:
                if not c.ended and not c.size and c.full is None and c.obj is None and c.tree is None:
                    c.needs_end = True  # the stream ended before any of its arguments: cut off, never {}
                self.finalize(c)
            elif cut and not c.needs_end and type(c.result) is ToolCall and "empty-arguments" in c.result.repairs:
                c.result = self._parsed(c, c.result.raw)
            if failed and not c.server and type(c.result) is ToolCall:
                c.result = self._invalid(
                    c, c.result.raw, f"Tool call {c.pos} of this stream is in a reply that {self.dialect} reports "
                    f"as failed ({word}): it must not run", f"$.calls[{c.pos}]", False)
            r = c.result
            if r is not None and (include_server or not c.server):
                out.append(r)
        if (failed or finish in self.calling) and not any(only is None or c.scope == only for c in self.calls):
            # the provider says the model called a tool (or the reply failed) and the stream held none
            said = cast(str, word)
            self.uncalled = new_invalid(error=failed_no_call(said) if failed else no_call(said), loc="$")
            out.append(self.uncalled)
        return out

    def results_list(self, server: Optional[bool] = None) -> List[Result]:
        """Finalized calls in order of appearance (client calls, plus server calls when
        asked for at construction; ``server=True`` gives only server calls)."""
        out = []
        for c in self.calls:
            r = c.result
            if r is None:
                continue
            if server is None:
                if c.server and not self.include_server:
                    continue
            elif c.server != server:
                continue
            out.append(r)
        if self.uncalled is not None and not server:
            out.append(self.uncalled)
        return out

    # ---- internals -----------------------------------------------------------------------

    def new(self, key: Optional[Hashable], scope: Hashable, id: Optional[str], name: Optional[str],
            needs_end: bool) -> Call:
        """A new open call (at *key*, which must be free)."""
        calls = self.calls
        c = _alloc(Call)  # every slot set here: cheaper than an ``__init__``
        c.pos = len(calls)
        c.key = key
        c.scope = scope
        c.id = id
        c.name = name
        c.parts = []
        c.full = c.obj = c.tree = c.open_paths = c.pd = c.error = c.result = None
        c.server = c.ended = c.done = c.cut = False
        c.needs_end = needs_end
        c.size = 0
        calls.append(c)
        self._last[scope] = c
        scoped = self._open.get(scope)
        if scoped is None:
            scoped = self._open[scope] = {}
        scoped[c.pos] = c
        if key is not None:
            self.by_key[key] = c
        if id is not None:
            self._by_id[id if scope is None else (scope, id)] = c
        if self.emit:
            self.events.append(CallStarted(c.pos, id, name))
        return c

    def _latest(self, scope: Hashable) -> Optional[Call]:
        """The call of *scope* started last (open or not)."""
        return self._last.get(scope)

    def add(self, c: Call, text: str) -> None:
        """Add argument text to *c* (kept as a fragment; joined once at the end)."""
        if c.done or not text or c.error is not None:
            return
        size = c.size + len(text)
        c.size = size
        if size > self.max_bytes:
            c.error = f"Arguments are over the limit of {self.max_bytes} characters"
            c.parts = []
            return
        c.parts.append(text)
        if self.emit:
            preview = _partial("".join(c.parts)) if self.preview else None
            self.events.append(new_event(ArgsDelta, (c.pos, c.id, text, preview, None)))

    def add_at(self, key: Optional[Hashable], text: Any) -> None:
        """Add text to the open call at *key* (a nameless call there if none). A delta
        that is not text (a number, a list...) makes that call invalid: skipping it
        would run the call without that part of its arguments."""
        c = self.by_key.get(key) if key is not None else self._latest(None)
        if c is None or c.done:
            c = self.new(key, None, None, None, True)
        if type(text) is str:
            self.add(c, text)
        else:
            self.fail(c, f"An argument delta is not text: {excerpt(text)}")

    def _policy(self, fr: str) -> Policy:
        if fr in self.truncating and self.policy.finish_reason is None:
            # a dialect's own truncating reason reaches the arguments policy as ``length``
            return replace(self.policy, finish_reason=fr if fr in TRUNCATING else "length")
        return self.policy

    def finalize(self, c: Call) -> None:
        """Make *c*'s result (``c.ended`` says whether its end event came)."""
        c.done = True
        scoped = self._open.get(c.scope)
        if scoped is not None:
            scoped.pop(c.pos, None)
        if c.open_paths:
            join_open(c)
        parts = c.parts
        text: Optional[str] = c.full
        if text is None and parts:
            text = parts[0] if len(parts) == 1 else "".join(parts)
        c.parts = _NO_PARTS
        result: Result
        if c.error is None and c.name is not None and (c.ended or not c.needs_end):
            parsed = None
            if text is not None and self.strict_fast:  # parse_arguments' strict path, inline
                try:
                    parsed = from_json(text, allow_inf_nan=False, cache_strings="keys")
                except (ValueError, TypeError):
                    parsed = None
            if type(parsed) is dict and len(text or "") <= self.max_bytes:
                result = new_call(c.name, parsed, c.id, text, c.pd, (), c.server)
            else:
                result = self._parsed(c, text)
        elif c.error is not None:
            result = self._invalid(c, text, c.error, f"$.calls[{c.pos}].arguments", c.cut)
        elif c.needs_end and not c.ended:
            result = self._invalid(c, text, "The stream ended before this call was complete (no end event)",
                                   f"$.calls[{c.pos}].arguments", True)
        else:
            result = self._invalid(c, text, "The stream never gave this call a name", f"$.calls[{c.pos}].name",
                                   False)
        self._settle(c, result)

    def broken(self, body: Any, scope: Hashable = None) -> None:
        """A call whose body is not an object (``5`` where a call object belongs): an
        invalid call in its place, never skipped (its siblings keep their positions)."""
        c = self.new(None, scope, None, None, False)
        c.ended = c.done = True
        self._open[scope].pop(c.pos, None)
        error = f"The tool call at $.calls[{c.pos}] is not an object: {excerpt(body)}"
        self._settle(c, self._invalid(c, None, error, f"$.calls[{c.pos}]", False))

    def _settle(self, c: Call, result: Result) -> None:
        c.result = result
        c.tree = None
        key = c.key
        if key is not None and self.by_key.get(key) is c:
            del self.by_key[key]
        if self.emit:
            self.events.append(CallDone(c.pos, result))

    def _parsed(self, c: Call, text: Optional[str]) -> Result:
        """*c*'s result through the arguments policy (any tier, any finish reason)."""
        value: Any = text
        if text is None:
            value = c.tree if c.tree is not None else c.obj
        # several replies: a call is judged by its own reply's finish reason, not another's
        fr = self.choice_finish.get(c.scope) if self.several and type(c.scope) is int else self.finish_reason
        policy = self.policy if fr is None else self._policy(fr)
        loc = _LOCS[c.pos] if c.pos < 16 else f"$.calls[{c.pos}].arguments"
        try:
            args, raw, repairs = parse_arguments(value, policy, loc, self.dialect)
        except ArgumentsError as exc:
            return self._invalid(c, exc.raw if exc.raw is not None else text, exc.message, exc.loc, exc.truncated)
        return new_call(c.name or "", args, c.id, raw, c.pd, repairs, c.server)

    def _invalid(self, c: Call, raw: Optional[str], error: str, loc: str, truncated: bool) -> InvalidToolCall:
        return new_invalid(
            name=c.name,
            id=c.id,
            raw=raw,
            error=error,
            loc=loc,
            truncated=truncated,
            provider_data=c.pd or {},
        )


def join_open(c: Call) -> None:
    """Join the growing strings of *c*'s path-built arguments into their containers."""
    assert c.open_paths is not None
    for node, key, pieces in c.open_paths.values():
        node[key] = pieces[0] if len(pieces) == 1 else "".join(pieces)
    c.open_paths.clear()


def nonempty_str(value: Any) -> Optional[str]:
    """*value* when it is a non-empty string, else ``None`` (a stream's ``""`` id or
    name is no id or name)."""
    return value if type(value) is str and value else None


def dump(value: Any) -> str:
    """Compact JSON text of *value*."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _partial(text: str) -> Optional[Dict[str, Any]]:
    try:
        parsed = from_json(text, allow_inf_nan=False, allow_partial="trailing-strings")
    except (ValueError, TypeError):  # TypeError: a lone surrogate, no preview
        return None
    return parsed if type(parsed) is dict else None
