"""A Chat stream's tool name sent in pieces over deltas at one index.

openai-python's ``accumulate_delta`` (``openai/lib/streaming/_deltas.py``, used by
``client.chat.completions.stream()``) joins ``function.name`` strings like argument
text; an OpenAI maintainer wrote that "the first delta might have ``get_`` and the
second might have ``weather``" (openai/openai-agents-python#326), and
continuedev/continue#5849 saw names in pieces from Gemini's OpenAI-compatible
endpoint. The wire tells a piece where the call at the index came with an id and the
delta has none, before any argument text; where nothing tells (no ids), neither
reading runs. Chunk shapes: openai-python ``ChatCompletionChunk`` /
``ChoiceDeltaToolCall``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, CallDone, CallStarted, accumulate


def ch(delta: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def tc(index: int, name: Optional[str] = None, arguments: Optional[str] = None,
       id: Optional[str] = None) -> Dict[str, Any]:
    fn: Dict[str, Any] = {}
    if name is not None:
        fn["name"] = name
    if arguments is not None:
        fn["arguments"] = arguments
    out: Dict[str, Any] = {"index": index, "function": fn}
    if id is not None:
        out.update(id=id, type="function")
    return out


def calls(*deltas: Dict[str, Any]) -> List[Dict[str, Any]]:
    return [ch({"tool_calls": [d]}) for d in deltas] + [ch({}, "tool_calls")]


def view(results: List[Any]) -> List[Any]:
    return [(r.name, r.args, r.id) if isinstance(r, ToolCall) else ("INVALID", r.name, r.raw, r.id)
            for r in results]


# the vercel hunt's reproducer: the name's rest in a delta without id, before any argument text
SPLIT = calls(tc(0, "search", id="call_a"), tc(0, "_web"), tc(0, arguments='{"q":"x"}'))


@pytest.mark.parametrize("dialect", ["openai.chat", "mistral", None])
def test_name_in_two_pieces_is_one_call(dialect: Optional[str]) -> None:
    assert view(accumulate(SPLIT, dialect)) == [("search_web", {"q": "x"}, "call_a")]


def test_name_in_three_pieces_with_empty_arguments() -> None:
    """OpenAI's opening delta carries ``"arguments": ""``: no argument text yet."""
    got = accumulate(calls(tc(0, "get_", "", id="call_1"), tc(0, "wea", ""), tc(0, "ther"),
                           tc(0, arguments='{"city": "Paris"}')), "openai.chat")
    assert view(got) == [("get_weather", {"city": "Paris"}, "call_1")]


def test_name_piece_with_the_first_arguments() -> None:
    got = accumulate(calls(tc(0, "edit_ex", id="call_1"), tc(0, "isting_file", '{"path": "a"}')), "openai.chat")
    assert view(got) == [("edit_existing_file", {"path": "a"}, "call_1")]


def test_name_pieces_beside_another_index() -> None:
    got = accumulate(calls(tc(0, "get_", id="call_1"), tc(1, "now", id="call_2"), tc(0, "weather"),
                           tc(0, arguments='{"city": "Paris"}'), tc(1, arguments="{}")), "openai.chat")
    assert view(got) == [("get_weather", {"city": "Paris"}, "call_1"), ("now", {}, "call_2")]


def test_name_pieces_events() -> None:
    """``CallStarted`` carries the first piece; ``CallDone.call`` the whole name."""
    acc = Accumulator("openai.chat")
    events = [e for c in SPLIT for e in acc.feed(c)]
    assert [e for e in events if isinstance(e, CallStarted)] == [CallStarted(0, "call_a", "search")]
    (done,) = [e for e in events if isinstance(e, CallDone)]
    assert done.call.name == "search_web"


def test_new_name_after_arguments_is_a_new_call() -> None:
    """A different name after the call's arguments: a gateway's next call at index 0."""
    got = accumulate(calls(tc(0, "search", '{"q": "x"}', id="call_a"), tc(0, "now", "{}")), "openai.chat")
    assert view(got) == [("search", {"q": "x"}, "call_a"), ("now", {}, None)]


def test_new_id_with_a_new_name_is_a_new_call() -> None:
    """Every call on index 0, each with its own id (Groq): a call without arguments first."""
    got = accumulate(calls(tc(0, "now", id="call_a"), tc(0, "get_weather", '{"city": "Paris"}', id="call_b")),
                     "openai.chat")
    assert view(got) == [("now", {}, "call_a"), ("get_weather", {"city": "Paris"}, "call_b")]


