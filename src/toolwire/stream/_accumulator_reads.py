"""What an ``Accumulator`` tells of the reply read so far (``Reads``: its calls, text,
commentary, refusal, finish reason, error), and the small parts the accumulator and
``accumulate`` share (the end of a stream without a finish reason, the place of the
chunk read).
"""

from __future__ import annotations

import operator
from typing import Any, Iterator, List, Optional

from .._builtin import registry_of
from .._registry import Registry
from ._call import Result
from ._core import Core

__all__ = ["ENDED", "NO_DATA", "UNNAMED", "Reads", "checked_out", "counted", "ends", "place"]


UNNAMED = ()  # ``Accumulator._first`` of a detected stream: never looked for
# how a stream without a finish reason or a call ended before its reply did (``Results.unended``)
ENDED = "The stream ended before the reply finished (no finish reason came)"
NO_DATA = "The stream held no chunk with data"


def ends(core: Core, handler: Any) -> None:
    """A handler whose dialect's streams end with a finish reason says so (``ends =
    True``): one that ends without it, and without a call, ended before its reply did."""
    if getattr(handler, "ends", False) is True:
        core.unended = ENDED


def checked_out(core: Core, out: List[Result]) -> bool:
    """Whether a named stream that made no call is checked for another dialect's chunks
    (``foreign``): when it gave nothing, or only the nameless call of a stream that ended
    with no finish reason (``unended``); a failed one has said what it is."""
    return not out or (core.finish_reason is None and core.failure is None)


def place(chunks: List[Any], items: Iterator[Any]) -> int:
    """The place in *chunks* of the chunk read last from *items*, their iterator (the
    loop reading them has taken it: ``-1`` when that cannot be)."""
    n = len(chunks) - operator.length_hint(items) - 1
    return n if 0 <= n < len(chunks) else -1


def counted(chunks: Iterator[Any], count: List[int]) -> Iterator[Any]:
    """*chunks*, the place of the one taken last in ``count[0]``."""
    for chunk in chunks:
        count[0] += 1
        yield chunk


class Reads:
    """The readings of an ``Accumulator`` (its state is set by ``Accumulator.__init__``)."""

    _core: Optional[Core]
    _registry: Optional[Registry]
    _inline: Optional[bool]
    _closed: bool

    @property
    def calls(self) -> List[Result]:
        """The calls finalized so far, in order of appearance (all of them after close)."""
        return [] if self._core is None else self._core.results_list()

    @property
    def server_calls(self) -> List[Result]:
        """The finalized calls the provider executes itself."""
        return [] if self._core is None else self._core.results_list(server=True)

    @property
    def text(self) -> str:
        """The reply text seen so far, as ``normalize`` reads the same reply whole: a chat
        template's inline ``<think>…</think>`` block (a reasoning model's Chat stream
        without a reasoning parser) is no part of it, nor the text after a ``<think>``
        never closed (``_think.split_think``). Joined once, then grown by the pieces that
        came since (``_pieces``): read after every chunk, each piece is joined once."""
        core = self._core
        if core is None:
            return ""
        return core.reply_text(self._inline_think(core.dialect))

    def _inline_think(self, dialect: str) -> bool:
        """Whether the dialect's text can carry a chat template's think block
        (``ResponseReader.inline_think``), looked up once."""
        inline = self._inline
        if inline is None:
            reader = registry_of(self._registry).get(dialect).response
            inline = self._inline = reader is not None and reader.inline_think is True
        return inline

    @property
    def commentary(self) -> str:
        """The text the provider labels as no part of the answer (OpenAI Responses
        commentary messages: a preamble, a status update before a call), one line per
        message, never in ``text``: as ``Response.commentary``; ``""`` without any. Read
        after every event, each piece is joined once (``_replies.commentary_text``)."""
        return "" if self._core is None else self._core.commentary_text()

    @property
    def refusal(self) -> Optional[str]:
        """The model's refusal, as ``Response.refusal``: OpenAI Chat ``delta.refusal``, a
        Responses refusal part (never in ``text``); under a finish reason that says the
        model refused, Anthropic ``refusal``, the text or ``"refused"``, its inline think
        block out as in ``text`` (and still in ``text``: it is what the model wrote before
        it was stopped, "No additional refusal message is included",
        https://platform.claude.com/docs/en/test-and-evaluate/strengthen-guardrails/handle-streaming-refusals);
        ``None`` without one."""
        core = self._core
        return None if core is None else core.refusal_text(self._inline_think(core.dialect))

    @property
    def finish_reason(self) -> Optional[str]:
        """The finish reason as the provider sent it (``None`` until seen)."""
        return None if self._core is None else self._core.finish_reason

    @property
    def error(self) -> Optional[str]:
        """The error the provider reported inside the stream (an error event or chunk),
        in one line, ``None`` without one: the reply failed, and ``close`` says so."""
        return None if self._core is None else self._core.failure

    @property
    def closed(self) -> bool:
        return self._closed
