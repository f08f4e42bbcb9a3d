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


def test_a_body_written_back_whole_as_it_came_is_noted_too() -> None:
    # decode_conversation then encode_conversation to the same dialect returns the body
    # as it came; the turn is the same wire, noted at the same message
    from toolwire.conversation import decode_conversation

    body = {"system": [{"text": "be brief"}], "messages": [
        {"role": "user", "content": [{"text": "q"}]},
        {"role": "assistant", "content": [{"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}]},
        {"role": "user", "content": [{"toolResult": {"toolUseId": "t1", "content": [{"text": "ok"}]}},
                                     {"text": "and now?"}]}]}
    report: List[Any] = []
    conv = decode_conversation(body, "bedrock.converse")
    assert encode_conversation(conv, "bedrock.converse", report=report) == body
    assert report == [Problem("mixed-turn", 3, None, _NOTE.format(i=3))]  # the system message is message 0
    fresh: List[Any] = []
    encode_conversation(Conversation([Message(m.role, m.parts) for m in conv.messages]), "bedrock.converse",
                        report=fresh)
    assert fresh == report


def test_turns_merged_around_a_dropped_empty_message_are_noted() -> None:
    from toolwire.conversation import decode_conversation

    h = {"messages": [{"role": "user", "content": [{"text": "a"}]},
                      {"role": "assistant", "content": [{"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}]},
                      {"role": "user", "content": [{"toolResult": {"toolUseId": "t1", "content": [{"text": "r"}]}}]},
                      {"role": "assistant", "content": []},
                      {"role": "user", "content": [{"text": "b"}]}]}
    report: List[Any] = []
    out = encode_conversation(decode_conversation(h, "bedrock.converse"), "bedrock.converse", report=report)
    assert out["messages"][-1] == {"role": "user", "content": [
        {"toolResult": {"toolUseId": "t1", "content": [{"text": "r"}]}}, {"text": "b"}]}
    assert [(p.kind, p.index) for p in report] == [("rewritten", 3), ("dropped", 3), ("mixed-turn", 4)]
    assert report[2].message == _NOTE.format(i=4)
