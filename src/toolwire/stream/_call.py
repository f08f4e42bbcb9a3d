"""A call under construction in a stream (``Call``), and the small helpers handlers share.

The hot path: ``Core.by_key`` holds open calls only (a call leaves it when
finalized), so a handler's ``run`` loop may work on ``c = core.by_key[key]`` itself,
and must do exactly what the ``Core`` methods would:

- add a fragment: when ``c.size + len(piece) <= max_bytes`` (never so for a call
  with an error: its size is over the limit), add ``len(piece)`` to ``c.size``,
  stamp ``c.seen = core.tick = core.tick + 1`` (at least when the run looks its call
  up, its first non-empty piece: what arrived last is told by it),
  append *piece* to ``c.parts`` and, when ``emit`` is on, an ``ArgsDelta(c.pos,
  c.id, piece)`` to ``events`` (never with ``preview``: such accumulators do not
  use ``run``); a run of fragments with nothing else between them may look their
  call up once (keep ``c`` and ``c.parts`` while the key is the same object; any
  other chunk ends the run: ``NO_KEY`` is the key of none);
- take the whole text: ``c.full = text`` when ``len(text) == c.size``, ``c.error``
  and ``c.tree`` are ``None`` (``set_full`` then);
- end it: set ``c.pd`` if its end carries provider data, then ``c.ended = True;
  finalize(c)``;
- start a call: ``new(key, scope, id, name, needs_end)`` when ``key`` is not in
  ``by_key`` (``open`` then, for a client call without provider data), then do
  what the handler's own general path does after ``open``.

Anything else goes through the methods (a fragment for a call with ``held`` set
included), and a loop that cannot tell must leave the chunk to them.

``whole_value`` says whether a call's argument text so far is one whole JSON object or
array: the scanner state (``Scan``) resumes where it stopped, so each character is
scanned at most once over the whole stream (``Core.delta`` asks it only when a named
delta arrives for a call that already has text).
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, Hashable, List, Optional, Tuple, Union

from .._errors import DecodeError, excerpt
from .._json_ints import write_json
from .._types import InvalidToolCall, ToolCall

__all__ = [
    "BEGUN", "NO_KEY", "NO_VALUE", "OTHER_TEXT", "WHOLE", "Call", "Result", "Scan", "begins_value", "dump",
    "join_open", "no_value", "nonempty_str", "other_version", "reduce_slots", "set_slots", "text_state",
    "whole_text_value", "whole_value",
]

Result = Union[ToolCall, InvalidToolCall]
NO_KEY: Any = object()  # no chunk's key is this object (a hot loop's "no run of fragments")


def reduce_slots(self: Any) -> Any:
    """``__reduce__`` of a stream's state kept in ``__slots__`` (an ``Accumulator``
    checkpointed part-way: pickle, every protocol, 0 and 1 refusing slots without it, and
    ``copy.deepcopy``): a blank object of its class, then the slots that are set."""
    slots = {s: getattr(self, s) for s in type(self).__slots__ if hasattr(self, s)}
    return (_blank, (type(self),), (None, slots))


def _blank(cls: Any) -> Any:
    return cls.__new__(cls)


def set_slots(self: Any, state: Any) -> None:
    """``__setstate__`` of a ``reduce_slots`` object: its slots, every one set (a state
    with other slots, another toolwire's, is refused: ``other_version``, never read
    part-way into an ``AttributeError`` or a wrong state)."""
    slots = state[1] if type(state) is tuple and len(state) == 2 else None
    have = type(self).__slots__
    if type(slots) is not dict or len(slots) != len(have) or not all(name in slots for name in have):
        raise other_version()
    for name in have:
        object.__setattr__(self, name, slots[name])


def other_version(revision: Any = None, reads: int = 0) -> DecodeError:
    """The refusal of a stream checkpoint another toolwire wrote: its state has other fields,
    or its *revision* (given: an excerpt of it) is not the one this version *reads* (``_checkpoint``)."""
    why = "its state has other parts" if revision is None else (
        f"checkpoint revision {excerpt(revision)}, this toolwire reads revision {reads}")
    return DecodeError(
        f"Stream checkpoint at $ was written by another toolwire version ({why}): "
        "load a checkpoint with the version that wrote it (upgrade between streams, not during one)"
    )


class Call:
    """A call under construction; made by ``Core.new`` only (which sets every slot)."""

    __slots__ = (
        "pos", "key", "scope", "id", "name", "parts", "full", "obj", "tree", "open_paths",
        "server", "pd", "needs_end", "ended", "done", "error", "cut", "size", "result", "scan", "held", "seen",
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
    scan: Optional[Scan]  # how far ``whole_value`` read ``parts`` (made at its first question)
    # its name came again after its whole value (or none) with no text, no id telling
    # (``Keyed.delta``): the call kept at the repeat's place, which the next text beginning a
    # value starts (``Keyed._take``), with the id sent after the repeat, if any; ``True`` on
    # that kept call itself until then, the held call once the name came again more than
    # once (a hot loop leaves both to ``delta``)
    held: Union[bool, Call]
    # when its last fragment (or its start, or a whole value) arrived: ``Calls.tick`` then, so
    # the call with the highest is the one that arrived last (``CutJudge.last_call``)
    seen: int

    __reduce__ = reduce_slots

    def __setstate__(self, state: Tuple[None, Dict[str, Any]]) -> None:
        set_slots(self, state)  # (its slots checked first)
        paths = self.open_paths
        if paths:  # keyed by the id of their container: the copy's own
            self.open_paths = {(id(node), key): (node, key, pieces) for node, key, pieces in paths.values()}


# the characters that matter outside strings, inside strings, and a JSON non-whitespace
# character (one class each: no backtracking; each search starts where the last stopped)
_OUTSIDE = re.compile(r'["{}\[\]]')
_INSIDE = re.compile(r'["\\]')
_SOLID = re.compile(r"[^ \t\n\r]")

# ``Scan.state``: whitespace only so far; inside the value (out of strings); inside a
# string; the value closed (whitespace only after it); not one object or array (final)
_BEFORE, _VALUE, _STRING, _CLOSED, _OTHER = range(5)


class Scan:
    """Where ``whole_value`` stopped in a call's text: the fragments read, the nesting
    depth, the state and whether a backslash ended the last fragment (in a string)."""

    __slots__ = ("read", "depth", "state", "escape")
    __reduce__ = reduce_slots
    __setstate__ = set_slots

    def __init__(self) -> None:
        self.read = 0
        self.depth = 0
        self.state = _BEFORE
        self.escape = False


def whole_value(c: Call) -> bool:
    """Whether *c*'s argument text so far (``parts``) is one whole JSON object or array,
    with nothing but whitespace around it. Only the fragments added since the last
    question are read (the state is kept in ``c.scan``); brackets are counted, not
    matched (a text that closes ``{`` with ``]`` is refused when the call is parsed)."""
    s = c.scan
    if s is None:
        s = c.scan = Scan()
    parts = c.parts
    end = len(parts)
    if s.state != _OTHER:
        for i in range(s.read, end):
            _advance(s, parts[i])
    s.read = end
    return s.state == _CLOSED


def whole_text_value(text: str) -> bool:
    """Whether *text* alone is one whole JSON object or array, read as ``whole_value`` reads a
    call's text."""
    s = Scan()
    _advance(s, text)
    return s.state == _CLOSED


