"""Bytes fed as a transport yields them, cut anywhere (httpx ``iter_bytes()``) or as
lines without their line end (requests' ``iter_lines()``), read as whole lines (the
SSE spec's lines: WHATWG HTML, "Server-sent events",
https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream;
NDJSON's)."""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

from .._args import load_json, utf8
from .._errors import DecodeError, excerpt
from ._bytes_array import ENDED, array_start, elements, outside
from ._call import reduce_slots, set_slots

__all__ = ["Lines", "SSE_SKIP"]

SSE_SKIP = ("event:", "id:", "retry:", ":")  # the lines that carry no data (``data:`` aside)
_SKIP_BYTES = tuple(f.encode() for f in SSE_SKIP)


class Lines:
    """Bytes fed as a transport yields them (httpx ``iter_bytes()``): a piece may end
    inside a line (or inside a UTF-8 character). ``take`` gives the whole lines
    so far and keeps the unfinished tail (only it: each piece is looked at once, the
    tail joined once, when its line ends). A line ends with LF, CR or CRLF (the SSE
    spec's ``end-of-line``); a CR that ends a piece is a line end, and the LF of its
    CRLF, at the start of the next piece, is dropped when it is read (``Body.cr``).

    A piece that begins a line and is JSON alone (pretty-printed too: line ends inside)
    is a whole chunk, given as it is; a first piece that opens a JSON array of objects
    is one (Gemini without ``alt=sse``: ``_bytes_array``). Lines without their line end
    (requests' ``iter_lines()``) are read as lines. Until a piece holds a line end
    (``ends``: then the pieces are cut anywhere, a tail always goes on in the next
    piece), pieces without one read two ways, one line in pieces or lines, and are kept
    (``tail``) while both read: an SSE line that carries no data (``bare``: which) and
    what may go on with it, a ``data:`` line that is not JSON alone and what may go on
    with it (``_HELD``; ``_GAP``: an empty piece since, a blank line fed alone or
    nothing). While the event's data so far is JSON cut inside a string or a bracket
    (``json``: each piece scanned once), a ``data:`` piece inside the string, or a piece
    after an empty one, may go on with the line (kept), as may a ``data:`` piece after a
    line that carries no data (a comment's text), until a second ``data:`` piece right
    after it (``_DATA_ONLY``: lines, ``iter_lines()`` of chunks without blank lines, an
    event's data over two lines; a comment holding two, cut before each, reads so too)
    or a second of JSON alone after a first one, whatever came between (``_WHOLE``: an
    ``event:`` line before each ``data:`` line, Anthropic's), and only while no piece was
    given as a whole chunk (``given``: then such a line begins lines). A line end joins
    what is kept into one line; a piece that can only be a line of its own (a ``data:``
    line outside a string, a line after an empty piece once the JSON is whole) makes each
    kept piece a line and every piece fed from then on one (``_LINES``: as the whole body reads them, a raw
    line break in a JSON string refused, never joined into a line that reads). ``rest``
    gives the tail at the end of the stream; when it still reads two ways, it is
    refused."""

    __slots__ = ("tail", "bare", "ends", "json", "kept", "given")
    __reduce__ = reduce_slots
    __setstate__ = set_slots

    def __init__(self) -> None:
        self.tail: List[Any] = []
        self.bare = 0  # the tail is an SSE line that carries no data, maybe whole: _SKIP, _DATA, _BLANK
        self.ends = 0  # _BYTES: a piece held a line end (no line is fed without its own); _LINES: lines
        self.json = _OUT  # (_HELD, _GAP) the event's data so far as JSON: brackets open, in a string
        self.kept = 0  # (_HELD, _GAP) _HEAD: the kept pieces begin with a no-data line; | _IN_STRING, _DATA_ONLY
        self.given = False  # a piece was given as a whole chunk before any line end (then a head begins lines)

    def take(self, piece: Any) -> Any:
        """The whole lines of the stream so far, or ``None`` (the piece is kept: a
        ``bytearray`` as its bytes, the caller may fill the buffer again)."""
        if type(piece) is bytearray:
            piece = bytes(piece)
        if type(piece) is str:
            cut = max(piece.rfind("\n"), piece.rfind("\r"))
        else:
            cut = max(piece.rfind(b"\n"), piece.rfind(b"\r"))
        tail = self.tail
        if self.ends == _ARRAY:
            return self._array(self.json, piece)
        if not tail and _whole(piece, False):  # JSON alone (pretty-printed too): no line's start
            self.given = True
            return piece
        if not tail and not self.ends and array_start(piece):  # one JSON array of chunks
            self.ends = _ARRAY
            return self._array(_OUT, _unmarked(piece))
        if cut < 0:
            ends = self.ends
            if ends == _BYTES:  # the line goes on
                tail.append(piece)
                return None
            if ends == _LINES:  # each piece a line of its own (``iter_lines()``)
                if type(piece) is str:
                    return piece + "\n"
                if piece.startswith(_SKIP_BYTES) and piece.isascii():  # (``event:``...: nothing to read)
                    return None
                return piece + b"\n"
            bare = self.bare
            if bare >= _HELD:
                if not piece:  # a blank line (``iter_lines()``) or nothing: the next piece tells
                    tail.append(piece)
                    self.bare = _GAP
                    return None
                depth, string = self.json
                head = self.kept & _HEAD  # (after a comment, ``event:``...: its text may hold ``data:``)
                data = _data(piece)
                line = data and (not string and not head or bool(self.kept & _DATA_ONLY))  # (in a string: its
                # text; a second ``data:`` piece right after the head's: lines, ``id: 0`` then ``data:`` lines)
                if not line and data and self.kept & _WHOLE and not string and not depth:  # a second whole
                    line = _whole(piece)  # chunk after the head's, whatever came between (``event:`` each)
                if bare == _GAP and not line and (head or not depth and not string):  # after a blank line:
                    line = bool(_kind(piece)) or _whole(piece) or bool(head and data)  # a line, a chunk
                if not line:  # the same line goes on (an empty piece inside JSON: nothing)
                    tail.append(piece)
                    self.bare = _HELD
                    if data and string:  # (as lines: a raw line break in a string)
                        self.kept |= _IN_STRING
                    if not data:
                        self.kept &= ~_DATA_ONLY
                    self.json = _scanned(self.json, piece)
                    return None
                return self._lines(piece)
            if bare:
                if bare == _SKIP and (_data(piece) or _whole(piece)):  # a line of its own, or more of the
                    if self.given:  # (after a whole chunk given: lines, a keep-alive comment between chunks)
                        return self._lines(piece)
                    tail.append(piece)  # line that carries no data (a comment's text): the next piece tells
                    self.bare = _HELD
                    data = _data(piece)
                    self.kept = _HEAD | (_DATA_ONLY | (_WHOLE if _whole(piece) else 0) if data else 0)
                    self.json = _scanned(_OUT, piece)
                    return None
                if bare == _DATA and _kind(piece) == _SKIP:
                    return self._lines(piece)  # (``data:event: x`` is no line: lines)
                if _data(piece) or (bare == _BLANK and _whole(piece)):
                    tail.clear()  # the line before was blank: it carries nothing to read
                else:  # the same line goes on
                    tail.append(piece)
                    self.bare = bare if bare == _SKIP else _went_on(bare, piece)
                    self.json = _scanned(_OUT, piece)  # (before it: ``data:`` and blanks)
                    return None
                self.bare = 0
            if tail:
                tail.append(piece)
                return None
            if _whole(piece):
                self.given = True
                return piece
            tail.append(piece)
            self.bare = _kind(piece) or (_HELD if _data(piece) else 0)
            self.json = _scanned(_OUT, piece)
            return None
        self.ends = _BYTES
        self.bare = 0
        self.kept = 0
        head = piece[: cut + 1]
        if tail:
            tail.append(head)
            head = _joined(tail)
            tail.clear()
        if cut + 1 < len(piece):
            tail.append(piece[cut + 1 :])
        return head

    def _array(self, state: Tuple[int, int], piece: Any) -> Any:
        """The chunks of one JSON array that *piece* closes; after its end, lines
        (``_bytes_array``): the text after it, the rest of the array's line."""
        self.json, out, after = elements(state, self.tail, piece)
        if self.json != ENDED:
            return out
        self.ends = _BYTES
        self.json = _OUT
        more = self.take(piece[after:]) if after < len(piece) else None
        if more is None:
            return out
        if out is None:
            return more
        return out + ("\n" if type(out) is str else b"\n") + more

    def _lines(self, piece: Any) -> Any:
        """The pieces kept, then *piece*, each a line of its own: the pieces are lines
        without their line end (``iter_lines()``; one line cut into pieces holds no two
        lines), and so are the pieces fed from now on."""
        tail = self.tail
        eol: Any = "\n" if type(tail[0]) is str else b"\n"
        parts: List[Any] = []
        for p in tail:
            parts += (p, eol)
        tail.clear()
        self.bare = 0
        self.json = _OUT
        self.kept = 0
        self.ends = _LINES
        return _joined(parts + [piece, eol])

    def rest(self) -> Any:
        """The unfinished tail (``None`` without one), read as the stream's last line.
        Pieces kept that read two ways (one line in pieces, or lines) are read as lines
        when they ended with a blank line (an empty piece) after whole JSON, or begin
        with a line that carries no data followed by an empty piece (no transport cuts a
        line into one) or by another such line (``id: 0`` after a comment: a transport
        cut twice where lines begin, in a stream of one line that carries no data, is
        not taken). Pieces that begin with a line that carries no data otherwise read as
        one line as nothing at all: they are given as lines with ``doubt`` set, the
        caller refusing them if they read a call, text or a finish reason (then the two
        readings differ; lines that are no JSON are refused anyway), reading them if not
        (a stream ended inside its first event, ``iter_lines()``: as the whole body
        reads it). Other pieces are read the way that reads (its events' data JSON: the
        other is refused anyway, ``_values``), and refused when both read other answers, or when the
        lines do not and one line would join a string over a ``data:`` piece."""
        tail = self.tail
        if not tail:
            return None
        bare, json, kept = self.bare, self.json, self.kept
        head = kept & _HEAD
        self.tail = []
        self.bare = 0
        self.json = _OUT
        self.kept = 0
        if self.ends != _BYTES and bare >= _HELD and any(not p or _data(p) or _kind(p) == _SKIP or _whole(p)
                                                         for p in tail[1:]):
            if bare == _GAP and json == _OUT or head and any(not p or _kind(p) == _SKIP for p in tail[1:]):
                return self._lines_rest(tail, False)  # (a line of its own after it; lines after the head's)
            if head:  # (as one line: nothing; lines refused give no answer either)
                return self._lines_rest(tail, True)
            lines, line = _values(tail), _values([_joined(tail)])
            if lines is None:  # (the lines are refused: one line, unless it joins a string over a ``data:``)
                if not kept & _IN_STRING:
                    return _joined(tail)
            elif line is None:
                return self._lines_rest(tail, False)
            elif lines == line:  # (both read the same events: the same answer, read as one line)
                return _joined(tail)
            raise DecodeError(
                "Stream bytes at $ ended without a line end, in pieces that read two ways: one line cut into "
                f"pieces (iter_bytes()) or lines without their line end (iter_lines()): {excerpt(tail[0])}"
            )
        return _joined(tail)

    def _lines_rest(self, tail: List[Any], doubt: bool) -> Any:
        """*tail*, the pieces kept at the end of the stream, read as lines."""
        self.tail = tail
        out = self._lines(tail.pop())
        if doubt:
            self.ends = _DOUBT
        return out

    @property
    def as_lines(self) -> bool:
        """Whether ``rest`` gave the pieces kept as lines (``doubt`` too)."""
        return self.ends == _LINES or self.ends == _DOUBT

    @property
    def doubt(self) -> bool:
        """Whether ``rest`` gave lines that read as one line too, as nothing: refused if they read something."""
        return self.ends == _DOUBT


