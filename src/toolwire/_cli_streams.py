"""The standard streams as the command line uses them, whatever the process got:
output is UTF-8 bytes (never the locale's encoding: an ASCII or cp1252 terminal
cannot spell every dialect's description); a text-only stream (``io.StringIO``,
``contextlib.redirect_stdout``, an IDE's console) gets the same text; a closed
stderr (``2>&-``: ``sys.stderr`` is ``None``) takes messages and drops them, so the
run and its exit code are unchanged; a closed stdin is ``None`` here (the caller
says so: exit code 2).
"""

from __future__ import annotations

import io
import sys
from typing import IO, Any, Optional

__all__ = ["binary_stdin", "binary_stdout", "stderr"]


class _Discard:
    """A stderr stand-in that drops what it is given."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


class _TextOut:
    """Bytes written to a text-only stream, as the UTF-8 text they are."""

    def __init__(self, text: Any) -> None:
        self.text = text

    def write(self, data: bytes) -> int:
        self.text.write(data.decode("utf-8"))
        return len(data)

    def flush(self) -> None:
        self.text.flush()


_DISCARD = _Discard()


def stderr() -> Any:
    """``sys.stderr``, or a stand-in that drops messages when there is none."""
    return sys.stderr if sys.stderr is not None else _DISCARD


def binary_stdout() -> Any:
    """A ``write(bytes)`` / ``flush()`` for ``sys.stdout`` (checked not ``None``): its
    byte buffer, after what its text layer holds; for a text-only stream, the text."""
    out = sys.stdout
    buffer = getattr(out, "buffer", None)
    if buffer is None:
        return _TextOut(out)
    out.flush()  # what was written as text goes first
    return buffer


def binary_stdin() -> Optional[IO[bytes]]:
    """``sys.stdin``'s bytes: its byte buffer; a text-only stream's text, encoded;
    ``None`` when there is no stdin (started with it closed)."""
    stdin = sys.stdin
    if stdin is None:
        return None
    buffer: Optional[IO[bytes]] = getattr(stdin, "buffer", None)
    if buffer is not None:
        return buffer
    return io.BytesIO(stdin.read().encode("utf-8", "surrogatepass"))
