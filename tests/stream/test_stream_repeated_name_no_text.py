"""A Chat delta that names the call again with no argument text (``""``, white space)
after the call's whole JSON value, and a named delta after a call with no argument
text (docs/streaming.md, rule 1).

A repeated name with no id and no text holds the call: Kimi K2 repeats the name on every
fragment of one call (``corpus/openai-compatible/llm-openrouter-kimi-k2-stream-repeated-name.json``),
and the gateway of smolagents#1569 sends every call on index 0 with no id, the name with
``""`` before each call's text: the name again with ``""`` and then ``{...}`` is the next
call. With nothing after it the repeat is an ``InvalidToolCall`` beside the call: Kimi's
last, empty fragment, or a call without arguments sent as ``""``? Nothing tells (never a
call silently lost, never a second ``{}`` call). An id after the repeat is kept pending.

``"type": "function"`` tells nothing of a call's start: OpenAI sends it on a call's first
delta (openai-python ``ChoiceDeltaToolCall.type``), Kimi K2 through OpenRouter on every
fragment (``corpus/openai-compatible/llm-openrouter-kimi-k2-stream-*.json``). A call without
arguments sent as ``"{}"`` (Gemini's OpenAI-compatible endpoint,
``corpus/openai-compatible/magentic-gemini-openai-compat-stream-bool-arg.json``) is text.
Shapes: openai-python ``ChatCompletionChunk`` / ``ChoiceDeltaToolCall``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from toolwire import InvalidToolCall, ToolCall, decode_all
from toolwire.stream import Accumulator, CallStarted, accumulate


def chunk(*tool_calls: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    delta: Dict[str, Any] = {"tool_calls": list(tool_calls)} if tool_calls else {}
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def head(name: str, arguments: str, **kw: Any) -> Dict[str, Any]:
    return {**kw, "type": "function", "function": {"name": name, "arguments": arguments}}


def again(name: str, arguments: str, **kw: Any) -> Dict[str, Any]:
    return {**kw, "function": {"name": name, "arguments": arguments}}


def more(arguments: str, **kw: Any) -> Dict[str, Any]:
    return {**kw, "function": {"arguments": arguments}}


def view(calls: List[Any]) -> List[Any]:
    return [(c.name, c.args, c.id) if isinstance(c, ToolCall) else ("INVALID", c.name, c.raw) for c in calls]


AT = [{"index": 0}, {}]  # at index 0, and without an index


REPEAT = ("INVALID", "f", None)  # the repeat with nothing after it: the same call's name, or f()? Not guessed


# ---- the name again with no text after the whole value, nothing after it: not guessed ---------

@pytest.mark.parametrize("at", AT)
@pytest.mark.parametrize("blank", ["", " ", "\n"])
@pytest.mark.parametrize("finish", ["tool_calls", None])
def test_the_name_again_with_no_text_after_the_whole_value_is_not_guessed(
        at: Dict[str, Any], blank: str, finish: Optional[str]) -> None:
    """The call stands, the repeat is an ``InvalidToolCall``: never silently merged (a call
    without arguments sent as ``""`` would be lost) nor a second ``{}`` call."""
    chunks = [chunk(head("f", '{"a": 1}', id="", **at)), chunk(again("f", blank, **at)), chunk(finish=finish)]
    got = accumulate(chunks)
    assert view(got) == [("f", {"a": 1}, None), REPEAT]
    assert "came again, with no arguments" in got[1].error and "Not guessed" in got[1].error


@pytest.mark.parametrize("at", AT)
def test_the_name_again_in_pieces_with_no_text(at: Dict[str, Any]) -> None:
    """Kimi's form: the name on every fragment, the last ones empty: one call, one repeat flagged."""
    chunks = [chunk(again("f", p, **at)) for p in ['{"a"', ": 1}", "", " ", ""]] + [chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("f", {"a": 1}, None), REPEAT]


def test_the_next_call_without_index_is_kept() -> None:
    """The revS2 case: the next call (another name) was lost with the repeat; the repeat stays flagged."""
    chunks = [chunk(head("f", '{"a":1}')), chunk(again("f", "")), chunk(head("h", '{"b":2}')),
              chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("f", {"a": 1}, None), REPEAT, ("h", {"b": 2}, None)]


