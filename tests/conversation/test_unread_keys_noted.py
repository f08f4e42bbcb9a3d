"""A key of a decoded Chat-shaped message that no part holds goes nowhere when the
message is written fresh or for another dialect: noted (``dropped``), naming the key,
once per message, as a participant ``name`` is (DESIGN: nothing silently dropped).
Portkey's gateway returns Claude's signed thinking in a non-strict ``content_blocks``
list on the Chat assistant message (hunt huntPortkey F3: its
``src/providers/anthropic/chatComplete.ts`` reads it back): written for Anthropic or
Bedrock it went without a word."""

from __future__ import annotations

import copy
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire.conversation import Message, Text

MSG = {"role": "assistant", "content": "Let me check your country.",
       "content_blocks": [{"type": "thinking", "thinking": "I need the user's country.", "signature": "EqEECkYICxgCKkAo"},
                          {"type": "text", "text": "Let me check your country."}],
       "tool_calls": [{"id": "toolu_01YGzqpRE16Vricda3Aqcejo", "type": "function",
                       "function": {"name": "get_user_country", "arguments": "{}"}}]}
HIST = [{"role": "user", "content": "largest city in my country?"}, MSG,
        {"role": "tool", "tool_call_id": "toolu_01YGzqpRE16Vricda3Aqcejo", "content": "France"}]


def _notes(hist: List[Dict[str, Any]], target: str, append: bool = False) -> List[Any]:
    conv = toolwire.decode_conversation(copy.deepcopy(hist))
    if append:
        conv = conv.append(Message("user", [Text("and then?")]))
    report: List[Any] = []
    toolwire.encode_conversation(conv, target, report=report)
    return [(p.kind, p.index, p.message) for p in report if p.kind == "dropped"]


@pytest.mark.parametrize("target", ["anthropic.messages", "bedrock.converse", "gemini", "mistral"])
def test_portkey_content_blocks_are_noted_for_another_dialect(target: str) -> None:
    assert _notes(HIST, target) == [
        ("dropped", 1, f"The key 'content_blocks' (no part holds it) of message 1 is not sent to {target}")]


def test_every_such_key_is_named_once_per_message() -> None:
    hist = [{"role": "user", "content": "hi", "foo": 1, "bar": {"x": 1}}, *HIST[1:]]
    assert _notes(hist, "anthropic.messages") == [
        ("dropped", 0, "Each of the keys 'foo', 'bar' (no part holds them) of message 0 is not sent to anthropic.messages"),
        ("dropped", 1, "The key 'content_blocks' (no part holds it) of message 1 is not sent to anthropic.messages")]


def test_empty_keys_hold_nothing_to_drop() -> None:
    """openai-python's dumped message: ``audio`` null, ``annotations`` empty."""
    msg = {k: v for k, v in MSG.items() if k != "content_blocks"}
    hist = [HIST[0], {**msg, "audio": None, "annotations": [], "function_call": None, "refusal": None}, HIST[2]]
    assert _notes(hist, "anthropic.messages") == []


def test_written_back_as_it_came_it_keeps_them() -> None:
    assert _notes(HIST, "openai.chat") == []
    out = toolwire.encode_conversation(toolwire.decode_conversation(copy.deepcopy(HIST)), "openai.chat")
    assert out["messages"][1]["content_blocks"] == MSG["content_blocks"]


def test_a_tool_message_s_key_is_noted_for_another_dialect_only() -> None:
    """Chat keeps a tool message's other keys with its result (written fresh to Chat too)."""
    hist = [*HIST[:2], {**HIST[2], "foo": 3}]
    assert ("dropped", 2, "The key 'foo' (no part holds it) of message 2 is not sent to anthropic.messages") in \
        _notes(hist, "anthropic.messages")
    conv = toolwire.decode_conversation(copy.deepcopy(hist))
    fresh = conv.replace(messages=(conv.messages[0], conv.messages[1], Message("tool", conv.messages[2].parts,
                                                                               wire=conv.messages[2].wire)))
    report: List[Any] = []
    toolwire.encode_conversation(fresh.append(Message("user", [Text("more")])), "openai.chat", report=report)
    assert not [p for p in report if p.index == 2 and p.kind == "dropped"]
