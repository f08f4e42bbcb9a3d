"""Where the calls of a repeated name come out of a Chat stream (docs/streaming.md, rule 1).

Calls come out in the order their first delta came: a call's first delta is the one that
names it (openai-python ``ChoiceDeltaToolCall``: ``function.name`` on a call's first delta;
the reference's typical OpenAI sequence opens a call with ``{"index", "id", "type",
"function": {"name", "arguments": ""}}``). The name again with ``""`` after a whole value (the
gateway of smolagents#1569, every call on index 0, no id) is the first delta of the next
call, or of the ``InvalidToolCall`` a repeat with nothing after it becomes: either takes the
place where that delta came, not where its text (or the stream's end) came.

A call whose name came with ``""`` and no id, then the same name again, no id telling, is
one call (Kimi K2's name on every fragment:
``corpus/openai-compatible/llm-openrouter-kimi-k2-stream-repeated-name.json``, there with
ids) or a call without arguments sent as ``""`` (sigoden/aichat#1217,
openai/openai-agents-js#664) before the next call of that tool: never one call silently
standing for two. An id on the second says two (a call's id comes with its name: OpenAI,
Kimi, Mistral, Ollama); with none the call with text runs and the first is an
``InvalidToolCall`` (not guessed).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, CallDone, CallStarted, accumulate


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
    return [(c.name, c.args, c.id) if isinstance(c, ToolCall) else ("INVALID", c.name, c.id) for c in calls]


AT = [{"index": 0}, {}]  # at index 0, and without an index


# ---- a held repeat's call takes the place of its first delta -----------------------------------

def test_the_next_call_after_a_repeat_keeps_its_place() -> None:
    """``f`` at index 0, its name again with ``""`` (the next call's head), ``g`` at index 1,
    then the text at index 0: the heads' order ``[f, f, g]``, not ``[f, g, f]``."""
    chunks = [chunk(head("f", '{"a": 1}', index=0)), chunk(again("f", "", index=0)),
              chunk(head("g", "{}", index=1)), chunk(more('{"a": 2}', index=0)), chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("f", {"a": 1}, None), ("f", {"a": 2}, None), ("g", {}, None)]


def test_the_events_number_the_calls_in_that_order() -> None:
    """``CallStarted`` comes with the delta that names the call; positions agree with the list."""
    chunks = [chunk(head("f", '{"a": 1}', index=0)), chunk(again("f", "", index=0)),
              chunk(head("g", "{}", index=1)), chunk(more('{"a": 2}', index=0)), chunk(finish="tool_calls")]
    acc = Accumulator("openai.chat")
    events = [e for c in chunks for e in acc.feed(c)]
    assert [(e.index, e.name) for e in events if isinstance(e, CallStarted)] == [(0, "f"), (1, "f"), (2, "g")]
    done = {e.index: e.call for e in events if isinstance(e, CallDone)}
    assert [done[i] for i in sorted(done)] == acc.close()


def test_the_invalid_repeat_keeps_its_place_with_an_index() -> None:
    """The repeat with nothing after it, then ``g`` at index 1: ``[f, repeat, g]``."""
    chunks = [chunk(head("f", '{"a": 1}', index=0)), chunk(again("f", "", index=0)),
              chunk(head("g", "{}", index=1)), chunk(finish="tool_calls")]
    got = accumulate(chunks)
    assert view(got) == [("f", {"a": 1}, None), ("INVALID", "f", None), ("g", {}, None)]
    assert "came again, with no arguments" in got[1].error and got[1].loc == "$.calls[1].arguments"


def test_the_invalid_repeat_with_its_id_keeps_its_place() -> None:
    chunks = [chunk(head("f", '{"a": 1}', index=0)), chunk(again("f", "", index=0, id="call_9")),
              chunk(head("g", "{}", index=1, id="call_g")), chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("f", {"a": 1}, None), ("INVALID", "f", "call_9"), ("g", {}, "call_g")]


# ---- the name again after a call with no text yet ----------------------------------------------

@pytest.mark.parametrize("at", AT)
@pytest.mark.parametrize("blank", ["", " "])
def test_the_name_again_with_text_after_a_call_with_none_is_not_one_call(at: Dict[str, Any], blank: str) -> None:
    """``g`` with ``""``, then ``g`` with ``{...}``, no ids: one call, or ``g()`` then the
    next? The call with text runs once; the first is an ``InvalidToolCall``, never lost."""
    chunks = [chunk(head("g", blank, **at)), chunk(head("g", '{"a": 1}', **at)), chunk(finish="tool_calls")]
    got = accumulate(chunks)
    assert view(got) == [("INVALID", "g", None), ("g", {"a": 1}, None)]
    assert "Not guessed" in got[0].error


@pytest.mark.parametrize("at", AT)
def test_an_id_on_the_second_makes_two_calls(at: Dict[str, Any]) -> None:
    chunks = [chunk(head("g", "", **at)), chunk(head("g", '{"a": 1}', id="call_2", **at)), chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("g", {}, None), ("g", {"a": 1}, "call_2")]


@pytest.mark.parametrize("at", AT)
def test_the_name_again_with_no_text_then_text(at: Dict[str, Any]) -> None:
    """``g ""``, ``g ""``, then ``{...}``: the same, not guessed; with an id on the repeat: two calls."""
    chunks = [chunk(head("g", "", **at)), chunk(again("g", "", **at)), chunk(more('{"a": 1}', **at)),
              chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("INVALID", "g", None), ("g", {"a": 1}, None)]
    chunks[1] = chunk(again("g", "", id="call_2", **at))
    assert view(accumulate(chunks)) == [("g", {}, None), ("g", {"a": 1}, "call_2")]


@pytest.mark.parametrize("at", AT)
def test_the_name_again_with_no_text_and_nothing_after(at: Dict[str, Any]) -> None:
    """``g ""`` twice: one call without arguments stands, the repeat is an ``InvalidToolCall``."""
    chunks = [chunk(head("g", "", **at)), chunk(again("g", "", **at)), chunk(finish="tool_calls")]
    got = accumulate(chunks)
    assert view(got) == [("g", {}, None), ("INVALID", "g", None)]
    assert isinstance(got[1], InvalidToolCall) and "came again" in got[1].error


def test_kimi_with_its_ids_stays_one_call() -> None:
    """Kimi K2 (OpenRouter, Novita) names the call again on its text delta, with the same id: one call."""
    chunks = [chunk(head("llm_version", "", index=0, id="0")), chunk(head("llm_version", "{}", index=0, id="0")),
              chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("llm_version", {}, "0")]


def test_the_legacy_function_call_is_one_call_per_choice() -> None:
    """``delta.function_call`` (openai-python ``ChoiceDeltaFunctionCall``) carries one call
    per choice: its name again after ``""`` is that call's, never a second one."""
    def legacy(fc: Optional[Dict[str, Any]], finish: Optional[str] = None) -> Dict[str, Any]:
        return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
                "choices": [{"index": 0, "delta": {"function_call": fc} if fc else {}, "finish_reason": finish}]}

    chunks = [legacy({"name": "f", "arguments": ""}), legacy({"name": "f", "arguments": '{"a": 1}'}),
              legacy(None, "function_call")]
    assert view(accumulate(chunks)) == [("f", {"a": 1}, None)]


