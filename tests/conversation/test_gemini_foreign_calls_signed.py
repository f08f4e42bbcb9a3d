"""Gemini 3 validates the function calls of the current turn: "the first functionCall part
in each step of the current turn must include its thoughtSignature", and answers 400
("Function call is missing a thought_signature in functionCall parts") without one. For
calls Gemini did not make (another model's, or injected), the thought-signatures FAQ
says to set the dummy ``"skip_thought_signature_validator"`` in the thought signature
field (https://ai.google.dev/gemini-api/docs/thought-signatures, checked 2026-12-08).
A history written for Gemini gets it on the first call part of each model content whose
calls carry no signature of Gemini's, noted (``inserted``); Gemini's own steps go as
they came (hunt js2 F1)."""

from __future__ import annotations

import json
from typing import Any, Dict, List

from test_conversation_scaling import _ratio_of

import toolwire
from toolwire import (
    Problem,
    ToolCall,
    ToolResult,
    check_conversation,
    decode_conversation,
    encode_conversation,
    encode_message,
)
from toolwire.conversation import Conversation, Message, Text

SKIP = "skip_thought_signature_validator"

# the reported reproducer (/tmp/h42/js2/repro/f1_gemini3_unsigned_calls.py)
CHAT: Dict[str, Any] = {"messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}}]},
    {"role": "tool", "tool_call_id": "call_1", "content": "sunny"}]}


def _chat_call(ident: str, name: str, args: str) -> Dict[str, Any]:
    return {"id": ident, "type": "function", "function": {"name": name, "arguments": args}}


def test_a_chat_call_gets_the_dummy_signature_noted() -> None:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(CHAT), "gemini", report=report)
    assert out["contents"][1] == {"role": "model", "parts": [
        {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}, "id": "call_1"},
         "thoughtSignature": "skip_thought_signature_validator"}]}
    assert [(p.kind, p.index, p.id) for p in report] == [("inserted", 1, "call_1")]
    assert "skip_thought_signature_validator" in report[0].message and "openai.chat" in report[0].message
    assert check_conversation(CHAT, "gemini") == []


def test_only_the_first_of_parallel_calls_gets_it() -> None:
    body = {"messages": [
        {"role": "user", "content": "Weather in Paris and London?"},
        {"role": "assistant", "content": None, "tool_calls": [
            _chat_call("call_1", "get_weather", "{\"city\":\"Paris\"}"),
            _chat_call("call_2", "get_weather", "{\"city\":\"London\"}")]},
        {"role": "tool", "tool_call_id": "call_1", "content": "sunny"},
        {"role": "tool", "tool_call_id": "call_2", "content": "rain"}]}
    report: List[Problem] = []
    parts = encode_conversation(body, "gemini", report=report)["contents"][1]["parts"]
    assert parts == [
        {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}, "id": "call_1"},
         "thoughtSignature": "skip_thought_signature_validator"},
        {"functionCall": {"name": "get_weather", "args": {"city": "London"}, "id": "call_2"}}]
    assert [(p.kind, p.index, p.id) for p in report] == [("inserted", 1, "call_1")]


def test_each_sequential_step_gets_it_on_its_first_call() -> None:
    body = {"messages": [
        {"role": "user", "content": "Check flight AA100, book a taxi if delayed."},
        {"role": "assistant", "content": None, "tool_calls": [_chat_call("c1", "check_flight", "{\"flight\":\"AA100\"}")]},
        {"role": "tool", "tool_call_id": "c1", "content": "delayed"},
        {"role": "assistant", "content": None, "tool_calls": [_chat_call("c2", "book_taxi", "{\"time\":\"10 AM\"}")]},
        {"role": "tool", "tool_call_id": "c2", "content": "booked"}]}
    report: List[Problem] = []
    contents = encode_conversation(body, "gemini", report=report)["contents"]
    models = [c["parts"] for c in contents if c["role"] == "model"]
    assert [[p.get("thoughtSignature") for p in ps] for ps in models] == [[SKIP], [SKIP]]
    assert [(p.kind, p.index, p.id) for p in report] == [("inserted", 1, "c1"), ("inserted", 3, "c2")]


