"""What the Chat-shaped history writer says when it cannot write a part where it stands:
its own reasoning in a system message (an error naming the role and the message's
path), an assistant message holding only its own reasoning (left out, and the note says
why: https://platform.openai.com/docs/api-reference/chat/create, an assistant
message's ``content`` is "Required unless ``tool_calls`` or ``function_call`` is
specified"), and a message's participant ``name`` (Chat's "An optional name for the
participant"), which no other dialect has."""

from __future__ import annotations

from typing import Any, List

import pytest

import toolwire
from toolwire.conversation import (
    Conversation,
    Message,
    Problem,
    Reasoning,
    Text,
    decode_conversation,
    encode_conversation,
)

C = "openai.chat"


@pytest.mark.parametrize("role", ["system", "user"])
def test_own_reasoning_outside_an_assistant_message_names_its_role_and_path(role: str) -> None:
    conv = Conversation([Message(role, [Text("x"), Reasoning("r", C, {"reasoning_content": "r"})])])
    with pytest.raises(toolwire.EncodeError) as exc:
        encode_conversation(conv, C)
    assert (exc.value.message, exc.value.loc, exc.value.dialect) == (
        f"Message 0 is a {role} message holding reasoning", "$.messages[0].parts[1]", C)


@pytest.mark.parametrize(("dialect", "data"), [
    (C, {"reasoning_content": "r"}),  # DeepSeek's field beside the content
    ("ollama", {"thinking": "r"}),
])
def test_an_assistant_message_of_its_own_reasoning_only_is_left_out_with_a_true_note(
    dialect: str, data: Any
) -> None:
    conv = Conversation([Message("user", [Text("q")]), Message("assistant", [Reasoning("r", dialect, data)]),
                         Message("user", [Text("again?")])])
    report: List[Problem] = []
    out = encode_conversation(conv, dialect, report=report)
    assert [m["role"] for m in out["messages"]] == ["user", "user"]
    assert report == [Problem("dropped", 1, None, f"Assistant message 1 holds only reasoning and is left out: "
                                                  f"{dialect} takes reasoning beside an assistant's text or calls")]


def test_an_assistant_message_of_another_dialects_reasoning_only_is_noted_as_before() -> None:
    other = Reasoning("r", "anthropic.messages", {"type": "thinking", "thinking": "r", "signature": "s"})
    report: List[Problem] = []
    encode_conversation(Conversation([Message("user", [Text("q")]), Message("assistant", [other])]), C,
                        report=report)
    assert [(p.kind, p.message) for p in report] == [
        ("reasoning-dropped", "Reasoning of anthropic.messages in message 1 is not sent to openai.chat"),
        ("dropped", "Assistant message 1 holds nothing openai.chat can take and is left out")]


VOTES = {"messages": [{"role": "user", "content": "I vote yes", "name": "alice"},
                      {"role": "user", "content": "I vote no", "name": "bob"}]}


@pytest.mark.parametrize("target", ["anthropic.messages", "gemini", "bedrock.converse", "openai.responses",
                                    "mistral"])
def test_a_participant_name_converted_is_noted(target: str) -> None:
    report: List[Problem] = []
    encode_conversation(VOTES, target, report=report)
    assert [(p.kind, p.index, p.message) for p in report] == [
        ("dropped", 0, f"The participant name 'alice' of message 0 is not sent to {target}"),
        ("dropped", 1, f"The participant name 'bob' of message 1 is not sent to {target}"),
    ]


def test_a_participant_name_stays_with_chat_and_is_noted_when_written_fresh() -> None:
    report: List[Problem] = []
    conv = decode_conversation(VOTES)
    assert encode_conversation(conv, C, ids=toolwire.IdMap(toolwire.get_dialect(C).ids), report=report) == VOTES
    assert report == []
    changed = Conversation([conv.messages[0], conv.messages[1].replace(parts=(Text("I abstain"),))])
    assert encode_conversation(changed, C, report=report)["messages"][1] == {"role": "user", "content": "I abstain"}
    assert [p.message for p in report] == ["The participant name 'bob' of message 1 is not sent to openai.chat"]
    # a legacy ``role: "function"`` message's name is its tool's, kept on the result
    legacy = {"messages": [{"role": "assistant", "content": None, "function_call": {"name": "f", "arguments": "{}"}},
                           {"role": "function", "name": "f", "content": "ok"}]}
    report.clear()
    encode_conversation(legacy, "anthropic.messages", report=report)
    assert report == []


# Mistral: ``AssistantMessage.prefix`` ("Set this to true when adding an assistant message
# as prefix to condition the model response", https://docs.mistral.ai/api/#tag/chat)
PREFIXED = {"model": "mistral-large-latest", "messages": [
    {"role": "user", "content": "Write a poem", "name": "bob"},
    {"role": "assistant", "content": "Roses are", "prefix": True}]}
