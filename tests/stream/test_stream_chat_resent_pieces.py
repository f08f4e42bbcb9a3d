"""Chat stream calls re-sent piece by piece after their arguments (``openai.chat``), as the
forty-fourth session left them (review revChat4, chat4's ``left.py``): a gateway re-sending every
piece of a call (its head, the rest of its name, its arguments) after them, with and without a
finish on every chunk (LiteLLM's wrapper, BerriAI/litellm#2195) or after the END chunk, never runs
the call twice; a name that is a proper prefix of the call's is another call unless the call's
name was built from that piece. Chunk shapes: openai-python ``ChatCompletionChunk``
(``ChoiceDeltaToolCall``; a name in pieces as its ``accumulate_delta`` joins them)."""

from __future__ import annotations

from typing import Any, List, Optional

import pytest

from chat_chunks import END
from chat_chunks import tool_chunk as ch
from toolwire import ToolCall
from toolwire.stream import Accumulator, accumulate


def _shown(chunks: List[Any]) -> List[Any]:
    acc = Accumulator("openai.chat")
    for c in chunks:
        acc.feed(c)
    calls = acc.close()
    assert calls == accumulate(chunks)
    return [(c.name, c.args, c.id) if isinstance(c, ToolCall) else ("invalid", c.name, c.id) for c in calls]


HEAD = {"index": 0, "id": "A", "type": "function", "function": {"name": "get_w"}}
REST = {"index": 0, "function": {"name": "eather"}}
ARGS = {"index": 0, "function": {"arguments": "{}"}}
TWICE = [("invalid", "get_weather", "A"), ("invalid", "get_weather", "A")]


@pytest.mark.parametrize("finish", [None, "tool_calls"])
def test_a_split_name_call_resent_piece_by_piece_never_runs_twice(finish: Optional[str]) -> None:
    # chat4 left.py (72 of 6,000 in its gen.py): get_weather({}) ran twice, both id A
    chunks = [ch(t, finish) for t in (HEAD, REST, ARGS, HEAD, REST, ARGS)] + [END]
    assert _shown(chunks) == TWICE


def test_a_split_name_call_resent_piece_by_piece_after_the_end_never_runs_twice() -> None:
    chunks = [ch(t) for t in (HEAD, REST, ARGS)] + [END] + [ch(t) for t in (HEAD, REST, ARGS)] + [END]
    assert _shown(chunks) == TWICE


def test_a_split_name_call_resent_whole_with_its_head_piece_never_runs_twice() -> None:
    # chat4 left.py: the name's first piece and the whole text before the finish ran get_w({}) beside it
    again = {"index": 0, "id": "A", "type": "function", "function": {"name": "get_w", "arguments": "{}"}}
    assert _shown([ch(t) for t in (HEAD, REST, ARGS, again)] + [END]) == [
        ("invalid", "get_weather", "A"), ("invalid", "get_w", "A")]


@pytest.mark.parametrize("between", [True, False])
def test_a_head_then_arguments_call_resent_after_its_end_never_runs_twice(between: bool) -> None:
    # revChat4 p7.py: OpenAI's head (``"arguments": ""``) then its arguments, all re-sent after the END
    # chunk, ran twice, while the same call re-sent in one piece was refused
    head = {"index": 0, "id": "A", "type": "function", "function": {"name": "get_weather", "arguments": ""}}
    text = {"index": 0, "function": {"arguments": '{"a":1}'}}
    chunks = [ch(head), ch(text), END, ch(head), ch(text), END] if between else [
        ch(head, "tool_calls"), ch(text, "tool_calls"), END, ch(head, "tool_calls"), ch(text, "tool_calls"), END]
    shown = _shown(chunks)
    assert shown and all(c[0] == "invalid" for c in shown)


def test_the_neighbours_stay_calls() -> None:
    # a second completion reusing the id for the same tool with other arguments (DeepSeek's call_0),
    # and a call after another at the next index: two calls each
    head = {"index": 0, "id": "call_0", "type": "function", "function": {"name": "get_weather", "arguments": ""}}
    chunks = [ch(head), ch({"index": 0, "function": {"arguments": '{"city":"Paris"}'}}), END,
              ch(head), ch({"index": 0, "function": {"arguments": '{"city":"Rome"}'}}), END]
    assert _shown(chunks) == [("get_weather", {"city": "Paris"}, "call_0"), ("get_weather", {"city": "Rome"}, "call_0")]
    one = [dict(t, index=1) if "id" not in t else dict(t, index=1, id="B") for t in (HEAD, REST, ARGS)]
    assert _shown([ch(t) for t in (HEAD, REST, ARGS, *one)] + [END]) == [
        ("get_weather", {}, "A"), ("get_weather", {}, "B")]


