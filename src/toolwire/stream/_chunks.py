"""Fed stream chunks as plain dicts: dicts, JSON text, SSE ``data:`` lines, NDJSON,
bytes, SDK objects, or lists of these."""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Mapping, Optional

from .._access import to_data
from .._args import load_json, utf8
from .._errors import DecodeError, excerpt
from ._bytes_lines import SSE_SKIP as _SSE_SKIP
from ._bytes_lines import Lines
from ._call import reduce_slots, set_slots

__all__ = ["Body", "derived_only", "plain_chunks"]


class Body:
    """The text and bytes chunks of one stream read as one SSE / NDJSON body, and where
    the chunk being read came from (for its errors: ``place``).

    An SSE event's data may span several ``data:`` lines, joined with ``"\\n"`` (WHATWG
    HTML, "Server-sent events": the data buffer), up to its blank line: a ``data:``
    line that is not JSON alone while no event is pending begins such an event, whose
    lines are kept (``pending``, never parsed one by one) until its blank line, a line
    of another kind, or the end of the stream (``end``), and parsed once then. A
    ``data:`` line that parses alone is a whole event (saved chunks, one a line, with no
    blank line between them). A CRLF is one line end (the spec's ``end-of-line``) even
    when a transport's piece ends between its CR and its LF: the CR ended the line, and
    an LF opening the next text read (``cr``: the last one ended in a CR) is dropped,
    never read as a blank line that ends the event early.

    ``at`` is the fed chunk's place (set by the front door: ``start``), ``n`` the chunks
    read from it so far, ``here`` the one being read (``-1``: the fed chunk itself;
    ``-2``: the pending event, at ``begin``); ``whole``: the stream is one body, whose
    events are its chunks (``$[k]``)."""

    __slots__ = ("pending", "begin", "at", "n", "here", "multi", "whole", "lines", "lines_at", "cr", "done")
    __reduce__ = reduce_slots
    __setstate__ = set_slots

    def __init__(self) -> None:
        self.pending: Optional[List[str]] = None
        self.begin = (0, 0)
        self.at = 0
        self.n = 0
        self.here = -1
        self.multi = False
        self.whole = False
        self.lines: Optional[Lines] = None  # the bytes fed (``accumulate``: made at the first)
        self.lines_at = 0  # the place of the bytes chunk fed last (its unfinished line: ``Lines.rest``)
        self.cr = False  # the text read last ended in a CR (an LF opening the next is its CRLF's)
        self.done = False  # a ``[DONE]`` line was read (the SSE stream's end: ``Accumulator._done``)

    def start(self, at: int, chunk: Any) -> None:
        """A fed chunk at *at* is read next (at the place read last: the unfinished line
        of its bytes, whose chunks go on being counted)."""
        if at != self.at:
            self.n = 0
        self.at = at
        self.here = -1
        t = type(chunk)
        self.multi = t is str or t is bytes or t is bytearray or t is list or t is tuple

    def place(self) -> str:
        """The place of the chunk being read, after ``$``: ``[at]``, ``[at][k]`` for the
        k-th chunk of a text, bytes or list chunk, ``[k]`` in a whole body."""
        here = self.here
        if here == -2:
            at, k = self.begin
            sub = f"[{k}]"
        else:
            at, k = self.at, here
            sub = f"[{k}]" if self.multi and k >= 0 else ""
        return sub if self.whole else f"[{at}]{sub}"

    def end(self) -> Iterator[Dict[str, Any]]:
        """The pending event at the end of the stream, read."""
        if self.pending is not None:
            yield from _flush(self)


