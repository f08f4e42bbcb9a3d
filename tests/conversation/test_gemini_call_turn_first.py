"""Gemini refuses a function-call turn that does not come right after a user turn or a
function-response turn: 400 INVALID_ARGUMENT "Please ensure that function call turn
comes immediately after a user turn or after a function response turn."
(google-gemini/gemini-cli#11814: a history that starts with a function call). Written
anew, a user turn goes before it and the report says so (as for Bedrock, whose rule is
broader); a history written back as it came is flagged by ``check_conversation``."""

from __future__ import annotations

from typing import Any, Dict, List

from toolwire import Problem, check_conversation, encode_conversation

CALL_FIRST: List[Dict[str, Any]] = [
    {"role": "system", "content": "s"},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "c1", "content": "r"},
    {"role": "user", "content": "hi"},
]
TEXT_FIRST: List[Dict[str, Any]] = [{"role": "assistant", "content": "Hi! How can I help?"},
                                    {"role": "user", "content": "x"}]


def test_a_user_turn_goes_before_a_first_call_turn() -> None:
    report: List[Problem] = []
    out = encode_conversation(CALL_FIRST, "gemini", source="openai.chat", report=report)
    assert [c["role"] for c in out["contents"]] == ["user", "model", "user", "user"] or \
        [c["role"] for c in out["contents"]] == ["user", "model", "user"]
    assert out["contents"][0] == {"role": "user", "parts": [{"text": "Please continue."}]}
    assert "functionCall" in out["contents"][1]["parts"][0]
    # the user turn, and Gemini 3's dummy thought signature on the call Gemini did not make
    assert sorted((p.kind, p.index, p.message[:6]) for p in report) == [("inserted", 1, "A user"),
                                                                        ("inserted", 1, "The th")]
    assert check_conversation(CALL_FIRST, "gemini", source="openai.chat") == []  # written anew: mended


def test_a_first_model_text_turn_is_left_as_it_is() -> None:
    report: List[Problem] = []
    out = encode_conversation(TEXT_FIRST, "gemini", source="openai.chat", report=report)
    assert out["contents"][0]["role"] == "model" and report == []


def test_a_gemini_history_as_it_came_starting_with_a_call_turn_is_flagged() -> None:
    history = {"contents": [{"role": "model", "parts": [{"functionCall": {"name": "f", "args": {}}}]},
                            {"role": "user", "parts": [{"functionResponse": {"name": "f", "response": {"r": 1}}}]}]}
    problems = check_conversation(history, "gemini")
    assert [(p.kind, p.index) for p in problems] == [("assistant-first", 0)]
    assert "function call turn comes immediately after a user turn" in problems[0].message
    assert encode_conversation(history, "gemini") == history  # as it came: the caller's call
