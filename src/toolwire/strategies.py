"""Hypothesis strategies for canonical values and for the wire payloads of every dialect.

Install with the ``fuzz`` extra (it brings hypothesis); ``import toolwire`` never
imports this module. Fuzz your own adapter with realistic provider payloads::

    from hypothesis import given
    from toolwire import strategies as tws

    @given(tws.payloads("openai.chat", kind="response"))
    def test_my_adapter_reads_chat_responses(payload):
        my_adapter.read(payload)                    # a ChatCompletion dict

    @given(tws.payloads(expected=True))             # any wire dialect, the call kinds
    def test_decodes_back(p):
        assert toolwire.decode_all(p.value, p.dialect) == p.expected

    @given(tws.streams("anthropic.messages", expected=True))
    def test_stream(s):                             # events as dicts, JSON, SSE or bytes; arguments fragmented
        assert toolwire.stream.accumulate(s.chunks, s.dialect) == s.calls

    @given(tws.corrupted(tws.payloads("gemini")))
    def test_never_crashes(bad):                    # truncated, double-encoded, ...
        try:
            my_adapter.read(bad)
        except MyAdapterError:
            pass

Every payload is written by toolwire's own encoders (``encode``, ``encode_tool``,
``encode_result``, ``stream.encode_stream``) inside the envelopes providers send
(each dialect's ``assistant_message``, ``message_envelope`` and ``response_envelope``),
and decodes back to the canonical values it was built from (the project's tests
check that for every dialect and kind).

Strategies: ``json_values``, ``arguments``, ``tool_calls``, ``tools``,
``tool_results``, ``payloads``, ``streams``, ``corrupted``, ``conversations``
(whole valid histories). Knobs are keyword-only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from ._builtin import get_dialect
from ._dialect import Dialect, EncodeContext
from ._encode import encode, encode_result, encode_tool
from ._errors import EncodeError, ToolwireError
from ._strategies_conversation import conversations
from ._strategies_corrupt import CORRUPTIONS, check_corruptions, corrupt
from ._strategies_plans import CALL_KINDS, KINDS, _Plan, _plan, _plans, _stream_dialects, _wire_dialects, reduced
from ._strategies_transport import as_text, check_transports, cutter, framed
from ._strategies_values import (
    _TEXT,
    DialectArg,
    arguments,
    check_calls,
    check_count,
    check_flag,
    check_strategy,
    decoded_result,
    dialects_of,
    json_values,
    tool_calls,
    tool_results,
    tools,
)
from ._types import ToolCall, new_call
from ._walk import detect
from .dialects._common import encode_id, scoped

__all__ = [
    "CALL_KINDS",
    "CORRUPTIONS",
    "KINDS",
    "STREAM_DIALECTS",
    "WIRE_DIALECTS",
    "Payload",
    "Stream",
    "arguments",
    "conversations",
    "corrupted",
    "json_values",
    "payloads",
    "streams",
    "tool_calls",
    "tool_results",
    "tools",
]

if TYPE_CHECKING:
    #: The wire dialects, and those with a stream encoder and accumulator (``__getattr__``)
    WIRE_DIALECTS: Tuple[str, ...]
    STREAM_DIALECTS: Tuple[str, ...]


def __getattr__(name: str) -> Any:
    # ``WIRE_DIALECTS`` and ``STREAM_DIALECTS``: read from the registry when asked, so a
    # registered third-party dialect is drawn as the built-ins are
    if name == "WIRE_DIALECTS":
        return _wire_dialects()
    if name == "STREAM_DIALECTS":
        return _stream_dialects()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> Any:
    return sorted({*globals(), "WIRE_DIALECTS", "STREAM_DIALECTS"})


class Payload(NamedTuple):
    """A generated payload with what it must decode to (``payloads(expected=True)``).

    ``expected`` is what the value decodes to: the list of ``ToolCall`` for the call
    kinds, the ``Tool`` for ``tool`` and the ``ToolResult`` for ``result`` (no name
    where the result wire has none; MCP text as content blocks).
    """

    dialect: str
    kind: str
    value: Any
    expected: Any


class Stream(NamedTuple):
    """A generated stream with its calls (``streams(expected=True)``)."""

    dialect: str
    chunks: List[Any]
    calls: List[ToolCall]


def _stop(d: Dialect) -> Optional[str]:
    """The provider's finish reason of a reply that ended without calling a tool."""
    return next((raw for raw, norm in d.finish_reasons.items() if norm == "stop"), None)