_SKIP, _DATA, _BLANK = 1, 2, 3  # ``Lines.bare``: an ``event:``-like line or comment, ``data:`` alone, blanks
_BYTES, _LINES, _ARRAY = 1, 2, 3  # ``Lines.ends``: cut anywhere (a line end came); lines; one JSON array
_DOUBT = 4  # ``Lines.ends``: ``rest`` gave lines that read as one line too (``Lines.doubt``)
_HEAD, _IN_STRING = 1, 2  # ``Lines.kept``: the first kept piece carries no data; a ``data:`` piece kept in a string
_DATA_ONLY = 4  # ``Lines.kept``: the pieces after the head's are one ``data:`` piece (a second one: lines)
_WHOLE = 8  # ``Lines.kept``: the piece after the head's is a ``data:`` line of JSON alone (a second one: lines)
_HELD = 4  # ``Lines.bare``: a ``data:`` line with data, not JSON alone, maybe whole (a ``data:`` line next says so)
_GAP = 5  # ``Lines.bare``: such a line, then an empty piece (a blank line, or nothing: the next piece says)


_OUT = (0, 0)  # ``Lines.json``: no bracket open, not in a string (1: in one, 2: after its ``\\``)


def _scanned(state: Tuple[int, int], piece: Any) -> Tuple[int, int]:
    """``Lines.json`` after *piece*, the text of a ``data:`` line (its field name holds
    none of ``"\\[]{}``; UTF-8 bytes hold them only as themselves): JSON's strings
    (RFC 8259 section 7) and brackets, counted as they open and close."""
    depth, string = state
    end = [string]
    for _, token in outside(piece, string, end):
        if token in (b"{", b"[", "{", "["):
            depth += 1
        elif token in (b"}", b"]", "}", "]"):
            depth = max(depth - 1, 0)
    return depth, end[0]


