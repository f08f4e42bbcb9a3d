"""The ``Dialect`` record: one wire API as data, with typed fields.

A dialect pairs, side by side, the decoder and encoder of each thing a wire API
carries (calls, tool definitions, tool results) with its shape claims, id rule and
tool-name rule, and declares what spans providers (its SDK readers, stream reader,
assistant-message builder) as fields, so that third-party dialects get everything
built-ins get. ``Registry`` holds dialects; ``_builtin`` the default one. The record of
its ``history`` field (``HistoryCodec``, ``Pairing``) is in ``_history_codec``, named
here too (where pickles of dialects written by earlier versions look for it).
"""

from __future__ import annotations

import sys
from dataclasses import MISSING, dataclass, field, fields
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Dict,
    FrozenSet,
    Iterable,
    Iterator,
    List,
    Mapping,
    Optional,
    Pattern,
    Sequence,
    Tuple,
)

from ._finish_reasons import FINISH_REASONS, finish_lookup, finish_word, key_of
from ._history_codec import HistoryCodec, Pairing
from ._id_rule import IdRule
from ._target import Target

if TYPE_CHECKING:
    from ._args import Policy
    from ._types import Tool, ToolCall, ToolResult

__all__ = [
    "CALL",
    "FINISH_REASONS",
    "CALLS",
    "OTHER",
    "Choice",
    "RESULT",
    "SERVER",
    "TOOL",
    "Dialect",
    "EncodeContext",
    "HistoryCodec",
    "Pairing",
    "ResponseReader",
    "Sniff",
    "finish_lookup",
    "finish_word",
    "key_of",
]

# What a payload is, as told by ``Dialect.sniff``.
CALL = "call"  # one tool call the client executes
SERVER = "server"  # one tool call the provider executes itself
CALLS = "calls"  # a container of items: a message, a response, a list of blocks
TOOL = "tool"  # a tool definition
RESULT = "result"  # a tool result
OTHER = "other"  # an item of this dialect that carries no call (text, reasoning...)

Sniff = Callable[[Any], Optional[Tuple[str, str]]]
#: One alternative reply of several (``Dialect.choices``): its container (``None`` when
#: the provider left it out), its path, its finish reason and the provider's words on
#: its failure (Gemini's ``finishMessage``), each ``None`` when absent
Choice = Tuple[Any, str, Optional[str], Optional[str]]


@dataclass
class EncodeContext:
    """State of one encode: the id map of the conversation, the call's position, where
    an encoder notes what it writes in another form than it was given (``note``;
    ``None`` when nobody asked: ``encode(report=...)``, ``encode_result(report=...)``,
    ``encode_conversation(report=...)``), and the name of the dialect written to, which
    its notes say (``named``: a dialect derived from a built-in with
    ``dataclasses.replace(..., name=...)`` shares the built-in's encoders)."""

    ids: Any = None  # an IdMap for this dialect's rule, or None
    position: int = 0
    notes: Optional[List[Tuple[str, str, str]]] = None  # (kind, before, after): see ``note``
    target: str = ""  # the name of the dialect written to, where notes are taken ("": the encoder's own)

    def named(self, own: str) -> str:
        """The name a note says for the dialect written to: ``target``, else *own* (the
        encoder's dialect)."""
        return self.target or own

    def note(self, kind: str, before: str, after: str) -> None:
        """Notes a lossy step in writing a result, said as ``"{before} the result for
        {who} {after}"`` (``encode_result`` names the result, ``encode_conversation``
        its message too), or a call, said as ``"The call {who} came with {before} and is
        written {after}"``: *kind* ``"converted"`` (a part written in another form) or
        ``"dropped"`` (something not written at all)."""
        if self.notes is not None:
            self.notes.append((kind, before, after))


def _no_children(data: Any, loc: str) -> Iterator[Tuple[Any, str]]:
    return iter(())


def _no_finish(data: Any) -> Optional[str]:
    return None


def _may_hold_calls(data: Dict[str, Any]) -> bool:
    return True


def _finished(data: Dict[str, Any], raw_finish: Optional[str]) -> bool:
    return False


# what a response reader gives: (text, reasoning, refusal, raw finish reason, usage, parsed)
ResponseFields = Tuple[str, str, Optional[str], Optional[str], Any, Any]


