"""Streaming: one accumulator for tool calls in every streaming dialect.

>>> acc = Accumulator()                     # the dialect is detected from the first chunk
>>> for chunk in stream:                    # dicts, SSE ``data:`` lines / JSON text, SDK objects
...     for event in acc.feed(chunk):       # CallStarted, ArgsDelta, CallDone
...         ...
>>> calls = acc.close()                     # [ToolCall | InvalidToolCall, ...] in order

``accumulate(chunks, dialect=None, **policy)`` does the same in one call.

Rules, the same in every dialect (see ``_stream_core``): correlate by id, then
index, then the latest open call; a new id or name on an occupied index starts a
new call; finalize only at a block/item end or at the end of the stream, never
because the partial text parses; a call cut off (no end event, or text ending
inside a value under a ``length``/``max_tokens`` finish) is an ``InvalidToolCall``
with ``truncated=True``. Arguments go through the one arguments policy; its
keywords (``repair``, ``allow_truncated``, ``max_bytes``...) are accepted here.

``TextParser(dialect, tools=None)`` does the same for tool calls written in model
output text (``text.*`` dialects): ``feed(delta)`` gives ``ContentDelta``,
``ReasoningDelta`` and ``CallEvent`` events; ``close()`` equals ``decode_text``.

``encode_stream(calls, dialect)`` writes canonical calls as a dialect's stream (for
tests and fuzzing), with the argument text split as asked.
"""

from __future__ import annotations

from itertools import chain
from types import MappingProxyType
from typing import Any, Callable, Dict, FrozenSet, Iterable, Iterator, List, Mapping, Optional, Union

from .._args import DEFAULT_POLICY, make_policy
from .._builtin import default_registry
from .._dialect import Dialect
from .._errors import DecodeError, ToolwireError, UnknownDialectError, excerpt
from .._finish import own_finish
from .._policy import check_flag
from .._registry import Registry
from .._types import InvalidToolCall, ToolCall
from ..text._core import CallEvent, ContentDelta, ReasoningDelta, TextParser
from ._chunks import plain_chunks
from ._core import Core
from ._encode import encode_stream
from ._events import ArgsDelta, CallDone, CallStarted, Event
from ._table import HandlerFactory, Hit, StreamTable, accepts, hit_of, streams

__all__ = [
    "Accumulator",
    "ArgsDelta",
    "CallDone",
    "CallEvent",
    "CallStarted",
    "ContentDelta",
    "Event",
    "ReasoningDelta",
    "TextParser",
    "accumulate",
    "detect_stream",
    "encode_stream",
    "stream_dialects",
    "stream_handlers",
]

Result = Union[ToolCall, InvalidToolCall]
Run = Callable[[Iterable[Any], Callable[[Any], None]], None]

# A dialect streams when it declares ``stream=factory``: ``factory(core)`` returns an
# object with ``feed(data: dict)`` and ``close()``, and optionally ``run(chunks,
# other)``: a loop that takes the dict chunks of *chunks* itself (one call for a whole
# stream) and passes any other chunk to ``other``. Detection and the list of streaming
# dialects are derived from the fields of the registry in use (``_table``).


def stream_handlers(registry: Optional[Registry] = None) -> Mapping[str, HandlerFactory]:
    """A read-only view: dialect id -> stream handler factory (``Dialect.stream``) of
    *registry*'s dialects (the default registry's when ``None``), in registry order.
    ``STREAM_HANDLERS`` is this view of the default registry, taken when read."""
    return MappingProxyType(streams(registry).handlers)


def _no_run(*_: Any) -> None:
    raise AssertionError("unreachable")  # no handler yet; or a non-dict from ``plain_chunks``


def stream_dialects(registry: Optional[Registry] = None) -> List[str]:
    """Ids of the dialects that stream (``Dialect.stream``), in registry order."""
    return list(streams(registry).handlers)


def detect_stream(chunk: Any, *, registry: Optional[Registry] = None) -> Optional[str]:
    """The streaming dialect a chunk (or event) belongs to, or ``None``."""
    table = streams(registry)
    for data in plain_chunks(chunk, table.wrappers):
        hit = table.detect(data)
        if hit is not None:
            return hit[0]
    return None


