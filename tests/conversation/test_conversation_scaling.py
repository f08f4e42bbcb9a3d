"""Histories are read, written, checked and fixed in time linear in their length
(DESIGN.md invariant 8): a hostile history of size n and 4n, timed in the same run.
Before the one-pass turn table, each misplaced result re-walked the messages back to
its call (quadratic: ~16x at 4n)."""

from __future__ import annotations

import gc
import time
from typing import Any, Callable

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


def _hostile(n: int) -> Conversation:
    """n calls in one turn, n assistant/user turns, then every result (all misplaced)."""
    msgs = [Message("user", [Text("go")]), Message("assistant", [ToolCall("f", {}, f"c{i}") for i in range(n)])]
    for _ in range(n):
        msgs += [Message("user", [Text("and?")]), Message("assistant", [Text("hm")])]
    msgs.append(Message("tool", [ToolResult(f"c{i}", content="ok") for i in range(n)]))
    return Conversation(msgs)


def _best(fn: Callable[[], Any]) -> float:
    times = []
    gc.disable()  # a full collection walks every live object: noise at these sizes
    try:
        for _ in range(3):
            t = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t)
    finally:
        gc.enable()
    return min(times)


def _ratio(n: int, work: Callable[[Conversation], Any]) -> float:
    small, big = _hostile(n), _hostile(4 * n)
    return _best(lambda: work(big)) / max(_best(lambda: work(small)), 1e-6)


def test_check_and_fix_are_linear() -> None:
    assert len(check_conversation(_hostile(50), "openai.chat")) == 50
    assert _ratio(1000, lambda c: check_conversation(c, "openai.chat")) < 9
    assert _ratio(1000, lambda c: fix_conversation(c, "openai.chat")) < 9


def test_decode_and_encode_are_linear() -> None:
    def roundtrip(c: Conversation) -> Any:
        return decode_conversation(encode_conversation(c, "anthropic.messages"), "anthropic.messages")

    assert _ratio(200, roundtrip) < 9