@dataclass(frozen=True)
class ResponseReader:
    """How ``toolwire.response.normalize`` reads a dialect's whole responses.

    - ``detect(data)``: whether a plain dict is a whole response of this dialect
      (asked in registry order when no provider is named);
    - ``read(data)``: ``(text, reasoning, refusal, raw finish reason, usage,
      parsed)``, with ``usage`` a ``toolwire.response.Usage``; an ``AttributeError``,
      ``TypeError``, ``KeyError`` or ``IndexError`` it raises is a malformed response,
      any other exception (here or in the other callables) a ``DecodeError`` naming
      the dialect;
    - ``may_hold_calls(data)``: a cheap check of whether it can hold tool calls at
      all (the dialect's call decoders run only then);
    - ``keys``: optional, top-level keys of which a response must have at least one
      for ``detect`` to be asked (``None``: always ask);
    - ``unfinished(data, raw finish reason)``: optional, whether the provider says the
      reply did not finish (cancelled, still running); a reply without a finish field
      is not unfinished;
    - ``from_object(obj)``: optional, the fields an SDK object holds beyond its plain
      data (a property no dump has: openai's ``ParsedResponse.output_parsed``), merged
      over that data before ``read``;
    - ``inline_think``: whether the text can carry a chat template's think block
      (``<think>…</think>`` inline: OpenAI-compatible Chat, Mistral, Ollama), moved to
      the reasoning; ``False`` (the default) for an API whose reasoning has a channel of
      its own, whose text is then the answer's own words;
    - ``commentary(data)``: optional, the text the provider labels as commentary beside
      the answer (Responses ``phase: "commentary"`` messages: preambles, status
      updates), which ``read`` leaves out of the text: ``Response.commentary``.
    """

    detect: Callable[[Dict[str, Any]], bool]
    read: Callable[[Dict[str, Any]], ResponseFields]
    may_hold_calls: Callable[[Dict[str, Any]], bool] = _may_hold_calls
    keys: Optional[FrozenSet[str]] = None
    unfinished: Callable[[Dict[str, Any], Optional[str]], bool] = _finished
    from_object: Optional[Callable[[Any], Dict[str, Any]]] = None
    inline_think: bool = False
    commentary: Optional[Callable[[Dict[str, Any]], str]] = None


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
      ``finish(data)``: a container's finish reason; ``failure(data)``: optional, the
      provider's own words on why a reply it reports as failed failed (Gemini
      ``finishMessage``, a Responses ``error``), for error messages; ``peek(item)``: a
      call item's ``(name, id)`` without decoding it (for error messages); ``choices(data, loc)``:
      optional, the alternative replies of a response that can hold several (Chat
      ``choices``, Gemini ``candidates``) as ``Choice`` tuples ``(container, path,
      finish reason, failure words)``, or
      ``None`` when *data* holds no such list (``decode_all(choice=...)`` takes one).
      ``list_items(items)``: optional, the items of a plain list (each with its path)
      read together as the dialect reads its containers' items (Gemini: a nameless
      argument part merged into the call before it); asked of the named dialect, or
      of every dialect that has one when none is named (of a dialect that declares
      ``keys``, only when some dict item of the list has one of them).

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
    ``stream`` is the factory of its stream reader (``toolwire.stream``):
    ``stream(core)`` gives an object with ``feed(chunk: dict)`` and ``close()``
    (and optionally ``run(chunks, other)``, a loop over a whole stream).
    ``stream_detect(chunk)`` claims a plain stream chunk for this dialect (stream
    detection asks the dialects in registry order, event-typed ones first);
    ``stream_events`` are the ``"type"`` values of an event-typed stream: a chunk of
    one of those types is detected by one lookup, and a dialect that declares them
    is asked only about chunks with a string ``"type"``. ``sdk_stream_events`` maps
    ``"package:QualName"`` of an SDK stream helper's event class to the attribute
    holding the provider's chunk, or to ``""`` for an event derived from chunks the
    helper also yields (skipped: reading it too would count its text twice).
    ``stream_encoder(calls, fragments, *, split, **options)`` writes canonical calls
    as the stream's chunks (``encode_stream``; *fragments* is each call's argument
    text in pieces, *split* the function that cut them); ``stream_options(calls)``
    lists the keyword sets beyond the default with which it can write *calls* (each
    another wire form the provider sends, e.g. Vertex ``partialArgs``), for
    ``strategies.streams``. ``stream_misfed(chunk)`` says, where no streaming dialect
    claims the first chunk with data, what that chunk is if it is something of this
    provider's other than a chunk (boto3's whole ``converse_stream`` response: pass its
    ``stream``), or gives ``None``; the words go into the error. ``response`` (a ``ResponseReader``) reads a
    whole response (``toolwire.response.normalize``); ``finish_reasons`` maps the
    provider's finish reasons to ``stop, length, tool_calls, content_filter,
    refusal, context_window, pause, error, other``; ``unfinished_reasons`` lists the
    provider's finish reasons that say the reply has not finished (cancelled, timed
    out, still running: Cohere ``TIMEOUT``, a Responses ``status`` ``queued``), which
    no normalised reason says: its calls are cut off and without one it is no answer,
    in whole replies, streams and as the ``finish_reason=`` keyword. ``message_envelope(items,
    content)`` is the container holding call items where the dialect has no
    assistant message (Responses: a request's input history), and
    ``response_envelope(items, content, finish=None)`` a whole reply holding them,
    as the provider sends it (``toolwire.strategies``). ``batch_envelope(line)``
    opens one parsed line of the provider's batch results file to an ``Envelope``
    (the ``custom_id``, the response body or a one-line error), or gives ``None``
    for a line of another format (``dialects.batch_files.open_envelope``, the CLI).
    ``text_module`` names the module of a ``text.*`` format. ``history`` (a
    ``HistoryCodec``) reads and writes whole conversations. ``builtin_tool(pd)``
    names the kind of a tool the provider defines itself (Anthropic's versioned
    ``web_search_…``, Bedrock's ``systemTool``) from this dialect's provider data of a
    decoded tool, or gives ``None``: ``encode_tool`` to another dialect refuses such a
    tool (written there as a function tool, it would come without its schema).
    ``tool_entry(entry)`` reads one entry of the provider's request ``tools`` list that
    is not one function definition: ``[]`` for a tool the provider runs itself
    (Responses ``{"type": "web_search"}``, Gemini ``{"googleSearch": {}}``, a Bedrock
    ``cachePoint``), ``(path, definition)`` pairs for an entry of several (Gemini
    ``functionDeclarations``), ``None`` for anything else (``validate_call``).
    ``structured`` lists the provider's structured-output targets (``Target``
    records: ``toolwire.schema.render``, ``toolwire.retry``), looked up by their id
    or an alias. ``result_read_back(result)`` is what ``decode_result`` gives for what
    ``encode_result`` wrote of *result*, where the wire does not carry all of it (no
    tool name: ``name=None``); ``None`` means the result itself
    (``strategies.payloads(kind="result")`` expects it). ``scope(pd)`` reads, from the
    provider data a call or tool keeps under this dialect's name, the group it is named
    in beside its name (a Responses ``namespace``), or ``None``: ``validate_call``
    matches a call to a tool by both, and ``encode`` to another dialect refuses a call
    or tool that has one of another name (written by its bare name, it would name
    another tool). ``argument_keys`` are the keys the dialect's wire holds a call's
    arguments under, its call object's own first (Chat ``("arguments",)``, Anthropic
    ``("input",)``, MCP ``("arguments", "params")``: JSON-RPC's word); registering the
    dialect adds them to the keys every dialect refuses a call for setting while its
    own arguments field is absent or empty (``{"function": {"name": "f", "input":
    {...}}}`` read as Chat would run without them). ``id_placeholders`` are the keys of the
    provider data a call keeps under this dialect's name that stand for its wire id as
    received (Chat's ``no_id``, an ``id`` of ``""``, ``legacy``: a ``function_call`` has
    none): an id made for an id-less call (``convert``, ``encode_conversation``) drops
    them and keeps the rest (Gemini's signature in a Chat call's ``extra_content``);
    ``None``, the whole entry is dropped. ``items_in_order``: a reply holds its text and
    reasoning among its calls in the order the model wrote them (Anthropic and Bedrock
    content blocks, Gemini parts, Responses output items), so such an item after a call
    shows the call was whole under a token-limit finish (``_cut_last.goes_on``);
    ``blank_item(item)``: optional, whether such an item shows nothing all the same (a
    Gemini part of empty text alone, which a stream's final chunk may carry).
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
    list_items: Optional[Callable[[List[Tuple[Any, str]]], Iterable[Tuple[Any, str]]]] = None
    finish: Callable[[Any], Optional[str]] = _no_finish
    failure: Optional[Callable[[Dict[str, Any]], Optional[str]]] = None
    aliases: Tuple[str, ...] = ()
    description: str = ""
    keys: Optional[FrozenSet[str]] = None
    gate: Optional[Callable[[Tuple[Any, ...], Optional[str]], bool]] = None
    detect: Optional[Sniff] = None
    peek: Optional[Callable[[Dict[str, Any]], Tuple[Any, Any]]] = None
    choices: Optional[Callable[[Dict[str, Any], str], Optional[List[Choice]]]] = None
    sdk_calls: Mapping[str, Callable[[Any], Optional[Dict[str, Any]]]] = field(default_factory=dict)
    sdk_responses: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    assistant_message: Optional[Callable[..., Dict[str, Any]]] = None
    stream: Optional[Callable[[Any], Any]] = None
    stream_detect: Optional[Callable[[Dict[str, Any]], bool]] = None
    stream_events: FrozenSet[str] = frozenset()
    sdk_stream_events: Mapping[str, str] = field(default_factory=dict)
    stream_encoder: Optional[Callable[..., List[Dict[str, Any]]]] = None
    response: Optional[ResponseReader] = None
    finish_reasons: Mapping[str, str] = field(default_factory=dict)
    message_envelope: Optional[Callable[..., Dict[str, Any]]] = None
    response_envelope: Optional[Callable[..., Dict[str, Any]]] = None
    batch_envelope: Optional[Callable[[Dict[str, Any]], Any]] = None
    text_module: Optional[str] = None
    history: Optional[HistoryCodec] = None
    builtin_tool: Optional[Callable[[Dict[str, Any]], Optional[str]]] = None
    tool_entry: Optional[Callable[[Dict[str, Any]], Optional[List[Tuple[str, Any]]]]] = None
    structured: Tuple[Target, ...] = ()
    result_read_back: Optional[Callable[[ToolResult], ToolResult]] = None
    stream_options: Optional[Callable[[Sequence[ToolCall]], Tuple[Dict[str, Any], ...]]] = None
    scope: Optional[Callable[[Any], Optional[str]]] = None
    unfinished_reasons: FrozenSet[str] = frozenset()
    argument_keys: Tuple[str, ...] = ()
    id_placeholders: Optional[FrozenSet[str]] = None
    stream_misfed: Optional[Callable[[Dict[str, Any]], Optional[str]]] = None
    items_in_order: bool = False
    blank_item: Optional[Callable[[Any], bool]] = None

    def __reduce__(self) -> Any:
        # built-in dialects (``dialects.BUILTIN``) pickle by name (distributed engines
        # ship functions that hold them); others by value, which needs picklable
        # callables, registered or not (a fresh worker has not registered them). The
        # built-ins are looked up, not imported (no import cycle with ``dialects``)
        package = __name__.rpartition(".")[0]
        builtins = getattr(sys.modules.get(package + ".dialects"), "BUILTIN", ())
        if any(self is b for b in builtins):
            return (sys.modules[package + "._builtin"].get_dialect, (self.name,))
        return (_rebuild_dialect, (type(self), _set_fields(self)))


def _set_fields(d: Dialect) -> Dict[str, Any]:
    """The fields of *d* that are not at their default: one a later version adds stays out
    of the pickle of a dialect that leaves it unset, so that pickle loads in an older build
    too (whose ``Dialect`` takes no such keyword: a fleet of workers of mixed versions)."""
    out: Dict[str, Any] = {}
    for f in fields(d):
        v = getattr(d, f.name)
        if f.default is not MISSING:
            default = f.default
        elif f.default_factory is not MISSING:
            default = f.default_factory()
        else:
            out[f.name] = v
            continue
        if v is not default and (type(v) is not type(default) or v != default):
            out[f.name] = v
    return out


def _rebuild_dialect(cls: type, fields: Dict[str, Any]) -> Dialect:
    dialect: Dialect = cls(**fields)
    return dialect
