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

import copy
import operator
from functools import partial
from itertools import chain
from typing import Any, Callable, Dict, FrozenSet, Iterable, Iterator, List, Optional, Union, cast

from .._args import DEFAULT_POLICY, make_policy
from .._builtin import default_registry, registry_of
from .._dialect import Dialect
from .._errors import DecodeError, excerpt
from .._finish import keyword_read, own_finish
from .._policy import check_flag
from .._registry import Registry
from ..text._core import TextParser
from ..text._events import CallEvent, ContentDelta, ReasoningDelta
from ._bytes_lines import Lines
from ._call import Result
from ._checkpoint import checked, written
from ._chunks import Body, derived_only, plain_chunks
from ._close_refused import read_something, refuse_close, two_ways
from ._core import Core
from ._encode import encode_stream
from ._events import ArgsDelta, CallDone, CallStarted, Event
from ._handlers import (
    Raised,
    Run,
    close_stream,
    detect_stream,
    first_chunk,
    first_foreign,
    foreign,
    no_run,
    refused,
    resolve,
    runner,
    source,
    stream_dialects,
    stream_handlers,
)
from ._skipped import foreign_of
from ._table import HandlerFactory, Hit, StreamTable, streams
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

_UNNAMED = ()  # ``Accumulator._first`` of a detected stream: never looked for
# how a stream without a finish reason or a call ended before its reply did (``Results.unended``)
_ENDED = "The stream ended before the reply finished (no finish reason came)"
_NO_DATA = "The stream held no chunk with data"


def _ends(core: Core, handler: Any) -> None:
    """A handler whose dialect's streams end with a finish reason says so (``ends =
    True``): one that ends without it, and without a call, ended before its reply did."""
    if getattr(handler, "ends", False) is True:
        core.unended = _ENDED