NOT_GUESSED = ("came at index 0 after the call {first!r} there, which has no arguments yet, with no id telling: "
               "the rest of its name (sent in pieces) or another call? Not guessed")


def test_no_ids_new_name_before_arguments_is_not_guessed() -> None:
    """No ids anywhere: ``now`` (a call without arguments) and then ``get_weather``, or the
    name ``nowget_weather`` in two pieces? Two calls, neither runnable, raw kept."""
    got = accumulate(calls(tc(0, "now"), tc(0, "get_weather", '{"city": "Paris"}')), "openai.chat")
    assert view(got) == [("INVALID", "now", None, None),
                         ("INVALID", "get_weather", '{"city": "Paris"}', None)]
    assert all(isinstance(r, InvalidToolCall) and NOT_GUESSED.format(first="now") in r.error for r in got)
    assert "'get_weather'" in got[1].error


def test_no_ids_name_pieces_are_not_guessed() -> None:
    got = accumulate(calls(tc(0, "search", ""), tc(0, "_web"), tc(0, arguments='{"q":"x"}')), "openai.chat")
    assert view(got) == [("INVALID", "search", None, None), ("INVALID", "_web", '{"q":"x"}', None)]


def test_same_id_new_name_before_arguments_is_not_guessed() -> None:
    """The id on every delta (SGLang), the name in pieces, or calls sharing an id at one
    index: nothing tells."""
    got = accumulate(calls(tc(0, "search", id="call_a"), tc(0, "_web", id="call_a"),
                           tc(0, arguments='{"q":"x"}')), "openai.chat")
    assert view(got) == [("INVALID", "search", None, "call_a"), ("INVALID", "_web", '{"q":"x"}', "call_a")]


def test_a_delta_marked_as_a_call_opening_is_never_the_rest_of_a_name() -> None:
    """OpenAI's format sends ``"type": "function"`` only in a call's first delta (openai
    ``ChoiceDeltaToolCall.type``): a delta that carries it with a name opens a call, so
    ``get_time`` (no arguments) and ``get_date`` are never joined into ``get_timeget_date``
    (the review of the day's merges, RV-4). Without an id of its own nothing tells which
    call the rest is: neither runs."""
    opening = {"index": 0, "type": "function", "function": {"name": "get_date", "arguments": "{}"}}
    out = accumulate(calls(tc(0, "get_time", "", id="call_1"), opening), "openai.chat")
    assert [type(r) for r in out] == [InvalidToolCall, InvalidToolCall]
    assert [r.name for r in out] == ["get_time", "get_date"]


def _typed_null(d: Dict[str, Any]) -> Dict[str, Any]:
    """*d* as ``ChatCompletionChunk.model_dump()`` gives it: ``ChoiceDeltaToolCall.type`` defaults
    to ``None``, so a delta without a type word carries ``"type": None`` (hunt huntOTel: 56 of 300
    split-name streams refused)."""
    return {**d, "type": d.get("type")}


@pytest.mark.parametrize("finish_each", [False, True])
@pytest.mark.parametrize("dialect", ["openai.chat", "mistral", None])
def test_name_piece_with_type_null_is_joined(dialect: Optional[str], finish_each: bool) -> None:
    # a null type is no type word: the SDK object and its model_dump() are read alike
    deltas = [tc(0, "search", id="call_a"), _typed_null(tc(0, "_web")), _typed_null(tc(0, arguments='{"q":"x"}'))]
    chunks = [ch({"tool_calls": [d]}, "tool_calls" if finish_each else None) for d in deltas] + [ch({}, "tool_calls")]
    assert view(accumulate(chunks, dialect)) == [("search_web", {"q": "x"}, "call_a")]


def test_name_piece_with_type_null_from_the_sdk_object() -> None:
    ChatCompletionChunk = pytest.importorskip("openai.types.chat").ChatCompletionChunk
    objs = [ChatCompletionChunk.model_validate(c) for c in SPLIT]
    assert view(accumulate(objs, "openai.chat")) == [("search_web", {"q": "x"}, "call_a")]
    assert view(accumulate([o.model_dump() for o in objs], "openai.chat")) == [("search_web", {"q": "x"}, "call_a")]