def _unique_ids(calls: List[ToolCall]) -> bool:
    seen = [c.id for c in calls if c.id is not None]
    return len(seen) == len(set(seen))


def _written(d: Dialect, calls: List[ToolCall]) -> List[ToolCall]:
    """*calls* with the ids *d*'s encoder writes for them (passed, mapped into its rule, or
    made where it needs one and a call has none): what its payloads decode back to."""
    out = []
    for i, c in enumerate(calls):
        ident = encode_id(c, EncodeContext(position=i), d.ids, scoped(c, d.name))
        out.append(c if ident == c.id else new_call(c.name, c.args, ident, c.raw, c.provider_data, c.repairs, c.server))
    return out


@st.composite
def _payload(draw: Any, plans: Sequence[_Plan], min_calls: int, max_calls: int, text: bool) -> Payload:
    plan = draw(st.sampled_from(plans))
    d = plan.dialect
    name = d.name
    k = draw(plan.kinds)
    if k == "tool":
        tool = draw(plan.tools)
        return _textual(draw, Payload(name, k, encode_tool(tool, d), tool), text)
    if k == "result":
        result = draw(plan.results)
        return _textual(draw, Payload(name, k, encode_result(result, d), decoded_result(d, result)), text)
    n = 1 if k == "item" else draw(st.integers(min_calls, max_calls))
    cs = _written(d, draw(st.lists(plan.calls, min_size=n, max_size=n).filter(_unique_ids)))
    items = [encode(c, d, position=i) for i, c in enumerate(cs)]
    if k == "item":
        value: Any = items[0]
    elif k == "items":
        value = items
    else:
        content = draw(st.none() | _CONTENT)
        if k == "message":
            build = d.message_envelope or d.assistant_message
            assert build is not None  # _kinds offers only the containers the dialect has
            if not items and _refuses_empty(build, content):  # a turn of text: Gemini, Bedrock, Anthropic
                content = draw(_CONTENT.filter(lambda s: not s.isspace()))
            value = build(items, content)
        else:
            assert d.response_envelope is not None
            # no call: the reply ended as a plain answer does (its envelope's default
            # finish reason says the model called a tool)
            value = d.response_envelope(items, content) if items else d.response_envelope(items, content, _stop(d))
    return _textual(draw, Payload(name, k, value, cs), text)


_CONTENT = st.text(_TEXT, min_size=1, max_size=40)


def _refuses_empty(build: Any, content: Optional[str]) -> bool:
    """Whether the message builder *build* refuses a turn of no calls and *content*
    (``EncodeError``: the provider refuses an empty turn, e.g. Gemini ``parts: []``)."""
    try:
        build([], content)
    except EncodeError:
        return True
    return False


def _textual(draw: Any, p: Payload, text: bool) -> Payload:
    return p._replace(value=as_text(draw, p.value)) if text else p