def _kind(piece: Any) -> int:
    """Which SSE line that carries no data a piece without a line end is (``Lines.bare``;
    ``0``: none, or not yet known): a line fed whole, or the start of one."""
    s = _decoded(piece)
    if s is None:
        return 0
    if not s:
        return _BLANK
    if s == "data:":
        return _DATA
    return _SKIP if s.startswith(SSE_SKIP) else 0


def _went_on(bare: int, piece: Any) -> int:
    """``Lines.bare`` after *piece* goes on with a ``data:`` line or a blank one that
    carried nothing: still nothing after blanks; a blank line's is the piece's own."""
    if bare == _DATA:
        return _DATA if not piece.strip() else _HELD
    return _kind(piece)


def _decoded(piece: Any) -> Optional[str]:
    s = piece.strip()
    if type(s) is not str:
        try:
            s = bytes(s).decode("utf-8")
        except UnicodeDecodeError:
            return None
    return s.lstrip("\ufeff")


def _data(piece: Any) -> bool:
    """Whether a piece without a line end is an SSE ``data:`` line (a line of its own
    after one that carries no data: ``iter_lines()``)."""
    s = _decoded(piece)
    return s is not None and s.startswith("data:")


def _unmarked(piece: Any) -> Any:
    """*piece* without a byte order mark at its start (the SSE spec drops it; so does JSON's reader)."""
    s = piece.lstrip()
    if type(s) is str:
        return s[1:] if s[:1] == "\ufeff" else piece
    return s[3:] if s[:3] == b"\xef\xbb\xbf" else piece


