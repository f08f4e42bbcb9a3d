"""The agent loop of docs/conversations.md and the README: one history, three providers,
each turn written with one call and read back from the provider's own reply object."""

from __future__ import annotations

from typing import Any, List

import toolwire
from history_types import check_fragment
from toolwire.conversation import check_conversation


def _run(call: toolwire.ToolCall) -> str:
    return {"get_weather": "18 C", "get_time": "14:05"}[call.name]


def test_an_agent_loop_switches_providers_with_one_call_per_turn() -> None:
    from anthropic.types import Message as AnthropicMessage
    from google.genai import types
    from openai.types.chat import ChatCompletionMessage

    history = toolwire.decode_conversation({"messages": [
        {"role": "system", "content": "You are a travel assistant."},
        {"role": "user", "content": "Weather and time in Paris?"},
    ]})
    report: List[Any] = []
    replies = [
        ("openai.chat", ChatCompletionMessage.model_validate({"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_w1", "type": "function",
             "function": {"name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}}]})),
        ("anthropic.messages", AnthropicMessage.model_validate({
            "id": "msg_01", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "content": [{"type": "thinking", "thinking": "Now the time.", "signature": "EqQBCgIYAh"},
                        {"type": "tool_use", "id": "toolu_01T", "name": "get_time", "input": {"city": "Paris"}}],
            "stop_reason": "tool_use", "stop_sequence": None, "usage": {"input_tokens": 9, "output_tokens": 9}})),
        ("gemini", types.Content(role="model", parts=[types.Part(text="It is 18 C and 14:05 in Paris.")])),
    ]
    for dialect, reply in replies:
        fragment = toolwire.encode_conversation(history, dialect, report=report)
        check_fragment(dialect, fragment)  # what the provider's SDK accepts as the request's history
        assert check_conversation(fragment) == []
        history = history.append(*toolwire.decode_conversation([reply], dialect).messages)
        calls = history.messages[-1].calls
        if calls:
            history = history.append(toolwire.Message("tool", [toolwire.ToolResult(c.id, c.name, _run(c))
                                                               for c in calls]))
    assert [m.role for m in history.messages] == ["system", "user", "assistant", "tool", "assistant", "tool",
                                                  "assistant"]
    assert [(c.name, c.id) for c in history.calls] == [("get_weather", "call_w1"), ("get_time", "toolu_01T")]
    assert history.messages[-1].text == "It is 18 C and 14:05 in Paris."
    # the Anthropic thinking did not go to Gemini, and that was said
    assert [(p.kind, p.index) for p in report] == [("reasoning-dropped", 4)]
    final = toolwire.encode_conversation(history, "openai.chat", report=report)
    assert [(p.kind, p.index) for p in report] == [("reasoning-dropped", 4)] * 2
    check_fragment("openai.chat", final)
    assert final["messages"][4] == {"role": "assistant", "content": None, "tool_calls": [
        {"id": "toolu_01T", "type": "function", "function": {"name": "get_time", "arguments": "{\"city\":\"Paris\"}"}}]}
