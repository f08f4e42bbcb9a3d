"""The ``history`` field of the ``Dialect`` record: every built-in chat dialect declares
one, each writes a history its own reader reads back (and its detection claims, where
its shape is its own), and a third-party dialect plugs in the same way."""

from __future__ import annotations

import dataclasses

import pytest

import toolwire
from history_types import TARGETS, check_fragment, content
from toolwire import Registry, ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
)
from toolwire.dialects.openai.chat_history import chat_like

CONV = Conversation([
    Message("system", [Text("Be brief.")]),
    Message("user", [Text("Weather in Paris and Rome?")]),
    Message("assistant", [Text("Checking both."), ToolCall("get_weather", {"city": "Paris"}, "call_a"),
                          ToolCall("get_weather", {"city": "Rome"}, "call_b")]),
    Message("tool", [ToolResult("call_a", "get_weather", "15 C"), ToolResult("call_b", "get_weather", "20 C")]),
    Message("assistant", [Text("15 C and 20 C.")]),
])
# the shapes Mistral and Ollama share with Chat carry no evidence of their own
DETECTED_AS = {"mistral": "openai.chat"}  # Ollama's shows its own fields (tool_name, images)


def test_which_dialects_read_histories() -> None:
    with_history = [d.name for d in toolwire.default_registry() if d.history is not None]
    assert sorted(with_history) == sorted(TARGETS)


@pytest.mark.parametrize("dialect", TARGETS)
def test_each_history_writer_is_read_back_by_its_reader(dialect: str) -> None:
    frag = encode_conversation(CONV, dialect)
    check_fragment(dialect, frag)
    back = decode_conversation(frag, dialect)
    assert content(back) == content(CONV)
    assert check_conversation(back) == []
    assert decode_conversation(frag).dialect == DETECTED_AS.get(dialect, dialect)
    assert set(frag) <= toolwire.get_dialect(dialect).history.keys  # type: ignore[union-attr]


def test_a_third_party_dialect_plugs_in() -> None:
    chat = toolwire.get_dialect("openai.chat")
    acme = dataclasses.replace(chat, name="acme.chat", aliases=(), history=chat_like("acme.chat"))
    reg: Registry = toolwire.default_registry().copy()
    reg.register(acme)
    frag = encode_conversation(CONV, "acme.chat", registry=reg)
    assert frag == encode_conversation(CONV, "openai.chat")
    conv = decode_conversation(frag, "acme.chat", registry=reg)
    assert conv.dialect == "acme.chat" and content(conv) == content(CONV)
    assert encode_conversation(conv, "acme.chat", registry=reg) == frag  # exact, through its own wire
    assert check_conversation(conv, "acme.chat", registry=reg) == []


def test_a_dialect_without_history_says_so() -> None:
    with pytest.raises(toolwire.EncodeError, match="No history reader or writer is known for mcp"):
        encode_conversation(CONV, "mcp")
    with pytest.raises(toolwire.DecodeError, match="No history reader is known for canonical"):
        decode_conversation({"messages": []}, "canonical")
