"""Histories are read, written, checked and fixed in time linear in their length
(DESIGN.md invariant 8): a hostile history of size n and 4n, the lines run counted.
Before the one-pass turn table, each misplaced result re-walked the messages back to
its call (quadratic: ~16x at 4n)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType
from typing import Any, Callable

import toolwire
from toolwire import ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
)

PKG = str(Path(toolwire.__file__).resolve().parent)


def _hostile(n: int) -> Conversation:
    """n calls in one turn, n assistant/user turns, then every result (all misplaced)."""
    msgs = [Message("user", [Text("go")]), Message("assistant", [ToolCall("f", {}, f"c{i}") for i in range(n)])]
    for _ in range(n):
        msgs += [Message("user", [Text("and?")]), Message("assistant", [Text("hm")])]
    msgs.append(Message("tool", [ToolResult(f"c{i}", content="ok") for i in range(n)]))
    return Conversation(msgs)


def _lines(fn: Callable[[], Any]) -> int:
    """Lines of the package executed by *fn* (deterministic, unlike a timer on a busy
    machine): linear work runs ~4x the lines at 4n, quadratic ~16x."""
    count = 0

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return local

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        return local if PKG in frame.f_code.co_filename else None

    sys.settrace(tracer)
    try:
        fn()
    finally:
        sys.settrace(None)
    return count


def _ratio(n: int, work: Callable[[Conversation], Any]) -> float:
    small, big = _hostile(n), _hostile(4 * n)
    work(small)  # imports and caches first
    return _lines(lambda: work(big)) / _lines(lambda: work(small))


def test_check_and_fix_are_linear() -> None:
    assert len(check_conversation(_hostile(50), "openai.chat")) == 50
    assert _ratio(100, lambda c: check_conversation(c, "openai.chat")) < 5
    assert _ratio(100, lambda c: fix_conversation(c, "openai.chat")) < 5


def test_decode_and_encode_are_linear() -> None:
    def roundtrip(c: Conversation) -> Any:
        return decode_conversation(encode_conversation(c, "anthropic.messages"), "anthropic.messages")

    assert _ratio(50, roundtrip) < 5