def _values(lines: List[Any]) -> Optional[List[Any]]:
    """What *lines* (without their line ends) read, or ``None`` when they do not read:
    SSE lines, each event's data (its ``data:`` lines joined with ``"\\n"``) JSON or
    ``[DONE]``, with its ``event:`` name, or JSON alone (NDJSON): each line looked at
    once, each event's data parsed once. Two readings that give the same read the same."""
    data: List[str] = []
    out: List[Any] = []
    event = ""
    for line in lines + [""]:  # (the end of the stream ends the event, as in the whole body)
        s = _decoded(line)
        if s is None:
            return None
        if not s:
            text = "\n".join(data).strip()
            data.clear()
            if text:
                try:
                    out.append((event, text if text == "[DONE]" else load_json(text)))
                except ValueError:
                    return None
            event = ""
        elif s.startswith("data:"):
            data.append(s[5:])
        elif s.startswith("event:"):
            event = s[6:].strip()
        elif not s.startswith(SSE_SKIP):
            if not _whole(line, False):
                return None
            out.append(("", load_json(s)))
    return out


def _joined(pieces: List[Any]) -> Any:
    if type(pieces[0]) is str:
        return "".join(p if type(p) is str else utf8(p, "Stream chunk at $") for p in pieces)
    return b"".join(p.encode("utf-8") if type(p) is str else bytes(p) for p in pieces)


def _whole(piece: Any, data: bool = True) -> bool:
    """Whether a piece is a whole chunk: JSON (or, *data*, an SSE ``data:`` line of
    JSON, ``[DONE]``) that parses. Looked at a few times (never again as a tail)."""
    if not data and piece.lstrip()[:1] not in (b"{", b"[", b"\xef", "{", "[", "\ufeff"):  # (most pieces: not decoded)
        return False
    s = _decoded(piece)
    if s is None:
        return False
    if data and s.startswith("data:"):
        s = s[5:].strip()
        if s == "[DONE]":
            return True
    if not s or s[0] not in "{[":
        return False
    try:
        load_json(s)
    except ValueError:
        return False
    return True
