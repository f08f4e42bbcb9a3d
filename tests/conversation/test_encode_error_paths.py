"""Where ``encode_conversation`` says a part cannot be written, and which message a
note or an error names.

An ``EncodeError`` carries the path of the part in the conversation
(``$.messages[i].parts[j]``, as the orphan-result error of docs/conversations.md
does); a tool result the target cannot hold names its message and its call id. The
Chat-shaped targets write consecutive assistant messages as one wire message
(docs/conversations.md, "Turns"); a note or an error about a part still names the
message that holds it (``Problem.index``: "the index of the message it concerns"), as the
alternating targets do, and the calls of the merged message are placed in it
(Ollama's ``function.index`` counts them from 0)."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire import EncodeError
from toolwire.conversation import Problem, encode_conversation

B64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
A = "anthropic.messages"

RESULT_IMAGE: Dict[str, Any] = {"messages": [
    {"role": "user", "content": "q"},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": B64}}]}]},
]}


@pytest.mark.parametrize(("target", "why"), [
    ("openai.chat", "An openai.chat tool result holds only text; got an 'image' part"),
    ("cohere.v2", "A cohere.v2 tool result holds text and documents; got an 'image' part"),
])
def test_a_result_that_cannot_be_written_names_its_place(target: str, why: str) -> None:
    with pytest.raises(EncodeError) as info:
        encode_conversation(RESULT_IMAGE, target, source=A)
    assert (info.value.message, info.value.loc, info.value.dialect) == (
        f"Message 2: the result for toolu_1 ('f') cannot be written: {why}", "$.messages[2].parts[0]", target)


def test_an_other_part_names_its_place() -> None:
    h = {"messages": [{"role": "user", "content": [
        {"type": "text", "text": "sum"},
        {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0x"}}]}]}
    with pytest.raises(EncodeError) as info:
        encode_conversation(h, "gemini", source=A)
    assert (info.value.message, info.value.loc) == (
        "Message 0 holds a 'document' part of anthropic.messages, which gemini has no documented equivalent for",
        "$.messages[0].parts[1]")


def test_an_image_names_its_place() -> None:
    h = {"messages": [{"role": "user", "content": [{"type": "image", "source": {"type": "url", "url": "https://x.test/a.png"}}]}]}
    with pytest.raises(EncodeError) as info:
        encode_conversation(h, "bedrock.converse", source=A)
    assert info.value.loc == "$.messages[0].parts[0]"


MERGED_ERROR: Dict[str, Any] = {"input": [
    {"role": "user", "content": "q"},
    {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
    {"type": "function_call", "call_id": "c2", "name": "g", "arguments": "{}"},
    {"type": "local_shell_call", "id": "ls_1", "call_id": "c3", "status": "completed",
     "action": {"type": "exec", "command": ["ls"], "env": {}}},
]}


@pytest.mark.parametrize("target", ["openai.chat", "mistral", "cohere.v2", "ollama", A])
def test_an_error_in_a_merged_run_names_the_message_of_the_part(target: str) -> None:
    with pytest.raises(EncodeError) as info:
        encode_conversation(MERGED_ERROR, target, source="openai.responses")
    assert (info.value.message, info.value.loc) == (
        f"Message 3 holds a 'local_shell_call' part of openai.responses, which {target} has no documented "
        "equivalent for", "$.messages[3].parts[0]")


MERGED_NOTE: Dict[str, Any] = {"input": [
    {"role": "user", "content": "q"},
    {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "ENC"},
    {"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {"type": "search", "query": "x"}},
    {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "found", "annotations": []}]},
    {"role": "user", "content": "next"},
]}


@pytest.mark.parametrize("target", ["openai.chat", "mistral", "cohere.v2", "ollama", A, "gemini", "bedrock.converse"])
def test_a_note_in_a_merged_run_names_the_message_of_the_part(target: str) -> None:
    report: List[Problem] = []
    encode_conversation(MERGED_NOTE, target, source="openai.responses", report=report)
    assert [(p.kind, p.index, p.message) for p in report] == [
        ("reasoning-dropped", 1, f"Reasoning of openai.responses in message 1 is not sent to {target}"),
        ("dropped", 2, f"A 'web_search_call' item of openai.responses in message 2 is not sent to {target}"),
    ]


def test_ollama_places_the_calls_of_a_merged_run_in_one_message() -> None:
    h = {"input": [
        {"role": "user", "content": "q"},
        {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
        {"type": "function_call", "call_id": "c2", "name": "g", "arguments": "{}"},
    ]}
    out = encode_conversation(h, "ollama", source="openai.responses")
    assert [c["function"]["index"] for c in out["messages"][1]["tool_calls"]] == [0, 1]
