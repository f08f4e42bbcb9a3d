"""A ``role: "function"`` message in a Mistral history is written as the tool message, noted.

Mistral's messages are system, user, assistant and tool ones (mistral-common
``protocol/instruct/messages.py``: "Each message can be a user message, an assistant message, a
tool message or a system message"; mistralai ``ToolMessage``: ``{"role": "tool", "tool_call_id",
"name", "content"}``): OpenAI's legacy ``role: "function"`` answer is none of them. Read from a
Mistral-shaped history as the id-less result answering the call before it, it was written back as
it came (whole) or as a tool message with no note (with a message appended); it is written as the
tool message answering its call, noted ``rewritten``, and ``check_conversation`` flags it, as for
``openai.chat`` (review of session 45's replays: P4).
"""

from __future__ import annotations

import copy
from typing import Any, List

from toolwire.conversation import Message, Text, check_conversation, decode_conversation, encode_conversation

HISTORY = {"messages": [
    {"role": "user", "content": "weather?"},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "D681PevKs", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\": \"Paris\"}"}}]},
    {"role": "function", "name": "get_weather", "content": "22C"},
]}
TOOL = {"role": "tool", "tool_call_id": "D681PevKs", "name": "get_weather", "content": "22C"}


def _kinds(items: List[Any]) -> List[Any]:
    return [(p.kind, p.index) for p in items]


def test_a_mistral_function_answer_written_back_is_the_tool_message_noted() -> None:
    conv = decode_conversation(copy.deepcopy(HISTORY), "mistral")
    for c in (conv, conv.append(Message("user", (Text("and tomorrow?"),)))):
        report: List[Any] = []
        out = encode_conversation(c, "mistral", report=report)["messages"]
        assert out[2] == TOOL
        assert ("rewritten", 2) in _kinds(report)
        assert ("refused-message", 2) in _kinds(check_conversation(c, "mistral"))


def test_a_mistral_tool_answer_is_written_back_as_it_came() -> None:
    h = copy.deepcopy(HISTORY)
    h["messages"][2] = dict(TOOL)
    conv = decode_conversation(h, "mistral")
    report: List[Any] = []
    assert encode_conversation(conv, "mistral", report=report)["messages"] == h["messages"]
    assert report == [] and check_conversation(conv, "mistral") == []
