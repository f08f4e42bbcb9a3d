"""A Chat custom tool call (``openai.chat``) named on every piece (Kimi K2's shape: the id, ``"type":
"custom"`` and the name on each ``{"index", "custom": {"name", "input"}}`` delta of openai/openai-openapi#576)
re-sent piece by piece the same way: its input came twice at one call (``run(input='lsls')``, 109 of
6,000 of chat7's gen_custom). A server naming every piece shows no head again, so the input that is
its first half twice, split there between two pieces, is the call re-sent or an input that repeats
itself: not guessed, never run (docs/streaming.md rule 1)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from chat_chunks import END, fed, tool_chunk
from lines_run import calls_made
from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import accumulate


def k(piece: str, finish: Optional[str] = None, ident: Optional[str] = "call_1") -> Dict[str, Any]:
    """A piece named as Kimi K2 names every piece (*ident* ``None``: without the id)."""
    item: Dict[str, Any] = {"index": 0, "type": "custom", "custom": {"name": "run", "input": piece}}
    if ident is not None:
        item["id"] = ident
    return tool_chunk(item, finish)


def calls(chunks: List[Any]) -> List[Any]:
    out = fed(chunks)
    assert out == accumulate(chunks)
    return out


@pytest.mark.parametrize("chunks", [
    [k("l"), k("s"), k("l"), k("s"), END],  # the reproducer: ran run(input='lsls')
    [k("ls"), k("l"), k("s"), END],  # whole first, then piece by piece
    [k("pri"), k("nt("), k("1)\n"), k("pri"), k("nt(1)\n"), END],  # split otherwise the second time
    [k("l", "tool_calls"), k("s", "tool_calls"), k("l", "tool_calls"), k("s", "tool_calls"), END],  # finish on each
    [k("ls"), k("l", ident=None), k("s", ident=None), END],  # re-sent without its id
    [k("l", "tool_calls"), k("s", "tool_calls"), k("l", "tool_calls", None), k("s", "tool_calls", None), END],
])
def test_a_custom_call_named_on_every_piece_re_sent_so_never_runs_doubled(chunks: List[Any]) -> None:
    out = calls(chunks)
    assert out and all(type(c) is InvalidToolCall for c in out), out


def test_the_refusal_says_why() -> None:
    (c,) = calls([k("l"), k("s"), k("l"), k("s"), END])
    assert type(c) is InvalidToolCall and "twice" in c.error and c.raw == "lsls"


@pytest.mark.parametrize("pieces, text", [
    (["l", "s", " -la"], "ls -la"),  # no half twice
    (["a", "b", "a", "bc"], "ababc"),  # a repeat that is not the whole
    (["a", "b"], "ab"),
    (["ls", "l"], "lsl"),  # (odd length)
    (["l", "sl", "s"], "lsls"),  # its first half twice, but no piece begins the second
])
def test_a_call_named_on_every_piece_otherwise_runs(pieces: List[str], text: str) -> None:
    assert calls([k(p) for p in pieces] + [END]) == [ToolCall("run", {"input": text}, "call_1")]


def test_other_calls_after_it_stay_calls() -> None:
    other = tool_chunk({"index": 1, "id": "call_2", "type": "custom", "custom": {"name": "run", "input": "ls"}})
    assert calls([k("l"), k("s"), other, END]) == [ToolCall("run", {"input": "ls"}, "call_1"),
                                                   ToolCall("run", {"input": "ls"}, "call_2")]


def _named(n: int) -> List[Any]:
    """One call named on every piece, n pieces, re-sent so (2n pieces)."""
    once = [k(str(i % 10)) for i in range(n)]
    return once + once + [END]


def _named_after_its_finish(n: int) -> List[Any]:
    """The same, re-sent without the id after the finish chunk (``_twins.twin_rest``)."""
    once = [k(str(i % 10)) for i in range(n)]
    return once + [END] + [k(str(i % 10), ident=None) for i in range(n)] + [END]


@pytest.mark.parametrize("make", [_named, _named_after_its_finish])
def test_judged_in_linear_work(make: Any) -> None:
    small, big = calls_made(lambda: accumulate(make(100))), calls_made(lambda: accumulate(make(400)))
    assert 3.5 <= big / small <= 4.5, (small, big)


@pytest.mark.parametrize("ident", ["call_1", None], ids=["its-id", "no-id"])
def test_re_sent_so_after_its_finish_never_runs_in_pieces(ident: Optional[str]) -> None:
    # after the finish chunk, the pieces without the id each started a call: run('ls'), run('l'), run('s')
    out = calls([k("ls"), END, k("l", ident=ident), k("s", ident=ident), END])
    assert out and all(type(c) is InvalidToolCall for c in out), out