@pytest.mark.parametrize("finish", [True, False])
def test_a_prefix_of_the_ended_calls_name_is_another_call(finish: bool) -> None:
    # revChat4 probe.py: ``search`` after ``search_web`` under the same id and text was taken for the
    # call re-sent and dropped (one InvalidToolCall search_web); the name was never built from ``search``
    first = {"index": 0, "id": "call_0", "type": "function", "function": {"name": "search_web", "arguments": '{"q":"x"}'}}
    again = {"index": 0, "id": "call_0", "type": "function", "function": {"name": "search", "arguments": '{"q":"x"}'}}
    chunks = [ch(first, "tool_calls"), ch(again, "tool_calls")] if finish else [ch(first), END, ch(again)]
    assert _shown(chunks + [END]) == [("search_web", {"q": "x"}, "call_0"), ("search", {"q": "x"}, "call_0")]


def test_other_arguments_under_the_id_and_name_after_a_finish_are_never_lost() -> None:
    # revChat4 #3: the same id and name with other arguments, each whole with a finish (a second
    # completion reusing DeepSeek's ``call_0``, or the call re-sent changed?): one InvalidToolCall whose
    # arguments were both values run together; now each value is its own InvalidToolCall (nothing
    # guessed, nothing merged), as the same without a finish between (two values: one InvalidToolCall)
    f = {"index": 0, "id": "call_0", "type": "function", "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}
    g = {"index": 0, "id": "call_0", "type": "function", "function": {"name": "get_weather", "arguments": '{"city":"Rome"}'}}
    acc = Accumulator("openai.chat")
    done = [e.call for c in (ch(f, "tool_calls"), ch(g, "tool_calls"), END) for e in acc.feed(c)
            if type(e).__name__ == "CallDone"]
    calls = acc.close()
    # (review revChat5 R1: the first came as a runnable CallDone that close() took back; a caller
    # running tools on CallDone ran Paris: every CallDone is what close() says)
    assert done == calls
    assert [(type(c).__name__, c.name, c.id, c.raw) for c in calls] == [
        ("InvalidToolCall", "get_weather", "call_0", '{"city":"Paris"}'),
        ("InvalidToolCall", "get_weather", "call_0", '{"city":"Rome"}')]
    # (the same text again stays one InvalidToolCall: the call re-sent)
    assert _shown([ch(f, "tool_calls"), ch(f, "tool_calls"), END]) == [("invalid", "get_weather", "call_0")]


def test_a_call_of_no_json_keeps_its_own_error_when_another_value_follows() -> None:
    # review revChat6: the first call's text is no JSON; a whole other value under its id and name after
    # the finish: the first keeps its parse error (not the "share the id" one), the second is refused
    h = {"index": 0, "id": "A", "type": "function", "function": {"name": "f", "arguments": "{"}}
    rest = {"index": 0, "function": {"arguments": '{"a":1}}'}}
    again = {"index": 0, "id": "A", "function": {"name": "f", "arguments": '{"z":9}'}}
    acc = Accumulator("openai.chat")
    done = [e.call for c in (ch(h), ch(rest, "tool_calls"), ch(again), END) for e in acc.feed(c)
            if type(e).__name__ == "CallDone"]
    calls = acc.close()
    assert done == calls and [type(c).__name__ for c in calls] == ["InvalidToolCall", "InvalidToolCall"]
    assert "share the id" not in calls[0].error and "JSON" in calls[0].error
    assert "share the id" in calls[1].error


@pytest.mark.parametrize("text", ['"a":1,}', "'a':1}", '"a":True}', '"a":"x\ny"}', '"a":"\ud800"}'])
def test_a_call_the_policy_repairs_still_fails_when_another_value_follows(text: str) -> None:
    # review revLead45 R1: the first call's text is no strict JSON but the arguments policy reads it
    # (repairs on, the default), or holds a raw lone surrogate; another value under its id and name
    # after the finish: neither runs (one repaired ToolCall ran, 612 of 780; the surrogate refused the
    # whole stream with DecodeError, 595 of 764)
    h = {"index": 0, "id": "A", "type": "function", "function": {"name": "f", "arguments": "{"}}
    rest = {"index": 0, "function": {"arguments": text}}
    again = {"index": 0, "id": "A", "function": {"name": "f", "arguments": '{"z":9}'}}
    acc = Accumulator("openai.chat")
    done = [e.call for c in (ch(h), ch(rest, "tool_calls"), ch(again), END) for e in acc.feed(c)
            if type(e).__name__ == "CallDone"]
    calls = acc.close()
    assert done == calls and [type(c).__name__ for c in calls] == ["InvalidToolCall", "InvalidToolCall"]
    assert "share the id" in calls[1].error
