"""A nameless Chat piece under an id no call has, where the open call's text does not tell
whose it is (docs/streaming.md, rule 1): held until the next piece tells.

GLM-4's own server (zai-org/GLM-4 ``basic_demo/openai_api_server.py`` of 2024-06-18, the one
zai-org/GLM-4#194 ran) sends the head (``"name": "get_current_weather"``, ``"arguments": ""``),
then one piece per model step under a fresh ``generate_id('call_', 24)`` with ``"name": None``,
``""`` where a step adds no text (the stop token after the value). Other servers send a second
call's head id-first, its name in the next piece (vercel/ai#14722, pipecat-ai/pipecat#5023), on
a gateway putting every call at index 0 or none. The first piece of either reads the same.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from chat_chunks import chunk as ch
from chat_chunks import fed as _fed
from toolwire import ToolCall
from toolwire.stream import Accumulator, ArgsDelta, CallStarted, accumulate


def _glm(at: Dict[str, Any], pieces: List[str], finish_each: Optional[str] = None) -> List[Any]:
    """GLM-4's server: the head, then every piece under a fresh id, ``"name": null``."""
    chunks = [ch({"role": "assistant", "content": None, "function_call": None, "tool_calls": [
        {**at, "id": "call_DfU25035HyRrY03K6JBO94Xf", "type": "function",
         "function": {"name": "get_current_weather", "arguments": ""}}]}, finish_each)]
    for i, p in enumerate(pieces):
        chunks.append(ch({"role": None, "content": None, "function_call": None, "tool_calls": [
            {**at, "id": f"call_{i:024d}", "type": "function", "function": {"name": None, "arguments": p}}]},
            finish_each))
    return chunks + [ch({"role": None, "content": None, "function_call": None}, "tool_calls")]


_WEATHER = ToolCall("get_current_weather", {"location": "San Francisco"}, "call_DfU25035HyRrY03K6JBO94Xf")
_STEPS = ['{"', "location", '":', ' "', "San", " Francisco", '"}']


@pytest.mark.parametrize("finish_each", [None, "tool_calls"], ids=["finish-once", "finish-every-chunk"])
@pytest.mark.parametrize("at", [{"index": 0}, {}], ids=["index-0", "no-index"])
@pytest.mark.parametrize("pieces", [
    ["", *_STEPS],  # a step with no text before the value (revC2 #2: f({}) and an invalid call)
    [" ", "", *_STEPS],
    [*_STEPS, ""],  # the stop step after the value (revC2 #3: a stray invalid call)
    ["", *_STEPS[:3], "", *_STEPS[3:], "", ""],
    ['{"location": "San Francisco"}', ""],  # the value in one step
], ids=["empty-first", "blank-first", "empty-last", "empty-around", "one-step"])
def test_glm_steps_without_text_are_the_calls_own(pieces: List[str], at: Dict[str, Any],
                                                  finish_each: Optional[str]) -> None:
    chunks = _glm(at, pieces, finish_each)
    assert accumulate(chunks) == [_WEATHER]
    assert _fed(chunks) == [_WEATHER]


def _second_head(at: Dict[str, Any], first: Dict[str, Any], second: List[Dict[str, Any]],
                 finish_each: Optional[str] = None) -> List[Any]:
    tcs = [{**at, "id": "call_A", "type": "function", "function": {"name": "get_weather", **first}}]
    tcs += [{**at, **t} for t in second]
    return [ch({"tool_calls": [t]}, finish_each) for t in tcs] + [ch({}, "tool_calls")]


_ARGS_FIRST = [{"id": "call_B", "type": "function", "function": {"arguments": '{"tz": "UTC"}'}},
               {"function": {"name": "get_time"}}]
_ARGS_FIRST_SAME_ID = [{"id": "call_B", "type": "function", "function": {"arguments": '{"tz": '}},
                       {"id": "call_B", "function": {"arguments": '"UTC"}'}},
                       {"id": "call_B", "function": {"name": "get_time"}}]
_NAME_LATER = [{"id": "call_B", "type": "function", "function": {"arguments": ""}},
               {"function": {"name": "get_time"}}, {"function": {"arguments": '{"tz": "UTC"}'}}]


@pytest.mark.parametrize("finish_each", [None, "tool_calls"], ids=["finish-once", "finish-every-chunk"])
@pytest.mark.parametrize("second", [_ARGS_FIRST, _ARGS_FIRST_SAME_ID, _NAME_LATER],
                         ids=["args-first", "args-first-same-id", "name-later"])
@pytest.mark.parametrize("at", [{"index": 0}, {}], ids=["index-0", "no-index"])
@pytest.mark.parametrize("first", [{"arguments": ""}, {}, {"arguments": " "}, {"arguments": "null"}],
                         ids=["empty", "no-arguments", "blank", "null"])
