"""A turn's results are written to Gemini and Ollama in the order of the calls they
answer, not in the order they came (Chat and Anthropic pair by id, so an agent may
append the result that finished first).

Gemini models that give no call ids (2.x, Vertex) pair a turn's function responses with
its calls by position; the function-calling guide sends them together, one
``functionResponse`` part per call, after the model turn
(https://ai.google.dev/gemini-api/docs/function-calling, "Parallel function calling",
checked 2026-12-06); any-llm reorders them into call order for this
(mozilla-ai/any-llm#1318) and token-js/token.js#36 saw Gemini swap results that came out
of order. Ollama pairs tool messages by ``tool_name`` only (docs/dialects/ollama.md), so
two results of one tool answer its calls in the order they are written. A result that
answers no call of the turn keeps its place after the others. The change is noted
(``moved``). Targets that pair by id (Chat, Responses, Anthropic, Bedrock, Mistral,
Cohere) keep the order the results came in.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest
from test_conversation_scaling import _ratio_of

from toolwire import ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Problem,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
)


def _call(cid: str, city: str) -> Dict[str, Any]:
    return {"id": cid, "type": "function", "function": {"name": "get_weather", "arguments": f'{{"city":"{city}"}}'}}


def _chat(*answers: str) -> Dict[str, Any]:
    """Two calls of one tool (call_1 Paris, call_2 Tokyo), answered in the order given."""
    out = {"call_1": "Paris: 12C", "call_2": "Tokyo: 30C"}
    return {"messages": [
        {"role": "user", "content": "weather in Paris and Tokyo"},
        {"role": "assistant", "content": None, "tool_calls": [_call("call_1", "Paris"), _call("call_2", "Tokyo")]},
        *({"role": "tool", "tool_call_id": a, "content": out[a]} for a in answers),
    ]}


def _response(cid: str, text: str) -> Dict[str, Any]:
    return {"functionResponse": {"name": "get_weather", "id": cid, "response": {"output": text}}}


def test_gemini_gets_the_responses_in_call_order() -> None:
    conv = decode_conversation(_chat("call_2", "call_1"), "openai.chat")
    assert check_conversation(conv, "gemini") == []
    report: List[Problem] = []
    out = encode_conversation(conv, "gemini", report=report)
    assert out["contents"][-1] == {"role": "user", "parts": [
        _response("call_1", "Paris: 12C"), _response("call_2", "Tokyo: 30C")]}
    # (and Gemini 3's dummy signature on the first call, which Gemini did not make)
    assert [(p.kind, p.index) for p in report] == [("moved", 2), ("inserted", 1)]


def test_ollama_gets_the_tool_messages_in_call_order() -> None:
    conv = decode_conversation(_chat("call_2", "call_1"), "openai.chat")
    report: List[Problem] = []
    out = encode_conversation(conv, "ollama", report=report)
    assert out["messages"][2:] == [
        {"role": "tool", "tool_name": "get_weather", "content": "Paris: 12C", "tool_call_id": "call_1"},
        {"role": "tool", "tool_name": "get_weather", "content": "Tokyo: 30C", "tool_call_id": "call_2"},
    ]
    assert [(p.kind, p.index) for p in report] == [("moved", 2)]


@pytest.mark.parametrize("target", ["gemini", "ollama"])
def test_results_already_in_call_order_are_written_as_they_came(target: str) -> None:
    report: List[Problem] = []
    encode_conversation(decode_conversation(_chat("call_1", "call_2"), "openai.chat"), target, report=report)
    assert [p.kind for p in report] == (["inserted"] if target == "gemini" else [])  # (Gemini 3's dummy signature)


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "mistral", "bedrock.converse"])
def test_targets_that_pair_by_id_keep_the_order_the_results_came_in(target: str) -> None:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(_chat("call_2", "call_1"), "openai.chat"), target,
                              report=report)
    text = json.dumps(out)
    assert text.index("Tokyo: 30C") < text.index("Paris: 12C")
    assert [p for p in report if p.kind == "moved"] == []


def test_results_of_one_anthropic_message_are_reordered_within_it() -> None:
    history = {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}},
            {"type": "tool_use", "id": "toolu_2", "name": "g", "input": {}},
            {"type": "tool_use", "id": "toolu_3", "name": "f", "input": {}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_3", "content": "F3"},
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": "F1"},
            {"type": "tool_result", "tool_use_id": "toolu_2", "content": "G2"},
            {"type": "text", "text": "and?"}]},
    ]}
    conv = decode_conversation(history, "anthropic.messages")
    out = encode_conversation(conv, "gemini")
    assert out["contents"][-1] == {"role": "user", "parts": [
        {"functionResponse": {"name": "f", "id": "toolu_1", "response": {"output": "F1"}}},
        {"functionResponse": {"name": "g", "id": "toolu_2", "response": {"output": "G2"}}},
        {"functionResponse": {"name": "f", "id": "toolu_3", "response": {"output": "F3"}}},
        {"text": "and?"},
    ]}


def test_a_result_answering_no_call_of_the_turn_keeps_its_place_after_them() -> None:
    # call_0 of the first turn is answered late, in the second turn's results (misplaced)
    msgs = [
        Message("user", [Text("q")]),
        Message("assistant", [ToolCall("f", {}, "call_0")]),
        Message("user", [Text("more")]),
        Message("assistant", [ToolCall("g", {}, "call_a"), ToolCall("g", {}, "call_b")]),
        Message("tool", [ToolResult("call_b", "g", "B")]),
        Message("tool", [ToolResult("call_0", "f", "late")]),
        Message("tool", [ToolResult("call_a", "g", "A")]),
    ]
    parts = encode_conversation(Conversation(msgs), "gemini")["contents"][-1]["parts"]
    assert [p["functionResponse"]["response"]["output"] for p in parts] == ["A", "B", "late"]
    tools = encode_conversation(Conversation(msgs), "ollama")["messages"][-3:]
    assert [m["content"] for m in tools] == ["A", "B", "late"]


def test_id_less_gemini_responses_of_a_gemini_history_are_written_back_as_they_came() -> None:
    # a history decoded from Gemini and written back to it is exact, whatever its order
    contents = [
        {"role": "user", "parts": [{"text": "q"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {}}},
                                    {"functionCall": {"name": "g", "args": {}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "g", "response": {"output": "G"}}},
                                   {"functionResponse": {"name": "f", "response": {"output": "F"}}}]},
    ]
    report: List[Problem] = []
    assert encode_conversation(decode_conversation({"contents": contents}, "gemini"), "gemini",
                               report=report) == {"contents": contents}
    assert report == []


def _reversed(n: int) -> Conversation:
    """n turns of two calls, each answered second call first."""
    msgs = [Message("user", [Text("go")])]
    for t in range(n):
        msgs.append(Message("assistant", [ToolCall("f", {}, f"a{t}"), ToolCall("f", {}, f"b{t}")]))
        msgs += [Message("tool", [ToolResult(f"b{t}", content="B")]), Message("tool", [ToolResult(f"a{t}", content="A")])]
        msgs.append(Message("user", [Text("next")]))
    return Conversation(msgs)


def _one_turn(n: int) -> Conversation:
    """One turn of n calls answered last first."""
    calls = [ToolCall("f", {}, f"c{i}") for i in range(n)]
    results = [Message("tool", [ToolResult(f"c{i}", content=str(i))]) for i in reversed(range(n))]
    return Conversation([Message("user", [Text("go")]), Message("assistant", calls), *results])


@pytest.mark.parametrize("target", ["gemini", "ollama"])
def test_results_are_put_in_call_order_in_linear_work(target: str) -> None:
    out = encode_conversation(_one_turn(4), target)
    if target == "gemini":
        assert [p["functionResponse"]["response"]["output"] for p in out["contents"][-1]["parts"]] == list("0123")
    else:
        assert [m["content"] for m in out["messages"][2:]] == list("0123")
    assert _ratio_of(_reversed, 50, lambda c: encode_conversation(c, target)) < 5
    assert _ratio_of(_one_turn, 100, lambda c: encode_conversation(c, target)) < 5


@pytest.mark.parametrize("target", ["gemini", "ollama"])
def test_results_on_both_sides_of_a_dropped_assistant_message_are_in_call_order(target: str) -> None:
    # the empty assistant message between them is left out (``dropped``): both results are
    # written as one turn's (one Gemini user content, one Ollama run), so they go in call order
    chat = _chat("call_2")
    chat["messages"] += [{"role": "assistant", "content": ""},
                         {"role": "tool", "tool_call_id": "call_1", "content": "Paris: 12C"}]
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(chat, "openai.chat"), target, report=report)
    if target == "gemini":
        assert out["contents"][-1] == {"role": "user", "parts": [
            _response("call_1", "Paris: 12C"), _response("call_2", "Tokyo: 30C")]}
    else:
        assert out["messages"][2:] == [
            {"role": "tool", "tool_name": "get_weather", "content": "Paris: 12C", "tool_call_id": "call_1"},
            {"role": "tool", "tool_name": "get_weather", "content": "Tokyo: 30C", "tool_call_id": "call_2"},
        ]
    assert sorted(p.kind for p in report) == ["dropped", *(["inserted"] if target == "gemini" else []), "moved"]
