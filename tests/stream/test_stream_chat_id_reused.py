"""Chat stream calls under one id at one index (``openai.chat``), with and without a finish on
every chunk (LiteLLM's wrapper, BerriAI/litellm#2195), as review revChat3 found them: a head
re-sent under its id (Kimi K2 through OpenRouter repeats it) is never a second run of the call,
a call reusing the id under another name is never dropped, and what a continuation carries in
``function`` beside ``arguments`` is kept. Chunk shapes: openai-python ``ChatCompletionChunk``
(``ChoiceDeltaToolCall``)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from toolwire import ToolCall
from toolwire.stream import Accumulator, accumulate

END = {"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m",
       "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}


def ch(tc: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": {"tool_calls": [tc]}, "finish_reason": finish}]}


def _shown(chunks: List[Any]) -> List[Any]:
    acc = Accumulator("openai.chat")
    for c in chunks:
        acc.feed(c)
    calls = acc.close()
    assert calls == accumulate(chunks)
    return [(c.name, c.args, c.id, dict(c.provider_data)) if isinstance(c, ToolCall) else ("invalid", c.name, c.id)
            for c in calls]


HEAD = {"index": 0, "id": "A", "type": "function", "function": {"name": "get_w"}}
REST = {"index": 0, "function": {"name": "eather"}}
ARGS = {"index": 0, "function": {"arguments": "{}"}}


@pytest.mark.parametrize("finish", [None, "tool_calls"])
def test_a_head_resent_with_its_name_split_never_runs_twice(finish: Optional[str]) -> None:
    # revChat3 gw.py (3 of 138, corpus llm-openrouter-kimi-k2-stream-repeated-name with a split name):
    # with a finish on every chunk get_weather({}) ran twice, both id A; without one, neither runs
    chunks = [ch(t, finish) for t in (HEAD, REST, HEAD, REST, ARGS)] + [END]
    assert _shown(chunks) == [("invalid", "get_weather", "A"), ("invalid", "get_weather", "A")]


@pytest.mark.parametrize("typed", [True, False])
@pytest.mark.parametrize("finish", [None, "tool_calls"])
def test_a_call_reusing_the_id_under_another_name_is_never_dropped(finish: Optional[str], typed: bool) -> None:
    # revChat3: with a finish on every chunk g's head was read as f sent again (one InvalidToolCall f,
    # g nowhere); its name tells another call (DeepSeek, GLM reuse an id), as without the finish
    f = {"index": 0, "id": "A", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    g = {"index": 0, "id": "A", "function": {"name": "g", "arguments": "{}"}}
    if typed:
        g["type"] = "function"
    chunks = [ch(f, finish), ch(g, finish), END]
    assert _shown(chunks) == [("f", {}, "A", {}), ("g", {}, "A", {})]


def test_the_same_call_resent_after_its_end_is_still_one_invalid_call() -> None:
    # (the neighbour the name check must keep: the same name and text again, its id)
    f = {"index": 0, "id": "A", "type": "function", "function": {"name": "f", "arguments": '{"a":1}'}}
    assert _shown([ch(f, "tool_calls"), ch(f, "tool_calls"), END]) == [("invalid", "f", "A")]


@pytest.mark.parametrize("with_text", [False, True])
def test_a_continuation_keeps_what_its_function_carries_beside(with_text: bool) -> None:
    # revChat3: ``{"index": 0, "function": {"thought_signature": "S"}}`` (one key in ``function``) was read
    # as a call's own fields only and dropped; beside ``arguments`` it was kept
    fn: Dict[str, Any] = {"thought_signature": "S"}
    if with_text:
        fn["arguments"] = "}"
    head = {"index": 0, "id": "A", "type": "function", "function": {"name": "f", "arguments": "{" if with_text else "{}"}}
    chunks = [ch(head), ch({"index": 0, "function": fn}), END]
    assert _shown(chunks) == [("f", {}, "A", {"openai.chat": {"function_extra": {"thought_signature": "S"}}})]


def test_a_call_resent_whole_with_its_names_start_never_runs_twice() -> None:
    # (the name check's neighbour: a name sent in pieces, the call re-sent whole after its end with its
    # head's name piece; the start of its name is no other call's)
    text = {"index": 0, "function": {"arguments": '{"a":1}'}}
    again = {"index": 0, "id": "A", "type": "function", "function": {"name": "get_w", "arguments": '{"a":1}'}}
    chunks = [ch(t, "tool_calls") for t in (HEAD, REST, text, again)] + [END]
    assert _shown(chunks) == [("invalid", "get_weather", "A")]


@pytest.mark.parametrize("spelled", ["functions.get_weather", "GET_WEATHER", "get_weather ", "Functions.Get_Weather"])
@pytest.mark.parametrize("finish", [True, False])
def test_a_call_resent_under_another_spelling_of_its_name_never_runs_twice(spelled: str, finish: bool) -> None:
    # review revChat4 R1: the same whole call re-sent under its id with its name spelled otherwise
    # (a ``functions.`` prefix, another case, a blank) ran twice once names were compared (215 of 598
    # generated re-sends); no gateway is known to rename, and another call reusing the id may be so
    # named (review revLead44: merged, it vanished): the call runs once, the re-send is an InvalidToolCall
    first = {"index": 0, "id": "A", "type": "function",
             "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}
    again = {"index": 0, "id": "A", "type": "function", "function": {"name": spelled, "arguments": '{"city":"Paris"}'}}
    chunks = [ch(first, "tool_calls"), ch(again, "tool_calls")] if finish else [ch(first), END, ch(again)]
    assert _shown(chunks + [END]) == [("get_weather", {"city": "Paris"}, "A", {}), ("invalid", spelled, "A")]
