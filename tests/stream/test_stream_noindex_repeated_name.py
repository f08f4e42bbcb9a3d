"""Chat deltas without ``index`` that name the tool again: the latest call open is the
one such a delta goes on with (docs/streaming.md, rule 1), read as at an occupied index.

The shapes are openai-python's ``ChoiceDeltaToolCall`` with ``index`` left out (some
OpenAI-compatible servers send none: Gemini's and Ollama's ``/v1``, Mistral), the id on
the first delta only, as OpenAI sends it, and the name repeated on the continuations
(Kimi K2's habit, ``corpus/openai-compatible/llm-openrouter-kimi-k2-stream-repeated-name.json``)
or sent in pieces (openai/openai-agents-python#326). With ``index: 0`` on every delta
these streams were already read right; without it each named delta started a call.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

from hypothesis import given
from hypothesis import strategies as st

from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import accumulate


def chunk(tool_call: Optional[Dict[str, Any]] = None, finish: Optional[str] = None) -> Dict[str, Any]:
    delta: Dict[str, Any] = {"tool_calls": [tool_call]} if tool_call is not None else {}
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def head(ident: Optional[str], name: str, arguments: str) -> Dict[str, Any]:
    return {"id": ident, "type": "function", "function": {"name": name, "arguments": arguments}}


def again(name: str, arguments: str) -> Dict[str, Any]:
    return {"function": {"name": name, "arguments": arguments}}


def more(arguments: str) -> Dict[str, Any]:
    return {"function": {"arguments": arguments}}


def triples(calls: List[Any]) -> List[Any]:
    return [(c.name, c.args, c.id) if isinstance(c, ToolCall) else ("INVALID", c.name, c.raw) for c in calls]


def test_the_name_repeated_on_a_continuation_is_the_same_call() -> None:
    chunks = [chunk(head("call_1", "f", '{"city": ')), chunk(again("f", '"Paris"}')), chunk(finish="tool_calls")]
    assert triples(accumulate(chunks)) == [("f", {"city": "Paris"}, "call_1")]


def test_the_name_repeated_after_an_empty_head_is_the_same_call() -> None:
    """``""`` on the head, then the whole text: one call, never ``f({})`` and ``f(city=Paris)``."""
    chunks = [chunk(head("call_1", "f", "")), chunk(again("f", '{"city": "Paris"}')), chunk(finish="tool_calls")]
    assert triples(accumulate(chunks)) == [("f", {"city": "Paris"}, "call_1")]


def test_empty_or_null_ids_on_the_continuations() -> None:
    for ident in ("", None):
        chunks = [chunk(head("call_1", "f", '{"city": ')), chunk({"id": ident, **again("f", '"Paris"}')}),
                  chunk(finish="tool_calls")]
        assert triples(accumulate(chunks)) == [("f", {"city": "Paris"}, "call_1")]


def test_a_name_in_pieces_without_an_index() -> None:
    chunks = [chunk(head("call_1", "get_", "")), chunk(again("weather", '{"a": 1}')), chunk(finish="tool_calls")]
    assert triples(accumulate(chunks)) == [("get_weather", {"a": 1}, "call_1")]


def test_the_second_call_of_a_reply_named_on_every_piece() -> None:
    chunks = [chunk(head("call_1", "f", '{"a": 1}')), chunk(head("call_2", "f", "")),
              chunk(again("f", '{"a": ')), chunk(again("f", "2}")), chunk(finish="tool_calls")]
    assert triples(accumulate(chunks)) == [("f", {"a": 1}, "call_1"), ("f", {"a": 2}, "call_2")]


def test_whole_calls_without_index_nor_ids_stay_two_calls() -> None:
    """Gemini's and Ollama's ``/v1``: each call whole, ``""`` ids (or none), no index."""
    for ident in ("", None):
        chunks = [chunk(head(ident, "f", '{"a": 1}')), chunk(head(ident, "f", '{"a": 2}')), chunk(finish="tool_calls")]
        assert triples(accumulate(chunks)) == [("f", {"a": 1}, None), ("f", {"a": 2}, None)]


def test_whole_calls_of_two_tools_without_index() -> None:
    chunks = [chunk(head(None, "f", '{"a": 1}')), chunk(head(None, "g", "{}")), chunk(finish="tool_calls")]
    assert triples(accumulate(chunks)) == [("f", {"a": 1}, None), ("g", {}, None)]


def test_an_id_less_name_after_a_call_without_arguments_is_not_guessed() -> None:
    """No id on either and no text yet: the rest of the name or another call? Neither runs."""
    chunks = [chunk(head(None, "search", "")), chunk(again("_web", '{"q": 1}')), chunk(finish="tool_calls")]
    calls = accumulate(chunks)
    assert [type(c) for c in calls] == [InvalidToolCall, InvalidToolCall]
    assert "without an index" in calls[0].error and "Not guessed" in calls[0].error


def test_the_whole_call_resent_without_its_id_never_runs_twice() -> None:
    """A call with an id, then its name and whole text again with no id (elizaOS/eliza#16973's
    re-send), no index: one call, invalid (two JSON values), as at an index."""
    chunks = [chunk(head("call_1", "f", '{"a": 1}')), chunk(again("f", '{"a": 1}')), chunk(finish="tool_calls")]
    [call] = accumulate(chunks)
    assert isinstance(call, InvalidToolCall) and call.id == "call_1"


# ---- property: without index, as with ``index: 0`` on every delta --------------------------

_args = st.dictionaries(st.sampled_from(["a", "b", "k\"}"]), st.integers() | st.text(alphabet='x"{}\\', max_size=3),
                        max_size=2)


@given(calls=st.lists(st.tuples(st.sampled_from(["f", "g"]), _args, st.sampled_from(["id", "", None]),
                                 st.sampled_from(["head", "every", "empty-head"])), min_size=1, max_size=3),
       data=st.data())
def test_without_index_as_with_index_zero(calls: List[Any], data: Any) -> None:
    """Sequential calls (one open at a time), each cut anywhere, the name on the head only,
    on every piece, or on an empty head: read without ``index`` as with ``index: 0``."""
    tcs: List[Dict[str, Any]] = []
    for n, (name, args, ident, form) in enumerate(calls):
        text = json.dumps(args)
        cuts = sorted(data.draw(st.sets(st.integers(1, len(text) - 1), max_size=3)))
        pieces = [text[i:j] for i, j in zip([0, *cuts], [*cuts, len(text)])]
        first = f"call_{n}" if ident == "id" else ident
        if form == "empty-head":
            pieces.insert(0, "")
        tcs.append(head(first, name, pieces[0]))
        tcs += [again(name, p) if form == "every" else more(p) for p in pieces[1:]]
    without = accumulate([chunk(tc) for tc in tcs] + [chunk(finish="tool_calls")])
    with_index = accumulate([chunk({"index": 0, **tc}) for tc in tcs] + [chunk(finish="tool_calls")])
    assert triples(without) == triples(with_index)
