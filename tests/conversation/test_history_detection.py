"""Which dialect a history is, no dialect named: the evidence ``toolwire.detect`` uses.

Mistral, Cohere v2 and Ollama share the Chat shape; a history is theirs when their
``Dialect.detect`` claims the request body, one of its messages or one of their calls
(``chat_like``'s *evidence*), else it is ``openai.chat``. They were all read as Chat:
an Ollama image was lost, a Mistral ``document_url`` or a Cohere ``document`` refused.
A Magistral ``thinking`` chunk (mistralai ``ThinkChunk``: its ``thinking`` a list of
chunks) was taken for an Anthropic ``thinking`` block (a string and a ``signature``).
"""

from __future__ import annotations

from typing import Any, List

import pytest

import toolwire
from toolwire import ToolCall
from toolwire.conversation import Media, Problem, Reasoning, Text, decode_conversation, encode_conversation

# https://github.com/ollama/ollama/blob/main/docs/api.md#chat-request-with-images and
# #chat-request-with-tools: ``images`` (base64) on a message, ``options``, ``tool_name`` on a
# tool message, ``index`` inside ``function`` and object ``arguments`` on a call
PNG = "iVBORw0KGgoAAAANSUhEUg=="
OLLAMA_BODY = {"model": "llava", "options": {"temperature": 0}, "messages": [
    {"role": "user", "content": "what is in this image?", "images": [PNG]},
    {"role": "assistant", "content": "", "tool_calls": [
        {"id": "call_k3x9a0ze", "function": {"index": 0, "name": "describe", "arguments": {"x": 1}}}]},
    {"role": "tool", "tool_name": "describe", "tool_call_id": "call_k3x9a0ze", "content": "a cat"},
]}
# what ollama-python's ``Message`` dumps: no id on the call, no ``index``, no ``tool_call_id``
OLLAMA_SDK = [
    {"role": "user", "content": "weather in Paris?"},
    {"role": "assistant", "content": "", "tool_calls": [{"function": {"name": "get_weather",
                                                                      "arguments": {"city": "Paris"}}}]},
    {"role": "tool", "content": "22", "tool_name": "get_weather"},
]
# https://docs.mistral.ai/capabilities/reasoning: mistralai ``ThinkChunk`` ({"type": "thinking",
# "thinking": [TextChunk...]}) in a Magistral assistant message; ``document_url`` chunks
THINK = {"type": "thinking", "thinking": [{"type": "text", "text": "easy"}]}
MAGISTRAL = {"model": "magistral-medium-latest", "messages": [
    {"role": "user", "content": "2+2?"},
    {"role": "assistant", "content": [THINK, {"type": "text", "text": "calling"}], "tool_calls": [
        {"id": "D681PevKs", "type": "function", "index": 0,
         "function": {"name": "add", "arguments": "{\"a\":2,\"b\":2}"}}]},
]}
MISTRAL_DOC = {"model": "mistral-medium-latest", "messages": [
    {"role": "user", "content": [{"type": "text", "text": "Summarise"},
                                 {"type": "document_url", "document_url": "https://example.com/a.pdf"}]},
]}
# https://docs.cohere.com/reference/chat: a Command model, a ``document`` tool result part
COHERE_BODY = {"model": "command-a-03-2025", "messages": [
    {"role": "user", "content": "weather?"},
    {"role": "assistant", "tool_calls": [{"id": "get_weather_mvsbdckzn39c", "type": "function",
                                          "function": {"name": "get_weather", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "get_weather_mvsbdckzn39c",
     "content": [{"type": "document", "document": {"data": "{\"t\":22}"}}]},
]}


@pytest.mark.parametrize(("history", "dialect"), [
    (OLLAMA_BODY, "ollama"),
    (OLLAMA_BODY["messages"], "ollama"),  # the bare list: its messages and calls tell
    (OLLAMA_SDK, "ollama"),
    ({"model": "llama3.2", "keep_alive": "5m", "messages": [{"role": "user", "content": "hi"}]}, "ollama"),
    (MAGISTRAL, "mistral"),
    (MAGISTRAL["messages"], "mistral"),  # a ThinkChunk, a 9-alphanumeric id with ``index``
    (MISTRAL_DOC, "mistral"),
    (COHERE_BODY, "cohere.v2"),
    (COHERE_BODY["messages"], "cohere.v2"),  # the document part, the id '<name>_' + 12
    ({"messages": [{"role": "user", "content": "hi"}]}, "openai.chat"),  # no evidence: Chat
    ([{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}], "openai.chat"),
])
def test_a_history_is_of_the_dialect_its_evidence_names(history: Any, dialect: str) -> None:
    assert decode_conversation(history).dialect == dialect
    if type(history) is dict:
        assert toolwire.detect(history) == dialect  # the same evidence


def test_an_ollama_history_converts_with_its_image() -> None:
    conv = decode_conversation(OLLAMA_BODY)
    assert conv.messages[0].parts == (Text("what is in this image?"), Media("image", data=PNG, dialect="ollama"))
    report: List[Problem] = []
    out = encode_conversation(conv, "gemini", report=report)
    assert out["contents"][0] == {"role": "user", "parts": [
        {"text": "what is in this image?"}, {"inlineData": {"mimeType": "image/png", "data": PNG}}]}
    assert [p.kind for p in report] == ["inserted"]  # Gemini 3's dummy signature on Ollama's call
    chat = encode_conversation(conv, "openai.chat")
    assert chat["messages"][0] == {"role": "user", "content": [
        {"type": "text", "text": "what is in this image?"},
        {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}}]}
    assert chat["messages"][1]["tool_calls"] == [
        {"id": "call_k3x9a0ze", "type": "function", "function": {"name": "describe", "arguments": "{\"x\":1}"}}]


def test_an_ollama_sdk_history_reads_without_ids() -> None:
    conv = decode_conversation(OLLAMA_SDK)
    assert [c.name for c in conv.calls] == ["get_weather"] and [r.name for r in conv.results] == ["get_weather"]


def test_ollama_sdk_message_objects_are_an_ollama_history() -> None:
    ollama = pytest.importorskip("ollama")
    msgs = [
        ollama.Message(role="user", content="weather in Paris?"),
        ollama.Message(role="assistant", content="", tool_calls=[ollama.Message.ToolCall(
            function=ollama.Message.ToolCall.Function(name="get_weather", arguments={"city": "Paris"}))]),
        ollama.Message(role="tool", content="22", tool_name="get_weather"),
    ]
    conv = decode_conversation(msgs)
    assert conv.dialect == "ollama" and [c.args for c in conv.calls] == [{"city": "Paris"}]


def test_a_magistral_thinking_chunk_is_mistral_reasoning_not_anthropic() -> None:
    assert toolwire.detect(MAGISTRAL) == "mistral"
    assert toolwire.decode_all(MAGISTRAL) == [ToolCall("add", {"a": 2, "b": 2}, "D681PevKs")]
    conv = decode_conversation(MAGISTRAL)
    assert conv.messages[1].parts[0] == Reasoning("easy", "mistral", THINK)
    # its own reasoning goes back to Mistral; to Anthropic it is dropped and noted
    assert encode_conversation(conv, "mistral", ids=toolwire.IdMap(toolwire.get_dialect("mistral").ids))[
        "messages"][1]["content"][0] == THINK
    report: List[Problem] = []
    encode_conversation(conv, "anthropic.messages", report=report)
    assert [p.kind for p in report] == ["reasoning-dropped"]


def test_a_history_of_text_and_thinking_chunks_is_not_anthropic() -> None:
    history = [{"role": "user", "content": "2+2?"}, {"role": "assistant", "content": [THINK, {"type": "text",
                                                                                               "text": "4"}]}]
    h = toolwire.get_dialect("anthropic.messages").history
    assert h is not None and h.detect(history) is False
    assert decode_conversation(history).dialect == "mistral"
    # Anthropic's own: a string and its signature
    signed = {"type": "thinking", "thinking": "easy", "signature": "c2ln"}
    assert decode_conversation([history[0], {"role": "assistant", "content": [signed]}]).dialect == (
        "anthropic.messages")



# mistral-common's ``ThinkChunk`` (``protocol/instruct/chunk.py``: ``thinking: str``, ``closed: bool``) as
# its ``to_openai()`` writes it in an assistant message: no Anthropic or Cohere block has ``closed``
MC_THINK = {"type": "thinking", "thinking": "let me think", "closed": True}


def test_a_mistral_common_thinking_chunk_is_mistral_reasoning() -> None:
    msgs = [{"role": "user", "content": "hi"},
            {"role": "assistant", "content": [MC_THINK, {"type": "text", "text": "calling"}],
             "tool_calls": [{"id": "abcdefghi", "type": "function", "function": {"name": "f",
                                                                                 "arguments": "{\"a\": 1}"}}]},
            {"role": "tool", "tool_call_id": "abcdefghi", "content": "r1"}]
    conv = decode_conversation({"model": "m", "messages": msgs})
    assert conv.dialect == "mistral"
    assert [[type(p).__name__ for p in m.parts] for m in conv.messages] == [
        ["Text"], ["Reasoning", "Text", "ToolCall"], ["ToolResult"]]
    assert conv.messages[1].parts[0].text == "let me think"
    assert toolwire.detect(msgs[1]) == "mistral"
