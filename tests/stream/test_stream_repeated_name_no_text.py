"""A Chat delta that names the call again with no argument text (``""``, white space)
after the call's whole JSON value, and a delta that opens a call after one with no
argument text (docs/streaming.md, rule 1).

A repeated name with no id and nothing new is the same call: Kimi K2 repeats the name
on every fragment of one call (``corpus/openai-compatible/llm-openrouter-kimi-k2-stream-repeated-name.json``),
its last one can be empty, and a new call needs an id, an index change, or new text
(an object or array) after the whole value: the name again with ``""`` and then
``{...}`` is the next call (the gateway of smolagents#1569, every call on index 0 with
no id), the name again with ``""`` and nothing more is no call.

A delta marked as a call's first (``"type": "function"``, sent only there:
openai-python ``ChoiceDeltaToolCall.type``) with another name, no id on it nor on the
call before, opens a call: the one before, named with ``""`` arguments, is a call without
arguments, as ``decode_all`` reads the same two calls whole. Gemini's OpenAI-compatible
endpoint sends each call whole in one such delta with no ``index`` and an ``""`` id
(``corpus/openai-compatible/magentic-gemini-openai-compat-stream-bool-arg.json``); Ollama
through LiteLLM sends each whole call at ``index`` 0 with no id (BerriAI/litellm#8313).
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


# ---- the name again with no text after the whole value: the same call ----------------------

@pytest.mark.parametrize("at", AT)
@pytest.mark.parametrize("blank", ["", " ", "\n"])
@pytest.mark.parametrize("finish", ["tool_calls", None])
def test_the_name_again_with_no_text_after_the_whole_value_is_the_same_call(
        at: Dict[str, Any], blank: str, finish: Optional[str]) -> None:
    chunks = [chunk(head("f", '{"a": 1}', id="", **at)), chunk(again("f", blank, **at)), chunk(finish=finish)]
    assert view(accumulate(chunks)) == [("f", {"a": 1}, None)]


@pytest.mark.parametrize("at", AT)
def test_the_name_again_in_pieces_with_no_text(at: Dict[str, Any]) -> None:
    """Kimi's form: the name on every fragment, the last ones empty."""
    chunks = [chunk(again("f", p, **at)) for p in ['{"a"', ": 1}", "", " ", ""]] + [chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("f", {"a": 1}, None)]


def test_the_next_call_without_index_is_kept() -> None:
    """The revS2 case: the repeat made a phantom, and the next call (another name) was lost with it."""
    chunks = [chunk(head("f", '{"a":1}')), chunk(again("f", "")), chunk(head("h", '{"b":2}')),
              chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("f", {"a": 1}, None), ("h", {"b": 2}, None)]


@pytest.mark.parametrize("at", AT)
def test_text_beginning_a_value_after_the_repeat_is_the_next_call(at: Dict[str, Any]) -> None:
    """The name again, white space, then an object in a nameless piece: the next call (smolagents#1569)."""
    chunks = [chunk(head("f", '{"q": ', **at)), chunk(more('"x"}', **at)), chunk(again("f", " ", **at)),
              chunk(more("\n", **at)), chunk(more('{"q": ', **at)), chunk(more('"y"}', **at)),
              chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("f", {"q": "x"}, None), ("f", {"q": "y"}, None)]


@pytest.mark.parametrize("at", AT)
def test_text_beginning_no_value_after_the_repeat_is_the_same_calls(at: Dict[str, Any]) -> None:
    chunks = [chunk(head("f", '{"a": 1}', **at)), chunk(again("f", "", **at)), chunk(more(', "b": 2}', **at)),
              chunk(finish="tool_calls")]
    [call] = accumulate(chunks)
    assert isinstance(call, InvalidToolCall) and call.raw == '{"a": 1}, "b": 2}'


def test_events_start_the_next_call_when_its_text_comes() -> None:
    chunks = [chunk(head("f", '{"q": 1}', index=0)), chunk(again("f", "", index=0)),
              chunk(more('{"q": 2}', index=0)), chunk(finish="tool_calls")]
    acc = Accumulator("openai.chat")
    started = [[e for e in acc.feed(c) if isinstance(e, CallStarted)] for c in chunks]
    assert started == [[CallStarted(0, None, "f")], [], [CallStarted(1, None, "f")], []]


def test_after_a_finish_on_every_chunk() -> None:
    """LiteLLM's finish beside every piece: the repeat still goes on with the call."""
    chunks = [chunk(head("f", '{"a": 1}', index=0), finish="tool_calls"),
              chunk(again("f", "", index=0), finish="tool_calls")]
    assert view(accumulate(chunks)) == [("f", {"a": 1}, None)]
    chunks.append(chunk(more('{"a": 2}', index=0), finish="tool_calls"))
    assert view(accumulate(chunks)) == [("f", {"a": 1}, None), ("f", {"a": 2}, None)]


# ---- an opening delta with another name after a call with no text: two calls -----------------

@pytest.mark.parametrize("at", AT)
@pytest.mark.parametrize("ident", ["", None])
@pytest.mark.parametrize("one_chunk", [True, False])
def test_an_opening_delta_after_a_call_without_arguments(at: Dict[str, Any], ident: Optional[str],
                                                         one_chunk: bool) -> None:
    """The revS2 case: ``f`` with ``""`` then ``g``, each marked as a call's first delta, no
    ids: ``f({})`` and ``g(b=2)``, as ``decode_all`` reads them whole."""
    f, g = head("f", "", id=ident, **at), head("g", '{"b":2}', id=ident, **at)
    chunks = [chunk(f, g)] if one_chunk else [chunk(f), chunk(g)]
    got = accumulate(chunks + [chunk(finish="tool_calls")])
    assert view(got) == [("f", {}, None), ("g", {"b": 2}, None)]
    whole = {"choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
        "role": "assistant", "content": None, "tool_calls": [{**f, "id": ident}, {**g, "id": ident}]}}]}
    assert view(decode_all(whole, "openai.chat")) == view(got)


@pytest.mark.parametrize("at", AT)
def test_a_delta_not_marked_as_an_opening_is_still_not_guessed(at: Dict[str, Any]) -> None:
    """No ``type``: the rest of the name (``search_web``) or another call? Neither runs."""
    chunks = [chunk(head("search", "", **at)), chunk(again("_web", '{"q": 1}', **at)), chunk(finish="tool_calls")]
    assert [type(c) for c in accumulate(chunks)] == [InvalidToolCall, InvalidToolCall]


def test_an_id_after_the_repeat_is_the_next_calls() -> None:
    """An id after the repeat (alone, then the text): a new call needs an id, and it is that call's."""
    chunks = [chunk(head("f", '{"a": 1}', index=0)), chunk(again("f", "", index=0)),
              chunk({"index": 0, "id": "call_2"}), chunk(more('{"a": 2}', index=0)), chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("f", {"a": 1}, None), ("f", {"a": 2}, "call_2")]
