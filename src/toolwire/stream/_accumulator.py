"""The ``Accumulator``: one streamed reply's tool calls, chunk by chunk, in every
streaming dialect (the rules: ``_accumulate.py``, docs/streaming.md); ``accumulate``
(``_accumulate.py``) reads a whole list of chunks on a shorter path and falls back on it.
"""

from __future__ import annotations

import copy
from functools import partial
from itertools import chain
from typing import Any, Callable, Dict, FrozenSet, Iterable, Iterator, List, Optional, Tuple, Union

from .._args import make_policy
from .._builtin import default_registry, registry_of
from .._dialect import Dialect
from .._errors import DecodeError, excerpt
from .._finish import keyword_read, own_finish
from .._policy import check_flag
from .._registry import Registry
from ._accumulator_reads import NO_DATA, UNNAMED, Reads, checked_out, counted, ends, place
from ._bytes_lines import Lines
from ._call import Result
from ._checkpoint import _REVISION, checked, read_first, written
from ._chunks import Body, derived_only, plain_chunks
from ._close_refused import read_something, refuse_close, two_ways
from ._core import Core
from ._events import Event
from ._handlers import (
    Raised,
    Run,
    close_stream,
    first_chunk,
    first_foreign,
    foreign,
    misfed_hint,
    no_run,
    refused,
    resolve,
    runner,
    source,
)
from ._skipped import foreign_of
from ._table import HandlerFactory, StreamTable, streams
from ._where import at_chunk

__all__ = ["Accumulator", "restore"]


class Accumulator(Reads):
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
        self._first: Any = None if self._named else UNNAMED
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

    def __reduce__(self) -> Any:
        """A checkpoint: ``restore`` given the revision first, then the state
        (``_checkpoint``: another revision is refused before any part is built)."""
        kind = type(self)  # (a subclass of methods only stays itself: review revFinish9)
        return (restore, (_REVISION,) if kind is Accumulator else (_REVISION, kind), self.__getstate__())

    def __setstate__(self, state: Dict[str, Any]) -> None:
        self.__dict__.update(checked(state, _fields()))  # (another toolwire's: refused)
        handler = self._handler
        self._run = no_run if self._core is None else runner(handler, self._core, self._preview)

    def _streams(self) -> StreamTable:
        table = self._table
        if table is None:
            table = self._table = streams(self._registry)
        return table

    def _begin(self, data: Dict[str, Any]) -> bool:
        """Whether the chunk *data* (a dict, the dialect not known yet) has a known
        streaming shape: if so the stream starts in its dialect, else the first such
        chunk with data is kept for ``close``'s error."""
        hit = self._streams().detect(data)
        if hit is None:
            if data and self._unknown is None:
                self._unknown = data
            return False
        self._start(*hit)
        return True

    def _start(
        self, name: str, factory: HandlerFactory, cut: FrozenSet[str], failed: FrozenSet[str], called: FrozenSet[str]
    ) -> None:
        self._core = Core(name, self._policy, self._include_server, self._preview, self._emit, cut, failed, called)
        if self._policy.finish_reason is not None:  # the caller's word on how the reply ended
            self._core.keyword = keyword_read(self._policy, self._asked, name, self._registry)
        self._handler = factory(self._core)
        ends(self._core, self._handler)
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
            if self._begin(data):
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
                self._begin(chunks[0])
            if self._core is not None:
                items = iter(chunks)
                self._where = where = partial(place, chunks, items)
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
        it = counted(it, count)
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
                    if not self._begin(chunk):
                        continue
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
                        f"{excerpt(self._unknown)}{misfed_hint(self._unknown, self._registry)}"
                    )
                derived_only(self._derived, None)
                raise DecodeError("The stream held no chunk with data: nothing shows that a reply came")
            if self._first is None:  # named, no chunk with data: no reply either
                derived_only(self._derived, self._core.dialect)
                self._core.unended = NO_DATA
            out = close_stream(self._core, self._handler)
            if self._named and not self._core.calls and checked_out(self._core, out):
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


_FIELDS: List[Tuple[str, ...]] = []


def _fields() -> Tuple[str, ...]:
    """The fields of this version's ``Accumulator`` checkpoint, sorted (one made once)."""
    if not _FIELDS:
        _FIELDS.append(tuple(sorted(set(Accumulator().__dict__) - {"_run"})))
    return _FIELDS[0]


def restore(revision: Any, *rest: Any) -> Accumulator:
    """The blank ``Accumulator`` a checkpoint of *revision* is loaded into (its state set next
    by ``__setstate__``), or ``DecodeError`` naming both revisions when it is another's: the
    first thing unpickling a checkpoint calls, before any part of its state is built
    (``_checkpoint``). A subclass's checkpoint names its class next (one of methods only:
    its own fields are refused by ``__setstate__``). Keep its place and name; any other
    argument is a later version's."""
    read_first(revision)
    kind = rest[0] if rest and isinstance(rest[0], type) and issubclass(rest[0], Accumulator) else Accumulator
    return kind.__new__(kind)
