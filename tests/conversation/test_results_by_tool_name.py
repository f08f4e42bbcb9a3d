"""An Ollama tool message addressed by ``tool_name`` alone answers the call of that
tool in its turn even when the call has an id (Ollama's server gives calls ids
``call_`` + 8 characters since "Add Tool Call ID (#12956)", while its docs, and the
clients that follow them, write tool messages as ``{"role": "tool", "tool_name",
"content"}``: https://github.com/ollama/ollama/blob/main/docs/api.md, "Chat request
(with tools)"; ``tool_call_id`` is optional, ``api/types.go`` ``Message.ToolCallID``).
"""

from __future__ import annotations

from typing import Any, Dict, List

import toolwire

CALL = {"id": "call_k3x9a0ze", "function": {"index": 0, "name": "get_weather", "arguments": {"city": "Tokyo"}}}
HISTORY: Dict[str, Any] = {"model": "qwen3", "messages": [
    {"role": "user", "content": "What is the weather in Tokyo?"},
    {"role": "assistant", "content": "", "tool_calls": [CALL]},
    {"role": "tool", "tool_name": "get_weather", "content": "22°C, sunny"},
]}


def test_the_result_by_tool_name_answers_the_call_with_an_id() -> None:
    conv = toolwire.decode_conversation(HISTORY, "ollama")
    assert toolwire.check_conversation(conv, "ollama") == []
    assert toolwire.check_conversation(conv, "anthropic.messages") == []
    assert toolwire.encode_conversation(conv, "ollama") == {"messages": HISTORY["messages"]}  # as it came


def test_written_for_a_provider_that_pairs_by_id_it_takes_the_call_s_id() -> None:
    conv = toolwire.decode_conversation(HISTORY, "ollama")
    out = toolwire.encode_conversation(conv, "anthropic.messages")
    assert out["messages"][1:] == [
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": "call_k3x9a0ze", "name": "get_weather", "input": {"city": "Tokyo"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "call_k3x9a0ze", "content": "22°C, sunny"}]},
    ]
    chat = toolwire.encode_conversation(conv, "openai.chat")["messages"]
    assert chat[2] == {"role": "tool", "tool_call_id": "call_k3x9a0ze", "content": "22°C, sunny"}


def test_two_calls_of_one_tool_are_answered_in_order() -> None:
    calls = [{"id": f"call_{c}0000000", "function": {"index": k, "name": "get_weather", "arguments": {"city": city}}}
             for k, (c, city) in enumerate([("a", "Tokyo"), ("b", "Paris")])]
    msgs: List[Dict[str, Any]] = [
        {"role": "user", "content": "Tokyo and Paris?"},
        {"role": "assistant", "content": "", "tool_calls": calls},
        {"role": "tool", "tool_name": "get_weather", "content": "22°C"},
        {"role": "tool", "tool_name": "get_weather", "content": "18°C"},
    ]
    conv = toolwire.decode_conversation({"model": "qwen3", "messages": msgs}, "ollama")
    assert toolwire.check_conversation(conv, "openai.chat") == []
    out = toolwire.encode_conversation(conv, "openai.chat")["messages"]
    assert [(m["tool_call_id"], m["content"]) for m in out[2:]] == [("call_a0000000", "22°C"), ("call_b0000000", "18°C")]


def test_a_result_by_name_answers_no_call_of_an_earlier_turn_nor_of_another_tool() -> None:
    msgs: List[Dict[str, Any]] = [
        {"role": "user", "content": "Weather?"},
        {"role": "assistant", "content": "", "tool_calls": [CALL]},
        {"role": "tool", "tool_name": "get_time", "content": "noon"},
    ]
    kinds = [p.kind for p in toolwire.check_conversation({"model": "q", "messages": msgs}, "ollama")]
    assert kinds == ["missing-result", "orphan-result"]
    msgs[2:] = [{"role": "tool", "tool_call_id": "call_k3x9a0ze", "content": "1"},
                {"role": "assistant", "content": "", "tool_calls": [dict(CALL, id="call_z0000000")]},
                {"role": "tool", "tool_call_id": "call_z0000000", "content": "2"},
                {"role": "tool", "tool_name": "get_weather", "content": "3"}]
    kinds = [p.kind for p in toolwire.check_conversation({"model": "q", "messages": msgs}, "ollama")]
    assert kinds == ["orphan-result"]


def test_writer_and_check_pair_a_turn_of_calls_with_and_without_ids_alike() -> None:
    """A turn holding an id-less call and a call with an id of one tool (built by hand):
    the first id-less result answers the id-less call (as Gemini pairs), the second the
    call with the id, in ``check_conversation`` and in what ``encode_conversation`` writes."""
    from toolwire import Conversation, Message, ToolCall, ToolResult
    from toolwire.conversation import Text

    conv = Conversation([
        Message("user", [Text("Tokyo and Paris?")]),
        Message("assistant", [ToolCall("get_weather", {"city": "Tokyo"}),
                              ToolCall("get_weather", {"city": "Paris"}, "call_p0000000")]),
        Message("tool", [ToolResult(name="get_weather", content="22°C"), ToolResult(name="get_weather", content="18°C")]),
    ])
    assert toolwire.check_conversation(conv, "anthropic.messages") == []
    out = toolwire.encode_conversation(conv, "anthropic.messages")["messages"]
    uses = [b["id"] for b in out[1]["content"]]
    assert uses[1] == "call_p0000000"
    assert [(b["tool_use_id"], b["content"]) for b in out[2]["content"]] == [(uses[0], "22°C"), (uses[1], "18°C")]