def _resolve(dialect: Union[str, Dialect], registry: Optional[Registry]) -> Hit:
    if isinstance(dialect, Dialect):
        d: Optional[Dialect] = dialect
        name = dialect.name
    elif type(dialect) is str:
        hit = streams(registry).by_name.get(dialect)
        if hit is not None:
            return hit
        reg = default_registry() if registry is None else registry
        d = reg.get(dialect) if dialect in reg else None  # an alias ("anthropic", "bedrock"...)
        name = dialect if d is None else d.name
    else:
        raise UnknownDialectError(f"A dialect is a name or a Dialect, got {excerpt(dialect)}")
    if d is None or d.stream is None:
        raise UnknownDialectError(
            f"Dialect {name!r} has no stream handler; streaming dialects: {', '.join(stream_dialects(registry))}",
            dialect=name,
        )
    return hit_of(d)


def _runner(handler: Any, core: Core, preview: bool) -> Run:
    """The handler's own ``run`` loop, or one that feeds dict chunks one by one (for
    handlers without a loop, and for previews, which only ``feed`` makes)."""
    run: Optional[Run] = getattr(handler, "run", None)
    if run is not None and not preview:
        return run
    feed = handler.feed

    def run_plain(chunks: Iterable[Any], other: Callable[[Any], None]) -> None:
        data: Any = None
        try:
            for data in chunks:
                if type(data) is dict:
                    feed(data)
                else:
                    other(data)
        except ToolwireError:
            raise
        except Exception as exc:  # a chunk shape the handler did not foresee
            raise core.malformed(exc, data) from None

    return run_plain


class _Raised(BaseException):
    """An error of the chunks' own iterator, carried past the handlers' loops (which
    report any ``Exception`` as a malformed chunk) to ``accumulate``'s caller."""

    def __init__(self, exc: Exception) -> None:
        super().__init__()
        self.exc = exc


def _source(chunks: Iterator[Any]) -> Iterator[Any]:
    """*chunks*, with an error of their own iterator raised as ``_Raised``."""
    try:
        yield from chunks
    except Exception as exc:
        raise _Raised(exc) from None


def _close(core: Core, handler: Any) -> List[Result]:
    """Close the handler, then the core: every call, in order."""
    try:
        handler.close()
    except ToolwireError:
        raise
    except Exception as exc:
        raise DecodeError(f"Malformed {core.dialect} stream ({type(exc).__name__}: {exc})",
                          dialect=core.dialect) from None
    return core.close()


def _first(chunks: List[Any]) -> Any:
    """The first chunk of *chunks* that is not ``None`` (a keep-alive), as ``feed`` keeps it."""
    return next((c for c in chunks if c is not None), None)


def _foreign(core: Core, first: Any, registry: Optional[Registry]) -> None:
    """A stream named ``core.dialect`` gave no call: raise when its first chunk is
    recognisably another streaming dialect's (Anthropic events named ``openai.chat``,
    Chat chunks named ``gemini``), or when no streaming dialect claims it and the
    stream carried nothing of its own (no text, no finish reason: an SDK event no
    dialect unwraps, say): ``[]`` there would be a wrong answer that looks right."""
    name = core.dialect
    table = streams(registry)
    try:
        data = next(iter(plain_chunks(first, table.wrappers)), None)
    except ToolwireError:
        return
    if not data:  # None, or an empty chunk (a keep-alive): no evidence either way
        return
    hit = table.detect(data)
    if hit is not None and hit[0] == name:
        return
    reg = default_registry() if registry is None else registry
    d = reg.get(name) if name in reg else None
    if d is not None and d.stream_detect is not None and accepts(d.stream_detect, data):
        return
    if hit is None:
        if core.text_parts or core.finish_reason is not None or core.failure is not None:
            return
        raise DecodeError(
            f"Stream chunks are not {name} chunks: none carried text, a call or a finish reason, and the first "
            f"has the shape of no streaming dialect; got {excerpt(data)}",
            dialect=name,
        )
    if d is not None:
        theirs = table.handlers.get(hit[0])
        if isinstance(d.stream, type) and isinstance(theirs, type) and issubclass(d.stream, theirs):
            return  # a handler that is another's under its own name reads its chunks (Mistral: Chat's)
    raise DecodeError(
        f"Stream chunks are not {name} chunks: the first looks like {hit[0]}; got {excerpt(data)}",
        dialect=name,
    )


