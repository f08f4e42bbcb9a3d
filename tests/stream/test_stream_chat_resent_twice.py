"""A Chat call (``openai.chat``) sent again never runs twice, and its input is never doubled
(docs/streaming.md rule 1). Wire shapes: the API reference's ``chat.completion.chunk``
(``choices[].delta.tool_calls[]``: ``index``, ``id``, ``type``, ``function`` / ``custom``; the
custom tool's ``custom.input`` in pieces, openai/openai-openapi#576)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from chat_chunks import END, chunk, fed, tool_chunk
from lines_run import calls_made
from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import accumulate


def kinds(chunks: List[Any]) -> List[Any]:
    calls = fed(chunks)
    assert calls == accumulate(chunks)
    return [(type(c).__name__, c.name, c.id) for c in calls]


def fn(args: str, ident: Optional[str] = None, name: Optional[str] = "f", index: int = 0,
       finish: Optional[str] = None) -> Dict[str, Any]:
    item: Dict[str, Any] = {"index": index, "type": "function", "function": {"name": name, "arguments": args}}
    if ident is not None:
        item["id"] = ident
    if name is None:
        item = {"index": index, "function": {"arguments": args}}
    return tool_chunk(item, finish)


# R1: a custom call re-sent piece by piece, no finish between: its input was doubled ('lsls')
P1 = tool_chunk({"index": 0, "id": "call_1", "type": "custom", "custom": {"name": "run", "input": "l"}})
P2 = tool_chunk({"index": 0, "custom": {"input": "s"}})


def test_a_custom_call_re_sent_piece_by_piece_before_its_finish_never_runs() -> None:
    calls = fed([P1, P2, P1, P2, END])
    assert calls == accumulate([P1, P2, P1, P2, END])
    assert calls and all(type(c) is InvalidToolCall for c in calls)
    assert all("lsls" not in (c.raw or "") for c in calls)  # (its input never doubled)
    assert "0" in calls[0].error and "1" in calls[0].error  # (the reason names both)


WHOLE = tool_chunk({"index": 0, "id": "call_1", "type": "custom", "custom": {"name": "run", "input": "ls"}})
OPENAI_HEAD = tool_chunk({"index": 0, "id": "call_1", "type": "custom", "custom": {"name": "run", "input": ""}})
NO_ID_HEAD = tool_chunk({"index": 0, "type": "custom", "custom": {"name": "run", "input": ""}})
L, S = tool_chunk({"index": 0, "custom": {"input": "l"}}), P2


@pytest.mark.parametrize("chunks", [
    [WHOLE, OPENAI_HEAD, L, S, END],  # whole, then re-sent as OpenAI streams it: 'lsls' ran
    [WHOLE, OPENAI_HEAD, L, S, END, END],
    [OPENAI_HEAD, L, S, END, NO_ID_HEAD, L, S, END],  # re-sent without its id after the finish: ran twice
])
def test_a_custom_call_re_sent_in_other_pieces_never_runs(chunks: List[Any]) -> None:
    calls = fed(chunks)
    assert calls == accumulate(chunks)
    assert calls and not any(type(c) is ToolCall for c in calls), calls


def test_a_function_call_re_sent_without_its_id_after_its_finish_never_runs_twice() -> None:
    head, rest = fn("", "c1"), fn('{"a":1}', name=None)
    calls = fed([head, rest, END, fn(""), rest, END])
    assert [type(c) for c in calls] == [InvalidToolCall, InvalidToolCall]


@pytest.mark.parametrize("chunks, want", [
    ([P1, P2, END], [("ToolCall", "run", "call_1")]),  # (the call once)
    ([OPENAI_HEAD, L, S, END], [("ToolCall", "run", "call_1")]),
    ([WHOLE, END, OPENAI_HEAD, L, S, tool_chunk({"index": 0, "custom": {"input": "X"}}), END],  # other input
     [("ToolCall", "run", "call_1"), ("ToolCall", "run", "call_1")]),
    # a server naming every piece (Kimi K2's id, type and name on each): its pieces, one call
    ([P1, tool_chunk({"index": 0, "id": "call_1", "type": "custom", "custom": {"name": "run", "input": "s"}}), END],
     [("ToolCall", "run", "call_1")]),
    # another id at the index: another call
    ([P1, P2, tool_chunk({"index": 0, "id": "call_2", "type": "custom", "custom": {"name": "run", "input": "l"}}),
      P2, END], [("ToolCall", "run", "call_1"), ("ToolCall", "run", "call_2")]),
    # another choice's call at index 0 (n=2; the first choice's calls are the reply's): no re-send
    ([P1, P2, {"choices": [{"index": 1, "delta": P1["choices"][0]["delta"], "finish_reason": None}]}, END],
     [("ToolCall", "run", "call_1")]),
])
def test_custom_calls_that_are_no_re_send_stay_calls(chunks: List[Any], want: List[Any]) -> None:
    assert kinds(chunks) == want


def test_a_custom_name_sent_late_is_no_head_again() -> None:
    # (a piece under its id first, its name on the next, GLM-style: then pieces without it)
    first = tool_chunk({"index": 0, "id": "X", "type": "custom", "custom": {"input": "l"}})
    named = tool_chunk({"index": 0, "type": "custom", "custom": {"name": "run", "input": "s"}})
    calls = fed([first, named, tool_chunk({"index": 0, "custom": {"input": " -la"}}), END])
    assert calls == [ToolCall(name="run", args={"input": "ls -la"}, id="X")]


def test_the_custom_input_named_on_every_piece_is_joined() -> None:
    h2 = tool_chunk({"index": 0, "id": "call_1", "type": "custom", "custom": {"name": "run", "input": "s"}})
    assert fed([P1, h2, END]) == [ToolCall(name="run", args={"input": "ls"}, id="call_1")]


# R2: an id-less call re-sent after its finish ran twice; R3: one with empty arguments too
E = fn("{}")
E1, E2 = fn('{"a"'), fn(":1}", name=None)


@pytest.mark.parametrize("chunks", [
    [E, END, E, END],  # R2
    [E1, E2, END, E1, E2, END],  # R2 piece by piece
    [fn('{"a"', finish="tool_calls"), fn(":1}", name=None, finish="tool_calls"), END,
     fn('{"a"', finish="tool_calls"), fn(":1}", name=None, finish="tool_calls"), END],  # a finish on every chunk
    [fn(""), END, fn(""), END],  # empty arguments, no id
    [fn("", "c1"), END, fn("", "c1"), END],  # R3
    [fn("", "c1"), fn("", name=None), END, fn("", "c1"), END],
])
def test_a_call_re_sent_after_its_finish_never_runs_twice(chunks: List[Any]) -> None:
    calls = fed(chunks)
    assert calls == accumulate(chunks)
    assert calls and not any(type(c) is ToolCall for c in calls), calls


def test_an_id_less_call_re_sent_names_both_calls() -> None:
    calls = fed([E, END, E, END])
    assert [type(c) for c in calls] == [InvalidToolCall, InvalidToolCall]
    assert all("0" in c.error and "1" in c.error for c in calls)  # type: ignore[union-attr]


@pytest.mark.parametrize("chunks, n", [
    ([E, END, fn('{"a":1}'), END], 2),  # other arguments: a second completion's call
    ([E, END, fn("{}", name="g"), END], 2),  # another tool
    ([E, END, fn("{}", index=1), END], 2),  # a second call at index 1 after the finish
    ([fn(""), END, fn("{}"), END], 2),
    ([fn("", "c1"), END, fn('{"a":1}', "c1"), END], 2),  # a second completion reusing the id (DeepSeek's)
    ([fn("", "c1"), END, fn("", "c2"), END], 2),  # another id
    # a finish on every chunk (LiteLLM's, Kimi's through a gateway): read as without it, id-less
    # parallel calls of one tool at one index
    ([fn("{}", finish="tool_calls"), fn("{}", finish="tool_calls"), END], 2),
    # so too where a call between ends the first (every call at index 0, as Gemini's endpoint sends
    # them; revChat5's par generator): not ended by the stream, never the first sent again
    ([fn('{"a":1}', "", finish="tool_calls"), fn("{}", "g1", "now", finish="tool_calls"),
      fn('{"a":1}', "", finish="tool_calls"), END], 3),
    # n=2 (the first choice's calls are the reply's): the other choice's call at index 0
    ([E, {"choices": [{"index": 1, "delta": E["choices"][0]["delta"], "finish_reason": None}]},
      chunk({}, "tool_calls"), {"choices": [{"index": 1, "delta": {}, "finish_reason": "tool_calls"}]}], 1),
])
def test_other_calls_after_a_finish_still_run(chunks: List[Any], n: int) -> None:
    calls = fed(chunks)
    assert calls == accumulate(chunks)
    assert len(calls) == n and all(type(c) is ToolCall for c in calls), calls


def test_a_piece_with_nothing_of_a_call_under_its_id_leaves_it_run() -> None:
    # only the id, index and type after the finish, no name, no text (revChat3's joins.py): the
    # nameless piece is no call, the call stands
    empty = tool_chunk({"index": 0, "id": "c1", "type": "function", "function": {"arguments": ""}})
    calls = fed([fn("", "c1"), END, empty, END])
    assert calls[0] == ToolCall(name="f", args={}, id="c1", repairs=("empty-arguments",))


def _resent(n: int) -> List[Any]:
    """n id-less calls at n indexes, sent and re-sent after the finish."""
    once = [fn("{}", index=i) for i in range(n)]
    return once + [END] + once + [END]


def _custom_heads(n: int) -> List[Any]:
    """One custom call whose input is named on every piece (n pieces), then nameless pieces."""
    h = tool_chunk({"index": 0, "id": "call_1", "type": "custom", "custom": {"name": "run", "input": "x"}})
    return [h] * n + [P2] * n + [h, END]


@pytest.mark.parametrize("make", [_resent, _custom_heads])
def test_re_sent_calls_are_judged_in_linear_work(make: Any) -> None:
    small, big = calls_made(lambda: fed(make(100))), calls_made(lambda: fed(make(400)))
    assert 3.5 <= big / small <= 4.5, (small, big)
