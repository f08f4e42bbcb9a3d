"""Fields of a Chat-shaped assistant message beside ``content`` and ``tool_calls``: the
legacy ``function_call`` (and its ``role: "function"`` result), ``refusal``, Ollama's
``thinking``, the ``thinking`` content blocks of Mistral and Cohere, and Mistral's
bridge after a tool message. Each is read, written back to its own dialect, and
either converted or noted for the others; nothing vanishes."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from history_types import check_fragment
from toolwire import ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Problem,
    Reasoning,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
)

# the legacy shape: https://platform.openai.com/docs/api-reference/chat/create (deprecated ``function_call``
# on the assistant message, answered by ``{"role": "function", "name", "content"}``); wire-formats.md §1a
LEGACY: Dict[str, Any] = {"messages": [
    {"role": "user", "content": "weather?"},
    {"role": "assistant", "content": None,
     "function_call": {"name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}},
    {"role": "function", "name": "get_weather", "content": "sunny"},
]}


def test_a_legacy_function_call_is_read_and_pairs_with_its_function_message() -> None:
    conv = decode_conversation(LEGACY)
    assert conv.messages[1].parts == (ToolCall("get_weather", {"city": "Paris"}),)
    assert conv.messages[2].parts == (ToolResult(None, "get_weather", "sunny"),)
    assert check_conversation(conv) == []
    assert encode_conversation(conv, "openai.chat") == LEGACY  # exact


@pytest.mark.parametrize("target", ["gemini", "anthropic.messages", "openai.responses", "mistral"])
def test_a_legacy_function_call_converts_with_its_result(target: str) -> None:
    report: List[Problem] = []
    frag = encode_conversation(decode_conversation(LEGACY), target, report=report)
    check_fragment(target, frag)
    assert [p.kind for p in report] == (["inserted"] if target == "gemini" else [])  # Gemini 3's dummy signature
    back = decode_conversation(frag, target)
    assert check_conversation(back) == []
    assert [c.name for c in back.calls] == ["get_weather"] and [r.content for r in back.results] == ["sunny"]


def test_a_legacy_call_written_fresh_to_chat_stays_a_legacy_call_with_its_function_message() -> None:
    # (openai-python ``FunctionCall.arguments: Required[str]``; a request declaring ``functions=``
    # is not shown to take ``tool_calls``: written fresh, the legacy pair keeps its shape)
    conv = decode_conversation(LEGACY).append(Message("user", [Text("Thanks")]))
    m = conv.messages
    fresh = Conversation((m[0], Message("assistant", m[1].parts), Message("tool", m[2].parts), m[3]))
    out = encode_conversation(fresh, "openai.chat")
    check_fragment("openai.chat", out)
    assert out["messages"][:3] == LEGACY["messages"]
    assert check_conversation(out, "openai.chat") == []


# ``refusal``: https://platform.openai.com/docs/api-reference/chat/object (``message.refusal``), sent back on the
# assistant message param (openai ``ChatCompletionAssistantMessageParam.refusal``)
REFUSAL: Dict[str, Any] = {"messages": [
    {"role": "user", "content": "How do I pick a lock?"},
    {"role": "assistant", "content": None, "refusal": "I'm sorry, I can't help with that."},
    {"role": "user", "content": "OK, the weather then?"},
]}


def test_a_chat_refusal_is_text_of_the_assistant_and_goes_everywhere() -> None:
    conv = decode_conversation(REFUSAL)
    assert conv.messages[1].parts == (Text("I'm sorry, I can't help with that."),)
    assert encode_conversation(conv, "openai.chat") == REFUSAL
    for target in ("anthropic.messages", "gemini", "bedrock.converse", "openai.responses"):
        frag = encode_conversation(conv, target)
        check_fragment(target, frag)
        assert decode_conversation(frag, target).messages[-2].text == "I'm sorry, I can't help with that."


def test_a_responses_refusal_part_is_text_of_the_assistant() -> None:
    # https://platform.openai.com/docs/api-reference/responses/object: output message content is
    # ``output_text`` or ``{"type": "refusal", "refusal"}``
    body = {"input": [{"role": "user", "content": "?"},
                      {"type": "message", "role": "assistant", "content": [{"type": "refusal", "refusal": "No."}]}]}
    conv = decode_conversation(body, "openai.responses")
    assert conv.messages[1].parts == (Text("No."),)
    assert encode_conversation(conv, "openai.chat")["messages"][1] == {"role": "assistant", "content": "No."}


# Ollama's ``thinking`` on a message: https://github.com/ollama/ollama/blob/main/docs/api.md (chat, ``think``)
OLLAMA: Dict[str, Any] = {"messages": [
    {"role": "user", "content": "2+2?"},
    {"role": "assistant", "content": "4", "thinking": "Two and two make four."},
]}


def test_ollama_thinking_is_reasoning_that_goes_back_to_ollama_only() -> None:
    import ollama

    conv = decode_conversation(OLLAMA, "ollama")
    assert conv.messages[1].parts == (Reasoning("Two and two make four.", "ollama", {"thinking": "Two and two make four."}),
                                      Text("4"))
    fresh = Conversation((conv.messages[0], Message("assistant", conv.messages[1].parts)))
    out = encode_conversation(fresh, "ollama")
    assert out == OLLAMA
    ollama.Message.model_validate(out["messages"][1])
    report: List[Problem] = []
    encode_conversation(conv, "openai.chat", report=report)
    assert [(p.kind, p.index) for p in report] == [("reasoning-dropped", 1)]


# mistralai ``AssistantMessage(content=[ThinkChunk(thinking=[TextChunk(text=...)]), ...])`` as dumped
MISTRAL: Dict[str, Any] = {"messages": [
    {"role": "user", "content": "2+2?"},
    {"role": "assistant",
     "content": [{"type": "thinking", "thinking": [{"type": "text", "text": "call calc"}]}],
     "tool_calls": [{"id": "abcDEF123", "type": "function", "function": {"name": "calc", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "abcDEF123", "name": "calc", "content": "4"},
]}
# cohere ``AssistantChatMessageV2(content=[ThinkingAssistantMessageResponseContentItem(thinking=...)])``
COHERE: Dict[str, Any] = {"messages": [
    {"role": "user", "content": "2+2?"},
    {"role": "assistant", "content": [{"type": "thinking", "thinking": "Two and two."},
                                      {"type": "text", "text": "4"}]},
]}


def _validate_sdk(dialect: str, message: Dict[str, Any]) -> None:
    if dialect == "mistral":
        try:
            from mistralai.client.models import AssistantMessage
        except ImportError:  # mistralai 1.x
            from mistralai.models import AssistantMessage  # type: ignore[no-redef]
        AssistantMessage.model_validate(message)
    else:
        from cohere import AssistantChatMessageV2

        AssistantChatMessageV2.model_validate(message)


@pytest.mark.parametrize(("dialect", "body", "text"), [("mistral", MISTRAL, "call calc"),
                                                       ("cohere.v2", COHERE, "Two and two.")])
def test_thinking_blocks_of_mistral_and_cohere_are_their_reasoning(dialect: str, body: Dict[str, Any],
                                                                    text: str) -> None:
    _validate_sdk(dialect, body["messages"][1])
    conv = decode_conversation(body, dialect)
    first = conv.messages[1].parts[0]
    assert first == Reasoning(text, dialect, body["messages"][1]["content"][0])
    assert encode_conversation(conv, dialect) == body
    fresh = Conversation((conv.messages[0], Message("assistant", conv.messages[1].parts), *conv.messages[2:]))
    out = encode_conversation(fresh, dialect)
    assert out["messages"][1]["content"][0] == body["messages"][1]["content"][0]
    _validate_sdk(dialect, out["messages"][1])
    report: List[Problem] = []
    encode_conversation(conv, "anthropic.messages", report=report)
    assert [(p.kind, p.index) for p in report] == [("reasoning-dropped", 1)]


def test_mistral_gets_a_system_message_after_a_tool_message_moved_up() -> None:
    # mistral-common's validator: after a tool message only an assistant or tool message, and
    # after an assistant message no system message: an assistant turn between them is no help
    conv = toolwire.decode_conversation({"messages": MISTRAL["messages"]}, "mistral").append(
        Message("system", [Text("Answer in French.")]))
    report: List[Problem] = []
    out = encode_conversation(conv, "mistral", report=report)
    assert [m["role"] for m in out["messages"]] == ["system", "user", "assistant", "tool"]
    assert out["messages"][0] == {"role": "system", "content": "Answer in French."}
    assert [(p.kind, p.index) for p in report] == [("moved", 3)]
