"""A nameless Chat piece held under a fresh id (docs/streaming.md, rule 1): what the second
review of the hold (revC3) found (held pieces named out of order come in the order of their
first pieces: ``test_stream_fresh_piece_review``). An argument piece without an index, or an object, after the held piece is its
text as a string piece is; white space before an object; a name split over chunks that all
carry ``finish_reason`` (LiteLLM's Gemini iterator, BerriAI/litellm#2195) is one name. The
streams are the review's: an id-first second head, its name later (vercel/ai#14722)."""

from __future__ import annotations

from typing import Any, Dict, Optional

import pytest

from chat_chunks import END
from chat_chunks import read_started as _run
from chat_chunks import tool_chunk as ch
from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import accumulate

A = {"index": 0, "id": "A", "type": "function", "function": {"name": "get_weather", "arguments": ""}}
B = {"index": 0, "id": "B", "type": "function", "function": {"arguments": ""}}
NAMED = {"index": 0, "function": {"name": "get_time"}}
TZ = '{"tz":"UTC"}'
TWO = [ToolCall("get_weather", {}, "A"), ToolCall("get_time", {"tz": "UTC"}, "B")]


def test_a_piece_named_while_an_earlier_one_is_held_waits_for_it() -> None:
    # the earlier piece held at index 1 is a GLM rest (its next step has a fresh id): the call
    # named at index 0 comes after it, get_time with its arguments. (A rest goes to C, started
    # before both: the order is the same whether get_time waits or not; the next test's head does not.)
    chunks = [ch({"index": 1, "id": "C", "type": "function", "function": {"name": "lookup", "arguments": ""}}),
              ch({"index": 1, "id": "R0", "type": "function", "function": {"name": None, "arguments": ""}}),
              ch({**A, "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}), ch(B), ch(NAMED),
              ch({"index": 0, "function": {"arguments": TZ}}),
              ch({"index": 1, "id": "R1", "type": "function", "function": {"name": None, "arguments": '{"q":1}'}}), END]
    calls, started = _run(chunks)
    assert calls == [ToolCall("lookup", {"q": 1}, "C"), ToolCall("get_weather", {"city": "Paris"}, "A"),
                     ToolCall("get_time", {"tz": "UTC"}, "B")]
    assert started == [(0, "C", "lookup"), (1, "A", "get_weather"), (2, "B", "get_time")]


def test_a_piece_named_while_an_earlier_head_is_held_starts_after_it() -> None:
    # revChat: D, held at index 1 before B, is named after B: B waits for it (B was started first)
    chunks = [ch({"index": 1, "id": "C", "type": "function", "function": {"name": "lookup", "arguments": ""}}),
              ch({**B, "index": 1, "id": "D"}), ch({**A, "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}),
              ch(B), ch(NAMED), ch({"index": 1, "function": {"name": "search_web"}}),
              ch({"index": 0, "function": {"arguments": TZ}}), ch({"index": 1, "function": {"arguments": '{"q":1}'}}), END]
    calls, started = _run(chunks)
    assert calls == [ToolCall("lookup", {}, "C"), ToolCall("get_weather", {"city": "Paris"}, "A"),
                     ToolCall("search_web", {"q": 1}, "D"), ToolCall("get_time", {"tz": "UTC"}, "B")]
    assert started == [(0, "C", "lookup"), (1, "A", "get_weather"), (2, "D", "search_web"), (3, "B", "get_time")]


@pytest.mark.parametrize("args", [TZ, {"tz": "UTC"}])
def test_a_piece_without_index_after_the_held_piece_is_its_text(args: Any) -> None:
    # revC3 noidx.py: went to get_weather, get_time ran with {} and no id (16 of 128)
    calls, _ = _run([ch(A), ch(B), ch({"function": {"arguments": args}}), ch(NAMED), END])
    assert calls == TWO


@pytest.mark.parametrize("ident", [None, "null", ""])
@pytest.mark.parametrize("index", [0, None])
def test_an_object_after_the_held_piece_never_named_is_the_calls_rest(ident: Optional[str],
                                                                       index: Optional[int]) -> None:
    # revC3 obj.py: get_weather({}) and an invalid nameless call; the string form reads so
    piece: Dict[str, Any] = {"function": {"arguments": {"location": "Paris"}}}
    if ident is not None:
        piece["id"] = ident
    if index is not None:
        piece["index"] = index
    calls, _ = _run([ch(A), ch(B), ch(piece), END])
    assert calls == [ToolCall("get_weather", {"location": "Paris"}, "A")]
    text = {**piece, "function": {"arguments": '{"location":"Paris"}'}}
    assert accumulate([ch(A), ch(B), ch(text), END]) == calls


def test_white_space_held_before_an_object() -> None:
    # revC2 nontext3.py: refused (64 of 576)
    calls, _ = _run([ch(A), ch({**B, "function": {"arguments": " "}}),
                     ch({"index": 0, "function": {"arguments": {"tz": "UTC"}}}), ch(NAMED), END])
    assert calls == TWO


def test_an_object_after_text_is_still_refused() -> None:
    calls, _ = _run([ch(A), ch({**B, "function": {"arguments": "{"}}),
                     ch({"index": 0, "function": {"arguments": {"tz": "UTC"}}}), ch(NAMED), END])
    assert any(type(c) is InvalidToolCall for c in calls)


@pytest.mark.parametrize("index", [0, None])
def test_a_name_split_over_chunks_with_a_finish_on_each_is_one_name(index: Optional[int]) -> None:
    # revC2 gen2.py: get_w() and eather(...) ran (about 600 of 1,000 such streams)
    at = {} if index is None else {"index": index}
    f = "tool_calls"
    chunks = [ch({**at, "id": "call_1", "type": "function", "function": {"name": "get_w", "arguments": ""}}, f),
              ch({**at, "function": {"name": "eather"}}, f), ch({**at, "function": {"arguments": '{"city":'}}, f),
              ch({**at, "function": {"arguments": '"Paris"}'}}, f), END]
    calls, started = _run(chunks)
    assert calls == [ToolCall("get_weather", {"city": "Paris"}, "call_1")]
    assert len(started) == 1


def test_a_piece_named_while_one_before_it_waits_starts_before_a_later_head() -> None:
    # the piece held at index 0 (a GLM stop step: decided only by the end) keeps B waiting; the
    # head at index 1 came after B's first piece, so B starts first
    chunks = [ch({**A, "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}),
              ch({"index": 0, "id": "R0", "type": "function", "function": {"name": None, "arguments": ""}}),
              ch({"index": 2, "id": "C", "type": "function", "function": {"name": "lookup", "arguments": '{"q":1}'}}),
              ch({**B, "index": 2}), ch({"index": 2, "function": {"name": "get_"}}),
              ch({"index": 2, "function": {"name": "time"}}), ch({"index": 2, "function": {"arguments": TZ}}),
              ch({"index": 1, "id": "D", "type": "function", "function": {"name": "search", "arguments": '{"q":2}'}}), END]
    calls, started = _run(chunks)
    assert calls == [ToolCall("get_weather", {"city": "Paris"}, "A"), ToolCall("lookup", {"q": 1}, "C"),
                     ToolCall("get_time", {"tz": "UTC"}, "B"), ToolCall("search", {"q": 2}, "D")]
    assert started == [(0, "A", "get_weather"), (1, "C", "lookup"), (2, "B", "get_time"), (3, "D", "search")]


def test_a_head_at_a_call_whose_name_was_joined_keeps_its_place() -> None:
    # the name of the call at index 0 came in two pieces: its fresh-id piece is a call of its own
    # (never its rest), started in the order of its first piece, after the one held at index 1
    chunks = [ch({"index": 1, "id": "C", "type": "function", "function": {"name": "lookup", "arguments": '{"q":1}'}}),
              ch({"index": 0, "id": "A", "type": "function", "function": {"name": "get_", "arguments": ""}}),
              ch({"index": 0, "function": {"name": "weather"}}), ch({"index": 0, "function": {"arguments": "{}"}}),
              ch({"index": 1, "id": "D", "type": "function", "function": {"arguments": ""}}), ch(B),
              ch({"index": 0, "function": {"name": "get_time"}}), ch({"index": 1, "function": {"name": "search"}}),
              ch({"index": 0, "function": {"arguments": TZ}}), ch({"index": 1, "function": {"arguments": '{"q":2}'}}),
              END]
    calls, started = _run(chunks)
    assert calls == [ToolCall("lookup", {"q": 1}, "C"), ToolCall("get_weather", {}, "A"),
                     ToolCall("search", {"q": 2}, "D"), ToolCall("get_time", {"tz": "UTC"}, "B")]
    assert [i for i, _, _ in started] == [0, 1, 2, 3]
