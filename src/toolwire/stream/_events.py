"""Stream events: ``CallStarted``, ``ArgsDelta``, ``CallDone``.

Small immutable records, tuples underneath (for speed); the hot paths of the
stream handlers build ``ArgsDelta`` with ``new_event`` directly.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Dict, Optional, Tuple, TypeVar, Union

from .._deep_values import deep_repr
from .._types import InvalidToolCall, ToolCall

__all__ = ["ArgsDelta", "CallDone", "CallStarted", "Event", "new_event"]

Result = Union[ToolCall, InvalidToolCall]
E = TypeVar("E", bound="_Event")


class _Event(Tuple[Any, ...]):
    """Events are small immutable records (tuples underneath, for speed): equal only
    to an event of the same type with the same fields; they pickle and copy as the
    values do."""

    __slots__ = ()
    _fields: Tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return tuple.__hash__(self)

    def __repr__(self) -> str:
        body = ", ".join(f"{f}={deep_repr(v)}" for f, v in zip(self._fields, self))  # an int of any length too
        return f"{type(self).__name__}({body})"

    def __reduce__(self) -> Any:  # pickle and deepcopy: rebuilt by the constructor, from its fields
        return (type(self), tuple(self))

    def __copy__(self: E) -> E:  # immutable: a copy is itself (as for the values)
        return self


#: ``new_event(ArgsDelta, (index, id, delta, None, None))``: an event without ``__new__``'s call.
new_event = tuple.__new__


class CallStarted(_Event):
    """A call appeared. ``index`` is its position in this stream (order of first
    appearance, not the wire index); ``name`` may be ``None`` when the provider
    sends it in a later delta, or its first piece when the provider sends it in
    pieces (the final name is on ``CallDone.call``)."""

    __slots__ = ()
    _fields = ("index", "id", "name")
    index: int = property(itemgetter(0))  # type: ignore[assignment]
    id: Optional[str] = property(itemgetter(1))  # type: ignore[assignment]
    name: Optional[str] = property(itemgetter(2))  # type: ignore[assignment]

    def __new__(cls, index: int, id: Optional[str], name: Optional[str]) -> CallStarted:
        return new_event(cls, (index, id, name))


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
        return new_event(cls, (index, id, delta, preview, path))


class CallDone(_Event):
    """A call ended: ``call`` is a ``ToolCall``, or an ``InvalidToolCall`` when its
    arguments are not a JSON object or the stream ended before the call did."""

    __slots__ = ()
    _fields = ("index", "call")
    index: int = property(itemgetter(0))  # type: ignore[assignment]
    call: Result = property(itemgetter(1))  # type: ignore[assignment]

    def __new__(cls, index: int, call: Result) -> CallDone:
        return new_event(cls, (index, call))


Event = Union[CallStarted, ArgsDelta, CallDone]
