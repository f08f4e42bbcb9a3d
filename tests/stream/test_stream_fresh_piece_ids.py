"""Chat continuation pieces that carry an id of their own, and no name (docs/streaming.md,
rule 1).

GLM-4's own OpenAI-compatible server (zai-org/GLM-4 ``basic_demo/openai_api_server.py``,
zai-org/GLM-4#194) gives every continuation piece of a streamed call a fresh random id,
``"name": None``, at the call's index. A piece without a name can never be a call of its
own (it would only be a nameless ``InvalidToolCall``): it goes on with the call open at its
index, as openai-python's ``ChatCompletionStreamState`` (by ``index``) and every SDK
accumulator read it. toolwire ran ``get_current_weather({})`` (its head carried
``"arguments": ""``) beside six nameless ``InvalidToolCall``s.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

import pytest

from chat_chunks import chunk as ch
from chat_chunks import fed as _fed
from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import accumulate

_PIECES = ['{"', "location", '":', ' "', "San Francisco", '"}']


def _glm(head_args: str, pieces: List[str], at: Dict[str, Any], finish_each: Optional[str] = None) -> List[Any]:
    chunks = [ch({"role": "assistant", "tool_calls": [{**at, "id": "call_DfU2", "type": "function",
                                                       "function": {"name": "get_current_weather",
                                                                    "arguments": head_args}}]}, finish_each)]
    for i, p in enumerate(pieces):
        chunks.append(ch({"tool_calls": [{**at, "id": f"call_R{i}", "type": "function",
                                          "function": {"name": None, "arguments": p}}]}, finish_each))
    chunks.append(ch({}, "tool_calls"))
    return chunks


@pytest.mark.parametrize("finish_each", [None, "tool_calls"], ids=["finish-once", "finish-every-chunk"])
@pytest.mark.parametrize("at", [{"index": 0}, {}], ids=["index-0", "no-index"])
@pytest.mark.parametrize("head_args", ["", '{"'], ids=["empty-head", "text-on-the-head"])
def test_nameless_pieces_with_fresh_ids_go_on_with_the_open_call(head_args: str, at: Dict[str, Any],
                                                                  finish_each: Optional[str]) -> None:
    pieces = _PIECES[1:] if head_args else _PIECES
    chunks = _glm(head_args, pieces, at, finish_each)
    expected = [ToolCall("get_current_weather", {"location": "San Francisco"}, "call_DfU2")]
    assert accumulate(chunks) == expected
    assert accumulate(iter(chunks), "openai.chat") == expected
    assert _fed(chunks) == expected


def test_a_nameless_fresh_id_piece_after_a_whole_call_is_a_call_of_its_own() -> None:
    """Only before the open call's value is whole: after it, a new id is a new call (its name
    may come later); never named, it is a nameless ``InvalidToolCall``, the whole call runs."""
    chunks = _glm('{"a":1}', ['{"b":2}'], {"index": 0})
    first, second = accumulate(chunks)
    assert first == ToolCall("get_current_weather", {"a": 1}, "call_DfU2")
    assert type(second) is InvalidToolCall and second.name is None and second.id == "call_R0"


def _split_heads(at: Dict[str, Any], first_args: str, second: List[Dict[str, Any]]) -> List[Any]:
    tcs = [{**at, "id": "call_A", "type": "function", "function": {"name": "get_weather", "arguments": first_args}}]
    tcs += [{**at, **t} for t in second]
    return [ch({"tool_calls": [t]}) for t in tcs] + [ch({}, "tool_calls")]


@pytest.mark.parametrize("at", [{"index": 0}, {}], ids=["index-0", "no-index"])
@pytest.mark.parametrize("first_args", ["{}", '{"city": "Paris"}'], ids=["no-args", "args"])
def test_an_id_before_its_name_after_a_whole_call_starts_the_next_call(at: Dict[str, Any], first_args: str) -> None:
    """A call's head in two pieces, the id (no name) first, the name later (vercel/ai#14722,
    pipecat-ai/pipecat#5023), on a gateway putting every call at index 0 (or none): after a
    whole value the id starts the next call; its arguments before or after its name."""
    expected = [ToolCall("get_weather", json.loads(first_args), "call_A"), ToolCall("get_time", {"tz": "UTC"}, "call_B")]
    args_first = [{"id": "call_B", "type": "function", "function": {"arguments": '{"tz": "UTC"}'}},
                  {"function": {"name": "get_time"}}]
    name_later = [{"id": "call_B", "type": "function", "function": {"arguments": ""}},
                  {"function": {"name": "get_time"}}, {"function": {"arguments": '{"tz": "UTC"}'}}]
    for second in (args_first, name_later):
        chunks = _split_heads(at, first_args, second)
        assert accumulate(chunks) == expected
        assert _fed(chunks) == expected


def test_a_named_piece_with_a_new_id_on_an_occupied_index_is_still_a_new_call() -> None:
    """Gateways sending every call on index 0 name each call: a new id with a name is a new call."""
    chunks = [ch({"tool_calls": [{"index": 0, "id": "a", "type": "function", "function": {"name": "f", "arguments": ""}}]}),
              ch({"tool_calls": [{"index": 0, "id": "r1", "function": {"arguments": '{"x":1}'}}]}),
              ch({"tool_calls": [{"index": 0, "id": "b", "type": "function", "function": {"name": "g", "arguments": ""}}]}),
              ch({"tool_calls": [{"index": 0, "id": "r2", "function": {"arguments": '{"y":2}'}}]}),
              ch({}, "tool_calls")]
    assert accumulate(chunks) == [ToolCall("f", {"x": 1}, "a"), ToolCall("g", {"y": 2}, "b")]
