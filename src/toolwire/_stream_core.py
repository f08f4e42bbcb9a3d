"""The dialect-agnostic core of stream accumulation (no provider field names here).

A dialect's stream handler reads its own chunk shapes and calls this core; the core
owns correlation, argument accumulation, finalization and events.

Rules (the same for every dialect):

- Correlate a fragment with a call by id, then by index (key), then the latest open
  call of its scope. A new id, or a different name, on an occupied index starts a
  new call; an ``""`` id is no id and never overwrites one.
- Argument fragments are kept in a list and joined once, when the call ends.
- A call is finalized only on its end (``end``), at the end of its scope (a choice's
  finish reason) or at ``close``: never because the partial text happens to parse.
- A call of a dialect with explicit end events (``needs_end``) that is still open at
  ``close`` is cut off: it becomes an ``InvalidToolCall`` with ``truncated=True``.
- Arguments are finalized by the one arguments policy (``parse_arguments``); a
  truncating finish reason (``length``, ``max_tokens``...) is passed to it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from operator import itemgetter
from typing import Any, Dict, Hashable, List, Optional, Set, Tuple, Union

from pydantic_core import from_json

from ._args import Policy, load_json, parse_arguments
from ._errors import ArgumentsError
from ._types import InvalidToolCall, ToolCall, new_call

__all__ = ["ArgsDelta", "Call", "CallDone", "CallStarted", "Core", "Event"]

_TRUNCATING = frozenset({"length", "max_tokens", "MAX_TOKENS", "max_output_tokens", "incomplete"})

Result = Union[ToolCall, InvalidToolCall]


class _Event(Tuple[Any, ...]):
    """Events are small immutable records (tuples underneath, for speed): equal only
    to an event of the same type with the same fields."""

    __slots__ = ()
    _fields: Tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return tuple.__hash__(self)

    def __repr__(self) -> str:
        body = ", ".join(f"{f}={v!r}" for f, v in zip(self._fields, self))
        return f"{type(self).__name__}({body})"


_tuple_new = tuple.__new__


class CallStarted(_Event):
    """A call appeared. ``index`` is its position in this stream (order of first
    appearance, not the wire index); ``name`` may be ``None`` when the provider
    sends it in a later delta (the final name is on ``CallDone.call``)."""

    __slots__ = ()
    _fields = ("index", "id", "name")
    index: int = property(itemgetter(0))  # type: ignore[assignment]
    id: Optional[str] = property(itemgetter(1))  # type: ignore[assignment]
    name: Optional[str] = property(itemgetter(2))  # type: ignore[assignment]

    def __new__(cls, index: int, id: Optional[str], name: Optional[str]) -> CallStarted:
        return _tuple_new(cls, (index, id, name))


class ArgsDelta(_Event):
    """A fragment of a call's arguments. ``delta`` is argument text (for Vertex
    ``partialArgs``: the value fragment, with its JSON ``path``); ``preview`` is a
    best-effort parse of the text so far, only when the accumulator was asked for
    previews (never use it to execute a call)."""

    __slots__ = ()
    _fields = ("index", "id", "delta", "preview", "path")
    index: int = property(itemgetter(0))  # type: ignore[assignment]
    id: Optional[str] = property(itemgetter(1))  # type: ignore[assignment]
    delta: str = property(itemgetter(2))  # type: ignore[assignment]
    preview: Optional[Dict[str, Any]] = property(itemgetter(3))  # type: ignore[assignment]
    path: Optional[str] = property(itemgetter(4))  # type: ignore[assignment]

    def __new__(
        cls,
        index: int,
        id: Optional[str],
        delta: str,
        preview: Optional[Dict[str, Any]] = None,
        path: Optional[str] = None,
    ) -> ArgsDelta:
        return _tuple_new(cls, (index, id, delta, preview, path))


class CallDone(_Event):
    """A call ended: ``call`` is a ``ToolCall``, or an ``InvalidToolCall`` when its
    arguments are not a JSON object or the stream ended before the call did."""

    __slots__ = ()
    _fields = ("index", "call")
    index: int = property(itemgetter(0))  # type: ignore[assignment]
    call: Result = property(itemgetter(1))  # type: ignore[assignment]

    def __new__(cls, index: int, call: Result) -> CallDone:
        return _tuple_new(cls, (index, call))


Event = Union[CallStarted, ArgsDelta, CallDone]


class Call:
    __slots__ = (
        "pos", "key", "scope", "id", "name", "parts", "full", "obj", "tree", "open_paths",
        "server", "pd", "needs_end", "ended", "done", "error", "size",
    )

    def __init__(self, pos: int, key: Optional[Hashable], scope: Hashable) -> None:
        self.pos = pos
        self.key = key
        self.scope = scope
        self.id: Optional[str] = None
        self.name: Optional[str] = None
        self.parts: List[str] = []
        self.full: Optional[str] = None  # authoritative whole text (an item's final form)
        self.obj: Any = None  # whole arguments given as an object
        self.tree: Optional[Dict[str, Any]] = None  # arguments assembled by JSON path
        self.open_paths: Optional[Set[str]] = None
        self.server = False
        self.pd: Optional[Dict[str, Dict[str, Any]]] = None
        self.needs_end = False
        self.ended = False
        self.done = False
        self.error: Optional[str] = None
        self.size = 0


class Core:
    """Calls under construction, events, text and finish reason of one stream."""

    def __init__(
        self, dialect: str, policy: Policy, include_server: bool, preview: bool, deltas: bool = True
    ) -> None:
        self.dialect = dialect
        self._deltas = deltas  # emit ArgsDelta events (``accumulate`` does not need them)
        self.policy = policy
        self.include_server = include_server
        self.preview = preview
        self._max_bytes = policy.max_bytes
        self.events: List[Event] = []
        self.text_parts: List[str] = []
        self.finish_reason: Optional[str] = None
        self.calls: List[Call] = []
        self.results: Dict[int, Result] = {}
        self._by_id: Dict[Tuple[Hashable, str], Call] = {}
        self._by_key: Dict[Hashable, Call] = {}
        self._latest: Dict[Hashable, Call] = {}

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
            old = self._by_key.get(key)
            if old is not None and not old.done:
                self._finalize(old)
        c = self._new(key, scope, id, name)
        c.server = server
        c.pd = provider_data
        c.needs_end = needs_end
        return c

    def find(
        self, key: Optional[Hashable], id: Optional[str] = None, scope: Hashable = None
    ) -> Optional[Call]:
        """The open call at *key*, else with *id*, else the latest open one of *scope*."""
        c = self._by_key.get(key) if key is not None else None
        if (c is None or c.done) and id is not None:
            c = self._by_id.get((scope, id))
        if (c is None or c.done) and key is None and id is None:
            c = self._latest.get(scope)
        return None if c is None or c.done else c

    def append(self, key: Optional[Hashable], text: str, *, id: Optional[str] = None,
               scope: Hashable = None, needs_end: bool = True) -> None:
        """Add argument text to the call found by ``find`` (a nameless call if none)."""
        c = self.find(key, id, scope)
        if c is None:
            c = self._new(key, scope, id, None)
            c.needs_end = needs_end
        self.add(c, text)

    def set_full(self, c: Call, text: str) -> None:
        """The authoritative whole argument text; the part not yet seen is emitted."""
        if c.done:
            return
        seen = "".join(c.parts)
        if text.startswith(seen) and len(text) > len(seen):
            self.add(c, text[len(seen):])
        c.full = text

    def end(self, c: Optional[Call]) -> None:
        """The call's end event arrived: finalize it."""
        if c is not None and not c.done:
            c.ended = True
            self._finalize(c)

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
        c = self._new(None, scope, id, name)
        c.server = server
        c.pd = provider_data
        if type(args) is str:
            self.add(c, args)
        else:
            c.obj = args
        c.ended = True
        self._finalize(c)

    # ---- arguments assembled by JSON path ------------------------------------------

    def set_path(self, c: Call, steps: List[Union[str, int]], value: Any, path: str,
                 grows: bool, cont: bool) -> None:
        """Set (or, for a growing string, extend) the value at *steps* of *c*'s args."""
        if c.done or c.error is not None:
            return
        if c.tree is None:
            c.tree = {}
            c.open_paths = set()
        assert c.open_paths is not None
        node: Any = c.tree
        for i, step in enumerate(steps):
            last = i == len(steps) - 1
            nxt: Any = value if last else ({} if type(steps[i + 1]) is str else [])
            if type(step) is str:
                if type(node) is not dict:
                    c.error = f"Partial argument path {path} does not fit the arguments built so far"
                    return
                if last:
                    if grows and path in c.open_paths and type(node.get(step)) is str:
                        node[step] = node[step] + value
                    else:
                        node[step] = value
                else:
                    node = node.setdefault(step, nxt)
            else:
                if type(node) is not list or type(step) is not int or step > len(node) + 10_000:
                    c.error = f"Partial argument path {path} does not fit the arguments built so far"
                    return
                while len(node) <= step:
                    node.append(None)
                if last:
                    if grows and path in c.open_paths and type(node[step]) is str:
                        node[step] = node[step] + value
                    else:
                        node[step] = value
                else:
                    if node[step] is None:
                        node[step] = nxt
                    node = node[step]
        if grows and cont:
            c.open_paths.add(path)
        else:
            c.open_paths.discard(path)
        c.size += len(path) + (len(value) if type(value) is str else 8)
        if c.size > self.policy.max_bytes:
            c.error = f"Arguments are over the limit of {self.policy.max_bytes} characters"
            c.tree = None
            return
        if self._deltas:
            piece = value if type(value) is str else _dump(value)
            self.events.append(ArgsDelta(c.pos, c.id, piece, self._preview_tree(c), path))

    def fail(self, c: Call, error: str) -> None:
        """Mark the call invalid (it is still finalized at its end)."""
        if c.error is None:
            c.error = error

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
            c = self._by_key.get((scope, index))
            if c is not None and not c.done:
                if text:
                    self.add(c, text)
                return
            c = None
        if id is not None:
            c = self._by_id.get((scope, id))
            if c is not None and c.done:
                c = None
        key = (scope, index) if index is not None else None
        if c is None and key is not None:
            cur = self._by_key.get(key)
            if cur is not None and not cur.done:
                if id is not None and cur.id is not None and cur.id != id:
                    cur = None  # a new id on an occupied index: a new call
                elif name is not None and cur.name is not None and name != cur.name:
                    cur = None  # a different name on an occupied index: a new call
            c = cur
        if c is None and key is None and id is None:
            cur = self._latest.get(scope)
            if cur is not None and not cur.done and not (name is not None and cur.name is not None):
                c = cur
        if c is None:
            c = self._new(key, scope, id, name)
        else:
            if id is not None and c.id is None:
                c.id = id
                self._by_id[(scope, id)] = c
            if name is not None and c.name is None:
                c.name = name
        if text:
            self.add(c, text)

    def end_scope(self, scope: Hashable) -> None:
        """The scope (a choice) finished: finalize its open calls."""
        for c in self.calls:
            if not c.done and c.scope == scope:
                c.ended = True
                self._finalize(c)

    # ---- text, finish, close ---------------------------------------------------------

    def text(self, piece: str) -> None:
        if piece:
            self.text_parts.append(piece)

    def finish(self, reason: Any) -> None:
        if reason is not None and reason != "":
            self.finish_reason = str(reason)

    def close(self) -> None:
        for c in self.calls:
            if not c.done:
                self._finalize(c)

    def results_list(self, server: Optional[bool] = None) -> List[Result]:
        """Finalized calls in order of appearance (client calls, plus server calls when
        asked for at construction; ``server=True`` gives only server calls)."""
        out = []
        for c in self.calls:
            r = self.results.get(c.pos)
            if r is None:
                continue
            if server is None:
                if c.server and not self.include_server:
                    continue
            elif c.server != server:
                continue
            out.append(r)
        return out

    # ---- internals -----------------------------------------------------------------------

    def _new(self, key: Optional[Hashable], scope: Hashable, id: Optional[str], name: Optional[str]) -> Call:
        c = Call(len(self.calls), key, scope)
        c.id = id
        c.name = name
        self.calls.append(c)
        if key is not None:
            self._by_key[key] = c
        if id is not None:
            self._by_id[(scope, id)] = c
        self._latest[scope] = c
        self.events.append(CallStarted(c.pos, id, name))
        return c

    def add(self, c: Call, text: str) -> None:
        """Add argument text to *c* (kept as a fragment; joined once at the end)."""
        if c.done or not text or c.error is not None:
            return
        size = c.size + len(text)
        c.size = size
        if size > self._max_bytes:
            c.error = f"Arguments are over the limit of {self._max_bytes} characters"
            c.parts = []
            return
        c.parts.append(text)
        if self._deltas:
            preview = _partial("".join(c.parts)) if self.preview else None
            self.events.append(_tuple_new(ArgsDelta, (c.pos, c.id, text, preview, None)))

    def add_at(self, key: Optional[Hashable], text: str) -> None:
        """Add text to the open call at *key* (a nameless call there if none)."""
        c = self._by_key.get(key) if key is not None else self._latest.get(None)
        if c is None or c.done:
            c = self._new(key, None, None, None)
            c.needs_end = True
        elif self._deltas is False and c.error is None and text:  # inlined ``add``: the hot path
            size = c.size + len(text)
            if size <= self._max_bytes:
                c.size = size
                c.parts.append(text)
                return
        self.add(c, text)

    def _preview_tree(self, c: Call) -> Optional[Dict[str, Any]]:
        if not self.preview or c.tree is None:
            return None
        copied = load_json(_dump(c.tree))
        return copied if type(copied) is dict else None

    def _policy(self) -> Policy:
        fr = self.finish_reason
        if fr in _TRUNCATING and self.policy.finish_reason is None:
            return replace(self.policy, finish_reason=fr)
        return self.policy

    def _finalize(self, c: Call) -> None:
        c.done = True
        loc = f"$.calls[{c.pos}].arguments"
        text: Optional[str] = None
        if c.full is not None:
            text = c.full
        elif c.parts:
            text = c.parts[0] if len(c.parts) == 1 else "".join(c.parts)
        c.parts = []
        result: Result
        if c.error is not None:
            result = self._invalid(c, text, c.error, loc, False)
        elif c.needs_end and not c.ended:
            result = self._invalid(
                c, text, "The stream ended before this call was complete (no end event)", loc, True
            )
        elif c.name is None:
            result = self._invalid(
                c, text, "The stream never gave this call a name", f"$.calls[{c.pos}].name", False
            )
        else:
            value: Any = text
            if text is None:
                value = c.tree if c.tree is not None else c.obj
            try:
                args, raw, repairs = parse_arguments(value, self._policy(), loc, self.dialect)
            except ArgumentsError as exc:
                result = self._invalid(c, exc.raw if exc.raw is not None else text, exc.message,
                                       exc.loc, exc.truncated)
            else:
                result = new_call(c.name, args, c.id, raw, c.pd, repairs, c.server)
        self.results[c.pos] = result
        c.tree = None
        if c.key is not None and self._by_key.get(c.key) is c:
            del self._by_key[c.key]
        self.events.append(CallDone(c.pos, result))

    def _invalid(self, c: Call, raw: Optional[str], error: str, loc: str, truncated: bool) -> InvalidToolCall:
        return InvalidToolCall(
            name=c.name,
            id=c.id,
            raw=raw,
            error=error,
            loc=loc,
            truncated=truncated,
            provider_data=c.pd or {},
        )


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _partial(text: str) -> Optional[Dict[str, Any]]:
    try:
        parsed = from_json(text, allow_inf_nan=False, allow_partial="trailing-strings")
    except (ValueError, TypeError):  # TypeError: a lone surrogate, no preview
        return None
    return parsed if type(parsed) is dict else None