# Cohere v2: a tool message's ``document`` with its ``id``, and the ``citations`` of the
# assistant message that point at it (https://docs.cohere.com/reference/chat, ``Document``,
# ``Citation.sources``)
CITED = {"model": "command-a-03-2025", "messages": [
    {"role": "user", "content": "weather?"},
    {"role": "assistant", "tool_plan": "I will check", "tool_calls": [
        {"id": "weather_e8p4pn45zt0t", "type": "function",
         "function": {"name": "weather", "arguments": '{"city":"Paris"}'}}]},
    {"role": "tool", "tool_call_id": "weather_e8p4pn45zt0t",
     "content": [{"type": "document", "document": {"data": {"temp": 22}, "id": "doc_0"}}]},
    {"role": "assistant", "content": "It is 22C.", "citations": [
        {"start": 6, "end": 9, "text": "22C", "sources": [{"type": "tool", "id": "doc_0", "tool_output": {"temp": 22}}]}]},
]}


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "gemini"])
def test_a_mistral_prefix_and_name_converted_are_noted(target: str) -> None:
    report: List[Problem] = []
    conv = decode_conversation(PREFIXED)
    assert conv.dialect == "mistral"
    encode_conversation(conv, target, report=report)
    assert [(p.kind, p.index, p.message) for p in report] == [
        ("dropped", 0, f"The participant name 'bob' of message 0 is not sent to {target}"),
        ("dropped", 1, f"The prefix flag (the reply continues this assistant message) of message 1 is not sent to "
                       f"{target}"),
    ]


WHY = {"openai.chat": "its tool messages hold no JSON part", "mistral": "its tool messages hold no JSON part",
       "anthropic.messages": "its tool results hold no JSON block"}


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "mistral"])
def test_cohere_citations_and_document_ids_converted_are_noted(target: str) -> None:
    report: List[Problem] = []
    conv = decode_conversation(CITED)
    assert conv.dialect == "cohere.v2"
    encode_conversation(conv, target, report=report)
    assert [(p.kind, p.index, p.message) for p in report] == [
        ("dropped", 2, f"The document id 'doc_0' of message 2 is not sent to {target}"),
        ("dropped", 3, f"The list of citations (1) of message 3 is not sent to {target}"),
        # the document's data is a JSON part, which these targets take as text
        ("converted", 2, f"A JSON object in the result for weather_e8p4pn45zt0t ('weather') in message 2 is sent to "
                         f"{target} as text: {WHY[target]}"),
    ] + ([("converted", 3, "Assistant message 3, the last one, is written with 'prefix': true (the reply continues "
                           "it): mistral takes a final assistant message only as a prefix (\"Expected last role User "
                           "or Tool (or Assistant with prefix) for serving but got assistant\")")]
         if target == "mistral" else [])  # (test_mistral_final_assistant)
    report.clear()
    assert encode_conversation(conv, "cohere.v2", report=report) == {"messages": CITED["messages"]}
    assert report == []


# Anthropic's in-line system message holding only a ``tool_addition`` block (wire form of
# https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool, as in the
# corpus); every part of it is dropped for a Chat-shaped target
_TOOL_ADDITION = {"messages": [
    {"role": "user", "content": [{"type": "text", "text": "Refund order-123?"}]},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01A", "name": "load", "input": {}}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01A", "content": "ok"}]},
    {"role": "system", "content": [{"type": "tool_addition", "tool": {"type": "tool_reference", "name": "refund"}}]},
    {"role": "assistant", "content": [{"type": "text", "text": "Done."}]},
]}


@pytest.mark.parametrize("target", [C, "mistral", "cohere.v2", "ollama"])
def test_a_system_message_all_of_whose_parts_are_dropped_is_left_out_noted(target: str) -> None:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(_TOOL_ADDITION, "anthropic.messages"), target, report=report)
    assert [m for m in out["messages"] if m["role"] == "system"] == []
    assert [(p.kind, p.index, p.message) for p in report if p.index == 3] == [
        ("dropped", 3, f"A 'tool_addition' item of anthropic.messages in message 3 is not sent to {target}"),
        ("dropped", 3, f"System message 3 holds nothing {target} can take and is left out"),
    ]


def test_a_system_message_with_no_parts_is_still_written_empty() -> None:
    conv = Conversation([Message("system", []), Message("user", [Text("q")])])
    assert encode_conversation(conv, C)["messages"] == [{"role": "system", "content": ""},
                                                        {"role": "user", "content": "q"}]
