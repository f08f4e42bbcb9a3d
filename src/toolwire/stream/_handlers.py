"""Which handler reads a stream, and running it: the streaming dialects of a registry,
detection, a named dialect resolved, the handler's loop, and the checks around it (an
error of the chunks' own iterator re-raised as it was; a stream named as one dialect
that is recognisably another's refused).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Callable, Dict, Iterable, Iterator, List, Mapping, Optional, Union

from .._builtin import default_registry
from .._dialect import Dialect
from .._errors import DecodeError, ToolwireError, UnknownDialectError, excerpt
from .._registry import Registry
from ._call import Result
from ._chunks import plain_chunks
from ._core import Core
from ._skipped import foreign_of
from ._table import HandlerFactory, Hit, accepts, hit_of, streams

__all__ = [
    "Raised",
    "Run",
    "close_stream",
    "detect_stream",
    "first_chunk",
    "first_foreign",
    "foreign",
    "misfed_hint",
    "no_run",
    "refused",
    "resolve",
    "runner",
    "source",
    "stream_dialects",
    "stream_handlers",
]

Run = Callable[[Iterable[Any], Callable[[Any], None]], None]

# A dialect streams when it declares ``stream=factory``: ``factory(core)`` returns an
# object with ``feed(data: dict)`` and ``close()``, and optionally ``run(chunks,
# other)``: a loop that takes the dict chunks of *chunks* itself (one call for a whole
# stream) and passes any other chunk to ``other``, and ``stream_done()``: an SSE
# ``data: [DONE]`` line was fed (``Accumulator._done``). Detection and the list of streaming
# dialects are derived from the fields of the registry in use (``_table``).


def stream_handlers(registry: Optional[Registry] = None) -> Mapping[str, HandlerFactory]:
    """A read-only view: dialect id -> stream handler factory (``Dialect.stream``) of
    *registry*'s dialects (the default registry's when ``None``), in registry order.
    ``STREAM_HANDLERS`` is this view of the default registry, taken when read."""
    return MappingProxyType(streams(registry).handlers)


def no_run(*_: Any) -> None:
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


def resolve(dialect: Union[str, Dialect], registry: Optional[Registry]) -> Hit:
    d: Optional[Dialect]
    if type(dialect) is str:  # (asked first: the usual case, no ``isinstance`` call)
        hit = streams(registry).by_name.get(dialect)
        if hit is not None:
            return hit
        reg = default_registry() if registry is None else registry
        d = reg.get(dialect) if dialect in reg else None  # an alias ("anthropic", "bedrock"...)
        name = dialect if d is None else d.name
    elif isinstance(dialect, Dialect):
        d = dialect
        name = dialect.name
    else:
        raise UnknownDialectError(f"A dialect is a name or a Dialect, got {excerpt(dialect)}")
    if d is None or d.stream is None:
        raise UnknownDialectError(
            f"Dialect {name!r} has no stream handler; streaming dialects: {', '.join(stream_dialects(registry))}",
            dialect=name,
        )
    return hit_of(d, streams(registry).known)


def runner(handler: Any, core: Core, preview: bool) -> Run:
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


class Raised(BaseException):
    """An error of the chunks' own iterator, carried past the handlers' loops (which
    report any ``Exception`` as a malformed chunk) to ``accumulate``'s caller."""

    def __init__(self, exc: Exception) -> None:
        super().__init__()
        self.exc = exc


def source(chunks: Iterator[Any]) -> Iterator[Any]:
    """*chunks*, with an error of their own iterator raised as ``Raised``."""
    try:
        yield from chunks
    except Exception as exc:
        raise Raised(exc) from None


def close_stream(core: Core, handler: Any) -> List[Result]:
    """Close the handler, then the core: every call, in order."""
    try:
        handler.close()
    except ToolwireError:
        raise
    except Exception as exc:
        raise DecodeError(f"Malformed {core.dialect} stream ({type(exc).__name__}: {exc})",
                          dialect=core.dialect) from None
    return core.close()


