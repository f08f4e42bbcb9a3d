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
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, Union

from ._args import make_policy
from ._errors import DecodeError, ToolwireError, UnknownDialectError, excerpt
from ._registry import Dialect, Registry, default_registry
from ._stream_chunks import plain_chunks
from ._stream_core import Core
from ._stream_encode import encode_stream
from ._stream_events import ArgsDelta, CallDone, CallStarted, Event
from ._text_core import CallEvent, ContentDelta, ReasoningDelta, TextParser
from ._types import InvalidToolCall, ToolCall
from .dialects import (
    anthropic_stream,
    bedrock_stream,
    cohere_stream,
    gemini_stream,
    mistral_stream,
    ollama_stream,
    openai_chat_stream,
    openai_responses_stream,
)

__all__ = [
    "STREAM_HANDLERS",
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
]

Result = Union[ToolCall, InvalidToolCall]
HandlerFactory = Callable[[Core], Any]
Run = Callable[[Iterable[Any], Callable[[Any], None]], None]

#: Built-in stream handlers by dialect id. A third-party ``Dialect`` declares its own
#: with ``extra={"stream": factory}``; ``factory(core)`` returns an object with
#: ``feed(data: dict)`` and ``close()``, and optionally ``run(chunks, other)``: a loop
#: that takes the dict chunks of *chunks* itself (one call for a whole stream) and
#: passes any other chunk to ``other``.
STREAM_HANDLERS: Dict[str, HandlerFactory] = {
    openai_chat_stream.NAME: openai_chat_stream.Handler,
    openai_responses_stream.NAME: openai_responses_stream.Handler,
    anthropic_stream.NAME: anthropic_stream.Handler,
    gemini_stream.NAME: gemini_stream.Handler,
    bedrock_stream.NAME: bedrock_stream.Handler,
    mistral_stream.NAME: mistral_stream.Handler,
    cohere_stream.NAME: cohere_stream.Handler,
    ollama_stream.NAME: ollama_stream.Handler,
}

# Detection order: event-typed streams first, then the distinctive keys, Chat last
# (Mistral's chunks are Chat chunks and are read as such).
_DETECT: Tuple[Tuple[str, Callable[[Dict[str, Any]], bool]], ...] = (
    (openai_responses_stream.NAME, openai_responses_stream.detect),
    (anthropic_stream.NAME, anthropic_stream.detect),
    (cohere_stream.NAME, cohere_stream.detect),
    (bedrock_stream.NAME, bedrock_stream.detect),
    (gemini_stream.NAME, gemini_stream.detect),
    (openai_chat_stream.NAME, openai_chat_stream.detect),
    (ollama_stream.NAME, ollama_stream.detect),
)


def stream_dialects() -> List[str]:
    """Ids of the dialects with a built-in stream handler."""
    return list(STREAM_HANDLERS)


def detect_stream(chunk: Any) -> Optional[str]:
    """The streaming dialect a chunk (or event) belongs to, or ``None``."""
    for data in plain_chunks(chunk):
        name = _detect(data)
        if name is not None:
            return name
    return None


def _detect(data: Dict[str, Any]) -> Optional[str]:
    for name, test in _DETECT:
        try:
            if test(data):
                return name
        except Exception:  # an odd value (an unhashable type, say) is not a match
            continue
    return None


def _resolve(dialect: Union[str, Dialect], registry: Optional[Registry]) -> Tuple[str, HandlerFactory]:
    if isinstance(dialect, Dialect):
        name = dialect.name
        factory = dialect.extra.get("stream") or STREAM_HANDLERS.get(name)
    elif type(dialect) is str:
        name = dialect
        factory = STREAM_HANDLERS.get(name)
        if factory is None:
            reg = default_registry() if registry is None else registry
            if dialect in reg:  # an alias ("anthropic", "bedrock"...) or a third-party dialect
                d = reg.get(dialect)
                name = d.name
                factory = d.extra.get("stream") or STREAM_HANDLERS.get(name)
    else:
        raise UnknownDialectError(f"A dialect is a name or a Dialect, got {excerpt(dialect)}")
    if factory is None:
        raise UnknownDialectError(
            f"Dialect {name!r} has no stream handler; streaming dialects: {', '.join(STREAM_HANDLERS)}",
            dialect=name,
        )
    return name, factory


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
        self._emit = _events
        self._policy = make_policy(policy)
        self._include_server = include_server
        self._preview = preview
        self._registry = registry
        self._core: Optional[Core] = None
        self._handler: Any = None
        self._run: Run = self._run_plain
        self._closed = False
        self._unknown: Optional[Dict[str, Any]] = None
        if dialect is not None:
            self._start(*_resolve(dialect, registry))

    def _start(self, name: str, factory: HandlerFactory) -> None:
        self._core = Core(name, self._policy, self._include_server, self._preview, self._emit)
        self._handler = factory(self._core)
        run = getattr(self._handler, "run", None)
        if run is not None and not self._preview:  # the handler's own loop (no previews there)
            self._run = run

    @property
    def dialect(self) -> Optional[str]:
        """The dialect of this stream (``None`` until detected)."""
        return None if self._core is None else self._core.dialect

    def feed(self, chunk: Any) -> List[Event]:
        """Take one chunk (or event); return the events it produced."""
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
        if self._core is not None:
            self._run(plain_chunks(chunk), self._feed_any)
            return
        it = plain_chunks(chunk)
        for data in it:
            name = _detect(data)
            if name is None:
                if data and self._unknown is None:
                    self._unknown = data
                continue
            self._start(name, STREAM_HANDLERS[name])
            self._run(chain((data,), it), self._feed_any)
            return

    def _run_plain(self, chunks: Iterable[Any], other: Callable[[Any], None]) -> None:
        """Feed dict chunks to the handler one by one and the rest to *other* (for
        handlers without a ``run`` loop of their own, and for previews)."""
        assert self._core is not None
        feed = self._handler.feed
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
            raise self._core.malformed(exc, data) from None

    def _feed_all(self, chunks: Iterable[Any]) -> None:
        """Feed a whole stream (``accumulate``): once the dialect is known, the rest
        goes to the handler's loop in one call."""
        it = iter(chunks)
        if self._core is None:
            for chunk in it:
                if type(chunk) is dict:  # detected here: no generator, no chain
                    name = _detect(chunk)
                    if name is None:
                        if chunk and self._unknown is None:
                            self._unknown = chunk
                        continue
                    self._start(name, STREAM_HANDLERS[name])
                    self._run((chunk,), self._feed_any)
                    break
                self._feed_any(chunk)
                if self._core is not None:
                    break
            else:
                return
        self._run(it, self._feed_any)

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
            try:
                self._handler.close()
            except ToolwireError:
                raise
            except Exception as exc:
                raise DecodeError(f"Malformed {self._core.dialect} stream ({type(exc).__name__}: {exc})",
                                  dialect=self._core.dialect) from None
            self._core.close()
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
    acc = Accumulator(dialect, include_server=include_server, registry=registry, _events=False, **policy)
    if isinstance(chunks, (str, bytes, bytearray, dict)):
        chunks = [chunks]  # a whole SSE / NDJSON body, or a single chunk
    acc._feed_all(chunks)
    return acc.close()
