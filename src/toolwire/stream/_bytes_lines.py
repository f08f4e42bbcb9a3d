"""Bytes fed as a transport yields them, cut anywhere (httpx ``iter_bytes()``) or as
lines without their line end (requests' ``iter_lines()``), read as whole lines (the
SSE spec's lines: WHATWG HTML, "Server-sent events",
https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream;
NDJSON's)."""

from __future__ import annotations

import re
from typing import Any, List, Optional, Tuple

from .._args import load_json, utf8
from ._call import reduce_slots

__all__ = ["Lines", "SSE_SKIP"]

SSE_SKIP = ("event:", "id:", "retry:", ":")  # the lines that carry no data (``data:`` aside)


class Lines:
    """Bytes fed as a transport yields them (httpx ``iter_bytes()``): a piece may end
    inside a line (or inside a UTF-8 character). ``take`` gives the whole lines
    so far and keeps the unfinished tail (only it: each piece is looked at once, the
    tail joined once, when its line ends). A line ends with LF, CR or CRLF (the SSE
    spec's ``end-of-line``); a CR that ends a piece is a line end, and the LF of its
    CRLF, at the start of the next piece, is dropped when it is read (``Body.cr``).

    A piece that begins a line and is JSON alone (pretty-printed too: line ends inside)
    is a whole chunk, given as it is. Lines without their line end (requests'
    ``iter_lines()``) are read as lines: until a piece holds a line end (``ends``: then
    the pieces are cut anywhere, a tail always goes on in the next piece), an SSE
    ``data:`` line of JSON is given as it is too (after a line end it may be the start
    of a line of an event's data, ``data: {"a": 1},``), and an SSE line that carries no data
    (``event: ...``, a comment, a blank line, ``data:`` with nothing after it) waits
    (``bare``: which of these): the next piece says whether it was whole (a ``data:``
    line follows; a whole chunk after a line other than ``data:``, a line such as
    ``event:`` after ``data:``: it is dropped, as it would be read) or cut (any other
    piece goes on with it; a ``data:`` line that gets more than blanks so carries data,
    and is never dropped). A ``data:`` line that is not JSON alone (an event's data over
    several lines) is a whole line when a ``data:`` line follows it, or an empty piece
    (a blank line fed alone: ``iter_lines()``; no transport cuts a line into an empty
    piece) and then a line of its own (``_HELD``, ``_GAP``: a line cut before ``data:``
    would hold it inside a JSON string, which a line end makes no JSON: refused, never
    misread). While such an event's data so far is JSON cut inside a string or a bracket
    (``json``: each piece scanned once), a ``data:`` piece inside the string, or a piece
    after an empty one, goes on with the line (a line end there makes no JSON: a cut
    line is the only reading). ``rest`` gives
    the tail at the end of the stream."""

    __slots__ = ("tail", "bare", "ends", "json")
    __reduce__ = reduce_slots

    def __init__(self) -> None:
        self.tail: List[Any] = []
        self.bare = 0  # the tail is an SSE line that carries no data, maybe whole: _SKIP, _DATA, _BLANK
        self.ends = False  # a piece held a line end: no line is fed without its own
        self.json = _OUT  # (_HELD, _GAP) the event's data so far as JSON: brackets open, in a string

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
        if not tail and _whole(piece, False):  # JSON alone (pretty-printed too): no line's start
            return piece
        if cut < 0:
            if self.ends:  # the line goes on
                tail.append(piece)
                return None
            bare = self.bare
            if bare >= _HELD:
                if not piece:  # a blank line (``iter_lines()``) or nothing: the next piece tells
                    self.bare = _GAP
                    return None
                blank = not piece.strip()  # (blanks alone after the line: more of it, JSON's whitespace)
                depth, string = self.json
                line = _data(piece) and not string  # (inside a string: the string's text)
                if bare == _GAP and not line and not depth and not string:  # after a blank line: an
                    line = bool(_kind(piece)) or _whole(piece)  # ``event:`` line, a comment, a chunk
                if not line:  # the same line goes on (an empty piece inside JSON: nothing)
                    tail.append(piece)
                    self.bare = _HELD
                    self.json = _scanned(self.json, piece)
                    return None
                head = _joined(tail)  # a line of an event's data, then its next (``iter_lines()``)
                tail.clear()
                eol: Any = "\n" if type(head) is str else b"\n"
                head += eol * 2 if bare == _GAP else eol  # (a blank line: the event's end)
                if blank or _whole(piece):
                    self.bare = 0
                    return head + piece + eol
                tail.append(piece)
                self.bare = _kind(piece) or (_HELD if _data(piece) else 0)
                self.json = _scanned(self.json if bare == _HELD else _OUT, piece)  # (the same event's next line)
                return head
            if bare:
                if _data(piece) or (_kind(piece) == _SKIP if bare == _DATA else _whole(piece)):
                    tail.clear()  # the line before was whole: it carries nothing to read
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
                return piece
            tail.append(piece)
            self.bare = _kind(piece) or (_HELD if _data(piece) else 0)
            self.json = _scanned(_OUT, piece)
            return None
        self.ends = True
        self.bare = 0
        head = piece[: cut + 1]
        if tail:
            tail.append(head)
            head = _joined(tail)
            tail.clear()
        if cut + 1 < len(piece):
            tail.append(piece[cut + 1 :])
        return head

    def rest(self) -> Any:
        """The unfinished tail (``None`` without one), read as the stream's last line."""
        if not self.tail:
            return None
        rest = _joined(self.tail)
        self.tail = []
        self.bare = 0
        self.json = _OUT
        return rest


_SKIP, _DATA, _BLANK = 1, 2, 3  # ``Lines.bare``: an ``event:``-like line or comment, ``data:`` alone, blanks
_HELD = 4  # ``Lines.bare``: a ``data:`` line with data, not JSON alone, maybe whole (a ``data:`` line next says so)
_GAP = 5  # ``Lines.bare``: such a line, then an empty piece (a blank line, or nothing: the next piece says)


_OUT = (0, 0)  # ``Lines.json``: no bracket open, not in a string (1: in one, 2: after its ``\\``)
_TOKENS = re.compile(rb'["\\\[\]{}]')  # (a character class: each byte looked at once)
_STR_TOKENS = re.compile(r'["\\\[\]{}]')


def _scanned(state: Tuple[int, int], piece: Any) -> Tuple[int, int]:
    """``Lines.json`` after *piece*, the text of a ``data:`` line (its field name holds
    none of ``"\\[]{}``; UTF-8 bytes hold them only as themselves): JSON's strings
    (RFC 8259 section 7) and brackets, counted as they open and close."""
    depth, string = state
    skip = 0 if string == 2 else -1  # (a ``\\`` that ended the piece before: the next character)
    string = min(string, 1)
    for match in (_STR_TOKENS if type(piece) is str else _TOKENS).finditer(piece):
        at = match.start()
        if at == skip:
            continue
        token = piece[at:at + 1]
        if string:
            if token in (b"\\", "\\"):
                skip = at + 1
            elif token in (b'"', '"'):
                string = 0
        elif token in (b'"', '"'):
            string = 1
        elif token in (b"{", b"[", "{", "["):
            depth += 1
        elif token not in (b"\\", "\\"):
            depth = max(depth - 1, 0)
    return depth, 2 if string and skip == len(piece) else string


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