def test_an_anthropic_history_gets_it_after_the_text_part() -> None:
    body = {"messages": [
        {"role": "user", "content": "Weather in Paris?"},
        {"role": "assistant", "content": [
            {"type": "text", "text": "Checking."},
            {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Paris"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "sunny"}]}]}
    report: List[Problem] = []
    parts = encode_conversation(body, "gemini", report=report)["contents"][1]["parts"]
    assert parts == [{"text": "Checking."},
                     {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}, "id": "toolu_1"},
                      "thoughtSignature": "skip_thought_signature_validator"}]
    assert [(p.kind, p.index) for p in report] == [("inserted", 1)]


# the docs' parallel example: the signature on the first call only (thought-signatures,
# "Parallel function calling"); Gemini's own steps go back byte for byte
NATIVE = {"contents": [
    {"role": "user", "parts": [{"text": "Check the weather in Paris and London."}]},
    {"role": "model", "parts": [
        {"functionCall": {"name": "get_current_temperature", "args": {"location": "Paris"}},
         "thoughtSignature": "<Signature_A>"},
        {"functionCall": {"name": "get_current_temperature", "args": {"location": "London"}}}]},
    {"role": "user", "parts": [
        {"functionResponse": {"name": "get_current_temperature", "response": {"temp": "15C"}}},
        {"functionResponse": {"name": "get_current_temperature", "response": {"temp": "12C"}}}]}]}
# Gemini 2.x without thinking: no signature at all, which that model took
UNSIGNED = {"contents": [
    {"role": "user", "parts": [{"text": "Weather in Paris?"}]},
    {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}]},
    {"role": "user", "parts": [{"functionResponse": {"name": "get_weather", "response": {"output": "sunny"}}}]}]}


def test_gemini_histories_go_back_as_they_came() -> None:
    for body in (NATIVE, UNSIGNED):
        text = json.dumps(body)
        for conv in (decode_conversation(body), decode_conversation(body).messages):
            report: List[Problem] = []
            assert json.dumps(encode_conversation(conv, "gemini", report=report)) == text
            assert report == []


def test_gemini_steps_written_fresh_keep_their_own_signatures() -> None:
    conv = decode_conversation(NATIVE)
    fresh = [toolwire.Message(m.role, m.parts) for m in conv.messages]  # no wire: written anew
    report: List[Problem] = []
    out = encode_conversation(fresh, "gemini", report=report)
    assert out["contents"][1]["parts"][0]["thoughtSignature"] == "<Signature_A>"
    assert "thoughtSignature" not in out["contents"][1]["parts"][1]
    assert report == []


def test_a_signature_from_geminis_openai_endpoint_is_kept() -> None:
    body = {"messages": [
        {"role": "user", "content": "Weather in Paris?"},
        {"role": "assistant", "content": None, "tool_calls": [
            {**_chat_call("function-call-1", "get_weather", "{\"city\":\"Paris\"}"),
             "extra_content": {"google": {"thought_signature": "<Signature A>"}}}]},
        {"role": "tool", "tool_call_id": "function-call-1", "content": "sunny"}]}
    report: List[Problem] = []
    part = encode_conversation(body, "gemini", report=report)["contents"][1]["parts"][0]
    assert part["thoughtSignature"] == "<Signature A>" and report == []


def test_a_model_turn_from_encode_message_gets_it() -> None:
    calls = toolwire.decode_all(CHAT["messages"][1])
    assert encode_message(calls, "gemini") == {"role": "model", "parts": [
        {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}, "id": "call_1"},
         "thoughtSignature": "skip_thought_signature_validator"}]}
    native = toolwire.decode_all(NATIVE["contents"][1])
    assert encode_message(native, "gemini") == NATIVE["contents"][1]


def _steps(n: int) -> Conversation:
    """n sequential steps of one call each."""
    msgs = [Message("user", [Text("go")])]
    for i in range(n):
        msgs += [Message("assistant", [ToolCall("f", {}, f"c{i}")]),
                 Message("tool", [ToolResult(f"c{i}", content="r")])]
    return Conversation(msgs)


def _parallel(n: int) -> Conversation:
    """One step of n parallel calls."""
    return Conversation([Message("user", [Text("go")]),
                         Message("assistant", [ToolCall("f", {}, f"c{i}") for i in range(n)]),
                         Message("tool", [ToolResult(f"c{i}", content="r") for i in range(n)])])


def test_signing_the_steps_is_linear_work() -> None:
    out = encode_conversation(_steps(3), "gemini")["contents"]
    assert [c["parts"][0].get("thoughtSignature") for c in out if c["role"] == "model"] == [SKIP] * 3
    parts = encode_conversation(_parallel(3), "gemini")["contents"][1]["parts"]
    assert [p.get("thoughtSignature") for p in parts] == [SKIP, None, None]
    assert _ratio_of(_steps, 50, lambda c: encode_conversation(c, "gemini", report=[])) < 5
    assert _ratio_of(_parallel, 100, lambda c: encode_conversation(c, "gemini", report=[])) < 5
