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

from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Tuple, Union

from ._access import to_data
from ._args import load_json, make_policy
from ._errors import DecodeError, ToolwireError, UnknownDialectError, excerpt
from ._registry import Dialect, Registry, default_registry
from ._stream_core import ArgsDelta, CallDone, CallStarted, Core, Event
from ._stream_encode import encode_stream
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

#: Built-in stream handlers by dialect id. A third-party ``Dialect`` declares its own
#: with ``extra={"stream": factory}``; ``factory(core)`` returns an object with
#: ``feed(data: dict)`` and ``close()``.
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
    for data in _chunks(chunk):
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


_SSE_SKIP = ("event:", "id:", "retry:", ":")


def _chunks(chunk: Any, depth: int = 0) -> Iterator[Dict[str, Any]]:
    """Plain dicts from one fed chunk: a dict, JSON text, SSE line(s), bytes, an SDK
    object, or a list of these."""
    if depth > 32:  # lists of lists of chunks: a list containing itself, say
        raise DecodeError("Stream chunk at $ is lists nested deeper than 32 (a cycle?)")
    t = type(chunk)
    if t is dict:
        yield chunk
    elif t is str or t is bytes or t is bytearray:
        text = chunk.decode("utf-8", "replace") if t is not str else chunk
        yield from _text(text)
    elif chunk is None:
        return
    elif t is list or t is tuple:
        for el in chunk:
            yield from _chunks(el, depth + 1)
    else:
        data = _object(chunk)
        if type(data) is dict:
            yield data
        elif type(data) is list:
            yield from _chunks(data, depth + 1)
        else:
            raise DecodeError(f"Stream chunk at $ is not an object: {excerpt(chunk)}")


def _object(chunk: Any) -> Any:
    """Plain data for an SDK object. ``to_data`` first; for objects it cannot read
    (values such as ``datetime`` in Anthropic and Vertex events) the object's own
    JSON-mode dump, by alias (camelCase for google-genai)."""
    try:
        return to_data(chunk, "$")
    except DecodeError:
        try:
            dump = getattr(chunk, "model_dump", None)
        except Exception:  # an object whose attribute access raises
            dump = None
        if not callable(dump):
            raise
        try:
            return dump(mode="json", by_alias=True, exclude_none=True)
        except Exception:
            pass
        raise


def _text(text: str) -> Iterator[Dict[str, Any]]:
    s = text.strip()
    if not s:
        return
    if s[0] in "{[":
        try:
            data = load_json(s)
        except ValueError:
            if "\n" not in s:
                raise DecodeError(f"Stream chunk at $ is text but not JSON: {excerpt(s)}") from None
        else:
            yield from _plain(data)
            return
    for raw in s.splitlines():
        line = raw.strip()
        if not line or line.startswith(_SSE_SKIP):
            continue
        if line.startswith("data:"):
            payload = line[5:].strip()
            if not payload or payload == "[DONE]":
                continue
        elif line[0] in "{[":
            payload = line  # NDJSON (Ollama) or saved raw chunks
        elif line == "[DONE]":
            continue
        else:
            raise DecodeError(
                f"Stream chunk at $ is text but neither JSON nor an SSE data line: {excerpt(line)}"
            )
        try:
            data = load_json(payload)
        except ValueError as exc:
            raise DecodeError(f"Stream data at $ is not JSON ({exc}): {excerpt(payload)}") from None
        yield from _plain(data)


def _plain(data: Any) -> Iterator[Dict[str, Any]]:
    if type(data) is dict:
        yield data
    elif type(data) is list:
        for el in data:
            if type(el) is dict:
                yield el
            elif el is not None:
                raise DecodeError(f"Stream chunk at $ is not an object: {excerpt(el)}")
    elif data is not None:
        raise DecodeError(f"Stream chunk at $ is not an object: {excerpt(data)}")


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
        _deltas: bool = True,
        **policy: Any,
    ) -> None:
        self._deltas = _deltas
        self._policy = make_policy(policy)
        self._include_server = include_server
        self._preview = preview
        self._registry = registry
        self._core: Optional[Core] = None
        self._handler: Any = None
        self._handler_feed: Any = None
        self._closed = False
        self._unknown: Optional[Dict[str, Any]] = None
        if dialect is not None:
            self._start(*_resolve(dialect, registry))

    def _start(self, name: str, factory: HandlerFactory) -> None:
        self._core = Core(name, self._policy, self._include_server, self._preview, self._deltas)
        self._handler = factory(self._core)
        self._handler_feed = self._handler.feed

    @property
    def dialect(self) -> Optional[str]:
        """The dialect of this stream (``None`` until detected)."""
        return None if self._core is None else self._core.dialect

    def feed(self, chunk: Any) -> List[Event]:
        """Take one chunk (or event); return the events it produced."""
        core = self._core
        if type(chunk) is dict and core is not None and not self._closed:  # the hot path
            try:
                self._handler_feed(chunk)
            except ToolwireError:
                raise
            except Exception as exc:
                raise self._malformed(exc, chunk) from None
            events = core.events
            if events:
                core.events = []
                return events
            return []
        if self._closed:
            raise DecodeError("The stream is closed; nothing can be fed after close()")
        for data in _chunks(chunk):
            if self._core is None:
                name = _detect(data)
                if name is None:
                    if data and self._unknown is None:
                        self._unknown = data
                    continue
                self._start(name, STREAM_HANDLERS[name])
            self._feed(data)
        if self._core is None:
            return []
        events = self._core.events
        self._core.events = []
        return events

    def _feed(self, data: Dict[str, Any]) -> None:
        try:
            self._handler_feed(data)
        except ToolwireError:
            raise
        except Exception as exc:  # a chunk shape the handler did not foresee
            raise self._malformed(exc, data) from None

    def _feed_all(self, chunks: Iterable[Any]) -> None:
        """Feed a whole stream, dropping events (``accumulate``): dict chunks go straight
        to the handler once the dialect is known."""
        it = iter(chunks)
        for chunk in it:
            self.feed(chunk)
            core = self._core
            if core is None:
                continue
            core.events = []
            hf = self._handler_feed
            data: Any = None
            try:
                for data in it:
                    if type(data) is dict:
                        hf(data)
                    else:
                        self.feed(data)
            except ToolwireError:
                raise
            except Exception as exc:
                raise self._malformed(exc, data) from None
            core.events = []

    def _malformed(self, exc: Exception, data: Any) -> DecodeError:
        name = self.dialect
        return DecodeError(
            f"Malformed {name} stream chunk ({type(exc).__name__}: {exc}): {excerpt(data)}", dialect=name
        )

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
    acc = Accumulator(dialect, include_server=include_server, registry=registry, _deltas=False, **policy)
    if isinstance(chunks, (str, bytes, bytearray, dict)):
        chunks = [chunks]  # a whole SSE / NDJSON body, or a single chunk
    acc._feed_all(chunks)
    return acc.close()
