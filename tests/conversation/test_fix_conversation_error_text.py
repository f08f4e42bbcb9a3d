"""``fix_conversation(error=)`` is the text of the error result that answers a call
without one: a non-empty string, checked before the input is read (as ``registry=`` is),
and the result is built through ``ToolResult``'s checks.

Before, ``error=5`` built ``ToolResult(content=5)`` around the constructor's check (which
refuses it), and ``encode_conversation`` of the fixed history then raised a bare
``TypeError: 'int' object is not iterable``; ``error=""`` answered the call with an empty
result, which Anthropic and Bedrock refuse (a blank text block).
"""

from __future__ import annotations

from typing import Any

import pytest

import toolwire
from toolwire import DecodeError, ToolResult

# https://platform.openai.com/docs/api-reference/chat/create (an assistant message with tool_calls)
HISTORY = {"messages": [
    {"role": "user", "content": "weather?"},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]},
]}


@pytest.mark.parametrize(("error", "shown"), [
    (5, "an int 5"), ("", "a str ''"), (None, "a NoneType None"), (b"failed", "a bytes b'failed'"),
    (["failed"], "a list ['failed']"),
])
def test_error_must_be_text(error: Any, shown: str) -> None:
    with pytest.raises(DecodeError) as err:
        toolwire.fix_conversation(HISTORY, error=error)
    assert err.value.message == f"error= must be a non-empty string, got {shown}"
    with pytest.raises(DecodeError) as err:  # before the input is read: an unreadable one too
        toolwire.fix_conversation({"messages": 5}, error=error)
    assert err.value.message == f"error= must be a non-empty string, got {shown}"


def test_the_result_is_built_through_its_checks() -> None:
    with pytest.raises(DecodeError) as err:
        toolwire.fix_conversation(HISTORY, error="bad \ud800")
    assert err.value.message.startswith("ToolResult content at $.content holds a lone UTF-16 surrogate")


def test_the_error_text_answers_the_call() -> None:
    conv, changes = toolwire.fix_conversation(HISTORY, error="not run")
    assert conv.messages[-1].parts == (ToolResult("call_1", "get_weather", "not run", True),)
    assert [c.kind for c in changes] == ["answered"]
    wire = toolwire.encode_conversation(conv, "openai.chat")
    assert wire["messages"][-1] == {"role": "tool", "tool_call_id": "call_1", "content": "not run"}