@pytest.mark.parametrize("at", AT)
def test_text_beginning_a_value_after_the_repeat_is_the_next_call(at: Dict[str, Any]) -> None:
    """The name again, white space, then an object in a nameless piece: the next call (smolagents#1569)."""
    chunks = [chunk(head("f", '{"q": ', **at)), chunk(more('"x"}', **at)), chunk(again("f", " ", **at)),
              chunk(more("\n", **at)), chunk(more('{"q": ', **at)), chunk(more('"y"}', **at)),
              chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("f", {"q": "x"}, None), ("f", {"q": "y"}, None)]


@pytest.mark.parametrize("at", AT)
def test_text_beginning_no_value_after_the_repeat_is_the_same_calls(at: Dict[str, Any]) -> None:
    """The text goes on with the call (which it breaks); the repeat, at its place, is flagged."""
    chunks = [chunk(head("f", '{"a": 1}', **at)), chunk(again("f", "", **at)), chunk(more(', "b": 2}', **at)),
              chunk(finish="tool_calls")]
    call, repeat = accumulate(chunks)
    assert isinstance(call, InvalidToolCall) and call.raw == '{"a": 1}, "b": 2}'
    assert view([repeat]) == [REPEAT]


def test_events_start_the_next_call_at_the_repeat() -> None:
    """The delta that names the call again is the next call's first (or the flagged repeat's):
    it starts there, at its place (``test_stream_repeat_places``)."""
    chunks = [chunk(head("f", '{"q": 1}', index=0)), chunk(again("f", "", index=0)),
              chunk(more('{"q": 2}', index=0)), chunk(finish="tool_calls")]
    acc = Accumulator("openai.chat")
    started = [[e for e in acc.feed(c) if isinstance(e, CallStarted)] for c in chunks]
    assert started == [[CallStarted(0, None, "f")], [CallStarted(1, None, "f")], [], []]


def test_after_a_finish_on_every_chunk() -> None:
    """LiteLLM's finish beside every piece: the repeat still goes on with the call."""
    chunks = [chunk(head("f", '{"a": 1}', index=0), finish="tool_calls"),
              chunk(again("f", "", index=0), finish="tool_calls")]
    assert view(accumulate(chunks)) == [("f", {"a": 1}, None), REPEAT]
    chunks.append(chunk(more('{"a": 2}', index=0), finish="tool_calls"))
    assert view(accumulate(chunks)) == [("f", {"a": 1}, None), ("f", {"a": 2}, None)]


# ---- an opening delta with another name after a call with no text: not guessed ---------------

@pytest.mark.parametrize("at", AT)
@pytest.mark.parametrize("ident", ["", None])
@pytest.mark.parametrize("one_chunk", [True, False])
def test_an_opening_delta_after_a_call_without_arguments_is_not_guessed(
        at: Dict[str, Any], ident: Optional[str], one_chunk: bool) -> None:
    """``f`` with ``""`` then ``g``, each with ``"type": "function"``, no ids: the rest of the
    name or another call? ``type`` tells nothing: Kimi K2 through OpenRouter sends it on every
    fragment (``corpus/openai-compatible/llm-openrouter-kimi-k2-stream-*.json``). Neither runs."""
    f, g = head("get_", "", id=ident, **at), head("weather", '{"city": "Paris"}', id=ident, **at)
    chunks = [chunk(f, g)] if one_chunk else [chunk(f), chunk(g)]
    got = accumulate(chunks + [chunk(finish="tool_calls")])
    assert [type(c) for c in got] == [InvalidToolCall, InvalidToolCall]


@pytest.mark.parametrize("at", AT)
def test_whole_calls_without_arguments_sent_as_an_empty_object(at: Dict[str, Any]) -> None:
    """Gemini's OpenAI-compatible endpoint sends a call without arguments as ``"{}"``
    (``corpus/openai-compatible/magentic-gemini-openai-compat-stream-bool-arg.json``): two calls."""
    f, g = head("f", "{}", id="", **at), head("g", '{"b":2}', id="", **at)
    got = accumulate([chunk(f), chunk(g), chunk(finish="tool_calls")])
    assert view(got) == [("f", {}, None), ("g", {"b": 2}, None)]
    whole = {"choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
        "role": "assistant", "content": None, "tool_calls": [f, g]}}]}
    assert view(decode_all(whole, "openai.chat")) == view(got)


@pytest.mark.parametrize("at", AT)
def test_a_delta_not_marked_as_an_opening_is_still_not_guessed(at: Dict[str, Any]) -> None:
    """No ``type``: the rest of the name (``search_web``) or another call? Neither runs."""
    chunks = [chunk(head("search", "", **at)), chunk(again("_web", '{"q": 1}', **at)), chunk(finish="tool_calls")]
    assert [type(c) for c in accumulate(chunks)] == [InvalidToolCall, InvalidToolCall]


