"""Canonical conversation values: ``Conversation``, ``Message`` and the message parts.

A history is a tuple of ``Message`` values (role ``system``, ``user``, ``assistant``
or ``tool``), each holding parts in wire order: ``Text``, ``ToolCall``,
``ToolResult`` (the values of ``toolwire``), ``Reasoning`` (kept with the dialect
that made it), ``Media`` (an image by URL or base64 data) and ``Other`` (any other
block, kept as the provider sent it). Light immutable ``__slots__`` values like
the call values: value equality, ``repr``, ``replace(**changes)``.

A decoded ``Message`` remembers the wire message it came from (``wire``): the same
dialect writes that message back byte for byte while the message's role and parts
are still the ones decoded from it.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, Optional, Sequence, Tuple, TypeVar, Union

from .._errors import an, excerpt
from .._types import InvalidToolCall, ToolCall, ToolResult
from .._value import _Frozen, _rebuild, _set

__all__ = [
    "EMPTY_RESULT",
    "starts_turn",
    "stored",
    "stored_calls",
    "stored_id",
    "continued_twice",
    "unresolvable",
    "unresolved",
    "ROLES",
    "Conversation",
    "Field",
    "Media",
    "Message",
    "Other",
    "Part",
    "Reasoning",
    "Text",
]

ROLES = ("system", "user", "assistant", "tool")
# where calls and results may stand: no provider takes a call from another role, or a
# result from the assistant or the system
_RESULT_ROLES = frozenset({"user", "tool"})


#: what ``encode_conversation`` writes for a tool result empty (or blank) to a target refusing one
EMPTY_RESULT = "(no output)"

def wrong_role(role: str, part: Any) -> bool:
    """Whether *part* (a call or a result) stands in a message of a role no provider
    takes it from (``check_conversation``'s ``wrong-role``, refused by
    ``encode_conversation``)."""
    t = type(part)
    if t is ToolCall or t is InvalidToolCall:
        return role != "assistant"
    return t is ToolResult and role not in _RESULT_ROLES


def stored(part: Other, h: Any) -> bool:
    """Whether *part* stands for items its dialect's provider stored (*h*, the history
    codec of its dialect, ``_builtin.history_of``: its ``HistoryCodec.stored``, a Responses
    ``item_reference``, ``previous_response_id``)."""
    return h is not None and part.type in h.stored


def stored_calls(part: Other, h: Any) -> bool:
    """Whether *part* (``stored``) may stand for a stored call (``HistoryCodec.stores_calls``:
    a reference to a reasoning item or a message does not): a result after it whose id no
    call of the history has may answer a call kept there."""
    return stored(part, h) and (h.stores_calls is None or h.stores_calls(part))


def unresolvable(part: Other, index: int, target: str) -> str:
    """Why *part* (``stored``), in message *index*, cannot be written to *target*, a
    dialect that cannot resolve that state (a request field continuing it, which no
    other dialect has: ``previous_response_id``, ``conversation``)."""
    return (f"Message {index} holds the {part.dialect} {part.type!r} {stored_id(part.data.get(part.type))!r}: the "
            f"history continues state {part.dialect} stored, which {target} cannot resolve")


def stored_id(value: Any) -> Any:
    """The id in the value of a request field continuing stored state (``conversation``:
    an id or ``{"id": ...}``)."""
    return value.get("id") if type(value) is dict else value


def continued_twice(dialect: str, index: int, now: Tuple[str, Any], at: int, was: Tuple[str, Any]) -> str:
    """Why the request field continuing stored state ``now`` (its key and ``stored_id``),
    in message *index*, cannot be written with the one ``was`` of message *at* (another):
    one request continues one stored state (OpenAI: one ``previous_response_id``, which
    "Cannot be used in conjunction with `conversation`")."""
    return (f"Message {index} holds the {dialect} {now[0]!r} {now[1]!r}, but message {at} holds the {was[0]!r} "
            f"{was[1]!r}: one {dialect} request continues one stored response or conversation")


def unresolved(who: str, index: int, part: Other, first: int, target: str) -> str:
    """Why the result for *who*, in message *index*, whose id no call of the history has,
    cannot be written to *target* after *part* (``stored``, in message *first*): its call
    may be one stored there, which *target* cannot resolve."""
    return (f"Message {index}: the result for {who} answers no call in the history: its call may be the one the "
            f"{part.dialect} {part.type!r} in message {first} stands for, stored state {target} cannot resolve")


P = TypeVar("P", bound="_Plain")


class _Plain(_Frozen):
    """Immutability, equality on ``_key`` (``_Frozen``), ``repr`` and ``replace`` for
    these values."""

    __slots__ = ()

    def __init__(self, *values: Any) -> None:  # overridden; keeps mypy's view simple
        for f, v in zip(self._fields, values):
            _set(self, f, v)

    def __repr__(self) -> str:
        shown = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._key)
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> Any:
        return (_rebuild, (type(self), tuple(getattr(self, f) for f in self._fields)))

    def replace(self: P, **changes: Any) -> P:
        """A copy with *changes* (field names as keywords)."""
        unknown = set(changes) - set(self._fields)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        obj: P = object.__new__(type(self))
        for f in self._fields:
            _set(obj, f, changes[f] if f in changes else getattr(self, f))
        obj._check()
        return obj

    def _check(self) -> None:
        """Checks the fields as the constructor does (``replace`` and ``append`` too)."""

    def _want(self, field: str, ok: bool, what: str) -> None:
        if not ok:
            raise TypeError(f"{type(self).__name__} {field} must be {what}, got {excerpt(getattr(self, field))}")


class Text(_Plain):
    """Text of a message, never empty (an empty text is no part: Anthropic and Bedrock
    refuse an empty text block)."""

    __slots__ = ("text",)
    _fields = _key = ("text",)
    text: str

    def __init__(self, text: str) -> None:
        _set(self, "text", text)
        self._check()

    def _check(self) -> None:
        if type(self.text) is not str:
            raise TypeError(f"Text needs a str, got {type(self.text).__name__}")
        if not self.text:
            raise ValueError("Text must not be empty (an empty text is no part)")


class Reasoning(_Plain):
    """Thinking / reasoning, readable ``text`` (may be empty: encrypted or redacted)
    and the ``data`` of the wire block or item as ``dialect`` produced it (its
    signature or encrypted content). It goes back only to that dialect (signed Claude
    thinking also between Anthropic and Bedrock: ``HistoryCodec.thinking``)."""

    __slots__ = ("text", "dialect", "data")
    _fields = _key = ("text", "dialect", "data")
    text: str
    dialect: str
    data: Optional[Dict[str, Any]]

    def __init__(self, text: str, dialect: str, data: Optional[Dict[str, Any]] = None) -> None:
        _set(self, "text", text)
        _set(self, "dialect", dialect)
        _set(self, "data", data)
        self._check()

    def _check(self) -> None:
        self._want("text", type(self.text) is str, "a str")
        self._want("dialect", type(self.dialect) is str and bool(self.dialect), "a non-empty str")
        self._want("data", self.data is None or type(self.data) is dict, "a dict (the wire block) or None")


class Media(_Plain):
    """An image (``kind="image"``) or other media outside a tool result: a ``url``
    (http(s), a provider file URI) or base64 ``data`` with its ``media_type``.
    ``dialect`` and ``data_extra`` keep the wire fields this form does not hold."""

    __slots__ = ("kind", "url", "media_type", "data", "dialect", "extra")
    _fields = ("kind", "url", "media_type", "data", "dialect", "extra")
    _key = ("kind", "url", "media_type", "data")
    kind: str
    url: Optional[str]
    media_type: Optional[str]
    data: Optional[str]
    dialect: Optional[str]
    extra: Any

    def __init__(
        self,
        kind: str = "image",
        url: Optional[str] = None,
        media_type: Optional[str] = None,
        data: Optional[str] = None,
        *,
        dialect: Optional[str] = None,
        extra: Any = None,
    ) -> None:
        for f, v in zip(self._fields, (kind, url, media_type, data, dialect, extra)):
            _set(self, f, v)
        self._check()

    def _check(self) -> None:
        self._want("kind", type(self.kind) is str and bool(self.kind), "a non-empty str")
        for f in ("url", "media_type", "data", "dialect"):
            self._want(f, getattr(self, f) is None or type(getattr(self, f)) is str, "a str or None")
        if (self.url is None) == (self.data is None):
            raise ValueError("Media needs exactly one of url and data")

    def data_url(self) -> str:
        """``data:<type>;base64,<data>`` for base64 media, else its URL."""
        if self.data is not None:
            return f"data:{self.media_type or 'application/octet-stream'};base64,{self.data}"
        assert self.url is not None
        return self.url


class Other(_Plain):
    """A block or item no other part holds (documents, files, cache points,
    provider-executed tool calls and their results...), as ``dialect`` sent it;
    ``type`` names it (its block ``type`` or part key)."""

    __slots__ = ("type", "dialect", "data")
    _fields = _key = ("type", "dialect", "data")
    type: str
    dialect: str
    data: Dict[str, Any]

    def __init__(self, type: str, dialect: str, data: Dict[str, Any]) -> None:
        _set(self, "type", type)
        _set(self, "dialect", dialect)
        _set(self, "data", data)
        self._check()

    def _check(self) -> None:
        for f in ("type", "dialect"):
            self._want(f, type(getattr(self, f)) is str and bool(getattr(self, f)), "a non-empty str")
        self._want("data", type(self.data) is dict, "a dict (the wire block)")


Part = Union[Text, ToolCall, InvalidToolCall, ToolResult, Reasoning, Media, Other]
_PART_TYPES = frozenset({Text, ToolCall, InvalidToolCall, ToolResult, Reasoning, Media, Other})


class Message(_Plain):
    """One message (or one Responses input item, one Gemini content): ``role`` and
    ``parts``. ``wire`` is ``(dialect, wire message, role, parts)`` when decoded, and
    may hold after them what the dialect's history reader noted about the message's
    place (Responses: the id of the reasoning item a call came after, which its item id
    needs beside it)."""

    __slots__ = ("role", "parts", "wire")
    _fields = ("role", "parts", "wire")
    _key = ("role", "parts")
    role: str
    parts: Tuple[Part, ...]
    wire: Optional[Tuple[Any, ...]]

    def __init__(self, role: str, parts: Any = (), *, wire: Any = None) -> None:
        _set(self, "role", role)
        _set(self, "parts", parts)
        _set(self, "wire", wire)
        self._check()

    def _check(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"Message role must be one of {', '.join(ROLES)}, got {self.role!r}")
        try:
            ps = tuple(self.parts)
        except TypeError:
            raise TypeError(f"Message parts must be an iterable of parts, got {excerpt(self.parts)}") from None
        for i, p in enumerate(ps):
            if type(p) not in _PART_TYPES:
                raise TypeError(f"Message parts[{i}] is {an(type(p).__name__)}, not a message part")
        _set(self, "parts", ps)

    def original(self, dialect: str) -> Any:
        """The wire message this was decoded from, when it was decoded from *dialect*
        and still holds what was decoded; else ``None``."""
        w = self.wire
        if w is None or w[0] != dialect or w[2] != self.role or (w[3] is not self.parts and w[3] != self.parts):
            return None
        return w[1]

    @property
    def text(self) -> str:
        """The message's text parts, joined by blank lines."""
        return "\n\n".join(p.text for p in self.parts if type(p) is Text)

    @property
    def calls(self) -> Tuple[Union[ToolCall, InvalidToolCall], ...]:
        """The message's calls in order, an ``InvalidToolCall`` among them where a call
        could not be read (it needs an answer too: an error result)."""
        return tuple([p for p in self.parts if type(p) is ToolCall or type(p) is InvalidToolCall])

    @property
    def results(self) -> Tuple[ToolResult, ...]:
        return tuple([p for p in self.parts if type(p) is ToolResult])