def test_a_second_head_id_first_after_a_call_without_arguments(first: Dict[str, Any], at: Dict[str, Any],
                                                                second: List[Dict[str, Any]],
                                                                finish_each: Optional[str]) -> None:
    """revC2 #1: the second call's arguments went to the first (a regression against dd589eef):
    the piece after the held one names it, so it was the next call's head."""
    chunks = _second_head(at, first, second, finish_each)
    expected = [ToolCall("get_weather", {}, "call_A"), ToolCall("get_time", {"tz": "UTC"}, "call_B")]
    assert accumulate(chunks) == expected
    assert _fed(chunks) == expected


def test_a_held_piece_starts_no_call_until_the_next_tells() -> None:
    """No ``CallStarted`` for a held piece: GLM's steps are the head call's deltas; a head
    named later is one call, started when its name tells."""
    acc = Accumulator("openai.chat")
    events = [e for c in _glm({"index": 0}, ["", *_STEPS, ""]) for e in acc.feed(c)]
    assert [e for e in events if type(e) is CallStarted] == [
        CallStarted(0, "call_DfU25035HyRrY03K6JBO94Xf", "get_current_weather")]
    assert "".join(e.delta for e in events if type(e) is ArgsDelta) == "".join(_STEPS)
    acc = Accumulator("openai.chat")
    events = [e for c in _second_head({"index": 0}, {"arguments": ""}, _ARGS_FIRST) for e in acc.feed(c)]
    assert [e.index for e in events if type(e) is CallStarted] == [0, 1]
    assert [(e.index, e.delta) for e in events if type(e) is ArgsDelta] == [(1, '{"tz": "UTC"}')]


def test_a_named_head_under_its_own_id_after_a_held_piece_leaves_it_the_calls_rest() -> None:
    """A name under another id than the held piece's is another call's head: the held piece was
    the open call's rest (GLM behind a gateway putting every call at index 0)."""
    chunks = [ch({"tool_calls": [{"index": 0, "id": "a", "type": "function", "function": {"name": "f", "arguments": ""}}]}),
              ch({"tool_calls": [{"index": 0, "id": "r1", "function": {"arguments": '{"x":1}'}}]}),
              ch({"tool_calls": [{"index": 0, "id": "b", "type": "function", "function": {"name": "g", "arguments": ""}}]}),
              ch({"tool_calls": [{"index": 0, "id": "r2", "function": {"arguments": '{"y":2}'}}]}),
              ch({"tool_calls": [{"index": 0, "id": "r3", "function": {"arguments": ""}}]}),
              ch({}, "tool_calls")]
    assert accumulate(chunks) == [ToolCall("f", {"x": 1}, "a"), ToolCall("g", {"y": 2}, "b")]


def _steps(monkeypatch: pytest.MonkeyPatch, n: int) -> int:
    """The scanner's and the held pieces' steps for a GLM stream of *n* blank steps before the
    value and *n* empty ones after it (every one held, then settled by the next)."""
    from toolwire.stream import _call, _fresh

    count = [0]
    advance, settle = _call._advance, _fresh.Fresh.settle_fresh

    def counted_advance(*a: Any) -> None:
        count[0] += 1
        advance(*a)

    def counted_settle(*a: Any) -> None:
        count[0] += 1
        settle(*a)

    monkeypatch.setattr(_call, "_advance", counted_advance)
    monkeypatch.setattr(_fresh.Fresh, "settle_fresh", counted_settle)
    pieces = [" "] * n + ['{"a": ', '"x"}'] + [""] * n
    assert accumulate(_glm({"index": 0}, pieces)) == [
        ToolCall("get_current_weather", {"a": "x"}, "call_DfU25035HyRrY03K6JBO94Xf")]
    return count[0]


def test_held_pieces_stay_linear(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each piece is held and settled once, each fragment scanned once: n vs 4n steps ≈ 4."""
    assert _steps(monkeypatch, 500) >= 1000  # (held and settled: counted)
    small, large = _steps(monkeypatch, 500), _steps(monkeypatch, 2000)
    assert 3.8 <= large / small <= 4.2


@pytest.mark.parametrize("chunks", [_glm({"index": 0}, ["", *_STEPS, ""]),
                                    _second_head({}, {"arguments": ""}, _ARGS_FIRST)], ids=["glm", "second-head"])
def test_a_checkpoint_with_a_held_piece_reads_on_the_same(chunks: List[Any]) -> None:
    import copy
    import pickle

    whole = _fed(chunks)
    for cut in range(len(chunks)):
        acc = Accumulator("openai.chat")
        for c in chunks[:cut]:
            acc.feed(c)
        for again in (pickle.loads(pickle.dumps(acc)), copy.deepcopy(acc)):
            for c in chunks[cut:]:
                again.feed(c)
            assert again.close() == whole
