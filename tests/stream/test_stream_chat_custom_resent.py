"""A Chat custom tool call (``openai.chat``) sent again after it ended, as a function call
re-sent is refused (docs/streaming.md rule 1): never run twice. Wire shape: openai/openai-openapi#576,
``{"index", "id", "type": "custom", "custom": {"name", "input"}}`` then ``{"index", "custom":
{"input": piece}}``; the input is free text (the call is ``{"input": text}``)."""

from __future__ import annotations

import sys
from typing import Any, Dict, List, Optional

import pytest

from chat_chunks import END, fed, tool_chunk
from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, CallDone, accumulate


def head(piece: str, finish: Optional[str] = None, **more: Any) -> Dict[str, Any]:
    item = {"index": 0, "id": "call_1", "type": "custom", "custom": {"name": "run", "input": piece}}
    return tool_chunk({**item, **more}, finish)


def rest(piece: str, finish: Optional[str] = None) -> Dict[str, Any]:
    return tool_chunk({"index": 0, "custom": {"input": piece}}, finish)


def kinds(chunks: List[Any]) -> List[Any]:
    calls = fed(chunks)
    assert calls == accumulate(chunks)
    return [(type(c).__name__, c.name, c.id) for c in calls]


ONE = [("InvalidToolCall", "run", "call_1")]
TWO = ONE * 2


@pytest.mark.parametrize("chunks, want", [
    # (whole: the call again, or a second completion's input beginning so? Neither runs, each its own
    # InvalidToolCall: review revChat7, where the second went on and its rest ran alone)
    ([head("ls"), END, head("ls"), END], TWO),  # the reproducer: ran run(input='ls') twice
    ([head("ls", "tool_calls"), END, head("ls", "tool_calls"), END], TWO),  # each whole after its own finish
    ([head("ls"), END, head("ls", "tool_calls")], TWO),
    ([head("ls", "tool_calls"), END, head("ls"), END], TWO),
    ([head("l"), rest("s"), END, head("l"), rest("s"), END], TWO),  # re-sent piece by piece
    ([head("l", "tool_calls"), rest("s", "tool_calls"), END, head("l", "tool_calls"), rest("s", "tool_calls"), END],
     TWO),
    ([head(""), rest("ls"), END, head(""), rest("ls"), END], TWO),  # OpenAI's head with "input": "" first
    ([head("ls"), END, tool_chunk({"index": 0, "type": "custom", "custom": {"name": "run", "input": "ls"}}), END],
     [*ONE, ("InvalidToolCall", "run", None)]),  # its name again at its index, no id (as elizaOS/eliza#16973 re-sends a function call)
])
def test_a_custom_call_sent_again_after_it_ended_never_runs_twice(chunks: List[Any], want: List[Any]) -> None:
    assert kinds(chunks) == want


def test_a_second_input_beginning_with_the_first_never_runs_its_rest_alone() -> None:
    # review revChat7 R1: a second completion reusing the id and name, the id, type and name on every
    # piece, its first piece the first call's whole input: its rest ran alone (run(input=' -la'))
    calls = fed([head("ls"), END, head("ls"), head(" -la"), END])
    assert [type(c).__name__ for c in calls] == ["InvalidToolCall", "InvalidToolCall"]


def test_a_function_call_sent_so_is_refused_the_same_way() -> None:
    f = tool_chunk({"index": 0, "id": "call_1", "type": "function", "function": {"name": "run", "arguments": "{}"}})
    assert kinds([f, END, f, END]) == ONE


def test_the_re_sent_calls_call_done_says_it_is_invalid() -> None:
    # (the first call's CallDone, at the first END, said ToolCall: close() takes it back, as for a
    # function call re-sent after its end; docs/streaming.md: close() is the authority for re-sends)
    chunks = [head("l"), rest("s"), END, head("l"), rest("s"), END]
    acc = Accumulator("openai.chat")
    done = [e.call for c in chunks for e in acc.feed(c) if type(e) is CallDone]
    calls = acc.close()
    assert [type(c) for c in done] == [ToolCall, InvalidToolCall] and done[1] == calls[1]
    assert all(type(c) is InvalidToolCall for c in calls)


@pytest.mark.parametrize("chunks", [
    [head("ls"), END, head("pwd"), END],  # another input under the id: a second completion reusing it
    [head("l"), rest("s"), END, head("l"), rest("s -la"), END],
    [head("ls"), END, tool_chunk({"index": 0, "id": "call_1", "type": "custom", "custom": {"name": "sh", "input": "ls"}}),
     END],  # another tool under the id
    [head("ls"), END, head("ls", id="call_2"), END],  # another id
])
def test_other_calls_after_it_stay_calls(chunks: List[Any]) -> None:
    calls = fed(chunks)
    assert calls == accumulate(chunks) and len(calls) == 2 and all(type(c) is ToolCall for c in calls)


def test_a_function_call_with_the_same_text_under_the_id_is_not_the_custom_call() -> None:
    # (a function call's arguments are JSON, a custom call's input free text: never the same call)
    f = tool_chunk({"index": 0, "id": "call_1", "type": "function", "function": {"name": "run",
                                                                                 "arguments": '{"input":"ls"}'}})
    calls = fed([head("ls"), END, f, END])
    assert [type(c) for c in calls] == [ToolCall, ToolCall]


def _calls_made(chunks: List[Any]) -> int:
    """Python and builtin calls made feeding *chunks* and closing (counted, not timed)."""
    count = [0]

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event in ("call", "c_call"):
            count[0] += 1

    acc = Accumulator("openai.chat")
    sys.setprofile(profile)
    try:
        for c in chunks:
            acc.feed(c)
        acc.close()
    finally:
        sys.setprofile(None)
    return count[0]


def _many_calls_re_sent(n: int) -> List[Any]:
    """n custom calls, each sent in two pieces and re-sent so after the END chunk."""
    out: List[Any] = []
    for i in range(n):
        h = tool_chunk({"index": 0, "id": f"call_{i}", "type": "custom", "custom": {"name": "run", "input": "l"}})
        out += [h, rest("s"), END, h, rest("s"), END]
    return out


def _one_call_re_sent(n: int) -> List[Any]:
    """One custom call whose input comes in n pieces, re-sent so after the END chunk."""
    once = [head("")] + [rest("x") for _ in range(n)]
    return once + [END] + once + [END]


@pytest.mark.parametrize("make", [_many_calls_re_sent, _one_call_re_sent])
def test_re_sent_custom_calls_are_judged_in_linear_work(make: Any) -> None:
    small, big = _calls_made(make(100)), _calls_made(make(400))
    assert 3.5 <= big / small <= 4.5, (small, big)
