"""Bedrock Converse: tool results and other content in one user turn are refused by some
models ("Conversation blocks and tool result blocks cannot be provided in the same
turn.", strands-agents/harness-sdk#1223 with Llama 4 Maverick; BerriAI/litellm#6053;
Amazon Nova takes it). The wire stays as it is (the models that take it lose nothing);
the turn is noted in ``report`` (``mixed-turn``) so that the caller knows."""

from __future__ import annotations

from typing import Any, List

from toolwire import ToolCall, ToolResult
from toolwire.conversation import Conversation, Message, Problem, encode_conversation
from toolwire.conversation._values import Text

_NOTE = ("Message {i}: the user turn written for bedrock.converse holds tool results and other content, which some "
         "models refuse (\"Conversation blocks and tool result blocks cannot be provided in the same turn.\"; Amazon "
         "Nova takes it): it is sent as it is")


def _history(*tail: Message) -> Conversation:
    return Conversation([Message("user", [Text("q")]), Message("assistant", [ToolCall("f", {}, "a")]), *tail])


def test_results_then_a_user_message_merge_and_are_noted() -> None:
    report: List[Any] = []
    out = encode_conversation(_history(Message("tool", [ToolResult("a", None, "A")]),
                                       Message("user", [Text("and now?")])), "bedrock.converse", report=report)
    assert out["messages"][-1] == {"role": "user", "content": [
        {"toolResult": {"toolUseId": "a", "content": [{"text": "A"}]}}, {"text": "and now?"}]}
    assert report == [Problem("mixed-turn", 3, None, _NOTE.format(i=3))]


def test_results_and_text_in_one_message_are_noted() -> None:
    report: List[Any] = []
    encode_conversation(_history(Message("user", [ToolResult("a", None, "A"), Text("and now?")])),
                        "bedrock.converse", report=report)
    assert report == [Problem("mixed-turn", 2, None, _NOTE.format(i=2))]


def test_results_alone_are_not_noted() -> None:
    report: List[Any] = []
    encode_conversation(_history(Message("tool", [ToolResult("a", None, "A")])), "bedrock.converse", report=report)
    assert report == []
    encode_conversation(_history(Message("tool", [ToolResult("a", None, "A")]), Message("user", [Text("next")])),
                        "anthropic.messages", report=report)
    assert report == []  # Anthropic takes text after the results ("tool_result blocks first")
