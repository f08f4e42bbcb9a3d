"""What may and may not tell a held nameless fresh-id Chat piece whose it is (docs/streaming.md,
rule 1; ``stream/_fresh.py``), review revC of the fix that holds it.

A held piece at index 0 is told by the next piece at index 0: a piece at another index (a parallel
call's, with its id or without) says nothing of it, a broken item neither; a custom tool's piece
and a piece whose ``arguments`` is no text are never held (their type, or their value, says what
they are, as before the hold); a call whose name is whole never has another name joined to it.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, CallStarted, accumulate


def ch(tc: Any, finish: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "chatcmpl-x", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": {"tool_calls": [tc]}, "finish_reason": finish}]}


END = {"id": "chatcmpl-x", "object": "chat.completion.chunk", "created": 1, "model": "m",
       "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}
A = {"index": 0, "id": "A", "type": "function", "function": {"name": "get_weather", "arguments": ""}}
B = {"index": 0, "id": "B", "type": "function", "function": {"arguments": ""}}  # id first (vercel/ai#14722)
N = {"index": 0, "function": {"name": "get_time"}}
G = {"index": 0, "function": {"arguments": '{"tz":"UTC"}'}}
S0 = {"index": 1, "id": "S", "type": "function", "function": {"name": "side", "arguments": ""}}


def _both(chunks: List[Any]) -> List[Any]:
    """``accumulate`` (the hot loop) and ``feed`` one chunk at a time agree; the result."""
    acc = Accumulator("openai.chat")
    for c in chunks:
        acc.feed(c)
    fed = acc.close()
    assert fed == accumulate(chunks)
    return fed


@pytest.mark.parametrize("side", [
    {"index": 1, "id": "S", "function": {"arguments": "{}"}},  # with its id: through ``feed``
    {"index": 1, "function": {"arguments": "{}"}},  # without: the hot loop's continuation
], ids=["side-with-id", "side-without-id"])
def test_a_piece_at_another_index_leaves_the_held_piece_held(side: Dict[str, Any]) -> None:
    got = _both([ch(S0), ch(A), ch(B), ch(side), ch(N), ch(G), END])
    assert [(c.name, c.args, c.id) for c in got] == [
        ("side", {}, "S"), ("get_weather", {}, "A"), ("get_time", {"tz": "UTC"}, "B")]


def test_a_broken_item_leaves_the_held_piece_held() -> None:
    got = _both([ch(A), ch(B), ch(None), ch(N), ch(G), END])
    assert [(c.name, c.args, c.id) for c in got if isinstance(c, ToolCall)] == [
        ("get_weather", {}, "A"), ("get_time", {"tz": "UTC"}, "B")]  # (the held piece's call placed as it is told)
    assert [c.name for c in got if isinstance(c, InvalidToolCall)] == [None]


def test_a_custom_piece_under_a_new_id_is_never_held() -> None:
    x = {"index": 0, "id": "X", "type": "custom", "custom": {"input": "he"}}
    y = {"index": 0, "type": "custom", "custom": {"name": "apply_patch", "input": "llo"}}
    got = _both([ch(A), ch(x), ch(y), END])
    assert [(c.name, c.args, c.id) for c in got] == [
        ("get_weather", {}, "A"), ("apply_patch", {"input": "hello"}, "X")]


def test_arguments_not_text_under_a_new_id_are_never_held() -> None:
    d = {"index": 0, "id": "X", "type": "function", "function": {"name": None, "arguments": {"tz": "UTC"}}}
    got = _both([ch(A), ch(d), END])
    assert [(type(c), c.name, c.id) for c in got] == [(ToolCall, "get_weather", "A")]
    assert got[0].args == {"tz": "UTC"}


def test_a_name_is_never_joined_to_a_call_that_took_a_fresh_piece() -> None:
    # a fresh id without an index, then the name at the call's index: the held piece the call's
    # rest (which call the name's is, nothing tells), the call's name whole (was `get_weatherget_time`)
    blank = {"id": "C", "function": {"arguments": ""}}
    got = _both([ch(A), ch(blank), ch(N), ch(G), END])
    assert [(c.name, c.args, c.id) for c in got] == [("get_weather", {}, "A"), ("get_time", {"tz": "UTC"}, None)]


def test_the_call_a_held_piece_starts_is_started_with_its_name() -> None:
    acc = Accumulator("openai.chat")
    events = []
    for c in [ch(A), ch(B), ch(N), ch(G), END]:
        events += acc.feed(c)
    started = [(e.index, e.id, e.name) for e in events if type(e) is CallStarted]
    assert started == [(0, "A", "get_weather"), (1, "B", "get_time")]