def _checked(core: Core, out: List[Result]) -> bool:
    """Whether a named stream that made no call is checked for another dialect's chunks
    (``foreign``): when it gave nothing, or only the nameless call of a stream that ended
    with no finish reason (``unended``); a failed one has said what it is."""
    return not out or (core.finish_reason is None and core.failure is None)


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
        self._registry = registry if registry is None else registry_of(registry)
        asked = make_policy(policy)
        self._asked = asked.finish_reason
        self._policy = own_finish(asked, dialect, registry)
        self._include_server = include_server
        self._preview = preview
        self._table: Optional[StreamTable] = None
        self._core: Optional[Core] = None
        self._handler: Any = None
        self._run: Run = no_run
        self._closed = False
        self._unknown: Optional[Dict[str, Any]] = None
        self._named = dialect is not None
        self._inline: Optional[bool] = None  # the dialect's response reader moves think blocks out (``text``)
        # a named stream's first chunk that carries data (a plain dict), for the check of a
        # named stream without calls (``foreign``): one chunk kept, not the stream; never
        # looked for when the dialect is detected
        self._first: Any = None if self._named else _UNNAMED
        # the first event an SDK stream helper derives from a chunk, skipped: a stream of
        # such events alone, without any chunk, is refused at ``close`` (``derived_only``)
        self._derived: List[Any] = []
        self._lines = Lines()  # the unfinished last line of the bytes fed
        self._body = Body()  # the text and bytes fed, read as one SSE body; the chunk read's place
        self._fed = 0  # the chunks fed so far (``feed``): the next one's place
        self._where: Optional[Callable[[], int]] = None  # the place of the chunk read (``_feed_whole``)
        self._deferred: Optional[DecodeError] = None  # a named stream of another dialect: raised at close
        self._twice: Optional[DecodeError] = None  # bytes that read two ways at close: refused at each close
        if dialect is not None:
            self._start(*resolve(dialect, registry))

    def __getstate__(self) -> Dict[str, Any]:
        """Pickle and ``copy.deepcopy`` (a half-read stream checkpointed by a workflow
        engine): the stream's state, without what is rebuilt from it (the handler's loop,
        the registry's stream table, ``accumulate``'s place in its list); the default
        registry by reference, another by value (``Registry.__reduce__``)."""
        state = self.__dict__.copy()
        del state["_run"]
        state["_table"] = state["_where"] = None
        if state["_registry"] is default_registry():
            state["_registry"] = None
        return written(state)

    def __setstate__(self, state: Dict[str, Any]) -> None:
        self.__dict__.update(checked(state))  # (another toolwire's: refused)
        handler = self._handler
        self._run = no_run if self._core is None else runner(handler, self._core, self._preview)

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
        if self._policy.finish_reason is not None:  # the caller's word on how the reply ended
            self._core.keyword = keyword_read(self._policy, self._asked, name, self._registry)
        self._handler = factory(self._core)
        _ends(self._core, self._handler)
        self._run = runner(self._handler, self._core, self._preview)

    @property
    def dialect(self) -> Optional[str]:
        """The dialect of this stream (``None`` until detected)."""
        return None if self._core is None else self._core.dialect

    def feed(self, chunk: Any) -> List[Event]:
        """Take one chunk (or event); return the events it produced."""
        core = self._core
        at = self._fed
        self._fed = at + 1
        try:
            if type(chunk) is dict and core is not None and not self._closed:  # the hot path
                if self._first is None and chunk:
                    self._first = chunk
                self._run((chunk,), no_run)
                events = core.events
                if events:
                    core.events = []
                    return events
                return []
            if self._closed:
                raise DecodeError("The stream is closed; nothing can be fed after close()")
            self._feed_any(chunk, at)
        except DecodeError as exc:  # at its chunk; another dialect's chunk with a call (``_skipped``)?
            if not self._closed:
                exc = at_chunk(exc, f"[{at}]")
            if core is not None and self._named and foreign_of(exc) is not None:
                # a named stream whose first chunk with data is another dialect's: ``foreign``'s error at close
                err = first_foreign(core, self._first if type(self._first) is dict else None, self._registry)
                if err is not None:
                    if self._deferred is None:
                        self._deferred = err
                    return self.events()
            if self._deferred is not None:  # the first chunk's error before a later one's, as ``accumulate``
                raise self._deferred from None
            raise self._refused(exc) from None
        return self.events()

    def _feed_any(self, chunk: Any, at: int) -> None:
        """Feed one chunk of any form (at the place *at*), detecting the dialect if it is
        not known yet. Bytes are taken as whole lines (a transport's piece that ends
        inside a line waits for the rest: ``Lines``); text is whole lines, as fed (an SSE
        event's data lines may go on in the next: ``Body``)."""
        t = type(chunk)
        if t is bytes or t is bytearray:
            chunk = self._lines.take(chunk)
            self._body.lines_at = at
            if chunk is None:
                return
        self._feed_plain(chunk, at)

    def _feed_plain(self, chunk: Any, at: int, it: Optional[Iterator[Dict[str, Any]]] = None) -> None:
        """Feed the chunks read from *chunk* (or the iterator *it*: the body's pending
        event); an error is at the chunk read (``Body.place``)."""
        body = self._body
        if it is None:
            body.start(at, chunk)
            it = plain_chunks(chunk, self._streams().wrappers, 0, self._derived, body)
        try:
            self._read(it)
        except DecodeError as exc:
            raise at_chunk(exc, body.place()) from None
        if body.done:
            body.done = False
            self._done()

    def _done(self) -> None:
        """A ``[DONE]`` line was read: the SSE stream's end (OpenAI's Chat stream sends it
        last). A handler that keeps calls open past their finish reason ends them here
        (its ``stream_done``), so their ``CallDone`` comes from this ``feed``."""
        end = getattr(self._handler, "stream_done", None)
        if end is not None:
            end()

    def _read(self, it: Iterator[Dict[str, Any]]) -> None:
        if self._core is not None:
            if self._first is None:  # a named stream, no chunk with data yet: this one's?
                for data in it:
                    if data:
                        self._first = data
                        self._run(chain((data,), it), no_run)
                        return
                    self._run((data,), no_run)
                return
            self._run(it, no_run)
            return
        for data in it:
            hit = self._detect(data)
            if hit is None:
                if data and self._unknown is None:
                    self._unknown = data
                continue
            self._start(*hit)
            self._run(chain((data,), it), no_run)
            return

    def _feed_all(self, chunks: Iterable[Any]) -> None:
        """Feed a whole stream (``accumulate``): once the dialect is known, the rest
        goes to the handler's loop in one call."""
        try:
            self._feed_whole(chunks)
        except DecodeError as exc:  # at its chunk; another dialect's chunk with a call?
            where = self._where
            if where is not None and not self._body.whole:
                at = where()
                if at >= 0:
                    exc = at_chunk(exc, f"[{at}]")
            raise self._refused(exc) from None

    def _refused(self, exc: DecodeError) -> DecodeError:
        core = self._core
        if core is None or foreign_of(exc) is None:
            return exc
        first = self._first if self._named and type(self._first) is dict else None
        return refused(core, self._named, first, self._registry, exc)

    def _feed_whole(self, chunks: Iterable[Any]) -> None:
        if type(chunks) is list and chunks:  # the common case: the first chunk decides, one run
            if self._first is None:
                self._first = first_chunk(chunks, self._streams().wrappers, self._derived)
            if self._core is None and type(chunks[0]) is dict:
                hit = self._detect(chunks[0])
                if hit is not None:
                    self._start(*hit)
            if self._core is not None:
                items = iter(chunks)
                self._where = where = partial(_at, chunks, items)
                self._run(items, lambda chunk: self._feed_any(chunk, where()))
                return
        try:
            it = iter(chunks)
        except TypeError:  # None, a number...: not a stream
            raise DecodeError(
                f"A stream at $ is an iterable of chunks or one SSE / NDJSON body, got {excerpt(chunks)}"
            ) from None
        count = [-1]  # the place of the chunk read
        self._where = where = partial(count.__getitem__, 0)
        it = _counted(it, count)
        if self._first is None:  # a named stream: chunks up to the first with data, one by one
            for first in it:
                if type(first) is dict and first:
                    self._first = first
                    it = chain((first,), it)
                    break
                self._feed_any(first, where())  # keep-alives, text lines without data...: it looks further
                if self._first is not None:
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
                    self._run((chunk,), no_run)
                    break
                self._feed_any(chunk, where())
                if self._core is not None:
                    break
            else:
                return
        try:
            self._run(source(it), lambda chunk: self._feed_any(chunk, where()))
        except Raised as raised:  # the chunks' own error (the network's): the caller's, as it was
            raise raised.exc from None

    def close(self) -> List[Result]:
        """End of stream: finalize open calls; return every call in order."""
        if not self._closed:
            if self._deferred is not None:  # before the rest's error, as ``accumulate`` raises it at its chunk
                self._closed = True
                raise self._deferred
            body = self._body
            try:
                rest = self._lines.rest()
            except DecodeError as exc:  # (it reads two ways)
                self._closed = True
                self._twice = at_chunk(exc, f"[{body.lines_at}]")
                raise self._twice from None
            # (pieces kept to the end read as lines, which may be refused: the state before them,
            # kept to leave no half answer; little was read before them, so it is small)
            before = copy.deepcopy(self.__getstate__()) if rest is not None and self._lines.as_lines else None
            try:
                if rest is not None:  # the stream's last line, without its line end
                    self._feed_plain(rest, body.lines_at)
                if body.pending is not None:  # an SSE event whose data lines the stream ended
                    self._feed_plain(None, body.at, body.end())
            except DecodeError as exc:  # (refused at each close; lines read two ways leave no finish reason)
                refuse_close(self, before, exc)
            self._closed = True
            if self._lines.doubt and read_something(self._core):
                refuse_close(self, before, two_ways(self._lines, body.lines_at))
            if self._core is None:
                if self._unknown is not None:
                    raise DecodeError(
                        f"No chunk of this stream has a known streaming shape; the first was "
                        f"{excerpt(self._unknown)}"
                    )
                derived_only(self._derived, None)
                raise DecodeError("The stream held no chunk with data: nothing shows that a reply came")
            if self._first is None:  # named, no chunk with data: no reply either
                derived_only(self._derived, self._core.dialect)
                self._core.unended = _NO_DATA
            out = close_stream(self._core, self._handler)
            if self._named and not self._core.calls and _checked(self._core, out):
                foreign(self._core, self._first, self._registry)
            return out
        if self._twice is not None:  # (refused again: its calls are no answer)
            raise self._twice
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
        """The reply text seen so far, as ``normalize`` reads the same reply whole: a chat
        template's inline ``<think>…</think>`` block (a reasoning model's Chat stream
        without a reasoning parser) is no part of it, nor the text after a ``<think>``
        never closed (``_think.split_think``). Joined once, then grown by the pieces that
        came since (``_pieces``): read after every chunk, each piece is joined once."""
        core = self._core
        if core is None:
            return ""
        return core.reply_text(self._inline_think(core.dialect))

    def _inline_think(self, dialect: str) -> bool:
        """Whether the dialect's text can carry a chat template's think block
        (``ResponseReader.inline_think``), looked up once."""
        inline = self._inline
        if inline is None:
            reader = registry_of(self._registry).get(dialect).response
            inline = self._inline = reader is not None and reader.inline_think is True
        return inline

    @property
    def commentary(self) -> str:
        """The text the provider labels as no part of the answer (OpenAI Responses
        commentary messages: a preamble, a status update before a call), one line per
        message, never in ``text``: as ``Response.commentary``; ``""`` without any. Read
        after every event, each piece is joined once (``_replies.commentary_text``)."""
        return "" if self._core is None else self._core.commentary_text()

    @property
    def refusal(self) -> Optional[str]:
        """The model's refusal, as ``Response.refusal``: OpenAI Chat ``delta.refusal``, a
        Responses refusal part (never in ``text``); under a finish reason that says the
        model refused, Anthropic ``refusal``, the text or ``"refused"``, its inline think
        block out as in ``text`` (and still in ``text``: it is what the model wrote before
        it was stopped, "No additional refusal message is included",
        https://platform.claude.com/docs/en/test-and-evaluate/strengthen-guardrails/handle-streaming-refusals);
        ``None`` without one."""
        core = self._core
        return None if core is None else core.refusal_text(self._inline_think(core.dialect))

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
                core.unended = _ENDED
            run: Run = getattr(handler, "run", None) or runner(handler, core, False)

            bodies: List[Body] = []  # made at the first chunk that is not a dict
            items = iter(chunks)  # (where it is tells the place of a chunk in error: ``_at``)

            def other(chunk: Any) -> None:  # not itself inside: a cycle would keep the stream for the GC
                if not bodies:
                    bodies.append(Body())
                body = bodies[0]
                at = _at(cast(List[Any], chunks), items)
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
                at = _at(chunks, items)
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
            first: Any = _UNNAMED
            if dialect is not None and not core.calls and core.finish_reason is None and not core.text_parts:
                derived: List[Any] = []
                first = first_chunk(chunks, streams(registry).wrappers, derived)
                if first is None:  # no chunk with data: no reply either
                    derived_only(derived, name)
                    core.unended = _NO_DATA
            out = close_stream(core, handler)
            if dialect is not None and not core.calls and _checked(core, out):
                if first is _UNNAMED:
                    first = first_chunk(chunks, streams(registry).wrappers)
                foreign(core, first, registry)
            return out
    acc = Accumulator(dialect, include_server=include_server, registry=registry, _events=False, **policy)
    if isinstance(chunks, (str, bytes, bytearray, dict)):
        chunks = [chunks]  # a whole SSE / NDJSON body, or a single chunk: the stream itself
        acc._body.whole = True
    acc._feed_all(chunks)
    return acc.close()


def _at(chunks: List[Any], items: Iterator[Any]) -> int:
    """The place in *chunks* of the chunk read last from *items*, their iterator (the
    loop reading them has taken it: ``-1`` when that cannot be)."""
    n = len(chunks) - operator.length_hint(items) - 1
    return n if 0 <= n < len(chunks) else -1


def _counted(chunks: Iterator[Any], count: List[int]) -> Iterator[Any]:
    """*chunks*, the place of the one taken last in ``count[0]``."""
    for chunk in chunks:
        count[0] += 1
        yield chunk


def _read(run: Run, it: Iterator[Dict[str, Any]], body: Body) -> None:
    """``run`` the chunks read from a chunk that is not a dict; an error is at the chunk
    read (``Body.place``)."""
    try:
        run(it, no_run)
    except DecodeError as exc:
        raise at_chunk(exc, body.place()) from None