class Conversation(_Plain):
    """A history: ``messages`` in order, the ``dialect`` it was decoded from (or
    ``None``) and ``wire``, the request fragment it was decoded from (written back as
    is by that dialect while ``messages`` are unchanged)."""

    __slots__ = ("messages", "dialect", "wire")
    _fields = ("messages", "dialect", "wire")
    _key = ("messages",)
    messages: Tuple[Message, ...]
    dialect: Optional[str]
    wire: Any

    def __init__(self, messages: Any = (), *, dialect: Optional[str] = None, wire: Any = None) -> None:
        _set(self, "messages", messages)
        self._check()
        _set(self, "dialect", dialect)
        _set(self, "wire", None if wire is None else (wire, self.messages))

    def _check(self) -> None:
        try:
            ms = tuple(self.messages)
        except TypeError:
            raise TypeError(
                f"Conversation messages must be an iterable of Message values, got {excerpt(self.messages)}"
            ) from None
        for i, m in enumerate(ms):
            if type(m) is not Message:
                raise TypeError(f"Conversation messages[{i}] is {an(type(m).__name__)}, not a Message")
        _set(self, "messages", ms)

    def original(self, dialect: str) -> Optional[Dict[str, Any]]:
        """The decoded request fragment, when it was *dialect*'s and is unchanged."""
        if self.wire is None or self.dialect != dialect or self.wire[1] != self.messages:
            return None
        frag: Dict[str, Any] = self.wire[0]
        return frag

    def __iter__(self) -> Iterator[Message]:
        return iter(self.messages)

    def __len__(self) -> int:
        return len(self.messages)

    def append(self, *messages: Message) -> Conversation:
        """A new conversation with *messages* added at the end."""
        return self.replace(messages=self.messages + tuple(messages))

    @property
    def calls(self) -> Tuple[Union[ToolCall, InvalidToolCall], ...]:
        """Every message's ``calls``, in order."""
        return tuple(c for m in self.messages for c in m.calls)

    @property
    def results(self) -> Tuple[ToolResult, ...]:
        return tuple(p for m in self.messages for p in m.parts if type(p) is ToolResult)


class Field:
    """The wire of a message that was a top-level field of the request (Anthropic's
    ``system``, Gemini's ``systemInstruction``, Responses ``instructions``...)."""

    __slots__ = ("key", "value")

    def __init__(self, key: str, value: Any) -> None:
        self.key = key
        self.value = value

    def __eq__(self, other: object) -> bool:
        return type(other) is Field and (self.key, self.value) == (other.key, other.value)

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Field({self.key!r}, {self.value!r})"

    def __reduce__(self) -> Any:  # every pickle protocol (0 and 1 refuse slots without it)
        return (type(self), (self.key, self.value))


def starts_turn(messages: Sequence[Message], i: int) -> bool:
    """Whether message *i* starts an assistant turn (an assistant message after another
    role): id-less calls pair with the results before the next one (Gemini pairs a turn's
    calls with the responses of the turn after it). The writer and the check count alike."""
    return messages[i].role == "assistant" and i > 0 and messages[i - 1].role != "assistant"
