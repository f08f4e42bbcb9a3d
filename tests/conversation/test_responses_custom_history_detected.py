"""A bare Responses input list whose calls are custom tool calls is a Responses history.

A custom tool's call and its output are Responses input items of their own types
(openai-python ``ResponseCustomToolCallParam``: ``type: "custom_tool_call"``,
``call_id``, ``name``, ``input``; ``ResponseCustomToolCallOutputParam``:
``type: "custom_tool_call_output"``, ``call_id``, ``output``; wire-formats §2a, §2d).
With string message contents beside them, nothing else in the list says Responses:
``detect`` knew ``function_call`` and ``function_call_output`` but not these, so the
list fell to ``openai.chat``, which refused it ("Message at $[1] has role None").
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import ToolCall, ToolResult
from toolwire.conversation import Text, decode_conversation, encode_conversation

R = "openai.responses"

HISTORY: List[Dict[str, Any]] = [
    {"role": "user", "content": "List the files."},
    {"type": "custom_tool_call", "call_id": "call_unLAR8MvFNptuiZK6K6HCy5k", "name": "shell", "input": "ls -la"},
    {"type": "custom_tool_call_output", "call_id": "call_unLAR8MvFNptuiZK6K6HCy5k", "output": "a.txt b.txt"},
    {"role": "assistant", "content": "Two files."},
]


def test_the_sdk_takes_the_items() -> None:
    pydantic = pytest.importorskip("pydantic")
    params = pytest.importorskip("openai.types.responses.response_input_item_param")
    adapter = pydantic.TypeAdapter(List[params.ResponseInputItemParam])
    assert adapter.validate_python(HISTORY) == HISTORY


def test_it_is_detected_as_a_responses_history() -> None:
    conv = decode_conversation(HISTORY)
    assert conv == decode_conversation(HISTORY, R)
    (user,), (call,), (result,), (text,) = (m.parts for m in conv.messages)
    assert [m.role for m in conv.messages] == ["user", "assistant", "tool", "assistant"]
    assert user == Text("List the files.") and text == Text("Two files.")
    assert type(call) is ToolCall and (call.name, call.args, call.id) == (
        "shell", {"input": "ls -la"}, "call_unLAR8MvFNptuiZK6K6HCy5k")
    assert type(result) is ToolResult and (result.id, result.content) == ("call_unLAR8MvFNptuiZK6K6HCy5k", "a.txt b.txt")


def test_it_is_written_back_as_it_came() -> None:
    assert encode_conversation(decode_conversation(HISTORY), R) == {"input": HISTORY}


def test_one_item_of_each_is_enough() -> None:
    for item in HISTORY[1:3]:
        assert decode_conversation([HISTORY[0], item]) == decode_conversation([HISTORY[0], item], R)
    assert toolwire.decode_all(HISTORY[1:2]) == toolwire.decode_all(HISTORY[1:2], R)
