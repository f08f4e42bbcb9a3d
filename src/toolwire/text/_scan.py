"""The marker scanner of the text formats: the two kinds of mode a family is made of.

- ``TextMode`` copies text to a sink (content, reasoning, or the stray-text buffer)
  until one of its literal markers appears, then runs the marker's action.
- ``BodyMode`` (``_body``) collects a call region until its end marker, or until its
  brackets balance, skipping markers inside quoted values, then parses the region once.

Both search with one compiled alternation of their tokens from the first unconsumed
character, and keep back only a tail that may still grow into a token (shorter than
the longest token), so each ``feed`` costs in proportion to its delta.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable

from .._finish_reasons import COMPATIBLE_STOPS

if TYPE_CHECKING:
    from ._core import TextParser

__all__ = ["FINISHED", "Action", "Mode", "Parse", "Pieces", "TextMode"]

# finish reasons that say the model ended its turn itself (it emitted a stop token, which
# engines strip from the text): OpenAI-compatible servers' "stop" / "tool_calls", and
# the spellings of other APIs and servers (``COMPATIBLE_STOPS``: Together "eos", Hugging
# Face TGI "eos_token" and "stop_sequence"...). "length" and the like are ``TRUNCATING``.
FINISHED = frozenset({"stop", "tool_calls", "function_call", "tool_use", "STOP", *COMPATIBLE_STOPS})

class Pieces:
    """Text received in pieces (down to one character per ``feed``), held compactly:
    every 64 pieces are joined into one string, so a long run of one-character deltas
    costs about a byte or two per character, not a string object and a pointer each."""

    __slots__ = ("done", "recent")

    def __init__(self) -> None:
        self.done: list[str] = []
        self.recent: list[str] = []

    def __getstate__(self) -> tuple[list[str], list[str]]:  # pickles with every protocol (a checkpoint)
        return self.done, self.recent

    def __setstate__(self, state: tuple[list[str], list[str]]) -> None:
        self.done, self.recent = state

    def append(self, text: str) -> None:
        recent = self.recent
        if len(recent) >= 64:  # (before the new piece: the last one stays a piece, ``Sink.last``)
            self.done.append("".join(recent))
            recent.clear()
        recent.append(text)

    def reset(self, text: str = "") -> None:
        self.done.clear()
        self.recent.clear()
        if text:
            self.recent.append(text)

    def join(self) -> str:
        if self.done:
            return "".join(self.done) + "".join(self.recent)
        return "".join(self.recent)

    def __bool__(self) -> bool:
        return bool(self.recent or self.done)


class Mode:
    """One state of a family's machine; *at_end*: what the end of the text in it means
    (``_kit.empty_cut``), when it means more than the end of its text."""

    at_end: Callable[[TextParser], None] | None = None

    def step(self, m: TextParser) -> bool:  # pragma: no cover - interface
        """Consume from ``m.pos``; True when progress was made and the loop should go on."""
        raise NotImplementedError


Action = Callable[["TextParser", str], None]


def _alternation(tokens: Sequence[str]) -> Any:
    return re.compile("|".join(re.escape(t) for t in sorted(set(tokens), key=len, reverse=True)))


def _prefixes(tokens: Sequence[str]) -> frozenset[str]:
    return frozenset(t[:i] for t in tokens for i in range(1, len(t)))


def _hold(buf: str, pos: int, firsts: frozenset[str], prefixes: frozenset[str], longest: int) -> int:
    """Where a possible partial marker at the end of *buf* begins (``len(buf)`` if none)."""
    n = len(buf)
    i = max(pos, n - longest + 1)
    while i < n:
        if buf[i] in firsts and buf[i:] in prefixes:
            return i
        i += 1
    return n


class TextMode(Mode):
    """Copy text to a sink until a marker; ``sink`` is ``"content"``, ``"reasoning"`` or ``""``."""

    def __init__(self, sink: str, on: dict[str, Action] | None = None) -> None:
        self.sink = sink
        self.on: dict[str, Action] = {}
        self.text_first: frozenset[str] = frozenset()
        if on:
            self.set(on)

    def set(self, on: dict[str, Action], text_first: Sequence[str] = ()) -> None:
        """*on*: each marker's action; *text_first*: markers whose action runs before the
        stray text met so far is flushed (one that may be that text's own, ``_modes``)."""
        self.on = dict(on)
        self.text_first = frozenset(text_first)
        keys = list(self.on)
        self.rx = _alternation(keys)
        self.firsts = frozenset(k[0] for k in keys)
        self.prefixes = _prefixes(keys)
        self.longest = max(len(k) for k in keys)

    def emit(self, m: TextParser, text: str) -> None:
        if text:
            if self.sink == "content":
                m.emit_content(text)
            elif self.sink == "reasoning":
                m.emit_reasoning(text)
            else:
                m.stray.append(text)

    def step(self, m: TextParser) -> bool:
        buf, pos = m.buf, m.pos
        hit = self.rx.search(buf, pos)
        if (
            hit is not None
            and not m.final
            and len(buf) - hit.start() < self.longest
            and buf[hit.start() :] in self.prefixes
        ):  # could still grow into a longer marker: wait for more text
            self.emit(m, buf[pos : hit.start()])
            m.pos = hit.start()
            return False
        if hit is not None:
            self.emit(m, buf[pos : hit.start()])
            m.pos = hit.end()
            tok = hit.group()
            if m.stray and tok not in self.text_first:
                m.flush_stray()
            self.on[tok](m, tok)
            m.brk(self.sink)  # the marker separated two pieces of this text (a dropped one too)
            return True
        stop = len(buf) if m.final else _hold(buf, pos, self.firsts, self.prefixes, self.longest)
        if stop > pos:
            self.emit(m, buf[pos:stop])
            m.pos = stop
        if m.final and m.stray:
            m.flush_stray()
        return False


Parse = Callable[["TextParser", str, str, bool], None]


class _Tokens:
    """An alternation of tokens, and what holding back a partial one needs."""

    __slots__ = ("firsts", "grows", "longest", "prefixes", "rx", "tokens")

    def __init__(self, tokens: Sequence[str]) -> None:
        self.tokens = tuple(tokens)
        self.rx = _alternation(tokens)
        self.firsts = frozenset(t[0] for t in tokens)
        self.prefixes = _prefixes(tokens)
        self.longest = max(len(t) for t in tokens)
        self.grows = frozenset(t for t in tokens if t in self.prefixes)  # a token that starts a longer one

    def __reduce__(self) -> tuple[Any, ...]:
        """Built again from its tokens (every pickle protocol: a slotted class has no
        state protocols 0 and 1 can write)."""
        return (_Tokens, (self.tokens,))