class Accumulator:
    """Assembles the tool calls of one streamed reply, chunk by chunk.

    *dialect* (an id, an alias or a ``Dialect``) fixes the dialect; without it the
    first chunk that has a known streaming shape decides. ``include_server=True``
    also returns calls the provider executes itself; ``preview=True`` adds a
    best-effort partial ``args`` to every ``ArgsDelta`` (it re-parses the text so
    far: cost grows with the call). Other keywords are the arguments policy's.
    """

    def __init__(
        self,
        dialect: Union[str, Dialect, None] = None,
        *,
        include_server: bool = False,
        preview: bool = False,
        registry: Optional[Registry] = None,
        _events: bool = True,
        **policy: Any,
    ) -> None:
        check_flag("include_server", include_server)
        check_flag("preview", preview)
        self._emit = _events
        self._policy = own_finish(make_policy(policy), dialect, registry)
        self._include_server = include_server
        self._preview = preview
        self._registry = registry
        self._table: Optional[StreamTable] = None
        self._core: Optional[Core] = None
        self._handler: Any = None
        self._run: Run = _no_run
        self._closed = False
        self._unknown: Optional[Dict[str, Any]] = None
        self._named = dialect is not None
        self._first: Any = None  # the first chunk fed, for the check of a named stream without calls
        if dialect is not None:
            self._start(*_resolve(dialect, registry))

    def _streams(self) -> StreamTable:
        table = self._table
        if table is None:
            table = self._table = streams(self._registry)
        return table

    def _detect(self, data: Dict[str, Any]) -> Optional[Hit]:
        return self._streams().detect(data)

    def _start(
        self, name: str, factory: HandlerFactory, cut: FrozenSet[str], failed: FrozenSet[str], called: FrozenSet[str]
    ) -> None:
        self._core = Core(name, self._policy, self._include_server, self._preview, self._emit, cut, failed, called)
        self._handler = factory(self._core)
        self._run = _runner(self._handler, self._core, self._preview)

    @property
    def dialect(self) -> Optional[str]:
        """The dialect of this stream (``None`` until detected)."""
        return None if self._core is None else self._core.dialect

    def feed(self, chunk: Any) -> List[Event]:
        """Take one chunk (or event); return the events it produced."""
        if self._first is None:
            self._first = chunk
        core = self._core
        if type(chunk) is dict and core is not None and not self._closed:  # the hot path
            self._run((chunk,), self._feed_any)
            events = core.events
            if events:
                core.events = []
                return events
            return []
        if self._closed:
            raise DecodeError("The stream is closed; nothing can be fed after close()")
        self._feed_any(chunk)
        return self.events()

    def _feed_any(self, chunk: Any) -> None:
        """Feed one chunk of any form, detecting the dialect if it is not known yet."""
        wrappers = self._streams().wrappers
        if self._core is not None:
            self._run(plain_chunks(chunk, wrappers), self._feed_any)
            return
        it = plain_chunks(chunk, wrappers)
        for data in it:
            hit = self._detect(data)
            if hit is None:
                if data and self._unknown is None:
                    self._unknown = data
                continue
            self._start(*hit)
            self._run(chain((data,), it), self._feed_any)
            return

    def _feed_all(self, chunks: Iterable[Any]) -> None:
        """Feed a whole stream (``accumulate``): once the dialect is known, the rest
        goes to the handler's loop in one call."""
        if type(chunks) is list and chunks:  # the common case: the first chunk decides, one run
            if self._first is None:
                self._first = _first(chunks)
            if self._core is None and type(chunks[0]) is dict:
                hit = self._detect(chunks[0])
                if hit is not None:
                    self._start(*hit)
            if self._core is not None:
                self._run(chunks, self._feed_any)
                return
        try:
            it = iter(chunks)
        except TypeError:  # None, a number...: not a stream
            raise DecodeError(
                f"A stream at $ is an iterable of chunks or one SSE / NDJSON body, got {excerpt(chunks)}"
            ) from None
        if self._first is None and self._named:
            for first in it:  # None chunks (keep-alives) are not the first chunk
                if first is not None:
                    self._first = first
                    it = chain((first,), it)
                    break
            else:
                return
        if self._core is None:
            for chunk in it:
                if type(chunk) is dict:  # detected here: no generator, no chain
                    hit = self._detect(chunk)
                    if hit is None:
                        if chunk and self._unknown is None:
                            self._unknown = chunk
                        continue
                    self._start(*hit)
                    self._run((chunk,), self._feed_any)
                    break
                self._feed_any(chunk)
                if self._core is not None:
                    break
            else:
                return
        try:
            self._run(_source(it), self._feed_any)
        except _Raised as raised:  # the chunks' own error (the network's): the caller's, as it was
            raise raised.exc from None

    def close(self) -> List[Result]:
        """End of stream: finalize open calls; return every call in order."""
        if not self._closed:
            self._closed = True
            if self._core is None:
                if self._unknown is not None:
                    raise DecodeError(
                        f"No chunk of this stream has a known streaming shape; the first was "
                        f"{excerpt(self._unknown)}"
                    )
                return []
            out = _close(self._core, self._handler)
            if not out and self._named and self._first is not None and not self._core.calls:
                _foreign(self._core, self._first, self._registry)
            return out
        return self.calls

    def events(self) -> List[Event]:
        """Events produced since the last ``feed`` (those of ``close``, for instance)."""
        if self._core is None:
            return []
        events = self._core.events
        self._core.events = []
        return events

    @property
    def calls(self) -> List[Result]:
        """The calls finalized so far, in order of appearance (all of them after close)."""
        return [] if self._core is None else self._core.results_list()

    @property
    def server_calls(self) -> List[Result]:
        """The finalized calls the provider executes itself."""
        return [] if self._core is None else self._core.results_list(server=True)

    @property
    def text(self) -> str:
        """The reply text seen so far (joined on access)."""
        return "" if self._core is None else "".join(self._core.text_parts)

    @property
    def finish_reason(self) -> Optional[str]:
        """The finish reason as the provider sent it (``None`` until seen)."""
        return None if self._core is None else self._core.finish_reason

    @property
    def error(self) -> Optional[str]:
        """The error the provider reported inside the stream (an error event or chunk),
        in one line, ``None`` without one: the reply failed, and ``close`` says so."""
        return None if self._core is None else self._core.failure

    @property
    def closed(self) -> bool:
        return self._closed