# ---- an id after the repeat: kept pending ------------------------------------------------------

def test_an_id_after_the_repeat_is_the_next_calls() -> None:
    """An id after the repeat (alone, then the text): a new call needs an id, and it is that call's."""
    chunks = [chunk(head("f", '{"a": 1}', index=0)), chunk(again("f", "", index=0)),
              chunk({"index": 0, "id": "call_2"}), chunk(more('{"a": 2}', index=0)), chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("f", {"a": 1}, None), ("f", {"a": 2}, "call_2")]


@pytest.mark.parametrize("id_alone", [True, False])
def test_an_id_after_the_repeat_with_nothing_after_it_runs_nothing_twice(id_alone: bool) -> None:
    """revS R1: the repeat, then an id (alone, or on the repeat), then nothing: the held call's
    late id, or a call ``f()`` with that id? Never ``f`` run twice: ``f`` stands, the repeat
    (with the id) is an ``InvalidToolCall``."""
    rep = again("f", "", index=0)
    tail = [chunk({"index": 0, "id": "call_9"})] if id_alone else []
    if not id_alone:
        rep["id"] = "call_9"
    chunks = [chunk(head("f", '{"a": 1}', index=0)), chunk(rep), *tail, chunk(finish="tool_calls")]
    got = accumulate(chunks)
    assert view(got) == [("f", {"a": 1}, None), REPEAT]
    assert got[1].id == "call_9"


def test_an_id_after_the_repeat_then_text_going_on_with_the_call() -> None:
    """The repeat, an id, then text that begins no value: the call's text; whose the id is
    nothing tells: the repeat, with it, is an ``InvalidToolCall``."""
    chunks = [chunk(head("f", '{"a": 1}', index=0)), chunk(again("f", "", index=0)),
              chunk({"index": 0, "id": "call_9"}), chunk(more(" \n", index=0)), chunk(finish="tool_calls")]
    got = accumulate(chunks)
    assert view(got) == [("f", {"a": 1}, None), REPEAT] and got[1].id == "call_9"


def test_two_ids_after_the_repeat() -> None:
    """A second id: the repeat (with the first) is invalid, the second a new call's."""
    chunks = [chunk(head("f", '{"a": 1}', index=0)), chunk(again("f", "", index=0, id="call_8")),
              chunk({"index": 0, "id": "call_9"}), chunk(more('{"a": 2}', index=0)), chunk(finish="tool_calls")]
    got = accumulate(chunks)
    assert view(got) == [("f", {"a": 1}, None), REPEAT, ("f", {"a": 2}, "call_9")] and got[1].id == "call_8"


@pytest.mark.parametrize("copy_how", ["pickle", "deepcopy"])
def test_a_reader_saved_while_a_call_is_held(copy_how: str) -> None:
    """A reader pickled (or copied) after the repeat still flags it at the end."""
    import copy
    import pickle

    acc = Accumulator("openai.chat")
    for c in [chunk(head("f", '{"a": 1}', index=0)), chunk(again("f", "", index=0))]:
        acc.feed(c)
    acc = pickle.loads(pickle.dumps(acc)) if copy_how == "pickle" else copy.deepcopy(acc)
    acc.feed(chunk(finish="tool_calls"))
    assert view(acc.close()) == [("f", {"a": 1}, None), REPEAT]


@pytest.mark.parametrize("id_on_repeat", [True, False], ids=["id-on-the-repeat", "id-after-the-repeat"])
def test_a_pending_id_then_another_call_with_its_own_id_is_flagged_not_dropped(id_on_repeat: bool) -> None:
    """The repeat's id (on it, or sent alone after it) is kept pending; when the next call
    of that tool comes with an id of its own, the pending id is no part of it: the repeat is
    an ``InvalidToolCall`` with that id, never dropped (review revS2 R1: call ``x`` vanished)."""
    at = {"index": 0}
    pend = ([chunk(again("f", "", id="x", **at))] if id_on_repeat
            else [chunk(again("f", "", **at)), chunk({"id": "x", **at})])
    got = accumulate([chunk(head("f", '{"a": 1}', **at)), *pend,
                      chunk(again("f", '{"c": 1}', id="y", **at)), chunk(finish="tool_calls")])
    assert [(type(c).__name__, c.name, c.id) for c in got] == [
        ("ToolCall", "f", None), ("InvalidToolCall", "f", "x"), ("ToolCall", "f", "y")]
    assert got[2].args == {"c": 1}
