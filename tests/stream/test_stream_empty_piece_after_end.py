"""An empty piece (no id, no name, no argument text) where no call is open adds nothing.

Chat: a delta ``{"index": 0, "function": {"arguments": ""}}`` after the finish chunk
(openai-python's ``ChoiceDeltaToolCall``, whose ``ChatCompletionStreamState`` gives
one call for such a stream). Bedrock ConverseStream: a ``contentBlockDelta`` whose
``toolUse.input`` is ``""`` after the block's ``contentBlockStop`` (the AWS
ConverseStream reference's event shapes), as the Anthropic reader already treats an
empty ``input_json_delta`` after ``content_block_stop``. Neither is a nameless call.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import accumulate


def chat(delta: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


HEAD = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": ""}}
CHAT = [chat({"role": "assistant", "content": None}), chat({"tool_calls": [HEAD]}),
        chat({"tool_calls": [{"index": 0, "function": {"arguments": '{"a": 1}'}}]}), chat({}, "tool_calls")]


def one(calls: List[Any]) -> None:
    assert len(calls) == 1 and isinstance(calls[0], ToolCall)
    assert (calls[0].name, calls[0].args, calls[0].id) == ("f", {"a": 1}, "call_1")


@pytest.mark.parametrize("piece", [
    {"index": 0, "function": {"arguments": ""}},
    {"index": 0, "id": "", "type": "function", "function": {"name": "", "arguments": ""}},
    {"index": 0, "id": None, "type": None, "function": {"name": None, "arguments": None}},
    {"index": 0},
    {"function": {"arguments": ""}},  # no index: the latest call, ended
    {"index": 1, "function": {"arguments": ""}},  # an index where no call ever was
])
def test_an_empty_chat_piece_after_the_finish_adds_nothing(piece: Dict[str, Any]) -> None:
    one(accumulate(CHAT + [chat({"tool_calls": [piece]})]))
    one(accumulate(CHAT + [chat({"tool_calls": [piece]}), chat({}, "tool_calls")]))


def test_an_empty_chat_piece_before_the_head_adds_nothing() -> None:
    one(accumulate([chat({"tool_calls": [{"index": 0, "function": {"arguments": ""}}]})] + CHAT[1:]))


def test_a_chat_piece_with_something_in_it_after_the_finish_is_still_a_call() -> None:
    """Text, or another key beside the call's (arguments under another name), is never empty."""
    for piece in ({"index": 0, "function": {"arguments": '{"b": 2}'}},
                  {"index": 0, "function": {"args": '{"b": 2}'}}):
        calls = accumulate(CHAT + [chat({"tool_calls": [piece]})])
        assert len(calls) == 2 and isinstance(calls[1], InvalidToolCall)


BEDROCK = [{"messageStart": {"role": "assistant"}},
           {"contentBlockStart": {"contentBlockIndex": 0, "start": {"toolUse": {"toolUseId": "t1", "name": "f"}}}},
           {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"toolUse": {"input": '{"a": 1}'}}}},
           {"contentBlockStop": {"contentBlockIndex": 0}}]


@pytest.mark.parametrize("index", [0, 1])
def test_an_empty_bedrock_input_after_the_block_stop_adds_nothing(index: int) -> None:
    empty = {"contentBlockDelta": {"contentBlockIndex": index, "delta": {"toolUse": {"input": ""}}}}
    calls = accumulate(BEDROCK + [empty, {"messageStop": {"stopReason": "tool_use"}}])
    assert [(c.name, c.args, c.id) for c in calls if isinstance(c, ToolCall)] == [("f", {"a": 1}, "t1")]
    assert len(calls) == 1


def test_a_bedrock_call_without_arguments_is_still_read() -> None:
    """``""`` for no arguments (the reader's docstring): the call started gives ``{}``."""
    chunks = BEDROCK[:2] + [{"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"toolUse": {"input": ""}}}},
                            BEDROCK[3], {"messageStop": {"stopReason": "tool_use"}}]
    calls = accumulate(chunks)
    assert len(calls) == 1 and isinstance(calls[0], ToolCall) and calls[0].args == {}
