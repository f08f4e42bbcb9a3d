"""Chat stream calls re-sent under their id with the name spelled otherwise (``openai.chat``),
as review revLead44 found them: another case, a blank, a ``functions.`` prefix (Kimi K2's id
scheme, ``functions.get_weather:0``, no name). No gateway is known to rename a re-sent call, and
another call reusing the id (DeepSeek, GLM) may be so named: not guessed, the later call is an
``InvalidToolCall`` of its own, the earlier stands as its ``CallDone`` said, with a finish on
every chunk (LiteLLM's wrapper, BerriAI/litellm#2195), after the END chunk or before it. Chunk
shapes: openai-python ``ChatCompletionChunk`` (``ChoiceDeltaToolCall``)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import pytest

from toolwire import ToolCall
from toolwire.stream import Accumulator, CallDone, _twins, accumulate

END = {"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m",
       "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}


def ch(tc: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": {"tool_calls": [tc]}, "finish_reason": finish}]}


def _row(c: Any) -> Tuple[Any, ...]:
    return (c.name, c.args, c.id) if isinstance(c, ToolCall) else ("invalid", c.name, c.id)


def _shown(chunks: List[Any]) -> List[Any]:
    """close()'s calls, checked against accumulate and against the ``CallDone`` events: what the
    events said is what close() returns."""
    acc = Accumulator("openai.chat")
    done = {}
    for c in chunks:
        done.update((e.index, e.call) for e in acc.feed(c) if isinstance(e, CallDone))
    calls = acc.close()
    done.update((e.index, e.call) for e in acc.events() if isinstance(e, CallDone))
    assert calls == accumulate(chunks)
    assert [done[i] for i in sorted(done)] == calls
    return [_row(c) for c in calls]


def _whole(name: str, id: str = "A") -> Dict[str, Any]:
    return {"index": 0, "id": id, "type": "function", "function": {"name": name, "arguments": '{"city":"Paris"}'}}


def _readings(first: Dict[str, Any], again: Dict[str, Any]) -> Dict[str, List[Any]]:
    return {"finish on every chunk": [ch(first, "tool_calls"), ch(again, "tool_calls"), END],
            "END between": [ch(first), END, ch(again), END],
            "no finish between": [ch(first), ch(again), END]}


@pytest.mark.parametrize("reading", ["finish on every chunk", "END between", "no finish between"])
@pytest.mark.parametrize("spelled", ["GET_WEATHER", "functions.get_weather", "get_weather ", "Functions.Get_Weather"])
def test_a_call_resent_under_another_spelling_is_an_invalid_call_of_its_own(spelled: str, reading: str) -> None:
    # revLead44 R3/R4: after the finish the re-send was merged into the call (one InvalidToolCall, its
    # ToolCall CallDone already out, the second call nowhere); before it, both InvalidToolCalls after a
    # ToolCall CallDone for the first. Now every reading: the first runs once, the second is invalid
    chunks = _readings(_whole("get_weather"), _whole(spelled))[reading]
    assert _shown(chunks) == [("get_weather", {"city": "Paris"}, "A"), ("invalid", spelled, "A")]


@pytest.mark.parametrize("reading", ["finish on every chunk", "END between"])
def test_two_calls_whose_names_differ_by_case_never_vanish(reading: str) -> None:
    # revLead44 R3 (325 of 1,029 pairs): ``search`` then ``Search`` under one reused id, same index and
    # arguments: one InvalidToolCall ``search``, ``Search`` vanished
    f = {"index": 0, "id": "A", "type": "function", "function": {"name": "search", "arguments": '{"q":"x"}'}}
    g = {"index": 0, "id": "A", "type": "function", "function": {"name": "Search", "arguments": '{"q":"x"}'}}
    assert _shown(_readings(f, g)[reading]) == [("search", {"q": "x"}, "A"), ("invalid", "Search", "A")]


@pytest.mark.parametrize("reading", ["finish on every chunk", "END between", "no finish between"])
def test_the_same_name_resent_is_still_one_invalid_call(reading: str) -> None:
    # (the neighbour: the same name and text again under the id, one InvalidToolCall; its CallDone after
    # an END between said ToolCall: close() is the authority, docs/streaming.md)
    chunks = _readings(_whole("get_weather"), _whole("get_weather"))[reading]
    assert [_row(c) for c in accumulate(chunks)] == [("invalid", "get_weather", "A")]


@pytest.mark.parametrize("finish", [None, "tool_calls"])
@pytest.mark.parametrize("head", ["functions", "func", "functions.get"])
def test_a_head_resent_whole_under_its_own_piece_never_runs_twice(head: str, finish: Optional[str]) -> None:
    # revLead44 R1 (333 of 984): ``functions`` + ``.get_weather`` re-sent as ``functions`` with its text
    # ran functions.get_weather({}) and functions({}) once the ``functions.`` prefix was stripped from the
    # ended call's name only
    seq = [{"index": 0, "id": "A", "type": "function", "function": {"name": head}},
           {"index": 0, "function": {"name": "functions.get_weather"[len(head):]}},
           {"index": 0, "function": {"arguments": "{}"}},
           {"index": 0, "id": "A", "type": "function", "function": {"name": head, "arguments": "{}"}}]
    chunks = [ch(t, finish) for t in seq[:3]] + ([] if finish else [END]) + [ch(seq[3], finish), END]
    assert [_row(c) for c in accumulate(chunks)] == [("invalid", "functions.get_weather", "A")]


def test_a_split_name_resent_piece_by_piece_before_the_finish_says_so_in_its_events() -> None:
    # (chat5's twins judged as the finish ends them: the first's CallDone said ToolCall before the
    # second, ended after it, took it back)
    head = {"index": 0, "id": "A", "type": "function", "function": {"name": "get_w"}}
    rest = {"index": 0, "function": {"name": "eather"}}
    args = {"index": 0, "function": {"arguments": "{}"}}
    assert _shown([ch(t) for t in (head, rest, args, head, rest, args)] + [END]) == [
        ("invalid", "get_weather", "A"), ("invalid", "get_weather", "A")]


def _bared(monkeypatch: pytest.MonkeyPatch, size: int, n: int) -> int:
    seen = [0]
    plain = _twins.bare

    def counted(name: str) -> str:
        seen[0] += len(name)
        return plain(name)

    monkeypatch.setattr(_twins, "bare", counted)
    # (the ended call's name ``g`` and blanks: the same spelled otherwise as each re-send's ``g``)
    chunks = [ch({"index": 0, "id": "A", "type": "function", "function": {"name": "g" + " " * size, "arguments": "{}"}},
                 "tool_calls")]
    chunks += [ch({"index": 0, "id": "A", "function": {"name": "g", "arguments": "{}"}}, "tool_calls")
               for _ in range(n)]
    accumulate(chunks)
    return seen[0]


def test_spelled_names_are_compared_in_linear_time(monkeypatch: pytest.MonkeyPatch) -> None:
    # revLead44 R2: the ended call's whole name was case-folded on every re-send delta (a name of 1M
    # characters: 1,000 re-sends 0.75 s, 4,000 2.84 s); the characters read stay linear in the input
    small, large = _bared(monkeypatch, 2_000, 50), _bared(monkeypatch, 8_000, 200)
    assert large <= 5 * max(small, 1)


@pytest.mark.parametrize("reading", ["finish on every chunk", "END between", "no finish between"])
def test_a_split_name_call_resent_under_its_names_tail_never_runs_twice(reading: str) -> None:
    # revLead44/chat5 R5: ``get_w`` + ``eather`` then ``{"a":1}``, re-sent whole as Kimi K2 pieces carry it,
    # id and name on the piece, under the name's tail (``eather``, the same text): eather({"a":1}) ran
    # beside get_weather({"a":1}); the call re-sent, or another tool reusing the id? Not guessed
    head = {"index": 0, "id": "A", "type": "function", "function": {"name": "get_w"}}
    rest = {"index": 0, "function": {"name": "eather"}}
    args = {"index": 0, "function": {"arguments": '{"a":1}'}}
    tail = {"index": 0, "id": "A", "type": "function", "function": {"name": "eather", "arguments": '{"a":1}'}}
    fin = "tool_calls" if reading == "finish on every chunk" else None
    chunks = [ch(t, fin) for t in (head, rest, args)] + ([END] if reading == "END between" else []) + [ch(tail, fin), END]
    assert _shown(chunks) == [("get_weather", {"a": 1}, "A"), ("invalid", "eather", "A")]
    # (a name that is no tail of it, under the id with the same text, stays a call of its own: GLM, DeepSeek)
    other = dict(tail, function={"name": "get_time", "arguments": '{"a":1}'})
    chunks = [ch(t, fin) for t in (head, rest, args)] + ([END] if reading == "END between" else []) + [ch(other, fin), END]
    assert _shown(chunks) == [("get_weather", {"a": 1}, "A"), ("get_time", {"a": 1}, "A")]
