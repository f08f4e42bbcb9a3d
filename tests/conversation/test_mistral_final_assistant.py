"""A Mistral history that ends in an assistant message: written as a prefix.

Mistral takes a final assistant message only as a prefix the reply continues: its
``AssistantMessage.prefix`` ("Set this to `true` when adding an assistant message as
prefix to condition the model response", https://docs.mistral.ai/api/#tag/chat; the
prefix guide's request ends ``{"role": "assistant", "content": prefix, "prefix": True}``,
https://docs.mistral.ai/guides/prefix/). Without it mistral-common 1.13.1
``_validate_last_message`` (serving mode) answers "Expected last role User or Tool (or
Assistant with prefix) for serving but got assistant", as the hosted API does
(0xPlaygrounds/rig#708); ``prefix`` on a message that is not the last one: "Assistant
message with prefix True must be last message". Written fresh, the final assistant message
gets ``"prefix": true``, noted (``converted``); written back as it came without it,
``check_conversation`` flags it (``assistant-last``).
"""

from __future__ import annotations

from typing import Any, List

import pytest

from mistral_validator import mistral_validate
from toolwire.conversation import (
    Conversation,
    Message,
    Problem,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
)

_CALL = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
CHAT = [{"role": "user", "content": "q"},
        {"role": "assistant", "content": None, "tool_calls": [_CALL]},
        {"role": "tool", "tool_call_id": "call_1", "content": "r"},
        {"role": "assistant", "content": "The answer is"}]
REFUSAL = "Expected last role User or Tool (or Assistant with prefix) for serving but got assistant"


def _note(i: int) -> str:
    return (f"Assistant message {i}, the last one, is written with 'prefix': true (the reply continues it): mistral "
            f"takes a final assistant message only as a prefix (\"{REFUSAL}\")")




def test_a_final_assistant_message_written_fresh_is_a_prefix() -> None:
    conv = decode_conversation(CHAT, "openai.chat")
    report: List[Problem] = []
    out = encode_conversation(conv, "mistral", report=report)["messages"]
    assert out[-1] == {"role": "assistant", "content": "The answer is", "prefix": True}
    assert [p for p in report if p.kind == "converted"] == [Problem("converted", 3, None, _note(3))]
    assert all("prefix" not in m for m in out[:-1])
    assert check_conversation(conv, "mistral") == []  # the writer mends it
    mistral_validate(out)
    # other targets: no prefix flag (Anthropic and Bedrock take a final assistant message as a prefill)
    for target in ("openai.chat", "cohere.v2", "ollama"):
        assert "prefix" not in encode_conversation(conv, target)["messages"][-1]


def test_a_prefix_decoded_from_mistral_is_kept() -> None:
    out = encode_conversation(decode_conversation(CHAT, "openai.chat"), "mistral")
    back = decode_conversation(out, "mistral")
    assert check_conversation(back, "mistral") == []
    report: List[Problem] = []
    assert encode_conversation(back, "mistral", report=report) == out and report == []
    # a Mistral request with a prefix, read and written back
    wire = {"model": "mistral-large-latest", "messages": [
        {"role": "user", "content": "Write a haiku."}, {"role": "assistant", "content": "Autumn", "prefix": True}]}
    conv = decode_conversation(wire)
    assert check_conversation(conv) == []
    assert encode_conversation(conv, "mistral") == {"messages": wire["messages"]}
    # written fresh, it is a prefix again
    fresh = Conversation([m.replace(wire=None) for m in conv.messages])
    assert encode_conversation(fresh, "mistral")["messages"][-1] == {"role": "assistant", "content": "Autumn",
                                                                     "prefix": True}


def test_a_system_message_moved_up_leaves_the_assistant_message_last_a_prefix() -> None:
    conv = Conversation([Message("user", [Text("hi")]), Message("assistant", [Text("hello")]),
                         Message("system", [Text("French now")])])
    report: List[Problem] = []
    out = encode_conversation(conv, "mistral", report=report)["messages"]
    assert out == [{"role": "system", "content": "French now"}, {"role": "user", "content": "hi"},
                   {"role": "assistant", "content": "hello", "prefix": True}]
    assert [(p.kind, p.index) for p in report] == [("moved", 2), ("converted", 1)]
    assert check_conversation(conv, "mistral") == []
    mistral_validate(out)


def test_a_final_assistant_message_with_calls_is_no_prefix() -> None:
    """Its calls want results: ``missing-result``, not a prefix."""
    conv = decode_conversation(CHAT[:2], "openai.chat")
    report: List[Problem] = []
    out = encode_conversation(conv, "mistral", report=report)["messages"]
    assert "prefix" not in out[-1] and report == []
    assert [p.kind for p in check_conversation(conv, "mistral")] == ["missing-result"]


@pytest.mark.parametrize("tail", [[], [{"role": "system", "content": "French now"}]])
def test_check_flags_a_mistral_history_written_back_that_ends_with_the_assistant(tail: List[Any]) -> None:
    wire = {"model": "mistral-large-latest", "messages": [
        {"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]}
    assert check_conversation(wire) == [Problem(
        "assistant-last", 1, None, f"Message 1: the history ends with an assistant message; mistral answers: {REFUSAL}")]
    assert encode_conversation(wire, "mistral") == {"messages": wire["messages"]}  # as it came: the caller's call
    # a system message written fresh after it moves up: the assistant message is still the last one, and
    # written message by message (the history extended) it is a prefix (a copy of it: the caller's stays)
    conv = decode_conversation(wire).append(*[Message("system", [Text(m["content"])]) for m in tail])
    if tail:
        assert check_conversation(conv, "mistral") == []
        out = encode_conversation(conv, "mistral")["messages"]
        assert out[-1] == {"role": "assistant", "content": "hello", "prefix": True} and "prefix" not in wire[
            "messages"][1]
        mistral_validate(out)
    # Chat takes it
    assert check_conversation(wire["messages"], "openai.chat", source="openai.chat") == []
