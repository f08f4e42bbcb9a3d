"""Ollama tool results without ``tool_name`` (and without ``tool_call_id``).

Ollama's ``api.Message`` has ``ToolName string `json:"tool_name,omitempty"``` and
``ToolCallID ... omitempty`` (ollama/ollama ``api/types.go``); docs/api.md lists
``tool_name`` as optional, and ollama-python's ``Message.tool_name`` is
``Optional[str]``. A ``{"role": "tool", "content"}`` message is what older clients and
the ollama-python tool examples sent. So the writer keeps writing a result with neither
field, and the reader, with ``ollama`` named, reads that message back as a result
(fuzzkit FK-1: it refused its own output as "an item without tool calls").
"""

from __future__ import annotations

import pytest

import toolwire
from toolwire import ToolResult

# the wire shapes, by hand from docs/api.md's tool message (``tool_name`` left out)
BARE = {"role": "tool", "content": "22 C"}


def test_a_result_without_id_and_name_is_written_without_either_field() -> None:
    assert toolwire.encode_result(ToolResult(None, None, "22 C"), "ollama") == BARE


def test_a_tool_message_without_tool_name_reads_back_as_a_result() -> None:
    assert toolwire.decode_result(BARE, "ollama") == ToolResult(None, None, "22 C")


@pytest.mark.parametrize("result", [
    ToolResult(None, None, "22 C"),
    ToolResult(None, None, ""),
    ToolResult(None, None, [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]),
])
def test_writer_and_reader_agree(result: ToolResult) -> None:
    wire = toolwire.encode_result(result, "ollama")
    back = toolwire.decode_result(wire, "ollama")
    assert (back.id, back.name) == (None, None)
    assert toolwire.encode_result(back, "ollama") == wire


def test_tool_call_id_alone_still_reads() -> None:
    item = {"role": "tool", "content": "x", "tool_call_id": "call_ab12cd34"}
    assert toolwire.decode_result(item, "ollama") == ToolResult("call_ab12cd34", None, "x")


def test_a_tool_message_with_calls_is_no_result() -> None:
    # a ``tool_calls`` list makes it a message that holds calls, as before
    item = {"role": "tool", "content": "", "tool_calls": [{"function": {"name": "f", "arguments": {}}}]}
    with pytest.raises(toolwire.DecodeError, match=r"not a tool result"):
        toolwire.decode_result(item, "ollama")


def test_detection_is_unchanged() -> None:
    # without a dialect named, Chat's own tool message and a bare one are not claimed as Ollama's
    assert toolwire.detect({"role": "tool", "content": "x", "tool_call_id": "call_1"}) == "openai.chat"
    with pytest.raises(toolwire.DecodeError):
        toolwire.decode_result(BARE)
