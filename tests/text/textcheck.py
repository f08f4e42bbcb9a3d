"""Helpers of the text-format tests: expected values and the split checks."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from toolwire._types import InvalidToolCall, ToolCall
from toolwire.text._api import (
    CallEvent,
    ContentDelta,
    ReasoningDelta,
    TextParser,
    TextResult,
    decode_text,
)


class Invalid:
    """Matches an ``InvalidToolCall`` on the fields a test names."""

    def __init__(self, name: str | None = None, *, truncated: bool = False, raw: str | None = None,
                 id: str | None = None) -> None:
        self.name, self.truncated, self.raw, self.id = name, truncated, raw, id

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, InvalidToolCall):
            return NotImplemented
        return (
            other.name == self.name
            and other.truncated == self.truncated
            and other.id == self.id
            and (self.raw is None or other.raw == self.raw)
            and bool(other.error)
        )

    def __repr__(self) -> str:
        return f"Invalid({self.name!r}, truncated={self.truncated}, raw={self.raw!r})"


def C(name: str, args: dict | None = None, id: str | None = None) -> ToolCall:  # noqa: N802
    return ToolCall(name=name, args=args or {}, id=id)


def stream(text: str, dialect: str, pieces: Sequence[str], **kw: Any) -> TextResult:
    finish = kw.pop("finish_reason", None)
    p = TextParser(dialect, kw.pop("tools", None), **kw)
    content, reasoning, calls = [], [], []

    def take(events: Any) -> None:
        for ev in events:
            if isinstance(ev, ContentDelta):
                content.append(ev.text)
            elif isinstance(ev, ReasoningDelta):
                reasoning.append(ev.text)
            else:
                assert isinstance(ev, CallEvent) and ev.index == len(calls)
                calls.append(ev.call)

    for piece in pieces:
        take(p.feed(piece))
    # what was streamed is a prefix of the result: never retracted, never different
    r = p.close(finish)
    assert "".join(content) == (r.content or "")[: len("".join(content))]
    assert "".join(reasoning) == (r.reasoning or "")[: len("".join(reasoning))]
    assert tuple(calls) == r.tool_calls[: len(calls)]
    # and with what close settled (events()), the deltas are the result exactly
    take(p.events())
    assert "".join(content) == (r.content or "")
    assert "".join(reasoning) == (r.reasoning or "")
    assert tuple(calls) == r.tool_calls
    assert p.events() == []
    return r


def random_pieces(text: str, rnd: random.Random) -> list[str]:
    cuts = sorted(rnd.sample(range(1, len(text)), min(len(text) - 1, rnd.randint(0, 12)))) if len(text) > 1 else []
    return [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)])]


def check(text: str, dialect: str, content: str | None, reasoning: str | None,
          calls: Sequence[Any], **kw: Any) -> TextResult:
    """decode_text gives the expected result, and so does every streaming split."""
    r = decode_text(text, dialect, **kw)
    assert r.content == content
    assert r.reasoning == reasoning
    assert list(r.tool_calls) == list(calls), r.tool_calls
    assert stream(text, dialect, list(text), **dict(kw)) == r
    rnd = random.Random(len(text))
    for _ in range(5):
        assert stream(text, dialect, random_pieces(text, rnd), **dict(kw)) == r
    return r


def decode_cpu(text: str, dialect: str) -> float:
    """The best of three CPU times of ``decode_text(text, dialect)``: what the n-vs-4n
    scaling tests compare."""
    best = float("inf")
    for _ in range(3):
        t = time.process_time()
        decode_text(text, dialect)
        best = min(best, time.process_time() - t)
    return best