def plain_chunks(chunk: Any, wrappers: Mapping[str, str], depth: int = 0,
                 skipped: Optional[List[Any]] = None, body: Optional[Body] = None) -> Iterator[Dict[str, Any]]:
    """Plain dicts from one fed chunk: a dict, JSON text, SSE line(s), bytes, an SDK
    object, or a list of these. *wrappers* maps ``"package:QualName"`` of an SDK
    stream helper's event to the attribute holding its chunk (``""``: skip the event),
    the registry's ``Dialect.sdk_stream_events``. The first event skipped so is put in
    *skipped* (a stream of such events alone holds no chunk: ``derived_only``). *body*:
    the stream's (an SSE event may span text chunks; the place of each chunk read is
    noted), else the chunk is read alone."""
    if depth > 32:  # lists of lists of chunks: a list containing itself, say
        raise DecodeError("Stream chunk at $ is lists nested deeper than 32 (a cycle?)")
    t = type(chunk)
    if t is dict:
        if body is not None and depth:
            body.here = body.n
            body.n += 1
        yield chunk
    elif t is str or t is bytes or t is bytearray:
        text = chunk if t is str else utf8(chunk, "Stream chunk at $")
        yield from _text(text, body)
    elif chunk is None:
        return
    elif t is list or t is tuple:
        for el in chunk:
            yield from plain_chunks(el, wrappers, depth + 1, skipped, body)
    else:
        kind = wrappers.get(f"{t.__module__.partition('.')[0]}:{t.__qualname__}")
        if kind is not None:  # an SDK stream helper's event around the chunk
            if kind:
                yield from plain_chunks(_unwrap(chunk, kind), wrappers, depth + 1, skipped, body)
            elif skipped is not None and not skipped:
                skipped.append(chunk)  # an event derived from a chunk: skipped, noted
            return
        data = _object(chunk)
        if type(data) is dict:
            if body is not None and depth:
                body.here = body.n
                body.n += 1
            yield data
        elif type(data) is list:
            yield from plain_chunks(data, wrappers, depth + 1, skipped, body)
        else:
            raise DecodeError(f"Stream chunk at $ is not an object: {excerpt(chunk)}")


def derived_only(skipped: List[Any], dialect: Optional[str]) -> None:
    """A stream that held no chunk, only events an SDK stream helper derives from its
    chunks (*skipped*, by ``plain_chunks``): refused (``[]`` would be a wrong answer
    that looks right: the calls were in the chunk events, not fed)."""
    if skipped:
        t = type(skipped[0])
        raise DecodeError(
            f"Stream chunks at $ are only events an SDK stream helper derives from its chunks "
            f"({t.__module__.partition('.')[0]} {t.__qualname__}...), and no chunk: feed every event the helper "
            "yields (its chunk events hold the stream)",
            dialect=dialect,
        )


def _unwrap(chunk: Any, attr: str) -> Any:
    try:
        inner = getattr(chunk, attr)
    except Exception:  # an odd instance
        raise DecodeError(f"Stream chunk at $ is an SDK stream event without its {attr!r}: {excerpt(chunk)}") from None
    if inner is None:
        raise DecodeError(f"Stream chunk at $ is an SDK stream event without its {attr!r}: {excerpt(chunk)}")
    return inner


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