def payloads(
    dialect: Union[DialectArg, Sequence[Union[str, Dialect]]] = None,
    *,
    kind: Union[str, Sequence[str], None] = None,
    min_calls: int = 1,
    max_calls: int = 3,
    calls: Optional[SearchStrategy[ToolCall]] = None,
    text: bool = False,
    expected: bool = False,
) -> SearchStrategy[Any]:
    """Valid wire payloads of *dialect* (one id, several, or every wire dialect when ``None``).

    ``kind``: ``"item"`` (one call item), ``"items"`` (a list of them),
    ``"message"`` (an assistant message / request history), ``"response"`` (a
    whole reply), ``"tool"`` (a tool definition), ``"result"`` (a tool result), or
    several of them; default: the four call kinds the dialect has (MCP and
    ``canonical`` have no messages or responses: left out when no dialect is named,
    a ``ValueError`` when named). ``min_calls``/``max_calls`` bound the calls of a
    list, message or response (0: a reply that called no tool; a message of no call holds
    text where the provider refuses an empty turn: Gemini, Bedrock, Anthropic); ``calls`` replaces the call
    strategy (an id the dialect refuses, or none where it needs one, is mapped or made
    as ``encode`` does, and ``expected`` holds that id). ``text=True`` also gives the payload
    as JSON text (``str`` or ``bytes``). ``expected=True`` gives ``Payload``
    tuples ``(dialect, kind, value, expected)`` instead of bare values.

    >>> payloads("openai.chat", kind="response").example()  # doctest: +SKIP
    {'id': 'chatcmpl-0', 'object': 'chat.completion', 'created': 1764460800, 'model': 'gpt-4o', 'choices': [...], ...}
    """
    check_calls(min_calls, max_calls)
    check_flag("text", text)
    check_flag("expected", expected)
    strategy = _payload(_plans(dialect, kind, calls), min_calls, max_calls, text)
    return strategy if expected else strategy.map(lambda p: p.value)


@st.composite
def _stream(draw: Any, plans: Sequence[_Plan], min_calls: int, max_calls: int, transport: Any) -> Stream:
    from .stream._accumulate import encode_stream  # lazy: the stream handlers load on first use

    plan = draw(st.sampled_from(plans))
    d = plan.dialect
    name = d.name
    raw = draw(st.lists(plan.calls, min_size=min_calls, max_size=max_calls).filter(_unique_ids))
    cs = _written(d, raw)
    sizes = draw(st.lists(st.integers(1, 9), min_size=1, max_size=6))
    forms = d.stream_options
    options: Dict[str, Any] = {}
    if forms is not None:
        offered = forms(cs)
        fitted = _written(d, [reduced(c) for c in raw]) if not offered and plan.own_calls else []
        if fitted and draw(st.booleans()) and forms(fitted):
            # the calls reduced to what another form takes, in that form (Vertex ``partialArgs``
            # takes no id and no empty container, rare in calls as drawn: it was 1 Gemini
            # stream in 60; so about 1 in 4)
            cs = fitted
            options = dict(draw(st.sampled_from(forms(fitted))))
        else:
            options = dict(draw(st.sampled_from(((), *offered))))
    chunks: List[Any] = encode_stream(cs, d, split=cutter(sizes), **options)
    return Stream(name, framed(d, chunks, draw(st.sampled_from(transport))), cs)


def streams(
    dialect: Union[DialectArg, Sequence[Union[str, Dialect]]] = None,
    *,
    min_calls: int = 1,
    max_calls: int = 3,
    calls: Optional[SearchStrategy[ToolCall]] = None,
    transport: Union[str, Sequence[str]] = ("dict", "json", "sse", "bytes"),
    expected: bool = False,
) -> SearchStrategy[Any]:
    """Valid streams: the chunk/event sequence of *dialect* for random calls, with each
    call's argument text cut into random fragments (and the fragments of parallel
    calls interleaved where the dialect allows it; Vertex ``partialArgs`` for Gemini).

    ``transport``: how chunks are given — ``"dict"``, ``"json"`` (JSON text per
    chunk), ``"sse"`` (the dialect's SSE framing: ``event:`` and ``data:`` lines for
    Responses, Anthropic and Cohere, ``data:`` lines and ``data: [DONE]`` for Chat and
    Mistral, ``data:`` lines for the others), ``"bytes"``. ``calls``: as for
    ``payloads`` (ids mapped or made as the stream encoder does). A stream without
    calls (``min_calls=0``) ends with the plain stop reason. ``expected=True``
    gives ``Stream`` tuples ``(dialect, chunks, calls)`` instead of chunk lists.

    >>> streams("openai.chat", transport="sse").example()  # doctest: +SKIP
    ['data: {"id": "chatcmpl-0", "object": "chat.completion.chunk", ...}\\n\\n', ..., 'data: [DONE]\\n\\n']
    >>> streams("anthropic.messages", transport="sse").example()  # doctest: +SKIP
    ['event: message_start\\ndata: {"type": "message_start", ...}\\n\\n', ...]
    """
    check_calls(min_calls, max_calls)
    check_strategy("calls", calls)
    check_flag("expected", expected)
    ds = tuple(map(get_dialect, _stream_dialects())) if dialect is None else dialects_of(dialect)
    plans = []
    for d in ds:
        if d.stream_encoder is None or d.stream is None:
            raise ValueError(f"dialect {d.name} has no stream encoder; streaming dialects: "
                             f"{', '.join(_stream_dialects())}")
        plans.append(_plan(d, CALL_KINDS, calls))
    if not plans:
        raise ValueError("streams needs at least one dialect")
    strategy = _stream(plans, min_calls, max_calls, check_transports(transport))
    return strategy if expected else strategy.map(lambda s: s.chunks)