def _advance(s: Scan, text: str) -> None:
    """Read *text* (a non-empty fragment) on from the state *s*."""
    state, depth, n = s.state, s.depth, len(text)
    pos = 0
    if s.escape:  # the escaped character opens this fragment
        s.escape = False
        pos = 1
    while pos < n:
        if state == _STRING:
            m = _INSIDE.search(text, pos)
            if m is None:
                break
            pos = m.end()
            if m.group() == '"':
                state = _VALUE
            elif pos < n:
                pos += 1  # the escaped character
            else:
                s.escape = True
        elif state == _VALUE:
            m = _OUTSIDE.search(text, pos)
            if m is None:
                break
            pos = m.end()
            ch = m.group()
            if ch == '"':
                state = _STRING
            elif ch == "{" or ch == "[":
                depth += 1
            else:
                depth -= 1
                if depth == 0:
                    state = _CLOSED
        else:  # _BEFORE or _CLOSED: at depth 0, out of strings
            m = _SOLID.search(text, pos)
            if m is None:
                break
            if state == _BEFORE and m.group() in "{[":
                state, depth, pos = _VALUE, 1, m.end()
            else:
                state = _OTHER
                break
    s.state, s.depth = state, depth


# ``text_state``: no value yet (whitespace only); one begun, not whole; one whole object or
# array; other text (a scalar such as ``null``, or text kept elsewhere)
NO_VALUE, BEGUN, WHOLE, OTHER_TEXT = _BEFORE, _VALUE, _CLOSED, _OTHER


