"""Input and output of the command line: records from JSON or JSONL, fast JSON
lines out, progress on a terminal.

JSON or JSONL is told apart by the first non-blank line: when it ends inside a
value (``{``, ``[``, ``,`` or ``:`` at its end, as a pretty-printed document's does)
the whole input is one JSON document (read whole); otherwise every line is a
record, read one at a time (constant memory whatever the size of the file), and
a line that is not JSON is one bad record, not a bad input.

A UTF-8 byte order mark is dropped only as the first character of the input: RFC 8259
§8.1 lets a parser ignore one there, and JSON Lines allows none at all. Anywhere else
(a second file appended, a blank line before it) it is an error that names it, never
stripped: inside a string it is data and the parser keeps it.
"""

from __future__ import annotations

import json
import os
import time
from typing import IO, Any, Iterator, NamedTuple, Optional

from pydantic_core import to_json

from ._args import TooLong, load_json
from ._cli_streams import stderr
from ._errors import EncodeError
from ._policy import _reject_constant

__all__ = ["BadInput", "Progress", "Record", "dumps", "records"]

_BOM = b"\xef\xbb\xbf"
_OPENERS = (b"{", b"[", b",", b":")


class BadInput(Exception):
    """The input as a whole is neither JSON nor JSONL (exit code 2)."""


class Record(NamedTuple):
    line: int  # 1-based number of the record's (first) line
    value: Any  # the parsed value, or None when ``error`` is set
    error: Optional[str]  # why the line is not JSON


def _parse(raw: bytes) -> Any:
    """The JSON value of one record: the decoders' own reading (``load_json``)."""
    return load_json(raw)


def _utf8(line: bytes) -> bool:
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _why(exc: Exception, text: bytes) -> str:
    why = " ".join(str(exc).split())
    if _BOM in text:  # the parser's "expected value" would hide what stands there
        where = why.rpartition(" at ")[2]
        if _bom_at(text, where):
            why = (f"a byte order mark (U+FEFF) at {where}: only the first character of the "
                   "input may be one (RFC 8259 §8.1)")
    return f"{'JSON the parser cannot read' if isinstance(exc, TooLong) else 'not JSON'} ({why})"


def _bom_at(text: bytes, where: str) -> bool:
    """Whether the character at *where* (``line L column C`` as the parser counts:
    lines at ``\n``, columns in characters from 1) in *text* is a byte order mark."""
    line, _, column = where.removeprefix("line ").partition(" column ")
    if not (line.isascii() and line.isdigit() and column.isascii() and column.isdigit()):  # int() takes no "²"
        return False
    s = text.decode("utf-8", "replace")
    start = 0
    for _ in range(int(line) - 1):
        start = s.find("\n", start) + 1
        if not start:
            return False
    at = start + int(column) - 1
    return 0 <= at < len(s) and s[at] == "\ufeff"


def _bad(text: bytes) -> str:
    """Why *text* is not JSON, its position as the parser gives it."""
    try:
        _parse(text)
    except ValueError as exc:
        return _why(exc, text)
    return "not JSON"


def records(stream: IO[bytes], name: str = "input") -> Iterator[Record]:
    """The records of a JSON document or of each non-blank JSONL line; ``BadInput``
    when the input cannot be read (*name* says which)."""
    try:  # around the reads: an error of the consumer at a ``yield`` is not raised in here
        n = 0
        first = b""
        for first in stream:
            n += 1
            if n == 1 and first.startswith(_BOM):
                first = first[len(_BOM) :]
            if first.strip():
                break
        else:
            return
        if b"\x00" in first or not _utf8(first):  # a binary file: unreadable input, not bad records
            raise BadInput("input is not JSON or JSONL text (binary data, or not UTF-8)")
        if first.rstrip().endswith(_OPENERS):
            text = first + stream.read()
            try:
                value = _parse(text)
            except ValueError:  # again after the blank lines skipped, so that the position is the file's
                why = _bad(b"\n" * (n - 1) + text)
                raise BadInput(f"input is neither JSON nor JSONL: {why}") from None
            yield Record(n, value, None)
            return
        line = first
        while True:
            try:
                value = _parse(line)
            except ValueError:
                # again without the line end (its indentation kept), so that the position points into the text
                yield Record(n, None, _bad(line.rstrip()))
            else:
                yield Record(n, value, None)
            for line in stream:
                n += 1
                if line.strip():
                    break
            else:
                return
    except OSError as exc:  # a read failed (EIO...): the input as a whole is unreadable
        raise BadInput(f"cannot read {name}: {exc.strerror or exc}") from None


def dumps(value: Any) -> bytes:
    """Compact UTF-8 JSON and a newline (pydantic-core's writer; stdlib for lone
    surrogates). ``EncodeError`` for a value JSON cannot carry: infinity (what a number
    such as ``1e400`` reads as) or NaN, which the writer would spell ``Infinity``."""
    try:
        out = to_json(value)
    except Exception:  # a lone surrogate cannot be UTF-8: escape it as JSON allows
        try:
            return json.dumps(value, ensure_ascii=True, separators=(",", ":"), allow_nan=False).encode("ascii") + b"\n"
        except ValueError:
            pass  # infinity or NaN beside the surrogate
    else:
        if b"Infinity" not in out and b"NaN" not in out:
            return out + b"\n"
        try:  # in a string, or a number JSON has no spelling for
            json.loads(out, parse_constant=_reject_constant)
            return out + b"\n"
        except ValueError:
            pass
    raise EncodeError("The output holds infinity or NaN (a number out of range, such as 1e400), "
                      "which JSON cannot carry")


class Progress:
    """``N records, X MB (P%), R/s`` on stderr, twice a second, only on a terminal.

    ``tick(count)`` gives the record count at which to call it again: the clock is
    read every few records only, as many as take about a sixteenth of a second
    (at most ``most`` records, so that records turning slow are seen in time)."""

    interval = 0.5  # seconds between refreshes
    most = 16  # records between two clock reads, at most
    clock = staticmethod(time.monotonic)

    def __init__(self, stream: IO[bytes], enabled: bool) -> None:
        self.enabled = enabled
        self.stream = stream
        self.size: Optional[int] = None
        self.start = self.last = self.checked = self.clock()
        self.every = 1
        self.shown = False
        if enabled:
            try:
                self.size = os.fstat(stream.fileno()).st_size or None
            except (OSError, ValueError, AttributeError):
                self.size = None

    def tick(self, count: int) -> int:
        now = self.clock()
        gap, self.checked = now - self.checked, now
        if gap < self.interval / 8:
            self.every = min(self.every * 2, self.most)
        elif gap > self.interval / 4:
            self.every = max(int(self.every * self.interval / 8 / gap), 1)
        if now - self.last >= self.interval:
            self._show(count, now)
        return count + self.every

    def _show(self, count: int, now: float) -> None:
        self.last = now
        text = f"{count:,} records"
        try:
            pos = self.stream.tell()
        except (OSError, ValueError):
            pos = None
        if pos is not None:
            text += f", {pos / 1e6:,.0f} MB"
            if self.size:
                text += f" ({100 * pos / self.size:.0f}%)"
        text += f", {count / max(now - self.start, 1e-9):,.0f}/s"
        err = stderr()
        err.write(f"\r{text}\x1b[K")
        err.flush()
        self.shown = True

    def done(self) -> None:
        if self.shown:
            err = stderr()
            err.write("\r\x1b[K")
            err.flush()
            self.shown = False
