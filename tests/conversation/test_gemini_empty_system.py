"""An empty system message written for Gemini: no ``systemInstruction``, noted.

Gemini refuses a ``Content`` with no parts ("contents.parts must not be empty", 400
INVALID_ARGUMENT: vercel/ai#3775, langchain-ai/langchain-google#691), and a system
instruction is a ``Content`` (https://ai.google.dev/api/generate-content, request body:
``systemInstruction``: "Developer set system instruction(s). Currently, text only.").
``{"systemInstruction": {"parts": []}}`` is no instruction at all: it is left out, as
Anthropic and Bedrock write no system field for it, and noted (``dropped``), as an
empty turn left out of ``contents`` is (Anthropic and Bedrock note it so too).
"""

from __future__ import annotations

from typing import Any, List

import pytest

from toolwire.conversation import Conversation, Message, Problem, Text, decode_conversation, encode_conversation

USER = {"role": "user", "content": "q"}
NOTE = "System message 0 holds nothing gemini can take: no systemInstruction is written (an empty one has no parts)"


@pytest.mark.parametrize("system", [
    [{"role": "system", "content": ""}],
    [{"role": "system", "content": []}],
    [{"role": "system", "content": ""}, {"role": "system", "content": []}],
])
def test_an_empty_system_message_writes_no_system_instruction(system: List[Any]) -> None:
    conv = decode_conversation({"messages": [*system, USER]}, "openai.chat")
    report: List[Problem] = []
    out = encode_conversation(conv, "gemini", report=report)
    assert out == {"contents": [{"role": "user", "parts": [{"text": "q"}]}]}
    assert report == [Problem("dropped", i, None, NOTE.replace("0", str(i))) for i in range(len(system))]
    # as Anthropic and Bedrock write no system field
    for target in ("anthropic.messages", "bedrock.converse"):
        assert "system" not in encode_conversation(conv, target)


def test_a_late_empty_system_message_is_noted_dropped_not_moved() -> None:
    """It goes nowhere: no ``moved`` into a system field that is not written."""
    conv = decode_conversation([USER, {"role": "assistant", "content": "a"}, {"role": "system", "content": ""},
                                {"role": "user", "content": "b"}], "openai.chat")
    report: List[Problem] = []
    out = encode_conversation(conv, "gemini", report=report)
    assert "systemInstruction" not in out
    assert report == [Problem("dropped", 2, None, NOTE.replace("0", "2"))]


def test_a_system_message_with_text_is_still_written() -> None:
    conv = Conversation([Message("system", []), Message("system", [Text("Be brief.")]), Message("user", [Text("q")])])
    report: List[Problem] = []
    out = encode_conversation(conv, "gemini", report=report)
    assert out["systemInstruction"] == {"parts": [{"text": "Be brief."}]} and report == []


def test_a_gemini_history_written_back_as_it_came_is_left_as_it_is() -> None:
    wire = {"systemInstruction": {"parts": []}, "contents": [{"role": "user", "parts": [{"text": "q"}]}]}
    assert encode_conversation(decode_conversation(wire, "gemini"), "gemini") == wire


@pytest.mark.parametrize("target", ["anthropic.messages", "bedrock.converse"])
@pytest.mark.parametrize("late", [False, True])
def test_anthropic_and_bedrock_write_no_system_field_for_it_noted_dropped(target: str, late: bool) -> None:
    """No ``system`` field: the empty system message is dropped, not moved into one."""
    empty = {"role": "system", "content": ""}
    history = [USER, {"role": "assistant", "content": "a"}, empty, {"role": "user", "content": "b"}] if late else [
        empty, USER]
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(history, "openai.chat"), target, report=report)
    assert "system" not in out
    i = 2 if late else 0
    assert report == [Problem("dropped", i, None, f"System message {i} holds nothing {target} can take: no system "
                                                  "field is written")]


@pytest.mark.parametrize("target", ["anthropic.messages", "bedrock.converse"])
def test_a_late_blank_system_message_is_not_moved(target: str) -> None:
    """Its blank text is left out (noted there): nothing is moved into a system field."""
    history = [USER, {"role": "system", "content": " "}, {"role": "user", "content": "b"}]
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(history, "openai.chat"), target, report=report)
    assert "system" not in out
    assert [(p.kind, p.index) for p in report] == [("dropped", 1)]
    assert report[0].message.startswith("A whitespace-only text in message 1 is left out")
