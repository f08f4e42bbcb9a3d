"""A reply holding a tool call toolwire cannot read (no name, ``name: null``, a
``tool_calls`` that is no list, a finish reason saying a tool was called with no call
there) is a ``tool_calls`` outcome, never ``ok`` with the text beside it as the answer:
the call would be lost ("a reply with calls never reads as one without",
docs/structured-output.md). Wire shapes: OpenAI Chat ``message.tool_calls[]``
(https://platform.openai.com/docs/api-reference/chat/object), Anthropic ``tool_use``
blocks (https://docs.anthropic.com/en/api/messages#response-content), Gemini
``functionCall`` parts (https://ai.google.dev/api/caching#FunctionCall)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import retry

S = {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
ANSWER = '{"name": "A"}'
CHAT_TOOLS = [{"type": "function", "function": {"name": "lookup", "parameters": {"type": "object", "properties": {}}}}]


def _chat(calls: Any, finish: str = "tool_calls") -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion", "model": "gpt-4o",
            "choices": [{"index": 0, "finish_reason": finish,
                         "message": {"role": "assistant", "content": ANSWER, "tool_calls": calls}}]}


@pytest.mark.parametrize("calls", [
    [{"id": "call_1", "type": "function", "function": {"arguments": '{"q": 1}'}}],
    [{"id": "call_1", "type": "function", "function": {"name": None, "arguments": "{}"}}],
    {"id": "call_1"},
    [],
], ids=["no-name", "name-null", "not-a-list", "finish-without-call"])
@pytest.mark.parametrize("mode", ["native", "prompt"])
def test_chat_unreadable_call_is_not_an_answer(calls: Any, mode: str) -> None:
    p = retry.prepare({"model": "gpt-4o", "messages": [], "tools": CHAT_TOOLS}, S, "openai.chat", mode=mode)
    out = retry.classify(_chat(calls), p.state)
    assert out.kind == "tool_calls"
    assert out.value is None
    assert out.detail == "a call that cannot be read"
    step = retry.plan(p.request, out, p.state)
    assert (step.action, step.request) == ("stop", None)


def test_a_named_call_beside_an_unreadable_one_is_named_first() -> None:
    p = retry.prepare({"model": "gpt-4o", "messages": [], "tools": CHAT_TOOLS}, S, "openai.chat", mode="native")
    calls = [{"id": "call_1", "type": "function", "function": {"arguments": "{}"}},
             {"id": "call_2", "type": "function", "function": {"name": "lookup", "arguments": "{}"}}]
    out = retry.classify(_chat(calls), p.state)
    assert (out.kind, out.detail) == ("tool_calls", "lookup, a call that cannot be read")


@pytest.mark.parametrize("target", ["anthropic.messages", "anthropic.tool"])
def test_anthropic_nameless_tool_use_is_not_an_answer(target: str) -> None:
    ask = {"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": [],
           "tools": [{"name": "lookup", "input_schema": {"type": "object"}}]}
    p = retry.prepare(ask, S, target, mode="native")
    msg = {"type": "message", "role": "assistant", "stop_reason": "tool_use",
           "content": [{"type": "text", "text": ANSWER}, {"type": "tool_use", "id": "toolu_1", "input": {"q": 1}}]}
    out = retry.classify(msg, p.state)
    assert (out.kind, out.detail) == ("tool_calls", "a call that cannot be read")
    assert retry.plan(p.request, out, p.state).action == "stop"


def test_anthropic_tool_use_stop_without_a_block_is_not_an_answer() -> None:
    ask = {"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": [],
           "tools": [{"name": "lookup", "input_schema": {"type": "object"}}]}
    p = retry.prepare(ask, S, "anthropic.messages", mode="native")
    msg = {"type": "message", "role": "assistant", "stop_reason": "tool_use",
           "content": [{"type": "text", "text": ANSWER}]}
    assert retry.classify(msg, p.state).kind == "tool_calls"


def test_gemini_nameless_function_call_is_not_an_answer() -> None:
    ask = {"model": "gemini-2.5-flash", "contents": "hi",
           "config": {"tools": [{"function_declarations": [{"name": "lookup"}]}]}}
    p = retry.prepare(ask, S, "gemini", mode="native")
    reply = {"candidates": [{"index": 0, "finishReason": "STOP", "content": {
        "role": "model", "parts": [{"text": ANSWER}, {"functionCall": {"args": {"q": 1}}}]}}]}
    out = retry.classify(reply, p.state)
    assert (out.kind, out.detail) == ("tool_calls", "a call that cannot be read")
