"""The ``Dialect`` record: one wire API as data, with typed fields.

A dialect pairs, side by side, the decoder and encoder of each thing a wire API
carries (calls, tool definitions, tool results) with its shape claims, id rule and
tool-name rule, and declares what spans providers (its SDK readers, stream reader,
assistant-message builder) as fields, so that third-party dialects get everything
built-ins get. ``Registry`` holds dialects; ``_builtin`` the default one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Dict,
    FrozenSet,
    Iterator,
    Mapping,
    Optional,
    Pattern,
    Tuple,
)

from ._ids import IdRule

if TYPE_CHECKING:
    from ._args import Policy
    from ._types import Tool, ToolCall, ToolResult

__all__ = [
    "CALL",
    "CALLS",
    "OTHER",
    "RESULT",
    "SERVER",
    "TOOL",
    "Dialect",
    "EncodeContext",
    "Sniff",
]

# What a payload is, as told by ``Dialect.sniff``.
CALL = "call"  # one tool call the client executes
SERVER = "server"  # one tool call the provider executes itself
CALLS = "calls"  # a container of items: a message, a response, a list of blocks
TOOL = "tool"  # a tool definition
RESULT = "result"  # a tool result
OTHER = "other"  # an item of this dialect that carries no call (text, reasoning...)

Sniff = Callable[[Any], Optional[Tuple[str, str]]]


@dataclass
class EncodeContext:
    """State of one encode: the id map of the conversation, the call's position."""

    ids: Any = None  # an IdMap for this dialect's rule, or None
    position: int = 0


def _no_children(data: Any, loc: str) -> Iterator[Tuple[Any, str]]:
    return iter(())


def _no_finish(data: Any) -> Optional[str]:
    return None


def _unsupported(*args: Any) -> Any:
    raise NotImplementedError


@dataclass(frozen=True)
class Dialect:
    """One wire API, as data: what it claims, and paired decoders and encoders.

    Shapes and detection:

    - ``sniff(data)``: ``(kind, reason)`` when *data* (plain data) has this dialect's
      shape, where kind is one of ``call``, ``server``, ``calls``, ``tool``,
      ``result``, ``other``; else ``None``.
    - ``detect``: optional, a stricter ``sniff`` used for auto-detection (Mistral,
      Cohere and Ollama read Chat-shaped items once named, but claim a payload only
      on evidence of their own).
    - ``keys``: optional; top-level keys of which a dict must have at least one for
      the dialect to claim it in auto-detection; ``None`` means "always ask". A test
      checks the declared keys against every sniffer.
    - ``gate(keys, type_value)``: optional, finer: whether a dict with these
      top-level keys and this ``"type"`` value can be claimed at all.
    - ``children(data, loc)``: the items of a ``calls`` container, with their paths;
      ``finish(data)``: a container's finish reason; ``peek(item)``: a call item's
      ``(name, id)`` without decoding it (for error messages).

    Pairs, side by side: ``decode_call(item, policy, loc)`` / ``encode_call(call,
    ctx)``, ``decode_tool`` / ``encode_tool``, ``decode_result`` / ``encode_result``,
    with the id rule (``ids``) and the tool-name rule (``names``).

    SDK objects: ``sdk_calls`` maps ``"package:QualName"`` of an SDK tool-call class
    to a reader giving its plain wire dict (or ``None``: the generic attribute walk
    reads it), which ``decode_call`` then decodes; ``sdk_responses`` does the same
    for SDK response classes (the calls and finish reasons ``decode_all`` needs).
    The registry's decode plan looks both up by class, once per class.

    Beyond calls: ``assistant_message(items, content)`` builds the dialect's
    assistant message around encoded call items (``encode_message``, ``convert``);
    ``stream`` is the factory of its stream reader (``toolwire.stream``);
    ``text_module`` names the module of a ``text.*`` format.
    """

    name: str
    sniff: Sniff
    decode_call: Callable[[Any, Policy, str], ToolCall]
    encode_call: Callable[[ToolCall, EncodeContext], Dict[str, Any]]
    decode_tool: Callable[[Any, str], Tool]
    encode_tool: Callable[[Tool], Dict[str, Any]]
    decode_result: Callable[[Any, str], ToolResult]
    encode_result: Callable[[ToolResult, EncodeContext], Dict[str, Any]]
    ids: IdRule
    names: Optional[Pattern[str]] = None
    children: Callable[[Any, str], Iterator[Tuple[Any, str]]] = _no_children
    finish: Callable[[Any], Optional[str]] = _no_finish
    aliases: Tuple[str, ...] = ()
    description: str = ""
    keys: Optional[FrozenSet[str]] = None
    gate: Optional[Callable[[Tuple[Any, ...], Optional[str]], bool]] = None
    detect: Optional[Sniff] = None
    peek: Optional[Callable[[Dict[str, Any]], Tuple[Any, Any]]] = None
    sdk_calls: Mapping[str, Callable[[Any], Optional[Dict[str, Any]]]] = field(default_factory=dict)
    sdk_responses: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    assistant_message: Optional[Callable[..., Dict[str, Any]]] = None
    stream: Optional[Callable[[Any], Any]] = None
    text_module: Optional[str] = None

    def __reduce__(self) -> Any:
        # built-in dialects pickle by name (distributed engines ship functions that
        # hold them); others pickle by value, which needs picklable callables
        from ._builtin import default_registry, get_dialect

        try:
            builtin = default_registry().get(self.name) is self
        except Exception:
            builtin = False
        if builtin:
            return (get_dialect, (self.name,))
        return (_rebuild_dialect, (type(self), {f: getattr(self, f) for f in self.__dataclass_fields__}))


def _rebuild_dialect(cls: type, fields: Dict[str, Any]) -> Dialect:
    dialect: Dialect = cls(**fields)
    return dialect
