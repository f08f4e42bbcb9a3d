"""A custom tool call cut off by the token limit (an ``InvalidToolCall`` kept with
``invalid="keep"``) written to the other OpenAI dialect keeps its kind.

Chat Completions carries custom tool calls as ``{"id", "type": "custom", "custom":
{"name", "input"}}`` with free text in ``input`` (openai-python
``ChatCompletionMessageCustomToolCall``); Responses as ``custom_tool_call`` items with
``input`` (``ResponseCustomToolCall``). A cut Responses ``custom_tool_call`` went to Chat
as a function call whose ``arguments`` were the free text (no JSON), and a cut Chat
custom call to Responses as a ``function_call`` likewise.
"""

from __future__ import annotations

from toolwire import convert, decode_all
from toolwire.conversation import Conversation, Message, encode_conversation

_CUT = {"type": "custom_tool_call", "call_id": "call_1", "name": "code_exec", "input": "print('hi",
        "status": "incomplete"}


def _cut_responses() -> list:  # type: ignore[type-arg]
    return decode_all({"output": [_CUT], "status": "incomplete", "incomplete_details": {"reason": "max_output_tokens"}},
                      "openai.responses", invalid="keep")


def test_a_cut_responses_custom_call_goes_to_chat_as_a_custom_call() -> None:
    calls = _cut_responses()
    assert type(calls[0]).__name__ == "InvalidToolCall"
    expected = {"id": "call_1", "type": "custom", "custom": {"name": "code_exec", "input": "print('hi"}}
    assert convert(calls, to="openai.chat") == [expected]
    out = encode_conversation(Conversation([Message("assistant", calls)]), "openai.chat")
    assert out["messages"][-1]["tool_calls"] == [expected]


def test_a_cut_chat_custom_call_goes_to_responses_as_a_custom_call() -> None:
    chat = {"choices": [{"finish_reason": "length", "message": {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "custom", "custom": {"name": "code_exec", "input": "print('hi"}}]}}]}
    calls = decode_all(chat, "openai.chat", invalid="keep")
    assert type(calls[0]).__name__ == "InvalidToolCall"
    assert convert(calls, to="openai.responses") == [
        {"type": "custom_tool_call", "call_id": "call_1", "name": "code_exec", "input": "print('hi"}]