def _text(text: str, body: Optional[Body]) -> Iterator[Dict[str, Any]]:
    if body is not None:  # a CRLF cut between two pieces: one line end (``Body``)
        if body.cr and text[:1] == "\n":
            text = text[1:]
            if not text:
                body.cr = False
                return
        body.cr = text[-1:] == "\r"  # (text ``""``: a blank line fed alone, ``iter_lines()``)
    s = text.strip()
    if s[:1] == "\ufeff":  # a byte order mark at the start: dropped (the SSE spec's rule)
        s = s[1:].lstrip()
    if not s:
        if body is not None and body.pending is not None:  # a blank line fed alone: the event is whole
            yield from _flush(body)
        return
    if s[0] in "{[" and (body is None or body.pending is None):
        try:
            data = load_json(s)
        except ValueError:
            if "\n" not in s and "\r" not in s:
                if body is not None:
                    body.here = body.n
                raise DecodeError(f"Stream chunk at $ is text but not JSON: {excerpt(s)}") from None
        else:
            yield from _plain(data, body)
            return
    if "\r" in text:  # the SSE spec's line ends: CRLF, CR, LF (no other: ``splitlines`` would cut
        text = text.replace("\r\n", "\n").replace("\r", "\n")  # JSON text at a U+2028 or a U+0085)
    lines = text.split("\n")  # (the text unstripped: a blank line at either end ends an event)
    if text[-1:] == "\n":
        lines.pop()  # the last line's end, not a blank line
    first = lines[0].lstrip()
    if first[:1] == "\ufeff":  # (the byte order mark dropped above)
        lines[0] = first[1:]
    own = Body() if body is None else body  # read alone: its own body, ended with the text
    for raw in lines:
        line = raw.strip()
        if not line:
            if own.pending is not None:  # the blank line ends the event
                yield from _flush(own)
            continue
        if raw[0] != line[0] and line[0] not in "{[":  # (a JSON line indented: NDJSON still)
            # WHATWG "Server-sent events": the field name is everything before the colon, so
            # `` data`` is no data field (openai-python's ``SSEDecoder`` agrees): never read as
            # data; refused as a line of an unknown field is, never dropped
            own.here = own.n
            raise DecodeError(f"Stream chunk at $ is an SSE line with whitespace before its field name (no "
                              f"data line): {excerpt(raw)}")
        if line.startswith(_SSE_SKIP):  # (``event:``, ``id:``, a comment: the event goes on)
            continue
        if line.startswith("data:") or line == "data":  # (``data`` alone: an empty data line, WHATWG)
            payload = line[5:].strip()
            if own.pending is not None:  # a line more of the pending event (parsed at its end)
                own.pending.append(payload)
                continue
            if not payload:
                continue
            if payload == "[DONE]":
                own.done = True
                continue
            try:
                data = load_json(payload)
            except ValueError:  # not JSON alone: an event whose data goes on in the next lines
                own.pending = [payload]
                own.begin = (own.at, own.n)
                own.n += 1
                continue
        else:
            if own.pending is not None:  # a line of another kind: the pending event is over
                yield from _flush(own)
            if line[0] in "{[":
                payload = line  # NDJSON (Ollama) or saved raw chunks
            elif line == "[DONE]":
                own.done = True
                continue
            else:
                own.here = own.n
                raise DecodeError(
                    f"Stream chunk at $ is text but neither JSON nor an SSE data line: {excerpt(line)}"
                )
            try:
                data = load_json(payload)
            except ValueError as exc:
                own.here = own.n
                raise DecodeError(f"Stream data at $ is not JSON ({exc}): {excerpt(payload)}") from None
        yield from _plain(data, own)
    if body is None and own.pending is not None:  # the text was the whole stream
        yield from _flush(own)


def _flush(body: Body) -> Iterator[Dict[str, Any]]:
    """The pending event's data lines, joined with ``"\\n"`` and parsed once."""
    payload = "\n".join(body.pending or ())
    body.pending = None
    body.here = -2
    try:
        data = load_json(payload)
    except ValueError as exc:
        raise DecodeError(f"Stream data at $ is not JSON ({exc}): {excerpt(payload)}") from None
    yield from _plain(data, body, True)


def _plain(data: Any, body: Optional[Body], begun: bool = False) -> Iterator[Dict[str, Any]]:
    """The chunks of one parsed event (*begun*: the pending one, at its ``begin``)."""
    if type(data) is dict:
        if body is not None and not begun:
            body.here = body.n
            body.n += 1
        yield data
    elif type(data) is list:
        for el in data:
            if body is not None and not begun:
                body.here = body.n
                body.n += 1
            if type(el) is dict:
                yield el
            elif el is not None:
                raise DecodeError(f"Stream chunk at $ is not an object: {excerpt(el)}")
    elif data is not None:
        if body is not None and not begun:
            body.here = body.n
        raise DecodeError(f"Stream chunk at $ is not an object: {excerpt(data)}")
