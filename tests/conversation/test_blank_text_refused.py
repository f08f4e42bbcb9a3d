"""Anthropic and Bedrock refuse whitespace-only text, in the system prompt too.

Anthropic answers 400 "messages: text content blocks must contain non-whitespace text"
(anthropics/claude-code#23440; nick1udwig/kibitz#78: a reply of two newlines sent back),
and "system: text content blocks must contain non-whitespace text" for ``"system": "  "``
(experientiallabs/experiential#804, a measured table); Bedrock Converse rejects
whitespace-only blocks the same way (NousResearch/hermes-agent#41985). A blank system
text is left out and noted (``dropped``), as blank user and assistant text is;
``encode_message`` (no report) leaves whitespace-only content out, as ``encode_result``
leaves out blank parts."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire import EncodeError, ToolCall, encode_message
from toolwire.conversation import Problem, decode_conversation, encode_conversation

CHAT: Dict[str, Any] = {"messages": [
    {"role": "system", "content": "\n"},
    {"role": "user", "content": "What is 2+2?"},
    {"role": "system", "content": "  "},
    {"role": "assistant", "content": "4"},
    {"role": "user", "content": "thanks"},
]}


@pytest.mark.parametrize("target", ["anthropic.messages", "bedrock.converse"])
def test_a_history_of_blank_system_text_only_sends_no_system(target: str) -> None:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(CHAT, "openai.chat"), target, report=report)
    assert "system" not in out
    # message 2 is not moved into a system field that is not written
    assert [(p.kind, p.index) for p in report] == [("dropped", 0), ("dropped", 2)]
    assert report[0].message == (f"A whitespace-only text in message 0 is left out: {target} refuses blank text")


def test_a_blank_system_message_beside_a_real_one_is_left_out() -> None:
    body = {"messages": [{"role": "system", "content": "Be brief."}, *CHAT["messages"]]}
    conv = decode_conversation(body, "openai.chat")
    report: List[Problem] = []
    assert encode_conversation(conv, "bedrock.converse", report=report)["system"] == [{"text": "Be brief."}]
    assert [p.kind for p in report] == ["moved", "dropped", "dropped"]
    assert encode_conversation(conv, "anthropic.messages")["system"] == "Be brief."


def test_gemini_takes_blank_system_text_as_it_is() -> None:
    # no rule of Gemini's is known: the text goes as it is
    out = encode_conversation(decode_conversation(CHAT, "openai.chat"), "gemini")
    assert out["systemInstruction"] == {"parts": [{"text": "\n"}, {"text": "  "}]}


CALL = ToolCall("get_weather", {"city": "Paris"}, "toolu_01A09q90qw90lq917835lq9")


@pytest.mark.parametrize("content", ["\n\n", " ", ""])
def test_encode_message_leaves_out_whitespace_only_content(content: str) -> None:
    # with no call beside it the turn would be empty, which both APIs refuse (fuzzkit FK-6)
    for dialect in ("anthropic.messages", "bedrock.converse"):
        with pytest.raises(EncodeError, match="needs a content block"):
            encode_message([], dialect, content=content)
    anth = encode_message([CALL], "anthropic.messages", content=content)["content"]
    assert [b["type"] for b in anth] == ["tool_use"]
    bedrock = encode_message([CALL], "bedrock.converse", content=content)["content"]
    assert [list(b) for b in bedrock] == [["toolUse"]]


def test_encode_message_keeps_text_around_blank_lines() -> None:
    assert encode_message([], "anthropic.messages", content="\nSure.\n")["content"] == [
        {"type": "text", "text": "\nSure.\n"}]
    assert encode_message([], "bedrock.converse", content=" ok")["content"] == [{"text": " ok"}]