def accumulate(
    chunks: Iterable[Any],
    dialect: Union[str, Dialect, None] = None,
    *,
    include_server: bool = False,
    registry: Optional[Registry] = None,
    **policy: Any,
) -> List[Result]:
    """Every tool call of a whole stream, in order (see ``Accumulator``). *chunks* is
    an iterable of chunks, or one text/bytes body (SSE or NDJSON)."""
    if include_server is not False and include_server is not True:
        check_flag("include_server", include_server)
    if type(chunks) is list and chunks and "preview" not in policy:  # the common case, without an ``Accumulator``
        rules = own_finish(make_policy(policy), dialect, registry) if policy else DEFAULT_POLICY
        hit: Optional[Hit] = None
        if dialect is not None:
            hit = _resolve(dialect, registry)
        elif type(chunks[0]) is dict:
            hit = streams(registry).detect(chunks[0])
        if hit is not None:
            name, factory, cut, failed, called = hit
            core = Core(name, rules, include_server, False, False, cut, failed, called)
            handler = factory(core)
            run: Run = getattr(handler, "run", None) or _runner(handler, core, False)

            def other(chunk: Any) -> None:  # not itself inside: a cycle would keep the stream for the GC
                run(plain_chunks(chunk, streams(registry).wrappers), _no_run)

            run(chunks, other)
            out = _close(core, handler)
            if not out and dialect is not None and not core.calls:
                _foreign(core, _first(chunks), registry)
            return out
    acc = Accumulator(dialect, include_server=include_server, registry=registry, _events=False, **policy)
    if isinstance(chunks, (str, bytes, bytearray, dict)):
        chunks = [chunks]  # a whole SSE / NDJSON body, or a single chunk
    acc._feed_all(chunks)
    return acc.close()
