"""Bytes pieces of one JSON array of chunks: Gemini's ``streamGenerateContent``
without ``alt=sse`` streams its ``GenerateContentResponse`` chunks as one JSON array
written as they come, not as SSE events (the REST reference,
https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent: SSE
with ``alt=sse``; the array without it: kgateway-dev/kgateway#10804; checked
2026-12-07). Each chunk is given once its object closes, never before (a string or a
bracket still open: it waits); between chunks only blanks and commas. What follows
the array's end is read as lines (an NDJSON body whose first line is an array of
chunks, as the whole body reads it)."""

from __future__ import annotations

import re
from typing import Any, Iterator, List, Tuple

from .._errors import DecodeError, excerpt

__all__ = ["array_start", "elements", "ENDED", "outside"]

ENDED = (-1, 0)  # the state after the array's end: what follows is lines

_TOKENS = re.compile(rb'["\\\[\]{}]')  # (a character class: each byte looked at once)
_STR_TOKENS = re.compile(r'["\\\[\]{}]')
_BETWEEN = (b" \t\r\n,", " \t\r\n,")  # what may stand between two chunks (and around them)


def array_start(piece: Any) -> bool:
    """Whether the stream's first piece opens a JSON array of objects (``[`` then a
    ``{``, or nothing yet): read as one, chunk by chunk."""
    s = piece.lstrip()
    if type(s) is str:
        s = s.lstrip("\ufeff")
        return s[:1] == "[" and s[1:].lstrip()[:1] in ("", "{")
    if s[:3] == b"\xef\xbb\xbf":
        s = s[3:].lstrip()
    return s[:1] == b"[" and s[1:].lstrip()[:1] in (b"", b"{")


def elements(state: Tuple[int, int], tail: List[Any], piece: Any) -> Tuple[Tuple[int, int], Any, int]:
    """The chunks the array's text gives with *piece* (one JSON array's text, or
    ``None``), the state after it: ``(depth, string)`` (the array's own bracket counted;
    *string* 1 in a string, 2 after its ``\\``; ``ENDED`` after the array), and where in
    *piece* the text after the array's end begins (``-1``: it did not end). *tail* holds
    the pieces of the chunk begun and not closed; text between chunks other than blanks
    and commas is refused."""
    text = type(piece) is str
    between = _BETWEEN[text]
    depth, string = state
    start = 0 if tail else -1  # where the open chunk begins in *piece*
    free = -1 if tail else 0  # where text between chunks begins in *piece*
    done: List[Any] = []
    after = -1
    end = [string]
    for at, token in outside(piece, string, end):
        if depth <= 1:  # between chunks: a chunk's ``{``, the array's ``]`` (its ``[`` at 0)
            if piece[free:at].strip(between):
                _refuse(piece, free)
            if token not in ((b"[", "[") if depth == 0 else (b"{", "{", b"]", "]")):
                _refuse(piece, at)
            if token in (b"]", "]"):
                depth, free, after = -1, -1, at + 1
                break
            else:
                start = at if depth else -1
                free = -1 if depth else at + 1
                depth += 1
        elif token in (b"{", b"[", "{", "["):
            depth += 1
        elif token in (b"}", b"]", "}", "]"):
            depth -= 1
            if depth == 1:
                tail.append(piece[start:at + 1])
                done.append(tail[0] if len(tail) == 1 else _join(tail))
                tail.clear()
                start, free = -1, at + 1
    if start >= 0:
        tail.append(piece[start:])
    elif free >= 0 and piece[free:].strip(between):
        _refuse(piece, free)
    out = None
    if done:
        comma: Any = "," if text else b","
        out = ("[" if text else b"[") + comma.join(done) + ("]" if text else b"]")
    if after >= 0:
        return ENDED, out, after
    return (depth, end[0]), out, after


def outside(piece: Any, string: int, end: List[int]) -> Iterator[Tuple[int, Any]]:
    """Where each of ``"\\[]{}`` stands in *piece* outside JSON strings (RFC 8259
    section 7), and which (a ``"`` opens a string), the piece begun in the state
    *string* (0: out of a string; 1: in one; 2: after its ``\\``); *end* gets the state
    after it, once it is read to its end. Each character looked at once."""
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
            continue
        if token in (b'"', '"'):
            string = 1
        yield at, token
    end[0] = 2 if string and skip == len(piece) else string


def _join(pieces: List[Any]) -> Any:
    return ("" if type(pieces[0]) is str else b"").join(pieces)


def _refuse(piece: Any, at: int) -> None:
    raise DecodeError(
        "Stream chunk at $ is a JSON array of chunks (Gemini streamGenerateContent without alt=sse) with "
        f"text between its chunks that is no chunk: {excerpt(piece[at:at + 60])}"
    )
