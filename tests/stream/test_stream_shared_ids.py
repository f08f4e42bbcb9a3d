"""Parallel Chat calls on distinct ``index``es that share one tool-call id stay apart.

Some OpenAI-compatible providers reuse one raw ``tool_call_id`` for several parallel
calls of a streamed reply (DeepSeek, Zhipu/GLM: HKUDS/nanobot#3943, #3932); the calls
come on distinct indexes. The ``index`` of ``delta.tool_calls[]`` says which call a
fragment belongs to (openai-python ``ChoiceDeltaToolCall.index``, required; its own
accumulator, ``ChatCompletionStreamState``, merges list entries by ``index`` alone), and
``decode_all`` of the same assistant message keeps every call. Expected calls below are
what that accumulator gives for the same chunks (name, arguments, order).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

import toolwire
from toolwire import ToolCall
from toolwire.stream import Accumulator, accumulate


def ch(delta: Optional[Dict[str, Any]] = None, finish: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "deepseek-chat",
            "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish}]}


def tc(index: int, ident: Optional[str] = None, name: Optional[str] = None,
       arguments: Optional[str] = None) -> Dict[str, Any]:
    d: Dict[str, Any] = {"index": index}
    if ident is not None:
        d.update(id=ident, type="function")
    fn: Dict[str, Any] = {}
    if name is not None:
        fn["name"] = name
    if arguments is not None:
        fn["arguments"] = arguments
    if fn:
        d["function"] = fn
    return d


def calls(*deltas: Dict[str, Any]) -> List[Dict[str, Any]]:
    return [ch({"tool_calls": [d]}) for d in deltas] + [ch(finish="tool_calls")]


def triples(out: List[Any]) -> List[Any]:
    return [(c.name, c.args, c.id) if isinstance(c, ToolCall) else ("INVALID", c.name, c.error) for c in out]


A = '{"path":"a.rs"}'
B = '{"path":"b.rs"}'
CASES = {
    # a call without arguments after another call with the same id: never lost
    "second-lost": (calls(tc(0, "call_0", "read", A), tc(1, "call_0", "ping", "")),
                    [("read", {"path": "a.rs"}, "call_0"), ("ping", {}, "call_0")]),
    # the second call's arguments never land on the first call's name
    "args-moved": (calls(tc(0, "call_0", "ping", ""), tc(1, "call_0", "read", A)),
                   [("ping", {}, "call_0"), ("read", {"path": "a.rs"}, "call_0")]),
    # two calls of one tool, the id only on each call's first fragment
    "nameless": (calls(tc(0, "call_0", "read", ""), tc(0, arguments=A), tc(1, "call_0", "read", ""),
                       tc(1, arguments=B)),
                 [("read", {"path": "a.rs"}, "call_0"), ("read", {"path": "b.rs"}, "call_0")]),
    # whole calls, one per chunk
    "glued": (calls(tc(0, "call_0", "read", A), tc(1, "call_0", "write", B)),
              [("read", {"path": "a.rs"}, "call_0"), ("write", {"path": "b.rs"}, "call_0")]),
    # three calls, one id (dup_ids.py): add, add, mul
    "three": (calls(tc(0, "call_0", "add", ""), tc(0, arguments='{"a":1}'), tc(1, "call_0", "add", ""),
                    tc(1, arguments='{"a":2}'), tc(2, "call_0", "mul", ""), tc(2, arguments='{"a":3}')),
              [("add", {"a": 1}, "call_0"), ("add", {"a": 2}, "call_0"), ("mul", {"a": 3}, "call_0")]),
    # interleaved fragments of two calls that share the id and carry it on every fragment
    "interleaved": (calls(tc(0, "call_0", "read", ""), tc(1, "call_0", "read", ""), tc(0, "call_0", None, A),
                          tc(1, "call_0", None, B)),
                    [("read", {"path": "a.rs"}, "call_0"), ("read", {"path": "b.rs"}, "call_0")]),
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("dialect", [None, "openai.chat", "mistral"])
def test_calls_on_distinct_indexes_that_share_an_id_stay_apart(case: str, dialect: Optional[str]) -> None:
    chunks, expected = CASES[case]
    assert triples(accumulate(chunks, dialect)) == expected
    acc = Accumulator(dialect)
    for c in chunks:
        acc.feed(c)
    assert triples(acc.close()) == expected


def test_the_stream_agrees_with_decode_all_of_the_same_message() -> None:
    chunks, _ = CASES["args-moved"]
    message = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_0", "type": "function", "function": {"name": "ping", "arguments": ""}},
        {"id": "call_0", "type": "function", "function": {"name": "read", "arguments": A}}]}
    assert accumulate(chunks) == toolwire.decode_all(message, "openai.chat")


def test_deltas_without_index_with_their_own_name_are_separate_calls_even_with_one_id() -> None:
    """docs/streaming.md, ``openai.chat``: deltas without ``index`` carrying their own id and
    name are separate calls; a repeated id with another name is no continuation."""
    chunks = [ch({"tool_calls": [{"id": "a", "type": "function", "function": {"name": "f", "arguments": '{"x":1}'}}]}),
              ch({"tool_calls": [{"id": "a", "type": "function", "function": {"name": "g", "arguments": '{"x":2}'}}]}),
              ch(finish="tool_calls")]
    assert triples(accumulate(chunks)) == [("f", {"x": 1}, "a"), ("g", {"x": 2}, "a")]


def test_one_call_whose_fragments_all_carry_its_id_and_index_is_one_call() -> None:
    """The id on every fragment at the same index (SGLang's ``'0'``, ``'1'``): one call each."""
    chunks = calls(tc(0, "0", "f", ""), tc(0, "0", None, '{"a":'), tc(0, "0", None, "1}"),
                   tc(0, "1", "g", ""), tc(0, "1", None, "{}"))
    assert triples(accumulate(chunks)) == [("f", {"a": 1}, "0"), ("g", {}, "1")]


def test_an_id_on_a_later_fragment_without_index_still_finds_its_call() -> None:
    """Without an index, the id is all a fragment has: it goes to the call with that id."""
    chunks = [ch({"tool_calls": [{"id": "a", "type": "function", "function": {"name": "f", "arguments": ""}}]}),
              ch({"tool_calls": [{"id": "b", "type": "function", "function": {"name": "g", "arguments": ""}}]}),
              ch({"tool_calls": [{"id": "a", "function": {"arguments": '{"x":1}'}}]}),
              ch({"tool_calls": [{"id": "b", "function": {"arguments": '{"x":2}'}}]}),
              ch(finish="tool_calls")]
    assert triples(accumulate(chunks)) == [("f", {"x": 1}, "a"), ("g", {"x": 2}, "b")]
