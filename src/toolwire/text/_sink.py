"""The content and the reasoning of a text-format reply as ``TextParser`` (``_core.py``)
collects them: outer whitespace dropped, trailing whitespace held back until more text
follows, a newline where a marker stood between two pieces with no whitespace.
"""

from __future__ import annotations

from typing import Any

from ._scan import Pieces

__all__ = ["Sink"]


class Sink:
    """Text of one kind; drops outer whitespace, holds trailing whitespace back."""

    __slots__ = ("gap", "parts", "pending", "started")

    def __init__(self) -> None:
        self.parts = Pieces()
        self.pending = Pieces()  # whitespace not emitted yet (runs may be long)
        self.started = False
        self.gap = False  # a marker was removed here: a newline unless whitespace is on either side

    def __getstate__(self) -> tuple[Any, ...]:  # pickles with every protocol (a checkpoint)
        return self.gap, self.parts, self.pending, self.started

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.gap, self.parts, self.pending, self.started = state

    def add(self, text: str) -> str:
        if not text:  # nothing between two markers: the gap waits for the next text
            return ""
        if not self.started:
            text = text.lstrip()
            if not text:
                return ""
            self.started = True
        elif self.gap:
            self.gap = False
            if not self.pending and not text[0].isspace():
                self.pending.reset("\n")
        body = text.rstrip()
        if not body:
            self.pending.append(text)
            return ""
        if self.pending:
            self.pending.append(body)
            out = self.pending.join()
        else:
            out = body
        self.pending.reset(text[len(body) :])
        self.parts.append(out)
        return out

    def brk(self) -> None:
        self.gap = self.started

    def last(self) -> tuple[int, str]:
        """How many pieces were emitted (every ``add`` that emitted one: any split of the
        same text gives the same count of pieces with text other than whitespace) and the
        last one (the whitespace held back after it: ``pending``)."""
        done, recent = self.parts.done, self.parts.recent
        return 64 * len(done) + len(recent), recent[-1] if recent else ""

    def value(self) -> str | None:
        return self.parts.join() or None
