"""The first characters and bytes of an image's base64 text, read as the providers'
decoders read it. White space is no part of the bytes (RFC 2045 §6.8: MIME's line
breaks), but only ASCII white space (``str.split``'s: with the separators \x1c-\x1f) is
passed over, however much of it comes first or between the characters: Go's
``base64.StdEncoding`` skips CR and LF, Python's lenient ``b64decode`` any ASCII character
outside the alphabet (padding inside too, read as it reads it); a character outside ASCII
(U+00A0, U+2028, U+3000) is refused by every strict decoder (Python's ``b64decode`` raises
on text outside ASCII, Java's ``Base64.getDecoder`` and Go's on a byte outside the
alphabet; RFC 4648 §3.3: "Implementations MUST reject the encoded data if it contains
characters outside the base alphabet"), so it is read as no base64. One forward pass over
what is read: each window looked at is passed, never read again."""

from __future__ import annotations

import binascii
import re
from typing import List, Optional

__all__ = ["base64_bytes", "base64_text", "past_space"]

# ASCII white space as ``str.split`` reads it (\x1c-\x1f too, which Python's lenient decoder passes
# over, as it always was read here); one class: no backtracking
_RUN = re.compile("[ \t\n\r\x0b\x0c\x1c-\x1f]*")
_SPACE = frozenset(" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f")  # (what ``_RUN`` passes over, one character)
_SEPARATORS = b"\x1c\x1d\x1e\x1f"  # (what ``bytes.split`` does not split at)
_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _scanned(n: int) -> None:
    """Told the characters each step passes (a hook for the linear-time test)."""


def _plain(data: str, chars: int, start: int) -> Optional[str]:
    """The first *chars* characters of *data* from *start* where they hold no white space
    and nothing outside ASCII (the common case: read as they are), else ``None``."""
    head = data[start:start + chars]
    return head if head.isascii() and head.split() == [head] else None


def _read(data: str, chars: int, start: int) -> bytes:
    """The first *chars* characters of base64 *data* from *start* (fewer where it has
    fewer), ASCII white space passed over, as ASCII bytes; ``b""`` where a character
    outside ASCII is among those looked at."""
    out: List[bytes] = []
    got, n, i = 0, len(data), start
    while got < chars and i < n:
        j = _RUN.match(data, i).end()  # type: ignore[union-attr]
        need = chars - got
        end = min(n, j + need + need // 8 + 4)  # (MIME's line breaks: one in 76 characters)
        _scanned(end - i)
        piece = data[j:end]
        if not piece.isascii():
            return b""
        raw = b"".join(piece.encode("ascii").split()).translate(None, _SEPARATORS)
        out.append(raw)
        got += len(raw)
        i = end
    return b"".join(out)[:chars]


def past_space(data: str, start: int = 0) -> int:
    """Where the ASCII white space run at *start* in *data* ends: each read of the head
    from there passes over no run already passed (one regex step, no backtracking)."""
    if data[start:start + 1] not in _SPACE:  # (the common case: no run)
        return start
    end: int = _RUN.match(data, start).end()  # type: ignore[union-attr]
    _scanned(end - start)
    return end


def base64_text(data: str, chars: int, start: int = 0) -> str:
    """The first *chars* characters of base64 *data* from *start*, ASCII white space
    passed over; ``""`` where a character outside ASCII is among them."""
    head = _plain(data, chars, start)
    return head if head is not None else _read(data, chars, start).decode("ascii")


def base64_bytes(data: str, chars: int, start: int = 0) -> bytes:
    """The bytes of the first *chars* characters of base64 *data* from *start*
    (``base64_text``, its whole quads), or none where they are no base64: a character
    outside the alphabet."""
    head = _plain(data, chars, start)
    text = head.encode("ascii") if head is not None else _read(data, chars, start)
    chunk = text[:len(text) // 4 * 4]
    if chunk.translate(None, _ALPHABET).strip(b"="):  # (padding anywhere read as the lenient decoder reads it)
        return b""
    try:
        return binascii.a2b_base64(chunk)
    except binascii.Error:  # (padding in a quad of one character)
        return b""
