"""A Chat call without ``index`` but with an id (Ollama ``/v1``, Gemini's OpenAI-compatible endpoint:
``chat_stream`` reads such a delta with its own id and name as a call of its own) whose arguments come
in pieces, sent again after its finish chunk (``{}`` with ``finish_reason``): that call re-sent piece by
piece, as at an index (``_twins.judge_twin``): never run twice (review revChat9: it ran twice)."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from chat_chunks import END, chunk, fed, tool_chunk
from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import accumulate

HEAD = tool_chunk({"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a"'}})
REST = tool_chunk({"function": {"arguments": ":1}"}})


def calls(chunks: List[Any]) -> List[Any]:
    out = fed(chunks)
    assert out == accumulate(chunks)
    return out


@pytest.mark.parametrize("chunks", [
    [HEAD, REST, END, HEAD, REST, END],  # revChat9's reproducer: f(a=1) ran twice
    [HEAD, REST, END, HEAD, REST],
    [HEAD, REST, chunk({"role": "assistant", "content": ""}, "tool_calls"), HEAD, REST, END],
])
def test_an_index_less_call_re_sent_in_pieces_after_its_finish_never_runs_twice(chunks: List[Any]) -> None:
    out = calls(chunks)
    assert out and not [c for c in out if type(c) is ToolCall], out
    assert all(type(c) is InvalidToolCall for c in out)


def _head(args: str, ident: str = "call_1", name: str = "f") -> Dict[str, Any]:
    return tool_chunk({"id": ident, "type": "function", "function": {"name": name, "arguments": args}})


@pytest.mark.parametrize("chunks", [
    [HEAD, REST, END, _head('{"a"'), tool_chunk({"function": {"arguments": ":2}"}}), END],  # other arguments
    [HEAD, REST, END, _head('{"a"', "call_2"), REST, END],  # another id
    [HEAD, REST, END, _head('{"a"', name="g"), REST, END],  # another tool under the id
    [HEAD, REST, _head('{"a"', "call_2"), REST, END],  # two calls, one completion
])
def test_other_calls_after_it_still_run(chunks: List[Any]) -> None:
    out = calls(chunks)
    assert len(out) == 2 and all(type(c) is ToolCall for c in out), out