def corrupted(
    payloads: SearchStrategy[Any], *, kinds: Union[str, Sequence[str], None] = None, max_steps: int = 2
) -> SearchStrategy[Any]:
    """Realistic corruptions of the values *payloads* gives (``Payload``/``Stream``
    tuples are unwrapped): 1 to *max_steps* of ``CORRUPTIONS`` —

    ``empty`` (the value or a part of it becomes ``None``, ``""``, ``"null"``, ``{}``, ``[]``...),
    ``double-encoded`` (JSON text of the value or of a part, argument text encoded twice),
    ``truncated`` (JSON text cut short, never to nothing: the value's, or of an object or
    array inside it such as an argument string; or a list given as data, a stream's
    chunks or call items, cut to its first elements; ids, names and tags stay whole),
    ``wrong-dialect`` (a field of another dialect's payload grafted in, or a key renamed
    to its spelling), ``missing-id`` (id fields removed), ``extra-fields`` (unknown keys
    added), ``wrong-types`` (a part replaced by a value of another type). *kinds*: one
    of them or several (default: all). Each step changes the value; a value none of the
    drawn corruptions can change (``missing-id`` of ``[]``) is not drawn.

    A corrupted value is not always invalid: unknown keys, a grafted field, a left-out
    optional id or a list of calls cut between calls often leave a payload the
    provider's SDK accepts and that decodes to the same (or fewer) calls. Assert only
    that nothing but your own error escapes (docs/fuzzing.md).

    >>> corrupted(payloads("openai.chat"), kinds=["truncated"]).example()  # doctest: +SKIP
    '{"id": "call_x", "type": "function", "function": {"name": "f", "argu'
    """
    if not isinstance(payloads, SearchStrategy):
        raise TypeError(f"corrupted takes a strategy (payloads(), streams()...), got {type(payloads).__name__}")
    check_count("max_steps", max_steps, 1)  # 0 and -3 gave one step
    chosen = check_corruptions(kinds)
    others = _payload(_plans(None, None, None), 1, 2, False)
    return _corrupted(payloads, chosen, max_steps, others)


@st.composite
def _corrupted(draw: Any, payloads: SearchStrategy[Any], kinds: Sequence[str], max_steps: int,
               others: SearchStrategy[Payload]) -> Any:
    value = draw(payloads)
    own = _dialect_of(value)
    # ``wrong-dialect``'s donors: payloads of the other dialects
    donors = others.filter(lambda p: p.dialect != own).map(lambda p: p.value)
    return corrupt(draw, _unwrap(value), kinds, max_steps, donors)


def _dialect_of(value: Any) -> Optional[str]:
    """The dialect of a drawn value: a ``Payload``'s or ``Stream``'s, else the one
    ``detect`` names (``None`` where it names none)."""
    if isinstance(value, (Payload, Stream)):
        return value.dialect
    try:
        return detect(value)
    except ToolwireError:
        return None


def _unwrap(value: Any) -> Any:
    if isinstance(value, Payload):
        return value.value
    if isinstance(value, Stream):
        return value.chunks
    return value