def text_state(c: Call) -> int:
    """Where *c*'s argument text so far stands, read as ``whole_value`` reads it (each
    fragment once): ``NO_VALUE``, ``BEGUN`` (inside a string too), ``WHOLE`` or ``OTHER_TEXT``."""
    if not c.size:
        return _BEFORE
    if not c.parts:  # (text kept elsewhere: a custom tool's input, a whole text)
        return _OTHER
    whole_value(c)
    state = c.scan.state  # type: ignore[union-attr]
    return _VALUE if state == _STRING else state


def no_value(c: Call) -> bool:
    """Whether *c*'s argument text so far is nothing but whitespace (none included);
    read as ``whole_value`` reads it (each fragment once)."""
    if not c.size:
        return True
    if not c.parts:  # (text kept elsewhere: a custom tool's input, a whole text)
        return False
    whole_value(c)
    return c.scan.state == _BEFORE  # type: ignore[union-attr]


def begins_value(text: Optional[str]) -> Optional[bool]:
    """Whether *text* begins a JSON object or array (after whitespace); ``None`` when it
    holds nothing but whitespace."""
    if not text:
        return None
    m = _SOLID.search(text)
    return None if m is None else m.group() in "{["


def join_open(c: Call) -> None:
    """Join the growing strings of *c*'s path-built arguments into their containers."""
    assert c.open_paths is not None
    for node, key, pieces in c.open_paths.values():
        node[key] = pieces[0] if len(pieces) == 1 else "".join(pieces)
    c.open_paths.clear()


def add_kept(c: Call, data: Dict[str, Any]) -> None:
    """Add *data*, what a dialect keeps of a delta beside its call's fields (by dialect:
    ``extra`` / ``function_extra`` objects, ``custom``), to *c*'s provider data: later
    deltas add to it (``chat_stream_pieces.keep``; held with a piece under a fresh id, ``Fresh``)."""
    pd = c.pd
    if pd is None:
        pd = c.pd = {}
    merge_kept(pd, data)


def merge_kept(pd: Dict[str, Any], data: Dict[str, Any]) -> None:
    """Merge *data* into *pd* as ``add_kept`` does (an object's keys added to the one there)."""
    for dialect, fields in data.items():
        mine = pd.get(dialect)
        if mine is None:
            mine = pd[dialect] = {}
        for field, value in fields.items():
            if type(value) is dict:
                mine.setdefault(field, {}).update(value)
            else:
                mine[field] = value


def nonempty_str(value: Any) -> Optional[str]:
    """*value* when it is a non-empty string, else ``None`` (a stream's ``""`` id or
    name is no id or name)."""
    return value if type(value) is str and value else None


def dump(value: Any) -> str:
    """Compact JSON text of *value*, its integers whole whatever the interpreter's digit limit."""
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except ValueError:  # an integer longer than a lowered limit (else raised again)
        return write_json(value, ensure_ascii=False, separators=(",", ":"))
