"""Streaming: one accumulator for tool calls in every streaming dialect.

>>> acc = Accumulator()                     # the dialect is detected from the first chunk
>>> for chunk in stream:                    # dicts, SSE ``data:`` lines / JSON text, SDK objects
...     for event in acc.feed(chunk):       # CallStarted, ArgsDelta, CallDone
...         ...
>>> calls = acc.close()                     # [ToolCall | InvalidToolCall, ...] in order

``accumulate(chunks, dialect=None, **policy)`` does the same in one call.

Rules, the same in every dialect (see ``_core.py``): correlate by id, then
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

from typing import Any, Dict, Iterable, Iterator, List, Optional, Union, cast

from .._args import DEFAULT_POLICY, make_policy
from .._dialect import Dialect
from .._errors import DecodeError
from .._finish import keyword_read, own_finish
from .._policy import check_flag
from .._registry import Registry
from ..text._core import TextParser
from ..text._events import CallEvent, ContentDelta, ReasoningDelta
from ._accumulator import Accumulator
from ._accumulator_reads import ENDED, NO_DATA, UNNAMED, checked_out, place
from ._bytes_lines import Lines
from ._call import Result
from ._chunks import Body, derived_only, plain_chunks
from ._close_refused import read_something, two_ways
from ._core import Core
from ._encode import encode_stream
from ._events import ArgsDelta, CallDone, CallStarted, Event
from ._handlers import (
    Run,
    close_stream,
    detect_stream,
    first_chunk,
    foreign,
    no_run,
    refused,
    resolve,
    runner,
    stream_dialects,
    stream_handlers,
)
from ._skipped import foreign_of
from ._table import Hit, streams
from ._where import at_chunk

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
        asked = make_policy(policy) if policy else DEFAULT_POLICY
        rules = own_finish(asked, dialect, registry) if policy else DEFAULT_POLICY
        hit: Optional[Hit] = None
        if dialect is not None:
            hit = resolve(dialect, registry)
        elif type(chunks[0]) is dict:
            hit = streams(registry).detect(chunks[0])
        if hit is not None:
            name, factory, cut, failed, called = hit
            core = Core(name, rules, include_server, False, False, cut, failed, called)
            if rules.finish_reason is not None:  # the caller's word on how the reply ended
                core.keyword = keyword_read(rules, asked.finish_reason, name, registry)
            handler = factory(core)
            if getattr(handler, "ends", False) is True:  # ``_ends``, inline
                core.unended = ENDED
            run: Run = getattr(handler, "run", None) or runner(handler, core, False)

            bodies: List[Body] = []  # made at the first chunk that is not a dict
            items = iter(chunks)  # (where it is tells the place of a chunk in error: ``_at``)

            def other(chunk: Any) -> None:  # not itself inside: a cycle would keep the stream for the GC
                if not bodies:
                    bodies.append(Body())
                body = bodies[0]
                at = place(cast(List[Any], chunks), items)
                t = type(chunk)
                if t is bytes or t is bytearray:
                    lines = body.lines
                    if lines is None:
                        lines = body.lines = Lines()
                    chunk = lines.take(chunk)  # whole lines (a transport's piece may end inside one)
                    body.lines_at = at
                    if chunk is None:
                        return
                body.start(at, chunk)
                _read(run, plain_chunks(chunk, streams(registry).wrappers, 0, None, body), body)

            try:
                run(items, other)
            except DecodeError as exc:  # at its chunk; another dialect's chunk with a call?
                at = place(chunks, items)
                if at >= 0:
                    exc = at_chunk(exc, f"[{at}]")
                first_data = (first_chunk(chunks, streams(registry).wrappers)
                              if dialect is not None and foreign_of(exc) is not None else None)
                raise refused(core, dialect is not None, first_data, registry, exc) from None
            if bodies:  # the last line of the bytes, without its line end; an event the stream ended
                body = bodies[0]
                try:
                    rest = body.lines.rest() if body.lines is not None else None
                except DecodeError as exc:  # (it reads two ways)
                    raise at_chunk(exc, f"[{body.lines_at}]") from None
                if rest is not None:
                    body.start(body.lines_at, rest)
                    _read(run, plain_chunks(rest, streams(registry).wrappers, 0, None, body), body)
                if body.pending is not None:
                    _read(run, body.end(), body)
                if body.lines is not None and body.lines.doubt and read_something(core):
                    raise two_ways(body.lines, body.lines_at)
            first: Any = UNNAMED
            if dialect is not None and not core.calls and core.finish_reason is None and not core.text_parts:
                derived: List[Any] = []
                first = first_chunk(chunks, streams(registry).wrappers, derived)
                if first is None:  # no chunk with data: no reply either
                    derived_only(derived, name)
                    core.unended = NO_DATA
            out = close_stream(core, handler)
            if dialect is not None and not core.calls and checked_out(core, out):
                if first is UNNAMED:
                    first = first_chunk(chunks, streams(registry).wrappers)
                foreign(core, first, registry)
            return out
    acc = Accumulator(dialect, include_server=include_server, registry=registry, _events=False, **policy)
    if isinstance(chunks, (str, bytes, bytearray, dict)):
        chunks = [chunks]  # a whole SSE / NDJSON body, or a single chunk: the stream itself
        acc._body.whole = True
    acc._feed_all(chunks)
    return acc.close()


def _read(run: Run, it: Iterator[Dict[str, Any]], body: Body) -> None:
    """``run`` the chunks read from a chunk that is not a dict; an error is at the chunk
    read (``Body.place``)."""
    try:
        run(it, no_run)
    except DecodeError as exc:
        raise at_chunk(exc, body.place()) from None