def first_chunk(chunks: List[Any], wrappers: Mapping[str, str],
                skipped: Optional[List[Any]] = None) -> Optional[Dict[str, Any]]:
    """The first chunk of *chunks* that carries data, as a plain dict (as ``feed`` keeps
    it): ``None`` keep-alives, ``{}`` and text that holds no data (an SSE ``event:`` line,
    a comment) are skipped; ``None`` when no chunk carries any (or one is not readable:
    feeding it refuses the stream). An SDK helper's derived event skipped on the way is
    noted in *skipped* (``plain_chunks``)."""
    for chunk in chunks:
        if type(chunk) is dict:
            if chunk:
                return chunk
            continue
        try:
            for data in plain_chunks(chunk, wrappers, 0, skipped):
                if data:
                    return data
        except ToolwireError:
            return None
    return None


def foreign(core: Core, data: Optional[Dict[str, Any]], registry: Optional[Registry]) -> None:
    """A stream named ``core.dialect`` gave no call: raise when its first chunk that
    carries data (*data*, ``first_chunk``) is recognisably another streaming dialect's
    (Anthropic events named ``openai.chat``, Chat chunks named ``gemini``), or when no
    streaming dialect claims it and the stream carried nothing of its own (no text, no
    finish reason: an SDK event no dialect unwraps, say): ``[]`` there would be a wrong
    answer that looks right. Without such a chunk (none, or only keep-alives) there is
    no evidence either way."""
    if not data:
        return
    name = core.dialect
    hit = _looks_like(name, data, registry)
    if hit is None:
        return
    if hit == "":
        if core.text_parts or core.texts or core.finish_reason is not None or core.failure is not None:
            return
        raise DecodeError(
            f"Stream chunks are not {name} chunks: none carried text, a call or a finish reason, and the first "
            f"has the shape of no streaming dialect; got {excerpt(data)}{misfed_hint(data, registry)}",
            dialect=name,
        )
    raise _not_theirs(name, hit, data)


def misfed_hint(data: Any, registry: Optional[Registry] = None) -> str:
    """What to add to an error about the chunk *data*, which no streaming dialect claims,
    when a dialect of *registry* says what it is instead (``Dialect.stream_misfed``: a
    whole SDK response rather than one of its events, say), else ``""``. A hint that
    raises says nothing."""
    if type(data) is not dict:
        return ""
    for misfed in streams(registry).misfed:
        try:
            said = misfed(data)
        except Exception:  # a third party's hint meeting a shape it did not foresee: no hint
            continue
        if type(said) is str and said:
            return "; " + said
    return ""


def refused(core: Core, named: bool, first: Optional[Dict[str, Any]], registry: Optional[Registry],
            exc: DecodeError) -> DecodeError:
    """The error to raise for *exc* (at its chunk), raised while reading the stream:
    when it refused a chunk of another dialect that carries a call (``_skipped``), a
    named stream whose first chunk with data (*first*) is another dialect's gets
    ``foreign``'s error (the stream is that dialect's, not a chunk of it); else *exc*."""
    if foreign_of(exc) is None:
        return exc
    if named:
        err = first_foreign(core, first, registry)
        if err is not None:
            return err
    return exc


def first_foreign(core: Core, first: Optional[Dict[str, Any]], registry: Optional[Registry]) -> Optional[DecodeError]:
    """``foreign``'s error when the first chunk with data of the named stream (*first*) is
    recognisably another streaming dialect's, else ``None``."""
    if not first:
        return None
    hit = _looks_like(core.dialect, first, registry)
    return _not_theirs(core.dialect, hit, first) if hit else None


def _looks_like(name: str, data: Dict[str, Any], registry: Optional[Registry]) -> Optional[str]:
    """The streaming dialect other than *name* that the chunk *data* is recognisably of,
    ``""`` when it has no streaming dialect's shape, ``None`` when it is *name*'s."""
    table = streams(registry)
    hit = table.detect(data)
    if hit is not None and hit[0] == name:
        return None
    reg = default_registry() if registry is None else registry
    d = reg.get(name) if name in reg else None
    if d is not None and d.stream_detect is not None and accepts(d.stream_detect, data):
        return None
    if hit is None:
        return ""
    if d is not None:
        theirs = table.handlers.get(hit[0])
        if isinstance(d.stream, type) and isinstance(theirs, type) and issubclass(d.stream, theirs):
            return None  # a handler that is another's under its own name reads its chunks (Mistral: Chat's)
    return hit[0]


def _not_theirs(name: str, theirs: str, data: Dict[str, Any]) -> DecodeError:
    return DecodeError(
        f"Stream chunks are not {name} chunks: the first looks like {theirs}; got {excerpt(data)}",
        dialect=name,
    )
