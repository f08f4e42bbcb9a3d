"""The first characters and bytes of an image's base64 text, read as the providers'
decoders read it. White space is no part of the bytes (RFC 2045 §6.8: MIME's line
breaks), but only ASCII white space is passed over, however much of it comes first or
between the characters: Go's ``base64.StdEncoding`` skips CR and LF, Python's lenient
``b64decode`` any ASCII character outside the alphabet; a character outside ASCII
(U+00A0, U+2028, U+3000) is refused by every strict decoder (Python's ``b64decode`` raises
on text outside ASCII, Java's ``Base64.getDecoder`` and Go's on a byte outside the
alphabet; RFC 4648 §3.3: "Implementations MUST reject the encoded data if it contains
characters outside the base alphabet"), so it is read as no base64. One forward pass over
what is read: each window looked at is passed, never read again."""

from __future__ import annotations

import binascii
import re
from typing import List

__all__ = ["base64_bytes", "base64_text"]

_WS = " \t\n\r\x0b\x0c"  # ASCII white space (``bytes.split``'s): never a character outside ASCII
_RUN = re.compile("[ \t\n\r\x0b\x0c]*")  # (one class: no backtracking)
_DROP = str.maketrans("", "", _WS)
_BASE64 = re.compile("[A-Za-z0-9+/]*={0,2}")  # (disjoint: no backtracking)


def _scanned(n: int) -> None:
    """Told the characters each step passes (a hook for the linear-time test)."""


def base64_text(data: str, chars: int) -> str:
    """The first *chars* characters of base64 *data* (fewer where it has fewer), ASCII
    white space passed over; ``""`` where a character outside ASCII is among them."""
    out: List[str] = []
    got, n, i = 0, len(data), 0
    while got < chars and i < n:
        j = _RUN.match(data, i).end()  # type: ignore[union-attr]
        need = chars - got
        end = min(n, j + need + need // 8 + 4)  # (MIME's line breaks: one in 76 characters)
        _scanned(end - i)
        piece = data[j:end].translate(_DROP)
        out.append(piece)
        got += len(piece)
        i = end
    text = "".join(out)[:chars]
    return text if text.isascii() else ""


def base64_bytes(data: str, chars: int) -> bytes:
    """The bytes of the first *chars* characters of base64 *data* (``base64_text``, its
    whole quads), or none where they are no base64."""
    text = base64_text(data, chars)
    chunk = text[:len(text) // 4 * 4]
    if not _BASE64.fullmatch(chunk):
        return b""
    try:
        return binascii.a2b_base64(chunk)
    except binascii.Error:  # (padding in a quad of one character)
        return b""