@pytest.mark.parametrize("at", AT)
def test_the_name_again_with_text_after_a_repeat_is_not_guessed(at: Dict[str, Any]) -> None:
    """``f`` whole, ``f`` with ``""``, then ``f`` with text: the repeat was ``f``'s last
    fragment (Kimi's name on every fragment), or ``f()`` before the third? The repeat is an
    ``InvalidToolCall`` at its place (an id on the third tells only that it is a new call)."""
    for ident in ({}, {"id": "call_3"}):
        chunks = [chunk(head("f", '{"a": 1}', **at)), chunk(again("f", "", **at)),
                  chunk(again("f", '{"a": 3}', **ident, **at)), chunk(finish="tool_calls")]
        assert view(accumulate(chunks)) == [("f", {"a": 1}, None), ("INVALID", "f", None),
                                            ("f", {"a": 3}, ident.get("id"))]


@pytest.mark.parametrize("at", AT)
def test_the_name_again_twice_then_text(at: Dict[str, Any]) -> None:
    """``f`` whole, ``f ""`` (``f()``?), ``f ""`` (the next call's head?), then text: the
    first repeat is not guessed, the text is a call of its own; with nothing after the
    repeats, one ``InvalidToolCall`` says so (Kimi's last, empty fragments)."""
    chunks = [chunk(head("f", '{"a": 1}', **at)), chunk(again("f", "", **at)), chunk(again("f", "", **at))]
    assert view(accumulate([*chunks, chunk(more('{"a": 3}', **at)), chunk(finish="tool_calls")])) == [
        ("f", {"a": 1}, None), ("INVALID", "f", None), ("f", {"a": 3}, None)]
    assert view(accumulate([*chunks, chunk(finish="tool_calls")])) == [("f", {"a": 1}, None), ("INVALID", "f", None)]


def bare(name: str, **kw: Any) -> Dict[str, Any]:
    return {**kw, "type": "function", "function": {"name": name}}


@pytest.mark.parametrize("at", AT)
@pytest.mark.parametrize("blank", ["", " ", None])
def test_the_name_on_every_piece_twice_before_text_runs_no_empty_call(at: Dict[str, Any],
                                                                      blank: Optional[str]) -> None:
    """``g ""``, ``g ""``, ``g {...}``, the name on every piece, no ids (Kimi K2's name on every
    fragment; sigoden/aichat#1217's call without arguments sent as ``""``): one call, ``g()``
    then the next, or two such? Only the call with text runs; ``g({})`` never (no arguments
    key, or white space, alike)."""
    def piece(arguments: Optional[str]) -> Dict[str, Any]:
        return bare("g", **at) if arguments is None else head("g", arguments, **at)

    chunks = [chunk(piece(blank)), chunk(piece(blank)), chunk(head("g", '{"c": 1}', **at)), chunk(finish="tool_calls")]
    got = accumulate(chunks)
    assert view(got) == [("INVALID", "g", None), ("INVALID", "g", None), ("g", {"c": 1}, None)]
    acc = Accumulator("openai.chat")
    for c in chunks:
        acc.feed(c)
    assert acc.close() == got


def test_a_custom_head_after_a_function_head_is_no_repeat() -> None:
    """A function head ``g ""`` (no id), then at that index a custom tool's head with its id
    and input (openai-python ``ChoiceDeltaToolCall`` of ``"type": "custom"``): no name repeated
    with no text (its text is ``custom.input``), so nothing held: one call, with its id."""
    chunks = [chunk(head("g", "", index=0)),
              chunk({"index": 0, "id": "x", "type": "custom", "custom": {"name": "g", "input": "x"}}),
              chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("g", {"input": "x"}, "x")]
